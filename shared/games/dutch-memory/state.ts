/**
 * The state of a match and the events its moves produce. Plain JSON all the way down, kept compact
 * for speed (a bot's search plays thousands of random games per move): in the state a card is a
 * small integer, its place in `ALL_CARDS` (0–51), and a bench position is one integer holding the
 * card and who has seen it. Events, views and score sheets name cards by id (`7H`); `plain.ts`
 * turns a state into the readable form (ids and seat lists) and back, which is also the form
 * states were stored in before (format 1), still accepted everywhere a state is.
 *
 * Where the cards are: every one of the 52 cards is, at any moment, in exactly one of
 * `deck`, `pile`, a bench position, `turn.held` (the card a player has drawn and not yet placed) or
 * `aside` (the caller's bonus or penalty cards, face up, between the end of a round and the deal).
 * Cards drawn for a penalty or a power come from the same deck; when the deck runs out, the discard
 * pile except its top card is shuffled into a new deck.
 *
 * Who knows what: each face-down card on a bench carries the seats that have legitimately looked
 * at it (their starting look, a Queen's peek, drawing it, a failed snap shown to the table, taking
 * it from the face-up pile). The mark travels with the card when a Jack moves it, because the whole
 * table sees which positions were swapped.
 */
import type { Rng } from '../../engine/random.js';
import type { Seat } from '../../engine/game.js';
import type { CardId } from './cards.js';
import type { Rules } from './presets.js';

/** A card in the state: its place in `ALL_CARDS` (0–51). */
export type Card = number;

/**
 * A bench position: `EMPTY`, or the card plus `SEEN` times the seen-by mask (bit s: seat s has
 * seen the card; at most 8 seats). A card nobody has seen is just its number.
 */
export type Slot = number;
export const EMPTY: Slot = -1;
export const SEEN = 64;
export const slotCard = (slot: Slot): Card => slot & 63;
/** The seen-by mask of a position (0 for an empty one). */
export const seenMask = (slot: Slot): number => (slot < 0 ? 0 : slot >> 6);
export const hasSeen = (slot: Slot, seat: Seat): boolean => slot >= 0 && ((slot >> 6) & (1 << seat)) !== 0;

/**
 * Every set of seats (at most 8) as its ascending list, by bitmask, shared and frozen: a seen-by
 * mask read as a list, and the lists `toAct` hands out.
 */
export const SEAT_SETS: readonly (readonly Seat[])[] = Array.from({ length: 256 }, (_, mask) => {
  const seats: Seat[] = [];
  for (let s = 0; s < 8; s++) if (mask & (1 << s)) seats.push(s);
  return Object.freeze(seats);
});

/** A bench keeps its positions for the whole round. */
export type Bench = readonly Slot[];

export interface PileCard {
  readonly card: Card;
  /** Numbered across the whole match (never reused), so a snap can name the discard it meant. */
  readonly serial: number;
  /** Server time (ms) when the card landed; used by the optional minimum snap window. */
  readonly at: number;
  /**
   * No longer snappable: it was itself snapped onto the pile, or it has been snapped already.
   * A card that is simply covered is not marked; the pile order says it is no longer on top.
   */
  readonly closed: boolean;
}

export type PowerName = 'peek' | 'swap' | 'give';

/**
 * Something a seat must resolve before play goes on, in the order the cards were discarded.
 * `give-back` is the optional snap-others rule: after snapping `to`'s card, hand them one of yours.
 */
export type Pending =
  | { readonly kind: PowerName; readonly seat: Seat; readonly card: Card }
  | { readonly kind: 'give-back'; readonly seat: Seat; readonly to: Seat };

export type Step = 'start' | 'drawn' | 'done';

export interface Turn {
  readonly seat: Seat;
  /** start: may draw, take the discard or call Dutch; drawn: holds `held`; done: waits on powers. */
  readonly step: Step;
  readonly held: Card | null;
  /** This turn put a Queen on the pile (for the optional "last Queen" rule). */
  readonly placedQueen: boolean;
}

export type RoundEnd = 'dutch' | 'bench-emptied' | 'deck-empty';

/** One round's score sheet; public once the round is over. */
export interface RoundRecord {
  readonly round: number;
  readonly dealer: Seat;
  readonly caller: Seat | null;
  readonly reason: RoundEnd;
  /** Every seat's cards at the end, in position order (empty positions left out). */
  readonly benches: readonly (readonly CardId[])[];
  /** Points on each bench. */
  readonly sums: readonly number[];
  /** Was the caller lowest (null: nobody called)? */
  readonly callerLowest: boolean | null;
  /** Bonus or penalty cards the caller drew at the end, and what they did to the caller's score. */
  readonly callerCards: readonly CardId[];
  readonly callerDelta: number;
  /** Round score per seat (sums plus the caller's adjustment) and the running totals after it. */
  readonly scores: readonly number[];
  readonly totals: readonly number[];
}

export interface DutchMemoryState {
  /** 2: the compact form above. States stored without it are in the readable form (`plain.ts`). */
  readonly format: 2;
  readonly rules: Rules;
  readonly seats: number;
  readonly phase: 'look' | 'play' | 'over';
  readonly round: number;
  readonly dealer: Seat;
  /** Face down; the top card is the last element. */
  readonly deck: readonly Card[];
  /**
   * The deck is shuffled as it is dealt from: its bottom `unshuffled` cards are not in place yet,
   * and each is put in place (one step of Fisher–Yates, `shuffleSteps`) just before it is drawn.
   * The cards come out exactly as from the whole deck shuffled at once; the part nobody draws is
   * never arranged. 0: the whole deck is in place.
   */
  readonly unshuffled: number;
  /** Face up; the top card is the last element. */
  readonly pile: readonly PileCard[];
  /** Face up beside the caller after the round's count (the score sheet's list); gathered up by the next deal. */
  readonly aside: readonly CardId[];
  readonly benches: readonly Bench[];
  /** Start of round: who has taken their look at two cards. */
  readonly looked: readonly boolean[];
  readonly turn: Turn;
  readonly pending: readonly Pending[];
  readonly caller: Seat | null;
  /** Serial the next discard gets; serials below `roundFirstSerial` belong to earlier rounds. */
  readonly nextSerial: number;
  readonly roundFirstSerial: number;
  readonly totals: readonly number[];
  readonly history: readonly RoundRecord[];
  readonly rng: Rng;
}

/**
 * Positions in events are 0-based; `viewEvent` shows them 1-based. Events hold public facts only,
 * except the card of a late snap, which `viewEvent` leaves out.
 */
export type DutchMemoryEvent =
  | { readonly type: 'round-started'; readonly round: number; readonly dealer: Seat }
  | { readonly type: 'looked'; readonly seat: Seat; readonly slots: readonly number[] }
  | { readonly type: 'opening-discard'; readonly card: CardId; readonly serial: number }
  | { readonly type: 'drew'; readonly seat: Seat }
  | { readonly type: 'discarded'; readonly seat: Seat; readonly card: CardId; readonly serial: number }
  | {
      readonly type: 'exchanged';
      readonly seat: Seat;
      readonly slot: number;
      readonly discarded: CardId;
      readonly serial: number;
      /** Set when the card put on the bench came face up from the pile. */
      readonly took: CardId | null;
    }
  | { readonly type: 'called-dutch'; readonly seat: Seat; readonly automatic: boolean }
  | { readonly type: 'power'; readonly seat: Seat; readonly power: PowerName; readonly card: CardId }
  | { readonly type: 'peeked'; readonly seat: Seat; readonly at: { seat: Seat; slot: number } }
  | {
      readonly type: 'swapped';
      readonly seat: Seat;
      readonly a: { seat: Seat; slot: number };
      readonly b: { seat: Seat; slot: number };
    }
  | { readonly type: 'gave'; readonly seat: Seat; readonly to: Seat; readonly slot: number }
  | { readonly type: 'gave-back'; readonly seat: Seat; readonly to: Seat; readonly from: number; readonly slot: number }
  | { readonly type: 'skipped'; readonly seat: Seat; readonly what: PowerName | 'give-back' }
  | {
      readonly type: 'snapped';
      readonly seat: Seat;
      readonly owner: Seat;
      readonly slot: number;
      readonly card: CardId;
      readonly on: CardId;
      readonly serial: number;
    }
  | {
      readonly type: 'snap-failed';
      readonly seat: Seat;
      readonly owner: Seat;
      readonly slot: number;
      /** The card taken back: shown to the table after a wrong snap; never shown after a late one. */
      readonly card: CardId;
      /** wrong: no match; late: the discard it aimed at was covered, taken or already snapped. */
      readonly why: 'wrong' | 'late';
      readonly on: CardId | null;
    }
  | { readonly type: 'penalty'; readonly seat: Seat; readonly slot: number | null }
  /** Marmot: `seat`'s card was snapped by someone else; a new card from the deck took its place. */
  | { readonly type: 'replaced'; readonly seat: Seat; readonly slot: number }
  | { readonly type: 'reshuffled'; readonly cards: number }
  | {
      readonly type: 'round-ended';
      readonly round: number;
      readonly reason: RoundEnd;
      readonly emptied: Seat | null;
      readonly record: RoundRecord;
    }
  | { readonly type: 'game-ended'; readonly winners: readonly Seat[]; readonly totals: readonly number[] };
