/** The status of every player-side refusal (functions/players/errors.ts), in one table. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PlayerErrorCode } from '../players/errors.js';

export const PLAYER_STATUS_OF = {
  'signin-limit-address': 429,
  'signin-limit-client': 429,
  'link-not-valid': 410,
  'not-signed-in': 401,
  'cross-site': 403,
  'no-such-session': 404,
  'no-such-seat': 404,
  'too-many-seats': 409,
  'email-unavailable': 503,
} as const satisfies Record<PlayerErrorCode, ContentfulStatusCode>;
