/**
 * Bot ladder for Dutch, per edition: seeded games of strong vs random, easy vs random and
 * strong vs easy, seats alternated, with win rates and 95 % Wilson intervals (a shared win counts
 * half), games/s of the ladder, and think time per move per level (median, p99, in ms of CPU time
 * of this process, so a busy shared machine inflates them less than wall time). GAMES_SCALE=<x> scales the games per matchup.
 */
import { performance } from 'node:perf_hooks';
import type { Bot } from '#shared/engine/bot.js';
import { type Rng, nextInt, seedRng } from '#shared/engine/random.js';
import { bots } from '#shared/games/dutch-auction/bots.js';
import type { Edition } from '#shared/games/dutch-auction/cards.js';
import { dutchAuction as game } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import { type DutchAuctionView, view } from '#shared/games/dutch-auction/view.js';
import { cpuMs, pct, THINK_BUDGET, thinkLine, wilson } from '../ladder-stats.js';

type Player = Bot<DutchAuctionView, DutchAuctionMove> | 'random';

/** Plays one game; returns the points of seat 0 (1 win, 0.5 shared, 0 loss). */
export function playGame(edition: Edition, players: [Player, Player], seed: string, think?: Record<string, number[]>): number {
  let state = game.setup(2, { edition }, seed);
  let rng: Rng = seedRng(`${seed}/random`);
  for (let n = 0; ; n++) {
    if (n > 5000) throw new Error(`game ${seed} did not end`);
    const seats = game.toAct(state);
    if (seats.length === 0) break;
    let k: number;
    [k, rng] = nextInt(rng, seats.length);
    const seat = seats[k]!;
    const legal = game.legalMoves(state, seat);
    const p = players[seat]!;
    let move: DutchAuctionMove;
    if (p === 'random') {
      [k, rng] = nextInt(rng, legal.length);
      move = legal[k]!;
    } else {
      const seen = view(state, seat);
      let ms: number;
      [move, ms] = cpuMs(() => p.choose({ seat, view: seen, legal, now: 0, seed: `${seed}/${n}` }));
      think?.[p.level]?.push(ms);
    }
    const r = game.apply(state, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`bot move refused: ${r.error.code}`);
    state = r.value.state;
  }
  const w = game.result(state)!.winners;
  return w.length === 2 ? 0.5 : w[0] === 0 ? 1 : 0;
}

export async function bench(report: (line: string) => void): Promise<void> {
  // Games per matchup: enough for the lower Wilson bound to clear the ladder's goals when the bots
  // win them all (80 straight wins give 95.4 %), few enough for about a minute on an idle core.
  const scale = Number(process.env.GAMES_SCALE ?? 1);
  const matchups: [string, Player, Player, number][] = [
    ['strong vs random', bots.strong, 'random', 80],
    ['easy vs random', bots.easy, 'random', 300],
    ['strong vs easy', bots.strong, bots.easy, 30],
  ];
  const think: Record<string, number[]> = { easy: [], strong: [] };
  const start = performance.now();
  let played = 0;
  for (const edition of ['current', '2018'] as const) {
    for (const [name, a, b, n] of matchups) {
      const games = Math.max(1, Math.round(n * scale));
      let points = 0;
      for (let i = 0; i < games; i++) {
        const seed = `ladder-${edition}-${name}-${i}`;
        // Seats alternate so neither side always bids first in the seat order.
        points += i % 2 === 0 ? playGame(edition, [a, b], seed, think) : 1 - playGame(edition, [b, a], seed, think);
        played++;
      }
      const [lo, hi] = wilson(points, games);
      report(`dutch-auction bots (${edition}): ${name}: ${pct(points / games)} of ${games} games (95% CI ${pct(lo)}–${pct(hi)})`);
    }
  }
  const secs = (performance.now() - start) / 1000;
  report(`dutch-auction bots: ladder ${played} games in ${secs.toFixed(1)} s (${(played / secs).toFixed(2)} games/s)`);
  for (const level of ['easy', 'strong'] as const) report(thinkLine('dutch-auction', level, think[level]!, THINK_BUDGET[level]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bench((line) => console.log(line));
}
