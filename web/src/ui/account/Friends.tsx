/**
 * The account page's friends list (functions/players/friends.ts): whom I follow, online first, each with their
 * presence and the open games they host, joined in one click (the lobby's join, under my player name). The
 * Follow button of a player's page is ./FollowButton.tsx.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { gameName, t } from '../../i18n.js';
import type { LobbySeat } from '../../types.js';
import type { Presence } from '../match/usePresence.js';
import { onLinkClick } from '../router.js';
import { presenceWords } from './PlayerPage.js';

interface Friend {
  name: string;
  presence: Presence;
  since: number;
  openGames: { matchId: string; gameId: string }[];
}

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));

export function Friends() {
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [myName, setMyName] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.call<{ friends: Friend[] }>('GET', '/api/me/friends').then(
      (r) => setFriends(r.friends),
      (e: unknown) => setError(says(e)),
    );
    api.call<{ name: string | null }>('GET', '/api/me/profile').then(
      (p) => setMyName(p.name),
      () => setMyName(null),
    );
  }, []);
  const join = async (matchId: string) => {
    if (!myName) return;
    setBusy(true);
    setError('');
    try {
      const seat = await api.call<LobbySeat>('POST', `/api/lobby/${matchId}/join`, { body: { name: myName } });
      location.assign(seat.url);
    } catch (e) {
      setError(says(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="zone friends" aria-labelledby="friends-h">
      <h2 id="friends-h">{t('account.friends.title')}</h2>
      {friends === null && !error && <p class="loading">{t('site.loading')}</p>}
      {friends?.length === 0 && <p class="muted">{t('account.friends.none')}</p>}
      {friends && friends.length > 0 && (
        <ul class="friends-list">
          {friends.map((f) => {
            const presence = presenceWords(f.presence);
            return (
              <li key={f.name}>
                <a href={`/players/${encodeURIComponent(f.name)}`} onClick={(e) => onLinkClick(e)} translate={false}>
                  {f.name}
                </a>
                {presence && <span class={`presence presence-${f.presence.state}`}> · {presence}</span>}
                {f.openGames.map((g) => (
                  <span key={g.matchId} class="friend-game">
                    {' · '}
                    {t('account.friends.openGame', { game: gameName(g.gameId, g.gameId) })}{' '}
                    <button type="button" disabled={busy || !myName} onClick={() => void join(g.matchId)}>
                      {t('account.friends.join')}
                    </button>
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      )}
      {friends?.some((f) => f.openGames.length > 0) && !myName && <p class="note">{t('account.friends.nameFirst')}</p>}
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
