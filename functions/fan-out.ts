/**
 * The table's one stream reader (docs/decisions/stream-fan-out.md): a batch of the table's changes in, each
 * sent to the queue of each part that wants it (functions/queues.ts), the changes to read again out.
 * DynamoDB Streams allows two readers per shard at most; with one reader and a queue per consumer each
 * consumer scales, retries and dead-letters on its own. functions/lambda/stream.ts runs it on AWS,
 * functions/local/stream-lane.ts under `npm start`.
 *
 * A batch's changes are folded per consumer before sending: the computer players get one message per match
 * (they read the latest state anyway), the live channel one per match with its newest version, the
 * dispatcher one per outbox entry. A change is reported for retry only when a message it went into could
 * not be sent; the stream then hands it (and those after it) over again, and the consumers take a repeat
 * in their stride (versioned reads, delivery claims).
 */
import { botMatchOf } from './bots/records.js';
import type { ChangeFailures, TableChange } from './changes.js';
import { pokeOf } from './live/records.js';
import { type ChangeQueue, type OutgoingMessage, queuedOf } from './queues.js';

/** The parts that follow the table's changes, each from a queue of its own. */
export const CONSUMERS = ['notify', 'bots', 'live'] as const;
export type Consumer = (typeof CONSUMERS)[number];

export type ConsumerQueues = Partial<Record<Consumer, ChangeQueue>>;

/** What a consumer makes of a change: the key its messages are folded by, or null when it does not want it. */
const FOLD: Record<Consumer, (c: TableChange) => string | null> = {
  notify: (c) => (c.kind === 'outbox' ? c.id : null),
  bots: (c) => botMatchOf(c),
  live: (c) => pokeOf(c)?.matchId ?? null,
};

/** The messages for one consumer, each with the ids of the changes it stands for. */
export function messagesFor(consumer: Consumer, changes: readonly TableChange[]): { message: OutgoingMessage; covers: string[] }[] {
  const folded = new Map<string, { change: TableChange; covers: string[] }>();
  for (const c of changes) {
    const key = FOLD[consumer](c);
    if (key === null) continue;
    const prior = folded.get(key);
    // The live channel keeps the newest version; the others the latest change (any of them reads the latest state).
    const newer = consumer !== 'live' || !prior || (pokeOf(c)?.version ?? 0) >= (pokeOf(prior.change)?.version ?? 0);
    folded.set(key, { change: newer ? c : prior!.change, covers: [...(prior?.covers ?? []), c.id] });
  }
  return [...folded.values()].map(({ change, covers }) => ({ message: { id: change.id, change: queuedOf(change) }, covers }));
}

/** Sends the batch's changes to the consumers' queues; answers the changes whose messages were not all sent. */
export async function fanOut(
  changes: readonly TableChange[],
  queues: ConsumerQueues,
  log: (entry: Record<string, unknown>) => void = () => {},
): Promise<ChangeFailures> {
  const failed = new Set<string>();
  await Promise.all(
    CONSUMERS.map(async (consumer) => {
      const queue = queues[consumer];
      const parts = messagesFor(consumer, changes);
      if (!queue || parts.length === 0) return;
      let unsent: Set<string>;
      try {
        unsent = new Set(await queue.send(parts.map((p) => p.message)));
      } catch (err) {
        unsent = new Set(parts.map((p) => p.message.id));
        log({ level: 'error', message: 'sending to a consumer queue failed', consumer, error: String(err) });
      }
      for (const p of parts) if (unsent.has(p.message.id)) for (const id of p.covers) failed.add(id);
      if (unsent.size > 0)
        log({ level: 'warn', message: 'changes not sent; the stream hands them over again', consumer, unsent: unsent.size });
    }),
  );
  return { batchItemFailures: changes.filter((c) => failed.has(c.id)).map((c) => ({ itemIdentifier: c.id })) };
}
