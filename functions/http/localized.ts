/**
 * Request checks that answer in the request's language (Accept-Language): the zod issue messages
 * through a per-parse error map, and the refusal's own message from the catalog. The code
 * (`invalid-request`) and the issues' paths are the same in every language.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { langOf, t, zodMessages } from '../i18n.js';
import { MatchError, invalid } from '../matches/errors.js';

/** What was parsed, for the refusal's message. */
export type Parsed = 'request' | 'query' | 'link';

/** The value, or an invalid-request error worded in the request's language. */
export function parseIn<T>(c: Context, schema: z.ZodMiniType<T>, input: unknown, what: Parsed = 'request'): T {
  const lang = langOf(c.req);
  const r = schema.safeParse(input, { error: zodMessages(lang) });
  if (r.success) return r.data;
  throw new MatchError('invalid-request', t(lang, `error.invalid.${what}`), invalid(r.error).details);
}
