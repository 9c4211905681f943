/**
 * The final score breakdown of Dutch: per player and suit, the cards owned, their VP and the
 * suit bonus, and how the winner was decided.
 */
import type { Edition, Suit } from '#shared/games/dutch-auction/cards.js';
import { type MessageKey, t } from '../../i18n.js';
import { seatName } from '../../text.js';
import type { Match } from '../../types.js';
import { Card, SuitMark } from './Card.js';
import { suitName } from './logic.js';

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

export function DutchAuctionOutcome({ match }: { match: Match }) {
  const details = match.end?.details;
  if (!isDetails(details)) return null;
  const bonusRule =
    details.edition === 'current' ? t('game.dutch-auction.board.score.bonusCurrent') : t('game.dutch-auction.board.score.bonus2018');
  return (
    <div class="score-breakdown">
      <p>{t(`game.dutch-auction.board.score.decided.${details.decidedBy}` as MessageKey)}</p>
      <p class="note">{bonusRule}</p>
      {details.seats.map((s) => (
        <table class="score-table" key={s.seat} data-seat={s.seat}>
          <caption>
            {t('game.dutch-auction.board.score.caption', { name: seatName(match.seats, s.seat), total: s.total, count: s.cardCount })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('game.dutch-auction.board.score.suit')}</th>
              <th scope="col">{t('game.dutch-auction.board.score.cards')}</th>
              <th scope="col">{t('game.dutch-auction.board.score.vp')}</th>
              <th scope="col">{t('game.dutch-auction.board.score.bonus')}</th>
              <th scope="col">{t('game.dutch-auction.board.score.total')}</th>
            </tr>
          </thead>
          <tbody>
            {s.suits.map((row) => (
              <tr key={row.suit}>
                <th scope="row">
                  <SuitMark suit={row.suit} /> {suitName(row.suit)}
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
                {t('game.dutch-auction.board.score.total')}
              </th>
              <td>{s.total}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </div>
  );
}
