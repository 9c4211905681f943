/**
 * The final score breakdown of Dutch: per player and suit, the cards owned, their VP and the
 * suit bonus, and how the winner was decided.
 */
import type { Edition, Suit } from '#shared/games/dutch-auction/cards.js';
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';
import { Card, SuitMark } from './Card.js';

interface SuitScore {
  suit: Suit;
  cards: string[];
  vp: number;
  bonus: number;
  total: number;
}
interface SeatScore {
  seat: number;
  total: number;
  cardCount: number;
  suits: SuitScore[];
}
interface Details {
  edition: Edition;
  decidedBy: 'score' | 'fewer-cards' | 'shared';
  seats: SeatScore[];
}

function isDetails(d: unknown): d is Details {
  const x = d as Details | null;
  return !!x && typeof x === 'object' && Array.isArray(x.seats) && typeof x.edition === 'string';
}

const DECIDED: Record<Details['decidedBy'], string> = {
  score: 'Decided by victory points.',
  'fewer-cards': 'Equal victory points: the player with fewer cards wins.',
  shared: 'Equal victory points and equal card counts: the win is shared.',
};

export function DutchAuctionOutcome({ match }: { match: Match }) {
  const details = match.end?.details;
  if (!isDetails(details)) return null;
  const bonusRule =
    details.edition === 'current'
      ? 'Bonus: for each suit held, the VP of the lowest-scoring card of that suit.'
      : 'Bonus: 10 VP for each suit held six times or more.';
  return (
    <div class="score-breakdown">
      <p>{DECIDED[details.decidedBy]}</p>
      <p class="note">{bonusRule}</p>
      {details.seats.map((s) => (
        <table class="score-table" key={s.seat} data-seat={s.seat}>
          <caption>
            {seatName(match.seats, s.seat)}: {s.total} VP from {s.cardCount} cards
          </caption>
          <thead>
            <tr>
              <th scope="col">Suit</th>
              <th scope="col">Cards</th>
              <th scope="col">VP</th>
              <th scope="col">Bonus</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {s.suits.map((row) => (
              <tr key={row.suit}>
                <th scope="row">
                  <SuitMark suit={row.suit} /> {row.suit}
                </th>
                <td>
                  <div class="cards tiny">
                    {row.cards.length === 0 ? '—' : row.cards.map((id) => <Card key={id} id={id} edition={details.edition} small />)}
                  </div>
                </td>
                <td>{row.vp}</td>
                <td>{row.bonus}</td>
                <td>{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td>{s.total}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </div>
  );
}
