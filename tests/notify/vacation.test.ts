/**
 * The vacation bank (issue 29) under an injected clock on the in-memory stores: a deadline of a seat held by a
 * signed-in player with days left spends a day instead of passing (one per day it would have passed), the
 * opponents read "on vacation until" that day, a repeated sweep (or one that crashed after spending) spends once,
 * and an empty bank, or a seat nobody signed in holds, falls back to the match's choice (here: forfeit); the
 * account page's GET /api/me/vacation says the whole days left; days taken ahead (PUT|DELETE /api/me/vacation/trip)
 * make a deadline inside the trip wait, are refused beyond the bank, and come back when cancelled.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { MatchService } from '../../functions/matches/service.js';
import { DAY, type TimingChoice } from '../../functions/matches/timing.js';
import { bookTrip, cancelTrip, spendKey, VACATION_DAYS_PER_YEAR, wholeDays } from '../../functions/matches/vacation.js';
import { Sweep } from '../../functions/notify/reminders.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { MemoryVacationStore } from '../../functions/storage/memory/vacation.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { client, type Seat } from '../support/app.js';
import { lobbySite, memoryStores, signedIn } from '../support/lobby.js';
import { secretSums } from '../support/test-game.js';

const URL = 'http://dutch.test';
const T0 = Date.UTC(2026, 0, 5, 12); // Monday 5 January 2026, noon UTC
const BOB = 'p-bob';
const TIMING: TimingChoice = { reminderHours: 0, deadlineDays: 1, onDeadline: 'forfeit' };

/** Ann and Bob in a one-day-deadline match; Ann has moved, Bob (signed in as p-bob, unless `anonymous`) has not. */
async function site(opts: { anonymous?: boolean } = {}) {
  const clock = { now: T0 };
  const now = () => clock.now;
  const table = new MemoryTable();
  const matches = new MemoryMatchStore(table);
  const notify = new MemoryNotifyStore(table);
  const players = new MemoryPlayerStore(table);
  const vacation = new MemoryVacationStore(table);
  const games = new Map([[secretSums.id, secretSums]]);
  const api = client(createApp({ store: matches, games, clock: now, publicUrl: URL }));
  const service = new MatchService({ store: matches, games, clock: now });
  const sweep = new Sweep({ store: notify, matches, service, vacation, clock: now, log: () => {} });
  const created = await api.call('POST', '/api/matches', {
    body: { game: 'secret-sums', seats: 2, options: {}, name: 'Ann', timing: TIMING },
  });
  const matchId = created.json.matchId as string;
  const joined = await api.join(matchId, created.json.invites[0].url, 'Bob');
  const ann: Seat = { seat: 0, token: created.json.token };
  if (!opts.anonymous) expect(await players.takeSeat(matchId, 1, BOB)).toBe(true);
  const v = (await api.read(matchId, ann)).json.version;
  expect((await api.move(matchId, ann, v, { kind: 'commit', secret: 3 })).status).toBe(200);
  const at = async (time: number) => {
    clock.now = time;
    return sweep.run();
  };
  /** Bob's seat as Ann reads it. */
  const bobSeen = async () => (await api.read(matchId, ann)).json.seats[1] as { deadlineAt: number | null; vacationUntil: number | null };
  const status = async () => (await matches.get(matchId))!.status;
  return { matchId, matches, vacation, at, bobSeen, status, joined };
}

describe('the vacation bank spent on deadlines', () => {
  it('spends a day per day a deadline would have passed, and shows the opponent until when', async () => {
    const s = await site();
    expect((await s.bobSeen()).vacationUntil).toBeNull();
    expect((await s.bobSeen()).deadlineAt).toBe(T0 + DAY);
    // The deadline passes: a day is spent, the deadline waits a day, the match goes on.
    const first = await s.at(T0 + DAY + 60_000);
    expect([first.vacationDays, first.forfeits]).toEqual([1, 0]);
    expect(await s.status()).toBe('active');
    expect(await s.bobSeen()).toMatchObject({ deadlineAt: T0 + 2 * DAY, vacationUntil: T0 + 2 * DAY });
    // The sweep again the same minute: nothing more is spent.
    expect((await s.at(T0 + DAY + 120_000)).vacationDays).toBe(0);
    expect((await s.vacation.bank(BOB, T0)).days).toBeCloseTo(VACATION_DAYS_PER_YEAR - 1, 1);
    // The next day again, one more.
    expect((await s.at(T0 + 2 * DAY + 60_000)).vacationDays).toBe(1);
    expect((await s.bobSeen()).vacationUntil).toBe(T0 + 3 * DAY);
    // Two days spent, and a day's refill (20 / 365) earned between the two spends.
    expect((await s.vacation.bank(BOB, T0)).days).toBeCloseTo(VACATION_DAYS_PER_YEAR - 2 + 20 / 365, 6);
  });

  it('spends once when a sweep spent the day but stopped before moving the deadline', async () => {
    const s = await site();
    const match = (await s.matches.get(s.matchId))!;
    // What a sweep that crashed after its spend left behind: the day gone from the bank, the deadline not moved.
    expect(await s.vacation.spendDay(BOB, spendKey(s.matchId, 1, match.seats[1]!), T0 + DAY + 1)).toBe('spent');
    expect((await s.at(T0 + DAY + 60_000)).vacationDays).toBe(1);
    expect((await s.bobSeen()).deadlineAt).toBe(T0 + 2 * DAY);
    expect((await s.vacation.bank(BOB, T0)).days).toBeCloseTo(VACATION_DAYS_PER_YEAR - 1, 1);
  });

  it("falls back to the match's choice when the bank is empty", async () => {
    const s = await site();
    for (let d = 0; d < VACATION_DAYS_PER_YEAR; d++) expect(await s.vacation.spendDay(BOB, `elsewhere#${d}`, T0)).toBe('spent');
    const report = await s.at(T0 + DAY + 60_000);
    expect([report.vacationDays, report.forfeits]).toEqual([0, 1]);
    expect(await s.status()).toBe('over');
  });

  it("falls back to the match's choice for a seat no signed-in player holds", async () => {
    const s = await site({ anonymous: true });
    expect((await s.at(T0 + DAY + 60_000)).forfeits).toBe(1);
    expect(await s.status()).toBe('over');
  });
});

describe('the bank on the account page', () => {
  it('says the whole days a signed-in player has, after a spend and a refill, and nothing to a stranger', async () => {
    const stores = memoryStores();
    const table = (stores.matches as unknown as { table: MemoryTable }).table;
    const vacation = new MemoryVacationStore(table);
    const s = lobbySite({ ...stores, profiles: new MemoryProfileStore(table) }, T0, { vacation });
    const ann = await signedIn(s, 'ann@example.test');
    expect((await ann.call('GET', '/api/me/vacation')).json).toEqual({ days: 20, balance: 20, perYear: 20, trip: null });
    const me = ((await ann.call('GET', '/api/session')).json as { player: { id: string } }).player.id;
    await vacation.spendDay(me, 'k1', s.clock.now);
    await vacation.spendDay(me, 'k2', s.clock.now);
    expect((await ann.call('GET', '/api/me/vacation')).json).toMatchObject({ days: 18, balance: 18 });
    s.clock.now += 19 * DAY;
    expect((await ann.call('GET', '/api/me/vacation')).json).toMatchObject({ days: 19 });
    expect((await s.app.request('/api/me/vacation')).status).toBe(401);
  });

  it('takes days ahead through the API, refuses a trip longer than the bank, and cancels with the unused days back', async () => {
    const stores = memoryStores();
    const table = (stores.matches as unknown as { table: MemoryTable }).table;
    const s = lobbySite({ ...stores, profiles: new MemoryProfileStore(table) }, T0, { vacation: new MemoryVacationStore(table) });
    const ann = await signedIn(s, 'ann@example.test');
    const tooLong = await ann.call('PUT', '/api/me/vacation/trip', { from: T0 + DAY, to: T0 + 22 * DAY });
    expect([tooLong.status, tooLong.code]).toEqual([422, 'vacation-too-few']);
    const booked = await ann.call('PUT', '/api/me/vacation/trip', { from: T0 + DAY, to: T0 + 4 * DAY });
    expect(booked.status).toBe(200);
    expect(booked.json).toMatchObject({ days: 17, trip: { from: T0 + DAY, to: T0 + 4 * DAY, days: 3 } });
    expect((await ann.call('PUT', '/api/me/vacation/trip', { from: T0 + DAY, to: T0 + 2 * DAY })).code).toBe('trip-taken');
    expect((await ann.call('PUT', '/api/me/vacation/trip', { from: T0 + DAY, to: T0 })).status).toBe(400);
    // Cancelled before it began: every day back.
    const cancelled = await ann.call('DELETE', '/api/me/vacation/trip');
    expect(cancelled.json).toMatchObject({ days: 20, trip: null });
    expect((await ann.call('DELETE', '/api/me/vacation/trip')).code).toBe('no-trip');
  });
});

describe('vacation days taken ahead', () => {
  it('makes a deadline inside the trip wait until its end, refuses a trip longer than the bank, and cancels', async () => {
    const s = await site();
    const book = (from: number, to: number, now: number) =>
      s.vacation.update(BOB, now, (bank) => {
        const next = bookTrip(bank, from, to, now);
        return 'refused' in next ? { result: next.refused } : { bank: next, result: 'booked' };
      });
    // 21 days: more than the bank holds.
    expect(await book(T0 + DAY / 2, T0 + 21.5 * DAY, T0)).toBe('too-few');
    // Five days from tomorrow morning: paid now.
    expect(await book(T0 + DAY / 2, T0 + 5.5 * DAY, T0)).toBe('booked');
    expect(wholeDays(await s.vacation.bank(BOB, T0), T0)).toBe(VACATION_DAYS_PER_YEAR - 5);
    expect(await book(T0 + 6 * DAY, T0 + 7 * DAY, T0)).toBe('trip-taken');
    // Bob's deadline falls inside the trip: it waits until its end, and nothing more is spent.
    expect((await s.at(T0 + DAY + 60_000)).forfeits).toBe(0);
    const seen = await s.bobSeen();
    expect(seen.deadlineAt).toBeGreaterThanOrEqual(T0 + 5.5 * DAY);
    expect(seen.vacationUntil).toBe(seen.deadlineAt);
    expect(wholeDays(await s.vacation.bank(BOB, T0), T0 + DAY)).toBe(VACATION_DAYS_PER_YEAR - 5);
    // Cancelled on its third day: the two and a half days not begun come back as two whole days.
    const cancelled = await s.vacation.update(BOB, T0 + 3 * DAY, (bank) => {
      const next = cancelTrip(bank, T0 + 3 * DAY);
      return next ? { bank: next, result: true } : { result: false };
    });
    expect(cancelled).toBe(true);
    const after = await s.vacation.bank(BOB, T0 + 3 * DAY);
    expect(after.trip).toBeUndefined();
    expect(wholeDays(after, T0 + 3 * DAY)).toBe(VACATION_DAYS_PER_YEAR - 3);
  });
});
