/**
 * A seat pausing its own deadlines (holidays) and ending the pause early. A change beside the game:
 * it raises the match's version but not its game version, and counts against the seat's side changes.
 */
import type { Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { Decide } from './change.js';
import type { SeatRecord } from './port.js';
import { countSideChange } from './side-changes.js';
import { DAY, PAUSE_BUDGET_MS, pauseSeat, resumeSeat, withDue } from './timing.js';

export type PauseChange = { kind: 'pause'; days: number } | { kind: 'resume' };

/** Pauses or resumes the seat's deadlines: a decision for the runner (./change.ts); refusals are MatchErrors. */
export function decidePause(seat: Seat, change: PauseChange): Decide<void> {
  return (match, now) => {
    if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.pause');
    const s = match.seats[seat]!;
    let fields: Partial<SeatRecord> | null;
    if (change.kind === 'pause') {
      if (s.pausedUntil !== undefined && s.pausedUntil > now) {
        throw new MatchError('already-paused', { key: 'error.already-paused', params: { until: { time: s.pausedUntil } } });
      }
      const ms = change.days * DAY;
      if ((s.pauseUsedMs ?? 0) + ms > PAUSE_BUDGET_MS) {
        const left = Math.floor((PAUSE_BUDGET_MS - (s.pauseUsedMs ?? 0)) / DAY);
        throw new MatchError('pause-budget', { key: 'error.pause-budget', params: { days: left } });
      }
      fields = pauseSeat(match, seat, now, ms);
    } else {
      fields = resumeSeat(match, seat, now);
      if (!fields) throw new MatchError('not-paused', 'error.not-paused');
    }
    const next = withDue({
      ...match,
      seats: countSideChange(match, seat, now).map((x, i) => (i === seat ? { ...x, ...fields } : x)),
      version: match.version + 1,
      updatedAt: now,
    });
    return { commit: { match: next }, result: undefined };
  };
}
