/**
 * A player's page, `/players/<name>` (loaded only when opened, with the account pages' words): their name, member
 * since, presence (unless they hide it), per game played, won, pace and reliability, and their recent matches.
 * The rating per game is marked provisional until about ten rated matches (functions/ratings).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { fmt, gameName, t, useLang } from '../../i18n.js';
import type { Presence } from '../match/usePresence.js';
import { SiteBar } from '../SiteBar.js';
import { PlayerSafety } from './SafetyPanel.js';
import { ChallengeButton } from './Challenges.js';
import { FollowButton } from './FollowButton.js';

interface PlayerPageAnswer {
  name: string;
  memberSince: number;
  presence: Presence;
  games: { gameId: string; played: number; won: number; reliability: number; paceMs: number | null; rating: GameRating | null }[];
  recent: { matchId: string; gameId: string; endedAt: number; won: boolean }[];
}

interface GameRating {
  rating: number;
  games: number;
  provisional: boolean;
  /** The seat count of the pool shown, where the seat count makes a pool of its own. */
  seats: number | null;
}

/** "1534", "1480? (provisional)", with the seat count where it makes its own pool; a dash before any rated match. */
function ratingWords(r: GameRating | null): string {
  if (!r) return '—';
  const value = r.provisional ? t('account.player.rating.provisional', { rating: r.rating }) : fmt.number(r.rating);
  return r.seats === null ? value : `${value} · ${t('account.player.rating.pool', { n: r.seats })}`;
}

/** "online now", "last seen 3 hours ago", or nothing (hidden, or never seen). */
export function presenceWords(p: Presence | null, now = Date.now()): string {
  if (!p) return '';
  if (p.state === 'online') return t('match.presence.online');
  if (p.state === 'seen') return t('match.presence.seen', { when: fmt.relative(p.at, now) });
  return '';
}

/** A duration as the page says a pace: minutes under two hours, then hours, then days. */
function paceWords(ms: number | null): string {
  if (ms === null) return '—';
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 120) return t('account.player.pace.minutes', { n: minutes });
  const hours = Math.round(minutes / 60);
  return hours < 48 ? t('account.player.pace.hours', { n: hours }) : t('account.player.pace.days', { n: Math.round(hours / 24) });
}

export function PlayerPage() {
  useLang();
  const name = decodeURIComponent(location.pathname.replace(/^\/players\//, '').replace(/\/$/, ''));
  const [page, setPage] = useState<PlayerPageAnswer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    document.title = `${name} · ${t('site.name')}`;
    api
      .call<PlayerPageAnswer>('GET', `/api/players/${encodeURIComponent(name)}`)
      .then(setPage, (e: unknown) => setError(e instanceof ApiFailure ? e.message : t('account.unreachable')));
  }, [name]);
  if (error)
    return (
      <main class="page player-page">
        <SiteBar />
        <h1 translate={false}>{name}</h1>
        <p class="notice error" role="alert">
          {error}
        </p>
      </main>
    );
  if (!page)
    return (
      <main class="page player-page" aria-busy="true">
        <SiteBar />
        <p class="loading">{t('site.loading')}</p>
      </main>
    );
  const presence = presenceWords(page.presence);
  return (
    <main class="page player-page">
      <SiteBar />
      <h1 translate={false}>{page.name}</h1>
      <FollowButton name={page.name} />
      <ChallengeButton name={page.name} />
      <p>
        {t('account.player.memberSince', { date: fmt.date(page.memberSince) })}
        {presence && <span class={`presence presence-${page.presence.state}`}> · {presence}</span>}
      </p>
      <section class="zone" aria-labelledby="player-games-h">
        <h2 id="player-games-h">{t('account.player.games.title')}</h2>
        {page.games.length === 0 ? (
          <p class="muted">{t('account.player.games.none')}</p>
        ) : (
          <table class="player-games">
            <thead>
              <tr>
                <th scope="col">{t('account.player.games.game')}</th>
                <th scope="col">{t('account.player.games.played')}</th>
                <th scope="col">{t('account.player.games.won')}</th>
                <th scope="col">{t('account.player.games.rating')}</th>
                <th scope="col">{t('account.player.games.pace')}</th>
                <th scope="col">{t('account.player.games.reliability')}</th>
              </tr>
            </thead>
            <tbody>
              {page.games.map((g) => (
                <tr key={g.gameId}>
                  <th scope="row">{gameName(g.gameId, g.gameId)}</th>
                  <td>{fmt.number(g.played)}</td>
                  <td>{fmt.number(g.won)}</td>
                  <td class="player-rating" title={g.rating ? undefined : t('account.player.rating.none')}>
                    {ratingWords(g.rating)}
                  </td>
                  <td>{paceWords(g.paceMs)}</td>
                  <td>{fmt.number(g.reliability, { style: 'percent' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="zone" aria-labelledby="player-recent-h">
        <h2 id="player-recent-h">{t('account.player.recent.title')}</h2>
        {page.recent.length === 0 ? (
          <p class="muted">{t('account.player.recent.none')}</p>
        ) : (
          <ul class="player-recent">
            {page.recent.map((m) => (
              <li key={m.matchId}>
                {gameName(m.gameId, m.gameId)} · {fmt.date(m.endedAt)} ·{' '}
                {m.won ? t('account.player.recent.won') : t('account.player.recent.lost')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PlayerSafety name={page.name} />
    </main>
  );
}
