/**
 * `/ratings`: a game's leaderboard at a seat count (the top 100 established ratings) and, for a signed-in
 * player, their own rating and the lines around them. Loaded only when opened. The API: docs/ratings.md.
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_IDS, type GameId } from '#shared/games/ids.js';
import { api } from '../../api.js';
import { type MessageKey, fmt, t, useLang } from '../../i18n.js';
import { SiteBar } from '../SiteBar.js';

/** The seat counts each game is rated at (functions/ratings/model.ts: one pool per count where it matters). */
const SEATS: Record<GameId, number[]> = {
  'dutch-auction': [2],
  'dutch-memory': [2, 3, 4, 5, 6, 7, 8],
  'golden-age': [3, 4],
};

type Line = { playerId: string; rating: number; games: number };
type Board = {
  top: Line[];
  around: Line[];
  me: { playerId: string; rating: number; games: number; provisional: boolean } | null;
};

export function LeaderboardsPage() {
  const lang = useLang();
  const [game, setGame] = useState<GameId>('dutch-auction');
  const [seats, setSeats] = useState(2);
  const [board, setBoard] = useState<Board | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = `${t('ratings.title')} · ${t('site.name')}`;
  }, [lang]);
  useEffect(() => {
    let stop = false;
    setBoard(null);
    setFailed(false);
    api.call<Board>('GET', `/api/ratings/${game}?seats=${seats}`).then(
      (b) => !stop && setBoard(b),
      () => !stop && setFailed(true),
    );
    return () => {
      stop = true;
    };
  }, [game, seats]);
  const pick = (id: GameId) => {
    setGame(id);
    setSeats(SEATS[id][0]!);
  };
  return (
    <main class="page leaderboards">
      <SiteBar />
      <h1>{t('ratings.title')}</h1>
      <form class="board-choice" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('ratings.game')}
          <select value={game} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value as GameId)}>
            {GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`game.${id}.name` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        {SEATS[game].length > 1 && (
          <label>
            {t('ratings.seats')}
            <select value={seats} onChange={(e) => setSeats(Number((e.currentTarget as HTMLSelectElement).value))}>
              {SEATS[game].map((n) => (
                <option key={n} value={n}>
                  {fmt.number(n)}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      {failed && <p class="notice error">{t('ratings.failed')}</p>}
      {!failed && !board && <p class="loading">{t('site.loading')}</p>}
      {board?.me && (
        <p class="my-rating">
          {board.me.provisional
            ? t('ratings.youProvisional', {
                rating: fmt.number(board.me.rating, { useGrouping: false }),
                left: Math.max(1, 10 - board.me.games),
              })
            : t('ratings.you', { rating: fmt.number(board.me.rating, { useGrouping: false }), games: board.me.games })}
        </p>
      )}
      {board && board.around.length > 0 && <BoardTable caption={t('ratings.around')} lines={board.around} me={board.me?.playerId} />}
      {board && board.top.length === 0 && <p>{t('ratings.empty')}</p>}
      {board && board.top.length > 0 && (
        <BoardTable caption={t('ratings.top', { count: board.top.length })} lines={board.top} me={board.me?.playerId} ranked />
      )}
    </main>
  );
}

function BoardTable({ caption, lines, me, ranked }: { caption: string; lines: Line[]; me: string | undefined; ranked?: boolean }) {
  return (
    <table class="board">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {ranked && <th scope="col">{t('ratings.rank')}</th>}
          <th scope="col">{t('ratings.player')}</th>
          <th scope="col">{t('ratings.rating')}</th>
          <th scope="col">{t('ratings.games')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={l.playerId} class={l.playerId === me ? 'mine' : ''} aria-current={l.playerId === me ? 'true' : undefined}>
            {ranked && <td>{fmt.number(i + 1)}</td>}
            <td translate={false}>{l.playerId.slice(0, 8)}</td>
            <td>{fmt.number(l.rating, { useGrouping: false })}</td>
            <td>{fmt.number(l.games)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
