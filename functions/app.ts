/**
 * The HTTP API as one hono app: `createApp(deps)` → fetch(Request) → Response. Middleware, one error
 * handler (functions/http/errors.ts) and the route modules of functions/http/routes, one per resource.
 * The Lambda handler (lambda/api.ts) and the local server (local/server.ts) are thin adapters around it.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AnyGame } from '#shared/engine/game.js';
import { compressAnswers } from './http/compress.js';
import { ApiError, INTERNAL_MESSAGE, onError } from './http/errors.js';
import { gameNameIn, langOf } from './i18n.js';
import { API_BASE, MATCHES_BASE, on } from './http/api-route.js';
import { appApi, openApiDocument } from './http/openapi.js';
import { linksFor, type RouteContext } from './http/request.js';
import { sessionOf } from './http/session.js';
import { chatRoutes } from './http/routes/chat.js';
import { devOutboxRoutes } from './http/routes/dev-outbox.js';
import { inviteRoutes } from './http/routes/invites.js';
import { challengeRoutes } from './http/routes/challenges.js';
import { lobbyRoutes } from './http/routes/lobby.js';
import { matchRoutes } from './http/routes/matches.js';
import { moveRoutes } from './http/routes/moves.js';
import { notificationRoutes } from './http/routes/notifications.js';
import { ratingRoutes } from './http/routes/ratings.js';
import { safetyRoutes } from './http/routes/safety.js';
import { replayRoutes } from './http/routes/replay.js';
import { standInRoutes } from './http/routes/stand-in.js';
import { autoClaim, playerRoutes } from './http/routes/players.js';
import { friendRoutes } from './http/routes/friends.js';
import { vacationRoutes } from './http/routes/vacation.js';
import type { VacationStore } from './matches/vacation.js';
import { presenceFromRequests, profileRoutes, seatPresenceRoutes } from './http/routes/profiles.js';
import { timingRoutes } from './http/routes/timing.js';
import { undoRoutes } from './http/routes/undo.js';
import { webhookRoutes } from './http/routes/webhooks.js';
import { playerWebhookRoutes } from './http/routes/player-webhooks.js';
import type { ChallengeStore } from './matches/challenge-port.js';
import type { LobbyStore } from './matches/lobby-port.js';
import type { MatchStore } from './matches/port.js';
import { METRIC, type Observe } from './observe.js';
import { MatchService } from './matches/service.js';
import type { DevOutbox } from './notify/email.js';
import { NotificationSettings, type SettingsDeps } from './notify/settings.js';
import { WebhookSettings } from './notify/webhook-settings.js';
import type { WebhookSender } from './notify/webhook-send.js';
import type { WebhookStore } from './notify/webhooks.js';
import { PlayerData } from './players/data.js';
import type { SignInCap } from './players/model.js';
import type { PlayerStore, ProfileStore } from './players/port.js';
import type { FollowStore } from './players/follow-port.js';
import { Friends } from './players/friends.js';
import { PlayerProfiles } from './players/profiles.js';
import { Safety } from './players/safety.js';
import type { SafetyStore } from './players/safety-port.js';
import { PlayerSeats, signedInAddress } from './players/seats.js';
import { SignIn } from './players/signin.js';
import { PlayerStats } from './players/stats.js';
import { SeatVault } from './players/vault.js';
import type { RatingStore } from './ratings/port.js';
import { Ratings } from './ratings/service.js';
import { WaitingBoards } from './players/waiting.js';

export { INTERNAL_MESSAGE };

/** The notifications part of the API: a seat's settings, the pause of its deadlines, the links in mails. */
export interface NotificationsDeps extends Omit<SettingsDeps, 'pushAvailable'> {
  /** The VAPID public key, when web push is set up. */
  vapidPublicKey?: () => Promise<string>;
  /** The site's origin for links in mails; the request's own origin when not set. */
  publicUrl?: string;
  /** Local runs without SMTP: the page that shows what would have been mailed. */
  devOutbox?: DevOutbox;
  /** The caller's network address for the per-client cap (clientAddressOf: the socket, or Lambda's event). */
  clientAddress?: (c: Context) => string | null;
}

export interface AppDeps {
  store: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  clock?: () => number;
  /** Origin used in links (e.g. https://dutch.example); defaults to the request's own origin. */
  publicUrl?: string;
  /** Notification settings, pausing and the mail links (functions/notify); without, those routes are absent. */
  notifications?: NotificationsDeps;
  /** Signed-in players (functions/players); needs `notifications` (the mail, the seats' settings). */
  players?: PlayersDeps;
  /** Log lines and metrics (functions/observe.ts): Powertools on Lambda, the console line by default. */
  observe?: Observe;
  /** Chat-app webhooks (functions/notify/webhooks.ts): without a sender they are listed and removed, not added or tested. */
  webhooks?: { store: WebhookStore; sender?: WebhookSender };
  /** The ratings' store (functions/ratings): leaderboards and what a rated match changed. */
  ratings?: RatingStore;
  /** Open games and quick match (functions/matches/lobby.ts); needs `players` (only signed-in players use it). */
  lobby?: LobbyStore;
}

/** The player side: its store, the key that seals the seat tokens it keeps, and its mail caps. */
export interface PlayersDeps {
  store: PlayerStore;
  /** 32 bytes, kept outside the table (functions/players/vault.ts). */
  seatKey: Buffer;
  signInCaps?: Record<SignInCap, number>;
  /** Player names, presence and the players' pages; without, those routes are absent and seats keep typed names. */
  profiles?: ProfileStore;
  /** Block, report and the operator's decisions (functions/players/safety.ts); needs `profiles` (players are named). */
  safety?: SafetyStore;
  /** Whom players follow (functions/players/friends.ts); needs `profiles`. */
  follows?: FollowStore;
  /** Challenges by name (functions/matches/challenges.ts); needs `profiles` and `safety` (names, blocks). */
  challenges?: ChallengeStore;
  /** The vacation banks (functions/matches/vacation.ts): GET /api/me/vacation; without, that route is absent. */
  vacation?: VacationStore;
}

export const MAX_BODY_BYTES = 16 * 1024;
/** What an address under /api that no route answers gets, here and from the local server (in the request's language). */
export const notFound = (c: Context) => new ApiError(404, 'not-found', 'error.not-found').toBody(langOf(c.req));

export function createApp(deps: AppDeps): Hono {
  const clock = deps.clock ?? Date.now;
  // Signed-in players' waiting boards follow every commit (functions/players/waiting.ts).
  const boards =
    deps.players &&
    new WaitingBoards({ players: deps.players.store, matches: deps.store, clock, ...(deps.observe ? { log: deps.observe.log } : {}) });
  const service = new MatchService({
    store: deps.store,
    games: deps.games,
    clock,
    ...(boards ? { watch: boards } : {}),
    ...(deps.lobby ? { lobby: deps.lobby } : {}),
  });
  const ctx: RouteContext = { service, links: linksFor(deps.publicUrl) };
  const app = new Hono();

  // Outermost: answers of 1 KB or more gzipped for clients that accept it (./http/compress.ts).
  app.use('/api/*', compressAnswers());
  app.use('/api/*', async (c, next) => {
    await next();
    tellOutcome(deps.observe, c);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(new ApiError(413, 'too-large', { key: 'error.too-large', params: { bytes: MAX_BODY_BYTES } }).toBody(langOf(c.req)), 413),
    }),
  );
  app.onError((err, c) => onError(err, c, deps.observe?.log));
  app.notFound((c) => c.json(notFound(c), 404));

  app.route(API_BASE, ownRoutes(deps));

  const settings = deps.notifications && notificationSettings(deps, deps.notifications, service);
  mountPlayers(app, deps, ctx, boards);
  app.route(MATCHES_BASE, matchRoutes({ ...ctx, ...(settings ? { carryOver: (from, to) => settings.carryOver(from, to) } : {}) }));
  app.route(MATCHES_BASE, inviteRoutes(ctx));
  app.route(MATCHES_BASE, moveRoutes(ctx));
  app.route(MATCHES_BASE, standInRoutes(ctx));
  app.route(MATCHES_BASE, chatRoutes(ctx));
  app.route(MATCHES_BASE, replayRoutes(ctx));
  app.route(MATCHES_BASE, undoRoutes(ctx));
  if (deps.webhooks) {
    const webhooks = new WebhookSettings({ ...deps.webhooks, clock: deps.clock ?? Date.now });
    app.route(MATCHES_BASE, webhookRoutes({ ...ctx, webhooks, ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}) }));
  }
  if (deps.ratings) {
    const ratings = new Ratings({ store: deps.ratings, match: (id) => deps.store.get(id), clock: deps.clock ?? Date.now });
    app.route(API_BASE, ratingRoutes({ whoIs: (c) => ctx.whoIs?.(c) ?? Promise.resolve(null), ratings }));
  }

  const notify = deps.notifications;
  if (notify && settings) {
    const { vapidPublicKey, publicUrl, devOutbox, clientAddress } = notify;
    app.route(
      API_BASE,
      notificationRoutes({
        ...ctx,
        settings,
        ...(vapidPublicKey ? { vapidPublicKey } : {}),
        ...(publicUrl ? { publicUrl } : {}),
        ...(clientAddress ? { clientAddress } : {}),
      }),
    );
    app.route(MATCHES_BASE, timingRoutes({ ...ctx, summary: (id, seat) => settings.summary(id, seat) }));
    if (devOutbox) app.route('/dev/outbox', devOutboxRoutes(devOutbox));
  }
  return app;
}

/** What a refused request's `code` is when the error carries none: by its status. */
const CODE_OF_STATUS: Record<number, string> = { 404: 'not-found', 413: 'too-large', 500: 'internal', 503: 'database-unavailable' };

/**
 * Moves accepted and requests refused (by code) as metrics, and a line for each refusal, when the app was
 * given the ports (on Lambda; `npm start` and tests stay quiet). Told once the answer is made, so a refusal
 * from the error handler, the 404 handler or the body limit counts alike; a retried move with the same
 * Idempotency-Key counts again (it is answered again). The path holds ids only; tokens are in headers.
 */
function tellOutcome(observe: Observe | undefined, c: Context): void {
  if (!observe) return;
  const status = c.res.status;
  if (status < 300 && c.req.method === 'POST' && c.req.path.endsWith('/moves')) observe.metrics.count(METRIC.movesAccepted);
  if (status < 400) return;
  const own = (c.error as { code?: unknown } | undefined)?.code;
  const code = typeof own === 'string' ? own : (CODE_OF_STATUS[status] ?? `http-${status}`);
  observe.metrics.count(METRIC.refusals, 1, { code });
  observe.log({ level: status >= 500 ? 'error' : 'info', message: 'refused', status, code, method: c.req.method, path: c.req.path });
}

/** The routes the app answers itself: liveness, the games on offer, the OpenAPI document. */
function ownRoutes(deps: AppDeps): Hono {
  const api = new Hono();
  on(api, appApi.health, (c) => c.json({ ok: true }));
  // The games on offer, each named in the request's language.
  on(api, appApi.games, (c) => {
    const lang = langOf(c.req);
    const games = [...deps.games.values()].map((g) => ({
      id: g.id,
      name: gameNameIn(lang, g.id, g.name),
      minSeats: g.minSeats,
      maxSeats: g.maxSeats,
    }));
    c.header('Vary', 'Accept-Language');
    return c.json({ games });
  });
  // Made on the first request for it, not at a cold start (toJSONSchema over every route's schemas), then kept.
  let document: Awaited<ReturnType<typeof openApiDocument>> | undefined;
  on(api, appApi.document, async (c) => {
    document ??= await openApiDocument([...deps.games.values()]);
    return c.json(document);
  });
  return api;
}

/** A seat's notification settings, with the signed-in players' addresses when there are players. */
function notificationSettings(deps: AppDeps, notify: NotificationsDeps, service: MatchService): NotificationSettings {
  const { vapidPublicKey, publicUrl: _u, devOutbox: _o, clientAddress: _c, ...settingsDeps } = notify;
  return new NotificationSettings(
    {
      ...settingsDeps,
      pushAvailable: vapidPublicKey !== undefined,
      ...(deps.players ? { signedInAddress: signedInAddress(deps.players.store) } : {}),
    },
    service,
  );
}

/** The player routes, and the claim of seats taken while signed in (before the match routes it wraps). */
function mountPlayers(app: Hono, deps: AppDeps, ctx: RouteContext, boards: WaitingBoards | undefined): void {
  const notify = deps.notifications;
  if (!notify || !deps.players || !boards) return;
  const clock = deps.clock ?? Date.now;
  const players = deps.players.store;
  const signIn = new SignIn({
    players,
    notify: notify.store,
    clock,
    ...(notify.email ? { email: notify.email } : {}),
    ...(deps.players.signInCaps ? { caps: deps.players.signInCaps } : {}),
  });
  const seats = new PlayerSeats({
    players,
    matches: deps.store,
    notify: notify.store,
    games: deps.games,
    vault: new SeatVault(deps.players.seatKey),
    boards,
    clock,
  });
  const publicUrl = notify.publicUrl ?? deps.publicUrl;
  const profileStore = deps.players.profiles;
  const routeCtx = {
    signIn,
    seats,
    data: new PlayerData({ players, notify: notify.store, clock, ...(profileStore ? { profiles: profileStore } : {}) }),
    links: ctx.links,
    ...(publicUrl ? { publicUrl } : {}),
    ...(notify.clientAddress ? { clientAddress: notify.clientAddress } : {}),
  };
  // Rated matches seat signed-in players only: the match routes ask who is signing in (functions/ratings).
  ctx.whoIs = async (c) => (await sessionOf(c, signIn))?.player.id ?? null;
  app.use(MATCHES_BASE, autoClaim(routeCtx));
  app.use(`${MATCHES_BASE}/*`, autoClaim(routeCtx));
  app.route(API_BASE, playerRoutes(routeCtx));
  const safety = profileStore && deps.players.safety ? new Safety({ store: deps.players.safety, clock }) : undefined;
  if (deps.webhooks) {
    // A player's own webhooks: every notice of every seat they hold (the dispatcher asks who holds it).
    const webhooks = new WebhookSettings({ ...deps.webhooks, clock });
    app.route(API_BASE, playerWebhookRoutes({ webhooks, signIn, ...(publicUrl ? { publicUrl } : {}) }));
  }
  if (ctx.service.lobby) {
    app.route(
      API_BASE,
      lobbyRoutes({
        lobby: ctx.service.lobby,
        signIn,
        seats,
        links: ctx.links,
        clock,
        ...(publicUrl ? { publicUrl } : {}),
        ...(safety ? { safety } : {}),
      }),
    );
  }
  if (profileStore)
    mountProfiles(app, { deps, ctx, signIn, seats, profileStore, ...(publicUrl ? { publicUrl } : {}), ...(safety ? { safety } : {}) });
}

/** Block and report; the chat a signed-in reader blocked is left out of what they read. */
function mountSafety(
  app: Hono,
  m: { deps: AppDeps; ctx: RouteContext; signIn: SignIn; profiles: PlayerProfiles; safety: Safety; publicUrl?: string },
) {
  const { deps, ctx, signIn, safety } = m;
  const players = deps.players!.store;
  ctx.chatHiddenSeats = async (c, matchId) => {
    const who = await sessionOf(c, signIn).catch(() => null);
    const hidden = who ? await safety.hiddenFrom(who.player.id) : new Set<string>();
    if (hidden.size === 0) return new Set();
    const head = await ctx.service.head(matchId);
    const owners = await Promise.all(head.tokenHashes.map((_, seat) => players.seatOwner(matchId, seat)));
    return new Set(owners.flatMap((o, seat) => (o !== null && hidden.has(o) ? [seat] : [])));
  };
  app.route(
    API_BASE,
    safetyRoutes({
      safety,
      signIn,
      profiles: m.profiles,
      players,
      matches: deps.store,
      ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}),
    }),
  );
}

/** Names, presence and players' pages; a signed-in player's seats take their player name. */
function mountProfiles(
  app: Hono,
  m: {
    deps: AppDeps;
    ctx: RouteContext;
    signIn: SignIn;
    seats: PlayerSeats;
    profileStore: ProfileStore;
    publicUrl?: string;
    safety?: Safety;
  },
): void {
  const { deps, ctx, signIn, profileStore } = m;
  const clock = deps.clock ?? Date.now;
  const profiles = new PlayerProfiles({ profiles: profileStore, clock });
  const ratings = deps.ratings ? new Ratings({ store: deps.ratings, match: (id) => deps.store.get(id), clock }) : null;
  const stats = new PlayerStats({
    matches: deps.store,
    players: deps.players!.store,
    profiles: profileStore,
    clock,
    ...(ratings ? { ratingOf: (playerId: string, gameId: string) => ratings.ratingInGame(playerId, gameId) } : {}),
  });
  ctx.seatName = async (c) => {
    const who = await sessionOf(c, signIn).catch(() => null);
    return who ? ((await profiles.profile(who.player.id))?.name ?? null) : null;
  };
  app.use('/api/*', presenceFromRequests(profiles, signIn));
  const profileCtx = {
    signIn,
    profiles,
    stats,
    players: deps.players!.store,
    service: ctx.service,
    ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}),
    ...(m.safety ? { hidden: (ids: string[]) => hiddenOf(m.safety!, ids) } : {}),
  };
  if (m.safety) mountSafety(app, { deps, ctx, signIn, profiles, safety: m.safety, ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}) });
  if (m.safety && deps.players!.challenges) mountChallenges(app, { ...m, profiles, safety: m.safety, store: deps.players!.challenges });
  app.route(API_BASE, profileRoutes(profileCtx));
  app.route(MATCHES_BASE, seatPresenceRoutes(profileCtx));
  const follows = deps.players!.follows;
  if (follows) {
    const lobby = deps.lobby;
    const friends = new Friends({ follows, profiles: profileStore, clock, ...(lobby ? { lobby } : {}) });
    app.route(API_BASE, friendRoutes({ signIn, friends, ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}) }));
  }
  const vacation = deps.players!.vacation;
  if (vacation) app.route(API_BASE, vacationRoutes({ signIn, vacation, clock, ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}) }));
}

/** Challenges by name: names from the profiles, blocks and suspensions from safety. */
function mountChallenges(
  app: Hono,
  m: {
    ctx: RouteContext;
    signIn: SignIn;
    profiles: PlayerProfiles;
    safety: Safety;
    store: ChallengeStore;
    seats: PlayerSeats;
    publicUrl?: string;
  },
): void {
  const { profiles, safety } = m;
  const challenges = m.ctx.service.challengesWith(
    {
      playerByName: async (name) => {
        const id = await profiles.playerIdByName(name);
        if (id === null || (await safety.hidden(id))) return null;
        const shown = (await profiles.profile(id))?.name;
        return shown ? { id, name: shown } : null;
      },
      isBlocked: (a, b) => safety.isBlocked(a, b),
      mustNotBeSuspended: (id) => safety.mustNotBeSuspended(id),
    },
    m.store,
  );
  const nameOf = async (id: string) => (await profiles.profile(id))?.name ?? null;
  const links = m.ctx.links;
  app.route(
    API_BASE,
    challengeRoutes({ challenges, signIn: m.signIn, seats: m.seats, links, nameOf, ...(m.publicUrl ? { publicUrl: m.publicUrl } : {}) }),
  );
}

/** Which of these players the operator hid. */
async function hiddenOf(safety: Safety, ids: string[]): Promise<Set<string>> {
  const standings = await safety.deps.store.standings(ids);
  return new Set([...standings].flatMap(([id, st]) => (st.hidden ? [id] : [])));
}
