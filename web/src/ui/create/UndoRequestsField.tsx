/**
 * The create form's choice of undo requests: with it, a player who ended a turn that showed nothing
 * hidden may ask the others to let them take it back (off by default).
 */
import { t } from '../../i18n.js';

export function UndoRequestsField({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="check" for="undo-requests">
      <input id="undo-requests" type="checkbox" checked={checked} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      <span>
        {t('create.undoRequests')} <span class="muted">{t('create.undoRequestsHint')}</span>
      </span>
    </label>
  );
}
