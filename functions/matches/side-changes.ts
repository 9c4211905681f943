/**
 * Changes beside the game (new links, pausing and resuming): each rewrites the match, so each seat may
 * make only a few per window.
 */
import type { Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { MatchRecord, SeatRecord } from './port.js';

/**
 * Changes beside the game (new links, pausing and resuming) a seat may make per window. Each one
 * rewrites the match, and every move in flight at that moment must read it again, so one seat must not
 * be able to keep the match busy.
 */
export const SIDE_CHANGES = { perWindow: 6, windowMs: 3600 * 1000 } as const;

/** The seats with this seat's side change counted, or too-many-changes (with retryAfter) once it has made enough. */
export function countSideChange(match: Pick<MatchRecord, 'seats'>, seat: Seat, now: number): SeatRecord[] {
  const recent = (match.seats[seat]?.sideChanges ?? []).filter((t) => t > now - SIDE_CHANGES.windowMs && t <= now);
  if (recent.length >= SIDE_CHANGES.perWindow) {
    const retryAfter = Math.max(1, Math.ceil((Math.min(...recent) + SIDE_CHANGES.windowMs - now) / 1000));
    const minutes = Math.ceil(retryAfter / 60);
    throw new MatchError(
      'too-many-changes',
      { key: 'error.too-many-changes', params: { count: SIDE_CHANGES.perWindow, minutes } },
      { retryAfter },
    );
  }
  return match.seats.map((s, i) => (i === seat ? { ...s, sideChanges: [...recent, now] } : s));
}
