/**
 * Errors as HTTP answers, in one place: the status of every domain error code (one table), the errors
 * only HTTP has (a missing token, a body too large or not JSON), and the one `onError` the app uses.
 * Everything else that escapes a handler is a 500 (and a bug).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { gameNameIn, type Lang, langOf, type Params, sayIn, t, zodMessages } from '../i18n.js';
import {
  type ErrorKey,
  type ErrorParams,
  type ErrorWords,
  MatchError,
  type MatchErrorCode,
  type MatchErrorDetails,
  RuleError,
  wordsOf,
} from '../matches/errors.js';
import { timeIn } from '../notify/compose.js';
import type { Log } from '../observe.js';
import { PlayerError, type PlayerErrorCode } from '../players/errors.js';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from '../storage/bounds.js';

export { invalid, parse } from '../matches/errors.js';

/** Every code a domain error carries: the match side's and the player side's (one code may be in both). */
export type ErrorCode = MatchErrorCode | PlayerErrorCode;

/** The status each domain error is answered with: a code without one fails to compile. */
export const STATUS_OF = {
  'invalid-request': 400,
  'invalid-seats': 400,
  'invalid-bots': 400,
  'unknown-game': 404,
  'idempotency-key-reused': 422,
  forbidden: 403,
  'invite-used': 403,
  'no-such-match': 404,
  'match-over': 409,
  'match-not-started': 409,
  'match-not-active': 409,
  'match-not-over': 409,
  'stale-version': 409,
  'rematch-joined': 409,
  busy: 503,
  'too-many-changes': 429,
  'already-paused': 409,
  'not-paused': 409,
  'pause-budget': 422,
  'vacation-too-few': 422,
  'trip-taken': 409,
  'no-trip': 409,
  'already-stood-in': 409,
  'not-stood-in': 409,
  'invalid-chat': 400,
  'too-many-messages': 429,
  'nudge-too-soon': 429,
  'nudge-not-needed': 409,
  'nothing-to-undo': 409,
  'undo-not-allowed': 409,
  'undo-turn-over': 409,
  'undo-others-acted': 409,
  'undo-computer-seat': 409,
  'undo-requests-off': 409,
  'undo-not-askable': 409,
  'undo-already-asked': 409,
  'no-undo-request': 409,
  'email-unavailable': 503,
  'email-failed': 503,
  'address-suppressed': 409,
  'confirmation-limit': 429,
  'confirmation-limit-seat': 429,
  'confirmation-limit-match': 429,
  'confirmation-limit-client': 429,
  'push-unavailable': 503,
  'too-many-devices': 409,
  'webhook-address': 400,
  'too-many-webhooks': 409,
  'no-such-webhook': 404,
  'webhook-test-limit': 429,
  'webhooks-unavailable': 503,
  'not-ratable': 400,
  'rated-sign-in': 401,
  'rated-one-seat': 409,
  'not-an-open-game': 404,
  'seat-taken': 409,
  'already-seated': 409,
  'too-many-open-games': 429,
  'open-game-limit': 429,
  'no-such-opponent': 404,
  'challenge-self': 400,
  'challenge-blocked': 403,
  'no-such-challenge': 404,
  'challenge-closed': 409,
  'too-many-challenges': 429,
  'challenge-limit': 429,
  'replay-range': 400,
  'replay-not-offered': 403,
  // The log no longer leads to the stored state: a fault on our side, never shown as a replay.
  'replay-diverged': 500,
  // the player side (functions/players/errors.ts)
  'signin-limit-address': 429,
  'signin-limit-client': 429,
  'link-not-valid': 410,
  'not-signed-in': 401,
  'cross-site': 403,
  'no-such-session': 404,
  'no-such-seat': 404,
  'too-many-seats': 409,
  'name-length': 400,
  'name-characters': 400,
  'name-refused': 400,
  'name-taken': 409,
  'follow-self': 400,
  'follow-limit': 409,
  'name-too-soon': 429,
  'no-such-player': 404,
  'cannot-block-self': 400,
  'too-many-blocks': 409,
  'cannot-report-self': 400,
  'report-limit': 429,
  suspended: 403,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

/** A move the rules refuse. */
export const RULE_ERROR_STATUS = 422;

/** An error only the HTTP edge raises (authorization header, body, address). */
export class ApiError extends Error {
  readonly words: { key: ErrorKey; params?: ErrorParams };
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 415,
    readonly code: string,
    words: ErrorWords,
  ) {
    super(wordsOf(words).key);
    this.words = wordsOf(words);
  }

  /** The answer's body, its message in `lang`. */
  toBody(lang: Lang) {
    return body(this.code, sayErrorIn(lang, this.words), plain(this.words));
  }
}

/**
 * The 500's message in English (tests, logs); the answer itself is in the request's language. Marked pure so
 * a bundle that never reads it (the Lambdas) drops it: computed at load, it read the English server words on
 * every cold start.
 */
export const INTERNAL_MESSAGE = /* @__PURE__ */ t('en', 'error.internal');

const body = (code: string, message: string, details: MatchErrorDetails & { key?: string; params?: object } = {}) => ({
  error: { code, message, ...details },
});

/** A refusal's words in `lang`: times as the language says them (UTC), game names in the language. */
function sayErrorIn(lang: Lang, { key, params }: { key: ErrorKey; params?: ErrorParams }): string {
  if (!params) return t(lang, key);
  const out: Params = {};
  for (const [name, v] of Object.entries(params)) {
    out[name] = typeof v !== 'object' ? v : 'time' in v ? timeIn(lang, v.time) : gameNameIn(lang, v.game, v.name);
  }
  return t(lang, key, out);
}

/** What a refusal says, in `lang`: its message, zod's issues worded again, its key and params for the page. */
function refusal(err: MatchError | PlayerError, lang: Lang) {
  const words = wordsOf(err.words);
  const details: MatchErrorDetails = err instanceof MatchError ? { ...err.details } : {};
  if (details.issues) details.issues = issuesIn(lang, err as MatchError);
  return body(err.code, sayErrorIn(lang, words), { ...details, ...plain(words) });
}

/** Key and params as the body sends them: a time as its ms, a game as its id (plain values the page can word). */
function plain({ key, params }: { key: ErrorKey; params?: ErrorParams }) {
  if (!params) return { key };
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(params)) out[name] = typeof v !== 'object' ? v : 'time' in v ? v.time : v.game;
  return { key, params: out };
}

/** An invalid request's issues in `lang`: zod's own worded again, our keys (`error.…`) worded. */
function issuesIn(lang: Lang, err: MatchError): { path: string; message: string }[] {
  const issues = err.details.issues ?? [];
  const map = zodMessages(lang);
  return issues.map((issue, i) => {
    const raw = err.zodIssues?.[i];
    if (raw && lang !== 'en') {
      const said = map(raw as Parameters<typeof map>[0]);
      const message = typeof said === 'string' ? said : said?.message;
      if (message) return { ...issue, message: message.slice(0, 200) };
    }
    return issue.message.startsWith('error.') ? { ...issue, message: t(lang, issue.message as ErrorKey) } : issue;
  });
}

/** Where an unhandled error is told when the app was given no log: standard error, as one JSON line. */
const errorLine: Log = (entry) => console.error(JSON.stringify(entry));

/** The app's one error handler: every refusal's status, body and Retry-After, worded in the request's language. */
export function onError(err: Error, c: Context, log: Log = errorLine): Response {
  const lang = langOf(c.req);
  if (err instanceof MatchError || err instanceof PlayerError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return c.json(refusal(err, lang), STATUS_OF[err.code]);
  }
  if (err instanceof RuleError) {
    const { key, params } = err.reason;
    const words = key ? { key, ...(params ? { params } : {}) } : {};
    return c.json(body(err.code, sayIn(lang, err.reason, err.names), { ...err.details, ...words }), RULE_ERROR_STATUS);
  }
  if (err instanceof ApiError) return c.json(err.toBody(lang), err.status);
  if (isDatabaseUnavailable(err)) {
    c.header('Retry-After', String(DB_RETRY_AFTER_S));
    const words = { key: 'error.database-unavailable', params: { seconds: DB_RETRY_AFTER_S } } as const;
    return c.json(body('database-unavailable', sayErrorIn(lang, words), words), 503);
  }
  log({ level: 'error', message: 'unhandled', path: c.req.path, error: String(err), stack: err.stack });
  // A failure after the write was sent cannot tell whether it was saved: say so, never "nothing changed".
  return c.json(body('internal', t(lang, 'error.internal'), { key: 'error.internal' }), 500);
}
