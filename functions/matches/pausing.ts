/**
 * A seat pausing its own deadlines (holidays) and ending the pause early. A change beside the game:
 * it raises the match's version but not its game version, and counts against the seat's side changes.
 */
import type { Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { MatchRecord, MatchStore, SeatRecord } from './port.js';
import { countSideChange } from './side-changes.js';
import { DAY, PAUSE_BUDGET_MS, pauseSeat, resumeSeat, withDue } from './timing.js';

export type PauseChange = { kind: 'pause'; days: number } | { kind: 'resume' };

/** Tries of the conditional write before the match counts as busy. */
const MAX_ATTEMPTS = 5;

export interface PauseDeps {
  /** Reads the match (or refuses with no-such-match). */
  get: (id: string) => Promise<MatchRecord>;
  store: MatchStore;
  clock: () => number;
}

/** Pauses or resumes the seat's deadlines in one conditional commit; refusals are MatchErrors. */
export async function changePause({ get, store, clock }: PauseDeps, matchId: string, seat: Seat, change: PauseChange): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const match = await get(matchId);
    if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.pause');
    const now = clock();
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
    const result = await store.commit({ match: next, expectedVersion: match.version });
    if (result.ok) return;
  }
  throw new MatchError('busy', 'error.busy.moment');
}
