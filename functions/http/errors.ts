/** Errors the API answers with. Everything else that escapes a handler is a 500 (and a bug). */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

// zod/mini ships no messages (every issue would read "Invalid input"). Issue messages are written when a
// parse fails, so English is set here, in the module that turns them into 400 bodies: whatever parses
// and reports (this file's `parse`, the match service's move and option checks) has loaded it first.
z.config(en());

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly extra: { issues?: { path: string; message: string }[]; version?: number; retryAfter?: number } = {},
  ) {
    super(message);
  }

  /** Seconds to wait before asking again (429, 503): sent as the Retry-After header too. */
  get retryAfter(): number | undefined {
    return this.extra.retryAfter;
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

const MAX_ISSUES = 10;

/** A zod failure as a 400 with at most ten issues, each path and message kept short. */
export function invalid(error: { issues: readonly unknown[] }, what = 'request'): ApiError {
  const issues = (error.issues as { path?: PropertyKey[]; message?: string }[]).slice(0, MAX_ISSUES).map((i) => ({
    path: (i.path ?? []).map(String).join('.').slice(0, 100),
    message: String(i.message ?? 'invalid').slice(0, 200),
  }));
  return new ApiError(400, 'invalid-request', `The ${what} is not valid.`, { issues });
}

export function parse<T>(schema: z.ZodMiniType<T>, input: unknown, what?: string): T {
  const r = schema.safeParse(input);
  if (!r.success) throw invalid(r.error, what);
  return r.data;
}
