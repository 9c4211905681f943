/**
 * The API's function URL is public (auth type NONE): what makes it useful only through CloudFront is a
 * secret origin header, `x-origin-verify`, that the distribution adds to every /api/* request it forwards
 * (infra/constructs/api.ts, site.ts). A request without the current or the previous value is refused with 403
 * before any other work: no app, no table, no log line per request. Values are compared in constant time
 * (SHA-256 of both sides, then `timingSafeEqual`, both values always checked). docs/decisions/function-url.md
 * says why this and not CloudFront's origin access control, and how to rotate.
 *
 * Where the values come from: ORIGIN_VERIFY (a JSON `{"current","previous"}` or a plain value) wins; else
 * ORIGIN_VERIFY_SECRET_ID, a Secrets Manager secret holding that JSON, read at cold start and again at most
 * every ORIGIN_VERIFY_REFRESH_MS (so a rotation reaches warm containers); with neither, no guard (`npm start`,
 * the tests' own handlers).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** How long a container keeps the values it read before reading the secret again. */
export const ORIGIN_VERIFY_REFRESH_MS = 5 * 60 * 1000;

export interface OriginSecrets {
  current: string;
  /** The value before the last rotation, accepted until the next one (empty: none). */
  previous?: string;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether `given` is the current or the previous value; the same work whichever matches, or none. */
export function originMatches(secrets: OriginSecrets, given: string | undefined): boolean {
  const seen = digest(given ?? '');
  const current = timingSafeEqual(seen, digest(secrets.current));
  const previous = secrets.previous ? timingSafeEqual(seen, digest(secrets.previous)) : false;
  // Both compared before either decides; an empty header never matches (the values are never empty).
  return given !== undefined && given !== '' && (current || previous);
}

/** The secret's text: `{"current":"…","previous":"…"}`, or one plain value. */
export function parseOriginSecrets(text: string): OriginSecrets {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { current: trimmed };
  const json = JSON.parse(trimmed) as { current?: unknown; previous?: unknown };
  if (typeof json.current !== 'string' || json.current.length < 16)
    throw new Error('The origin secret has no current value of 16 characters or more.');
  return { current: json.current, ...(typeof json.previous === 'string' && json.previous ? { previous: json.previous } : {}) };
}

type Load = () => Promise<OriginSecrets | null>;

/** The values as the environment names them (see above); null: no guard. `read` and `now` are for tests. */
export function originSecretsFromEnv(
  env: Record<string, string | undefined>,
  { now = () => Date.now(), read = readSecret }: { now?: () => number; read?: (secretId: string) => Promise<OriginSecrets> } = {},
): Load {
  if (env.ORIGIN_VERIFY) {
    const fixed = parseOriginSecrets(env.ORIGIN_VERIFY);
    return async () => fixed;
  }
  const secretId = env.ORIGIN_VERIFY_SECRET_ID;
  if (!secretId) return async () => null;
  let kept: { at: number; value: Promise<OriginSecrets> } | undefined;
  return () => {
    if (!kept || now() - kept.at >= ORIGIN_VERIFY_REFRESH_MS) {
      const value = read(secretId);
      // A failed read is tried again on the next request rather than kept for five minutes.
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
      kept = { at: now(), value };
    }
    return kept.value;
  };
}

async function readSecret(secretId: string): Promise<OriginSecrets> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({});
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!out.SecretString) throw new Error('The origin secret is empty.');
    return parseOriginSecrets(out.SecretString);
  } finally {
    client.destroy();
  }
}

/** The answer to a request that did not come through the distribution. */
export const FORBIDDEN = {
  statusCode: 403,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: '{"error":"forbidden"}',
  isBase64Encoded: false,
} as const;

type Headers = { headers?: Record<string, string | undefined> };

/**
 * Wraps a Lambda handler: with values to check, a request without a matching header gets FORBIDDEN and the
 * handler is never called; a matching one goes on without the header (the app and its logs never see it).
 */
export function guardOrigin<E extends object, C, R>(load: Load, inner: (event: E, context?: C) => Promise<R>) {
  return async (event: E, context?: C): Promise<R | typeof FORBIDDEN> => {
    const secrets = await load();
    if (!secrets) return inner(event, context);
    const headers = (event as Headers).headers ?? {};
    if (!originMatches(secrets, headers[ORIGIN_VERIFY_HEADER])) return FORBIDDEN;
    const { [ORIGIN_VERIFY_HEADER]: _, ...rest } = headers;
    return inner({ ...event, headers: rest } as E, context);
  };
}
