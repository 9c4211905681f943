/** The secret of `Authorization: Bearer <secret>` (a seat token or spectator secret), checked for shape only. */
import { TOKEN_PATTERN } from '../matches/tokens.js';
import { ApiError } from './errors.js';

export function bearerToken(header: string | undefined): string {
  if (!header) throw new ApiError(401, 'unauthorized', 'error.unauthorized');
  const m = /^Bearer ([^\s]+)$/.exec(header);
  if (!m || !TOKEN_PATTERN.test(m[1]!)) throw new ApiError(401, 'unauthorized', 'error.unauthorized.malformed');
  return m[1]!;
}
