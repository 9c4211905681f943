/**
 * Ladder for the Golden Age bots: seeded 3-seat games, one bot of the tested level
 * against two opponents of another, the tested seat rotating through the seats. Reports win rates
 * with 95 % Wilson intervals (33 % is par; goal: strong ≥ 60 % against two easy bots), games per
 * second of the ladder, and the think time per move of each level (median, p99, CPU of this
 * one-thread process). GA_BENCH_GAMES overrides the games per matchup.
 */
import type { Bot } from '#shared/engine/bot.js';
import { seedRng } from '#shared/engine/random.js';
import { bots } from '#shared/games/golden-age/bots.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { view } from '#shared/games/golden-age/view.js';
import type { GoldenAgeMove, GoldenAgeState, GoldenAgeView } from '#shared/games/golden-age/index.js';
import { randomMove } from '../../tests/games/golden-age/random-player.js';
import { cpuMs, pct, THINK_BUDGET, thinkLine, wilson } from '../ladder-stats.js';

const SEATS = 3;
const MOVE_CAP = 20_000;
type Player = Bot<GoldenAgeView, GoldenAgeMove> | 'random';

/** CPU milliseconds per decision, per level (wall time would count a busy machine's waits too) */
export const times: Record<string, number[]> = { easy: [], strong: [] };

/** One game; returns the winner's seat (or -1 when the move cap is hit). */
function play(players: readonly Player[], seed: string): number {
  let s: GoldenAgeState = goldenAge.setup(SEATS, {}, seed);
  let rng = seedRng(`${seed}/random`);
  for (let n = 0; n < MOVE_CAP && s.phase !== 'over'; n++) {
    const seat = goldenAge.toAct(s)[0]!;
    const p = players[seat]!;
    let move: GoldenAgeMove;
    if (p === 'random') [move, rng] = randomMove(s, seat, rng);
    else {
      const legal = goldenAge.legalMoves(s, seat);
      const v = view(s, seat);
      let ms: number;
      [move, ms] = cpuMs(() => p.choose({ seat, view: v, legal, now: 0, seed: `${seed}/${n}` }));
      times[p.level]!.push(ms);
    }
    const r = goldenAge.apply(s, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`illegal bot move ${JSON.stringify(move)}: ${r.error.code}`);
    s = r.value.state;
  }
  return s.phase === 'over' ? s.winner! : -1;
}

export function ladder(
  name: string,
  hero: Player,
  villain: Player,
  games: number,
  report: (line: string) => void,
): { wins: number; games: number; ms: number } {
  const t0 = performance.now();
  let wins = 0;
  let capped = 0;
  for (let g = 0; g < games; g++) {
    const heroSeat = g % SEATS;
    const players = Array.from({ length: SEATS }, (_, i) => (i === heroSeat ? hero : villain));
    const w = play(players, `ladder-${name}-${g}`);
    if (w === heroSeat) wins++;
    if (w < 0) capped++;
  }
  const ms = performance.now() - t0;
  const [lo, hi] = wilson(wins, games);
  report(
    `golden-age bots: ${name}: ${wins}/${games} = ${pct(wins / games)} (95% CI ${pct(lo)}–${pct(hi)}; par 33.3%)` +
      `${capped > 0 ? `, ${capped} games hit the move cap` : ''}, ${((games / ms) * 1000).toFixed(1)} games/s`,
  );
  return { wins, games, ms };
}

export async function bench(report: (line: string) => void): Promise<void> {
  const n = Number(process.env.GA_BENCH_GAMES ?? 10);
  times.easy = [];
  times.strong = [];
  const t0 = performance.now();
  let total = 0;
  for (const [name, hero, villain, k] of [
    ['easy vs 2 random', bots.easy, 'random', n * 2],
    ['strong vs 2 random', bots.strong, 'random', n],
    ['strong vs 2 easy (goal ≥ 60%)', bots.strong, bots.easy, n * 2],
  ] as const) {
    total += ladder(name, hero, villain, k, report).games;
  }
  const ms = performance.now() - t0;
  report(`golden-age bots: ladder ${total} games in ${(ms / 1000).toFixed(1)} s = ${((total / ms) * 1000).toFixed(2)} games/s`);
  for (const level of ['easy', 'strong'] as const) report(thinkLine('golden-age', level, times[level]!, THINK_BUDGET[level]));
}

if (process.argv[1]?.endsWith('bots-golden-age.ts')) void bench(console.log);
