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
import { fmt } from '../../i18n.js';
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';
import { PlayingCard, faceWords } from './Card.js';
import { cardName, listWords } from './logic.js';
import { w } from './words.js';

/** The round's end as a select keyword of the catalog's message. */
const REASON: Record<RoundRecord['reason'], string> = { dutch: 'dutch', 'bench-emptied': 'bench', 'deck-empty': 'deck' };

function callerLine(r: RoundRecord, name: (s: number) => string, face: (id: CardId) => CardFace): string {
  if (r.caller === null) return w('sheet.nobodyCalled');
  const p = {
    name: name(r.caller),
    cards: listWords(r.callerCards.map((c) => cardName(face(c)))),
    points: fmt.number(Math.abs(r.callerDelta)),
  };
  if (r.callerLowest) return r.callerCards.length ? w('sheet.lowestBonus', p) : w('sheet.lowest', p);
  return r.callerCards.length ? w('sheet.notLowestPenalty', p) : w('sheet.notLowest', p);
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
          <caption>{w('sheet.caption', { end: fmt.number(rules.endScore) })}</caption>
          <thead>
            <tr>
              <th scope="col">{w('sheet.round')}</th>
              {seats.map((s) => (
                <th scope="col" key={s}>
                  <span translate={false}>{name(s)}</span>
                  {s === you ? ` (${w('you')})` : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rounds.length === 0 && (
              <tr>
                <td colSpan={seatCount + 1} class="muted">
                  {w('sheet.none')}
                </td>
              </tr>
            )}
            {rounds.map((r) => (
              <tr key={r.round} data-round={r.round}>
                <th scope="row">{r.round}</th>
                {seats.map((s) => (
                  <td key={s} data-seat={s}>
                    {fmt.number(r.scores[s] ?? 0)}
                    {r.caller === s && (
                      <abbr class="dm-called" title={w('sheet.calledTitle', { lowest: r.callerLowest ? 'yes' : 'no' })}>
                        {' '}
                        {w('sheet.called', { lowest: r.callerLowest ? 'yes' : 'no' })}
                      </abbr>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{w('sheet.total')}</th>
              {seats.map((s) => (
                <td key={s} data-seat={s} class="dm-total">
                  {fmt.number(totals[s] ?? 0)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p class="hint">{w('sheet.legend')}</p>
      {rounds.map((r, i) => (
        <details class="dm-round" key={r.round} open={openLast && i === rounds.length - 1}>
          <summary>{w('sheet.roundCards', { round: r.round, reason: REASON[r.reason] })}</summary>
          <p>{callerLine(r, name, face)}</p>
          <ul class="dm-round-benches">
            {seats.map((s) => (
              <li key={s}>
                <span class="dm-round-who">
                  {w('sheet.sum', {
                    name: name(s),
                    sum: fmt.number(r.sums[s] ?? 0),
                    score: fmt.number(r.scores[s] ?? 0),
                    changed: r.scores[s] !== r.sums[s] ? 'yes' : 'no',
                  })}
                </span>
                <span class="dm-row">
                  {(r.benches[s] ?? []).length === 0 && <span class="muted">{w('sheet.noCards')}</span>}
                  {(r.benches[s] ?? []).map((c, k) => (
                    <PlayingCard key={k} face={face(c)} size="xs" label={faceWords(face(c))} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
          {r.callerCards.length > 0 && (
            <p class="dm-row">
              <span>{w('sheet.callerCards', { lowest: r.callerLowest ? 'yes' : 'no' })}</span>
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
      {details.tieBrokenByLastRound && <p>{w('sheet.tieBroken')}</p>}
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
