/**
 * Dutch, the memory card game of the Cambio/Cactus family, for 2 to 8 players, with the "bench"
 * and "Marmot/Tamalou" rule sets as presets and every point where they differ as an option.
 *
 * Where to look (the layout every game shares, ../README.md): cards.ts (the deck and card values),
 * presets.ts (presets and options), moves.ts (zod schemas), state.ts (the compact state and the
 * events), plain.ts (the state in readable form, as tests build it and earlier versions stored it),
 * rules.ts (setup, apply, legal moves, who acts, deadlines, rebasing, the result), score.ts
 * (counting points), errors.ts (rule error codes), view.ts (views and log lines), help.ts (the rules
 * as players read them).
 */
import type { Game } from '../../engine/game.js';
import { dutchMemoryMove, dutchMemoryOptions, type DutchMemoryMove } from './moves.js';
import { canonical } from './plain.js';
import type { Rules } from './presets.js';
import { apply, defaultMove, legalMoves, rebaseable, result, setup, toAct } from './rules.js';
import type { DutchMemoryEvent, DutchMemoryState } from './state.js';
import { view, viewEvent } from './view.js';

export type { DutchMemoryMove } from './moves.js';
export type { Rules as DutchMemoryRules } from './presets.js';
export type { DutchMemoryEvent, DutchMemoryState } from './state.js';
export type { DutchMemoryView } from './view.js';
export type { DutchMemoryReveal } from './rules.js';
export type { ErrorCode as DutchMemoryErrorCode } from './errors.js';
export { rulesHelp } from './help.js';

export const dutchMemory: Game<DutchMemoryState, DutchMemoryMove, Rules, DutchMemoryEvent> = {
  id: 'dutch-memory',
  name: 'Dutch (memory card game)',
  minSeats: 2,
  maxSeats: 8,
  // Built on the first parse (moves.ts), not at import.
  get options() {
    return dutchMemoryOptions();
  },
  get move() {
    return dutchMemoryMove();
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
  // The benches are turned face up at the end anyway: after it, a replay may show what each seat knew.
  replayAfterEnd: 'every-seat',
  // Nothing can be undone here: a draw shows its card, an exchange or a discard turns a card face up
  // and opens a snap window in which every player may act at once, and a peek, a give or a look shows
  // a face. A blind Jack swap comes after its Jack was discarded, with the others free to snap.
  undoable: () => false,
  // A match stored by the earlier engine (readable form, whole deck shuffled at once) equals its replay.
  canonical,
};
