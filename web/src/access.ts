/**
 * How this browser opens a match (a fresh invite first, then a held seat, then a watch link),
 * and the first read of the match (and of the game's board module), started before the page is
 * drawn so that the network and the first render overlap.
 */
import { type ReadResult, api } from './api.js';
import { loadGameUi } from './games/index.js';
import * as store from './storage.js';
import type { Credentials } from './types.js';

export type Access = Credentials | { kind: 'invite'; secret: string } | { kind: 'none' };

export function accessFor(matchId: string): Access {
  const invite = store.pendingInvite(matchId);
  if (invite) return { kind: 'invite', secret: invite };
  const seat = store.findSeat(matchId, store.currentSeat(matchId));
  if (seat) return { kind: 'seat', seat: seat.seat, token: seat.token };
  const watch = store.findWatch(matchId);
  if (watch) return { kind: 'watch', secret: watch };
  return { kind: 'none' };
}

export const snapshotKey = (matchId: string, creds: Credentials) => `${matchId}:${creds.kind === 'seat' ? creds.seat : 'watch'}`;

const readKey = (matchId: string, creds: Credentials, etag: string | null) =>
  `${matchId}|${creds.kind === 'seat' ? `${creds.seat}|${creds.token}` : `w|${creds.secret}`}|${etag ?? ''}`;

let early: { key: string; read: Promise<ReadResult> } | null = null;

/**
 * Starts the first read of the match at this address, if this browser can open it, and the
 * download of its game's board. Returns that download when the match can be drawn at once from the
 * state kept from the last visit, so the first render can wait for the board instead of drawing
 * "loading" and then the page.
 */
export function startEarlyRead(matchId: string): Promise<unknown> | null {
  const access = accessFor(matchId);
  if (access.kind !== 'seat' && access.kind !== 'watch') return null;
  const snapshot = store.loadSnapshot<{ game?: { id?: string } }>(snapshotKey(matchId, access));
  const etag = snapshot?.etag ?? null;
  const read = api.read(matchId, access, etag);
  // The game's board module too, when this browser knows which game it is.
  const gameId = snapshot?.match.game?.id ?? (access.kind === 'seat' ? store.findSeat(matchId, access.seat)?.gameId : undefined);
  const board = gameId ? loadGameUi(gameId) : null;
  board?.catch(() => {}); // the page shows the plain board and says why
  read.catch(() => {}); // the page handles failures when it takes the read over
  early = { key: readKey(matchId, access, etag), read };
  return snapshot ? board : null;
}

/** The read started early for exactly this request, once; otherwise null. */
export function takeEarlyRead(matchId: string, creds: Credentials, etag: string | null): Promise<ReadResult> | null {
  if (!early || early.key !== readKey(matchId, creds, etag)) return null;
  const { read } = early;
  early = null;
  return read;
}
