/**
 * What differs between two views of The Dutch Golden Age: each player's money, points, pieces and
 * cards (`player:<seat>`), and the places whose pieces changed (`place:<province or guild colour or
 * colony box>`), listed under the board by name.
 */
import { changedEntries } from '../changed.js';
import type { GoldenAgeView } from './logic.js';

export function goldenAgeChanged(before: unknown, after: unknown): string[] {
  const b = before as GoldenAgeView | null;
  const a = after as GoldenAgeView | null;
  if (!b || !a || b.game !== 'golden-age' || a.game !== 'golden-age') return [];
  const keys = changedEntries('player', b.players, a.players);
  const differs = (x: unknown, y: unknown) => JSON.stringify(x ?? null) !== JSON.stringify(y ?? null);
  for (const p of a.provinces) {
    const old = b.provinces.find((x) => x.id === p.id);
    if (differs([old?.marker, old?.tokens], [p.marker, p.tokens])) keys.push(`place:${p.id}`);
  }
  for (const g of a.guilds) {
    const old = b.guilds.find((x) => x.colour === g.colour);
    if (differs([old?.level, old?.holder], [g.level, g.holder])) keys.push(`place:${g.colour}`);
  }
  for (const c of a.colonies) {
    const old = b.colonies.find((x) => x.box === c.box);
    if (differs(old?.markers, c.markers)) keys.push(`place:${c.box}`);
  }
  return keys;
}
