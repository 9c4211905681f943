/**
 * What the player side refuses with: one closed list of codes. Nothing here knows HTTP;
 * functions/http/player-errors.ts gives each code its status.
 */
export const PLAYER_ERROR_CODES = [
  'signin-limit-address',
  'signin-limit-client',
  'signin-limit-site',
  'link-not-valid',
  'not-signed-in',
  'cross-site',
  'no-such-session',
  'no-such-seat',
  'too-many-seats',
  'email-unavailable',
] as const;
export type PlayerErrorCode = (typeof PLAYER_ERROR_CODES)[number];

export class PlayerError extends Error {
  constructor(
    readonly code: PlayerErrorCode,
    message: string,
    /** Seconds to wait before asking again (said in Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'PlayerError';
  }
}
