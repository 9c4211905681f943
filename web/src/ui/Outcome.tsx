/** The end of a match: who won, the scores, and the game's own breakdown. */
import type { ComponentType } from 'preact';
import { t } from '../i18n.js';
import { sayHere, seatName } from '../text.js';
import type { Match } from '../types.js';

export function OutcomePanel({ match, Details }: { match: Match; Details?: ComponentType<{ match: Match }> | undefined }) {
  const end = match.end;
  if (!end) return null;
  const order = match.seats.map((s) => s.seat);
  if (end.scores) order.sort((a, b) => (end.scores![b] ?? 0) - (end.scores![a] ?? 0));
  return (
    <section class="zone outcome" aria-labelledby="outcome-h">
      <h2 id="outcome-h">{t('match.outcome.title')}</h2>
      <p class="summary">{sayHere(end, match.seats)}</p>
      {end.reason === 'forfeit' && <p class="note">{t('match.outcome.forfeit')}</p>}
      <ol class="final-scores">
        {order.map((s) => (
          <li key={s} class={end.winners.includes(s) ? 'winner' : ''} data-seat={s}>
            <span class="who">
              <span translate={false}>{seatName(match.seats, s)}</span>
              {s === match.you ? ` ${t('match.you')}` : ''}
            </span>
            {end.scores && <span class="points">{t('match.outcome.points', { points: end.scores[s] ?? 0 })}</span>}
            {end.winners.includes(s) && <span class="badge win">{t('match.outcome.winner')}</span>}
          </li>
        ))}
      </ol>
      {Details && end.reason !== 'resigned' && <Details match={match} />}
    </section>
  );
}
