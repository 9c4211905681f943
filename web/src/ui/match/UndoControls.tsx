/**
 * Undo: while this player's turn goes on, the last move they made may be taken back when the game
 * allows it (it showed nothing hidden and nobody else could act on it); the server says when
 * (`match.undo`). Several moves can be taken back one after another. In a match made with undo
 * requests, a player who ended a turn that showed nothing may ask the others to take it back, and
 * the others see the request with "Accept" and "Refuse".
 */
import { t } from '../../i18n.js';
import { listNames, seatName } from '../../text.js';
import type { Match } from '../../types.js';
import type { UndoAction } from './useMatch.js';

export function UndoControls({ match, busy, onUndo }: { match: Match; busy: boolean; onUndo: (action: UndoAction) => void }) {
  const undo = match.undo;
  if (match.status !== 'active' || !undo) return null;
  const request = undo.request ?? null;
  if (!undo.canUndo && !undo.canAsk && !request) return null;
  const waiting = request ? listNames(request.waitingFor.map((s) => seatName(match.seats, s))) : '';
  const asker = request ? seatName(match.seats, request.seat) : '';
  return (
    <section class="zone undo" aria-labelledby="undo-h">
      <h2 id="undo-h" class="visually-hidden">
        {t('match.undo.title')}
      </h2>
      {undo.canUndo && (
        <>
          <p id="undo-hint" class="hint">
            {t('match.undo.hint', { count: undo.steps })}
          </p>
          <button type="button" aria-describedby="undo-hint" disabled={busy} onClick={() => onUndo('undo')}>
            {t('match.undo.button')}
          </button>
        </>
      )}
      {undo.canAsk && (
        <>
          <p id="undo-ask-hint" class="hint">
            {t('match.undo.askHint')}
          </p>
          <button type="button" aria-describedby="undo-ask-hint" disabled={busy} onClick={() => onUndo('ask')}>
            {t('match.undo.ask')}
          </button>
        </>
      )}
      {request && match.you === request.seat && <p role="status">{t('match.undo.youAsked', { names: waiting })}</p>}
      {request && undo.canAnswer && (
        <div role="group" aria-labelledby="undo-answer-q">
          <p id="undo-answer-q">{t('match.undo.question', { name: asker })}</p>
          <button type="button" class="primary" disabled={busy} onClick={() => onUndo('accept')}>
            {t('match.undo.accept')}
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => onUndo('refuse')}>
            {t('match.undo.refuse')}
          </button>
        </div>
      )}
      {request && !undo.canAnswer && match.you !== request.seat && (
        <p role="status">{t('match.undo.theyAsked', { name: asker, names: waiting })}</p>
      )}
    </section>
  );
}
