/**
 * The player routes: signing in by an email link, sessions, claimed seats, "my matches", notice choices
 * and the player's own data. The logic is functions/players; the cookie and the cross-site guard are
 * ../session.ts. Every state-changing request here must carry this site's Origin.
 *
 *   POST   /api/session/link                    {address}: mails a sign-in link (202, the same answer for any address)
 *   GET    /api/session/open?t=…                the link's page: a button (mail scanners open links; only a POST signs in)
 *   POST   /api/session/open?t=…                signs in the device that presses it (sets the cookie)
 *   GET    /api/session                         who is signed in here ({player: null} when nobody)
 *   DELETE /api/session                         sign out this device
 *   POST   /api/session/everywhere              sign out every device, and void every sign-in link sent
 *   GET    /api/me/sessions                     the signed-in devices
 *   DELETE /api/me/sessions/:sessionId          sign one out
 *   POST   /api/me/seats                        {seats:[{matchId, seat, token}]}: claim the seats this browser holds
 *   GET    /api/me/matches                      my matches, with what opens each seat
 *   GET    /api/me/next                         the match that has waited longest for my move, and how many wait (one read)
 *   PUT    /api/me/notices                      {notices, reminders}: defaults for every claimed seat
 *   PUT    /api/me/lang                         {lang}: the language of my mails and my seats' notices
 *   PUT|DELETE /api/me/matches/:id/seats/:seat/notices   one match's own choice
 *   GET    /api/me/export                       everything stored about me (JSON)
 *   DELETE /api/me                              delete my record
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { gameNameIn, type Lang, langAsked, langOf, t } from '../../i18n.js';
import { type Html, html } from '../../notify/html.js';
import { ordered, myMatch, type MyMatch } from '../../players/listing.js';
import type { PlayerData } from '../../players/data.js';
import type { PlayerSeats } from '../../players/seats.js';
import type { SignIn } from '../../players/signin.js';
import { clientAddressOf } from '../client-address.js';
import { parseIn } from '../localized.js';
import { parse } from '../errors.js';
import { type ApiAnswer, type ApiRoute, type ApiRoutes, createRoute, type LazySchema, on } from '../api-route.js';
import { ClaimSeatsRequest, LangRequest, NoticesRequest, SessionId, SessionPath, SignInRequest } from '../player-schemas.js';
import { requiredJsonBody, type Links } from '../request.js';
import { MatchId, SeatParam, SeatPath, TokenQuery } from '../schemas.js';
import { clearSessionCookie, fromThisSite, mustBeSignedIn, requireSameSite, sessionOf, setSessionCookie, siteOrigin } from '../session.js';
import { form, page } from './pages.js';

export interface PlayerRouteContext {
  signIn: SignIn;
  seats: PlayerSeats;
  data: PlayerData;
  links: Links;
  publicUrl?: string;
  clientAddress?: (c: Context) => string | null;
}

/** Mounted under /api. */
export function playerRoutes(ctx: PlayerRouteContext): Hono {
  const app = new Hono();
  // Only these paths: the app is mounted under /api, and a '*' here would guard every route there.
  for (const path of ['/session', '/session/*', '/me', '/me/*']) {
    app.use(path, async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') requireSameSite(c, ctx.publicUrl);
      await next();
    });
  }
  signInRoutes(app, ctx);
  sessionRoutes(app, ctx);
  seatRoutes(app, ctx);
  dataRoutes(app, ctx);
  return app;
}

/** The link's pages in the site's look (pages.ts `SiteLook`, which says why the meta referrer). */
const sitePage = (title: string, body: Html, lang: Lang) => page(title, body, lang, { nav: t(lang, 'page.siteNav') });

function signInRoutes(app: Hono, ctx: PlayerRouteContext): void {
  const { signIn } = ctx;
  on(app, playerApi.signInLink, async (c) => {
    const input = await requiredJsonBody(c, SignInRequest());
    const lang = input.lang ?? langOf(c.req);
    const client = (ctx.clientAddress ?? clientAddressOf)(c);
    await signIn.requestLink(input.address, { origin: siteOrigin(c, ctx.publicUrl), client, lang });
    return c.json({ message: t(lang, 'page.signin.sent') }, 202);
  });

  const notValid = (c: Context, lang: Lang = langOf(c.req)) => {
    const text = html`<p>${t(lang, 'page.signin.notValid.text')} <a href="/signin">${t(lang, 'page.signin.notValid.ask')}</a>.</p>`;
    return c.html(sitePage(t(lang, 'page.signin.notValid.title'), text, lang), 410);
  };

  on(app, playerApi.linkPage, async (c) => {
    const { t: secret } = parseIn(c, TokenQuery(), c.req.query(), 'link');
    const link = await signIn.validLink(secret);
    if (!link) return notValid(c);
    const lang = link.lang ?? langOf(c.req);
    // A button, not a sign-in on GET: mail scanners fetch links, and must neither use nor sign in with them.
    const [before, after] = t(lang, 'page.signin.text', { device: '\u0000' }).split('\u0000');
    const text = html`<p>${before}<strong>${t(lang, 'page.signin.thisDevice')}</strong>${after}</p>`;
    const button = form(`/api/session/open?t=${secret}`, t(lang, 'page.signin.button'), {}, 'primary');
    return c.html(sitePage(t(lang, 'page.signin.title'), html`${text}${button}`, lang));
  });

  on(app, playerApi.open, async (c) => {
    const { t: secret } = parseIn(c, TokenQuery(), c.req.query(), 'link');
    const redeemed = await signIn.redeem(secret, c.req.header('User-Agent') ?? 'unknown browser').catch(() => null);
    if (!redeemed) return notValid(c);
    const { lang } = redeemed;
    setSessionCookie(c, redeemed.cookie);
    const text = html`<p>${t(lang, 'page.signedIn.text', { address: redeemed.player.address })}</p>`;
    return c.html(sitePage(t(lang, 'page.signedIn.title'), html`${text}<p><a href="/">${t(lang, 'page.signedIn.link')}</a></p>`, lang));
  });
}

function sessionRoutes(app: Hono, ctx: PlayerRouteContext): void {
  const { signIn } = ctx;
  on(app, playerApi.session, async (c) => {
    const who = await sessionOf(c, signIn);
    if (!who) return c.json({ player: null });
    const { id, address, defaults, lang } = who.player;
    return c.json({ player: { id, address, defaults, lang: lang ?? 'en' }, session: { id: who.session.id } });
  });
  on(app, playerApi.signOut, async (c) => {
    const who = await sessionOf(c, signIn);
    if (who) await signIn.signOut(who);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  on(app, playerApi.signOutEverywhere, async (c) => {
    await signIn.signOutEverywhere(await mustBeSignedIn(c, signIn));
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  on(app, playerApi.sessions, async (c) => c.json({ sessions: await signIn.sessions(await mustBeSignedIn(c, signIn)) }));
  on(app, playerApi.revoke, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const id = parseIn(c, SessionId(), c.req.param('sessionId'), 'sessionId');
    await signIn.revoke(who, id);
    if (id === who.session.id) clearSessionCookie(c);
    return c.body(null, 204);
  });
}

function seatRoutes(app: Hono, ctx: PlayerRouteContext): void {
  const { signIn, seats } = ctx;
  const listing = async (c: Context): Promise<MyMatch[]> => {
    const who = await mustBeSignedIn(c, signIn);
    const held = await seats.held(who.player);
    const lang = langOf(c.req);
    return ordered(
      held.map((h) => myMatch(h.match, h.claim.seat, h.token, gameNameIn(lang, h.match.gameId, seats.gameName(h.match.gameId)))),
    );
  };
  const withUrl = (c: Context, m: MyMatch) => ({ ...m, url: ctx.links.seat(c, m.matchId, m.seat, m.open.token, m.game.id) });

  on(app, playerApi.claim, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const input = await requiredJsonBody(c, ClaimSeatsRequest());
    const lang = langOf(c.req);
    const results = await seats.claim(who.player, input.seats);
    return c.json({ results: results.map((r) => (r.claimed ? r : { ...r, message: t(lang, `error.seat-claim.${r.reason}`) })) });
  });
  on(app, playerApi.matches, async (c) => c.json({ matches: (await listing(c)).map((m) => withUrl(c, m)) }));
  // One read of the player's waiting board (functions/players/waiting.ts), not one per claimed seat.
  on(app, playerApi.next, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { next, waiting } = await seats.next(who.player);
    if (!next) return c.json({ next: null, waiting });
    const game = { id: next.gameId, name: gameNameIn(langOf(c.req), next.gameId, seats.gameName(next.gameId)) };
    const url = ctx.links.seat(c, next.matchId, next.seat, next.token, next.gameId);
    const open = { seat: next.seat, token: next.token };
    return c.json({
      next: { matchId: next.matchId, seat: next.seat, game, state: 'your-move', waitingSince: next.waitingSince, open, url },
      waiting,
    });
  });
  on(app, playerApi.notices, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const input = await requiredJsonBody(c, NoticesRequest());
    await seats.setDefaults(who.player, input, langAsked(c.req));
    return c.json({ defaults: input });
  });
  on(app, playerApi.lang, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { lang } = await requiredJsonBody(c, LangRequest());
    await seats.setLang(who.player, lang);
    return c.json({ lang });
  });
  const seatOf = (c: Context) => ({
    id: parseIn(c, MatchId(), c.req.param('id'), 'matchId'),
    seat: parseIn(c, SeatParam(), c.req.param('seat'), 'seat'),
  });
  on(app, playerApi.matchNotices, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { id, seat } = seatOf(c);
    const input = await requiredJsonBody(c, NoticesRequest());
    await seats.setOverride(who.player, id, seat, input);
    return c.json({ override: input });
  });
  on(app, playerApi.defaultNotices, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { id, seat } = seatOf(c);
    await seats.setOverride(who.player, id, seat, null);
    return c.json({ override: null });
  });
}

function dataRoutes(app: Hono, ctx: PlayerRouteContext): void {
  const { signIn, data } = ctx;
  on(app, playerApi.export, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    c.header('Content-Disposition', 'attachment; filename="my-dutch-data.json"');
    return c.json(await data.export(who.player));
  });
  on(app, playerApi.forget, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    await data.delete(who.player);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
}

/**
 * Seats taken while signed in join the record by themselves: after a create, join or rematch answered
 * with a seat (matchId, seat, token), a signed-in caller from this site gets it claimed. The match routes
 * stay as they are; a claim that fails leaves the seat taken and is logged.
 */
export function autoClaim(ctx: PlayerRouteContext): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'POST' || (c.res.status !== 200 && c.res.status !== 201)) return;
    if (!/^\/api\/matches(\/[^/]+\/join|\/[^/]+\/seats\/\d+\/rematch)?\/?$/.test(c.req.path) || !fromThisSite(c, ctx.publicUrl)) return;
    const who = await sessionOf(c, ctx.signIn).catch(() => null);
    if (!who) return;
    try {
      const answer = (await c.res.clone().json()) as { matchId?: unknown; seat?: unknown; token?: unknown };
      const claim = parse(ClaimSeatsRequest(), { seats: [{ matchId: answer.matchId, seat: answer.seat, token: answer.token }] });
      await ctx.seats.claim(who.player, claim.seats);
    } catch (err) {
      console.error(JSON.stringify({ level: 'warn', message: 'seat not claimed', path: c.req.path, error: String(err) }));
    }
  };
}

const refused = {
  401: 'Not signed in on this device (no session cookie, or it ended)',
  403: 'cross-site: a state-changing request without this site’s Origin header',
} as const;
const linkGone = { 410: { description: 'Used, expired or revoked (HTML page)' } };

/** A signed-in player's route (the session cookie), with the refusals every one of them has. */
const mine = (
  method: ApiRoute['method'],
  path: string,
  summary: string,
  responses: Record<number, ApiAnswer>,
  request: { body?: LazySchema; params?: typeof SeatPath | typeof SessionPath } = {},
) => createRoute({ method, path, summary, security: 'session', request, responses: { ...responses, ...refused } });

export const playerApi = {
  signInLink: createRoute({
    method: 'post',
    path: '/session/link',
    summary: 'Mail a sign-in link (one use, 15 minutes); the same 202 whether or not the address has a record',
    request: { body: SignInRequest },
    responses: {
      202: { description: 'A link is on its way if the address can receive mail' },
      400: 'Not an address',
      429: 'signin-limit-address or signin-limit-client, with Retry-After',
    },
  }),
  linkPage: createRoute({
    method: 'get',
    path: '/session/open',
    summary: 'The sign-in link’s page: a button (opening the link signs in nobody)',
    request: { query: TokenQuery },
    responses: { 200: { description: 'HTML page' }, ...linkGone },
  }),
  open: createRoute({
    method: 'post',
    path: '/session/open',
    summary: 'Sign in the device that presses the button (sets the session cookie)',
    request: { query: TokenQuery },
    responses: { 200: { description: 'Signed in (HTML page)' }, ...linkGone },
  }),
  session: createRoute({
    method: 'get',
    path: '/session',
    summary: 'Who is signed in on this device ({player: null} when nobody)',
    responses: { 200: { description: 'The player' } },
  }),
  signOut: createRoute({
    method: 'delete',
    path: '/session',
    summary: 'Sign out this device',
    security: 'session',
    responses: { 204: { description: 'Signed out' } },
  }),
  signOutEverywhere: mine('post', '/session/everywhere', 'Sign out every device, and void every sign-in link sent so far', {
    204: { description: 'Signed out' },
  }),
  sessions: mine('get', '/me/sessions', 'The signed-in devices', { 200: { description: 'Sessions' } }),
  revoke: mine(
    'delete',
    '/me/sessions/{sessionId}',
    'Sign one device out',
    { 204: { description: 'Signed out' }, 404: 'No such session' },
    { params: SessionPath },
  ),
  claim: mine(
    'post',
    '/me/seats',
    'Claim the seats this browser holds (each checked against its match); seats taken while signed in join by themselves',
    {
      200: {
        description:
          'One result per seat: claimed, or not (not-opened, or taken by another player), with a message in the request’s language',
      },
    },
    { body: ClaimSeatsRequest },
  ),
  matches: mine(
    'get',
    '/me/matches',
    'My matches: waiting for me first, then others’ turns, open, finished; each with what opens its seat',
    {
      200: { description: 'Matches' },
    },
  ),
  next: mine(
    'get',
    '/me/next',
    'The match that has waited longest for my move ({next: null} when none) and how many wait in all: one read, a moment stale at most',
    {
      200: { description: 'The match' },
    },
  ),
  notices: mine(
    'put',
    '/me/notices',
    'Notice defaults for every claimed seat',
    { 200: { description: 'Saved' } },
    { body: NoticesRequest },
  ),
  lang: mine(
    'put',
    '/me/lang',
    'The language of my mails (and of my claimed seats’ notices)',
    { 200: { description: 'Saved' }, 400: 'Not a language of the site' },
    { body: LangRequest },
  ),
  matchNotices: mine(
    'put',
    '/me/matches/{id}/seats/{seat}/notices',
    'This match’s own notice choice',
    { 200: { description: 'Saved' }, 404: 'Seat not claimed' },
    { params: SeatPath, body: NoticesRequest },
  ),
  defaultNotices: mine(
    'delete',
    '/me/matches/{id}/seats/{seat}/notices',
    'Back to the defaults',
    { 200: { description: 'Saved' }, 404: 'Seat not claimed' },
    { params: SeatPath },
  ),
  export: mine('get', '/me/export', 'Everything stored about me, as JSON', { 200: { description: 'The export' } }),
  forget: mine('delete', '/me', 'Delete my record (address, sessions, claimed seats); the seats stay playable by their links', {
    204: { description: 'Deleted' },
  }),
} satisfies ApiRoutes;
