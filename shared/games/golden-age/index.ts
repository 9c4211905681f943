/**
 * The Dutch Golden Age (Leo Colovini & Giuseppe Bau), 3–4 players, as a pure engine.
 *
 * Files (the layout every game shares, ../README.md): `board.ts` all board/track/guild/deck data
 * with KNOWN / ASSUMPTION labels; `cards.ts` card ids; `state.ts` the state and log events;
 * `moves.ts` options and moves (zod); `rules.ts` set-up, apply, legal moves, scoring;
 * `errors.ts` rule error codes; `view.ts` what each seat sees and log lines; `help.ts` rules help.
 */
import type { Game } from '../../engine/game.js';
import { type GoldenAgeMove, goldenAgeMove, type GoldenAgeOptions, goldenAgeOptions } from './moves.js';
import { apply, defaultMove, legalMoves, result, revealsNothing, setup, toAct, undoable } from './rules.js';
import type { GoldenAgeEvent, GoldenAgeState } from './state.js';
import { view, viewEvent } from './view.js';

export const goldenAge: Game<GoldenAgeState, GoldenAgeMove, GoldenAgeOptions, GoldenAgeEvent> = {
  id: 'golden-age',
  name: 'The Dutch Golden Age',
  minSeats: 3,
  maxSeats: 4,
  // Built on the first parse (moves.ts), not at import.
  get options() {
    return goldenAgeOptions();
  },
  get move() {
    return goldenAgeMove();
  },
  setup,
  apply,
  legalMoves,
  view,
  viewEvent,
  toAct,
  result,
  // Every move but one depends on the exact current position (turn order, money, bids). Cashing
  // in a set depends only on one's own hand and the bank, which apply checks again.
  rebaseable: (_s, _seat, move) => move.kind === 'exchange',
  defaultMove,
  // Hands are never shown, not even at the end: a replay stays each viewer's own.
  replayAfterEnd: 'own',
  // Only moves of one's own pieces on the open board, before the turn ends (rules.ts `undoable`).
  undoable,
  // Ending the turn shows nothing either: with undo requests on, the turn's actions may be asked back.
  revealsNothing,
};

export type { GoldenAgeMove, GoldenAgeOptions, MarkerPlace } from './moves.js';
export type { GoldenAgeEvent, GoldenAgeState } from './state.js';
export type { GoldenAgeView } from './view.js';
export type { ErrorCode as GoldenAgeErrorCode } from './errors.js';
export { rulesHelp } from './help.js';
export * as board from './board.js';
