/** What differs between two views of Dutch memory: bench cards (moved, swapped, seen), the discard, totals. */
import { changedEntries } from '../changed.js';
import type { View } from './logic.js';

export function dutchMemoryChanged(before: unknown, after: unknown): string[] {
  const b = before as View | null;
  const a = after as View | null;
  if (!b || !a || b.seats !== a.seats) return [];
  const keys = a.benches.flatMap((bench, seat) => changedEntries(`bench:${seat}`, b.benches[seat], bench));
  if (JSON.stringify(b.discard) !== JSON.stringify(a.discard)) keys.push('discard');
  if (b.deckCount !== a.deckCount) keys.push('deck');
  return [...keys, ...changedEntries('total', b.totals, a.totals)];
}
