/**
 * Request and response shapes of the HTTP API. Every request is parsed with these before anything
 * else happens; the OpenAPI document is generated from the same schemas.
 */
import * as z from 'zod';
import { TOKEN_PATTERN } from '../matches/tokens.js';
import { TimingRequest } from '../notify/timing.js';

/** Names are shown to other players and put into emails: short, printable, trimmed. */
export const DisplayName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(24, 'Names are at most 24 characters.')
  .refine((s) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u.test(s), 'Names may not contain control characters or < >.');

export const Secret = z.string().regex(TOKEN_PATTERN, 'Not a valid link secret.');
export const MatchId = z.string().regex(/^[A-Za-z0-9_-]{12}$/, 'Not a match id.');
export const SeatParam = z.coerce.number().int().min(0).max(7);
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Idempotency-Key must be 8–64 letters, digits, - or _.');

export const CreateMatchRequest = z
  .object({
    game: z.string().min(1).max(40),
    options: z.record(z.string(), z.unknown()).default({}),
    seats: z.number().int().min(1).max(8),
    name: DisplayName,
    /** Platform options (reminders, move deadline), apart from the game's own options. */
    timing: TimingRequest.optional(),
  })
  .strict();

export const JoinRequest = z.object({ invite: Secret, name: DisplayName }).strict();

export const MoveRequest = z
  .object({
    expectedVersion: z.number().int().min(0),
    move: z.unknown().refine((m) => m !== undefined, 'A move is required.'),
  })
  .strict();

export const ResignRequest = z.object({ expectedVersion: z.number().int().min(0).optional() }).strict();

export const LogQuery = z.object({ before: z.coerce.number().int().min(1).optional() }).strict();

const LogEntry = z.object({ type: z.string(), text: z.string(), seat: z.number().optional(), data: z.unknown().optional() });

export const MatchResponse = z.object({
  matchId: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  version: z.number(),
  status: z.enum(['open', 'active', 'over']),
  options: z.unknown(),
  timing: z
    .object({ reminderHours: z.number(), deadlineDays: z.number(), policy: z.string() })
    .nullable()
    .optional(),
  seats: z.array(
    z.object({
      seat: z.number(),
      name: z.string().nullable(),
      joined: z.boolean(),
      waitingSince: z.number().nullable(),
      deadlineAt: z.number().nullable().optional(),
      pausedUntil: z.number().nullable().optional(),
    }),
  ),
  you: z.number().nullable(),
  toAct: z.array(z.number()),
  view: z.unknown(),
  legalMoves: z.array(z.unknown()),
  log: z.array(z.object({ version: z.number(), at: z.number(), seat: z.number().nullable(), entries: z.array(LogEntry) })),
  end: z.unknown().nullable(),
  rematchId: z.string().nullable(),
  events: z.array(LogEntry).optional(),
  reveal: z.unknown().optional(),
});

export const CreateMatchResponse = z.object({
  matchId: z.string(),
  seat: z.number(),
  token: z.string(),
  url: z.string(),
  invites: z.array(z.object({ seat: z.number(), url: z.string() })),
  spectatorUrl: z.string(),
});

export const JoinResponse = z.object({ matchId: z.string(), seat: z.number(), token: z.string(), url: z.string() });

export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    version: z.number().optional(),
  }),
});
