/**
 * The home page: my matches (those waiting for my move first) and the form that starts a new match.
 * Signed in, the list is the player's record on the server (every device's seats); otherwise the
 * seats this browser holds.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../api.js';
import { fmt, gameName, type MessageKey, t, useLang } from '../i18n.js';
import { rememberMatch, storedResult, storedVariant } from '../remembered.js';
import * as store from '../storage.js';
import { showAnyTurn } from './attention.js';
import { ConfirmButton } from './Confirm.js';
import { CreateForm } from './create/CreateForm.js';
import { myMatches, holdSeat, seatsTakenByOthers, type ServerMatch, type TakenSeat } from '../player.js';
import { duration, sayHere, seatName } from '../text.js';
import { dueText } from '../timing.js';
import { onLinkClick } from './router.js';
import { SiteBar, useSession } from './SiteBar.js';

export function Home() {
  const [seats, setSeats] = useState(() => store.listSeats());
  useEffect(() => {
    let live = true;
    // Refresh what is known of each held match (a few at a time).
    const queue = [...seats];
    const worker = async () => {
      for (let s = queue.shift(); s && live; s = queue.shift()) {
        try {
          const r = await api.read(s.matchId, { kind: 'seat', seat: s.seat, token: s.token }, null);
          if (r.changed) rememberMatch(s.matchId, s.seat, r.match);
        } catch (e) {
          if (e instanceof ApiFailure && e.status === 404)
            store.saveSeat({ matchId: s.matchId, seat: s.seat, status: 'over', myTurn: false });
        }
      }
      if (live) setSeats(store.listSeats());
    };
    void Promise.all([worker(), worker(), worker()]);
    return () => {
      live = false;
    };
  }, []);

  const session = useSession();
  const [server, setServer] = useState<ServerMatch[] | null>(null);
  const [serverError, setServerError] = useState('');
  useEffect(() => {
    if (session.kind !== 'in') return setServer(null);
    let live = true;
    myMatches().then(
      (list) => live && setServer(list),
      (e) => live && setServerError(e instanceof ApiFailure ? e.message : t('site.unreachable')),
    );
    return () => {
      live = false;
    };
  }, [session.kind]);

  const anyTurn = server ? server.some((m) => m.state === 'your-move') : seats.some((s) => s.myTurn);
  const lang = useLang();
  useEffect(() => showAnyTurn(anyTurn, t('site.name')), [anyTurn, lang]);

  return (
    <main class="page home">
      <SiteBar />
      <header class="home-head">
        <h1>{t('site.name')}</h1>
        <p>{t('home.intro')}</p>
      </header>
      {serverError && (
        <p class="notice error" role="alert">
          {t('home.listFailed', { reason: serverError })}
        </p>
      )}
      {server ? <AccountMatches list={server} /> : <MyMatches seats={seats} onForget={() => setSeats(store.listSeats())} />}
      {server && session.kind === 'in' && <TakenSeats taken={seatsTakenByOthers(session.player.id)} />}
      <CreateForm />
    </main>
  );
}

function statusWords(s: store.StoredSeat): string {
  if (s.status === 'over') return t('home.status.over');
  if (s.status === 'open') return t('home.status.open');
  if (s.myTurn) return t('home.status.yourMove');
  if (s.status === 'active') return t('home.status.theirMove');
  return t('home.status.unopened');
}

function MyMatches({ seats, onForget }: { seats: store.StoredSeat[]; onForget: () => void }) {
  const rank = (s: store.StoredSeat) => (s.myTurn ? 0 : s.status === 'active' ? 1 : s.status === 'open' ? 2 : s.status === 'over' ? 4 : 3);
  const sorted = [...seats].sort((a, b) => rank(a) - rank(b) || b.updatedAt - a.updatedAt);
  if (sorted.length === 0) return null;
  return (
    <section class="zone my-matches" aria-labelledby="mine-h">
      <h2 id="mine-h">{t('home.mine.title')}</h2>
      <ul class="match-list">
        {sorted.map((s) => {
          const others = store
            .storedSeats(s)
            .flatMap((x, i) => (i === s.seat ? [] : [x.name || x.bot ? seatName(store.storedSeats(s), i) : t('home.mine.openSeat')]));
          return (
            <li key={`${s.matchId}-${s.seat}`} class={s.myTurn ? 'my-turn' : ''} data-match={s.matchId}>
              <a href={`/m/${s.matchId}`} onClick={(e) => onLinkClick(e, () => store.setCurrentSeat(s.matchId, s.seat))}>
                <span class="game">{s.gameName ? gameName(s.gameId, s.gameName) : t('home.mine.match')}</span>
                {others.length > 0 && <span class="with"> {t('home.mine.with', { names: fmt.list(others) })}</span>}
                {/* What tells two matches of the same players apart: the edition and when it began. */}
                <span class="match-facts">
                  {[storedVariant(s), s.since ? t('home.mine.since', { when: fmt.when(s.since) }) : ''].filter(Boolean).join(' · ')}
                </span>
              </a>
              <span class={s.myTurn ? 'badge your-move' : 'badge'}>{statusWords(s)}</span>
              {s.status === 'over' && storedResult(s) && <span class="result">{storedResult(s)}</span>}
              {s.status === 'over' && (
                <ConfirmButton
                  label={t('home.forget.label')}
                  question={t('home.forget.question')}
                  confirmLabel={t('home.forget.confirm')}
                  cancelLabel={t('site.cancel')}
                  danger
                  onConfirm={() => {
                    store.forgetSeat(s.matchId, s.seat);
                    onForget();
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const SERVER_STATE: Record<ServerMatch['state'], MessageKey> = {
  'your-move': 'home.status.yourMove',
  'their-move': 'home.status.theirMove',
  open: 'home.status.open',
  over: 'home.status.over',
};

const OUTCOME: Record<NonNullable<ServerMatch['result']>['outcome'], MessageKey> = {
  won: 'home.outcome.won',
  lost: 'home.outcome.lost',
  shared: 'home.outcome.shared',
  nobody: 'home.outcome.nobody',
};

/** The result's words in the language shown (the server's English for results it holds no key for), seats by name. */
function serverSummary(m: ServerMatch): string {
  return sayHere(m.result!, seatsOf(m));
}

/** The match's seats as far as the list knows them: names, and which a computer plays. */
function seatsOf(m: ServerMatch): { name: string | null; bot?: { level: 'strong' | 'easy' | 'beginner' } }[] {
  const seats: { name: string | null; bot?: { level: 'strong' | 'easy' | 'beginner' } }[] = [];
  seats[m.seat] = { name: m.you };
  for (const o of m.opponents) seats[o.seat] = o.bot ? { name: o.name, bot: o.bot } : { name: o.name };
  return Array.from(seats, (s) => s ?? { name: '' });
}

/** The signed-in player's matches, from every device; each opens its seat without its link. */
/**
 * Seats this browser holds that another player's record owns: not in the list above, so the page says why
 * (the server's words) and still opens each by its link.
 */
function TakenSeats({ taken }: { taken: TakenSeat[] }) {
  const held = store.listSeats();
  const shown = taken.flatMap((k) => {
    const s = held.find((h) => h.matchId === k.matchId && h.seat === k.seat);
    return s ? [{ ...k, name: gameName(s.gameId, s.gameName ?? k.matchId) }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul class="notice taken-seats" data-taken="true">
      {shown.map((k) => (
        <li key={`${k.matchId}-${k.seat}`} data-match={k.matchId}>
          <a href={`/m/${k.matchId}`} onClick={(e) => onLinkClick(e, () => store.setCurrentSeat(k.matchId, k.seat))}>
            {k.name}
          </a>
          : {k.message}
        </li>
      ))}
    </ul>
  );
}

function AccountMatches({ list }: { list: ServerMatch[] }) {
  const now = Date.now();
  return (
    <section class="zone my-matches" data-source="account" aria-labelledby="mine-h">
      <h2 id="mine-h">{t('home.mine.title')}</h2>
      {list.length === 0 && <p class="muted">{t('home.mine.empty')}</p>}
      <ul class="match-list">
        {list.map((m) => {
          const others = m.opponents.map((o) => (o.name || o.bot ? seatName(seatsOf(m), o.seat) : t('home.mine.openSeat')));
          const mine = m.state === 'your-move';
          return (
            <li key={`${m.matchId}-${m.seat}`} class={mine ? 'my-turn' : ''} data-match={m.matchId}>
              <a href={`/m/${m.matchId}`} onClick={(e) => onLinkClick(e, () => holdSeat(m))}>
                <span class="game">{gameName(m.game.id, m.game.name)}</span>
                {others.length > 0 && <span class="with"> {t('home.mine.with', { names: fmt.list(others) })}</span>}
                {m.waitingSince && <span class="match-facts">{t('home.mine.waitingSince', { when: fmt.when(m.waitingSince) })}</span>}
                {m.deadlineAt && <span class="match-facts">{t('home.mine.dueBy', { when: fmt.when(m.deadlineAt) })}</span>}
                {m.deadlineAt && <span class="match-facts time-left">{dueText(m.deadlineAt, now)}</span>}
                {m.opponents.map(
                  (o) =>
                    o.toMove && (
                      <span key={o.seat} class="match-facts" data-waits-for={o.seat}>
                        {t('home.mine.theirMove', { name: seatName(seatsOf(m), o.seat), duration: duration(now - o.toMove.since) })}
                        {o.toMove.deadlineAt ? ` · ${dueText(o.toMove.deadlineAt, now)}` : ''}
                      </span>
                    ),
                )}
              </a>
              <span class={mine ? 'badge your-move' : 'badge'}>{t(SERVER_STATE[m.state])}</span>
              {m.result && (
                <span class="result">{t('home.outcome.line', { outcome: t(OUTCOME[m.result.outcome]), summary: serverSummary(m) })}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
