/**
 * Benchmark for the Dutch memory-game engine: random complete rounds per second on one core with
 * 4 players (goal ≥ 5,000). A random player picks uniformly among the legal moves of a seat that
 * must act (its snaps included, so wrong snaps and penalties happen too); a round counts when it
 * has been scored. Games run to their end and a new one is set up, so dealing is part of the cost.
 * Also: actions per CPU-second in uniform random play without snaps (goal ≥ 3.5 M, about twice the
 * fastest public Cambio engine on this machine), the speed a search bot's playouts run at.
 */
import { loadavg } from 'node:os';
import type { Seat } from '#shared/engine/game.js';
import { dutchMemory as game } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove, DutchMemoryOptionsInput } from '#shared/games/dutch-memory/moves.js';
import { legalMoves } from '#shared/games/dutch-memory/rules.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { testRng } from '../../tests/support/rng.js';

const SEATS = 4;

interface Sample {
  rounds: number;
  moves: number;
  /** Wall-clock ms, and CPU ms this process actually got (the machine is shared, so the two differ). */
  ms: number;
  cpuMs: number;
  split?: { toAct: number; legal: number; apply: number };
}

/** Plays random moves for about `ms` milliseconds. With `timed`, also measures where the time goes. */
function run(options: DutchMemoryOptionsInput, ms: number, seed: number, timed = false): Sample {
  const parsed = game.options.safeParse(options);
  if (!parsed.success) throw new Error('bad options');
  const rules = parsed.data;
  const r = testRng(seed);
  let games = 0;
  let state: DutchMemoryState = game.setup(SEATS, rules, `bench-${seed}-${games}`);
  let now = 0;
  let rounds = 0;
  let moves = 0;
  const split = { toAct: 0, legal: 0, apply: 0 };
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 256; i++) {
      const t0 = timed ? performance.now() : 0;
      const toAct = game.toAct(state);
      const seat = toAct[Math.floor(r() * toAct.length)] as Seat;
      const t1 = timed ? performance.now() : 0;
      const legal = game.legalMoves(state, seat);
      const move = legal[Math.floor(r() * legal.length)];
      const t2 = timed ? performance.now() : 0;
      if (!move) throw new Error('a seat that must act has no legal move');
      now += 1000;
      const res = game.apply(state, seat, move, { now });
      if (!res.ok) throw new Error(`legal move refused: ${res.error.code}`);
      if (timed) {
        const t3 = performance.now();
        split.toAct += t1 - t0;
        split.legal += t2 - t1;
        split.apply += t3 - t2;
      }
      moves++;
      for (const e of res.value.events) if (e.type === 'round-ended') rounds++;
      state = res.value.state;
      if (state.phase === 'over') state = game.setup(SEATS, rules, `bench-${seed}-${++games}`);
    }
    elapsed = performance.now() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return timed ? { rounds, moves, ms: elapsed, cpuMs, split } : { rounds, moves, ms: elapsed, cpuMs };
}

/**
 * Uniform random play without snaps, as the engines of the Cambio family are compared: a seat that
 * must act picks uniformly among its legal moves other than snaps. Counts actions (applied moves)
 * per CPU-second over one window of about `ms` milliseconds; the whole loop is counted (toAct,
 * legalMoves, apply), as a search's playouts would run it. The moves come from `legalMoves`
 * without snaps; with `listed`, from the full list (snaps made, then skipped) — the same games.
 */
function actions(options: DutchMemoryOptionsInput, ms: number, seed: number, listed = false): number {
  const parsed = game.options.safeParse(options);
  if (!parsed.success) throw new Error('bad options');
  const rules = parsed.data;
  const r = testRng(seed);
  let games = 0;
  let state: DutchMemoryState = game.setup(SEATS, rules, `actions-${seed}-${games}`);
  let now = 0;
  let count = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 1024; i++) {
      const toAct = game.toAct(state);
      // Uniform among one seat (all of play, outside the starting looks) needs no draw.
      const seat = (toAct.length === 1 ? toAct[0] : toAct[Math.floor(r() * toAct.length)]) as Seat;
      const legal = legalMoves(state, seat, listed);
      const move = listed ? pickUnlessSnap(legal, r()) : legal[Math.floor(r() * legal.length)];
      if (!move) throw new Error('a seat that must act has no legal move');
      now += 1000;
      const res = game.apply(state, seat, move, { now });
      if (!res.ok) throw new Error(`legal move refused: ${res.error.code}`);
      count++;
      state = res.value.state;
      if (state.phase === 'over') state = game.setup(SEATS, rules, `actions-${seed}-${++games}`);
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return (count / (cpu.user + cpu.system)) * 1e6;
}

/** The move at `x` (in [0, 1)) of the moves in `legal` other than snaps, uniformly. */
function pickUnlessSnap(legal: readonly DutchMemoryMove[], x: number): DutchMemoryMove | undefined {
  let n = 0;
  for (const m of legal) if (m.kind !== 'snap') n++;
  let k = Math.floor(x * n);
  for (const m of legal) if (m.kind !== 'snap' && k-- === 0) return m;
  return undefined;
}

const perCpuSecond = (s: Sample) => (s.rounds / s.cpuMs) * 1000;
const perWallSecond = (s: Sample) => (s.rounds / s.ms) * 1000;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function bench(report: (line: string) => void): Promise<void> {
  // Actions first, each rule set warmed up on its own play: a measure of the engine as a bot's
  // playouts run it, before the round measures below have the JIT see snaps as well.
  const rulesets = [
    ['bench rules', {}],
    ['Marmot rules', { preset: 'marmot' }],
  ] as const;
  const best: number[][] = rulesets.map(([, options]) => {
    actions(options, 500, 1);
    return Array.from({ length: 7 }, (_, i) => actions(options, 500, 20 + i)).sort((a, b) => b - a);
  });
  rulesets.forEach(([label, options], k) => {
    const windows = best[k] as number[];
    const listed = Array.from({ length: 3 }, (_, i) => actions(options, 500, 20 + i, true));
    report(
      `dutch-memory: ${fmt(windows[0] as number)} actions per CPU-second on one core, uniform random play without snaps, 4 players, ${label} (goal ≥ 3,500,000; best of ${windows.length} × 0.5 s, median ${fmt(windows[3] as number)}; ${fmt(Math.max(...listed))} when legalMoves also lists the snaps)`,
    );
  });
  run({}, 1000, 1); // warm up the JIT
  for (const [label, options] of [
    ['bench rules', {}],
    ['Marmot rules', { preset: 'marmot' }],
  ] as const) {
    const samples = Array.from({ length: label === 'bench rules' ? 5 : 3 }, (_, i) => run(options, 1000, 10 + i));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const cpu = median(samples.map(perCpuSecond));
    const wall = median(samples.map(perWallSecond));
    const moves = samples.reduce((a, s) => a + s.moves, 0) / samples.reduce((a, s) => a + s.rounds, 0);
    report(
      `dutch-memory: ${fmt(cpu)} random complete rounds per CPU-second on one core, 4 players, ${label} (goal ≥ 5,000; median of ${samples.length} × 1 s; ${fmt(wall)}/s by the wall clock; ${moves.toFixed(1)} moves per round)`,
    );
  }
  const t = run({}, 1500, 99, true);
  const total = t.split!.toAct + t.split!.legal + t.split!.apply;
  const pct = (x: number) => `${Math.round((x / total) * 100)}%`;
  report(
    `dutch-memory: cost per move ${((total / t.moves) * 1000).toFixed(1)} µs — apply ${pct(t.split!.apply)} (copying the touched parts of the state, dealing and shuffling at round starts), legalMoves ${pct(t.split!.legal)} (move objects, e.g. every Jack swap pair), toAct ${pct(t.split!.toAct)}; load average ${loadavg()[0]!.toFixed(1)} on a shared machine`,
  );
}

// Run directly: npx tsx scripts/bench/dutch-memory.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  void bench((line) => console.log(line));
}
