/**
 * Dutch, the memory card game of the Cambio/Cactus family, for 2 to 8 players, with the "bench"
 * and "Marmot/Tamalou" rule sets as presets and every point where they differ as an option.
 *
 * Where to look: cards.ts (the deck and card values), presets.ts (presets and options), moves.ts
 * (zod schemas), state.ts (state and events), engine.ts (setup and apply), legal.ts (legal moves,
 * who acts, deadlines, rebasing), view.ts (views and log lines), score.ts and outcome.ts (scoring),
 * help.ts (the rules as players read them).
 */
import type { Game } from '../../engine/game.js';
import { apply, setup } from './engine.js';
import { defaultMove, legalMoves, rebaseable, toAct } from './legal.js';
import { dutchMemoryMove, dutchMemoryOptions, type DutchMemoryMove } from './moves.js';
import { result } from './outcome.js';
import type { Rules } from './presets.js';
import type { DutchMemoryEvent, DutchMemoryState } from './state.js';
import { view, viewEvent } from './view.js';

export type { DutchMemoryMove } from './moves.js';
export type { Rules as DutchMemoryRules } from './presets.js';
export type { DutchMemoryEvent, DutchMemoryState } from './state.js';
export type { DutchMemoryView } from './view.js';
export type { DutchMemoryReveal } from './engine.js';
export { rulesHelp } from './help.js';

export const dutchMemory: Game<DutchMemoryState, DutchMemoryMove, Rules, DutchMemoryEvent> = {
  id: 'dutch-memory',
  name: 'Dutch (memory card game)',
  minSeats: 2,
  maxSeats: 8,
  options: dutchMemoryOptions,
  move: dutchMemoryMove,
  setup,
  apply,
  legalMoves,
  view,
  viewEvent,
  toAct,
  result,
  rebaseable,
  defaultMove,
};
