/**
 * Missed move deadlines: finding a seat whose deadline has passed and making the game's standard move
 * for it (or its forfeit) through the match service's conditional commit (`expireTurn`). The sweep
 * (functions/notify/reminders.ts) calls `step` for each match the `due` index names, before it looks
 * for reminders to send. Never DynamoDB TTL, never only when somebody happens to open the match.
 */
import type { MatchRecord, MatchStore } from './port.js';
import type { MatchService } from './service.js';
import { computerCheckAt, DAY, deadlineOf } from './timing.js';
import { spendKey, type VacationDay, type VacationStore } from './vacation.js';

export interface DeadlineDeps {
  matches: MatchStore;
  service: MatchService;
  clock: () => number;
  log: (entry: Record<string, unknown>) => void;
  /** The vacation banks (./vacation.ts): a signed-in holder with a day left spends it instead of the deadline passing. */
  vacation?: VacationStore;
}

/**
 * One look at a match: `gone` when it needs no timers any more (taken off the `due` index), `expired`
 * when a late seat's turn was just expired (look again: the turn moved on, or someone moved first), or
 * `waiting` with the match as read and the time of the look, when no deadline has passed; `filled` when computers
 * just took an open game's seats (look again: it has started).
 */
export type DeadlineStep =
  | { kind: 'gone' }
  | { kind: 'expired'; result: Awaited<ReturnType<MatchService['expireTurn']>> }
  | { kind: 'filled' }
  | { kind: 'vacation'; result: VacationDay }
  | { kind: 'waiting'; match: MatchRecord; now: number };

export class Deadlines {
  constructor(private readonly deps: DeadlineDeps) {}

  async step(matchId: string): Promise<DeadlineStep> {
    const match = await this.deps.matches.get(matchId);
    if (!match) return { kind: 'gone' };
    const now = this.deps.clock();
    const botsAt = match.status === 'open' ? match.lobby?.botsAt : undefined;
    if (botsAt !== undefined && !match.lobby?.closed) {
      // An open game whose wait for people is over: computers take the open seats (./lobby.ts).
      if (botsAt > now) return { kind: 'waiting', match, now };
      await this.deps.service.computersIn(matchId);
      return { kind: 'filled' };
    }
    if (match.status !== 'active' || (!match.timing && computerCheckAt(match) === undefined)) {
      await this.deps.matches.clearDue(match);
      return { kind: 'gone' };
    }
    const late = match.toAct.find((seat) => {
      const d = deadlineOf(match, seat);
      return d !== null && d <= now;
    });
    if (late === undefined) return { kind: 'waiting', match, now };
    const day = await this.vacationDay(match, late, now);
    if (day !== null) return { kind: 'vacation', result: day };
    const result = await this.deps.service.expireTurn(matchId, late, match.version);
    this.deps.log({ level: 'info', message: 'deadline passed', matchId, seat: late, result });
    return { kind: 'expired', result };
  }

  /**
   * Spends a day of the late seat's holder's bank (once per key: a repeated sweep finds it spent and only moves
   * the deadline) and moves the deadline; null when there is no bank to spend from (no holder, a computer, empty).
   */
  private async vacationDay(match: MatchRecord, seat: number, now: number): Promise<VacationDay | null> {
    const bank = this.deps.vacation;
    const s = match.seats[seat];
    if (!bank || !s || s.bot) return null;
    const owner = await bank.seatOwner(match.id, seat);
    if (owner === null) return null;
    // Days taken ahead for a trip (./vacation.ts `bookTrip`): a deadline inside it waits until its end, spending nothing more.
    const trip = (await bank.bank(owner, now)).trip;
    const deadline = deadlineOf(match, seat);
    if (trip && deadline !== null && trip.from <= deadline && deadline < trip.to) {
      return this.deps.service.vacationDay(match.id, seat, match.version, Math.ceil((trip.to - deadline) / DAY));
    }
    if ((await bank.spendDay(owner, spendKey(match.id, seat, s), now)) === 'empty') return null;
    const result = await this.deps.service.vacationDay(match.id, seat, match.version);
    this.deps.log({ level: 'info', message: 'vacation day spent', matchId: match.id, seat, result });
    return result;
  }
}
