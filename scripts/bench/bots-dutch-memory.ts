/**
 * The memory game's bot ladder: seeded 4-seat games per rule set, strong against three
 * easy bots and against three random players, and easy against three random players. Reports the
 * strong seat's win rate (Wilson 95 % interval; 25 % is par), the mean round score of each level and
 * the margin strong − other with a 95 % interval (normal approximation over games), games/s, and
 * think time per move per level (median, p99, CPU ms).
 */
import { performance } from 'node:perf_hooks';
import type { BotLevel } from '#shared/engine/bot.js';
import type { LogEntry, Seat } from '#shared/engine/game.js';
import { nextInt, type Rng, seedRng } from '#shared/engine/random.js';
import { botFor, offTurnSnap, type StrongBudget, strongBot } from '#shared/games/dutch-memory/bots.js';
import { dutchMemory as game } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import type { Preset } from '#shared/games/dutch-memory/presets.js';
import { resolveRules } from '#shared/games/dutch-memory/presets.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { view, viewEvent } from '#shared/games/dutch-memory/view.js';
import { cpuMs, pct, THINK_BUDGET, thinkLine, wilson } from '../ladder-stats.js';

export type Player = BotLevel | 'random';

export interface Played {
  state: DutchMemoryState;
  moves: number;
  /** Think time (ms) per bot decision, by level. */
  think: Record<Player, number[]>;
}

const MOVE_CAP = 20_000;

/**
 * Plays one game. Before each move of the seat(s) to act, every other seat's bot may snap (a seat
 * whose only legal moves are snaps); the first one that does, in turn order after the mover, goes first.
 * `check` is called with every chosen move and its legal list (the property test's hook).
 */
export function playGame(
  preset: Preset,
  players: readonly Player[],
  seed: string,
  opts: {
    strongBudget?: StrongBudget;
    endScore?: number;
    memoryAid?: boolean;
    time?: boolean;
    check?: (legal: readonly DutchMemoryMove[], m: DutchMemoryMove, seat: Seat) => void;
    /** Called after every move with the state before and after it and the seats' logs (tests' hook). */
    onApplied?: (before: DutchMemoryState, after: DutchMemoryState, logs: readonly (readonly LogEntry[])[]) => void;
  } = {},
): Played {
  const rules = resolveRules({
    preset,
    ...(opts.endScore ? { endScore: opts.endScore } : {}),
    ...(opts.memoryAid === undefined ? {} : { memoryAid: opts.memoryAid }),
  });
  let state = game.setup(players.length, rules, seed);
  const strong = opts.strongBudget ? strongBot(opts.strongBudget) : botFor('strong');
  let rng: Rng = seedRng(`${seed}/random`);
  const think: Record<Player, number[]> = { beginner: [], easy: [], strong: [], random: [] };
  let now = 1_700_000_000_000;
  let moves = 0;
  // Each seat's own log (BotInput.log): the events as that seat reads them, and its reveals.
  const logs: LogEntry[][] = players.map(() => []);
  const run = (seat: Seat, move: DutchMemoryMove) => {
    const r = game.apply(state, seat, move, { now });
    if (!r.ok) throw new Error(`${seed}: legal move refused: ${JSON.stringify(move)} by ${seat}: ${r.error.code}`);
    logs.forEach((log, s) => {
      for (const e of r.value.events) {
        const entry = viewEvent(e, s);
        if (entry) log.push(entry);
      }
    });
    if (r.value.reveal !== undefined) logs[seat]!.push({ type: 'reveal', seat, text: '', data: r.value.reveal });
    opts.onApplied?.(state, r.value.state, logs);
    state = r.value.state;
    moves++;
    now += 1000;
    if (moves > MOVE_CAP) throw new Error(`${seed}: game does not end`);
  };
  const decide = (seat: Seat, legal: DutchMemoryMove[], offTurn: boolean): DutchMemoryMove | null => {
    const level = players[seat]!;
    if (level === 'random') {
      if (offTurn) return null;
      const pool = legal.filter((m) => m.kind !== 'snap');
      const from = pool.length > 0 ? pool : legal;
      let k: number;
      [k, rng] = nextInt(rng, from.length);
      return from[k]!;
    }
    const input = { seat, view: view(state, seat), legal, now, seed: `${seed}/${moves}/${seat}`, log: logs[seat] };
    if (offTurn) return offTurnSnap(level, input);
    // Off-turn snap checks are not decisions: only the seat's own moves are timed.
    const bot = level === 'strong' ? strong : botFor(level);
    if (!opts.time) return bot.choose(input);
    const [m, ms] = cpuMs(() => bot.choose(input));
    think[level].push(ms);
    return m;
  };
  outer: while (game.result(state) === null) {
    const acting = game.toAct(state);
    if (acting.length === 0) throw new Error(`${seed}: nobody to act`);
    if (state.phase === 'play') {
      const mover = acting[0]!;
      for (let i = 1; i < players.length; i++) {
        const s = (mover + i) % players.length;
        const legal = game.legalMoves(state, s);
        if (legal.length === 0) continue;
        const m = decide(s, legal, true);
        if (m) {
          opts.check?.(legal, m, s);
          run(s, m);
          continue outer;
        }
      }
    }
    for (const s of acting) {
      const legal = game.legalMoves(state, s);
      if (legal.length === 0) throw new Error(`${seed}: seat ${s} must act but has no move`);
      const m = decide(s, legal, false)!;
      opts.check?.(legal, m, s);
      run(s, m);
      if (state.phase !== 'look') continue outer;
    }
  }
  return { state, moves, think };
}

/** Strong (seat rotating) against three of `other`; win share and the per-round score margin. */
function matchup(preset: Preset, other: Player, games: number, think: Record<Player, number[]>) {
  let wins = 0;
  const margins: number[] = [];
  let strongSum = 0;
  let otherSum = 0;
  let rounds = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % 4;
    const players: Player[] = [other, other, other, other];
    players[seat] = 'strong';
    const p = playGame(preset, players, `ladder/${preset}/${other}/${g}`, { time: true });
    for (const l of ['easy', 'strong', 'random'] as const) think[l].push(...p.think[l]);
    const result = game.result(p.state)!;
    if (result.winners.includes(seat)) wins += 1 / result.winners.length;
    // Per game: the strong seat's mean round score minus the others' mean round score.
    let mine = 0;
    let theirs = 0;
    for (const r of p.state.history) {
      mine += r.scores[seat]!;
      for (let s = 0; s < 4; s++) if (s !== seat) theirs += r.scores[s]! / 3;
    }
    const n = p.state.history.length;
    rounds += n;
    strongSum += mine;
    otherSum += theirs;
    margins.push((mine - theirs) / n);
  }
  const mean = margins.reduce((a, x) => a + x, 0) / margins.length;
  const sd = Math.sqrt(margins.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, margins.length - 1));
  const half = (1.96 * sd) / Math.sqrt(margins.length);
  return { wins, games, mean, half, strong: strongSum / rounds, other: otherSum / rounds, rounds };
}

export async function bench(report: (line: string) => void): Promise<void> {
  // The default keeps `npm run bench` near a minute; BOT_LADDER_GAMES=60 BOT_LADDER_PRESETS=bench for the report.
  const games = Number(process.env.BOT_LADDER_GAMES ?? 6);
  const presets = (process.env.BOT_LADDER_PRESETS?.split(',') ?? ['bench', 'marmot']) as Preset[];
  const think: Record<Player, number[]> = { beginner: [], easy: [], strong: [], random: [] };
  const t0 = performance.now();
  let played = 0;
  for (const preset of presets) {
    for (const other of ['easy', 'random'] as const) {
      const r = matchup(preset, other, other === 'easy' ? games : Math.max(4, Math.ceil(games / 2)), think);
      played += r.games;
      const [lo, hi] = wilson(r.wins, r.games);
      report(
        `dutch-memory bots (${preset}, 4 seats): strong vs 3 ${other}: strong wins ${pct(r.wins / r.games)} ` +
          `[${pct(lo)}, ${pct(hi)}] of ${r.games} games (par 25 %); mean round score strong ${r.strong.toFixed(2)}, ` +
          `${other} ${r.other.toFixed(2)} over ${r.rounds} rounds; margin strong − ${other} ${r.mean.toFixed(2)} ` +
          `± ${r.half.toFixed(2)} points a round (95 %)`,
      );
    }
  }
  const secs = (performance.now() - t0) / 1000;
  report(`dutch-memory bots: ladder ${played} games in ${secs.toFixed(1)} s (${(played / secs).toFixed(2)} games/s)`);
  for (const l of ['easy', 'strong'] as const) report(thinkLine('dutch-memory', l, think[l], THINK_BUDGET[l]));
}
