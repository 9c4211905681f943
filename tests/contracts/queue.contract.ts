/**
 * The consumer queue's contract (functions/queues.ts), written once and run against both adapters in
 * tests/platform/queues.test.ts: the in-memory queue for real (functions/storage/memory/queue.ts), the SQS
 * adapter (functions/storage/sqs.ts) against a client that records what SQS would have taken (SQS itself
 * cannot run here: no AWS, no Docker). What is sent comes back as the same change, once, with its delay in
 * whole seconds; however many messages one `send` holds.
 */
import { describe, expect, it } from 'vitest';
import type { TableChange } from '../../functions/changes.js';
import type { ChangeQueue, OutgoingMessage, QueuedChange } from '../../functions/queues.js';

export interface QueueUnderTest {
  queue: ChangeQueue;
  /** Everything the queue holds now (delays waited out), as changes with the delay each was sent with. */
  received(): Promise<{ change: TableChange; delaySeconds: number }[]>;
}

const match = (i: number): QueuedChange => ({ kind: 'match-changed', matchId: `m${i}`, version: i, wakesBots: i % 2 === 0 });
const outbox: QueuedChange = {
  kind: 'outbox',
  entry: { key: { pk: 'M#x', sk: 'NOTIFY#1' }, intents: [{ matchId: 'x', version: 1, seat: 0, kind: 'turn' } as never] },
};
const strip = ({ id: _id, ...rest }: TableChange) => rest;

export function describeQueueContract(name: string, make: () => QueueUnderTest): void {
  describe(`consumer queue contract: ${name}`, () => {
    it('hands back every message of a send of 23 (more than one SQS batch), once each, as the change sent', async () => {
      const q = make();
      const messages: OutgoingMessage[] = [
        ...Array.from({ length: 22 }, (_, i) => ({ id: `c${i}`, change: match(i) })),
        { id: 'o', change: outbox },
      ];
      expect(await q.queue.send(messages)).toEqual([]);
      const got = await q.received();
      expect(got.map((g) => strip(g.change)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
        messages.map((m) => m.change).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
      // Each with an id of its own (what a partial batch response names).
      expect(new Set(got.map((g) => g.change.id)).size).toBe(23);
    });

    it('keeps a delay in whole seconds, and a reaction seat with it', async () => {
      const q = make();
      const reaction: QueuedChange = { kind: 'match-changed', matchId: 'm', version: null, wakesBots: true, reactionSeat: 2 };
      expect(await q.queue.send([{ id: 'r', change: reaction, delaySeconds: 3 }])).toEqual([]);
      const [got] = await q.received();
      expect(strip(got!.change)).toEqual(reaction);
      expect(got!.delaySeconds).toBe(3);
    });

    it('an empty send sends nothing', async () => {
      const q = make();
      expect(await q.queue.send([])).toEqual([]);
      expect(await q.received()).toEqual([]);
    });
  });
}
