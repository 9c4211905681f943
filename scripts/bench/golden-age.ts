/**
 * Benchmark for The Dutch Golden Age engine: random complete turns per second on one core with
 * 4 players (goal ≥ 20,000), and complete games per second under the same random policy
 * (uniform among legal moves; during its own actions the player ends the turn with
 * probability 0.3). Each move goes through `legalMoves` (to choose) and `apply` (to play), as
 * a server plus a bot would. A second pass splits the time between the two.
 *
 * Rates are per second of this process's CPU time (one thread: one core), so a busy shared
 * machine does not distort them; the wall-clock rate is reported beside them.
 */
import type { Seat } from '#shared/engine/game.js';
import { seedRng } from '#shared/engine/random.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { Draws } from './dutch-auction.js';

const SEATS = 4;
const END_CHANCE = 0.3;
const CTX = { now: 0 };

interface Tally {
  turns: number;
  games: number;
  moves: number;
  ms: number;
  cpuMs: number;
  legalMs: number;
  applyMs: number;
}

const END_TURN: GoldenAgeMove = { kind: 'end-turn' };

/**
 * The random player of tests/games/golden-age/random-player.ts, choice for choice (the same draws
 * from the same generator), with the generator kept in place rather than a new tuple per draw,
 * so that the figures measure the engine and not the player.
 */
function randomMove(s: GoldenAgeState, seat: Seat, draws: Draws): GoldenAgeMove {
  const moves = goldenAge.legalMoves(s, seat);
  if (moves.length === 0) throw new Error(`seat ${seat} has no legal move in phase ${s.phase}`);
  if (s.phase === 'actions') {
    if (draws.u32() / 0x1_0000_0000 < END_CHANCE || moves.length === 1) return END_TURN;
    // moves[0] is always end-turn in the actions phase
    return moves[draws.int(moves.length - 1) + 1]!;
  }
  return moves[draws.int(moves.length)]!;
}

/** Plays random games until `budgetMs` has passed; finishes the game in progress. */
function run(budgetMs: number, seedBase: string, split: boolean): Tally {
  const t: Tally = { turns: 0, games: 0, moves: 0, ms: 0, cpuMs: 0, legalMs: 0, applyMs: 0 };
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let g = 0;
  while (performance.now() - start < budgetMs) {
    let s: GoldenAgeState = goldenAge.setup(SEATS, {}, `${seedBase}-${g}`);
    const draws = new Draws(seedRng(`${seedBase}-policy-${g}`));
    g++;
    while (s.phase !== 'over') {
      const seat = goldenAge.toAct(s)[0]!;
      const t0 = split ? performance.now() : 0;
      const move = randomMove(s, seat, draws);
      const t1 = split ? performance.now() : 0;
      const r = goldenAge.apply(s, seat, move, CTX);
      if (split) {
        const t2 = performance.now();
        t.legalMs += t1 - t0;
        t.applyMs += t2 - t1;
      }
      if (!r.ok) throw new Error(`random move refused: ${JSON.stringify(move)} ${r.error.code}`);
      s = r.value.state;
      t.moves++;
    }
    t.turns += s.turn;
    t.games++;
  }
  t.ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  t.cpuMs = (cpu.user + cpu.system) / 1000;
  return t;
}

export async function bench(report: (line: string) => void): Promise<void> {
  run(1000, 'warm', false);
  const main = run(6000, 'bench', false);
  const turnsPerSec = (main.turns / main.cpuMs) * 1000;
  const gamesPerSec = (main.games / main.cpuMs) * 1000;
  const wallTurns = (main.turns / main.ms) * 1000;
  report(
    `golden-age: ${Math.round(turnsPerSec).toLocaleString('en')} random complete turns per CPU-second on one core, 4 players (goal ≥ 20,000; ` +
      `${Math.round(wallTurns).toLocaleString('en')}/s by the wall clock); ${main.games} games, ${(main.turns / main.games).toFixed(0)} turns and ` +
      `${(main.moves / main.turns).toFixed(1)} moves per turn on average`,
  );
  report(`golden-age: ${gamesPerSec.toFixed(1)} complete random games per CPU-second (4 players, end-turn chance ${END_CHANCE})`);
  const split = run(2500, 'split', true);
  const other = split.ms - split.legalMs - split.applyMs;
  const pct = (x: number) => `${((x / split.ms) * 100).toFixed(0)}%`;
  const top =
    split.applyMs >= split.legalMs
      ? 'apply (validating, the objects a move changes, events)'
      : 'legalMoves (listing every legal move before each choice)';
  report(
    `golden-age: cost dominated by ${top} — legalMoves + policy ${pct(split.legalMs)}, apply ${pct(split.applyMs)}, ` +
      `set-up and timing ${pct(other)}`,
  );
}
