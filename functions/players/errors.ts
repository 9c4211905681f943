/**
 * What the player side refuses with: one closed list of codes. Nothing here knows HTTP;
 * functions/http/errors.ts gives each code its status (one table with the match side's).
 */
import { type ErrorWords, wordsOf } from '../matches/errors.js';

export const PLAYER_ERROR_CODES = [
  'signin-limit-address',
  'signin-limit-client',
  'link-not-valid',
  'not-signed-in',
  'cross-site',
  'no-such-session',
  'no-such-seat',
  'too-many-seats',
  'email-unavailable',
  'name-length',
  'name-characters',
  'name-refused',
  'name-taken',
  'name-too-soon',
  'no-such-player',
  'cannot-block-self',
  'too-many-blocks',
  'cannot-report-self',
  'report-limit',
  'suspended',
  'follow-self',
  'follow-limit',
] as const;
export type PlayerErrorCode = (typeof PLAYER_ERROR_CODES)[number];

export class PlayerError extends Error {
  /** `words`: what the refusal says (the HTTP edge words it in the request's language); the Error's message is its key. */
  constructor(
    readonly code: PlayerErrorCode,
    readonly words: ErrorWords,
    /** Seconds to wait before asking again (said in Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(wordsOf(words).key);
    this.name = 'PlayerError';
  }
}
