/**
 * What the match side (the match service, pausing, notification settings) refuses with: one closed
 * list of codes, as chessops names its setup errors. Nothing here knows HTTP; functions/http/errors.ts
 * gives each code its status in one table, and the app's one `onError` answers with it.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { RuleError as EngineRuleError } from '#shared/engine/game.js';
import type { SiteKey } from '#shared/i18n/en.js';
import type { ServerErrorKey } from '#shared/i18n/errors/en.js';

// zod/mini ships no messages (every issue would read "Invalid input"). Issue messages are written when a
// parse fails, so English is set here, in the module that turns them into errors: whatever parses and
// reports (the match service's move and option checks, the API's request checks) has loaded it first.
z.config(en());

export const MATCH_ERROR_CODES = [
  // input
  'invalid-request',
  'invalid-seats',
  'invalid-bots',
  'unknown-game',
  'idempotency-key-reused',
  // who may
  'forbidden',
  'invite-used',
  // what there is
  'no-such-match',
  // the match's state
  'match-over',
  'match-not-started',
  'match-not-active',
  'match-not-over',
  'stale-version',
  'rematch-joined',
  // contention and limits
  'busy',
  'too-many-changes',
  // pausing one's deadlines
  'already-paused',
  'not-paused',
  'pause-budget',
  // the vacation bank: days taken ahead (./vacation.ts)
  'vacation-too-few',
  'trip-taken',
  'no-trip',
  // computer players standing in for a seat
  'already-stood-in',
  'not-stood-in',
  // table chat and the nudge
  'invalid-chat',
  'too-many-messages',
  'nudge-too-soon',
  'nudge-not-needed',
  // undo (functions/matches/undo.ts)
  'nothing-to-undo',
  'undo-not-allowed',
  'undo-turn-over',
  'undo-others-acted',
  'undo-computer-seat',
  'undo-requests-off',
  'undo-not-askable',
  'undo-already-asked',
  'no-undo-request',
  // notification settings
  'email-unavailable',
  'email-failed',
  'address-suppressed',
  'confirmation-limit',
  'confirmation-limit-seat',
  'confirmation-limit-match',
  'confirmation-limit-client',
  'push-unavailable',
  'too-many-devices',
  // chat-app webhooks (functions/notify/webhook-settings.ts)
  'webhook-address',
  'too-many-webhooks',
  'no-such-webhook',
  'webhook-test-limit',
  'webhooks-unavailable',
  // rated matches (functions/ratings)
  'not-ratable',
  'rated-sign-in',
  'rated-one-seat',
  // open games and quick match (./lobby.ts)
  'not-an-open-game',
  'seat-taken',
  'already-seated',
  'too-many-open-games',
  'open-game-limit',
  // challenges by name (./challenges.ts)
  'no-such-opponent',
  'challenge-self',
  'challenge-blocked',
  'no-such-challenge',
  'challenge-closed',
  'too-many-challenges',
  'challenge-limit',
  // replay
  'replay-range',
  'replay-not-offered',
  'replay-diverged',
] as const;
export type MatchErrorCode = (typeof MATCH_ERROR_CODES)[number];

/** Fields an error carries besides its code and message; sent as they are, in this order of writing. */
export interface MatchErrorDetails {
  issues?: { path: string; message: string }[];
  /** The match's version when the request was refused, so the page can catch up. */
  version?: number;
  /** Seconds to wait before asking again. */
  retryAfter?: number;
}

/** A refusal's message (shared/i18n/errors, and the site's `error.invalid.*`): the HTTP edge words it in the request's language. */
export type ErrorKey = ServerErrorKey | Extract<SiteKey, `error.${string}`>;
/**
 * A refusal's details for its message: numbers and strings, times (`{ time: ms }`, said as the
 * language says times) and a game's name (`{ game: id, name }`: the catalog's name, else `name`).
 */
export type ErrorParams = Readonly<Record<string, string | number | { time: number } | { game: string; name: string }>>;
/** What a refusal says: a key, or a key and its parameters. */
export type ErrorWords = ErrorKey | { key: ErrorKey; params: ErrorParams };

/** A refusal's words as key and params (params only when there are some). */
export const wordsOf = (w: ErrorWords): { key: ErrorKey; params?: ErrorParams } => (typeof w === 'string' ? { key: w } : w);

export class MatchError extends Error {
  /** Zod's own issues, when the refusal is a failed parse: the edge words them again in the request's language. */
  zodIssues?: readonly object[];
  /**
   * `words`: what the refusal says (no sentence here: the match side keeps no language). `retryAfter`:
   * seconds to wait before asking again, said in the Retry-After header; by default the one in
   * `details` (some refusals give it only in the header). The Error's own message (for logs) is the key.
   */
  constructor(
    readonly code: MatchErrorCode,
    readonly words: ErrorWords,
    readonly details: MatchErrorDetails = {},
    readonly retryAfter: number | undefined = details.retryAfter,
  ) {
    super(wordsOf(words).key);
    this.name = 'MatchError';
  }
}

/**
 * A move the game's rules refuse, under the game's own code (its rule error vocabulary). `reason` is
 * the engine's (words, or English from engines not yet moved to keys); the HTTP edge says it in the
 * request's language with the seats named from `names`. The Error's own message (for logs) is its key.
 */
export class RuleError extends Error {
  readonly code: string;
  constructor(
    readonly reason: EngineRuleError,
    readonly names: readonly (string | null)[],
    readonly details: { version: number },
  ) {
    super(reason.key ?? reason.message ?? reason.code);
    this.code = reason.code;
    this.name = 'RuleError';
  }
}

const MAX_ISSUES = 10;

/** What a request check parsed, for its refusal's message (`error.invalid.<what>`). */
export type Parsed = 'request' | 'query' | 'link' | 'options' | 'move' | 'matchId' | 'seat' | 'sessionId' | 'idempotencyKey';

/**
 * A zod failure as an invalid request with at most ten issues, each path and message kept short. Zod's
 * issues are kept (not sent) so the edge can word them again in the request's language; parse with
 * `reportInput` for that, as `parse` does (a type issue names what was received).
 */
export function invalid(error: { issues: readonly unknown[] }, what: Parsed = 'request'): MatchError {
  const issues = (error.issues as { path?: PropertyKey[]; message?: string }[]).slice(0, MAX_ISSUES).map((i) => ({
    path: (i.path ?? []).map(String).join('.').slice(0, 100),
    message: String(i.message ?? 'invalid').slice(0, 200),
  }));
  const e = new MatchError('invalid-request', `error.invalid.${what}`, { issues });
  e.zodIssues = error.issues.slice(0, MAX_ISSUES) as object[];
  return e;
}

/**
 * A game's schema (zod behind the engine's one-argument `safeParse`) parsed with the input kept in its
 * issues, so the edge can word them again ("expected a number, received a string").
 */
export function parseKeepingInput<R>(schema: { safeParse(input: unknown): R }, input: unknown): R {
  return (schema.safeParse as (input: unknown, ctx: { reportInput: boolean }) => R).call(schema, input, { reportInput: true });
}

/** The value, or an invalid-request error naming what was parsed. */
export function parse<T>(schema: z.ZodMiniType<T>, input: unknown, what?: Parsed): T {
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw invalid(r.error, what);
  return r.data;
}
