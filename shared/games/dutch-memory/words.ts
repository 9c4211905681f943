/**
 * The words of the memory game's refusals and results, without the words: catalog keys
 * (shared/i18n/games/dutch-memory) and their parameters. The rules and the view build what they say
 * only through these and `viewEvent` (view.ts); nothing here is in a language.
 *
 * A card is named by its rank and suit symbol as printed on its face ("7♥", "Q♠"): the letters of the
 * court cards and the ace are words of the catalog (`card.letter.*`), the numbers and symbols are not.
 */
import type { Param, Params, Seat, Words } from '../../engine/game.js';
import { ALL_CARDS, cardInfo } from './cards.js';
import type { Pending } from './state.js';

export const WORDS = 'game.dutch-memory';

const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' } as const;
const LETTERS = new Set(['A', 'J', 'Q', 'K']);

/** A card as the log names it: "7♥", "Q♠". */
export function cardWords(id: string): Words {
  const { rank, suit } = cardInfo(id);
  return {
    key: `${WORDS}.card.label`,
    params: { rank: LETTERS.has(rank) ? { key: `${WORDS}.card.letter.${rank}` } : rank, suit: SUIT_SYMBOLS[suit] },
  };
}

/** Several cards one after another, as a caller's bonus or penalty cards are listed: "7♥ K♠". */
export function cardsWords(ids: readonly string[]): Param {
  const [first, ...rest] = ids;
  if (first === undefined) return '';
  return rest.length === 0 ? cardWords(first) : { key: `${WORDS}.card.then`, params: { card: cardWords(first), rest: cardsWords(rest) } };
}

/** A seat as a parameter. */
export const seatRef = (seat: Seat) => ({ seat });

/**
 * Whose card a log line speaks of, seen from the acting seat: `{own}` is `self` (their own) or
 * `other`, then `{owner}` names the owner (prefix `a`/`b` when a line names two cards).
 */
export function whoseParams(owner: Seat, actor: Seat, prefix = ''): Params {
  return { [`${prefix}own`]: owner === actor ? 'self' : 'other', [`${prefix}owner`]: seatRef(owner) };
}

/** The refusal of a move that is not the power waiting for the player, naming that one: `fail`'s params and key. */
export function wrongPower(p: Pending): [params: Params | undefined, key: string] {
  if (p.kind === 'give-back') return [undefined, `${WORDS}.error.wrong-power.give-back`];
  return [{ card: cardWords(ALL_CARDS[p.card] as string) }, `${WORDS}.error.wrong-power.${p.kind}`];
}

/**
 * A finished game's result: one winner (who may have won on the final round's score when totals were
 * level), or several sharing it.
 */
export function outcomeWords(winners: readonly Seat[], points: number, tieBroken: boolean): Words {
  if (winners.length === 1) {
    return { key: `${WORDS}.outcome.${tieBroken ? 'win-on-last-round' : 'win'}`, params: { winner: seatRef(winners[0] as Seat), points } };
  }
  return { key: `${WORDS}.outcome.shared`, params: { winners: { list: winners.map(seatRef) }, points } };
}
