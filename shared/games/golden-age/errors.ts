/**
 * Every code a broken rule of The Dutch Golden Age can carry, as one closed list. Codes are stable:
 * the API passes them on and the web page and the tests switch on them; the words beside each
 * are catalog keys (`game.golden-age.error.<code>[.<reason>]`, shared/i18n/games/golden-age). The rules build their errors only through `ruleError` and `fail` below, so a code
 * not in the list (a typo) fails to compile.
 */
import { type RuleError as EngineRuleError, ruleErrors } from '../../engine/game.js';

/** In the order the rules first use them. */
export const ERROR_CODES = [
  'no-marker',
  'reserve-not-empty',
  'marker-not-movable',
  'wrong-action',
  'no-token',
  'cannot-convert',
  'deck-empty',
  'no-such-painting',
  'bank-short',
  'province-taken',
  'province-has-marker',
  'province-full',
  'not-merchant-box',
  'no-dice-card',
  'no-token-there',
  'not-adjacent',
  'cannot-afford',
  'guild-full',
  'own-guild',
  'need-three-tokens',
  'colony-taken',
  'no-colony-set',
  'same-space',
  'no-such-set',
  'no-active-marker',
  'not-your-province',
  'marker-used',
  'already-offered',
  'no-bidders',
  'bid-too-low',
  'bid-too-high',
  'game-over',
  'no-such-seat',
  'not-your-bid',
  'not-your-turn',
  'wrong-phase',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A broken rule of this game: the engine's `RuleError`, its code from `ERROR_CODES`. */
export type RuleError = EngineRuleError & { readonly code: ErrorCode };

/** `ruleError` builds one as a value (checks shared by `apply` and `legalMoves`); `fail` refuses a move. */
export const { ruleError, fail } = ruleErrors(ERROR_CODES, 'game.golden-age.error');

/** The key of one reason of a code that has several (`ruleError(code, params, reason(code, 'guild'))`). */
export const reason = (code: ErrorCode, why: string): string => `game.golden-age.error.${code}.${why}`;
