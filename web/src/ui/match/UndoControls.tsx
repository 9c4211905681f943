/**
 * Undo: while this player's turn goes on, the last move they made may be taken back when the game
 * allows it (it showed nothing hidden and nobody else could act on it); the server says when
 * (`match.undo`). Several moves can be taken back one after another. In a match made with undo
 * requests, a player who ended a turn that showed nothing may ask the others to take it back, and
 * the others see the request with "Accept" and "Refuse".
 */
import { fillNames } from '../../text.js';
import type { Match } from '../../types.js';
import type { UndoAction } from './useMatch.js';

export function UndoControls({ match, busy, onUndo }: { match: Match; busy: boolean; onUndo: (action: UndoAction) => void }) {
  const undo = match.undo;
  if (match.status !== 'active' || !undo) return null;
  const request = undo.request ?? null;
  if (!undo.canUndo && !undo.canAsk && !request) return null;
  const waiting = request ? fillNames(request.waitingFor.map((s) => `{${s}}`).join(', '), match.seats) : '';
  return (
    <section class="zone undo" aria-labelledby="undo-h">
      <h2 id="undo-h" class="visually-hidden">
        Undo
      </h2>
      {undo.canUndo && (
        <>
          <p id="undo-hint" class="hint">
            {undo.steps > 1 ? `You can take back your last ${undo.steps} moves, one at a time.` : 'You can take back your last move.'}
          </p>
          <button type="button" aria-describedby="undo-hint" disabled={busy} onClick={() => onUndo('undo')}>
            Undo
          </button>
        </>
      )}
      {undo.canAsk && (
        <>
          <p id="undo-ask-hint" class="hint">
            Made a slip? Until someone moves, you can ask the others to let you take back your last turn.
          </p>
          <button type="button" aria-describedby="undo-ask-hint" disabled={busy} onClick={() => onUndo('ask')}>
            Ask to undo
          </button>
        </>
      )}
      {request && match.you === request.seat && <p role="status">You asked to take back your last turn; waiting for {waiting}.</p>}
      {request && undo.canAnswer && (
        <div role="group" aria-labelledby="undo-answer-q">
          <p id="undo-answer-q">{fillNames(`{${request.seat}} asks to take back their last turn. Do you agree?`, match.seats)}</p>
          <button type="button" class="primary" disabled={busy} onClick={() => onUndo('accept')}>
            Accept
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => onUndo('refuse')}>
            Refuse
          </button>
        </div>
      )}
      {request && !undo.canAnswer && match.you !== request.seat && (
        <p role="status">{fillNames(`{${request.seat}} asked to take back their last turn; waiting for ${waiting}.`, match.seats)}</p>
      )}
    </section>
  );
}
