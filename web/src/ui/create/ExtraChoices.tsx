/**
 * The create form's last two choices: undo requests, and "rated", offered only to a signed-in creator with no
 * computer seats, as the server requires (functions/matches/creating.ts); the friends who join must then sign in
 * too (functions/matches/seating.ts).
 */
import { useState } from 'preact/hooks';
import { t } from '../../i18n.js';
import { useSession } from '../SiteBar.js';
import { UndoRequestsField } from './UndoRequestsField.js';

export interface Extras {
  undoRequests: boolean;
  setUndoRequests: (on: boolean) => void;
  rated: boolean;
  setRated: (on: boolean) => void;
  signedIn: boolean;
}

export function useExtras(): Extras {
  const [undoRequests, setUndoRequests] = useState(false);
  const [rated, setRated] = useState(false);
  return { undoRequests, setUndoRequests, rated, setRated, signedIn: useSession().kind === 'in' };
}

/** What the create request says of them, with `computers` seats taken by computer players. */
export const extrasBody = (x: Extras, computers: number) => ({
  ...(x.undoRequests ? { undoRequests: true } : {}),
  ...(x.rated && x.signedIn && computers === 0 ? { rated: true } : {}),
});

export function ExtraChoices({ extras: x, computers }: { extras: Extras; computers: number }) {
  return (
    <>
      <UndoRequestsField checked={x.undoRequests} onChange={x.setUndoRequests} />
      {x.signedIn && computers === 0 && (
        <label class="check" for="create-rated">
          <input id="create-rated" type="checkbox" checked={x.rated} onChange={(e) => x.setRated((e.target as HTMLInputElement).checked)} />
          <span>
            {t('create.rated')} <span class="muted">{t('create.ratedHint')}</span>
          </span>
        </label>
      )}
    </>
  );
}
