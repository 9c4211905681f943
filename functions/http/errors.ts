/**
 * Errors as HTTP answers, in one place: the status of every domain error code (one table), the errors
 * only HTTP has (a missing token, a body too large or not JSON), and the one `onError` the app uses.
 * Everything else that escapes a handler is a 500 (and a bug).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { langOf, shownIn } from '../i18n.js';
import { MatchError, RuleError, type MatchErrorCode, type MatchErrorDetails } from '../matches/errors.js';
import { PlayerError } from '../players/errors.js';
import { PLAYER_STATUS_OF } from './player-errors.js';
import { DB_RETRY_AFTER_S, isDatabaseUnavailable } from '../storage/bounds.js';

export { invalid, parse } from '../matches/errors.js';

/** The status each domain error is answered with. */
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
  'replay-range': 400,
  'replay-not-offered': 403,
  // The log no longer leads to the stored state: a fault on our side, never shown as a replay.
  'replay-diverged': 500,
} as const satisfies Record<MatchErrorCode, ContentfulStatusCode>;

/** A move the rules refuse. */
export const RULE_ERROR_STATUS = 422;

/** An error only the HTTP edge raises (authorization header, body, address). */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message } };
  }
}

export const INTERNAL_MESSAGE =
  'Something went wrong on our side. Your change may or may not have been saved: reload to see, then try again if it is missing.';

const body = (code: string, message: string, details: MatchErrorDetails & { key?: string; params?: object } = {}) => ({
  error: { code, message, ...details },
});

/** The app's one error handler: every refusal's status, body and Retry-After. */
export function onError(err: Error, c: Context): Response {
  if (err instanceof MatchError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return c.json(body(err.code, err.message, err.details), STATUS_OF[err.code]);
  }
  if (err instanceof PlayerError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return c.json(body(err.code, err.message), PLAYER_STATUS_OF[err.code]);
  }
  if (err instanceof RuleError) {
    const { key, params } = err.reason;
    const words = key ? { key, ...(params ? { params } : {}) } : {};
    return c.json(body(err.code, shownIn(langOf(c.req), err.reason, err.names), { ...err.details, ...words }), RULE_ERROR_STATUS);
  }
  if (err instanceof ApiError) return c.json(err.toBody(), err.status);
  if (isDatabaseUnavailable(err)) {
    c.header('Retry-After', String(DB_RETRY_AFTER_S));
    const message = `The database did not answer in time. Try again in ${DB_RETRY_AFTER_S} seconds; a move sent again with the same Idempotency-Key is made at most once.`;
    return c.json(body('database-unavailable', message), 503);
  }
  console.error(JSON.stringify({ level: 'error', message: 'unhandled', path: c.req.path, error: String(err), stack: err.stack }));
  // A failure after the write was sent cannot tell whether it was saved: say so, never "nothing changed".
  return c.json({ error: { code: 'internal', message: INTERNAL_MESSAGE } }, 500);
}
