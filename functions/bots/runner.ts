/**
 * The computer players at work: when a match with a seat a computer plays changes, the
 * table's stream (functions/lambda/bots.ts on AWS, a second local StreamReader under `npm start`) calls
 * `handle(matchId)`. The runner reads the match, asks each computer seat's bot (shared/games/bots.ts)
 * for its move on nothing but that seat's view and legal moves, and makes the move through
 * `MatchService.botMove`: the same versioned conditional commit, log line and notifications as a
 * person's move. No person's request ever waits for this; a page sees the move on its next poll.
 *
 * A reaction (a snap) waits a human-like moment first, so people get their fair chance, and is then
 * decided again on the state of that moment. With `later` (on AWS and under `npm start`) the wait is a
 * delayed message to the computers' own queue (functions/queues.ts, whole seconds rounded up) and the run
 * ends there; the message comes back as `handle(matchId, seat)`, which decides that seat again and moves.
 * Without it (some tests) the runner sleeps the moment itself. A bot that throws, takes too long or proposes a move the
 * rules refuse is replaced by the game's standard move for that seat, logged as a warning.
 */
import type { BotLevel, BotPlayer } from '#shared/engine/bot.js';
import type { AnyGame, LogEntry, Seat } from '#shared/engine/game.js';
import { nextU32, seedRng } from '#shared/engine/random.js';
import type { LogRecord, MatchRecord, MatchStore } from '../matches/port.js';
import { logEntries } from '../matches/present.js';
import type { MatchService } from '../matches/service.js';
import { delaySecondsOf } from '../queues.js';
import { METRIC, type Metrics } from '../observe.js';

/** A bot that thinks longer than this has its move replaced by the game's standard move. */
export const BOT_TIME_LIMIT_MS = 2000;
/** How long a reaction (a snap) waits: seeded, between these, like a person noticing. */
export const REACTION_MS = { min: 1500, max: 3000 } as const;
/** Bounds of one `handle` call; the next stream record (each move makes one) carries on. */
export const RUN_LIMITS = { moves: 60, budgetMs: 30_000 } as const;
/** Log records read back for a bot that asks for its seat's log: more than a round of any game. */
export const LOG_WINDOW = 200;

// biome-ignore lint/suspicious/noExplicitAny: each game's player is typed by its own view and move; the runner holds them by game id, as the registry does.
export type BotPlayers = ReadonlyMap<string, BotPlayer<any, any>>;

export interface BotRunnerDeps {
  service: MatchService;
  store: Pick<MatchStore, 'get' | 'log'>;
  players: BotPlayers;
  /** Server time handed to the bot (and to the rules through botMove). */
  clock?: () => number;
  /** Waits a reaction's moment; tests inject one that records the wait. Not used when `later` is given. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Asks for `handle(matchId, seat)` again after `delaySeconds`: a reaction's moment as a delayed message
   * instead of a sleep (functions/bots/records.ts `reactionLater`). Throws when it could not be asked.
   */
  later?: (matchId: string, seat: Seat, delaySeconds: number) => Promise<void>;
  /** Measures a bot's thinking time (ms); performance.now by default. */
  timer?: () => number;
  log?: (entry: Record<string, unknown>) => void;
  /** Think time per decision and moves made (functions/observe.ts); none by default. */
  metrics?: Metrics;
  limits?: { moves?: number; budgetMs?: number };
}

export interface RunReport {
  moves: number;
  /** Moves made by the game's standard move in place of a bot that failed. */
  fallbacks: number;
  reactions: number;
  /** `waiting`: a reaction's moment was handed to `later`, which calls again. */
  stopped: 'idle' | 'not-active' | 'limit' | 'waiting';
}

/** One computer seat's next move, as decided on the match at `version`. */
interface Choice {
  seat: Seat;
  level: BotLevel;
  move: unknown;
  reaction: boolean;
  fallback: boolean;
}

/** The seed of one decision: from the match id, its version and the seat (never the match's own seed). */
export const decisionSeed = (match: Pick<MatchRecord, 'id' | 'version'>, seat: Seat) => `bot/${match.id}/${match.version}/${seat}`;

/** A reaction's wait, seeded by the decision: between REACTION_MS.min and .max. */
export function reactionDelay(match: Pick<MatchRecord, 'id' | 'version'>, seat: Seat): number {
  const [u] = nextU32(seedRng(`${decisionSeed(match, seat)}/reaction`));
  return REACTION_MS.min + Math.floor((u / 4294967296) * (REACTION_MS.max - REACTION_MS.min));
}

export class BotRunner {
  private readonly clock: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timer: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;

  constructor(private readonly deps: BotRunnerDeps) {
    this.clock = deps.clock ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.timer = deps.timer ?? (() => performance.now());
    this.log = deps.log ?? ((e) => console.log(JSON.stringify(e)));
  }

  /**
   * Plays every computer seat of the match while they have moves, within RUN_LIMITS. `waited`: a seat
   * whose reaction has waited its moment (the delayed message came back); it is decided again and made first.
   */
  async handle(matchId: string, waited?: Seat): Promise<RunReport> {
    const report: RunReport = { moves: 0, fallbacks: 0, reactions: 0, stopped: 'limit' };
    const maxMoves = this.deps.limits?.moves ?? RUN_LIMITS.moves;
    const budgetMs = this.deps.limits?.budgetMs ?? RUN_LIMITS.budgetMs;
    const started = Date.now();
    // Seats whose move could not be made at a version (`version:seat`): not asked again at that version.
    const failed = new Set<string>();
    while (report.moves + report.reactions < maxMoves && Date.now() - started < budgetMs) {
      let match = await this.deps.store.get(matchId);
      if (match?.status !== 'active' || !match.seats.some((s) => s.bot)) return { ...report, stopped: 'not-active' };
      const logs = await this.seatLogs(match);
      const seat = waited;
      waited = undefined;
      // The waited reaction first, decided on the state of this moment; else the seats' next move.
      let choice = seat !== undefined && match.seats[seat]?.bot ? this.decide(match, seat, logs) : null;
      if (choice) choice = { ...choice, reaction: false };
      choice ??= this.next(match, failed, logs);
      if (!choice) return { ...report, stopped: 'idle' };
      if (choice.reaction) {
        report.reactions++;
        if (this.deps.later) {
          await this.deps.later(matchId, choice.seat, delaySecondsOf(reactionDelay(match, choice.seat)));
          return { ...report, stopped: 'waiting' };
        }
        await this.sleep(reactionDelay(match, choice.seat));
        // Decided again on the state of this moment: someone may have been quicker.
        match = await this.deps.store.get(matchId);
        if (match?.status !== 'active' || !match.seats[choice.seat]?.bot) continue;
        choice = this.decide(match, choice.seat, await this.seatLogs(match));
        if (!choice) continue;
      }
      const made = await this.make(match, choice);
      if (made === 'moved' || made === 'fallback') this.deps.metrics?.count(METRIC.computerMoves);
      if (made === 'moved') {
        report.moves++;
        if (choice.fallback) report.fallbacks++;
      } else if (made === 'fallback') {
        report.moves++;
        report.fallbacks++;
      } else if (made === 'failed') {
        failed.add(`${match.version}:${choice.seat}`);
      }
    }
    return report;
  }

  /** The next computer move: a seat's turn before any reaction; seats to act first, in seat order. */
  private next(match: MatchRecord, failed: ReadonlySet<string>, logs: SeatLogs): Choice | null {
    const seats = match.seats.flatMap((s, i) => (s.bot && !failed.has(`${match.version}:${i}`) ? [i] : []));
    const ordered = [...seats.filter((i) => match.toAct.includes(i)), ...seats.filter((i) => !match.toAct.includes(i))];
    let reaction: Choice | null = null;
    for (const seat of ordered) {
      const choice = this.decide(match, seat, logs);
      if (choice && !choice.reaction) return choice;
      reaction ??= choice;
    }
    return reaction;
  }

  /** What the seat's bot would do now, or its standard move when the bot fails; null: nothing. */
  private decide(match: MatchRecord, seat: Seat, logs: SeatLogs): Choice | null {
    const level = match.seats[seat]!.bot!.level;
    const game = this.deps.service.game(match.gameId);
    const player = this.deps.players.get(match.gameId);
    const legal = game.legalMoves(match.state, seat);
    const where = { matchId: match.id, version: match.version, seat, botLevel: level };
    if (!player) return this.fallback(game, match, seat, level, { ...where, why: 'no computer player for this game' });
    const t0 = this.timer();
    try {
      const view = game.view(match.state, seat);
      const log = logs.get(seat);
      const input = { seat, view, legal, now: this.clock(), seed: decisionSeed(match, seat), ...(log ? { log } : {}) };
      const decision = player.decide(level, input);
      const took = this.timer() - t0;
      this.deps.metrics?.time(METRIC.computerThinkTime, took);
      if (took > BOT_TIME_LIMIT_MS) return this.fallback(game, match, seat, level, { ...where, why: 'too slow', ms: Math.round(took) });
      if (!decision) return null;
      return { seat, level, move: decision.move, reaction: decision.reaction === true, fallback: false };
    } catch (err) {
      return this.fallback(game, match, seat, level, { ...where, why: 'threw', error: String(err) });
    }
  }

  /**
   * The seat's own log for each computer seat whose bot asks for it (a memory game without the memory
   * aid): the newest LOG_WINDOW records as that seat reads them, oldest first, each followed by what the
   * seat's own move showed it. Nothing is read when no bot asks.
   */
  private async seatLogs(match: MatchRecord): Promise<SeatLogs> {
    const player = this.deps.players.get(match.gameId);
    if (!player?.wantsLog || match.status !== 'active') return NO_LOGS;
    const game = this.deps.service.game(match.gameId);
    const seats = match.seats.flatMap((s, i) => (s.bot && wants(() => player.wantsLog!(game.view(match.state, i))) ? [i] : []));
    if (seats.length === 0) return NO_LOGS;
    const records = (await this.deps.store.log(match.id, { limit: LOG_WINDOW })).reverse();
    return new Map(seats.map((seat) => [seat, seatLog(game, records, seat)]));
  }

  /**
   * The game's standard move for a seat whose bot failed (for a seat to act with no standard move,
   * its first legal move, so the match never waits on a broken bot); logged as a warning.
   */
  private fallback(game: AnyGame, match: MatchRecord, seat: Seat, level: BotLevel, why: Record<string, unknown>): Choice | null {
    const standard = game.defaultMove?.(match.state, seat) ?? null;
    const move = standard ?? (match.toAct.includes(seat) ? (game.legalMoves(match.state, seat)[0] ?? null) : null);
    this.log({ ...why, level: 'warn', message: 'computer player failed; making the standard move instead', standardMove: move !== null });
    return move === null ? null : { seat, level, move, reaction: false, fallback: true };
  }

  /** Makes the choice; a move the rules refuse is replaced by the standard move, once. */
  private async make(match: MatchRecord, choice: Choice): Promise<'moved' | 'fallback' | 'stale' | 'failed'> {
    const result = await this.deps.service.botMove(match.id, choice.seat, match.version, choice.move, choice.level);
    if (result.ok) return 'moved';
    if (result.reason !== 'refused') return result.reason === 'stale' ? 'stale' : 'failed';
    if (choice.fallback) return 'failed';
    const game = this.deps.service.game(match.gameId);
    const why = { matchId: match.id, version: match.version, seat: choice.seat, why: 'refused by the rules', code: result.code };
    const instead = this.fallback(game, match, choice.seat, choice.level, why);
    if (!instead) return 'failed';
    const again = await this.deps.service.botMove(match.id, choice.seat, match.version, instead.move, choice.level);
    return again.ok ? 'fallback' : again.reason === 'stale' ? 'stale' : 'failed';
  }
}

type SeatLogs = ReadonlyMap<Seat, LogEntry[]>;
const NO_LOGS: SeatLogs = new Map();

/** A bot's question that throws counts as "no" (its `decide` is then judged, and replaced if it fails too). */
function wants(ask: () => boolean): boolean {
  try {
    return ask();
  } catch {
    return false;
  }
}

/** The log as `seat` reads it, with its own reveals as entries of type 'reveal' after the move that made them. */
export function seatLog(game: AnyGame, records: readonly LogRecord[], seat: Seat): LogEntry[] {
  return records.flatMap((r) => {
    const entries = logEntries(game, r, seat);
    return r.seat === seat && r.reveal !== undefined ? [...entries, { type: 'reveal', seat, text: '', data: r.reveal }] : entries;
  });
}
