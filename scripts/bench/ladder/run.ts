/**
 * The ladder: every pairing of the issue's protocol (issue 30), seated in turn (the tested player takes
 * each seat equally often), seeded, with the tested player's win share (a shared win counts its part),
 * its 95 % Wilson interval, the par of the table, and the goal it is held to. Full size: ≥ 1,000 games
 * per two-player pairing and ≥ 400 for more; `scale` shrinks every count (at least one game per seat).
 */
import { performance } from 'node:perf_hooks';
import type { Seat } from '#shared/engine/game.js';
import type { GameId } from '#shared/games/ids.js';
import { pct, quantile, THINK_BUDGET, wilson } from '../../ladder-stats.js';
import {
  type AuctionPlayer,
  type GoldenPlayer,
  type MemoryPlayer,
  noNotices,
  type Notices,
  playAuction,
  playGolden,
  playMemory,
} from './games.js';
import { aggressiveSnapper, bayesian, memoryGreedy, perfectGreedy, randomLateCall, randomNoCalls } from './memory-baselines.js';

export type GameName = GameId;

/** A level of the ladder counts as better only when the interval's lower end clears par (`above`), or a goal's figures. */
interface Goal {
  readonly text: string;
  readonly atLeast?: number;
  readonly lowerAbove?: number;
}

export interface Pairing {
  readonly game: GameName;
  /** The tested player and the one filling every other seat. */
  readonly hero: string;
  readonly other: string;
  readonly seats: number;
  readonly games: number;
  readonly goal?: Goal;
  readonly play: (players: readonly string[], seed: string, notices: Notices) => Seat[];
}

export interface LadderRow {
  readonly game: GameName;
  readonly pairing: string;
  readonly seats: number;
  readonly games: number;
  readonly share: number;
  readonly lo: number;
  readonly hi: number;
  readonly par: number;
  readonly goal: string;
  readonly met: boolean | null;
  readonly gamesPerSecond: number;
}

const auction = (players: readonly string[], seed: string, n: Notices) => playAuction(players as AuctionPlayer[], seed, n);
const golden = (players: readonly string[], seed: string, n: Notices) => playGolden(players as GoldenPlayer[], seed, n);
const MEMORY_AGENTS = new Map(
  [randomNoCalls, randomLateCall, memoryGreedy, aggressiveSnapper, bayesian, perfectGreedy].map((a) => [a.name, a]),
);
const memory = (players: readonly string[], seed: string, n: Notices) =>
  playMemory(
    players.map((p): MemoryPlayer => MEMORY_AGENTS.get(p) ?? (p as MemoryPlayer)),
    seed,
    n,
  );

const beats = (seats: number): Goal => ({ text: `lower end > ${pct(1 / seats)}`, lowerAbove: 1 / seats });

/** Every pairing at full size. */
export const PAIRINGS: readonly Pairing[] = [
  { game: 'dutch-auction', hero: 'easy', other: 'beginner', seats: 2, games: 1000, goal: beats(2), play: auction },
  { game: 'dutch-auction', hero: 'strong', other: 'easy', seats: 2, games: 1000, goal: beats(2), play: auction },
  {
    game: 'dutch-auction',
    hero: 'strong',
    other: 'greedy-buyer',
    seats: 2,
    games: 1000,
    goal: { text: '≥ 90.0%, lower end ≥ 85.0%', atLeast: 0.9, lowerAbove: 0.85 },
    play: auction,
  },
  {
    game: 'dutch-auction',
    hero: 'easy',
    other: 'greedy-buyer',
    seats: 2,
    games: 1000,
    goal: { text: '≥ 60.0%', atLeast: 0.6 },
    play: auction,
  },
  { game: 'dutch-auction', hero: 'beginner', other: 'greedy-buyer', seats: 2, games: 1000, play: auction },
  { game: 'dutch-memory', hero: 'easy', other: 'beginner', seats: 2, games: 1000, goal: beats(2), play: memory },
  { game: 'dutch-memory', hero: 'strong', other: 'easy', seats: 2, games: 1000, goal: beats(2), play: memory },
  {
    game: 'dutch-memory',
    hero: 'strong',
    other: 'memory-greedy',
    seats: 4,
    games: 400,
    goal: { text: '≥ 50.0%', atLeast: 0.5 },
    play: memory,
  },
  ...[randomNoCalls, randomLateCall, aggressiveSnapper, bayesian, perfectGreedy].map(
    (a): Pairing => ({ game: 'dutch-memory', hero: 'strong', other: a.name, seats: 2, games: 1000, play: memory }),
  ),
  { game: 'golden-age', hero: 'easy', other: 'beginner', seats: 3, games: 400, goal: beats(3), play: golden },
  {
    game: 'golden-age',
    hero: 'strong',
    other: 'easy',
    seats: 3,
    games: 400,
    goal: { text: '≥ 60.0%, lower end > 50.0%', atLeast: 0.6, lowerAbove: 0.5 },
    play: golden,
  },
  { game: 'golden-age', hero: 'strong', other: 'one-ply-greedy', seats: 3, games: 400, play: golden },
  { game: 'golden-age', hero: 'easy', other: 'one-ply-greedy', seats: 3, games: 400, play: golden },
];

function met(goal: Goal | undefined, share: number, lo: number): boolean | null {
  if (!goal) return null;
  return (goal.atLeast === undefined || share >= goal.atLeast) && (goal.lowerAbove === undefined || lo > goal.lowerAbove);
}

export function runPairing(p: Pairing, scale: number, notices: Notices): LadderRow {
  // A whole number of rounds of the seats, so the tested player sits in each seat equally often.
  const games = Math.max(p.seats, Math.round((p.games * scale) / p.seats) * p.seats);
  const t0 = performance.now();
  let points = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % p.seats;
    const players = Array.from({ length: p.seats }, (_, i) => (i === seat ? p.hero : p.other));
    // Games g and g+1… share a seed round: the same deal with the tested player moved a seat on.
    const winners = p.play(players, `ladder/${p.game}/${p.hero}-${p.other}/${Math.floor(g / p.seats)}`, notices);
    if (winners.includes(seat)) points += 1 / winners.length;
  }
  const secs = (performance.now() - t0) / 1000;
  const [lo, hi] = wilson(points, games);
  return {
    game: p.game,
    pairing: p.seats === 2 ? `${p.hero} vs ${p.other}` : `${p.hero} vs ${p.seats - 1} ${p.other}`,
    seats: p.seats,
    games,
    share: points / games,
    lo,
    hi,
    par: 1 / p.seats,
    goal: p.goal?.text ?? '(for reference)',
    met: met(p.goal, points / games, lo),
    gamesPerSecond: games / secs,
  };
}

export function formatRow(r: LadderRow): string {
  const verdict = r.met === null ? '' : r.met ? 'met' : 'NOT MET';
  return [
    r.game.padEnd(13),
    r.pairing.padEnd(32),
    String(r.games).padStart(5),
    pct(r.share).padStart(6),
    `[${pct(r.lo)}, ${pct(r.hi)}]`.padEnd(16),
    `par ${pct(r.par)}`.padEnd(10),
    `${r.gamesPerSecond.toFixed(2)} games/s`.padEnd(16),
    `${r.goal} ${verdict}`,
  ].join(' | ');
}

/** The notices and think times of our bots as report lines. */
export function noticeLines(n: Record<GameId, Notices>): string[] {
  const lines: string[] = [];
  const m = n['dutch-memory'];
  const g = n['golden-age'];
  for (const level of ['beginner', 'easy', 'strong'] as const) {
    const firsts = m.firstTurns[level] ?? 0;
    const calls = m.firstTurnCalls[level] ?? 0;
    if (firsts > 0)
      lines.push(`dutch-memory: ${level} called Dutch in its first turn of a round ${calls} of ${firsts} times (${pct(calls / firsts)})`);
    for (const key of Object.keys(m.powersOffered).sort()) {
      if (!key.startsWith(`${level} `)) continue;
      const offered = m.powersOffered[key] ?? 0;
      const used = m.powersUsed[key] ?? 0;
      lines.push(
        `dutch-memory: ${level} used power ${key.slice(level.length + 1)} ${used} of ${offered} times offered (${pct(used / offered)})`,
      );
    }
    const ended = g.turnsEnded[level] ?? 0;
    const idle = g.turnsEndedWithUsableMoney[level] ?? 0;
    if (ended > 0) {
      lines.push(
        `golden-age: ${level} ended ${idle} of ${ended} turns with money a move could have turned into points (${pct(idle / ended)})`,
      );
    }
  }
  for (const game of Object.keys(n) as GameName[]) {
    for (const level of ['beginner', 'easy', 'strong'] as const) {
      const xs = n[game].think[level] ?? [];
      if (xs.length === 0) continue;
      const b = THINK_BUDGET[level];
      const med = quantile(xs, 0.5);
      const p99 = quantile(xs, 0.99);
      const within = med <= b.median && p99 <= b.p99 ? 'within' : 'OVER';
      lines.push(
        `${game}: ${level} think time (CPU): median ${med.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${xs.length} moves (${within} budget ≤ ${b.median} / ${b.p99} ms)`,
      );
    }
  }
  return lines;
}

/** Runs the ladder (every pairing by default) and reports the table as it goes. */
export function runLadder(scale: number, report: (line: string) => void, pairings: readonly Pairing[] = PAIRINGS): LadderRow[] {
  const notices: Record<GameId, Notices> = { 'dutch-auction': noNotices(), 'dutch-memory': noNotices(), 'golden-age': noNotices() };
  const rows: LadderRow[] = [];
  report(
    `ladder at scale ${scale} (1 = the protocol's ≥ 1,000 games per two-player pairing, ≥ 400 for more); share of the tested player, 95% Wilson interval`,
  );
  for (const p of pairings) {
    const row = runPairing(p, scale, notices[p.game]);
    rows.push(row);
    report(formatRow(row));
  }
  for (const line of noticeLines(notices)) report(line);
  const goals = rows.filter((r) => r.met !== null);
  report(
    `goals met: ${goals.filter((r) => r.met).length} of ${goals.length}${
      goals.some((r) => !r.met)
        ? ` (not met: ${goals
            .filter((r) => !r.met)
            .map((r) => `${r.game} ${r.pairing}`)
            .join('; ')})`
        : ''
    }`,
  );
  return rows;
}
