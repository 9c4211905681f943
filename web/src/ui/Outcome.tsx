/** The end of a match: who won, the scores, and the game's own breakdown. */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { fmt, t } from '../i18n.js';
import { sayHere, seatName } from '../text.js';
import type { Match } from '../types.js';

export function OutcomePanel({ match, Details }: { match: Match; Details?: ComponentType<{ match: Match }> | undefined }) {
  const end = match.end;
  const changes = useRatingChanges(match);
  if (!end) return null;
  const order = match.seats.map((s) => s.seat);
  if (end.scores) order.sort((a, b) => (end.scores![b] ?? 0) - (end.scores![a] ?? 0));
  return (
    <section class="zone outcome" aria-labelledby="outcome-h">
      <h2 id="outcome-h">{t('match.outcome.title')}</h2>
      <p class="summary">{sayHere(end, match.seats)}</p>
      {end.reason === 'forfeit' && <p class="note">{t('match.outcome.forfeit')}</p>}
      {match.rated === 'rated' && !changes && <p class="note">{t('match.outcome.ratingPending')}</p>}
      <ol class="final-scores">
        {order.map((s) => (
          <li key={s} class={end.winners.includes(s) ? 'winner' : ''} data-seat={s}>
            <span class="who">
              <span translate={false}>{seatName(match.seats, s)}</span>
              {s === match.you ? ` ${t('match.you')}` : ''}
            </span>
            {end.scores && <span class="points">{t('match.outcome.points', { points: end.scores[s] ?? 0 })}</span>}
            {end.winners.includes(s) && <span class="badge win">{t('match.outcome.winner')}</span>}
            {changes?.[s] && <RatingChange change={changes[s]} />}
          </li>
        ))}
      </ol>
      {Details && end.reason !== 'resigned' && <Details match={match} />}
    </section>
  );
}

type Change = { seat: number; before: number; after: number; provisional: boolean };

/** A rated match's end: each seat's rating change, asked again a few times while the end is being rated. */
function useRatingChanges(match: Match): Record<number, Change> | null {
  const [changes, setChanges] = useState<Record<number, Change> | null>(null);
  const rated = match.rated === 'rated' && match.status === 'over';
  useEffect(() => {
    if (!rated) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      const got = await api.call<{ rated: boolean; changes: Change[] }>('GET', `/api/matches/${match.matchId}/ratings`).catch(() => null);
      if (stop) return;
      if (got?.rated) setChanges(Object.fromEntries(got.changes.map((c) => [c.seat, c])));
      else if (left > 0) timer = setTimeout(() => void ask(left - 1), 3000);
    };
    void ask(5);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [rated, match.matchId]);
  return changes;
}

function RatingChange({ change }: { change: Change }) {
  const delta = fmt.number(change.after - change.before, { signDisplay: 'exceptZero' });
  return (
    <span class="rating-change">
      {t('match.outcome.ratingChange', { delta, rating: fmt.number(change.after, { useGrouping: false }) })}
      {change.provisional ? ` ${t('match.outcome.provisional')}` : ''}
    </span>
  );
}
