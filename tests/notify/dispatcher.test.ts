/**
 * Reliable delivery on DynamoDB Local's real stream: a dispatcher that crashes after sending and
 * before marking, duplicate stream records, a record lost by the stream and re-driven by the
 * sweep. Messages are counted where they arrive: a real SMTP listener and a push stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxOfRecord, SimulatedCrash } from '../../functions/notify/dispatcher.js';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import type { DynamoDBRecord } from 'aws-lambda';
import {
  browserKeys,
  confirmedEmail,
  decryptPush,
  harness,
  pushStandIn,
  smtpListener,
  type Harness,
  type PushStandIn,
  type SmtpListener,
} from './support.js';

let smtp: SmtpListener;
let sender: SmtpEmailSender;
let push: PushStandIn;

beforeAll(async () => {
  smtp = await smtpListener();
  sender = new SmtpEmailSender(smtp.url);
  push = await pushStandIn();
});
afterAll(async () => {
  sender.close();
  await smtp.close();
  await push.close();
});

const browsers = new Map<string, ReturnType<typeof browserKeys>>();

/** A 3-player match where seats 1 and 2 have a confirmed address and a push device each. */
async function subscribedMatch(h: Harness, tag: string) {
  const { matchId, seats } = await h.started(3, { options: { target: 5 } }, ['Ann', 'Bob', 'Cy']);
  for (const s of seats.slice(1)) {
    const address = `${tag}-${s.seat}@example.test`;
    await confirmedEmail(h, matchId, s, address, () => smtp.to(address).map((m) => m.text).join('\n'));
    await h.api.call('POST', `/api/matches/${matchId}/seats/${s.seat}/notifications/push`, {
      token: s.token,
      body: keysFor(`/push/${tag}-${s.seat}`).json(`${push.origin}/push/${tag}-${s.seat}`),
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
  for (const [seat, amount] of [[0, 2], [1, 1], [2, 1]] as const) {
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
    mails: smtp.to(`${tag}-${seat}@example.test`).filter((m) => subject.test(m.subject ?? '')).length,
    pushes: push.requests.filter((r) => r.path === path && subject.test(JSON.parse(decryptPush(r.body, browsers.get(path)!)).title)).length,
  };
};

describe('reliable delivery', () => {
  it('crash after sending and before marking: after a restart each player has exactly one message for that turn', async () => {
    const h = await harness({ email: sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'crash');
    const v = await playToLastMove(h, matchId, seats);
    await h.deliver();
    expect(count('crash', 1, /Your move/)).toEqual({ mails: 1, pushes: 1 });
    const before = push.requests.length + smtp.messages.length;
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
    expect(push.requests.length + smtp.messages.length).toBeGreaterThan(before);

    // Restart: a new process reads the stream from the last checkpoint.
    const restarted = h.reader();
    await restarted.pollOnce();
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    // Exactly one "over" message per channel for each player who has channels (seats 1 and 2).
    expect(count('crash', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('crash', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    // And a third start changes nothing.
    await h.reader().pollOnce();
    expect(count('crash', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('crash', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    await h.close();
  });

  it('duplicate stream records (redelivered, or two dispatchers at once) send no duplicate messages', async () => {
    const h = await harness({ email: sender, push: true });
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
    await Promise.all([h.dispatcher().handleRecords(captured), h.dispatcher().handleRecords(captured)]);
    const again = await h.dispatcher().handleRecords([...intents, ...intents]);
    expect(again.batchItemFailures).toEqual([]);
    expect(count('dup', 1, /is over/)).toEqual({ mails: 1, pushes: 1 });
    expect(count('dup', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    // A reader started from scratch (no checkpoint memory of this instance) agrees.
    await h.reader().pollOnce();
    expect(count('dup', 2, /is over/)).toEqual({ mails: 1, pushes: 1 });
    await h.close();
  });

  it('the sweep re-drives an outbox row the stream lost, through the stream again', async () => {
    const h = await harness({ email: sender, push: true });
    const { matchId, seats } = await subscribedMatch(h, 'lost');
    // A reader whose handler drops everything and reports success: the rows are checkpointed past.
    const losing = h.reader({ handleRecords: async () => ({ batchItemFailures: [] }) } as never);
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
});
