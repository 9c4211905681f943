/**
 * The state in readable form: cards by id, each bench card an object with the list of seats that
 * have seen it. It is how states were stored before the compact form (format 1, no `format`
 * field), so every function that takes a state accepts it too (`current`), and it is what tests
 * build positions in and read them from. Converting either way keeps every fact: the two forms
 * hold the same match.
 */
import type { Seat } from '../../engine/game.js';
import { shuffleSteps } from '../../engine/random.js';
import { ALL_CARDS, cardIndex, type CardId } from './cards.js';
import type { DutchMemoryState, Pending, Slot } from './state.js';
import { EMPTY, SEAT_SETS, SEEN, slotCard, seenMask } from './state.js';

export interface PlainBenchCard {
  readonly card: CardId;
  /** Seats that have seen this card, ascending. */
  readonly seenBy: readonly Seat[];
}

export interface PlainPileCard {
  readonly card: CardId;
  readonly serial: number;
  readonly at: number;
  readonly closed: boolean;
}

export type PlainPending =
  | { readonly kind: 'peek' | 'swap' | 'give'; readonly seat: Seat; readonly card: CardId }
  | { readonly kind: 'give-back'; readonly seat: Seat; readonly to: Seat };

/** Everything in `DutchMemoryState`, with cards by id. */
export interface PlainState extends Omit<DutchMemoryState, 'format' | 'deck' | 'unshuffled' | 'pile' | 'benches' | 'turn' | 'pending'> {
  readonly deck: readonly CardId[];
  /** As in `DutchMemoryState`; left out (states stored before it, positions built by hand): 0, the deck is in place. */
  readonly unshuffled?: number;
  readonly pile: readonly PlainPileCard[];
  readonly benches: readonly (readonly (PlainBenchCard | null)[])[];
  readonly turn: Omit<DutchMemoryState['turn'], 'held'> & { readonly held: CardId | null };
  readonly pending: readonly PlainPending[];
}

/** The seats that have seen the card in a bench position, ascending (a shared, frozen list). */
export const seenList = (slot: Slot): readonly Seat[] => SEAT_SETS[seenMask(slot)] as readonly Seat[];

const id = (card: number): CardId => ALL_CARDS[card] as CardId;

export function toPlain(state: DutchMemoryState): PlainState {
  const { format: _format, ...rest } = state;
  return {
    ...rest,
    deck: state.deck.map(id),
    pile: state.pile.map((p) => ({ card: id(p.card), serial: p.serial, at: p.at, closed: p.closed })),
    benches: state.benches.map((bench) =>
      bench.map((slot) => (slot === EMPTY ? null : { card: id(slotCard(slot)), seenBy: seenList(slot) })),
    ),
    turn: { ...state.turn, held: state.turn.held === null ? null : id(state.turn.held) },
    pending: state.pending.map((p): PlainPending => (p.kind === 'give-back' ? p : { kind: p.kind, seat: p.seat, card: id(p.card) })),
  };
}

export function fromPlain(plain: PlainState): DutchMemoryState {
  const mask = (seenBy: readonly Seat[]) => seenBy.reduce((m, s) => m | (1 << s), 0);
  return {
    format: 2,
    rules: plain.rules,
    seats: plain.seats,
    phase: plain.phase,
    round: plain.round,
    dealer: plain.dealer,
    deck: plain.deck.map(cardIndex),
    unshuffled: plain.unshuffled ?? 0,
    pile: plain.pile.map((p) => ({ card: cardIndex(p.card), serial: p.serial, at: p.at, closed: p.closed })),
    aside: plain.aside,
    benches: plain.benches.map((bench) => bench.map((b) => (b === null ? EMPTY : cardIndex(b.card) + SEEN * mask(b.seenBy)))),
    looked: plain.looked,
    turn: { ...plain.turn, held: plain.turn.held === null ? null : cardIndex(plain.turn.held) },
    pending: plain.pending.map((p): Pending => (p.kind === 'give-back' ? p : { kind: p.kind, seat: p.seat, card: cardIndex(p.card) })),
    caller: plain.caller,
    nextSerial: plain.nextSerial,
    roundFirstSerial: plain.roundFirstSerial,
    totals: plain.totals,
    history: plain.history,
    rng: plain.rng,
  };
}

/**
 * The readable form with the deck's shuffle carried out to the end (`unshuffled` 0): the form in
 * which two states holding the same match compare equal, whether stored by this engine (shuffling
 * as it deals), or by the earlier one (readable form, whole deck shuffled at the deal).
 */
export function canonical(state: DutchMemoryState | PlainState): PlainState {
  const s = current(state);
  if (s.unshuffled === 0) return toPlain(s);
  const deck = s.deck.slice();
  const rng = shuffleSteps(s.rng, deck, s.unshuffled - 1, 1);
  return toPlain({ ...s, deck, unshuffled: 0, rng });
}

/** The state in compact form: as it is, or converted from a state stored in the readable form. */
export function current(state: DutchMemoryState | PlainState): DutchMemoryState {
  return (state as DutchMemoryState).format === 2 ? (state as DutchMemoryState) : fromPlain(state as PlainState);
}
