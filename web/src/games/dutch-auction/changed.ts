/** What differs between two views of Dutch (auction): display positions, each seat's counts and bid, one's hand. */
import { changedEntries } from '../changed.js';
import type { DutchAuctionView } from './logic.js';

export function dutchAuctionChanged(before: unknown, after: unknown): string[] {
  const b = before as DutchAuctionView | null;
  const a = after as DutchAuctionView | null;
  if (!b || !a || b.game !== 'dutch-auction' || a.game !== 'dutch-auction') return [];
  const keys = changedEntries(
    'display',
    b.auction.display.map((d) => d.card),
    a.auction.display.map((d) => d.card),
  );
  keys.push(...changedEntries('seat', b.seats, a.seats));
  if (JSON.stringify(b.you?.hand ?? null) !== JSON.stringify(a.you?.hand ?? null)) keys.push('hand');
  return keys;
}
