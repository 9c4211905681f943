/**
 * Request checks that answer in the request's language (Accept-Language): the zod issue messages
 * through a per-parse error map, and the refusal's own message from the catalog (functions/http/errors.ts
 * `onError` words it). The code (`invalid-request`) and the issues' paths are the same in every language.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { langOf, zodMessages } from '../i18n.js';
import { invalid, type Parsed } from '../matches/errors.js';
import type { MatchTiming } from '../matches/port.js';
import { policyIn } from '../notify/compose.js';

export type { Parsed } from '../matches/errors.js';

/** The value, or an invalid-request error worded in the request's language. */
export function parseIn<T>(c: Context, schema: z.ZodMiniType<T>, input: unknown, what: Parsed = 'request'): T {
  const r = schema.safeParse(input, { error: zodMessages(langOf(c.req)) });
  if (r.success) return r.data;
  const e = invalid(r.error, what);
  // Already worded in the request's language: nothing for the edge to word again.
  e.zodIssues = undefined;
  throw e;
}

/** A match answer's `timing.policy` in the request's language (the match side words it in English). */
export function policyWorded<T>(c: Context, body: T): T {
  const lang = langOf(c.req);
  const timing = (body as { timing?: MatchTiming | null }).timing;
  if (lang === 'en' || !timing) return body;
  return { ...body, timing: { ...timing, policy: policyIn(lang, timing) } };
}
