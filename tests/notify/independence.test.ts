/**
 * Deliveries do not wait on each other's slow channels: with a push service that never answers,
 * another match's mail still arrives (while that push is still hanging), through the real stream
 * reader loop as `npm start` runs it; the hung push then times out, stays in the outbox, and is
 * delivered by a later attempt once the service answers again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '../../functions/notify/dispatcher.js';
import { addOne, browserKeys, confirmedEmail, harness, playUntilTurnOf, mailAndPush } from './support.js';

const io = mailAndPush();

/** Waits for a state to be observed (no assertion on how long it took). */
async function until(what: string, cond: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 2400; i++) {
    if (await cond()) return;
    await sleep(25);
  }
  throw new Error(`never happened: ${what}`);
}

describe('independent deliveries', () => {
  it('a push service that never answers does not hold up another match’s mail; the hung push times out and is delivered later', {
    timeout: 120_000,
  }, async () => {
    const h = await harness({ email: io.sender, push: { attempts: 1 } });
    // Match A: Bob has a device whose push service will get stuck.
    const a = await h.started(2, {}, ['Ann', 'Bob']);
    const sub = await h.api.call('POST', `/api/matches/${a.matchId}/seats/1/notifications/push`, {
      token: a.seats[1]!.token,
      body: browserKeys().json(`${io.push.origin}/push/stuck`),
    });
    expect(sub.status).toBe(201);
    // Match B: Dee has a confirmed address.
    const b = await h.started(2, {}, ['Cy', 'Dee']);
    const dee = 'dee.independent@example.test';
    await confirmedEmail(h, b.matchId, b.seats[1]!, dee, () =>
      io.smtp
        .to(dee)
        .map((m) => m.text)
        .join('\n'),
    );
    // In B, Cy is to add: one move and it is Dee's turn.
    await playUntilTurnOf(h, b.matchId, b.seats, 0);
    await h.deliver(); // what is out so far is checkpointed
    const deeBefore = io.smtp.to(dee).length;
    io.push.hang.add('/push/stuck');

    // A push bound below the sender's own 10 s per request, so the dispatcher's bound is what ends it.
    const reader = h.reader(h.dispatcher(undefined, { timeouts: { pushMs: 8_000 } }));
    const abort = new AbortController();
    const running = reader.run(abort.signal, 20);
    try {
      await playUntilTurnOf(h, a.matchId, a.seats, 1);
      await until('the push to the stuck service is under way', () => io.push.hung.length > 0);
      // Now Dee's turn comes in another match: her mail arrives while Bob's push still hangs.
      expect(await addOne(h, b.matchId, b.seats)).toBeGreaterThan(0);
      await until('Dee’s mail', () =>
        io.smtp
          .to(dee)
          .slice(deeBefore)
          .some((m) => m.subject?.startsWith('Your move')),
      );
      expect(io.push.hung[0]!.closed).toBe(false);
      expect(io.push.requests.some((r) => r.path === '/push/stuck')).toBe(false);

      // The stuck push times out: the call is given up, logged, and the notice stays in the outbox.
      await until('the push timed out', () =>
        h.logs.some((l) => l.message === 'push timed out; retried after the lease' && l.matchId === a.matchId),
      );
      await until('the stuck request given up', () => io.push.hung.every((r) => r.closed));
      expect((await h.store.pendingIntents(a.matchId)).some((n) => n.seat === 1)).toBe(true);

      // The service answers again; after the claim's lease, the sweep re-drives the notice and it goes out.
      io.push.hang.delete('/push/stuck');
      h.clock.advance(CLAIM_LEASE_MS + 11 * 60 * 1000);
      await h.sweep.run();
      await until('the push delivered', () => io.push.requests.some((r) => r.path === '/push/stuck'));
      await until('nothing left in the outbox', async () => (await h.store.pendingIntents(a.matchId)).length === 0);
    } finally {
      abort.abort();
      await running;
      await h.close();
    }
  });
});
