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
