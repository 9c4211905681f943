/**
 * Undo in the auction deck-builder (Game.undoable): a sealed commit may be taken back while the other
 * seat has not sealed (the bids are still hidden), never once they are shown; in phase 3 a power or a
 * purchase on open piles may be, "done" and a card brought out of a hidden pile may not.
 * Positions come from seeded random play (../undo-positions.ts).
 */
import { describe, expect, it } from 'vitest';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { findPosition, tryUndoable } from '../undo-positions.js';

const kind = (m: unknown) => (m as DutchAuctionMove).kind;
const st = (s: unknown) => s as DutchAuctionState;

describe('auction: which moves may be undone', () => {
  it('the first sealed commit of a round is undoable: the bids are still hidden', () => {
    const p = findPosition(dutchAuction, 2, (s, seat, m) => kind(m) === 'commit' && !st(s).seats[1 - seat]!.sealed);
    expect(tryUndoable(dutchAuction, p).undoable).toBe(true);
  });

  it('the second commit is not: it shows both bids', () => {
    const p = findPosition(dutchAuction, 2, (s, seat, m) => kind(m) === 'commit' && st(s).seats[1 - seat]!.sealed !== null);
    const { undoable, after } = tryUndoable(dutchAuction, p);
    expect(st(after).phase).not.toBe('commit');
    expect(undoable).toBe(false);
  });

  it('a purchase in phase 3 is undoable: it moves open cards and draws nothing', () => {
    const p = findPosition(dutchAuction, 2, (s, _seat, m) => kind(m) === 'purchase' && st(s).phase === 'actions');
    expect(tryUndoable(dutchAuction, p).undoable).toBe(true);
  });

  it('a power on open cards is undoable (current edition)', () => {
    const p = findPosition(
      dutchAuction,
      2,
      (_s, _seat, m) => kind(m) === 'power' && (m as { from?: string }).from !== 'personal-discards',
      { avoid: (m) => kind(m) === 'done' },
    );
    expect(tryUndoable(dutchAuction, p).undoable).toBe(true);
  });

  it('"done" is not undoable: the turn passes or the round ends and cards are drawn', () => {
    const p = findPosition(dutchAuction, 2, (_s, _seat, m) => kind(m) === 'done');
    expect(tryUndoable(dutchAuction, p).undoable).toBe(false);
  });

  it('2018 edition: playing a card from the hidden hand is not undoable', () => {
    const p = findPosition(dutchAuction, 2, (_s, _seat, m) => kind(m) === 'play', {
      options: { edition: '2018' },
      avoid: (m) => kind(m) === 'done',
    });
    expect(tryUndoable(dutchAuction, p).undoable).toBe(false);
  });

  it('2018 edition: taking a card from the own personal discards is not undoable (the opponent never saw it)', () => {
    const p = findPosition(
      dutchAuction,
      2,
      (_s, _seat, m) => kind(m) === 'power' && (m as { from?: string }).from === 'personal-discards',
      {
        options: { edition: '2018' },
        avoid: (m) => kind(m) === 'done',
        games: 200,
      },
    );
    expect(tryUndoable(dutchAuction, p).undoable).toBe(false);
  });
});

/** With undo requests on, a turn may be asked back when its end showed nothing (Game.revealsNothing). */
describe('auction: which turn ends show nothing, for undo requests', () => {
  const shows = (p: { state: unknown; seat: number; move: unknown }) => {
    const s = st(p.state);
    const r = dutchAuction.apply(s, p.seat, p.move as DutchAuctionMove, { now: 0 });
    if (!r.ok) throw new Error(r.error.code);
    return dutchAuction.revealsNothing!(s, r.value.state, p.seat, p.move as DutchAuctionMove, r.value);
  };
  it("the bid winner's done passes phase 3 on in the open", () => {
    expect(shows(findPosition(dutchAuction, 2, (s, seat, m) => kind(m) === 'done' && st(s).bidWinner === seat))).toBe(true);
  });
  it("the loser's done ends the round, and cards are drawn", () => {
    expect(shows(findPosition(dutchAuction, 2, (s, seat, m) => kind(m) === 'done' && st(s).bidWinner !== seat))).toBe(false);
  });
  it('a commit never: the last one shows both bids', () => {
    expect(shows(findPosition(dutchAuction, 2, (_s, _seat, m) => kind(m) === 'commit'))).toBe(false);
  });
});
