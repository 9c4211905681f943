/**
 * Reliable delivery on DynamoDB Local's real stream: a dispatcher that crashes after sending and
 * before marking, duplicate stream records, a record lost by the stream and re-driven by the
 * sweep. Messages are counted where they arrive: a real SMTP listener and a push stand-in.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, SimulatedCrash } from '../../functions/notify/dispatcher.js';
import { batchOf, outboxOfRecord } from '../../functions/storage/stream-records.js';
import type { DynamoDBRecord } from 'aws-lambda';
import { browserKeys, confirmedEmail, decryptPush, harness, playUntilTurnOf, mailAndPush, type Harness } from './support.js';

const io = mailAndPush();

const browsers = new Map<string, ReturnType<typeof browserKeys>>();

/** A 3-player match where seats 1 and 2 have a confirmed address and a push device each. */
async function subscribedMatch(h: Harness, tag: string) {
  const { matchId, seats } = await h.started(3, { options: { target: 5 } }, ['Ann', 'Bob', 'Cy']);
  for (const s of seats.slice(1)) {
    const address = `${tag}-${s.seat}@example.test`;
    await confirmedEmail(h, matchId, s, address, () =>
      io.smtp
        .to(address)
        .map((m) => m.text)
        .join('\n'),
    );
    await h.api.call('POST', `/api/matches/${matchId}/seats/${s.seat}/notifications/push`, {
      token: s.token,
      body: keysFor(`/push/${tag}-${s.seat}`).json(`${io.push.origin}/push/${tag}-${s.seat}`),
    });
  }
  return { matchId, seats };
}

function keysFor(path: string) {
  const keys = browserKeys();
  browsers.set(path, keys);
  return keys;
}

/** Everyone commits, then seats 0, 1, 2 add 2, 1, 1 (target 5): seat 0's next add wins. */
async function playToLastMove(h: Harness, matchId: string, seats: { seat: number; token: string }[]) {
  let v = await h.version(matchId, seats[0]!);
  for (const s of seats) v = (await h.api.move(matchId, s, v, { kind: 'commit', secret: 4 })).json.version;
  for (const [seat, amount] of [
    [0, 2],
    [1, 1],
    [2, 1],
  ] as const) {
    v = (await h.api.move(matchId, seats[seat]!, v, { kind: 'add', amount })).json.version;
  }
  return v;
}

/** The winning move: seats 1 and 2 are told the match is over (seat 0 made it). */
async function lastMove(h: Harness, matchId: string, seats: { seat: number; token: string }[], v: number) {
  const end = await h.api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 });
  expect(end.json.status).toBe('over');
}

/** Messages that arrived for a seat, by subject (mail) and decrypted title (push). */
const count = (tag: string, seat: number, subject: RegExp) => {
  const path = `/push/${tag}-${seat}`;
  return {
    mails: io.smtp.to(`${tag}-${seat}@example.test`).filter((m) => subject.test(m.subject ?? '')).length,
    pushes: io.push.requests.filter((r) => r.path === path && subject.test(JSON.parse(decryptPush(r.body, browsers.get(path)!)).title))
      .length,
  };
};

describe('reliable delivery', () => {
  it('crash after sending and before marking: no second copy while the lease runs; after it, the message again with the same Message-ID', async () => {
    const h = await harness({ email: io.sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'crash');
    const v = await playToLastMove(h, matchId, seats);
    await h.deliver();
    expect(count('crash', 1, /Your move/)).toEqual({ mails: 1, pushes: 1 });
    const before = io.push.requests.length + io.smtp.messages.length;
    await lastMove(h, matchId, seats, v);

    // The first dispatcher dies right after each message leaves, before recording it.
    let crashes = 0;
    const crashing = h.reader(
      h.dispatcher(
        {
          afterSend: () => {
            crashes++;
            throw new SimulatedCrash();
          },
        },
        { concurrency: 1 },
      ),
    );
    await expect(crashing.pollOnce()).rejects.toBeInstanceOf(SimulatedCrash);
    expect(crashes).toBeGreaterThan(0);
    expect(io.push.requests.length + io.smtp.messages.length).toBeGreaterThan(before);
    const sentBeforeCrash = { 1: count('crash', 1, /is over/), 2: count('crash', 2, /is over/) };

    // Restart at once: the dead process's claims are still within their lease, so nothing it may
    // have sent goes twice; what it never reached goes now. The entry stays in the outbox.
    await h.reader().pollOnce();
    const total = () => [count('crash', 1, /is over/), count('crash', 2, /is over/)];
    expect(total()).toEqual([
      { mails: 1, pushes: 1 },
      { mails: 1, pushes: 1 },
    ]);
    expect(await h.store.pendingIntents(matchId)).not.toEqual([]);

    // After the lease, the sweep re-drives the entry and the stale claims are taken over: every
    // player has the message (at least once); a repeated mail carries the same Message-ID.
    h.clock.advance(CLAIM_LEASE_MS + 11 * 60 * 1000);
    await h.sweep.run();
    await h.reader().pollOnce();
    expect(
      await h.store.pendingIntents(matchId),
      JSON.stringify(h.logs.filter((l) => l.level !== 'info' || l.delivery !== 'sent')),
    ).toEqual([]);
    for (const seat of [1, 2] as const) {
      const now = count('crash', seat, /is over/);
      expect(now.mails).toBeGreaterThanOrEqual(1);
      expect(now.pushes).toBeGreaterThanOrEqual(1);
      // Only a message the crashed process had sent can arrive twice.
      expect(now.mails).toBeLessThanOrEqual(1 + sentBeforeCrash[seat].mails);
      expect(now.pushes).toBeLessThanOrEqual(1 + sentBeforeCrash[seat].pushes);
      const ids = io.smtp
        .to(`crash-${seat}@example.test`)
        .filter((m) => /is over/.test(m.subject ?? ''))
        .map((m) => m.messageId);
      expect(new Set(ids).size).toBe(1);
    }
    // And a further start changes nothing.
    const settled = total();
    await h.reader().pollOnce();
    expect(total()).toEqual(settled);
    await h.close();
  });

  it('duplicate stream records (redelivered, or two dispatchers at once) send no duplicate messages', async () => {
    const h = await harness({ email: io.sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'dup');
    const v = await playToLastMove(h, matchId, seats);
    await h.deliver();
    await lastMove(h, matchId, seats, v);
    const captured: DynamoDBRecord[] = [];
    // Read from DynamoDB Local's real stream, keeping the records the dispatcher was handed.
    const reading = h.reader(h.dispatcher(), (records) => captured.push(...records));
    await reading.pollOnce();
    // The last move's log item carries both "over" notifications.
    const intents = captured.filter((r) => r.eventName === 'INSERT' && outboxOfRecord(r) !== null);
    expect(intents.flatMap((r) => outboxOfRecord(r)!.intents.map((n) => n.kind))).toEqual(['over', 'over']);
    expect(count('dup', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });

    // The same records again, twice at once and once more, by other dispatcher instances.
    await Promise.all([h.dispatcher().handleBatch(batchOf(captured)), h.dispatcher().handleBatch(batchOf(captured))]);
    const again = await h.dispatcher().handleBatch(batchOf([...intents, ...intents]));
    expect(again.batchItemFailures).toEqual([]);
    expect(count('dup', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('dup', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    // A reader started from scratch (no checkpoint memory of this instance) agrees.
    await h.reader().pollOnce();
    expect(count('dup', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    await h.close();
  });

  it('one outbox entry twice in a batch (its insert and a re-drive): delivered once, and the entry settles in that batch', async () => {
    const h = await harness({ email: io.sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'twice');
    await h.deliver();
    await lastMove(h, matchId, seats, await playToLastMove(h, matchId, seats));
    // The records of the last move, read off the stream by a reader that does not deliver them.
    const kept: DynamoDBRecord[] = [];
    await h.reader({ handleBatch: async () => ({ batchItemFailures: [] }) }, (r) => kept.push(...r)).pollOnce();
    const over = kept.filter((r) => outboxOfRecord(r)?.intents.some((n) => n.kind === 'over'));
    expect(over).toHaveLength(1);
    const out = await h.dispatcher().handleBatch(batchOf([...over, ...over, ...over]));
    expect(out.batchItemFailures).toEqual([]);
    expect((await h.store.pendingIntents(matchId)).filter((n) => n.kind === 'over')).toEqual([]);
    expect(count('twice', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('twice', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    await h.close();
  });

  it('the sweep re-drives an outbox row the stream lost, through the stream again', async () => {
    const h = await harness({ email: io.sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'lost');
    // A reader whose handler drops everything and reports success: the rows are checkpointed past.
    const losing = h.reader({ handleBatch: async () => ({ batchItemFailures: [] }) });
    await losing.pollOnce();
    await lastMove(h, matchId, seats, await playToLastMove(h, matchId, seats));
    await losing.pollOnce();
    const pending = await h.store.pendingIntents(matchId);
    expect(pending.length).toBeGreaterThanOrEqual(4); // the joins, two "your move", two "over"
    // Outbox entries: a log item carries all notifications of its change (both "over"s in one).
    const lost = new Set(pending.map((n) => n.version)).size;
    expect(lost).toBeLessThan(pending.length);
    expect(count('lost', 1, /is over/)).toEqual({ mails: 0, pushes: 0 });

    // Not yet: the grace period has not passed.
    expect((await h.sweep.run()).redriven).toBe(0);
    h.clock.advance(11 * 60 * 1000);
    const report = await h.sweep.run();
    expect(report.redriven).toBe(lost);
    await h.reader().pollOnce();
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    expect(count('lost', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('lost', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('lost', 2, /Your move/)).toEqual({ mails: 1, pushes: 1 });
    // Later sweeps find nothing left to re-drive.
    h.clock.advance(60 * 60 * 1000);
    expect((await h.sweep.run()).redriven).toBe(0);
    await h.close();
  });

  it('a dispatcher killed (SIGKILL) in the middle of sending a mail: the next run after its lease delivers the mail, once', async () => {
    const h = await harness({ email: io.sender });
    const { matchId, seats } = await h.started(2, { options: { target: 5 } }, ['Ann', 'Bob']);
    const address = 'killed-1@example.test';
    await confirmedEmail(h, matchId, seats[1]!, address, () =>
      io.smtp
        .to(address)
        .map((m) => m.text)
        .join('\n'),
    );
    await h.deliver(); // everything so far is delivered and checkpointed
    const before = io.smtp.to(address).length;

    // Bob's move comes; a dispatcher in another process picks up his mail, and the SMTP server
    // takes the whole message but never answers it: the process is killed while it waits.
    io.smtp.hold.add(address);
    await playUntilTurnOf(h, matchId, seats, 1);
    const heldNow = io.smtp.nextHeld();
    const child = spawn(
      fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)),
      [
        fileURLToPath(new URL('./dispatcher-child.ts', import.meta.url)),
        h.table.endpoint,
        h.table.tableName,
        io.smtp.url,
        String(h.clock.now),
      ],
      { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((res) => child.on('exit', (code, signal) => res(signal ?? code)));
    const first = await Promise.race([heldNow, exited.then(() => Promise.reject(new Error(`the child ended before sending: ${output}`)))]);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    io.smtp.hold.delete(address);
    const id = first.messageId!;
    expect(id).toMatch(new RegExp(`^<${matchId}\\.\\d+\\.1\\.n@dutch\\.test>$`));
    const completed = (messageId: string) => io.smtp.messages.filter((m) => m.messageId === messageId).length;
    expect(completed(id)).toBe(0);

    // At once, while the dead sender's lease still runs (it might have been only slow), a new
    // dispatcher sends no second copy, and the mail stays in the outbox.
    await h.reader().pollOnce();
    expect(completed(id)).toBe(0);
    expect((await h.store.pendingIntents(matchId)).some((n) => n.seat === 1)).toBe(true);

    // After the lease (and the sweep's grace period) the sweep re-drives it and the next run sends it.
    h.clock.advance(CLAIM_LEASE_MS + 11 * 60 * 1000);
    await h.sweep.run();
    await h.reader().pollOnce();
    expect(completed(id)).toBe(1);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    // Every mail Bob got is there once, and later runs change nothing.
    await h.reader().pollOnce();
    const ids = io.smtp
      .to(address)
      .slice(before)
      .map((m) => m.messageId);
    expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    await h.close();
  });
});
