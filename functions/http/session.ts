/**
 * The session cookie and the cross-site guard. The session is an HttpOnly cookie, so no script on the
 * page (nor an injected one) can read it; `__Host-` pins it to this host, Secure and Path=/; SameSite=
 * Strict keeps other sites' requests from carrying it. On top of that every state-changing player
 * request must come with an Origin header naming this site (ARCHITECTURE.md "Players").
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { PlayerError } from '../players/errors.js';
import { SESSION_TTL_MS } from '../players/model.js';
import type { SignedIn, SignIn } from '../players/signin.js';

export const SESSION_COOKIE = '__Host-session';

export const sessionCookie = (value: string) =>
  `${SESSION_COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`;
export const clearedCookie = () => `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`;

/** The site's origin: the configured public URL, or the request's own. */
export const siteOrigin = (c: Context, publicUrl: string | undefined) => (publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '');

/** True when the request says it comes from a page of this site. */
export const fromThisSite = (c: Context, publicUrl: string | undefined) => c.req.header('Origin') === siteOrigin(c, publicUrl);

/** Refuses a state-changing request that does not come from a page of this site. */
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
