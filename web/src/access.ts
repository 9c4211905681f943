/**
 * How this browser opens a match (a fresh invite first, then a held seat, then a watch link), and the
 * first read that follows from it. Reads only storage and the link, with no other module, so the match
 * page's first script (web/src/first.ts) decides exactly as the app does; web/src/early-read.ts sends
 * and hands over the app's first read.
 */
import type { LinkSecret } from './link.js';
import type { Read } from './request.js';
import * as store from './storage.js';
import type { Credentials } from './types.js';

export type Access = Credentials | { kind: 'invite'; secret: string } | { kind: 'none' };

/**
 * `link`: a link in the address that is not stored yet (the first script runs before main.tsx stores it),
 * taken as web/src/fragment.ts `absorbFragment` would store it: an invite, a seat (the one shown), a watch link.
 */
export function accessFor(matchId: string, link: LinkSecret | null = null): Access {
  const invite = link?.kind === 'invite' ? link.secret : store.pendingInvite(matchId);
  if (invite) return { kind: 'invite', secret: invite };
  const seat = link?.kind === 'seat' ? link : store.findSeat(matchId, store.currentSeat(matchId));
  if (seat) return { kind: 'seat', seat: seat.seat, token: seat.token };
  const watch = link?.kind === 'watch' ? link.secret : store.findWatch(matchId);
  if (watch) return { kind: 'watch', secret: watch };
  return { kind: 'none' };
}

export const snapshotKey = (matchId: string, creds: Credentials) => `${matchId}:${creds.kind === 'seat' ? creds.seat : 'watch'}`;

/** The first read of a match, and what this browser knows before its answer. */
export interface FirstRead extends Read {
  /** The game, when known (kept state, or the seat's link): its board can be asked for with the read. */
  gameId: string | undefined;
  /** The state kept from the last visit: the page can be drawn from it before the answer. */
  kept: boolean;
}

/** The first read this browser would make of the match at this address (null: nothing to read with). */
export function firstReadOf(matchId: string, link: LinkSecret | null = null): FirstRead | null {
  const access = accessFor(matchId, link);
  if (access.kind !== 'seat' && access.kind !== 'watch') return null;
  const snapshot = store.loadSnapshot<{ game?: { id?: string } }>(snapshotKey(matchId, access));
  const linked = link?.kind === 'seat' && link.game ? link.game : undefined;
  const gameId =
    snapshot?.match.game?.id ?? (access.kind === 'seat' ? (linked ?? store.findSeat(matchId, access.seat)?.gameId) : undefined);
  return { matchId, creds: access, etag: snapshot?.etag ?? null, gameId, kept: !!snapshot };
}
