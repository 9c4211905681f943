/**
 * The table's one stream reader and the queues behind it (issue 27; docs/decisions/stream-fan-out.md): the
 * queue contract on both adapters; the SQS adapter's batching and retries against a client that injects
 * faults (SQS cannot run here); the in-memory queue's delays, retries and dead letters for real; the fan-out's
 * routing and what it reports for retry; and a computer's snap as a delayed message instead of a sleep.
 */
import type { SendMessageBatchCommand, SendMessageBatchCommandOutput } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { botPlayers } from '#shared/games/bots.js';
import { onBotChanges, reactionLater } from '../../functions/bots/records.js';
import { BotRunner } from '../../functions/bots/runner.js';
import type { TableChange } from '../../functions/changes.js';
import { fanOut, messagesFor } from '../../functions/fan-out.js';
import { type ChangeQueue, decodeChange, delaySecondsOf, type OutgoingMessage } from '../../functions/queues.js';
import { MemoryChangeQueue } from '../../functions/storage/memory/queue.js';
import { SqsChangeQueue } from '../../functions/storage/sqs.js';
import { describeQueueContract } from '../contracts/queue.contract.js';
import { botHarness } from './bots.support.js';

type Entry = NonNullable<SendMessageBatchCommand['input']['Entries']>[number];

/** A stand-in for the SQS client: records every call; `fail` decides, per call and entry, what SQS answers. */
function fakeSqs(fail: (call: number, entry: Entry) => 'ok' | 'retryable' | 'sender' | 'throw' = () => 'ok') {
  const calls: Entry[][] = [];
  const stored: Entry[] = [];
  const client = {
    async send(command: SendMessageBatchCommand): Promise<SendMessageBatchCommandOutput> {
      const entries = command.input.Entries ?? [];
      const call = calls.push(entries) - 1;
      if (entries.length > 10) throw new Error('SQS takes at most 10 entries per call');
      if (entries.some((e) => fail(call, e) === 'throw')) throw new Error('network down');
      const Failed = entries
        .filter((e) => fail(call, e) !== 'ok')
        .map((e) => ({ Id: e.Id!, SenderFault: fail(call, e) === 'sender', Code: 'X' }));
      stored.push(...entries.filter((e) => fail(call, e) === 'ok'));
      return { Successful: [], Failed, $metadata: {} };
    },
  };
  return { client: client as never, calls, stored };
}

const noPause = async () => {};

describeQueueContract('SQS adapter (recording client)', () => {
  const sqs = fakeSqs();
  return {
    queue: new SqsChangeQueue(sqs.client, 'https://sqs.test/q', { pause: noPause }),
    received: async () => sqs.stored.map((e, i) => ({ change: decodeChange(e.MessageBody!, `s${i}`), delaySeconds: e.DelaySeconds ?? 0 })),
  };
});

describeQueueContract('in-memory queue', () => {
  const clock = { now: 0 };
  const queue = new MemoryChangeQueue({ clock: () => clock.now });
  const sentAt = new Map<string, number>();
  return {
    queue,
    async received() {
      const got: { change: TableChange; delaySeconds: number }[] = [];
      // Nothing delayed shows before its time; everything shows once its time has come.
      const early = await queue.drain(async (changes) => {
        for (const c of changes) sentAt.set(c.id, 0);
        got.push(...changes.map((change) => ({ change, delaySeconds: 0 })));
        return { batchItemFailures: [] };
      });
      for (let s = 1; s <= 900 && queue.stats().depth > 0; s++) {
        clock.now = s * 1000;
        await queue.drain(async (changes) => {
          got.push(...changes.map((change) => ({ change, delaySeconds: s })));
          return { batchItemFailures: [] };
        });
      }
      expect(early).toBe(got.filter((g) => g.delaySeconds === 0).length);
      return got;
    },
  };
});

describe('the SQS adapter: batches of ten, partial failures retried, the rest answered', () => {
  const msgs = (n: number): OutgoingMessage[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      change: { kind: 'match-changed', matchId: `m${i}`, version: i, wakesBots: true },
    }));

  it('sends 25 messages in three calls of at most ten', async () => {
    const sqs = fakeSqs();
    expect(await new SqsChangeQueue(sqs.client, 'u', { pause: noPause }).send(msgs(25))).toEqual([]);
    expect(sqs.calls.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(sqs.stored).toHaveLength(25);
  });

  it('sends again only the entries SQS failed for its own reasons, until they go', async () => {
    // The first call fails entries 3 and 7 (throttled); the retry takes them.
    const sqs = fakeSqs((call, e) => (call === 0 && (e.Id === 'm3' || e.Id === 'm7') ? 'retryable' : 'ok'));
    const pauses: number[] = [];
    const queue = new SqsChangeQueue(sqs.client, 'u', { pause: async (ms) => void pauses.push(ms), pauseMs: 40 });
    expect(await queue.send(msgs(10))).toEqual([]);
    expect(sqs.calls.map((c) => c.length)).toEqual([10, 2]);
    expect(
      sqs.stored.map((e) => decodeChange(e.MessageBody!, '').kind === 'match-changed' && JSON.parse(e.MessageBody!).matchId).sort(),
    ).toEqual(
      msgs(10)
        .map((m) => (m.change as { matchId: string }).matchId)
        .sort(),
    );
    expect(pauses).toEqual([40]);
  });

  it("answers what is still unsent after its attempts, and never retries the sender's fault", async () => {
    const matchOf = (e: Entry) => JSON.parse(e.MessageBody!).matchId;
    const sqs = fakeSqs((_call, e) => (matchOf(e) === 'm1' ? 'retryable' : matchOf(e) === 'm2' ? 'sender' : 'ok'));
    const queue = new SqsChangeQueue(sqs.client, 'u', { pause: noPause, attempts: 3 });
    expect((await queue.send(msgs(4))).sort()).toEqual(['c1', 'c2']);
    // c1 tried three times, c2 once.
    expect(sqs.calls.map((c) => c.map(matchOf))).toEqual([['m0', 'm1', 'm2', 'm3'], ['m1'], ['m1']]);
  });

  it('a call that fails as a whole is retried like its entries', async () => {
    const sqs = fakeSqs((call) => (call === 0 ? 'throw' : 'ok'));
    expect(await new SqsChangeQueue(sqs.client, 'u', { pause: noPause }).send(msgs(3))).toEqual([]);
    expect(sqs.calls).toHaveLength(2);
    expect(sqs.stored).toHaveLength(3);
  });

  it('a wait becomes a delay of whole seconds, rounded up (1.5–3 s is 2 or 3 s), at most 15 minutes', () => {
    expect([1500, 2000, 2001, 3000, 0, 10 ** 7].map(delaySecondsOf)).toEqual([2, 2, 3, 3, 0, 900]);
  });
});

describe('the in-memory queue: delays, retries after the visibility timeout, dead letters', () => {
  const change = (i: number) => ({
    id: `x${i}`,
    change: { kind: 'match-changed', matchId: `m${i}`, version: 1, wakesBots: true } as const,
  });

  it('a delayed message waits its seconds; a failed one comes back after the visibility timeout, then goes to the dead letters', async () => {
    const clock = { now: 0 };
    const queue = new MemoryChangeQueue({ clock: () => clock.now, visibilityMs: 5_000, maxReceives: 3 });
    await queue.send([change(1), { ...change(2), delaySeconds: 2 }]);
    const seen: string[] = [];
    const failing = async (changes: TableChange[]) => {
      seen.push(...changes.map((c) => (c.kind === 'match-changed' ? c.matchId : '?')));
      return {
        batchItemFailures: changes.filter((c) => c.kind === 'match-changed' && c.matchId === 'm1').map((c) => ({ itemIdentifier: c.id })),
      };
    };
    expect(await queue.drain(failing)).toBe(1);
    expect(seen).toEqual(['m1']);
    clock.now = 2_000;
    expect(await queue.drain(failing)).toBe(1);
    expect(seen).toEqual(['m1', 'm2']);
    // m1 is hidden until 5 s after its receive.
    clock.now = 4_999;
    expect(await queue.drain(failing)).toBe(0);
    clock.now = 5_000;
    expect(await queue.drain(failing)).toBe(1);
    clock.now = 10_000;
    expect(await queue.drain(failing)).toBe(1);
    // Third receive failed: dead-lettered, not handed over again.
    expect(queue.deadLetters.map((c) => c.kind === 'match-changed' && c.matchId)).toEqual(['m1']);
    clock.now = 60_000;
    expect(await queue.drain(failing)).toBe(0);
    expect(queue.stats()).toEqual({ depth: 0, oldestAgeMs: 0, deadLetters: 1 });
  });

  it('a batch that throws is retried whole; batches of at most batchSize, side by side up to the concurrency', async () => {
    const clock = { now: 0 };
    const queue = new MemoryChangeQueue({ clock: () => clock.now, visibilityMs: 1_000, batchSize: 3, concurrency: 2 });
    await queue.send(Array.from({ length: 7 }, (_, i) => change(i)));
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    let thrown = false;
    const handle = async (changes: TableChange[]) => {
      running++;
      most = Math.max(most, running);
      sizes.push(changes.length);
      await new Promise((r) => setImmediate(r));
      running--;
      if (!thrown) {
        thrown = true;
        throw new Error('crash');
      }
      return { batchItemFailures: [] };
    };
    expect(await queue.drain(handle)).toBe(7);
    expect(sizes.every((s) => s <= 3)).toBe(true);
    expect(most).toBe(2);
    expect(queue.stats().depth).toBe(3);
    clock.now = 1_000;
    expect(await queue.drain(handle)).toBe(3);
    expect(queue.stats().depth).toBe(0);
  });
});

describe('the one stream reader: each change to the queues that want it, only unsent ones reported', () => {
  const changes: TableChange[] = [
    { kind: 'match-changed', id: '1', matchId: 'a', version: 4, wakesBots: true },
    { kind: 'match-changed', id: '2', matchId: 'a', version: 5, wakesBots: true },
    { kind: 'match-changed', id: '3', matchId: 'b', version: 9, wakesBots: false },
    { kind: 'outbox', id: '4', entry: { key: { pk: 'M#a', sk: 'NOTIFY#1' }, intents: [] } },
    { kind: 'other', id: '5' },
    { kind: 'match-changed', id: '6', matchId: 'b', version: 8, wakesBots: false },
  ];
  const recording = (unsent: (m: OutgoingMessage) => boolean = () => false) => {
    const sent: OutgoingMessage[] = [];
    const queue: ChangeQueue = {
      async send(messages) {
        sent.push(...messages);
        return messages.filter(unsent).map((m) => m.id);
      },
    };
    return { queue, sent };
  };

  it('routes and folds: the dispatcher per outbox entry, the bots per match that wakes them, the live channel per match at its newest version', async () => {
    const notify = recording();
    const bots = recording();
    const live = recording();
    expect(await fanOut(changes, { notify: notify.queue, bots: bots.queue, live: live.queue })).toEqual({ batchItemFailures: [] });
    expect(notify.sent.map((m) => m.change.kind)).toEqual(['outbox']);
    expect(bots.sent.map((m) => m.change)).toEqual([{ kind: 'match-changed', matchId: 'a', version: 5, wakesBots: true }]);
    expect(live.sent.map((m) => m.change).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual([
      { kind: 'match-changed', matchId: 'a', version: 5, wakesBots: true },
      { kind: 'match-changed', matchId: 'b', version: 9, wakesBots: false },
    ]);
    expect(
      messagesFor('live', changes).find((p) => p.message.change.kind === 'match-changed' && p.message.change.matchId === 'b')!.covers,
    ).toEqual(['3', '6']);
  });

  it('a message that could not be sent reports every change it stands for, and nothing else', async () => {
    const bots = recording();
    const live = recording((m) => m.change.kind === 'match-changed' && m.change.matchId === 'b');
    const out = await fanOut(changes, { bots: bots.queue, live: live.queue });
    expect(out.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['3', '6']);
  });

  it('a queue that throws reports all its changes; the others are still sent', async () => {
    const notify = recording();
    const broken: ChangeQueue = {
      async send() {
        throw new Error('down');
      },
    };
    const logs: Record<string, unknown>[] = [];
    const out = await fanOut(changes, { notify: notify.queue, bots: broken }, (e) => logs.push(e));
    expect(out.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['1', '2']);
    expect(notify.sent).toHaveLength(1);
    expect(logs.some((l) => l.consumer === 'bots')).toBe(true);
  });

  it('a delayed reaction message reaches the runner as the seat that waited', async () => {
    const queue = new MemoryChangeQueue();
    await queue.send([{ id: 'r', change: { kind: 'match-changed', matchId: 'z', version: null, wakesBots: true, reactionSeat: 2 } }]);
    const calls: [string, number | undefined][] = [];
    const handle = onBotChanges(
      {
        handle: async (matchId, waited) => {
          calls.push([matchId, waited]);
          return { moves: 1, fallbacks: 0, reactions: 0, stopped: 'idle' };
        },
      },
      () => {},
    );
    await queue.drain(handle);
    expect(calls).toEqual([['z', 2]]);
  });
});

describe("a computer's snap from its queue: a delayed message, not a sleep", () => {
  it('memory: the reaction waits 2–3 whole seconds on the queue, comes back as the waited seat, and is decided again and made', async () => {
    const h = await botHarness({ seed: 5 });
    const clock = { now: 0 };
    const queue = new MemoryChangeQueue({ clock: () => clock.now });
    const delays: number[] = [];
    let slept = 0;
    const runner = new BotRunner({
      service: h.service,
      store: h.table.store,
      players: botPlayers,
      clock: () => h.clock.now,
      sleep: async () => void slept++,
      later: async (matchId, seat, seconds) => {
        delays.push(seconds);
        await reactionLater(queue)(matchId, seat, seconds);
      },
      log: () => {},
    });
    const arrivals: { waited: number; moves: number }[] = [];
    const onChanges = onBotChanges(
      {
        handle: async (matchId, waited) => {
          const report = await runner.handle(matchId, waited);
          if (waited !== undefined) arrivals.push({ waited, moves: report.moves });
          return report;
        },
      },
      () => {},
    );
    // The deal is the server's own (random): play matches until a computer's snap has come back from the queue and been made.
    for (let game = 0; game < 6; game++) {
      const created = await h.create({
        game: 'dutch-memory',
        seats: 4,
        options: { endScore: 30, snapOthers: true },
        bots: [1, 2, 3].map((seat) => ({ seat, level: 'strong' })),
      });
      const me = { seat: 0, token: created.token };
      for (let step = 0, idle = 0; step < 400 && idle < 5; step++) {
        // As the stream would after each change: a wake for the match; then the delays that came due.
        await queue.send([{ id: 'wake', change: { kind: 'match-changed', matchId: created.matchId, version: null, wakesBots: true } }]);
        for (let tick = 0; tick < 2; tick++) {
          clock.now += 3_000;
          await queue.drain(onChanges);
        }
        const moved = await h.humanMove(created.matchId, me);
        if (moved === 'over') break;
        idle = moved === 'waiting' ? idle + 1 : 0;
      }
      if (arrivals.some((a) => a.moves > 0)) break;
    }
    expect(slept).toBe(0);
    expect(delays.length).toBeGreaterThan(0);
    // REACTION_MS is 1.5–3 s: whole seconds rounded up are 2 or 3.
    for (const d of delays) expect([2, 3]).toContain(d);
    expect(arrivals.length).toBeGreaterThan(0);
    expect(arrivals.some((a) => a.moves > 0)).toBe(true);
    expect(queue.deadLetters).toEqual([]);
  }, 240_000);
});

describe("a computer's move that fails: retried by its queue, then dead-lettered", () => {
  const wake = { id: 'w', change: { kind: 'match-changed', matchId: 'q', version: 3, wakesBots: true } as const };

  it('a run that fails comes back after the visibility timeout and is made on a later receive', async () => {
    const clock = { now: 0 };
    const queue = new MemoryChangeQueue({ clock: () => clock.now, visibilityMs: 60_000, maxReceives: 5 });
    let tries = 0;
    const onChanges = onBotChanges(
      {
        handle: async () => {
          if (++tries < 3) throw new Error('database busy');
          return { moves: 1, fallbacks: 0, reactions: 0, stopped: 'idle' };
        },
      },
      () => {},
    );
    await queue.send([wake]);
    expect(await queue.drain(onChanges)).toBe(1);
    expect(await queue.drain(onChanges)).toBe(0);
    clock.now = 60_000;
    await queue.drain(onChanges);
    clock.now = 120_000;
    await queue.drain(onChanges);
    expect(tries).toBe(3);
    expect(queue.stats()).toEqual({ depth: 0, oldestAgeMs: 0, deadLetters: 0 });
  });

  it('a run that always fails goes to the dead letters after its receives (where the alarm sees it), and stops costing runs', async () => {
    const clock = { now: 0 };
    const queue = new MemoryChangeQueue({ clock: () => clock.now, visibilityMs: 60_000, maxReceives: 5 });
    let tries = 0;
    const onChanges = onBotChanges(
      {
        handle: async () => {
          tries++;
          throw new Error('broken');
        },
      },
      () => {},
    );
    await queue.send([wake]);
    for (let i = 0; i < 8; i++) {
      await queue.drain(onChanges);
      clock.now += 60_000;
    }
    expect(tries).toBe(5);
    expect(queue.deadLetters.map((c) => c.kind === 'match-changed' && c.matchId)).toEqual(['q']);
  });
});

describe('the in-memory queue as npm start runs it', () => {
  it('a consumer is woken by each send, not by its poll (here a minute): pokes leave at once', async () => {
    const queue = new MemoryChangeQueue();
    const seen: string[] = [];
    const abort = new AbortController();
    const running = queue.consume(
      async (changes) => {
        seen.push(...changes.map((c) => (c.kind === 'match-changed' ? c.matchId : '?')));
        return { batchItemFailures: [] };
      },
      abort.signal,
      60_000,
    );
    for (const id of ['a', 'b', 'c']) {
      await queue.send([{ id, change: { kind: 'match-changed', matchId: id, version: 1, wakesBots: false } }]);
      await expect.poll(() => seen.includes(id), { timeout: 5_000, interval: 10 }).toBe(true);
    }
    abort.abort();
    await running;
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
