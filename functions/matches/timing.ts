/**
 * Reminders and move deadlines: platform options of a match (not game options), and the pure
 * arithmetic of when each timer fires. The service stamps `dueAt` with `withDue` on every change;
 * the sweep (functions/notify/reminders.ts) wakes up at `dueAt`, applies missed deadlines (./deadlines.ts)
 * and sends the reminders and warnings that are due.
 *
 * A seat's clock starts when it starts waiting to act (`waitingSince`). A pause stops the clock
 * for its length (the seat's `pausedFrom`..`pausedUntil`): a pause taken in the middle of a turn
 * pushes every timer of that turn back by the pause; a pause that covers the start of a turn
 * starts the clock when the pause ends.
 */
import * as z from 'zod/mini';
import type { Seat } from '#shared/engine/game.js';
import { lazily } from '#shared/engine/lazy.js';
import type { MatchRecord, MatchTiming } from './port.js';
import { settleDeadline } from './zones.js';

export const HOUR = 3600 * 1000;
export const DAY = 24 * HOUR;

/** Choices offered for the move deadline, in days (0 = none). */
export const DEADLINE_DAYS = [0, 1, 3, 7] as const;
export const DEFAULT_REMINDER_HOURS = 24;
/** Reminders are repeated this many times per turn, then stop. */
export const REMINDER_COUNT = 3;
/** The deadline warning goes out when this share of the deadline has passed. */
export const WARNING_SHARE = 0.8;
/** Each seat may pause its deadlines for at most this long per match, in pauses of whole days. */
export const PAUSE_BUDGET_DAYS = 14;
export const PAUSE_BUDGET_MS = PAUSE_BUDGET_DAYS * DAY;

export const DEFAULT_TIMING: MatchTiming = { reminderHours: DEFAULT_REMINDER_HOURS, deadlineDays: 0 };

/** The `timing` field of the create request (built on first use, as every request schema: functions/http/schemas.ts). */
export const TimingRequest = lazily(() =>
  z.strictObject({
    reminderHours: z._default(z.int().check(z.minimum(0), z.maximum(168)), DEFAULT_REMINDER_HOURS),
    deadlineDays: z._default(
      z.union(
        DEADLINE_DAYS.map((d) => z.literal(d)) as [z.ZodMiniLiteral<0>, z.ZodMiniLiteral<1>, z.ZodMiniLiteral<3>, z.ZodMiniLiteral<7>],
      ),
      0,
    ),
    /** What a passed deadline does (absent: the standard move). */
    onDeadline: z.optional(z.enum(['default-move', 'bot', 'forfeit'])),
    /** No deadline passes at a weekend, in the zone of the seat to move (functions/matches/zones.ts). */
    noWeekends: z.optional(z.boolean()),
  }),
);
export type TimingChoice = z.output<ReturnType<typeof TimingRequest>>;

export function timingFrom(input: TimingChoice | undefined): MatchTiming {
  if (!input) return { ...DEFAULT_TIMING };
  const timing: MatchTiming = { reminderHours: input.reminderHours, deadlineDays: input.deadlineDays };
  if (input.onDeadline !== undefined && input.onDeadline !== 'default-move') timing.onDeadline = input.onDeadline;
  if (input.noWeekends === true && input.deadlineDays > 0) timing.noWeekends = true;
  return timing;
}

/** A time as players read it in messages: minutes, UTC. */
export const formatTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The deadline policy in words, for the match options. */
export function policyText(timing: MatchTiming): string {
  if (timing.deadlineDays === 0) return 'No move deadline.';
  const days = timing.deadlineDays === 1 ? '1 day' : `${timing.deadlineDays} days`;
  const due = `Each move is due within ${days}; a warning goes out shortly before. When a deadline passes, `;
  const weekends = timing.noWeekends ? ' No deadline runs out at a weekend: it moves to Monday.' : '';
  if (timing.onDeadline === 'bot') {
    return `${due}a computer player takes over that seat until its player makes a move again, which takes it back.${weekends}`;
  }
  if (timing.onDeadline === 'forfeit') return `${due}that player forfeits the match.${weekends}`;
  return `${due}the game's standard move is made for that player, or, where the game has none, that player forfeits.${weekends}`;
}

/** When the seat's clock for this turn effectively started, or null when it is not waiting. */
export function clockStart(match: MatchRecord, seat: Seat): number | null {
  if (match.status !== 'active' || !match.toAct.includes(seat)) return null;
  const s = match.seats[seat];
  const since = s?.waitingSince;
  if (s === undefined || since === null || since === undefined) return null;
  const until = s.pausedUntil;
  if (until === undefined || until <= since) return since;
  return since + (until - Math.max(s.pausedFrom ?? since, since));
}

/**
 * The seat's deadline: its days from the clock's start, then moved out of the seat's quiet hours and, with
 * `noWeekends`, out of its weekend (./zones.ts `settleDeadline`): it never passes while the player sleeps.
 */
export function deadlineOf(match: MatchRecord, seat: Seat): number | null {
  const days = match.timing?.deadlineDays ?? 0;
  const start = clockStart(match, seat);
  if (days === 0 || start === null) return null;
  // Days of the holder's vacation bank spent on this turn (./vacation.ts) move it a day each.
  const v = match.seats[seat]?.vacation;
  const spent = v !== undefined && v.since === match.seats[seat]?.waitingSince ? v.days : 0;
  return settleDeadline(start + (days + spent) * DAY, match.seats[seat]?.time, match.timing?.noWeekends === true);
}

export type TimerEvent =
  | { kind: 'reminder'; seat: Seat; at: number; n: number }
  | { kind: 'warning'; seat: Seat; at: number; deadline: number }
  | { kind: 'deadline'; seat: Seat; at: number };

/**
 * Every timer of this seat's current turn, in time order. A seat a computer plays gets no reminders
 * or warnings (nobody to tell); its deadline stays, as the fallback should the computer never move.
 */
export function seatTimers(match: MatchRecord, seat: Seat): TimerEvent[] {
  const timing = match.timing;
  const start = clockStart(match, seat);
  if (!timing || start === null) return [];
  const deadline = deadlineOf(match, seat);
  const out: TimerEvent[] = [];
  if (match.seats[seat]?.bot) return deadline === null ? [] : [{ kind: 'deadline', seat, at: deadline }];
  if (timing.reminderHours > 0) {
    for (let n = 1; n <= REMINDER_COUNT; n++) {
      const at = start + n * timing.reminderHours * HOUR;
      // A reminder at or after the deadline would only race the deadline itself.
      if (deadline === null || at < deadline) out.push({ kind: 'reminder', seat, at, n });
    }
  }
  if (deadline !== null) {
    out.push({ kind: 'warning', seat, at: start + Math.round(WARNING_SHARE * (deadline - start)), deadline });
    out.push({ kind: 'deadline', seat, at: deadline });
  }
  return out.sort((a, b) => a.at - b.at);
}

export function allTimers(match: MatchRecord): TimerEvent[] {
  return match.toAct.flatMap((seat) => seatTimers(match, seat)).sort((a, b) => a.at - b.at);
}

/**
 * A computer to move in a match nobody has changed for this long has lost its move (its run failed, the
 * message that woke it went missing): the sweep wakes it again (functions/notify/reminders.ts). Longer
 * than any computer's turn (a snap waits at most 3 s, a search 2 s, a queue's retries a minute or two).
 */
export const COMPUTER_IDLE_MS = 5 * 60 * 1000;

/** When the sweep is to check on the computer to move (the last change + COMPUTER_IDLE_MS), if one is to move. */
export function computerCheckAt(match: MatchRecord): number | undefined {
  if (match.status !== 'active' || !match.toAct.some((s) => match.seats[s]?.bot !== undefined)) return undefined;
  return match.updatedAt + COMPUTER_IDLE_MS;
}

/**
 * The next time the sweep must look at the match: the first notification timer after the sweep's
 * cursor, or any deadline (a deadline stays due until it has been applied), or the check on a computer
 * to move; for an open game, when computers take its open seats.
 */
export function nextDue(match: MatchRecord): number | undefined {
  // An open game waits for people; the sweep comes at `botsAt` to seat computers (./lobby.ts).
  if (match.status === 'open') return match.lobby && !match.lobby.closed ? match.lobby.botsAt : undefined;
  const cursor = match.sweptUntil ?? -Infinity;
  let next = computerCheckAt(match);
  for (const t of allTimers(match)) {
    if (t.kind !== 'deadline' && t.at <= cursor) continue;
    if (next === undefined || t.at < next) next = t.at;
  }
  return next;
}

/**
 * The match with `dueAt` set for its current state. An earlier `dueAt` already there stays: the sweep then
 * comes a little early, finds nothing due yet and sets the right one (functions/notify/reminders.ts), while
 * a move spares the `due` index a re-keyed entry (a delete and a put: most moves push the next timer later).
 */
export function withDue(match: MatchRecord): MatchRecord {
  const next = match.status === 'over' ? undefined : nextDue(match);
  const { dueAt: kept, ...rest } = match;
  if (next === undefined) return rest;
  return { ...rest, dueAt: kept !== undefined && kept <= next ? kept : next };
}

/**
 * A pause of `ms` starting now. Folds an earlier pause of the same turn into the new one, so the
 * clock keeps every pause it was given (see the module comment). Returns the new seat fields.
 */
export function pauseSeat(match: MatchRecord, seat: Seat, now: number, ms: number) {
  const s = match.seats[seat]!;
  const until = now + ms;
  const start = clockStart(match, seat);
  const since = s.waitingSince;
  // While waiting: keep the clock shift already earned this turn and add this pause to it.
  const from = start !== null && since != null ? until - (start - since + ms) : now;
  return { pausedFrom: from, pausedUntil: until, pauseUsedMs: (s.pauseUsedMs ?? 0) + ms };
}

/** Ends a running pause now, giving back the unused part of the budget. */
export function resumeSeat(match: MatchRecord, seat: Seat, now: number) {
  const s = match.seats[seat]!;
  if (s.pausedUntil === undefined || s.pausedUntil <= now) return null;
  return { pausedFrom: s.pausedFrom ?? now, pausedUntil: now, pauseUsedMs: Math.max(0, (s.pauseUsedMs ?? 0) - (s.pausedUntil - now)) };
}
