/**
 * Time limits on every DynamoDB call, on Lambda and locally. Without them a database that stops
 * answering (a frozen DynamoDB Local, a network partition) holds each request until the socket's
 * default timeout, minutes later. With them a call gives up within `budgetMs` and the API answers
 * 503 with Retry-After (functions/app.ts), which the page honours (web/src/api.ts, web/src/poll).
 */
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { RetryErrorInfo, RetryStrategyV2, StandardRetryToken } from '@smithy/types';

export interface DbBounds {
  /** To open a TCP connection. */
  connectMs: number;
  /** One attempt, from sending the request to the last byte of the answer. */
  attemptMs: number;
  /** All attempts of one call together, backoff included: no retry starts that could end later. */
  budgetMs: number;
  maxAttempts: number;
}

/**
 * API Gateway gives up after 30 s and a player after a few seconds. DynamoDB answers in milliseconds;
 * the slack is for DynamoDB Local on a busy laptop or test machine (a JVM warming up). A database that
 * does not answer at all costs two attempts: about 6 s.
 */
export const DB_BOUNDS: DbBounds = { connectMs: 1_000, attemptMs: 3_000, budgetMs: 7_000, maxAttempts: 3 };

/**
 * The bounds, with DYNAMODB_ATTEMPT_MS and DYNAMODB_BUDGET_MS from the environment when set (the test
 * suite loosens them: dozens of files share one DynamoDB Local on two cores).
 */
export function boundsFromEnv(env: Record<string, string | undefined> = process.env): DbBounds {
  const ms = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  return {
    ...DB_BOUNDS,
    attemptMs: ms(env.DYNAMODB_ATTEMPT_MS, DB_BOUNDS.attemptMs),
    budgetMs: ms(env.DYNAMODB_BUDGET_MS, DB_BOUNDS.budgetMs),
  };
}

/** Seconds a client is asked to wait after a 503 for an unavailable database. */
export const DB_RETRY_AFTER_S = 5;

const BASE_DELAY_MS = 50;
const MAX_DELAY_MS = 1_000;

interface BudgetToken extends StandardRetryToken {
  readonly startedAt: number;
}

/**
 * Retries transient, throttling and server errors with full-jitter backoff, but only while the next
 * attempt (its delay plus a whole attempt) still fits in the call's budget.
 */
export class BudgetRetryStrategy implements RetryStrategyV2 {
  readonly mode = 'standard';
  constructor(
    private readonly bounds: DbBounds = DB_BOUNDS,
    private readonly now: () => number = Date.now,
  ) {}

  async acquireInitialRetryToken(): Promise<BudgetToken> {
    return token(this.now(), 0, 0);
  }

  async refreshRetryTokenForRetry(previous: StandardRetryToken, info: RetryErrorInfo): Promise<BudgetToken> {
    const t = previous as BudgetToken;
    const attempts = t.getRetryCount() + 1;
    if (info.errorType === 'CLIENT_ERROR' || attempts >= this.bounds.maxAttempts) throw new Error('no retry');
    const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempts);
    const hint = info.retryAfterHint ? info.retryAfterHint.getTime() - this.now() : 0;
    const delay = Math.max(Math.floor(Math.random() * cap), hint);
    const elapsed = this.now() - t.startedAt;
    if (elapsed + delay + this.bounds.attemptMs > this.bounds.budgetMs) throw new Error('out of time budget');
    return token(t.startedAt, attempts, delay);
  }

  recordSuccess(): void {}
}

function token(startedAt: number, count: number, delay: number): BudgetToken {
  return { startedAt, getRetryCount: () => count, getRetryDelay: () => delay, getRetryCost: () => 0 } as BudgetToken;
}

/** The client settings with the bounds added (settings given explicitly win). */
export function bounded(config: DynamoDBClientConfig = {}, bounds: DbBounds = boundsFromEnv()): DynamoDBClientConfig {
  return {
    // An options object, not a handler instance: each client builds its own, so destroying one client
    // does not close another's connections.
    requestHandler: { connectionTimeout: bounds.connectMs, requestTimeout: bounds.attemptMs, throwOnRequestTimeout: true },
    maxAttempts: bounds.maxAttempts,
    retryStrategy: new BudgetRetryStrategy(bounds),
    ...config,
  };
}

const NETWORK_CODES = new Set([
  'ETIMEDOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const BUSY_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);

/**
 * Did this error come from the database not answering (in time), rather than from a bug or a
 * refused request? Those are answered 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; code?: string; $fault?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name && BUSY_NAMES.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  // The SDK marks a whole call that failed on the network with $metadata but no status.
  return e.$fault === 'server' && (e.$metadata?.httpStatusCode ?? 500) >= 500;
}
