/**
 * Every code a broken rule of the auction game can carry, as one closed list. Codes are stable:
 * the API passes them on and the web page and the tests switch on them; the words for people are a
 * catalog key (`game.dutch-auction.error.<code>[.<variant>]`, shared/i18n/games/dutch-auction) and params. The rules build their errors only through `ruleError` and `fail` below, so a code
 * not in the list (a typo) fails to compile.
 */
import { type RuleError as EngineRuleError, ruleErrors } from '../../engine/game.js';

/** In the order the rules first use them. */
export const ERROR_CODES = [
  'wrong-phase',
  'not-your-turn',
  'stale-round',
  'already-committed',
  'empty-hand',
  'set-aside-required',
  'not-in-hand',
  'set-aside-in-bid',
  'duplicate-card',
  'bid-whole-hand',
  'bid-too-large',
  'unknown-card',
  'play-first',
  'not-in-bid',
  'not-a-power-card',
  'wrong-power',
  'bid-for-value',
  'power-used',
  'bad-move',
  'source-required',
  'wrong-source',
  'not-in-pile',
  'suit-mismatch',
  'steal-winner-only',
  'not-in-opponent-bid',
  'bad-target',
  'suit-required',
  'same-suit',
  'not-in-edition',
  'empty-slot',
  'wrong-payment',
  'must-buy-one-cost',
  'no-such-seat',
  'game-over',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A broken rule of this game: the engine's `RuleError`, its code from `ERROR_CODES`. */
export type RuleError = EngineRuleError & { readonly code: ErrorCode };

/** `ruleError` builds one as a value (checks shared by `apply` and `legalMoves`); `fail` refuses a move. */
export const { ruleError, fail } = ruleErrors(ERROR_CODES, 'game.dutch-auction.error');
