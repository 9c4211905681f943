/**
 * Player names, player pages and presence (functions/players/profiles.ts, stats.ts). Mounted under /api
 * (`profileRoutes`) and /api/matches (`seatPresenceRoutes`). State-changing requests must carry this site's Origin.
 *
 *   GET  /api/me/profile                         my name, when I may change it next, "hide last seen"
 *   PUT  /api/me/name                            {name}: claim a player name (once a month)
 *   PUT  /api/me/presence                        {hideLastSeen}: hide when I was last seen (and that I am online)
 *   GET  /api/players/{name}                     a player's page: name, member since, presence, per game, recent matches
 *   GET  /api/matches/{id}/seats/{seat}/presence each seat's player name and presence (a seat's or the spectator's token)
 *   GET  /api/matches/{id}/spectate/presence
 *
 * No answer holds a player's id or address: a player is known to others by their name alone.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { MatchService } from '../../matches/service.js';
import { PlayerError } from '../../players/errors.js';
import { NAME_CHANGE_EVERY_MS } from '../../players/names.js';
import type { PlayerStore } from '../../players/port.js';
import type { PlayerProfiles } from '../../players/profiles.js';
import type { SignIn } from '../../players/signin.js';
import type { PlayerStats } from '../../players/stats.js';
import { type ApiRoutes, createRoute, on, SEAT_REFUSALS, SIGNED_IN_REFUSALS } from '../api-route.js';
import { parseIn } from '../localized.js';
import { NameRequest, PlayerNamePath, PresenceRequest } from '../player-schemas.js';
import { bearer, requiredJsonBody, target } from '../request.js';
import { MatchPath, SeatPath } from '../schemas.js';
import { mustBeSignedIn, requireSameSite, SESSION_COOKIE, sessionOf } from '../session.js';

export interface ProfileRouteContext {
  signIn: SignIn;
  profiles: PlayerProfiles;
  stats: PlayerStats;
  players: PlayerStore;
  service: MatchService;
  publicUrl?: string;
  /** Which of these players the operator hid (functions/players/moderation.ts): no page, no name shown. */
  hidden?: (playerIds: string[]) => Promise<ReadonlySet<string>>;
}

const nextChangeAt = (changedAt: number | undefined) => (changedAt === undefined ? null : changedAt + NAME_CHANGE_EVERY_MS);

/** Mounted under /api. */
export function profileRoutes(ctx: ProfileRouteContext): Hono {
  const app = new Hono();
  const { signIn, profiles } = ctx;
  const mine = async (playerId: string) => {
    const p = await profiles.profile(playerId);
    return { name: p?.name ?? null, nextChangeAt: nextChangeAt(p?.nameChangedAt), hideLastSeen: p?.hideLastSeen ?? false };
  };
  on(app, profileApi.profile, async (c) => c.json(await mine((await mustBeSignedIn(c, signIn)).player.id)));
  on(app, profileApi.name, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { name } = await requiredJsonBody(c, NameRequest());
    await profiles.chooseName(who.player.id, name);
    return c.json(await mine(who.player.id));
  });
  on(app, profileApi.presence, async (c) => {
    requireSameSite(c, ctx.publicUrl);
    const who = await mustBeSignedIn(c, signIn);
    const { hideLastSeen } = await requiredJsonBody(c, PresenceRequest());
    await profiles.setHideLastSeen(who.player.id, hideLastSeen);
    return c.json(await mine(who.player.id));
  });
  on(app, profileApi.page, async (c) => {
    const { name } = parseIn(c, PlayerNamePath(), { name: c.req.param('name') });
    if (ctx.hidden) {
      const id = await profiles.playerIdByName(name);
      if (id && (await ctx.hidden([id])).has(id)) throw new PlayerError('no-such-player', 'error.no-such-player');
    }
    c.header('Cache-Control', 'private, max-age=60');
    return c.json(await ctx.stats.page(name));
  });
  return app;
}

/** Mounted under /api/matches: who sits at each seat (by player name) and their presence; seats of nobody signed in have none. */
export function seatPresenceRoutes(ctx: ProfileRouteContext): Hono {
  const app = new Hono();
  const answer = async (c: Context) => {
    const { id, seat: asked } = target(c);
    const head = await ctx.service.head(id);
    ctx.service.authenticate(head, bearer(c), asked === undefined ? 'spectator' : { seat: asked });
    const owners = await Promise.all(head.tokenHashes.map((_, seat) => ctx.players.seatOwner(id, seat)));
    const ids = owners.filter((o): o is string => o !== null);
    const [known, hidden] = await Promise.all([ctx.profiles.presences(ids), ctx.hidden ? ctx.hidden(ids) : new Set<string>()]);
    for (const id of hidden) known.delete(id);
    c.header('Cache-Control', 'private, max-age=60');
    return c.json({
      seats: owners.map((owner, seat) => {
        const p = owner ? known.get(owner) : undefined;
        return p?.name ? { seat, player: p.name, presence: p.presence } : { seat, player: null, presence: null };
      }),
    });
  };
  on(app, seatPresenceApi.seatPresence, answer);
  on(app, seatPresenceApi.spectatorPresence, answer);
  return app;
}

/**
 * Presence from what the site already sees: a request carrying a session cookie is activity of its player. The
 * cookie is proven (two reads) and presence written only when this process has not written it within the period
 * (functions/players/profiles.ts): a poll every few seconds costs nothing more.
 */
export function presenceFromRequests(profiles: PlayerProfiles, signIn: SignIn): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const playerId = getCookie(c, SESSION_COOKIE)?.split('.')[0];
    if (!playerId || !profiles.due(playerId)) return;
    try {
      const who = await sessionOf(c, signIn);
      if (who?.player.id === playerId) await profiles.seen(playerId);
    } catch (err) {
      console.error(JSON.stringify({ level: 'warn', message: 'presence not written', error: String(err) }));
    }
  };
}

const refused = SIGNED_IN_REFUSALS;

export const profileApi = {
  profile: createRoute({
    method: 'get',
    path: '/me/profile',
    summary: 'My player name, when I may change it next, and whether I hide when I was last seen',
    security: 'session',
    responses: { 200: { description: 'The profile' }, ...refused },
  }),
  name: createRoute({
    method: 'put',
    path: '/me/name',
    summary: 'Claim a player name: 3–24 characters, unique whatever its case, screened, changed at most once a month',
    security: 'session',
    request: { body: NameRequest },
    responses: {
      200: { description: 'The profile with its new name' },
      400: 'name-length, name-characters or name-refused (the name filter)',
      409: 'name-taken: another player holds it (in any case)',
      429: 'name-too-soon: changed within the month, with Retry-After',
      ...refused,
    },
  }),
  presence: createRoute({
    method: 'put',
    path: '/me/presence',
    summary: 'Hide (or show) when I was last seen, and that I am online',
    security: 'session',
    request: { body: PresenceRequest },
    responses: { 200: { description: 'The profile' }, ...refused },
  }),
  page: createRoute({
    method: 'get',
    path: '/players/{name}',
    summary: 'A player’s page: name, member since, presence (unless hidden), per game played, won, pace and reliability, recent matches',
    request: { params: PlayerNamePath },
    responses: { 200: { description: 'The page' }, 404: 'no-such-player' },
  }),
} satisfies ApiRoutes;

export const seatPresenceApi = {
  seatPresence: createRoute({
    method: 'get',
    path: '/{id}/seats/{seat}/presence',
    summary: 'Each seat’s player name and presence (online, last seen, hidden), for the seats of signed-in players',
    security: 'seatToken',
    request: { params: SeatPath },
    responses: { 200: { description: 'The seats' }, ...SEAT_REFUSALS },
  }),
  spectatorPresence: createRoute({
    method: 'get',
    path: '/{id}/spectate/presence',
    summary: 'Each seat’s player name and presence, as a spectator sees them',
    security: 'seatToken',
    request: { params: MatchPath },
    responses: { 200: { description: 'The seats' }, ...SEAT_REFUSALS },
  }),
} satisfies ApiRoutes;
