/**
 * The session cookie and the cross-site guard. The session is an HttpOnly cookie, so no script on the
 * page (nor an injected one) can read it; `__Host-` pins it to this host, Secure and Path=/; SameSite=
 * Strict keeps other sites' requests from carrying it. On top of that every state-changing player
 * request must come with an Origin header naming this site (ARCHITECTURE.md "Players").
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { PlayerError } from '../players/errors.js';
import { SESSION_TTL_MS } from '../players/model.js';
import type { SignedIn, SignIn } from '../players/signin.js';

export const SESSION_COOKIE = '__Host-session';

const SESSION_ATTRIBUTES = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;

/** Signs this device in: the session cookie, for as long as a session lives. */
export const setSessionCookie = (c: Context, value: string) =>
  setCookie(c, SESSION_COOKIE, value, { ...SESSION_ATTRIBUTES, maxAge: Math.floor(SESSION_TTL_MS / 1000) });

/** Signs this device out: the cookie emptied and expired. */
export const clearSessionCookie = (c: Context) => setCookie(c, SESSION_COOKIE, '', { ...SESSION_ATTRIBUTES, maxAge: 0 });

/** The site's origin: the configured public URL, or the request's own. */
export const siteOrigin = (c: Context, publicUrl: string | undefined) => (publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');

/** True when the request says it comes from a page of this site. */
export const fromThisSite = (c: Context, publicUrl: string | undefined) => c.req.header('Origin') === siteOrigin(c, publicUrl);

/**
 * Refuses a state-changing request that does not come from a page of this site. Not hono/csrf, which
 * refuses less and otherwise: it checks only form-like bodies (urlencoded, multipart, text/plain, none),
 * so a JSON POST from another site would pass; it lets `Sec-Fetch-Site: same-origin` stand in for the
 * Origin; and it answers 403 "Forbidden" as text, not our JSON error `cross-site` in the caller's language.
 */
export function requireSameSite(c: Context, publicUrl: string | undefined): void {
  if (!fromThisSite(c, publicUrl)) {
    throw new PlayerError('cross-site', 'error.cross-site');
  }
}

export const sessionOf = (c: Context, signIn: SignIn) => signIn.authenticate(getCookie(c, SESSION_COOKIE));

export async function mustBeSignedIn(c: Context, signIn: SignIn): Promise<SignedIn> {
  const who = await sessionOf(c, signIn);
  if (!who) throw new PlayerError('not-signed-in', 'error.not-signed-in');
  return who;
}
