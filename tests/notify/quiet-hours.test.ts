/**
 * Time that respects people, under an injected clock on the in-memory stores: a seat's time zone and quiet
 * hours (PUT …/seats/:seat/time) move a deadline that would pass inside them to their end, in that zone's
 * wall time across a change of summer time (Europe/Amsterdam); the match option `noWeekends` moves a
 * deadline off the weekend of the seat to move; and the notices that come in during quiet hours are held and
 * arrive once, as one merged mail, when they end.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { MatchService } from '../../functions/matches/service.js';
import { DAY, HOUR } from '../../functions/matches/timing.js';
import { quietEnd, settleDeadline, weekendEnd } from '../../functions/matches/zones.js';
import type { MatchRecord } from '../../functions/matches/port.js';
import { compose } from '../../functions/notify/compose.js';
import { Dispatcher } from '../../functions/notify/dispatcher.js';
import { myMatch } from '../../functions/players/listing.js';
import { DevOutbox } from '../../functions/notify/email.js';
import { Sweep } from '../../functions/notify/reminders.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { outboxOfItem } from '../../functions/storage/notify-dynamo.js';
import { client, type Seat } from '../support/app.js';
import { secretSums } from '../support/test-game.js';

const AMS = 'Europe/Amsterdam';
const NIGHT = { from: 23 * 60, to: 8 * 60 };
const utc = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h, min);
const URL = 'http://dutch.test';

describe('quiet hours and weekends in a zone (pure)', () => {
  it.each([
    // [what, instant, end of quiet hours]
    ['a winter night: 23:30 CET ends 08:00 CET', utc(2026, 1, 5, 22, 30), utc(2026, 1, 6, 7)],
    ['after midnight: 03:00 CET ends 08:00 CET the same day', utc(2026, 1, 6, 2), utc(2026, 1, 6, 7)],
    // Clocks go forward at 02:00 CET on Sunday 29 March 2026: the night is an hour shorter.
    ['the spring change: 00:30 CET ends 08:00 CEST', utc(2026, 3, 28, 23, 30), utc(2026, 3, 29, 6)],
    // Clocks go back at 03:00 CEST on Sunday 25 October 2026: the night is an hour longer.
    ['the autumn change: 01:30 CEST ends 08:00 CET', utc(2026, 10, 24, 23, 30), utc(2026, 10, 25, 7)],
  ])('%s', (_what, at, end) => {
    expect(quietEnd(at, { zone: AMS, quiet: NIGHT })).toBe(end);
  });

  it('is not quiet by day, nor without quiet hours, nor for hours that begin and end alike', () => {
    expect(quietEnd(utc(2026, 1, 5, 12), { zone: AMS, quiet: NIGHT })).toBeNull();
    expect(quietEnd(utc(2026, 1, 5, 23), { zone: AMS })).toBeNull();
    expect(quietEnd(utc(2026, 1, 5, 23), { zone: AMS, quiet: { from: 600, to: 600 } })).toBeNull();
    // A window within one day: 13:00–15:00 in Tokyo (UTC+9) is 04:00–06:00 UTC.
    expect(quietEnd(utc(2026, 1, 5, 4, 30), { zone: 'Asia/Tokyo', quiet: { from: 780, to: 900 } })).toBe(utc(2026, 1, 5, 6));
  });

  it('ends a weekend at Monday 00:00 in the zone, and settles a deadline out of the weekend and the night after it', () => {
    // Saturday 10 January 2026, noon UTC.
    const saturday = utc(2026, 1, 10, 12);
    expect(weekendEnd(saturday, AMS)).toBe(utc(2026, 1, 11, 23));
    expect(weekendEnd(saturday, 'Asia/Tokyo')).toBe(utc(2026, 1, 11, 15));
    expect(weekendEnd(utc(2026, 1, 9, 12), AMS)).toBeNull();
    expect(settleDeadline(saturday, { zone: AMS, quiet: NIGHT }, true)).toBe(utc(2026, 1, 12, 7));
    expect(settleDeadline(saturday, { zone: AMS, quiet: NIGHT }, false)).toBe(saturday);
    // No zone: the seat lives in UTC.
    expect(settleDeadline(saturday, undefined, true)).toBe(utc(2026, 1, 12, 0));
  });
});

describe('times in mails', () => {
  it("are told in the recipient seat's own zone, named, in its language", () => {
    const deadline = utc(2026, 1, 7, 7);
    const match = {
      id: 'm1',
      gameId: secretSums.id,
      status: 'active',
      seats: [{ name: 'Ann' }, { name: 'Bob', waitingSince: deadline - 2 * DAY, time: { zone: AMS, quiet: NIGHT } }],
      toAct: [1],
      end: null,
      timing: { reminderHours: 0, deadlineDays: 1 },
    } as unknown as MatchRecord;
    const intent = { matchId: 'm1', version: 3, seat: 1, kind: 'deadline-near' as const, gameId: secretSums.id, lines: [], createdAt: 0 };
    const words = (lang: 'en' | 'nl') =>
      compose({ intent, match, game: secretSums, publicLines: null, publicUrl: URL, lang }).paragraphs[0];
    // The deadline (a day after the clock started, 08:00 CET when Bob's night ends) as Bob's wall clock shows it.
    expect(words('en')).toContain('08:00 (Europe/Amsterdam)');
    expect(words('nl')).toContain('08:00 (tijdzone Europe/Amsterdam)');
  });
});

/** The app, the sweep and the dispatcher on one in-memory table, all under one clock. */
async function site(start: number, timing: Record<string, unknown>) {
  const clock = { now: start };
  const now = () => clock.now;
  const table = new MemoryTable();
  const matches = new MemoryMatchStore(table);
  const notify = new MemoryNotifyStore(table);
  const mail = new DevOutbox({ clock: now, announce: () => {} });
  const games = new Map([[secretSums.id, secretSums]]);
  const app = createApp({
    store: matches,
    games,
    clock: now,
    publicUrl: URL,
    notifications: { store: notify, email: mail, publicUrl: URL, clock: now },
  });
  const api = client(app);
  const service = new MatchService({ store: matches, games, clock: now });
  const sweep = new Sweep({ store: notify, matches, service, clock: now, log: () => {} });
  const dispatcher = new Dispatcher({ store: notify, matches, games, publicUrl: URL, email: mail, clock: now, log: () => {} });

  const created = await api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, options: {}, name: 'Ann', timing } });
  expect(created.status).toBe(201);
  const matchId = created.json.matchId as string;
  const joined = await api.join(matchId, created.json.invites[0].url, 'Bob');
  const seats: Seat[] = [
    { seat: 0, token: created.json.token },
    { seat: 1, token: joined.json.token },
  ];
  const setTime = (s: Seat, zone: string, quiet: { from: string; to: string } | null) =>
    api.call('PUT', `/api/matches/${matchId}/seats/${s.seat}/time`, { token: s.token, body: { zone, quiet } });
  const deadlines = async () =>
    ((await api.read(matchId, seats[0]!)).json.seats as { deadlineAt: number | null }[]).map((s) => s.deadlineAt);
  /** What the table's stream would hand the dispatcher: every undelivered outbox entry. */
  const deliver = async () => {
    const entries = [...table.all()].flatMap((item) => {
      const intents = item.dueAt !== undefined ? outboxOfItem(item) : null;
      return intents ? [{ id: `${item.pk}/${item.sk}`, entry: { key: { pk: item.pk as string, sk: item.sk as string }, intents } }] : [];
    });
    await dispatcher.handleBatch(entries);
  };
  /** The clock moves to `at`; the sweep runs as the schedule would, and what it wrote is delivered. */
  const at = async (time: number) => {
    clock.now = time;
    const report = await sweep.run();
    await deliver();
    return report;
  };
  return { api, clock, matches, notify, mail, matchId, seats, setTime, deadlines, deliver, at };
}

describe('a deadline never passes inside the quiet hours of the seat to move', () => {
  it('moves to their end, and the standard move is made only then', async () => {
    // Monday 5 January 2026, 23:30 in Amsterdam: a day later is inside Bob's night.
    const t0 = utc(2026, 1, 5, 22, 30);
    const s = await site(t0, { reminderHours: 0, deadlineDays: 1 });
    expect((await s.setTime(s.seats[1]!, AMS, { from: '23:00', to: '08:00' })).json.time).toEqual({
      zone: AMS,
      quiet: { from: '23:00', to: '08:00' },
    });
    // Ann lives in UTC with no quiet hours: her deadline is the plain day.
    expect(await s.deadlines()).toEqual([t0 + DAY, utc(2026, 1, 7, 7)]);
    // "My matches" says the same time for Bob's seat.
    expect(myMatch((await s.matches.get(s.matchId))!, 1, 'token', 'Secret sums').deadlineAt).toBe(utc(2026, 1, 7, 7));
    const v = (await s.api.read(s.matchId, s.seats[0]!)).json.version;
    expect((await s.api.move(s.matchId, s.seats[0]!, v, { kind: 'commit', secret: 3 })).status).toBe(200);

    expect((await s.at(t0 + DAY)).defaultMoves).toBe(0);
    expect((await s.at(utc(2026, 1, 7, 6, 59))).defaultMoves).toBe(0);
    expect((await s.at(utc(2026, 1, 7, 7))).defaultMoves).toBe(1);
  });

  it('ends at 08:00 on the wall when summer time begins that night (Europe/Amsterdam, 29 March 2026)', async () => {
    // Saturday 28 March, 01:30 CET: a day later is 01:30 CET… which the clocks skip over; 08:00 CEST is 06:00 UTC.
    const t0 = utc(2026, 3, 28, 0, 30);
    const s = await site(t0, { reminderHours: 0, deadlineDays: 1 });
    await s.setTime(s.seats[1]!, AMS, { from: '23:00', to: '08:00' });
    expect((await s.deadlines())[1]).toBe(utc(2026, 3, 29, 6));
  });

  it('refuses a zone the server does not know, and badly written hours', async () => {
    const s = await site(utc(2026, 1, 5, 9), { reminderHours: 0, deadlineDays: 1 });
    expect((await s.setTime(s.seats[1]!, 'Mars/Olympus', null)).status).toBe(400);
    expect((await s.setTime(s.seats[1]!, AMS, { from: '25:00', to: '08:00' })).status).toBe(400);
  });
});

describe('a match with no deadlines at weekends', () => {
  it('moves each deadline to Monday in the zone of the seat to move', async () => {
    // Friday 9 January 2026, noon UTC: a day later is Saturday.
    const s = await site(utc(2026, 1, 9, 12), { reminderHours: 0, deadlineDays: 1, noWeekends: true });
    const timing = (await s.api.read(s.matchId, s.seats[0]!)).json.timing;
    expect(timing.noWeekends).toBe(true);
    expect(timing.policy).toContain('No deadline runs out at a weekend: it moves to Monday.');
    await s.setTime(s.seats[0]!, 'Asia/Tokyo', null);
    await s.setTime(s.seats[1]!, AMS, null);
    const tokyoMonday = utc(2026, 1, 11, 15);
    const amsterdamMonday = utc(2026, 1, 11, 23);
    expect(await s.deadlines()).toEqual([tokyoMonday, amsterdamMonday]);
    expect((await s.at(utc(2026, 1, 10, 12))).defaultMoves).toBe(0);
    expect((await s.at(tokyoMonday - 60_000)).defaultMoves).toBe(0);
    expect((await s.at(tokyoMonday)).defaultMoves).toBe(1);
    expect((await s.at(amsterdamMonday - 60_000)).defaultMoves).toBe(0);
    expect((await s.at(amsterdamMonday)).defaultMoves).toBe(1);
  });
});

describe('notices in quiet hours', () => {
  it('are held, and arrive once, merged into one mail, when the quiet hours end', async () => {
    // Monday 5 January 2026, 22:00 in Amsterdam.
    const t0 = utc(2026, 1, 5, 21);
    const s = await site(t0, { reminderHours: 0, deadlineDays: 0 });
    const bob = 'bob@example.test';
    await s.notify.putPrefs({
      matchId: s.matchId,
      seat: 1,
      channels: { email: true, push: false },
      email: { address: bob, addressKey: 'k-bob', confirmed: true, requestedAt: t0 },
      updatedAt: t0,
    });
    await s.setTime(s.seats[1]!, AMS, { from: '23:00', to: '08:00' });
    const mailsToBob = () => s.mail.list().filter((m) => m.to === bob);
    const say = (text: string) =>
      s.api.call('POST', `/api/matches/${s.matchId}/seats/0/chat`, { token: s.seats[0]!.token, body: { text } });

    // Before the quiet hours a chat notice goes out at once.
    expect((await say('Good evening')).status).toBe(201);
    await s.deliver();
    expect(mailsToBob().map((m) => m.subject)).toEqual(['Ann: a new message in Secret sums (test game)']);

    // 23:30 and 00:00 in Amsterdam: held, nothing sent.
    s.clock.now = utc(2026, 1, 5, 22, 30);
    await say('Your move when you wake up');
    await s.deliver();
    s.clock.now = utc(2026, 1, 5, 23);
    await say('No hurry');
    await s.deliver();
    await s.deliver(); // a redelivery holds nothing twice
    expect(mailsToBob()).toHaveLength(1);

    // A minute before 08:00 nothing yet; at 08:00 one mail with both notices.
    expect((await s.at(utc(2026, 1, 6, 6, 59))).released).toBe(0);
    expect(mailsToBob()).toHaveLength(1);
    expect((await s.at(utc(2026, 1, 6, 7))).released).toBe(1);
    // (The outbox lists the newest mail first. Bob has not read the chat: the counts are of unread messages.)
    const [merged] = mailsToBob();
    expect(mailsToBob()).toHaveLength(2);
    expect(merged!.subject).toBe('While you were quiet: 2 notices from Secret sums (test game) with Ann');
    expect(merged!.text).toContain('Your quiet hours are over.');
    expect(merged!.text).toContain('- Ann: 3 new messages in Secret sums (test game)');
    expect(merged!.text).toContain('- Ann: 2 new messages in Secret sums (test game)');

    // Once: the sweep and the delivery running again send nothing more.
    await s.at(utc(2026, 1, 6, 7, 5));
    await s.at(utc(2026, 1, 6, 7) + HOUR);
    expect(mailsToBob()).toHaveLength(2);
  });
});
