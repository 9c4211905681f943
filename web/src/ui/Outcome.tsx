/** The end of a match: who won, the scores, and the game's own breakdown. */
import type { ComponentType } from 'preact';
import { fillNames, seatName } from '../text.js';
import type { Match } from '../types.js';

export function OutcomePanel({ match, Details }: { match: Match; Details?: ComponentType<{ match: Match }> | undefined }) {
  const end = match.end;
  if (!end) return null;
  const order = match.seats.map((s) => s.seat);
  if (end.scores) order.sort((a, b) => (end.scores![b] ?? 0) - (end.scores![a] ?? 0));
  return (
    <section class="zone outcome" aria-labelledby="outcome-h">
      <h2 id="outcome-h">Final result</h2>
      <p class="summary">{fillNames(end.summary, match.seats)}</p>
      {end.reason === 'forfeit' && <p class="note">The match ended because a move deadline passed.</p>}
      <ol class="final-scores">
        {order.map((s) => (
          <li key={s} class={end.winners.includes(s) ? 'winner' : ''} data-seat={s}>
            <span class="who">
              {seatName(match.seats, s)}
              {s === match.you ? ' (you)' : ''}
            </span>
            {end.scores && <span class="points">{end.scores[s]} points</span>}
            {end.winners.includes(s) && <span class="badge win">Winner</span>}
          </li>
        ))}
      </ol>
      {Details && end.reason !== 'resigned' && <Details match={match} />}
    </section>
  );
}
