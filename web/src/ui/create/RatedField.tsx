/**
 * The create form's "rated" choice: offered only to a signed-in creator with no computer seats, as the server
 * requires (functions/matches/creating.ts); the friends who join must then sign in too (functions/matches/seating.ts).
 */
import { t } from '../../i18n.js';

export function RatedField({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="check" for="create-rated">
      <input id="create-rated" type="checkbox" checked={checked} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      <span>
        {t('create.rated')} <span class="muted">{t('create.ratedHint')}</span>
      </span>
    </label>
  );
}
