/**
 * The home page: my matches (those waiting for my move first) and the form that starts a new match.
 * Signed in, the list is the player's record on the server (every device's seats); otherwise the
 * seats this browser holds.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from '../api.js';
import * as store from '../storage.js';
import { formatWhen, listNames } from '../text.js';
import { showAttention } from './attention.js';
import { ConfirmButton } from './Confirm.js';
import { CreateForm } from './create/CreateForm.js';
import { myMatches, holdSeat, type ServerMatch } from '../player.js';
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
          if (r.changed) store.rememberMatch(s.matchId, s.seat, r.match);
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
      (e) => live && setServerError(e instanceof ApiFailure ? e.message : 'The server could not be reached.'),
    );
    return () => {
      live = false;
    };
  }, [session.kind]);

  const anyTurn = server ? server.some((m) => m.state === 'your-move') : seats.some((s) => s.myTurn);
  useEffect(() => showAttention(anyTurn, 'Dutch'), [anyTurn]);

  return (
    <main class="page home">
      <SiteBar />
      <header class="home-head">
        <h1>Dutch</h1>
        <p>
          Card games called Dutch, played in turns over hours or days. Start a match, send the link, and come back when it is your move.
        </p>
      </header>
      {serverError && (
        <p class="notice error" role="alert">
          Your matches could not be listed: {serverError}
        </p>
      )}
      {server ? <AccountMatches list={server} /> : <MyMatches seats={seats} onForget={() => setSeats(store.listSeats())} />}
      <CreateForm />
    </main>
  );
}

function statusWords(s: store.StoredSeat): string {
  if (s.status === 'over') return 'Finished';
  if (s.status === 'open') return 'Waiting for players to join';
  if (s.myTurn) return 'Your move';
  if (s.status === 'active') return 'Waiting for the others';
  return 'Not opened yet';
}

function MyMatches({ seats, onForget }: { seats: store.StoredSeat[]; onForget: () => void }) {
  const rank = (s: store.StoredSeat) => (s.myTurn ? 0 : s.status === 'active' ? 1 : s.status === 'open' ? 2 : s.status === 'over' ? 4 : 3);
  const sorted = [...seats].sort((a, b) => rank(a) - rank(b) || b.updatedAt - a.updatedAt);
  if (sorted.length === 0) return null;
  return (
    <section class="zone my-matches" aria-labelledby="mine-h">
      <h2 id="mine-h">My matches</h2>
      <ul class="match-list">
        {sorted.map((s) => {
          const others = (s.names ?? []).flatMap((n, i) => (i === s.seat ? [] : [n ?? 'an open seat']));
          return (
            <li key={`${s.matchId}-${s.seat}`} class={s.myTurn ? 'my-turn' : ''} data-match={s.matchId}>
              <a href={`/m/${s.matchId}`} onClick={(e) => onLinkClick(e, () => store.setCurrentSeat(s.matchId, s.seat))}>
                <span class="game">{s.gameName ?? 'Match'}</span>
                {others.length > 0 && <span class="with"> with {listNames(others)}</span>}
                {/* What tells two matches of the same players apart: the edition and when it began. */}
                <span class="match-facts">{[s.variant, s.since ? `since ${formatWhen(s.since)}` : ''].filter(Boolean).join(' · ')}</span>
              </a>
              <span class={s.myTurn ? 'badge your-move' : 'badge'}>{statusWords(s)}</span>
              {s.status === 'over' && s.result && <span class="result">{s.result}</span>}
              {s.status === 'over' && (
                <ConfirmButton
                  label="Forget"
                  question="Remove this match from this browser? Its link is then gone from here."
                  confirmLabel="Remove"
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

const SERVER_STATE: Record<ServerMatch['state'], string> = {
  'your-move': 'Your move',
  'their-move': 'Waiting for the others',
  open: 'Waiting for players to join',
  over: 'Finished',
};

const OUTCOME: Record<NonNullable<ServerMatch['result']>['outcome'], string> = {
  won: 'You won',
  lost: 'You lost',
  shared: 'You shared the win',
  nobody: 'Nobody won',
};

/** The signed-in player's matches, from every device; each opens its seat without its link. */
function AccountMatches({ list }: { list: ServerMatch[] }) {
  return (
    <section class="zone my-matches" aria-labelledby="mine-h">
      <h2 id="mine-h">My matches</h2>
      {list.length === 0 && <p class="muted">No matches in your record yet. Start one below, or open a seat link while signed in.</p>}
      <ul class="match-list">
        {list.map((m) => {
          const others = m.opponents.map((o) => o.name ?? 'an open seat');
          const mine = m.state === 'your-move';
          return (
            <li key={`${m.matchId}-${m.seat}`} class={mine ? 'my-turn' : ''} data-match={m.matchId}>
              <a href={`/m/${m.matchId}`} onClick={(e) => onLinkClick(e, () => holdSeat(m))}>
                <span class="game">{m.game.name}</span>
                {others.length > 0 && <span class="with"> with {listNames(others)}</span>}
                {m.waitingSince && <span class="match-facts">waiting since {formatWhen(m.waitingSince)}</span>}
              </a>
              <span class={mine ? 'badge your-move' : 'badge'}>{SERVER_STATE[m.state]}</span>
              {m.result && <span class="result">{`${OUTCOME[m.result.outcome]}: ${m.result.summary}`}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
