/**
 * The signed-in player, as this page knows it: who is signed in here (asked once per page load, and
 * again after signing out), the seats this browser holds posted to the player's record once, "my
 * matches" from the server, and the seat of a listed match put where the match page looks for it.
 * The session itself is an HttpOnly cookie: no script here can read it; the page only asks the API.
 */
import type { Lang } from '#shared/i18n/index.js';
import { ApiFailure, api } from './api.js';
import * as store from './storage.js';

export type NoticeChoice = 'email' | 'push' | 'both' | 'none';
export interface Player {
  id: string;
  address: string;
  defaults: { notices: NoticeChoice; reminders: boolean };
}

/** unknown: not asked yet; off: this server has no sign-in; out / in: as it says. */
export type SessionState = { kind: 'unknown' } | { kind: 'off' } | { kind: 'out' } | { kind: 'in'; player: Player; sessionId: string };

export interface ServerMatch {
  matchId: string;
  seat: number;
  game: { id: string; name: string };
  state: 'your-move' | 'their-move' | 'open' | 'over';
  waitingSince: number | null;
  /** When my move is due (with a move deadline); absent from older servers. */
  deadlineAt?: number | null;
  you: string | null;
  /** `bot`: a seat made for a computer (named in the page's language, `seatName`). */
  /** `toMove`: the match waits for this opponent, since then, until when (with a move deadline). */
  opponents: {
    seat: number;
    name: string | null;
    bot?: { level: 'strong' | 'easy' | 'beginner' };
    toMove?: { since: number; deadlineAt: number | null };
  }[];
  result: { outcome: 'won' | 'lost' | 'shared' | 'nobody'; summary: string; key?: string; params?: unknown } | null;
  updatedAt: number;
  open: { seat: number; token: string };
}

let state: SessionState = { kind: 'unknown' };
let asking: Promise<SessionState> | null = null;
const listeners = new Set<(s: SessionState) => void>();

export const currentSession = () => state;

function set(next: SessionState): void {
  state = next;
  for (const l of listeners) l(next);
}

export function onSession(l: (s: SessionState) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Asks the server who is signed in here (once per page load unless `again`). */
export function loadSession(again = false): Promise<SessionState> {
  if (asking && !again) return asking;
  asking = api
    .call<{ player: Player | null; session?: { id: string } }>('GET', '/api/session')
    .then(
      (r): SessionState => (r.player && r.session ? { kind: 'in', player: r.player, sessionId: r.session.id } : { kind: 'out' }),
      (e): SessionState => (e instanceof ApiFailure && e.status === 404 ? { kind: 'off' } : { kind: 'out' }),
    )
    .then(async (s) => {
      // Claimed before anyone hears of the session, so the first "my matches" already has them.
      if (s.kind === 'in') await claimHeldSeats(s.player.id).catch(() => {});
      set(s);
      return s;
    });
  return asking;
}

const CLAIMED = 'dutch:v1:claimed:';
const TAKEN = 'dutch:v1:taken:';

/** A seat this browser holds that another player's record owns: the server's words on it (a seat has one owner). */
export interface TakenSeat {
  matchId: string;
  seat: number;
  message: string;
}

/** The seats held here that the server refused to add to this player's record because another player's holds them. */
export function seatsTakenByOthers(playerId: string): TakenSeat[] {
  try {
    return JSON.parse(localStorage.getItem(TAKEN + playerId) ?? '[]') as TakenSeat[];
  } catch {
    return [];
  }
}

type ClaimResult = { matchId: string; seat: number; claimed: boolean; reason?: string; message?: string };

/**
 * Posts the seats this browser holds to the player's record, each once per player: seats taken
 * later while signed in are claimed by the server itself.
 */
export async function claimHeldSeats(playerId: string): Promise<void> {
  const key = CLAIMED + playerId;
  let done: string[] = [];
  try {
    done = JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
  } catch {
    /* nothing kept: post them all (claiming twice changes nothing) */
  }
  const fresh = store.listSeats().filter((s) => !done.includes(`${s.matchId}:${s.seat}`));
  for (let i = 0; i < fresh.length; i += 50) {
    const batch = fresh.slice(i, i + 50);
    const { results } = await api.call<{ results: ClaimResult[] }>('POST', '/api/me/seats', {
      body: { seats: batch.map((s) => ({ matchId: s.matchId, seat: s.seat, token: s.token })) },
    });
    done.push(...batch.map((s) => `${s.matchId}:${s.seat}`));
    const taken = results.filter((r) => !r.claimed && r.reason === 'taken');
    try {
      localStorage.setItem(key, JSON.stringify(done));
      if (taken.length) {
        const kept = seatsTakenByOthers(playerId).filter((k) => !taken.some((r) => r.matchId === k.matchId && r.seat === k.seat));
        const added = taken.map((r) => ({ matchId: r.matchId, seat: r.seat, message: r.message ?? '' }));
        localStorage.setItem(TAKEN + playerId, JSON.stringify([...kept, ...added]));
      }
    } catch {
      /* posted again next time: harmless */
    }
  }
}

/** A signed-in player's choice of language is their mails' too (and, copied, their seats'). Best effort. */
export function keepLang(lang: Lang): void {
  if (state.kind === 'in') api.call('PUT', '/api/me/lang', { body: { lang } }).catch(() => {});
}

export const myMatches = () => api.call<{ matches: ServerMatch[] }>('GET', '/api/me/matches').then((r) => r.matches);
/** The match that has waited longest for my move (one read of the player's waiting board on the server), and how many wait. */
export type NextMatch = Pick<ServerMatch, 'matchId' | 'seat' | 'game' | 'waitingSince' | 'open'>;
export const nextWaiting = () => api.call<{ next: NextMatch | null; waiting: number }>('GET', '/api/me/next');

/** Keeps a listed seat in this browser (as its link would) and makes it the seat this tab opens. */
export function holdSeat(m: Pick<ServerMatch, 'matchId' | 'open' | 'game'>): void {
  store.saveSeat({ matchId: m.matchId, seat: m.open.seat, token: m.open.token, gameId: m.game.id, gameName: m.game.name });
  store.setCurrentSeat(m.matchId, m.open.seat);
}

export async function signOut(): Promise<void> {
  await api.call('DELETE', '/api/session');
  await loadSession(true);
}
