/**
 * The match page, `/m/<id>`: opens the match with what this browser holds for it (a seat, a watch
 * link, or an invite to answer), keeps it fresh by polling, and frames the game's board with the
 * players, whose move it is, the log, sharing, the rules, resigning and the final result.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type Access, accessFor, snapshotKey, takeEarlyRead } from '../access.js';
import { ApiFailure, NetworkFailure, api, idempotencyKey } from '../api.js';
import { parseFragment } from '../fragment.js';
import { genericUi, loadGameUi, loadedGameUi } from '../games/index.js';
import type { GameUi } from '../games/types.js';
import { Poller } from '../poll/poller.js';
import { othersMayAct } from '../poll/schedule.js';
import * as store from '../storage.js';
import { duration, fillNames, listNames, nextAnnouncement, seatName, turnText, variantWords } from '../text.js';
import { dueText, formatWhen } from '../timing.js';
import type { Credentials, InviteInfo, LogRecord, Match } from '../types.js';
import { showAttention } from './attention.js';
import { ConfirmButton } from './Confirm.js';
import { LOG_PAGE, LogPanel } from './LogPanel.js';
import { MatchOptions, NotifyZone } from './MatchTiming.js';
import { OutcomePanel } from './Outcome.js';
import { RulesButton } from './RulesHelp.js';
import { navigate, onLinkClick } from './router.js';
import { SharePanel, type ShareLinks } from './SharePanel.js';

export function MatchPage({ matchId }: { matchId: string }) {
  // App keys this page by match id, so the access is worked out once per match.
  const [access, setAccess] = useState<Access>(() => accessFor(matchId));

  if (access.kind === 'invite') {
    return (
      <JoinForm
        matchId={matchId}
        secret={access.secret}
        onJoined={(seat, token) => setAccess({ kind: 'seat', seat, token })}
        onDismiss={() => {
          store.clearPendingInvite(matchId);
          setAccess(accessFor(matchId));
        }}
      />
    );
  }
  if (access.kind === 'none') {
    return (
      <main class="page">
        <SiteBar />
        <h1>This browser has no link for this match</h1>
        <p>
          Open the match with the link you were given (an invite, your seat link or a watch link). Links keep their secret after the
          “#”, so copy the whole link.
        </p>
      </main>
    );
  }
  return <MatchView key={`${matchId}:${access.kind === 'seat' ? access.seat : 'watch'}`} matchId={matchId} creds={access} />;
}

function isMyTurn(m: Match | null, you: number | null): boolean {
  return !!m && m.status === 'active' && you !== null && m.toAct.includes(you);
}

function SiteBar() {
  return (
    <nav class="sitebar" aria-label="Site">
      <a href="/" class="home-link" onClick={(e) => onLinkClick(e)}>
        Dutch
      </a>
      <a href="/" onClick={(e) => onLinkClick(e)}>
        My matches
      </a>
    </nav>
  );
}

function JoinForm({ matchId, secret, onJoined, onDismiss }: { matchId: string; secret: string; onJoined: (seat: number, token: string) => void; onDismiss: () => void }) {
  const [name, setName] = useState(store.lastName());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<InviteInfo | null>(null);
  /** The invite can no longer be used (already used, replaced, or the match is gone): said at once. */
  const [dead, setDead] = useState(false);
  const held = store.findSeat(matchId);

  useEffect(() => {
    let live = true;
    api
      .inviteInfo(matchId, secret)
      .then((i) => live && setInfo(i))
      .catch((err) => {
        if (!live || !(err instanceof ApiFailure)) return; // offline: the form still works once it is back
        setError(err.status === 404 ? 'This match does not exist (any more).' : err.message);
        if (err.status === 403 || err.status === 404) setDead(true);
      });
    return () => {
      live = false;
    };
  }, [matchId, secret]);

  async function join(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const joined = await api.join(matchId, secret, name.trim(), idempotencyKey());
      const link = parseFragment(new URL(joined.url, location.origin).hash);
      const gameId = link?.kind === 'seat' ? link.game : undefined;
      if (gameId) loadGameUi(gameId).catch(() => {}); // the board downloads while the match is read
      store.saveSeat({ matchId, seat: joined.seat, token: joined.token, ...(gameId ? { gameId } : {}) });
      store.setCurrentSeat(matchId, joined.seat);
      store.clearPendingInvite(matchId);
      store.saveName(name.trim());
      onJoined(joined.seat, joined.token);
    } catch (err) {
      if (err instanceof ApiFailure) {
        setError(err.issues?.length ? err.issues.map((i) => i.message).join(' ') : err.message);
        if (err.code === 'invite-used') setDead(true);
      } else setError('The server could not be reached; try again.');
    } finally {
      setBusy(false);
    }
  }

  const variant = info ? variantWords(info.game.id, info.options) : null;
  const others = info ? info.seats.filter((s) => s.joined && s.name).map((s) => s.name!) : [];
  const open = info ? info.seats.filter((s) => !s.joined).length : 0;
  return (
    <main class="page join">
      <SiteBar />
      <h1>{info ? `${info.invitedBy ?? 'A player'} invites you to play ${info.game.name}` : 'You are invited to a match'}</h1>
      {info && (
        <section class="zone invite-facts" aria-label="The match">
          <ul class="option-list">
            <li data-fact="game">Game: {info.game.name}</li>
            {variant && (
              <li data-fact="variant">
                {variant.label}: {variant.value}
              </li>
            )}
            <li data-fact="seats">
              {info.seats.length} players: {others.length ? `${listNames(others)} ${others.length === 1 ? 'has' : 'have'} joined` : 'nobody has joined yet'};{' '}
              {open === 1 ? 'yours is the last open seat' : `${open} seats are open, yours among them`}.
            </li>
            <li data-fact="created">Made on {formatWhen(info.createdAt)}.</li>
          </ul>
        </section>
      )}
      {dead ? (
        <div class="zone">
          <p class="notice error" role="alert">
            {error}
          </p>
          <p>Ask whoever sent you the link for a new invite.</p>
        </div>
      ) : (
        <form class="zone" onSubmit={join}>
          <label class="field">
            <span>Your name (the other players see it)</span>
            <input name="name" required maxLength={24} autoComplete="nickname" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" class="primary" disabled={busy || name.trim() === ''}>
            Join the match
          </button>
          {error && (
            <p class="notice error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      {held && (
        <p class="note">
          This browser already holds {seatName([], held.seat)} of this match.{' '}
          <button type="button" onClick={onDismiss}>
            Open that seat instead
          </button>
        </p>
      )}
    </main>
  );
}

function MatchView({ matchId, creds }: { matchId: string; creds: Credentials }) {
  const snapKey = snapshotKey(matchId, creds);
  const [cached] = useState(() => store.loadSnapshot<Match>(snapKey));
  const [match, setMatch] = useState<Match | null>(cached?.match ?? null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [older, setOlder] = useState<LogRecord[]>([]);
  const [olderDone, setOlderDone] = useState(false);
  const [announce, setAnnounce] = useState('');
  const stored = creds.kind === 'seat' ? store.findSeat(matchId, creds.seat) : undefined;
  const [seenUpTo, setSeenUpTo] = useState<number | null>(stored?.lastSeen ?? null);
  const [links, setLinks] = useState<ShareLinks>({
    ...(stored?.invites ? { invites: stored.invites } : {}),
    ...(stored?.spectatorUrl ? { spectatorUrl: stored.spectatorUrl } : {}),
  });
  const [now, setNow] = useState(Date.now());

  const matchRef = useRef<Match | null>(cached?.match ?? null);
  const etag = useRef<string | null>(cached?.etag ?? null);
  const poller = useRef<Poller<Match> | null>(null);
  const you = creds.kind === 'seat' ? creds.seat : null;

  const remember = useCallback(
    (m: Match) => {
      if (creds.kind === 'seat') store.rememberMatch(matchId, creds.seat, m);
    },
    [matchId, creds],
  );

  const show = useCallback(
    (m: Match) => {
      const before = matchRef.current;
      // A poll answered after a newer move answer must not take the page back in time.
      if (before && before.matchId === m.matchId && m.version < before.version) return;
      matchRef.current = m;
      setMatch(m);
      if (etag.current) {
        // What a move showed once (a peeked card without the memory aid) is not kept for later.
        const { reveal: _reveal, events: _events, ...kept } = m;
        store.saveSnapshot(snapKey, etag.current, kept);
      }
      setNow(Date.now());
      setOffline(false);
      remember(m);
      if (isMyTurn(m, you) && !isMyTurn(before, you)) setAnnounce((a) => nextAnnouncement(a, 'It is your move.'));
      else if (m.status === 'over' && before?.status !== 'over') setAnnounce((a) => nextAnnouncement(a, 'The match is over.'));
      // The turn passed: the region must not keep saying it is this player's move.
      else if (!isMyTurn(m, you) && isMyTurn(before, you)) setAnnounce('');
    },
    [remember, you, snapKey],
  );

  // Polling: conditional reads, paused while the tab is hidden. A layout effect, so the first read
  // (started before the page was drawn, see access.ts) is taken over now rather than after a paint.
  useLayoutEffect(() => {
    const p = new Poller<Match>({
      read: async () => {
        const r = await (takeEarlyRead(matchId, creds, etag.current) ?? api.read(matchId, creds, etag.current));
        if (!r.changed) return null;
        etag.current = r.etag;
        return r.match;
      },
      onChange: show,
      onError: (e) => {
        if (e instanceof NetworkFailure) setOffline(true);
        else if (e instanceof ApiFailure && (e.status === 401 || e.status === 403 || e.status === 404)) {
          setFatal(e.status === 404 ? 'This match does not exist (any more).' : e.message);
          store.dropSnapshot(snapKey);
          p.stop();
        } else if (e instanceof ApiFailure) setNotice(e.message);
      },
      othersMayAct: () => (matchRef.current ? othersMayAct(matchRef.current, you) : true),
      visible: () => document.visibilityState === 'visible',
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    poller.current = p;
    const markSeen = () => {
      const m = matchRef.current;
      if (m && creds.kind === 'seat') store.saveSeat({ matchId, seat: creds.seat, lastSeen: m.version });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') markSeen();
      else if (creds.kind === 'seat') setSeenUpTo(store.findSeat(matchId, creds.seat)?.lastSeen ?? null);
      p.visibilityChanged();
    };
    const onFocus = () => p.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('focus', onFocus);
    addEventListener('pagehide', markSeen);
    p.start();
    return () => {
      markSeen();
      p.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('focus', onFocus);
      removeEventListener('pagehide', markSeen);
    };
  }, [matchId, creds, show, you, snapKey]);

  const gameId = match?.game.id;
  // The board module, usually fetched already (access.ts starts it with the first read): then the
  // page draws the board in the same pass as the match, without waiting for an effect.
  const [loadedUi, setUi] = useState<GameUi | undefined>(undefined);
  const ui = loadedUi ?? (gameId ? loadedGameUi(gameId) : undefined);
  useLayoutEffect(() => {
    if (!gameId || loadedGameUi(gameId)) return;
    let live = true;
    loadGameUi(gameId)
      .then((u) => live && setUi(u))
      .catch(() => {
        if (!live) return;
        setUi(genericUi);
        setNotice('The board of this game could not be downloaded, so its moves are shown as a plain list. Reload the page to try again.');
      });
    return () => {
      live = false;
    };
  }, [gameId]);
  const myTurn = isMyTurn(match, you);
  useEffect(() => {
    if (match) showAttention(myTurn, `${match.game.name} · Dutch`);
  }, [myTurn, match?.game.name]);
  useEffect(() => () => showAttention(false, 'Dutch'), []);

  // A keyboard player's focus stays on the page after a move: if the control used went away with
  // the move (an action bar that closed, a confirmation answered), the board gets the first say —
  // it may put the focus somewhere better — and what is left on the body goes to the turn line.
  const keepFocus = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now && now !== document.body && now.isConnected) return;
        document.getElementById('turn-line')?.focus();
      }),
    );

  const submit = useCallback(
    async (move: unknown): Promise<boolean> => {
      const m = matchRef.current;
      if (!m || creds.kind !== 'seat') return false;
      setBusy(true);
      setNotice(null);
      try {
        const res = await api.move(matchId, creds.seat, creds.token, m.version, move, idempotencyKey());
        const mine: LogRecord = { version: res.version, at: Date.now(), seat: creds.seat, entries: res.events ?? [] };
        const prior = matchRef.current?.log ?? m.log;
        etag.current = `"${res.version}"`;
        show({ ...res, log: [mine, ...prior.filter((r) => r.version < res.version)] });
        poller.current?.activity();
        keepFocus();
        return true;
      } catch (e) {
        if (e instanceof ApiFailure) {
          const seats = matchRef.current?.seats ?? [];
          const detail = e.issues?.length ? ` (${e.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})` : '';
          if (e.status === 409) {
            // The server's words ask for a reload, but the page fetches the match itself at once.
            setNotice(
              'The match changed before your move arrived (a move made in another tab or on another device, or by another player), so it was not made. The page now shows the match as it stands: check it and choose again.',
            );
            void poller.current?.pollNow();
          } else setNotice(fillNames(e.message, seats) + detail);
        } else {
          setNotice('The server could not be reached, so the move was not made. Check your connection and try again.');
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [matchId, creds, show],
  );

  async function resign() {
    if (creds.kind !== 'seat') return;
    setBusy(true);
    try {
      await api.resign(matchId, creds.seat, creds.token, idempotencyKey());
      etag.current = null;
      await poller.current?.pollNow();
    } catch (e) {
      setNotice(e instanceof ApiFailure ? e.message : 'The server could not be reached; try again.');
    } finally {
      setBusy(false);
    }
  }

  async function rematch() {
    if (creds.kind !== 'seat') return;
    setBusy(true);
    try {
      const r = await api.rematch(matchId, creds.seat, creds.token, idempotencyKey());
      // A rematch is the same game: knowing it, the next page fetches the board while reading the match.
      store.saveSeat({ matchId: r.matchId, seat: r.seat, token: r.token, ...(matchRef.current ? { gameId: matchRef.current.game.id } : {}) });
      store.setCurrentSeat(r.matchId, r.seat);
      navigate(`/m/${r.matchId}`);
    } catch (e) {
      setNotice(e instanceof ApiFailure ? e.message : 'The server could not be reached; try again.');
    } finally {
      setBusy(false);
    }
  }

  async function loadOlder() {
    const all = [...(match?.log ?? []), ...older];
    const before = Math.min(...all.map((r) => r.version));
    try {
      const r = await api.olderLog(matchId, creds, before);
      setOlder((o) => [...o, ...r.log]);
      if (r.log.length < LOG_PAGE) setOlderDone(true);
    } catch {
      setNotice('The earlier log could not be loaded; try again.');
    }
  }

  const log = useMemo(() => {
    const seen = new Set<number>();
    return [...(match?.log ?? []), ...older].filter((r) => (seen.has(r.version) ? false : (seen.add(r.version), true)));
  }, [match, older]);

  if (fatal) {
    return (
      <main class="page">
        <SiteBar />
        <h1>This match cannot be opened</h1>
        <p role="alert">{fatal}</p>
      </main>
    );
  }
  if (!match || !ui) {
    return (
      <main class="page" aria-busy="true">
        <SiteBar />
        <p class="loading">{offline ? 'The server could not be reached; trying again…' : 'Loading the match…'}</p>
      </main>
    );
  }

  const Board = ui.Board;
  const words = ui.turnText?.(match) ?? turnText(match);
  const variant = variantWords(match.game.id, match.options);
  return (
    <main class="page match" data-status={match.status} data-version={match.version} data-my-turn={myTurn ? 'true' : 'false'} data-busy={busy ? 'true' : 'false'} data-game={match.game.id}>
      <SiteBar />
      <header class="match-head">
        <div class="title-row">
          <h1>{match.game.name}</h1>
          <RulesButton ui={ui} gameName={match.game.name} options={match.options} />
        </div>
        {variant && (
          <p class="variant" data-variant={variant.value}>
            {variant.label}: {variant.value}
          </p>
        )}
        <ul class="players" aria-label="Players">
          {match.seats.map((s) => (
            <li key={s.seat} class={match.toAct.includes(s.seat) ? 'to-act' : ''}>
              <span class="who">
                {s.joined ? seatName(match.seats, s.seat) : 'Open seat'}
                {s.seat === you ? ' (you)' : ''}
              </span>
              {match.status === 'active' && match.toAct.includes(s.seat) && (
                <span class="badge">
                  to move{s.waitingSince && now - s.waitingSince >= 60_000 ? ` · waiting ${duration(now - s.waitingSince)}` : ''}
                  {typeof s.deadlineAt === 'number' ? ` · ${dueText(s.deadlineAt, now)}` : ''}
                </span>
              )}
              {match.status === 'active' && typeof s.pausedUntil === 'number' && s.pausedUntil > now && (
                <span class="badge">away until {formatWhen(s.pausedUntil)}</span>
              )}
            </li>
          ))}
        </ul>
        <p class={myTurn ? 'turn mine' : 'turn'} id="turn-line" tabIndex={-1} elementtiming="match-ready">
          {creds.kind === 'watch' && <span class="badge">Watching</span>} {words}
        </p>
        <p class="visually-hidden" aria-live="polite">
          {announce}
        </p>
      </header>
      {notice && (
        <div class="notice error" role="alert">
          <p>{notice}</p>
          <button type="button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {offline && <p class="notice">The server could not be reached; the page keeps trying.</p>}
      {match.status === 'over' && (
        <>
          <OutcomePanel match={match} Details={ui.Outcome} />
          {creds.kind === 'seat' && (
            <div class="zone rematch">
              {match.rematchId ? <p>A rematch has been asked for.</p> : <p>Play again with the same players?</p>}
              <button type="button" class="primary" disabled={busy} onClick={rematch}>
                {match.rematchId ? 'Join the rematch' : 'Ask for a rematch'}
              </button>
            </div>
          )}
        </>
      )}
      {match.status === 'open' ? (
        <p class="zone note">The game starts as soon as every seat is taken.</p>
      ) : (
        <Board match={match} submit={submit} busy={busy} />
      )}
      {creds.kind === 'seat' && (
        <SharePanel
          match={match}
          seat={creds.seat}
          token={creds.token}
          links={links}
          onLinks={(l) => {
            setLinks(l);
            store.saveSeat({ matchId, seat: creds.seat, ...(l.invites ? { invites: l.invites } : {}), ...(l.spectatorUrl ? { spectatorUrl: l.spectatorUrl } : {}) });
          }}
        />
      )}
      {creds.kind === 'seat' && match.status !== 'over' && (
        <NotifyZone match={match} seat={creds.seat} token={creds.token} onMatchChanged={() => void poller.current?.pollNow()} />
      )}
      <MatchOptions match={match} you={you} now={now} />
      <LogPanel log={log} seats={match.seats} you={you} seenUpTo={seenUpTo} now={now} onOlder={loadOlder} olderDone={olderDone} />
      {creds.kind === 'seat' && match.status === 'active' && (
        <div class="zone danger-zone">
          <ConfirmButton
            label="Resign"
            question="Resign this match? The other players win, and this cannot be undone."
            confirmLabel="Resign the match"
            cancelLabel="Keep playing"
            danger
            disabled={busy}
            onConfirm={resign}
          />
        </div>
      )}
    </main>
  );
}
