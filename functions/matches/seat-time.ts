/**
 * A seat sets its own time: its time zone (the page sends the browser's, and the player may change it) and
 * its quiet hours. A change beside the game like a pause (./pausing.ts): it raises the match's version, not
 * its game version, and counts against the seat's side changes; the same choice again changes nothing.
 * The deadlines and the sweep's timer follow at once (./timing.ts `deadlineOf`, `withDue`).
 */
import type { Seat } from '#shared/engine/game.js';
import type { Decide } from './change.js';
import type { SeatTime } from './port.js';
import { countSideChange } from './side-changes.js';
import { withDue } from './timing.js';

const same = (a: SeatTime | undefined, b: SeatTime) => a?.zone === b.zone && a.quiet?.from === b.quiet?.from && a.quiet?.to === b.quiet?.to;

/** Sets the seat's zone and quiet hours: a decision for the runner (./change.ts). */
export function decideSeatTime(seat: Seat, time: SeatTime): Decide<void> {
  return (match, now) => {
    if (same(match.seats[seat]?.time, time)) return { done: undefined };
    const next = withDue({
      ...match,
      seats: countSideChange(match, seat, now).map((x, i) => (i === seat ? { ...x, time } : x)),
      version: match.version + 1,
      updatedAt: now,
    });
    return { commit: { match: next }, result: undefined };
  };
}
