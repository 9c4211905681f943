/**
 * The match page's state and everything that changes it: the first read and polling (conditional
 * reads through the Poller, paused while the tab is hidden), the game's board module, moves,
 * resigning, the rematch and pages of older log. The components only draw what it returns.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { snapshotKey } from '../../access.js';
import { takeEarlyRead } from '../../early-read.js';
import { ApiFailure, NetworkFailure, api, idempotencyKey } from '../../api.js';
import { genericUi, loadGameUi, loadedGameUi } from '../../games/index.js';
import { gameName, t, useLang } from '../../i18n.js';
import { LiveChannel } from '../../live.js';
import type { GameUi } from '../../games/types.js';
import { Poller } from '../../poll/poller.js';
import { othersMayAct } from '../../poll/schedule.js';
import { rememberMatch } from '../../remembered.js';
import * as store from '../../storage.js';
import { nextAnnouncement, sayHere } from '../../text.js';
import type { BotLevel, Credentials, LogRecord, Match } from '../../types.js';
import { showAttention } from '../attention.js';
import { LOG_PAGE } from '../LogPanel.js';
import { navigate } from '../router.js';
import { goToNextAfterMove } from './nextAfterMove.js';

export function isMyTurn(m: Match | null, you: number | null): boolean {
  return !!m && m.status === 'active' && you !== null && m.toAct.includes(you);
}

/** What the callbacks read between renders: the newest match shown, its ETag, the polling loop. */
interface Live {
  match: Match | null;
  etag: string | null;
  poller: Poller<Match> | null;
}

/** How the hooks below report to the page. */
interface Report {
  setOffline(offline: boolean): void;
  setFatal(message: string): void;
  setNotice(message: string | null): void;
}

export type UndoAction = 'undo' | 'ask' | 'accept' | 'refuse';

export interface MatchState {
  /** The match as last read or answered; null until the first answer (or a stored snapshot). */
  match: Match | null;
  /** The game's board module; undefined while it downloads. */
  ui: GameUi | undefined;
  /** Why the match cannot be opened at all (no such match, a link that no longer works). */
  fatal: string | null;
  offline: boolean;
  notice: string | null;
  dismissNotice(): void;
  /** A move, resignation or rematch is on its way. */
  busy: boolean;
  myTurn: boolean;
  /** For the polite live region: the turn coming to this player, or the match ending. */
  announce: string;
  /** The version this seat had seen when it last left the page (the log marks what came since). */
  seenUpTo: number | null;
  /** The clock of the last redraw, for waiting times and deadlines. */
  now: number;
  log: LogRecord[];
  olderDone: boolean;
  loadOlder(): Promise<void>;
  submit(move: unknown): Promise<boolean>;
  resign(): Promise<void>;
  rematch(): Promise<void>;
  /** Hands this seat to a computer player of that level until the player takes it back. */
  standIn(level: BotLevel): Promise<void>;
  takeBack(): Promise<void>;
  /** Undo (./UndoControls.tsx): take back one's own last move, ask to take back a turn, or answer such a request. */
  undo(action?: UndoAction): Promise<void>;
  pollNow(): void;
}

export function useMatch(matchId: string, creds: Credentials): MatchState {
  const snapKey = snapshotKey(matchId, creds);
  const you = creds.kind === 'seat' ? creds.seat : null;
  const [cached] = useState(() => store.loadSnapshot<Match>(snapKey));
  const [match, setMatch] = useState<Match | null>(cached?.match ?? null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [now, setNow] = useState(Date.now());
  const live = useRef<Live>({ match: cached?.match ?? null, etag: cached?.etag ?? null, poller: null }).current;
  const report: Report = { setOffline, setFatal, setNotice };

  const show = useCallback(
    (m: Match) => {
      const before = live.match;
      // A poll answered after a newer move answer must not take the page back in time.
      if (before && before.matchId === m.matchId && m.version < before.version) return;
      live.match = m;
      setMatch(m);
      if (live.etag) {
        // What a move showed once (a peeked card without the memory aid) is not kept for later.
        const { reveal: _reveal, events: _events, ...kept } = m;
        store.saveSnapshot(snapKey, live.etag, kept);
      }
      setNow(Date.now());
      setOffline(false);
      if (creds.kind === 'seat') rememberMatch(matchId, creds.seat, m);
      setAnnounce((a) => announcement(a, before, m, you));
    },
    [matchId, creds, you, snapKey],
  );

  const seenUpTo = usePolling(matchId, creds, live, show, report);
  const ui = useGameUi(match?.game.id, setNotice);
  const myTurn = isMyTurn(match, you);
  const lang = useLang();
  useEffect(() => {
    if (match) showAttention(myTurn, t('match.pageTitle', { game: gameName(match.game.id, match.game.name) }));
  }, [myTurn, match?.game.name, lang]);
  useEffect(() => () => showAttention(false, t('site.name')), []);

  const actions = useActions(matchId, creds, live, show, { setBusy, setNotice });
  const older = useOlderLog(matchId, creds, match, setNotice);
  // A move that ends my turn here takes me on to the next match waiting for me, if I chose so.
  const submit = useCallback(
    async (move: unknown) => {
      const done = await actions.submit(move);
      if (done && !isMyTurn(live.match, you)) void goToNextAfterMove(matchId);
      return done;
    },
    [actions.submit, matchId, you],
  );
  return {
    match,
    ui,
    fatal,
    offline,
    notice,
    dismissNotice: () => setNotice(null),
    busy,
    myTurn,
    announce,
    seenUpTo,
    now,
    ...older,
    ...actions,
    submit,
    pollNow: () => void live.poller?.pollNow(),
  };
}

/** The live region's next words when `m` replaces `before` on the page. */
function announcement(current: string, before: Match | null, m: Match, you: number | null): string {
  const standIn = (x: Match | null) => (you !== null && !!x?.seats[you]?.bot?.standIn) || false;
  // Said once when it happens while the page is open (a missed deadline, or the player's own request).
  if (before && standIn(m) && !standIn(before)) return nextAnnouncement(current, t('match.announce.standIn'));
  if (isMyTurn(m, you) && !isMyTurn(before, you)) return nextAnnouncement(current, t('match.announce.yourMove'));
  if (m.status === 'over' && before?.status !== 'over') return nextAnnouncement(current, t('match.turn.over'));
  // The turn passed: the region must not keep saying it is this player's move.
  if (!isMyTurn(m, you) && isMyTurn(before, you) && current.startsWith(t('match.announce.yourMove'))) return '';
  return current;
}

/**
 * Polling: conditional reads, paused while the tab is hidden. A layout effect, so the first read
 * (started before the page was drawn, see access.ts) is taken over now rather than after a paint.
 * Returns the version this seat had seen when it last left the page, refreshed when the tab is shown.
 */
function usePolling(matchId: string, creds: Credentials, live: Live, show: (m: Match) => void, report: Report): number | null {
  const snapKey = snapshotKey(matchId, creds);
  const you = creds.kind === 'seat' ? creds.seat : null;
  const lastSeen = () => (creds.kind === 'seat' ? (store.findSeat(matchId, creds.seat)?.lastSeen ?? null) : null);
  const [seenUpTo, setSeenUpTo] = useState<number | null>(lastSeen);

  useLayoutEffect(() => {
    const p = new Poller<Match>({
      read: async () => {
        const r = await (takeEarlyRead(matchId, creds, live.etag) ?? api.read(matchId, creds, live.etag));
        if (!r.changed) return null;
        live.etag = r.etag;
        return r.match;
      },
      onChange: show,
      onError: (e) => {
        if (e instanceof NetworkFailure) report.setOffline(true);
        else if (e instanceof ApiFailure && (e.status === 401 || e.status === 403 || e.status === 404)) {
          report.setFatal(e.status === 404 ? t('match.gone') : e.message);
          store.dropSnapshot(snapKey);
          p.stop();
        } else if (e instanceof ApiFailure) report.setNotice(e.message);
      },
      othersMayAct: () => (live.match ? othersMayAct(live.match, you) : true),
      visible: () => document.visibilityState === 'visible',
      now: () => Date.now(),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    live.poller = p;
    const markSeen = () => {
      const m = live.match;
      if (m && creds.kind === 'seat') store.saveSeat({ matchId, seat: creds.seat, lastSeen: m.version });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') markSeen();
      else if (creds.kind === 'seat') setSeenUpTo(lastSeen());
      p.visibilityChanged();
    };
    const onFocus = () => p.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('focus', onFocus);
    addEventListener('pagehide', markSeen);
    p.start();
    // Pokes: a newer version than shown is read at once; while subscribed, polling is only a safety net.
    const channel = new LiveChannel({
      matchId,
      creds,
      onVersion: (v) => (!live.match || v > live.match.version) && void p.pollNow(),
      onConnected: (c) => p.setLive(c),
    });
    channel.start();
    return () => {
      markSeen();
      p.stop();
      channel.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('focus', onFocus);
      removeEventListener('pagehide', markSeen);
    };
  }, [matchId, creds, show, you, snapKey]);
  return seenUpTo;
}

/**
 * The board module, usually fetched already (access.ts starts it with the first read): then the
 * page draws the board in the same pass as the match, without waiting for an effect.
 */
function useGameUi(gameId: string | undefined, setNotice: (message: string) => void): GameUi | undefined {
  const [loadedUi, setUi] = useState<GameUi | undefined>(undefined);
  useLayoutEffect(() => {
    if (!gameId || loadedGameUi(gameId)) return;
    let live = true;
    loadGameUi(gameId)
      .then((u) => live && setUi(u))
      .catch(() => {
        if (!live) return;
        setUi(genericUi);
        setNotice(t('match.boardFailed'));
      });
    return () => {
      live = false;
    };
  }, [gameId]);
  return loadedUi ?? (gameId ? loadedGameUi(gameId) : undefined);
}

/**
 * A keyboard player's focus stays on the page after a move: if the control used went away with
 * the move (an action bar that closed, a confirmation answered), the board gets the first say —
 * it may put the focus somewhere better — and what is left on the body goes to the turn line.
 */
const keepFocus = () =>
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      document.getElementById('turn-line')?.focus();
    }),
  );

/** What a seat does to the match: moves, resigning, the rematch. Each click sends one Idempotency-Key. */
function useActions(
  matchId: string,
  creds: Credentials,
  live: Live,
  show: (m: Match) => void,
  page: { setBusy(busy: boolean): void; setNotice(message: string | null): void },
) {
  const { setBusy, setNotice } = page;
  const submit = useCallback(
    async (move: unknown): Promise<boolean> => {
      const m = live.match;
      if (!m || creds.kind !== 'seat') return false;
      setBusy(true);
      setNotice(null);
      try {
        const res = await api.move(matchId, creds.seat, creds.token, m.version, move, idempotencyKey());
        const mine: LogRecord = { version: res.version, at: Date.now(), seat: creds.seat, entries: res.events ?? [] };
        const prior = live.match?.log ?? m.log;
        live.etag = `"${res.version}"`;
        show({ ...res, log: [mine, ...prior.filter((r) => r.version < res.version)] });
        live.poller?.activity();
        keepFocus();
        return true;
      } catch (e) {
        setNotice(moveFailure(e, live.match?.seats ?? []));
        // The server's words ask for a reload, but the page fetches the match itself at once.
        if (e instanceof ApiFailure && e.status === 409) void live.poller?.pollNow();
        return false;
      } finally {
        setBusy(false);
      }
    },
    [matchId, creds, show],
  );

  /** A change to the seat beside moves (resigning, a computer standing in or not): sent, then the match read afresh. */
  async function seatChange(send: (seat: number, token: string, key: string) => Promise<unknown>) {
    if (creds.kind !== 'seat') return;
    setBusy(true);
    setNotice(null);
    try {
      await send(creds.seat, creds.token, idempotencyKey());
      live.etag = null;
      await live.poller?.pollNow();
      live.poller?.activity();
    } catch (e) {
      setNotice(e instanceof ApiFailure ? e.message : t('create.unreachable'));
    } finally {
      setBusy(false);
    }
  }
  const resign = () => seatChange((seat, token, key) => api.resign(matchId, seat, token, key));
  const standIn = (level: BotLevel) => seatChange((seat, token, key) => api.standIn(matchId, seat, token, level, key));
  const takeBack = () => seatChange((seat, token, key) => api.takeBack(matchId, seat, token, key));

  async function rematch() {
    if (creds.kind !== 'seat') return;
    setBusy(true);
    try {
      const r = await api.rematch(matchId, creds.seat, creds.token, idempotencyKey());
      // A rematch is the same game: knowing it, the next page fetches the board while reading the match.
      store.saveSeat({ matchId: r.matchId, seat: r.seat, token: r.token, ...(live.match ? { gameId: live.match.game.id } : {}) });
      store.setCurrentSeat(r.matchId, r.seat);
      store.carryPushDevice({ matchId, seat: creds.seat }, r);
      navigate(`/m/${r.matchId}`);
    } catch (e) {
      setNotice(e instanceof ApiFailure ? e.message : t('create.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  /** The answer to each is the whole match as this seat sees it, log included. */
  async function undo(action: UndoAction = 'undo') {
    const m = live.match;
    if (!m || creds.kind !== 'seat') return;
    setBusy(true);
    setNotice(null);
    try {
      const { seat, token } = creds;
      const res = await (action === 'undo'
        ? api.undo(matchId, seat, token, m.version)
        : action === 'ask'
          ? api.askUndo(matchId, seat, token, m.version)
          : api.answerUndo(matchId, seat, token, action === 'accept'));
      live.etag = `"${res.version}"`;
      show(res);
      live.poller?.activity();
      keepFocus();
    } catch (e) {
      setNotice(e instanceof ApiFailure ? sayHere({ ...e.words, message: e.message }, m.seats) : t('create.unreachable'));
      if (e instanceof ApiFailure && e.status === 409) void live.poller?.pollNow();
    } finally {
      setBusy(false);
    }
  }

  return { submit, resign, rematch, standIn, takeBack, undo };
}

/** What the player reads when a move was not made. */
function moveFailure(e: unknown, seats: Match['seats']): string {
  if (!(e instanceof ApiFailure)) return t('match.move.unreachable');
  if (e.status === 409) return t('match.move.conflict');
  const detail = e.issues?.length ? ` (${e.issues.map((i) => `${i.path}: ${i.message}`).join('; ')})` : '';
  return sayHere({ ...e.words, message: e.message }, seats) + detail;
}

/** The log as polled, followed by the older pages the player asked for, each record once. */
function useOlderLog(matchId: string, creds: Credentials, match: Match | null, setNotice: (message: string) => void) {
  const [older, setOlder] = useState<LogRecord[]>([]);
  const [olderDone, setOlderDone] = useState(false);

  async function loadOlder() {
    const all = [...(match?.log ?? []), ...older];
    const before = Math.min(...all.map((r) => r.version));
    try {
      const r = await api.olderLog(matchId, creds, before);
      setOlder((o) => [...o, ...r.log]);
      if (r.log.length < LOG_PAGE) setOlderDone(true);
    } catch {
      setNotice(t('match.log.olderFailed'));
    }
  }

  const log = useMemo(() => {
    const seen = new Set<number>();
    return [...(match?.log ?? []), ...older].filter((r) => {
      if (seen.has(r.version)) return false;
      seen.add(r.version);
      return true;
    });
  }, [match, older]);
  return { log, olderDone, loadOlder };
}
