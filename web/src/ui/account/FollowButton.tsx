/**
 * The Follow button on a player's page (functions/players/friends.ts): "Follow", or "You follow this player" and
 * "Stop following", for a signed-in visitor who is not that player; nothing for anyone else.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { t } from '../../i18n.js';

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));

/** "Follow", or "You follow this player" and "Stop following", on a player's page, for a signed-in visitor who is not that player. */
export function FollowButton({ name }: { name: string }) {
  const [state, setState] = useState<{ following: boolean; self: boolean } | null>(null);
  const [error, setError] = useState('');
  const path = `/api/me/friends/${encodeURIComponent(name)}`;
  useEffect(() => {
    // Not signed in (401): no button.
    api.call<{ following: boolean; self: boolean }>('GET', path).then(setState, () => setState(null));
  }, [path]);
  if (!state || state.self) return null;
  const toggle = async () => {
    setError('');
    try {
      await api.call(state.following ? 'DELETE' : 'PUT', path);
      setState({ ...state, following: !state.following });
    } catch (e) {
      setError(says(e));
    }
  };
  return (
    <p class="follow">
      {state.following && <span>{t('account.friends.following')} </span>}
      <button type="button" onClick={() => void toggle()}>
        {state.following ? t('account.friends.unfollow') : t('account.friends.follow')}
      </button>
      {error && (
        <span class="notice error" role="alert">
          {' '}
          {error}
        </span>
      )}
    </p>
  );
}
