/**
 * Reminders and move deadlines under a controllable clock: the sweep (as the scheduler runs it)
 * writes reminders and warnings at the right times, applies the deadline policy through the match
 * service (the game's default move, else a forfeit), and a player can pause their own deadlines.
 * Mail goes to the dev outbox adapter; delivery runs through DynamoDB Local's stream.
 */
import { describe, expect, it } from 'vitest';
import { sayIn } from '../../functions/i18n.js';
import { DevOutbox } from '../../functions/notify/email.js';
import { clockStart, DAY, deadlineOf, HOUR, nextDue, pauseSeat, resumeSeat, seatTimers } from '../../functions/matches/timing.js';
import type { MatchRecord } from '../../functions/matches/port.js';
import { secretSums } from '../support/test-game.js';
import { confirmedEmail, harness, type Harness } from './support.js';
import type { Json } from '../support/api.js';
import { english } from '../support/words.js';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

async function timedMatch(h: Harness, outbox: DevOutbox, timing: { reminderHours?: number; deadlineDays?: number }, game = 'secret-sums') {
  const { matchId, seats } = await h.started(2, { game, timing }, ['Ann', 'Bob']);
  for (const s of seats) {
    const address = `${matchId}-${s.seat}@example.test`;
    await confirmedEmail(h, matchId, s, address, () =>
      outbox
        .list()
        .filter((m) => m.to === address)
        .map((m) => m.text)
        .join('\n'),
    );
  }
  return { matchId, seats };
}

const subjects = (outbox: DevOutbox, matchId: string, seat: number) =>
  outbox
    .list()
    .filter((m) => m.to === `${matchId}-${seat}@example.test`)
    .reverse()
    .map((m) => m.subject)
    .filter((s) => !s.startsWith('Confirm'));

/** Moves the clock to `at`, runs the sweep as the scheduler would, and delivers what it wrote. */
async function at(h: Harness, time: number) {
  h.clock.now = time;
  const report = await h.sweep.run();
  await h.deliver();
  return report;
}

describe('timers (pure)', () => {
  const base = (over: Partial<MatchRecord> = {}): MatchRecord => ({
    id: 'm',
    gameId: 'g',
    options: {},
    status: 'active',
    version: 5,
    spectatorHash: '',
    state: null,
    seed: null,
    toAct: [1],
    end: null,
    createdAt: T0,
    updatedAt: T0,
    rematchId: null,
    rematchOf: null,
    seats: [
      { name: 'A', tokenHash: 'x', inviteHash: null, waitingSince: null },
      { name: 'B', tokenHash: 'y', inviteHash: null, waitingSince: T0 },
    ],
    timing: { reminderHours: 24, deadlineDays: 3 },
    ...over,
  });

  it.each([
    // [what, match, expected timers of seat 1 as [kind, hours after T0]]
    [
      'reminders every 24 h before a 3-day deadline, warning at 80 %',
      base(),
      [
        ['reminder', 24],
        ['reminder', 48],
        ['warning', 57.6],
        ['deadline', 72],
      ],
    ],
    [
      'three reminders then none, without a deadline',
      base({ timing: { reminderHours: 5, deadlineDays: 0 } }),
      [
        ['reminder', 5],
        ['reminder', 10],
        ['reminder', 15],
      ],
    ],
    [
      'no reminders (0 h), deadline of one day',
      base({ timing: { reminderHours: 0, deadlineDays: 1 } }),
      [
        ['warning', 19.2],
        ['deadline', 24],
      ],
    ],
    ['no timing at all (a match made before timers existed)', base({ timing: undefined }), []],
    ['a seat that is not to act has no timers', base({ toAct: [0] }), []],
  ] as const)('%s', (_what, match, expected) => {
    expect(seatTimers(match, 1).map((t) => [t.kind, (t.at - T0) / HOUR])).toEqual(expected);
  });

  it('a pause in the middle of a turn pushes every timer back by its length; pauses add up', () => {
    let m = base();
    m = { ...m, seats: m.seats.map((s, i) => (i === 1 ? { ...s, ...pauseSeat(m, 1, T0 + 10 * HOUR, 2 * DAY) } : s)) };
    expect(clockStart(m, 1)).toBe(T0 + 2 * DAY);
    expect(deadlineOf(m, 1)).toBe(T0 + 5 * DAY);
    // Back early after one day: only the day used counts, and the unused day returns to the budget.
    const resumed = resumeSeat(m, 1, T0 + 10 * HOUR + DAY)!;
    m = { ...m, seats: m.seats.map((s, i) => (i === 1 ? { ...s, ...resumed } : s)) };
    expect(deadlineOf(m, 1)).toBe(T0 + 4 * DAY);
    expect(m.seats[1]!.pauseUsedMs).toBe(DAY);
    // A second pause later in the same turn adds to the first.
    m = { ...m, seats: m.seats.map((s, i) => (i === 1 ? { ...s, ...pauseSeat(m, 1, T0 + 2 * DAY, DAY) } : s)) };
    expect(deadlineOf(m, 1)).toBe(T0 + 5 * DAY);
    expect(m.seats[1]!.pauseUsedMs).toBe(2 * DAY);
  });

  it('a pause that covers the start of a turn starts the clock when it ends', () => {
    const m0 = base({ toAct: [0] });
    const paused = { ...m0, seats: m0.seats.map((s, i) => (i === 1 ? { ...s, waitingSince: null, ...pauseSeat(m0, 1, T0, 3 * DAY) } : s)) };
    const turn = { ...paused, toAct: [1], seats: paused.seats.map((s, i) => (i === 1 ? { ...s, waitingSince: T0 + DAY } : s)) };
    expect(clockStart(turn, 1)).toBe(T0 + 3 * DAY);
    expect(deadlineOf(turn, 1)).toBe(T0 + 6 * DAY);
  });

  it('dueAt is the next timer after the cursor, and a passed deadline stays due', () => {
    expect(nextDue(base())).toBe(T0 + 24 * HOUR);
    expect(nextDue(base({ sweptUntil: T0 + 50 * HOUR }))).toBe(T0 + 57.6 * HOUR);
    expect(nextDue(base({ sweptUntil: T0 + 80 * HOUR }))).toBe(T0 + 72 * HOUR);
    expect(nextDue(base({ timing: { reminderHours: 1, deadlineDays: 0 }, sweptUntil: T0 + 4 * HOUR }))).toBeUndefined();
  });
});

describe('reminders and deadlines (sweep)', () => {
  it('reminds after N hours without a move, three times, then stops', async () => {
    const outbox = new DevOutbox({ announce: () => undefined });
    const h = await harness({ email: outbox, start: T0 });
    const { matchId, seats } = await timedMatch(h, outbox, { reminderHours: 2 });
    expect((await at(h, T0 + 2 * HOUR - 1)).reminders).toBe(0);
    expect(subjects(outbox, matchId, 1)).toEqual([]);
    expect((await at(h, T0 + 2 * HOUR)).reminders).toBe(2); // both seats still owe a secret
    expect(subjects(outbox, matchId, 1)).toEqual(['Reminder: your move in Secret sums (test game) with Ann']);
    // Seat 0 moves at 3 h: it is no longer reminded; seat 1 still is.
    h.clock.now = T0 + 3 * HOUR;
    const v = await h.version(matchId, seats[0]!);
    expect((await h.api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 3 })).status).toBe(200);
    await at(h, T0 + 4 * HOUR);
    await at(h, T0 + 6 * HOUR);
    // The same sweep again, and later ones: nothing new.
    await at(h, T0 + 6 * HOUR);
    await at(h, T0 + 8 * HOUR);
    await at(h, T0 + 30 * HOUR);
    const reminders = (seat: number) => subjects(outbox, matchId, seat).filter((s) => s.startsWith('Reminder'));
    expect(reminders(1)).toEqual(Array(3).fill('Reminder: your move in Secret sums (test game) with Ann'));
    expect(reminders(0)).toEqual(['Reminder: your move in Secret sums (test game) with Bob']);
    const text = outbox.list().find((m) => m.to === `${matchId}-1@example.test` && m.subject.startsWith('Reminder'))!.text;
    expect(text).toContain('It has been your move since 2026-01-05 09:00 UTC.');
    // Reminders stopped: the match has left the sweep's index.
    expect((await h.sweep.run()).matches).toBe(0);
    await h.close();
  }, 300_000); // each sweep reads 256 shards of DynamoDB Local: seconds on a quiet machine, over 60 s at a load of 25

  it('warns at 80 % of the deadline and then makes the game’s default move; the game moves on', async () => {
    const outbox = new DevOutbox({ announce: () => undefined });
    const h = await harness({ email: outbox, start: T0 });
    const { matchId, seats } = await timedMatch(h, outbox, { reminderHours: 0, deadlineDays: 1 });
    const read = await h.api.read(matchId, seats[0]!);
    expect(read.json.timing).toEqual({ reminderHours: 0, deadlineDays: 1, policy: expect.stringContaining('standard move') });
    expect(read.json.seats.map((s: { deadlineAt: number }) => s.deadlineAt)).toEqual([T0 + DAY, T0 + DAY]);

    expect((await at(h, T0 + 0.8 * DAY - 1)).warnings).toBe(0);
    expect((await at(h, T0 + 0.8 * DAY)).warnings).toBe(2);
    expect(subjects(outbox, matchId, 1)).toEqual(['Your move in Secret sums (test game) is due soon']);
    expect(outbox.list()[0]!.text).toContain('Your move is due by 2026-01-06 09:00 UTC.');

    expect((await at(h, T0 + DAY - 1)).defaultMoves).toBe(0);
    const report = await at(h, T0 + DAY);
    expect(report.defaultMoves).toBe(2);
    const after = await h.api.read(matchId, seats[0]!);
    expect(after.json.status).toBe('active');
    expect(after.json.view.phase).toBe('count'); // both secrets were committed for them
    expect(after.json.view.secrets).toEqual([1, 1]);
    expect(after.json.toAct).toEqual([0]);
    const texts = after.json.log.flatMap((l: { entries: Json[] }) => l.entries.map((e) => english(e)));
    expect(texts).toContain("Ann's deadline passed; the standard move was made for them.");
    expect(texts).toContain("Bob's deadline passed; the standard move was made for them.");
    // Seat 0's new turn started at the deadline: a new day.
    expect(after.json.seats[0].deadlineAt).toBe(T0 + 2 * DAY);
    // Running the sweep again at the same time changes nothing.
    expect((await at(h, T0 + DAY)).defaultMoves).toBe(0);
    expect((await h.api.read(matchId, seats[0]!)).json.version).toBe(after.json.version);
    await h.close();
  });

  it('makes a seat forfeit when the game has no default move; the match ends', async () => {
    const strict = { ...secretSums, id: 'secret-sums-strict', defaultMove: () => null };
    const outbox = new DevOutbox({ announce: () => undefined });
    const h = await harness({ email: outbox, start: T0, games: [strict] });
    const { matchId, seats } = await timedMatch(h, outbox, { reminderHours: 0, deadlineDays: 3 }, 'secret-sums-strict');
    h.clock.now = T0 + HOUR;
    const v = await h.version(matchId, seats[0]!);
    await h.api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 3 });
    expect((await at(h, T0 + 3 * DAY)).forfeits).toBe(1);
    const over = await h.api.read(matchId, seats[0]!);
    expect(over.json.status).toBe('over');
    expect(over.json.end).toMatchObject({ reason: 'forfeit', seat: 1, winners: [0] });
    expect(english(over.json.log[0].entries[0])).toBe('Bob missed the move deadline and forfeits.');
    // Issue 25: the result is words too, said in the reader's language.
    expect(over.json.end).toMatchObject({ key: 'match.log.forfeit', params: { seat: { seat: 1 } } });
    expect(english(over.json.end)).toBe('Bob missed the move deadline and forfeits.');
    expect(sayIn('nl', over.json.end, ['Ann', 'Bob'])).toBe('Bob liet de termijn voor een zet verlopen en verliest de partij.');
    expect(subjects(outbox, matchId, 0)).toContain('Secret sums (test game) with Bob is over');
    await h.close();
  });

  it('lets a player pause their own deadlines for a limited time', async () => {
    const outbox = new DevOutbox({ announce: () => undefined });
    const h = await harness({ email: outbox, start: T0 });
    const { matchId, seats } = await timedMatch(h, outbox, { reminderHours: 0, deadlineDays: 1 });
    const pause = (s: { seat: number; token: string }, days: number) =>
      h.api.call('POST', `/api/matches/${matchId}/seats/${s.seat}/pause`, { token: s.token, body: { days } });
    h.clock.now = T0 + 12 * HOUR;
    const paused = await pause(seats[1]!, 2);
    expect(paused.status).toBe(200);
    expect(paused.json.pause).toEqual({ pausedUntil: T0 + 12 * HOUR + 2 * DAY, budgetLeftMs: 12 * DAY });
    expect((await pause(seats[1]!, 1)).json.error.code).toBe('already-paused');
    expect((await pause(seats[0]!, 15)).status).toBe(400);
    expect((await h.api.call('POST', `/api/matches/${matchId}/seats/1/pause`, { token: seats[0]!.token, body: { days: 1 } })).status).toBe(
      403,
    );

    // At the original deadline only seat 0's passes.
    await at(h, T0 + DAY);
    let m = await h.api.read(matchId, seats[0]!);
    expect(m.json.view.secrets).toEqual([1, null]);
    expect(m.json.seats[1].deadlineAt).toBe(T0 + 3 * DAY);
    expect(m.json.seats[1].pausedUntil).toBe(T0 + 12 * HOUR + 2 * DAY);
    await at(h, T0 + 3 * DAY - 1);
    expect((await h.api.read(matchId, seats[0]!)).json.view.secrets).toEqual([1, null]);
    await at(h, T0 + 3 * DAY);
    m = await h.api.read(matchId, seats[0]!);
    expect(m.json.view.secrets).toEqual([1, 1]);

    // The budget: 14 days per match in all.
    const over = await pause(seats[1]!, 13);
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe('pause-budget');
    expect((await pause(seats[1]!, 12)).status).toBe(200);
    const resumed = await h.api.call('DELETE', `/api/matches/${matchId}/seats/1/pause`, { token: seats[1]!.token });
    expect(resumed.json.pause).toEqual({ pausedUntil: null, budgetLeftMs: 12 * DAY });
    await h.close();
  });
});
