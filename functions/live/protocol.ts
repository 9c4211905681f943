/**
 * The live channel's messages, both ways, as one zod schema module. The channel only ever says
 * "match X is now at version N": never a move, a view or a log line. The page answers a poke with its
 * normal conditional read, so whatever it then sees went through the match routes' own checks.
 */
import * as z from 'zod/mini';

/** A message bigger than this is refused unread (a subscribe with a 43-character token is about 120 bytes). */
export const MAX_MESSAGE_BYTES = 1024;
/** Matches one connection may follow at once (a page shows one; a few tabs' worth of slack). */
export const MAX_SUBSCRIPTIONS = 4;
/** The path of the socket, locally (functions/local/live.ts) and behind CloudFront on AWS (infra/constructs/live.ts). */
export const LIVE_PATH = '/live';

const matchId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

export const ClientMessage = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('subscribe'),
    matchId,
    /** A seat token with its seat; without a seat, the token is the match's spectator secret. */
    seat: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(15))),
    token,
  }),
  z.strictObject({ action: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const LIVE_ERROR_CODES = ['bad-message', 'too-large', 'forbidden', 'no-such-match', 'too-many', 'unavailable'] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

export type ServerMessage =
  | { type: 'subscribed'; matchId: string; version: number }
  | { type: 'version'; matchId: string; version: number }
  | { type: 'error'; code: LiveErrorCode; message: string; matchId?: string }
  | { type: 'pong' };

/** The server's messages as the page parses them (web/src/live.ts checks the same shape by hand). */
export const ServerMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribed'), matchId: z.string(), version: z.number() }),
  z.strictObject({ type: z.literal('version'), matchId: z.string(), version: z.number() }),
  z.strictObject({ type: z.literal('error'), code: z.enum(LIVE_ERROR_CODES), message: z.string(), matchId: z.optional(z.string()) }),
  z.strictObject({ type: z.literal('pong') }),
]);
