/**
 * Dutch, the 2-player auction deck-builder by Richard Hoile, in its current edition (default) and
 * its 2018 prototype edition, as a pure engine for the platform.
 *
 * Files (the layout every game shares, ../README.md): cards.ts (card data), state.ts (state and
 * events), moves.ts (zod schemas), rules.ts (set-up, moves, scoring), errors.ts (rule error codes),
 * view.ts (what each viewer sees, log lines), help.ts (rules help).
 */
import type { Game } from '../../engine/game.js';
import { type DutchAuctionMove, type DutchAuctionOptions, dutchAuctionMove, dutchAuctionOptions } from './moves.js';
import { apply, defaultMove, legalMoves, rebaseable, result, revealsNothing, setup, toAct, undoable } from './rules.js';
import type { DutchAuctionEvent, DutchAuctionState } from './state.js';
import { view, viewEvent } from './view.js';

export const dutchAuction: Game<DutchAuctionState, DutchAuctionMove, DutchAuctionOptions, DutchAuctionEvent> = {
  id: 'dutch-auction',
  name: 'Dutch (auction deck-builder)',
  minSeats: 2,
  maxSeats: 2,
  // Built on the first parse (moves.ts), not at import.
  get options() {
    return dutchAuctionOptions();
  },
  get move() {
    return dutchAuctionMove();
  },
  setup,
  apply,
  legalMoves,
  view,
  viewEvent,
  toAct,
  result,
  rebaseable,
  defaultMove,
  // Once the game is over, hands and sealed choices decide nothing more: anyone may replay it as any seat saw it.
  replayAfterEnd: 'every-seat',
  // A sealed bid before the bids are shown; powers and purchases on open piles (rules.ts `undoable`).
  undoable,
  // The bid winner's "done" passes phase 3 on in the open: with undo requests on, that turn may be asked back.
  revealsNothing,
};

export type { ErrorCode as DutchAuctionErrorCode } from './errors.js';
export { rulesHelp } from './help.js';
export { dutchAuctionMove, dutchAuctionOptions } from './moves.js';
export type { DutchAuctionMove, DutchAuctionOptions } from './moves.js';
export type { DutchAuctionEvent, DutchAuctionState } from './state.js';
export type { DutchAuctionView } from './view.js';
export * as cards from './cards.js';
