/**
 * The score sheet: every finished round's scores, the Dutch caller's bonus or penalty, the running
 * totals, and (folded away) the cards each player held when the round was counted. Used on the
 * board during the match and as the breakdown of the final result.
 */
import type { CardFace, CardId } from '#shared/games/dutch-memory/cards.js';
import { cardFace } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryDetails } from '#shared/games/dutch-memory/rules.js';
import type { Rules } from '#shared/games/dutch-memory/presets.js';
import type { RoundRecord } from '#shared/games/dutch-memory/state.js';
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';
import { PlayingCard, faceWords } from './Card.js';
import { cardName, listWords } from './logic.js';

const REASONS: Record<RoundRecord['reason'], string> = {
  dutch: 'after the final turns',
  'bench-emptied': 'because a player had no cards left',
  'deck-empty': 'because no card was left to draw',
};

function callerLine(r: RoundRecord, name: (s: number) => string, face: (id: CardId) => CardFace): string {
  if (r.caller === null) return 'Nobody called Dutch.';
  const who = name(r.caller);
  const cards = r.callerCards.map((c) => cardName(face(c)));
  if (r.callerLowest) {
    return cards.length
      ? `${who} called Dutch and was lowest: the bonus card (${listWords(cards)}) took ${-r.callerDelta} off.`
      : `${who} called Dutch and was lowest.`;
  }
  return cards.length
    ? `${who} called Dutch but was not lowest: the penalty (${listWords(cards)}) added ${r.callerDelta}.`
    : `${who} called Dutch but was not lowest.`;
}

export function ScoreSheet({
  rounds,
  totals,
  seatCount,
  name,
  rules,
  openLast,
  you,
}: {
  rounds: readonly RoundRecord[];
  totals: readonly number[];
  seatCount: number;
  name: (s: number) => string;
  rules: Pick<Rules, 'cardValues' | 'endScore'>;
  openLast?: boolean;
  you: number | null;
}) {
  const face = (id: CardId) => cardFace(rules.cardValues, id);
  const seats = Array.from({ length: seatCount }, (_, i) => i);
  return (
    <div class="dm-sheet">
      <div class="dm-sheet-scroll">
        <table class="dm-sheet-table">
          <caption>Score sheet · the game ends after the round in which a total reaches {rules.endScore}; lowest total wins</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              {seats.map((s) => (
                <th scope="col" key={s}>
                  {name(s)}
                  {s === you ? ' (you)' : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.length === 0 && (
              <tr>
                <td colSpan={seatCount + 1} class="muted">
                  No round has been counted yet.
                </td>
              </tr>
            )}
            {rounds.map((r) => (
              <tr key={r.round} data-round={r.round}>
                <th scope="row">{r.round}</th>
                {seats.map((s) => (
                  <td key={s} data-seat={s}>
                    {r.scores[s]}
                    {r.caller === s && (
                      <abbr class="dm-called" title={r.callerLowest ? 'called Dutch, lowest' : 'called Dutch, not lowest'}>
                        {' '}
                        D{r.callerLowest ? '✓' : '✗'}
                      </abbr>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {seats.map((s) => (
                <td key={s} data-seat={s} class="dm-total">
                  {totals[s] ?? 0}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p class="hint">D✓: called Dutch and was lowest · D✗: called Dutch and was not.</p>
      {rounds.map((r, i) => (
        <details class="dm-round" key={r.round} open={openLast && i === rounds.length - 1}>
          <summary>
            Round {r.round}: the cards when it was counted ({REASONS[r.reason]})
          </summary>
          <p>{callerLine(r, name, face)}</p>
          <ul class="dm-round-benches">
            {seats.map((s) => (
              <li key={s}>
                <span class="dm-round-who">
                  {name(s)}: {r.sums[s]} in cards{r.scores[s] !== r.sums[s] ? `, ${r.scores[s]} with the caller's card` : ''}
                </span>
                <span class="dm-row">
                  {(r.benches[s] ?? []).length === 0 && <span class="muted">no cards</span>}
                  {(r.benches[s] ?? []).map((c, k) => (
                    <PlayingCard key={k} face={face(c)} size="xs" label={faceWords(face(c))} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
          {r.callerCards.length > 0 && (
            <p class="dm-row">
              <span>{r.callerLowest ? 'Bonus card:' : 'Penalty cards:'}</span>
              {r.callerCards.map((c) => (
                <PlayingCard key={c} face={face(c)} size="xs" label={faceWords(face(c))} />
              ))}
            </p>
          )}
        </details>
      ))}
    </div>
  );
}

function isDetails(d: unknown): d is DutchMemoryDetails {
  const x = d as DutchMemoryDetails | null;
  return !!x && typeof x === 'object' && Array.isArray(x.rounds) && Array.isArray(x.totals);
}

/** The final result's breakdown: how the tie was broken, and the whole score sheet. */
export function DutchMemoryOutcome({ match }: { match: Match }) {
  const details = match.end?.details;
  if (!isDetails(details)) return null;
  const rules = (match.options ?? {}) as Partial<Rules>;
  return (
    <div class="dm">
      {details.tieBrokenByLastRound && <p>Equal lowest totals: the lower score in the final round decided it.</p>}
      <ScoreSheet
        rounds={details.rounds}
        totals={details.totals}
        seatCount={match.seats.length}
        name={(s) => seatName(match.seats, s)}
        rules={{ cardValues: rules.cardValues ?? 'bench', endScore: details.endScore }}
        openLast
        you={match.you}
      />
    </div>
  );
}
