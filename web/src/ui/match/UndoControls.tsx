/**
 * Undo: while this player's turn goes on, the last move they made may be taken back when the game
 * allows it (it showed nothing hidden and nobody else could act on it); the server says when
 * (`match.undo`). Several moves can be taken back one after another.
 */
import type { Match } from '../../types.js';

export function UndoControls({ match, busy, onUndo }: { match: Match; busy: boolean; onUndo: () => void }) {
  const undo = match.undo;
  if (match.status !== 'active' || !undo?.canUndo) return null;
  const what = undo.steps > 1 ? `You can take back your last ${undo.steps} moves, one at a time.` : 'You can take back your last move.';
  return (
    <section class="zone undo" aria-labelledby="undo-h">
      <h2 id="undo-h" class="visually-hidden">
        Undo
      </h2>
      <p id="undo-hint" class="hint">
        {what}
      </p>
      <button type="button" class="undo-button" aria-describedby="undo-hint" disabled={busy} onClick={onUndo}>
        Undo
      </button>
    </section>
  );
}
