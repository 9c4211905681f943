/** Figures the bots' ladders share (scripts/bench/bots-*.ts): win-rate intervals, quantiles, percentages. */

/** Wilson score interval at 95 % for `wins` out of `n` (0 to 1; [0, 1] when there were no games). */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

/** The q-quantile of `xs` (nearest rank); 0 for none. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return 0;
  const sorted = xs.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** A share as a percentage with one decimal: 0.617 → "61.7%". */
export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * Runs `fn` and returns its result with the CPU milliseconds the process spent on it (user + system).
 * Think times are reported in CPU terms: on a shared, busy machine wall time also counts the waits.
 */
export function cpuMs<T>(fn: () => T): [T, number] {
  const c0 = process.cpuUsage();
  const out = fn();
  const c = process.cpuUsage(c0);
  return [out, (c.user + c.system) / 1000];
}

/** One report line for a level's think times: median and p99 in CPU ms, and the budget it is held to. */
export function thinkLine(game: string, level: string, xs: readonly number[], budget: { median: number; p99: number }): string {
  const med = quantile(xs, 0.5);
  const p99 = quantile(xs, 0.99);
  const within = med <= budget.median && p99 <= budget.p99 ? 'within' : 'OVER';
  return (
    `${game} bots: ${level} think time per move (CPU): median ${med.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ` +
    `max ${quantile(xs, 1).toFixed(1)} ms over ${xs.length} moves (${within} budget: median ≤ ${budget.median} ms, p99 ≤ ${budget.p99} ms)`
  );
}

/** The think-time budgets per level (CPU of one core): a bot's turn should land within a second or two. */
export const THINK_BUDGET = { beginner: { median: 5, p99: 5 }, easy: { median: 5, p99: 5 }, strong: { median: 100, p99: 250 } } as const;
