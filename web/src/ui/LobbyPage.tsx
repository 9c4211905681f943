/**
 * The lobby (`/lobby`, its own chunk): the open games of a game, longest waiting first, with filters by edition
 * or rule set, seats and pace; one click joins (signed in); "play someone now"; and a form that opens a game to
 * anyone. The server is functions/http/routes/lobby.ts; a seat it hands out opens as any seat link does.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../api.js';
import { fmt, gameName, t, useLang } from '../i18n.js';
import type { GameSummary, LobbyGame, LobbySeat } from '../types.js';
import { onLinkClick } from './router.js';
import { SiteBar, useSession } from './SiteBar.js';

const says = (e: unknown) => (e instanceof ApiFailure ? e.message : t('account.unreachable'));
const DEADLINES = [1, 3, 7] as const;
const BOTS_AFTER = [0, 1, 12, 24] as const;

/** Hours or days waited, in words. */
const waited = (ms: number) =>
  ms < 3_600_000
    ? t('account.lobby.waitedMinutes', { n: Math.max(1, Math.round(ms / 60_000)) })
    : t('account.lobby.waitedHours', { n: Math.round(ms / 3_600_000) });

export function LobbyPage() {
  const lang = useLang();
  const session = useSession();
  const [games, setGames] = useState<GameSummary[]>([]);
  const [game, setGame] = useState('dutch-auction');
  const [seats, setSeats] = useState('');
  const [days, setDays] = useState('');
  const [list, setList] = useState<LobbyGame[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = `${t('account.lobby.title')} · ${t('site.name')}`;
  }, [lang]);
  useEffect(() => {
    api.games().then(
      (r) => setGames(r.games),
      () => setError(t('account.unreachable')),
    );
  }, []);
  const load = () => {
    const q = new URLSearchParams();
    if (seats) q.set('seats', seats);
    if (days) q.set('deadlineDays', days);
    api.call<{ games: LobbyGame[] }>('GET', `/api/lobby/games/${game}?${q}`).then(
      (r) => setList(r.games),
      (e) => setError(says(e)),
    );
  };
  useEffect(load, [game, seats, days]);

  const signedIn = session.kind === 'in';
  const go = async (method: string, path: string, body: Record<string, unknown>) => {
    if (!name.trim()) return setError(t('account.lobby.nameFirst'));
    setBusy(true);
    setError('');
    try {
      const seat = await api.call<LobbySeat>(method, path, { body: { ...body, name: name.trim() } });
      location.assign(seat.url);
    } catch (e) {
      setError(says(e));
      load();
    } finally {
      setBusy(false);
    }
  };
  const game1 = games.find((g) => g.id === game);
  return (
    <main class="page lobby">
      <SiteBar />
      <h1>{t('account.lobby.title')}</h1>
      <p>{t('account.lobby.intro')}</p>
      {!signedIn && <SignInFirst />}
      <form class="zone" onSubmit={(e) => e.preventDefault()} aria-label={t('account.lobby.filters')}>
        <label>
          {t('account.lobby.game')}{' '}
          <select value={game} onChange={(e) => setGame(e.currentTarget.value)}>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {gameName(g.id, g.name)}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('account.lobby.seats')}{' '}
          <select value={seats} onChange={(e) => setSeats(e.currentTarget.value)}>
            <option value="">{t('account.lobby.any')}</option>
            {Array.from({ length: Math.max(0, (game1?.maxSeats ?? 2) - 1) }, (_, i) => i + 2).map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t('account.lobby.pace')}{' '}
          <select value={days} onChange={(e) => setDays(e.currentTarget.value)}>
            <option value="">{t('account.lobby.any')}</option>
            {DEADLINES.map((d) => (
              <option key={d} value={String(d)}>
                {t('account.lobby.days', { n: d })}
              </option>
            ))}
          </select>
        </label>
      </form>
      {signedIn && (
        <section class="zone" aria-labelledby="lobby-play">
          <h2 id="lobby-play">{t('account.lobby.play')}</h2>
          <label>
            {t('account.lobby.name')}{' '}
            <input value={name} maxLength={24} autocomplete="nickname" onInput={(e) => setName(e.currentTarget.value)} />
          </label>{' '}
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() => go('POST', '/api/lobby/quick', { game, ...(days ? { deadlineDays: Number(days) } : {}) })}
          >
            {t('account.lobby.quick')}
          </button>
          <OpenForm game={game} maxSeats={game1?.maxSeats ?? 2} busy={busy} open={(b) => go('POST', '/api/lobby', b)} />
        </section>
      )}
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <OpenGames list={list} signedIn={signedIn} busy={busy} join={(id) => go('POST', `/api/lobby/${id}/join`, {})} />
    </main>
  );
}

/** Joining and opening need a signed-in player. */
function SignInFirst() {
  return (
    <p class="notice">
      {t('account.lobby.signInFirst')}{' '}
      <a href="/signin" onClick={(e) => onLinkClick(e)}>
        {t('site.signIn')}
      </a>
    </p>
  );
}

/** The open games, each with who sits there, the seats free, the pace and how long it has waited. */
function OpenGames({
  list,
  signedIn,
  busy,
  join,
}: {
  list: LobbyGame[] | null;
  signedIn: boolean;
  busy: boolean;
  join: (id: string) => void;
}) {
  return (
    <section aria-labelledby="lobby-open">
      <h2 id="lobby-open">{t('account.lobby.openGames')}</h2>
      {list === null ? (
        <p class="loading">{t('site.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('account.lobby.none')}</p>
      ) : (
        <ul class="lobby-list">
          {list.map((g) => (
            <li key={g.matchId}>
              <span>
                {fmt.list(g.taken)} · {t('account.lobby.seatsOpen', { open: g.open, seats: g.seats })} ·{' '}
                {t('account.lobby.days', { n: g.deadlineDays })}
                {g.rated ? ` · ${t('account.lobby.rated')}` : ''} · {waited(g.waitedMs)}
                {Object.values(g.options).length > 0 ? ` · ${Object.values(g.options).join(', ')}` : ''}
              </span>{' '}
              {signedIn && !g.yours && (
                <button type="button" disabled={busy} onClick={() => join(g.matchId)}>
                  {t('account.lobby.join')}
                </button>
              )}
              {g.yours && <em>{t('account.lobby.yours')}</em>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenForm({
  game,
  maxSeats,
  busy,
  open,
}: {
  game: string;
  maxSeats: number;
  busy: boolean;
  open: (body: Record<string, unknown>) => void;
}) {
  const [seats, setSeats] = useState(2);
  const [days, setDays] = useState<number>(3);
  const [rated, setRated] = useState(false);
  const [bots, setBots] = useState(0);
  const submit = (e: Event) => {
    e.preventDefault();
    open({ game, seats, deadlineDays: days, rated, ...(bots ? { botsAfterHours: bots } : {}) });
  };
  return (
    <form onSubmit={submit} aria-label={t('account.lobby.openTitle')}>
      <h3>{t('account.lobby.openTitle')}</h3>
      <label>
        {t('account.lobby.seats')}{' '}
        <select value={String(seats)} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
          {Array.from({ length: Math.max(1, maxSeats - 1) }, (_, i) => i + 2).map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('account.lobby.pace')}{' '}
        <select value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
          {DEADLINES.map((d) => (
            <option key={d} value={String(d)}>
              {t('account.lobby.days', { n: d })}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('account.lobby.computersAfter')}{' '}
        <select value={String(bots)} onChange={(e) => setBots(Number(e.currentTarget.value))}>
          {BOTS_AFTER.map((h) => (
            <option key={h} value={String(h)}>
              {h === 0 ? t('account.lobby.never') : t('account.lobby.hours', { n: h })}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        <input type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> {t('account.lobby.rated')}
      </label>{' '}
      <button type="submit" disabled={busy}>
        {t('account.lobby.open')}
      </button>
    </form>
  );
}
