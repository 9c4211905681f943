/**
 * The queues between the table's one stream reader and the parts that follow the table's changes
 * (docs/decisions/stream-fan-out.md): the reader (functions/fan-out.ts) sends each change to the queue of
 * each consumer that wants it (the dispatcher, the computer players, the live channel's pokes); a consumer
 * takes its messages back as the table's changes (functions/changes.ts), with the message's id as the
 * change's id, and answers with the ids to retry, as Lambda's partial batch response for SQS does. The
 * computer players also send themselves a delayed message: a snap's human-like moment (functions/bots/runner.ts).
 *
 * One port, two adapters: SQS (functions/storage/sqs.ts) on AWS, an in-process queue with delays, retries
 * and a dead-letter list (functions/storage/memory/queue.ts) under `npm start` and in tests.
 */
import * as z from 'zod';
import type { TableChange } from './changes.js';

/** A table change as it travels in a message: without its id (the queue gives every message its own). */
export type QueuedChange = TableChange extends infer C ? (C extends TableChange ? Omit<C, 'id'> : never) : never;

/** One message to send; `id` names it in the answer (unique within one `send`). */
export interface OutgoingMessage {
  id: string;
  change: QueuedChange;
  /** Whole seconds before it can be received (SQS DelaySeconds), 0–MAX_DELAY_SECONDS. */
  delaySeconds?: number;
}

export interface ChangeQueue {
  /** Sends the messages; answers the ids of those still not sent after the adapter's retries. */
  send(messages: readonly OutgoingMessage[]): Promise<string[]>;
}

/** SQS takes at most this many messages per SendMessageBatch. */
export const SEND_BATCH = 10;
/** SQS's longest per-message delay (15 minutes). */
export const MAX_DELAY_SECONDS = 900;

/** A wait in milliseconds as a message delay: whole seconds, rounded up (a delay is never shorter than asked). */
export const delaySecondsOf = (ms: number): number => Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(ms / 1000)));

const MatchChangedBody = z.object({
  kind: z.literal('match-changed'),
  matchId: z.string().min(1),
  version: z.number().int().nullable(),
  wakesBots: z.boolean(),
  reactionSeat: z.number().int().nonnegative().optional(),
});
const OutboxBody = z.object({
  kind: z.literal('outbox'),
  entry: z.object({ key: z.object({ pk: z.string(), sk: z.string() }), intents: z.array(z.looseObject({})) }),
});
const OtherBody = z.object({ kind: z.literal('other') });
const Body = z.discriminatedUnion('kind', [MatchChangedBody, OutboxBody, OtherBody]);

/** A change as a message body (JSON). */
export const encodeChange = (change: QueuedChange): string => JSON.stringify(change);

/**
 * A message body read back as the change it carries, with the message's id; a body that is not one of ours
 * reads as `other` (every consumer lets it pass, so it is not retried for ever).
 */
export function decodeChange(body: string, id: string): TableChange {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'other', id };
  }
  const parsed = Body.safeParse(json);
  if (!parsed.success) return { kind: 'other', id };
  return { ...(parsed.data as QueuedChange), id } as TableChange;
}

/** A change without its id, ready to send. */
export function queuedOf(change: TableChange): QueuedChange {
  const { id: _id, ...rest } = change;
  return rest as QueuedChange;
}
