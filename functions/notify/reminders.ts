/**
 * The sweep: wakes up on a schedule (EventBridge on AWS, a timer in `npm start`), asks the store for
 * what has come due (the sparse `due` index), and for each match
 *   - applies missed move deadlines first (functions/matches/deadlines.ts);
 *   - writes the reminder and deadline-warning notifications due since its last visit into the
 *     outbox, in the same transaction that moves its cursor on (so each goes out once);
 * and re-drives outbox entries that the dispatcher has not delivered after a grace period.
 */
import type { Seat } from '#shared/engine/game.js';
import { Deadlines } from '../matches/deadlines.js';
import { OUTBOX_GRACE_MS, type MatchRecord, type MatchStore, type NotificationIntent } from '../matches/port.js';
import type { MatchService } from '../matches/service.js';
import { formatTime, nextDue, seatTimers, type TimerEvent } from '../matches/timing.js';
import type { Outbox, OutboxKey } from './port.js';

export interface SweepDeps {
  store: Outbox;
  matches: MatchStore;
  service: MatchService;
  clock?: () => number;
  log?: (entry: Record<string, unknown>) => void;
}

export interface SweepReport {
  matches: number;
  reminders: number;
  warnings: number;
  defaultMoves: number;
  forfeits: number;
  /** Seats a computer took over at their deadline (a match with `onDeadline: 'bot'`). */
  standIns: number;
  redriven: number;
}

/** An outbox row is re-driven at most this often before it is given up (and logged). */
export const MAX_REDRIVES = 8;
/** Looks at one match in one visit, at most (a game whose default move keeps the turn). */
const MAX_STEPS = 20;
const PAGE = 100;

export class Sweep {
  private readonly clock: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly deadlines: Deadlines;

  constructor(private readonly deps: SweepDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? ((e) => console.log(JSON.stringify(e)));
    this.deadlines = new Deadlines({ matches: deps.matches, service: deps.service, clock: this.clock, log: this.log });
  }

  /** One pass over everything due now. `budgetMs` bounds a pass (a Lambda's timeout). */
  async run(opts: { budgetMs?: number } = {}): Promise<SweepReport> {
    const report: SweepReport = { matches: 0, reminders: 0, warnings: 0, defaultMoves: 0, forfeits: 0, standIns: 0, redriven: 0 };
    const started = Date.now();
    const now = this.clock();
    let cursor: unknown;
    do {
      const page = await this.deps.store.due(now, PAGE, cursor);
      for (const item of page.items) {
        if (opts.budgetMs !== undefined && Date.now() - started > opts.budgetMs) return report;
        try {
          if (item.kind === 'match') await this.visitMatch(item.matchId, report);
          else await this.redrive(item.key, report);
        } catch (err) {
          const where = item.kind === 'match' ? { pk: `M#${item.matchId}`, sk: 'MATCH' } : item.key;
          this.log({ level: 'error', message: 'sweep item failed', ...where, error: String(err) });
        }
      }
      cursor = page.next;
    } while (cursor !== undefined);
    return report;
  }

  async visitMatch(matchId: string, report: SweepReport): Promise<void> {
    report.matches++;
    for (let step = 0; step < MAX_STEPS; step++) {
      const look = await this.deadlines.step(matchId);
      if (look.kind === 'gone') return;
      if (look.kind === 'expired') {
        if (look.result === 'default-move') report.defaultMoves++;
        if (look.result === 'forfeit') report.forfeits++;
        if (look.result === 'stand-in') report.standIns++;
        continue; // read again: the turn moved on (or someone else moved first)
      }
      const { match, now } = look;
      const intents = dueNotices(match, now);
      const dueAt = nextDue({ ...match, sweptUntil: now });
      if (await this.deps.matches.advanceSweep(match, now, dueAt, intents)) {
        for (const n of intents) n.kind === 'reminder' ? report.reminders++ : report.warnings++;
        return;
      }
      // A move landed in between: look again.
    }
  }

  private async redrive(key: OutboxKey, report: SweepReport): Promise<void> {
    const timer = await this.deps.store.outboxTimer(key);
    if (!timer || timer.dueAt === undefined) return;
    const attempt = timer.redrives + 1;
    if (attempt > MAX_REDRIVES) {
      this.log({ level: 'error', message: 'notification given up after re-drives', pk: key.pk, sk: key.sk });
      await this.deps.store.settleOutbox(key);
      return;
    }
    // Back off: 10 min, 20 min, 40 min… between tries.
    const next = this.clock() + OUTBOX_GRACE_MS * 2 ** (attempt - 1);
    if (await this.deps.store.redrive(key, attempt, next)) report.redriven++;
  }
}

/** Reminders and warnings due since the sweep's cursor: at most one per seat, the most telling. */
function dueNotices(match: MatchRecord, now: number): NotificationIntent[] {
  const cursor = match.sweptUntil ?? -Infinity;
  const out: NotificationIntent[] = [];
  for (const seat of match.toAct) {
    const due = seatTimers(match, seat).filter((t) => t.kind !== 'deadline' && t.at > cursor && t.at <= now);
    // A warning says more than a reminder; of several reminders missed, only the latest counts.
    const pick = due.find((t) => t.kind === 'warning') ?? due.at(-1);
    if (pick) out.push(notice(match, seat, pick, now));
  }
  return out;
}

function notice(match: MatchRecord, seat: Seat, timer: TimerEvent, now: number): NotificationIntent {
  const base = { matchId: match.id, version: match.version, seat, gameId: match.gameId, createdAt: now };
  if (timer.kind === 'warning') {
    return { ...base, kind: 'deadline-near', tag: 'w', lines: [`Your move is due by ${formatTime(timer.deadline)}.`] };
  }
  return { ...base, kind: 'reminder', tag: `r${timer.kind === 'reminder' ? timer.n : 0}`, lines: ['It is still your move.'] };
}
