/**
 * The page's only door to the server: the HTTP API under /api. Secrets travel in the
 * Authorization header, never in a URL the server sees.
 */
import { currentLang, t } from './i18n.js';
import { acceptLanguage, matchPath, requestInit, type SendOptions, secretOf } from './request.js';
import type { BotLevel, Created, Credentials, GameSummary, InviteInfo, Joined, LogRecord, Match, OnDeadline, ReplayPage } from './types.js';

/** An answer other than 2xx/304, with the API's stable error code and its message for people. */
export class ApiFailure extends Error {
  // A name that survives minifying: lazily loaded chunks recognise the failure without importing this module.
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly version?: number,
    readonly issues?: { path: string; message: string }[],
    /** From Retry-After on a 503 or 429: how long the server asked us to wait. */
    readonly retryAfterMs?: number,
    /** A refused move's reason as words, for the page to say in the language it shows (`said`). */
    readonly words?: { key: string; params?: unknown },
  ) {
    super(message);
  }
}

/** Longest Retry-After the page waits out by itself before giving the error to the player. */
export const MAX_AUTO_RETRY_MS = 30_000;
/** Resends of one request after a 503 with Retry-After. */
export const AUTO_RETRIES = 2;

/** Retry-After as milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The server could not be reached at all (offline, DNS, reset). Nothing is known to have happened. */
export class NetworkFailure extends Error {
  override readonly name = 'NetworkFailure';
}

export type ReadResult = { changed: false } | { changed: true; match: Match; etag: string | null };

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One request as sent, with no retry; `sent`: the same request, already sent (the first script's read). */
async function sendOnce(
  fetchImpl: FetchLike,
  method: string,
  path: string,
  opts: SendOptions,
  sent?: Promise<Response>,
): Promise<Response> {
  try {
    // The language shown, so the server's refusals come in it.
    return await (sent ?? fetchImpl(path, requestInit(method, opts, acceptLanguage(currentLang()))));
  } catch {
    throw new NetworkFailure(t('site.network'));
  }
}

/** The ApiFailure an answer other than 2xx/304 stands for. */
async function failure(res: Response): Promise<ApiFailure> {
  let code = `http-${res.status}`;
  let message = t('site.httpStatus', { status: res.status });
  let version: number | undefined;
  let issues: { path: string; message: string }[] | undefined;
  let words: ApiFailure['words'];
  try {
    const body = (await res.json()) as {
      error?: {
        code?: string;
        message?: string;
        version?: number;
        issues?: { path: string; message: string }[];
        key?: string;
        params?: unknown;
      };
    };
    if (typeof body.error?.key === 'string') words = { key: body.error.key, params: body.error.params };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
    version = body.error?.version;
    issues = body.error?.issues;
  } catch {
    /* not JSON: keep the generic message */
  }
  const after = res.status === 503 || res.status === 429 ? retryAfterMs(res.headers.get('Retry-After')) : undefined;
  return new ApiFailure(res.status, code, message, version, issues, after, words);
}

export function createApi(
  fetchImpl: FetchLike = (i, r) => fetch(i, r),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
) {
  /**
   * One request. A 503 with Retry-After (the database did not answer in time) is sent again after the
   * wait the server asked for, if sending it again is safe: reads, and writes with an Idempotency-Key.
   */
  async function send(method: string, path: string, opts: SendOptions = {}, sent?: Promise<Response>): Promise<Response> {
    const safe = method === 'GET' || !!opts.headers?.['Idempotency-Key'];
    for (let attempt = 0; ; attempt++) {
      const res = await sendOnce(fetchImpl, method, path, opts, attempt === 0 ? sent : undefined);
      const after = res.status === 503 ? retryAfterMs(res.headers.get('Retry-After')) : undefined;
      if (!safe || after === undefined || after > MAX_AUTO_RETRY_MS || attempt >= AUTO_RETRIES) return res;
      await wait(after);
    }
  }

  async function json<T>(method: string, path: string, opts: SendOptions = {}): Promise<T> {
    const res = await send(method, path, opts);
    if (!res.ok) throw await failure(res);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /**
   * The key of one user action (see `idempotencyKey`). The caller makes it once per click, so the
   * resends after a 503 carry the same key and the server makes the change at most once.
   */
  const keyed = (key: string) => ({ 'Idempotency-Key': key });

  return {
    games: () => json<{ games: GameSummary[] }>('GET', '/api/games'),
    openapi: () => json<{ components?: { schemas?: Record<string, unknown> } }>('GET', '/api/openapi.json'),
    create: (
      body: {
        game: string;
        seats: number;
        options: Record<string, unknown>;
        name: string;
        timing?: { reminderHours: number; deadlineDays: number; onDeadline?: OnDeadline };
        /** Seats taken by computer players (never seat 0, the creator's). */
        bots?: { seat: number; level: BotLevel }[];
        /** Players may ask the others to take back a finished turn. */
        undoRequests?: boolean;
        /** Rated: every seat a signed-in player (the creator signed in, no computers; functions/matches/creating.ts). */
        rated?: boolean;
      },
      key: string,
    ) => json<Created>('POST', '/api/matches', { body, headers: keyed(key) }),
    /** What the invite offers; 403 `invite-used` once it was used or replaced. */
    inviteInfo: (id: string, invite: string) => json<InviteInfo>('GET', `/api/matches/${id}/invite`, { auth: invite }),
    join: (id: string, invite: string, name: string, key: string) =>
      json<Joined>('POST', `/api/matches/${id}/join`, { body: { invite, name }, headers: keyed(key) }),

    /**
     * Reads the match, sending the last ETag. On 304 the body is neither read nor parsed, and
     * the caller redraws nothing. `sent`: this very request, sent already (the first script's read).
     */
    async read(id: string, who: Credentials, etag: string | null, sent?: Promise<Response>): Promise<ReadResult> {
      const opts: SendOptions = { auth: secretOf(who), headers: etag ? { 'If-None-Match': etag } : {} };
      const res = await send('GET', matchPath(id, who), opts, sent);
      if (res.status === 304) return { changed: false };
      if (!res.ok) throw await failure(res);
      return { changed: true, match: (await res.json()) as Match, etag: res.headers.get('ETag') };
    },

    olderLog: (id: string, who: Credentials, before: number) =>
      json<{ log: LogRecord[] }>('GET', `${matchPath(id, who)}/log?before=${before}`, { auth: secretOf(who) }),

    /** A page of the match replayed for this viewer (at most 50 steps from `from`; `next` continues). */
    replay: (id: string, who: Credentials, q: { from: number; to?: number; as?: number }) =>
      json<ReplayPage>(
        'GET',
        `${matchPath(id, who)}/replay?from=${q.from}${q.to === undefined ? '' : `&to=${q.to}`}${q.as === undefined ? '' : `&as=${q.as}`}`,
        { auth: secretOf(who) },
      ),

    move: (id: string, seat: number, token: string, expectedVersion: number, move: unknown, key: string) =>
      json<Match>('POST', `/api/matches/${id}/seats/${seat}/moves`, {
        auth: token,
        body: { expectedVersion, move },
        headers: keyed(key),
      }),
    resign: (id: string, seat: number, token: string, key: string) =>
      json<Match>('POST', `/api/matches/${id}/seats/${seat}/resign`, { auth: token, body: {}, headers: keyed(key) }),
    links: (id: string, seat: number, token: string, key: string) =>
      json<{ invites: { seat: number; url: string }[]; spectatorUrl: string }>('POST', `/api/matches/${id}/seats/${seat}/links`, {
        auth: token,
        body: {},
        headers: keyed(key),
      }),
    /** A computer player makes this seat's moves until its player takes the seat back. */
    standIn: (id: string, seat: number, token: string, level: BotLevel, key: string) =>
      json<Match>('PUT', `/api/matches/${id}/seats/${seat}/stand-in`, { auth: token, body: { level }, headers: keyed(key) }),
    takeBack: (id: string, seat: number, token: string, key: string) =>
      json<Match>('DELETE', `/api/matches/${id}/seats/${seat}/stand-in`, { auth: token, headers: keyed(key) }),
    /** Takes back this seat's own last move (when MatchResponse.undo says it may). */
    undo: (id: string, seat: number, token: string, expectedVersion: number) =>
      json<Match>('POST', `/api/matches/${id}/seats/${seat}/undo`, { auth: token, body: { expectedVersion } }),
    /** Asks the others to take back this seat's last turn. */
    askUndo: (id: string, seat: number, token: string, expectedVersion: number) =>
      json<Match>('POST', `/api/matches/${id}/seats/${seat}/undo-request`, { auth: token, body: { expectedVersion } }),
    /** Accepts or refuses another player's request to take back their turn. */
    answerUndo: (id: string, seat: number, token: string, accept: boolean) =>
      json<Match>('POST', `/api/matches/${id}/seats/${seat}/undo-request/answer`, { auth: token, body: { accept } }),
    /** Any other JSON route (the notification settings use this), with the same error handling. */
    call: <T>(method: string, path: string, opts: { auth?: string; body?: unknown } = {}) => json<T>(method, path, opts),
    rematch: (id: string, seat: number, token: string, key: string) =>
      json<Joined>('POST', `/api/matches/${id}/seats/${seat}/rematch`, { auth: token, body: {}, headers: keyed(key) }),
  };
}

export type Api = ReturnType<typeof createApi>;

export const api: Api = createApi();

/**
 * A fresh Idempotency-Key for one user action (a move, creating or joining a match, resigning, new
 * links, a rematch): a UUID, which also meets the longer key a create needs (22–64 characters, as it
 * seeds the match's secrets). `randomUUID` exists only in secure contexts; a page served over plain
 * http (a phone trying the local server on the LAN) gets as many random bytes from getRandomValues.
 */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
