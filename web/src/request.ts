/**
 * A request to the API as the page sends it, with no other module: the match's path for a seat or a
 * spectator, the headers (the secret in Authorization, never in the URL; the language shown as
 * Accept-Language) and the fetch options. web/src/api.ts sends every request with it; the match page's
 * first script (web/src/first.ts) sends the match's first read with it before the app is here, and leaves
 * the answer on its way for the app (`takeSentRead`), which takes it only if it is that very request.
 */
import { PSEUDO } from '#shared/i18n/index.js';
import type { Credentials } from './types.js';

export type SendOptions = { auth?: string; body?: unknown; headers?: Record<string, string> };

export const matchPath = (id: string, who: Credentials) =>
  who.kind === 'seat' ? `/api/matches/${id}/seats/${who.seat}` : `/api/matches/${id}/spectate`;
export const secretOf = (who: Credentials) => (who.kind === 'seat' ? who.token : who.secret);

/** The Accept-Language of a request sent while the page shows `shown` (the pseudo-locale asks for English). */
export const acceptLanguage = (shown: string) => (shown === PSEUDO ? 'en' : shown);

/** The fetch options of one request; `lang` is its Accept-Language. */
export function requestInit(method: string, opts: SendOptions, lang: string): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang, ...(opts.headers ?? {}) };
  if (opts.auth) headers.Authorization = `Bearer ${opts.auth}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  // no-store: the page does its own revalidation with If-None-Match and wants every 304.
  // same-origin: the sign-in cookie (HttpOnly, SameSite=Strict) rides along, so a seat taken while
  // signed in joins the player's record; no other site's requests ever carry it.
  return { method, headers, body, cache: 'no-store', credentials: 'same-origin' };
}

/** A match read, as the first script sends it and the app's first read would. */
export interface Read {
  matchId: string;
  creds: Credentials;
  etag: string | null;
}

/** What the first script left for the app: the read's identity and its answer on the way; false once taken. */
const SENT = '__dutchFirstRead';
type Sent = { key: string; response: Promise<Response> };
const slot = globalThis as { [SENT]?: Sent | false };
const keyOf = (r: Read, lang: string) => JSON.stringify([matchPath(r.matchId, r.creds), secretOf(r.creds), r.etag, lang]);

/** Sends the read (the first script), unless the app has made its first read already. */
export function sendFirstRead(r: Read, lang: string): void {
  if (slot[SENT] !== undefined) return;
  const init = requestInit('GET', { auth: secretOf(r.creds), headers: r.etag ? { 'If-None-Match': r.etag } : {} }, lang);
  const response = fetch(matchPath(r.matchId, r.creds), init);
  response.catch(() => {}); // the app reads again if this failed
  slot[SENT] = { key: keyOf(r, lang), response };
}

/**
 * The answer to the read the first script sent, if it is the very request `r` (none: the app reads nothing)
 * with language `lang`;
 * taken once: whatever the app reads first, nothing is left for a later read (nor for a late first script).
 */
export function takeSentRead(r: Read | null, lang: string): Promise<Response> | undefined {
  const sent = slot[SENT];
  slot[SENT] = false;
  return sent && r && sent.key === keyOf(r, lang) ? sent.response : undefined;
}
