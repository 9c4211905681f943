/**
 * The sweep: wakes up on a schedule (EventBridge on AWS, a timer in `npm start`), asks the sparse
 * `due` index for what has come due, and for each match
 *   - applies missed move deadlines (the game's default move, or a forfeit) through the match
 *     service's conditional commit;
 *   - writes the reminder and deadline-warning notifications due since its last visit into the
 *     outbox, in the same transaction that moves its cursor on (so each goes out once);
 * and re-drives outbox rows that the dispatcher has not delivered after a grace period.
 * Never DynamoDB TTL, never only when somebody happens to open the match.
 */
import type { Seat } from '../../shared/engine/game.js';
import type { MatchService } from '../matches/service.js';
import type { MatchRecord, MatchStore, NotificationIntent } from '../matches/port.js';
import { OUTBOX_GRACE_MS } from '../matches/port.js';
import { dueShard, DUE_SHARDS } from '../storage/table.js';
import { formatTime } from './compose.js';
import type { NotifyStore } from '../storage/notify-dynamo.js';
import { deadlineOf, nextDue, seatTimers, type TimerEvent } from '../matches/timing.js';

export interface SweepDeps {
  store: NotifyStore;
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
  redriven: number;
}

/** An outbox row is re-driven at most this often before it is given up (and logged). */
export const MAX_REDRIVES = 8;
/** Deadlines applied to one match in one visit, at most (a game whose default move keeps the turn). */
const MAX_STEPS = 20;
const PAGE = 100;

export class Sweep {
  private readonly clock: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;

  constructor(private readonly deps: SweepDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? ((e) => console.log(JSON.stringify(e)));
  }

  /** One pass over everything due now. `budgetMs` bounds a pass (a Lambda's timeout). */
  async run(opts: { budgetMs?: number } = {}): Promise<SweepReport> {
    const report: SweepReport = { matches: 0, reminders: 0, warnings: 0, defaultMoves: 0, forfeits: 0, redriven: 0 };
    const started = Date.now();
    const now = this.clock();
    for (let shard = 0; shard < DUE_SHARDS; shard++) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await this.deps.store.due(dueShard(shard), now, PAGE, start);
        for (const item of page.items) {
          if (opts.budgetMs !== undefined && Date.now() - started > opts.budgetMs) return report;
          try {
            if (item.sk === 'MATCH') await this.visitMatch(item.pk.slice(2), report);
            else await this.redrive(item.pk, item.sk, report); // an outbox entry: a NOTIFY row or a log item
          } catch (err) {
            this.log({ level: 'error', message: 'sweep item failed', pk: item.pk, sk: item.sk, error: String(err) });
          }
        }
        start = page.next;
      } while (start);
    }
    return report;
  }

  async visitMatch(matchId: string, report: SweepReport): Promise<void> {
    report.matches++;
    for (let step = 0; step < MAX_STEPS; step++) {
      const match = await this.deps.matches.get(matchId);
      if (!match) return;
      const now = this.clock();
      if (match.status !== 'active' || !match.timing) {
        await this.deps.store.clearDue(match);
        return;
      }
      const late = match.toAct.find((seat) => {
        const d = deadlineOf(match, seat);
        return d !== null && d <= now;
      });
      if (late !== undefined) {
        const r = await this.deps.service.expireTurn(matchId, late, match.version);
        if (r === 'default-move') report.defaultMoves++;
        if (r === 'forfeit') report.forfeits++;
        this.log({ level: 'info', message: 'deadline passed', matchId, seat: late, result: r });
        continue; // read again: the turn moved on (or someone else moved first)
      }
      const intents = this.dueNotices(match, now);
      const dueAt = nextDue({ ...match, sweptUntil: now });
      if (await this.deps.store.advanceSweep(match, now, dueAt, intents)) {
        for (const n of intents) n.kind === 'reminder' ? report.reminders++ : report.warnings++;
        return;
      }
      // A move landed in between: look again.
    }
  }

  /** Reminders and warnings due since the sweep's cursor: at most one per seat, the most telling. */
  private dueNotices(match: MatchRecord, now: number): NotificationIntent[] {
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

  private async redrive(pk: string, sk: string, report: SweepReport): Promise<void> {
    const item = await this.deps.store.intentItem(pk, sk);
    if (!item || item.dueAt === undefined) return;
    const attempt = ((item.redrives as number | undefined) ?? 0) + 1;
    if (attempt > MAX_REDRIVES) {
      this.log({ level: 'error', message: 'notification given up after re-drives', pk, sk });
      await this.deps.store.settleOutbox({ pk, sk });
      return;
    }
    // Back off: 10 min, 20 min, 40 min… between tries.
    const next = this.clock() + OUTBOX_GRACE_MS * 2 ** (attempt - 1);
    if (await this.deps.store.redrive(pk, sk, attempt, next)) report.redriven++;
  }
}

function notice(match: MatchRecord, seat: Seat, timer: TimerEvent, now: number): NotificationIntent {
  const base = { matchId: match.id, version: match.version, seat, gameId: match.gameId, createdAt: now };
  if (timer.kind === 'warning') {
    return { ...base, kind: 'deadline-near', tag: 'w', lines: [`Your move is due by ${formatTime(timer.deadline)}.`] };
  }
  return { ...base, kind: 'reminder', tag: `r${timer.kind === 'reminder' ? timer.n : 0}`, lines: ['It is still your move.'] };
}
