/**
 * The vacation bank (issue 29): each signed-in player has VACATION_DAYS_PER_YEAR days a year, refilled pro rata
 * every moment up to the same cap; the balance and when it was last refilled are stored, the refill is computed
 * on read (`refilled`). When a deadline of a seat held by a signed-in player with a day left would pass, the sweep
 * (./deadlines.ts) spends one day (the store's `spendDay`, once per key) and moves that seat's deadline of this
 * turn a day later (`decideVacationDay`, through the one runner): a day per day, until the bank is empty and the
 * match's own choice for a passed deadline applies.
 */
import type { Seat } from '#shared/engine/game.js';
import type { Decide } from './change.js';
import type { SeatRecord } from './port.js';
import { DAY, deadlineOf, withDue } from './timing.js';

export const VACATION_DAYS_PER_YEAR = 20;
/** Spend keys kept on the bank: far more than the days one sweep can spend before a key comes back. */
export const VACATION_KEYS_KEPT = 32;

/** A bank as stored: the balance in days (fractional between refills) and when it was last refilled. */
export interface VacationBank {
  days: number;
  refilledAt: number;
  /** The keys of the last days spent (`spendKey`): a repeated spend of one of them is not spent again. */
  spent: string[];
  /** Days taken ahead for a trip: every seat's deadline falling in [from, to) waits until `to`; `days` were spent for it. */
  trip?: { from: number; to: number; days: number };
}

/** A bank never stored before: full. */
export const freshBank = (now: number): VacationBank => ({ days: VACATION_DAYS_PER_YEAR, refilledAt: now, spent: [] });

/** The bank at `now`: refilled pro rata (20 days over 365) since its last refill, up to the cap. */
export function refilled(bank: VacationBank, now: number): VacationBank {
  const gained = (Math.max(0, now - bank.refilledAt) / (365 * DAY)) * VACATION_DAYS_PER_YEAR;
  return { ...bank, days: Math.min(VACATION_DAYS_PER_YEAR, bank.days + gained), refilledAt: Math.max(now, bank.refilledAt) };
}

/** The bank after one spend of `key` at `now`, or why not: `already` (this key was spent), `empty` (less than a day). */
export function spendOne(bank: VacationBank, key: string, now: number): VacationBank | 'already' | 'empty' {
  if (bank.spent.includes(key)) return 'already';
  const at = refilled(bank, now);
  if (at.days < 1) return 'empty';
  return { ...at, days: at.days - 1, spent: [...at.spent, key].slice(-VACATION_KEYS_KEPT) };
}

/** The bank with a trip from `from` to `to` booked: its whole days spent now; or why not. */
export function bookTrip(
  bank: VacationBank,
  from: number,
  to: number,
  now: number,
): VacationBank | { refused: 'trip-taken' | 'too-few'; have: number } {
  const at = refilled(bank, now);
  const have = Math.floor(at.days + 1e-9);
  if (bank.trip && bank.trip.to > now) return { refused: 'trip-taken', have };
  const days = Math.max(1, Math.ceil((to - Math.max(from, now)) / DAY));
  if (have < days) return { refused: 'too-few', have };
  return { ...at, days: at.days - days, trip: { from, to, days } };
}

/** The bank with its trip cancelled: the days not yet begun given back (up to the cap); null when there is none to cancel. */
export function cancelTrip(bank: VacationBank, now: number): VacationBank | null {
  const trip = bank.trip;
  if (!trip || trip.to <= now) return null;
  const unused = now <= trip.from ? trip.days : Math.min(trip.days, Math.floor((trip.to - now) / DAY));
  const { trip: _gone, ...rest } = refilled(bank, now);
  return { ...rest, days: Math.min(VACATION_DAYS_PER_YEAR, rest.days + unused) };
}

/** Whole days a player can spend now. */
export const wholeDays = (bank: VacationBank, now: number) => Math.floor(refilled(bank, now).days + 1e-9);

/** The banks of signed-in players, and who holds a seat. Adapters: functions/storage/vacation-dynamo.ts, memory/vacation.ts. */
export interface VacationStore {
  /** The bank as stored (a full fresh one when never stored), not yet refilled. */
  bank(playerId: string, now: number): Promise<VacationBank>;
  /**
   * Spends one day for `key` in one conditional write: `spent` (now, or by an earlier call with the same key: a
   * repeated sweep spends once), or `empty`.
   */
  spendDay(playerId: string, key: string, now: number): Promise<'spent' | 'empty'>;
  /**
   * Changes the bank in one conditional write (a lost race reads again): `change` answers the new bank and the
   * answer, or only the answer (nothing written). Taking days ahead and cancelling them (`bookTrip`, `cancelTrip`).
   */
  update<R>(playerId: string, now: number, change: (bank: VacationBank) => { bank?: VacationBank; result: R }): Promise<R>;
  /** The signed-in player who holds the seat (its claim), or null. */
  seatOwner(matchId: string, seat: number): Promise<string | null>;
}

/** The one key of a day spent on this seat's deadline of this turn: the turn's start and the days spent on it. */
export function spendKey(matchId: string, seat: Seat, s: SeatRecord): string {
  return `${matchId}#${seat}#${s.waitingSince ?? 0}#${vacationDaysOf(s)}`;
}

/** The days of vacation already spent on the seat's current turn. */
export function vacationDaysOf(s: SeatRecord | undefined): number {
  const v = s?.vacation;
  return v !== undefined && s?.waitingSince != null && v.since === s.waitingSince ? v.days : 0;
}

export type VacationDay = 'moved' | 'stale' | 'not-due';

/**
 * A day of vacation spent on the seat's passed deadline: its deadline of this turn moves a day later. Only while
 * the match is at `expectedVersion` and the deadline has passed (a repeated sweep finds it moved: `not-due`).
 */
export function decideVacationDay(seat: Seat, expectedVersion: number, days = 1): Decide<VacationDay> {
  return (match, now) => {
    if (match.version !== expectedVersion) return { done: 'stale' };
    const deadline = deadlineOf(match, seat);
    if (deadline === null || deadline > now) return { done: 'not-due' };
    const s = match.seats[seat]!;
    const vacation = { since: s.waitingSince ?? now, days: vacationDaysOf(s) + days };
    const next = withDue({
      ...match,
      seats: match.seats.map((x, i) => (i === seat ? { ...x, vacation } : x)),
      version: match.version + 1,
      updatedAt: now,
    });
    return { commit: { match: next }, result: 'moved' };
  };
}
