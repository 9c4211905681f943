/**
 * The sweep: wakes up on a schedule (EventBridge on AWS, a timer in `npm start`), asks the store for
 * what has come due (the sparse `due` index), and for each match
 *   - applies missed move deadlines first (functions/matches/deadlines.ts);
 *   - wakes a computer that is to move and has not for COMPUTER_IDLE_MS (its move was lost);
 *   - writes the reminder and deadline-warning notifications due since its last visit into the
 *     outbox, in the same transaction that moves its cursor on (so each goes out once);
 * and re-drives outbox entries that the dispatcher has not delivered after a grace period, and turns the
 * notices held through a seat's quiet hours into one merged notice once they end (./quiet.ts).
 *
 * The index's shards are split into lanes, one worker each, all running side by side; a worker walks its
 * shards from where its last run stopped (a cursor saved per lane), a page at a time with a few items in
 * flight, until its shards are all walked once, its item budget is spent or the time is up. So no shard
 * waits behind another, and a run too short for everything goes on where it stopped next time.
 */
import type { Seat } from '#shared/engine/game.js';
import { Deadlines } from '../matches/deadlines.js';
import { OUTBOX_GRACE_MS, type MatchRecord, type MatchStore, type NotificationIntent } from '../matches/port.js';
import type { MatchService } from '../matches/service.js';
import { computerCheckAt, formatTime, nextDue, seatTimers, type TimerEvent } from '../matches/timing.js';
import type { VacationStore } from '../matches/vacation.js';
import { inPool, lanesOf } from './lanes.js';
import type { DueItem, HeldNotices, Lane, Outbox, OutboxKey, SweepCursor } from './port.js';
import { mergeHeld } from './quiet.js';

export interface SweepDeps {
  store: Outbox & HeldNotices;
  matches: MatchStore;
  service: MatchService;
  /** The signed-in players' vacation banks (functions/matches/vacation.ts); absent: none are spent. */
  vacation?: VacationStore;
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
  /** Matches whose computer had not moved for COMPUTER_IDLE_MS, handed to the computers again. */
  computerWakes: number;
  /** Days of vacation banks spent on deadlines that would have passed (each moved a day). */
  vacationDays: number;
  redriven: number;
  /** Seats whose quiet hours ended with notices held: one merged notice each. */
  released: number;
}

export interface SweepOptions {
  /** Bounds a run in time (a Lambda's timeout): no new page is read after it; the page in hand is finished. */
  budgetMs?: number;
  /** Items one worker visits in a run, at most (what is left waits for its next run). */
  itemsPerWorker?: number;
  /** Workers, one lane of shards each (SWEEP_WORKERS). */
  workers?: number;
  /** Items one worker has in flight at once (SWEEP_IN_FLIGHT). */
  inFlight?: number;
  /** This run takes every `of`-th lane from `index` on: invocations side by side split the lanes between them. */
  part?: { index: number; of: number };
}

/** An outbox row is re-driven at most this often before it is given up (and logged). */
export const MAX_REDRIVES = 8;
/** Looks at one match in one visit, at most (a game whose default move keeps the turn). */
const MAX_STEPS = 20;
const PAGE = 100;

/**
 * Workers and items in flight, for the site's load model at 10 M daily players, peak hour 5× the average:
 * reminder and deadline visits 10e6 × 2 / 86,400 × 5 ≈ 1,160/s, checks on computers to move as many
 * (2 computer moves a player a day), re-drives of lost notices a few per cent of 46,000 notices/s at
 * most: ≈ 2,500 items/s due. An item is 2–4 DynamoDB calls of 5–10 ms (read the match, one conditional
 * write; a re-drive a read and an update): ≈ 30 ms, so ≈ 75 items in flight keep up. 16 workers × 8 in
 * flight = 128: ≈ 4,300 items/s, 1.7× the peak, in one invocation a minute (infra SWEEP_RATE), which
 * waits on DynamoDB far more than it computes. Beyond that, `part` splits the lanes over several
 * scheduled invocations (functions/lambda/schedule.ts) without touching the cursors.
 */
export const SWEEP_WORKERS = 16;
export const SWEEP_IN_FLIGHT = 8;

export class Sweep {
  private readonly clock: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly deadlines: Deadlines;

  constructor(private readonly deps: SweepDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? ((e) => console.log(JSON.stringify(e)));
    this.deadlines = new Deadlines({
      matches: deps.matches,
      service: deps.service,
      clock: this.clock,
      log: this.log,
      vacation: deps.vacation,
    });
  }

  /** One run: every lane's worker side by side, each from where it stopped last (see the top of this file). */
  async run(opts: SweepOptions = {}): Promise<SweepReport> {
    const report: SweepReport = {
      matches: 0,
      reminders: 0,
      warnings: 0,
      defaultMoves: 0,
      forfeits: 0,
      standIns: 0,
      computerWakes: 0,
      vacationDays: 0,
      redriven: 0,
      released: 0,
    };
    const started = Date.now();
    const late = () => opts.budgetMs !== undefined && Date.now() - started > opts.budgetMs;
    const lanes = lanesOf(this.deps.store.dueShards, opts.workers ?? SWEEP_WORKERS);
    const part = opts.part;
    const mine = part ? lanes.filter((_, i) => i % part.of === part.index) : lanes;
    const now = this.clock();
    await Promise.all(mine.map((lane) => this.walk(lane, now, report, late, opts)));
    return report;
  }

  /** One worker: its lane's shards in turn from its saved cursor, each once at most, within its budget. */
  private async walk(lane: Lane, now: number, report: SweepReport, late: () => boolean, opts: SweepOptions): Promise<void> {
    let at: SweepCursor = (await this.deps.store.sweepCursor(lane)) ?? { shard: lane.from };
    let left = opts.itemsPerWorker ?? Number.POSITIVE_INFINITY;
    for (let walked = 0; walked < lane.to - lane.from && left > 0 && !late(); ) {
      const page = await this.deps.store.dueIn(at.shard, now, Math.min(PAGE, left), at.after);
      await inPool(page.items, opts.inFlight ?? SWEEP_IN_FLIGHT, (item) => this.visit(item, report));
      left -= page.items.length;
      if (page.next !== undefined) {
        at = { shard: at.shard, after: page.next };
      } else {
        at = { shard: at.shard + 1 < lane.to ? at.shard + 1 : lane.from };
        walked++;
      }
    }
    await this.deps.store.saveSweepCursor(lane, at);
  }

  private async visit(item: DueItem, report: SweepReport): Promise<void> {
    try {
      if (item.kind === 'match') await this.visitMatch(item.matchId, report);
      else if (item.kind === 'held') await this.release(item.key, report);
      else await this.redrive(item.key, report);
    } catch (err) {
      const where = item.kind === 'match' ? { pk: `M#${item.matchId}`, sk: 'MATCH' } : item.key;
      this.log({ level: 'error', message: 'sweep item failed', ...where, error: String(err) });
    }
  }

  async visitMatch(matchId: string, report: SweepReport): Promise<void> {
    report.matches++;
    for (let step = 0; step < MAX_STEPS; step++) {
      const look = await this.deadlines.step(matchId);
      if (look.kind === 'gone') return;
      if (look.kind === 'filled') continue; // an open game's computers took their seats: it has started
      if (look.kind === 'vacation') {
        if (look.result === 'moved') report.vacationDays++;
        continue; // read again: the deadline moved a day (or the match changed first)
      }
      if (look.kind === 'expired') {
        if (look.result === 'default-move') report.defaultMoves++;
        if (look.result === 'forfeit') report.forfeits++;
        if (look.result === 'stand-in') report.standIns++;
        continue; // read again: the turn moved on (or someone else moved first)
      }
      const { match, now } = look;
      const check = computerCheckAt(match);
      if (check !== undefined && check <= now) {
        // A computer to move has not for COMPUTER_IDLE_MS: its move was lost. Hand the match to it again.
        if (await this.deps.service.wakeComputers(matchId, match.version)) {
          report.computerWakes++;
          this.log({ level: 'warn', message: 'computer woken again', matchId, version: match.version });
        }
        continue;
      }
      const intents = dueNotices(match, now);
      const dueAt = nextDue({ ...match, sweptUntil: now });
      if (await this.deps.matches.advanceSweep(match, now, dueAt, intents)) {
        for (const n of intents) n.kind === 'reminder' ? report.reminders++ : report.warnings++;
        return;
      }
      // A move landed in between: look again.
    }
  }

  /** A seat's quiet hours have ended: what was held goes into the outbox as one notice (a race: next run). */
  private async release(key: OutboxKey, report: SweepReport): Promise<void> {
    const held = await this.deps.store.held(key);
    if (!held || held.releaseAt > this.clock()) return;
    const merged = mergeHeld(held.intents, held.releaseAt);
    if (merged && (await this.deps.store.releaseHeld(key, held.intents.length, merged))) report.released++;
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
