/**
 * Challenges by name (functions/http/routes/challenges.ts): the Challenge button of a player's page (an auction
 * match, three days a move) and the account page's list of pending challenges, to me (accept, decline) and by me
 * (withdraw). Accepting or challenging opens the match at my seat.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { gameName, t } from '../../i18n.js';
import type { LobbySeat } from '../../types.js';

interface Pending {
  matchId: string;
  gameId: string;
  from: string;
  to: string;
}

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));

/** "Challenge to an auction" on a player's page, for a signed-in visitor who is not that player. */
export function ChallengeButton({ name }: { name: string }) {
  const [me, setMe] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Not signed in (401): no button.
    api.call<{ name: string | null }>('GET', '/api/me/profile').then(
      (p) => setMe(p.name),
      () => setMe(null),
    );
  }, []);
  if (!me || me.toLowerCase() === name.toLowerCase()) return null;
  const challenge = async () => {
    setBusy(true);
    setError('');
    try {
      const body = { opponent: name, game: 'dutch-auction', seats: 2, name: me, timing: { deadlineDays: 3 } };
      const seat = await api.call<LobbySeat>('POST', '/api/challenges', { body });
      location.assign(seat.url);
    } catch (e) {
      setError(says(e));
      setBusy(false);
    }
  };
  return (
    <p class="challenge">
      <button type="button" disabled={busy} onClick={() => void challenge()}>
        {t('account.challenges.challenge', { game: gameName('dutch-auction', 'dutch-auction') })}
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

/** The account page's pending challenges. */
export function Challenges() {
  const [lists, setLists] = useState<{ incoming: Pending[]; outgoing: Pending[] } | null>(null);
  const [me, setMe] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = () =>
    api.call<{ incoming: Pending[]; outgoing: Pending[] }>('GET', '/api/challenges').then(setLists, (e: unknown) => setError(says(e)));
  useEffect(() => {
    void load();
    api.call<{ name: string | null }>('GET', '/api/me/profile').then(
      (p) => setMe(p.name),
      () => setMe(null),
    );
  }, []);
  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await what();
    } catch (e) {
      setError(says(e));
    } finally {
      setBusy(false);
    }
  };
  const accept = (id: string) =>
    act(async () => {
      const seat = await api.call<LobbySeat>('POST', `/api/challenges/${id}/accept`, { body: { name: me ?? '' } });
      location.assign(seat.url);
    });
  const answer = (method: 'POST' | 'DELETE', path: string) =>
    act(async () => {
      await api.call(method, path);
      await load();
    });
  if (!lists || (lists.incoming.length === 0 && lists.outgoing.length === 0)) {
    return error ? (
      <p class="notice error" role="alert">
        {error}
      </p>
    ) : null;
  }
  return (
    <section class="zone challenges" aria-labelledby="challenges-h">
      <h2 id="challenges-h">{t('account.challenges.title')}</h2>
      <ul class="challenges-list">
        {lists.incoming.map((c) => (
          <li key={c.matchId}>
            {t('account.challenges.from', { name: c.from, game: gameName(c.gameId, c.gameId) })}{' '}
            <button type="button" disabled={busy} onClick={() => void accept(c.matchId)}>
              {t('account.challenges.accept')}
            </button>{' '}
            <button type="button" disabled={busy} onClick={() => void answer('POST', `/api/challenges/${c.matchId}/decline`)}>
              {t('account.challenges.decline')}
            </button>
          </li>
        ))}
        {lists.outgoing.map((c) => (
          <li key={c.matchId}>
            {t('account.challenges.to', { name: c.to, game: gameName(c.gameId, c.gameId) })}{' '}
            <button type="button" disabled={busy} onClick={() => void answer('DELETE', `/api/challenges/${c.matchId}`)}>
              {t('account.challenges.withdraw')}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
