/**
 * Every code a broken rule of the memory game can carry, as one closed list. Codes are stable:
 * the API passes them on and the web page and the tests switch on them; the message beside each
 * is for people, as a catalog key (`game.dutch-memory.error.<code>`, or `.<code>.<reason>` where one
 * code has several reasons) and params (shared/i18n/games/dutch-memory). The rules build their errors only through `ruleError` and `fail` below, so a code
 * not in the list (a typo) fails to compile.
 */
import { type RuleError as EngineRuleError, ruleErrors } from '../../engine/game.js';

/** In the order the rules first use them. */
export const ERROR_CODES = [
  'game-over',
  'no-such-seat',
  'empty-position',
  'not-looking-time',
  'already-looked',
  'same-position',
  'not-started',
  'power-pending',
  'not-your-turn',
  'already-drawn',
  'deck-empty',
  'nothing-drawn',
  'no-discard-draws',
  'pile-empty',
  'too-late-to-call',
  'dutch-already-called',
  'no-power',
  'not-your-power',
  'wrong-power',
  'same-bench',
  'give-to-self',
  'not-your-card',
  'nothing-to-snap',
  'round-over',
  'unknown-discard',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A broken rule of this game: the engine's `RuleError`, its code from `ERROR_CODES`. */
export type RuleError = EngineRuleError & { readonly code: ErrorCode };

/** `ruleError` builds one as a value (checks shared by `apply` and `legalMoves`); `fail` refuses a move. */
export const { ruleError, fail } = ruleErrors(ERROR_CODES, 'game.dutch-memory.error');
