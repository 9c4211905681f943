/**
 * Counting points: a bench's value, whether the Dutch caller was lowest, and who wins the game.
 * Pure functions of public end-of-round facts, shared by the engine, the view and the tests.
 */
import type { Seat } from '../../engine/game.js';
import type { Rules } from './presets.js';
import type { RoundRecord } from './state.js';

/**
 * The seats whose bench beats the caller's: strictly lower, or also equal when ties count against
 * the caller. The caller was lowest when this is empty. Under the bench rules its length is also
 * the number of penalty cards the caller takes.
 */
export function seatsBeatingCaller(rules: Rules, sums: readonly number[], caller: Seat): Seat[] {
  const mine = sums[caller] ?? 0;
  const out: Seat[] = [];
  const forCaller = rules.callerTies === 'for-caller';
  for (let seat = 0; seat < sums.length; seat++) {
    const s = sums[seat] as number;
    if (seat !== caller && (forCaller ? s < mine : s <= mine)) out.push(seat);
  }
  return out;
}

/**
 * Winners once the game is over: lowest total; among equal totals the lower final-round score when
 * the tie-break says so; anyone still level shares the win.
 */
export function winnersOf(rules: Rules, totals: readonly number[], history: readonly RoundRecord[]): Seat[] {
  const tied = lowest(totals, null);
  const last = history[history.length - 1];
  if (tied.length > 1 && rules.tieBreak === 'last-round' && last) return lowest(last.scores, tied);
  return tied;
}

/** The seats (among `among`, or all) with the lowest number in `values`; a missing number counts as 0. */
function lowest(values: readonly number[], among: readonly Seat[] | null): Seat[] {
  const n = among ? among.length : values.length;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) best = Math.min(best, values[among ? (among[i] as Seat) : i] ?? 0);
  const out: Seat[] = [];
  for (let i = 0; i < n; i++) {
    const seat = among ? (among[i] as Seat) : i;
    if ((values[seat] ?? 0) === best) out.push(seat);
  }
  return out;
}
