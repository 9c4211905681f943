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
 *   GET    /api/me/next                         the match that has waited longest for my move
 *   PUT    /api/me/notices                      {notices, reminders}: defaults for every claimed seat
 *   PUT    /api/me/lang                         {lang}: the language of my mails and my seats' notices
 *   PUT|DELETE /api/me/matches/:id/seats/:seat/notices   one match's own choice
 *   GET    /api/me/export                       everything stored about me (JSON)
 *   DELETE /api/me                              delete my record
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { gameNameIn, type Lang, langAsked, langOf, t } from '../../i18n.js';
import { type Html, html } from '../../notify/html.js';
import { ordered, myMatch, nextWaiting, type MyMatch } from '../../players/listing.js';
import type { PlayerData } from '../../players/data.js';
import type { PlayerSeats } from '../../players/seats.js';
import type { SignIn } from '../../players/signin.js';
import { clientAddressOf } from '../client-address.js';
import { parseIn } from '../localized.js';
import { parse } from '../errors.js';
import { ClaimSeatsRequest, LangRequest, NoticesRequest, SessionId, SignInRequest } from '../player-schemas.js';
import { requiredJsonBody, type Links } from '../request.js';
import { MatchId, SeatParam, TokenQuery } from '../schemas.js';
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
  app.post('/session/link', async (c) => {
    const input = await requiredJsonBody(c, SignInRequest);
    const lang = input.lang ?? langOf(c.req);
    const client = (ctx.clientAddress ?? clientAddressOf)(c);
    await signIn.requestLink(input.address, { origin: siteOrigin(c, ctx.publicUrl), client, lang });
    return c.json({ message: t(lang, 'page.signin.sent') }, 202);
  });

  const notValid = (c: Context, lang: Lang = langOf(c.req)) => {
    const text = html`<p>${t(lang, 'page.signin.notValid.text')} <a href="/signin">${t(lang, 'page.signin.notValid.ask')}</a>.</p>`;
    return c.html(sitePage(t(lang, 'page.signin.notValid.title'), text, lang), 410);
  };

  app.get('/session/open', async (c) => {
    const { t: secret } = parseIn(c, TokenQuery, c.req.query(), 'link');
    const link = await signIn.validLink(secret);
    if (!link) return notValid(c);
    const lang = link.lang ?? langOf(c.req);
    // A button, not a sign-in on GET: mail scanners fetch links, and must neither use nor sign in with them.
    const [before, after] = t(lang, 'page.signin.text', { device: '\u0000' }).split('\u0000');
    const text = html`<p>${before}<strong>${t(lang, 'page.signin.thisDevice')}</strong>${after}</p>`;
    const button = form(`/api/session/open?t=${secret}`, t(lang, 'page.signin.button'), {}, 'primary');
    return c.html(sitePage(t(lang, 'page.signin.title'), html`${text}${button}`, lang));
  });

  app.post('/session/open', async (c) => {
    const { t: secret } = parseIn(c, TokenQuery, c.req.query(), 'link');
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
  app.get('/session', async (c) => {
    const who = await sessionOf(c, signIn);
    if (!who) return c.json({ player: null });
    const { id, address, defaults, lang } = who.player;
    return c.json({ player: { id, address, defaults, lang: lang ?? 'en' }, session: { id: who.session.id } });
  });
  app.delete('/session', async (c) => {
    const who = await sessionOf(c, signIn);
    if (who) await signIn.signOut(who);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  app.post('/session/everywhere', async (c) => {
    await signIn.signOutEverywhere(await mustBeSignedIn(c, signIn));
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  app.get('/me/sessions', async (c) => c.json({ sessions: await signIn.sessions(await mustBeSignedIn(c, signIn)) }));
  app.delete('/me/sessions/:sessionId', async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const id = parseIn(c, SessionId, c.req.param('sessionId'), 'sessionId');
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

  app.post('/me/seats', async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const input = await requiredJsonBody(c, ClaimSeatsRequest);
    const lang = langOf(c.req);
    const results = await seats.claim(who.player, input.seats);
    return c.json({ results: results.map((r) => (r.claimed ? r : { ...r, message: t(lang, `error.seat-claim.${r.reason}`) })) });
  });
  app.get('/me/matches', async (c) => c.json({ matches: (await listing(c)).map((m) => withUrl(c, m)) }));
  app.get('/me/next', async (c) => {
    const next = nextWaiting(await listing(c));
    return c.json({ next: next ? withUrl(c, next) : null });
  });
  app.put('/me/notices', async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const input = await requiredJsonBody(c, NoticesRequest);
    await seats.setDefaults(who.player, input, langAsked(c.req));
    return c.json({ defaults: input });
  });
  app.put('/me/lang', async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { lang } = await requiredJsonBody(c, LangRequest);
    await seats.setLang(who.player, lang);
    return c.json({ lang });
  });
  const path = '/me/matches/:id/seats/:seat/notices';
  const seatOf = (c: Context) => ({
    id: parseIn(c, MatchId, c.req.param('id'), 'matchId'),
    seat: parseIn(c, SeatParam, c.req.param('seat'), 'seat'),
  });
  app.put(path, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { id, seat } = seatOf(c);
    const input = await requiredJsonBody(c, NoticesRequest);
    await seats.setOverride(who.player, id, seat, input);
    return c.json({ override: input });
  });
  app.delete(path, async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    const { id, seat } = seatOf(c);
    await seats.setOverride(who.player, id, seat, null);
    return c.json({ override: null });
  });
}

function dataRoutes(app: Hono, ctx: PlayerRouteContext): void {
  const { signIn, data } = ctx;
  app.get('/me/export', async (c) => {
    const who = await mustBeSignedIn(c, signIn);
    c.header('Content-Disposition', 'attachment; filename="my-dutch-data.json"');
    return c.json(await data.export(who.player));
  });
  app.delete('/me', async (c) => {
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
      const claim = parse(ClaimSeatsRequest, { seats: [{ matchId: answer.matchId, seat: answer.seat, token: answer.token }] });
      await ctx.seats.claim(who.player, claim.seats);
    } catch (err) {
      console.error(JSON.stringify({ level: 'warn', message: 'seat not claimed', path: c.req.path, error: String(err) }));
    }
  };
}
