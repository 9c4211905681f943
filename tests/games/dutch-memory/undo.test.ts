/**
 * Undo in the memory game (Game.undoable): nothing may be undone. Every kind of move is found in seeded
 * random play (../undo-positions.ts) and refused: draws and peeks show faces, discards open a snap
 * window in which everyone may act at once.
 */
import { describe, expect, it } from 'vitest';
import { dutchMemory } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { findPosition, tryUndoable } from '../undo-positions.js';

describe('memory game: no move may be undone', () => {
  it('declares it, so the platform need not guess', () => {
    expect(dutchMemory.undoable).toBeTypeOf('function');
  });

  it.each<DutchMemoryMove['kind']>(['look', 'draw', 'exchange', 'discard', 'peek', 'swap', 'snap', 'call-dutch'])(
    '%s is refused',
    (kind) => {
      const p = findPosition(dutchMemory, 3, (_s, _seat, m) => (m as DutchMemoryMove).kind === kind, { games: 60 });
      expect(tryUndoable(dutchMemory, p).undoable).toBe(false);
    },
  );
});
