/**
 * The state of a match of Dutch and the events its moves produce. Plain JSON only: the platform
 * stores it as is. Piles are arrays of card ids; for every deck, index 0 is the top card.
 */
import type { Seat } from '../../engine/game.js';
import type { Rng } from '../../engine/random.js';
import type { CardId, Edition, PowerName, Source, Suit } from './cards.js';

export const PHASES = ['commit', 'actions', 'over'] as const;
/**
 * 'commit': phases 1 and 2, both seats seal their set-aside card and bid at once.
 * 'actions': phase 3, the bid winner then the loser use powers and buy. Phases 4 and 5
 * (restock, draw) need no decisions and happen inside the move that ends phase 3.
 */
export type Phase = (typeof PHASES)[number];

/** A card lying in a player's bid (the 2018 edition calls the bid plus played powers the offering). */
export interface BidCard {
  id: CardId;
  /** The suit given by a "change suit" power this round; null = its printed suit. */
  suit: Suit | null;
  /** Activations still available to this card this round. */
  charges: number;
  /**
   * 2018 edition: the card entered the offering for its power (played from hand or taken by a
   * power), so it counts as an activated power card that a duplicate may target. Bid cards
   * never do. Current edition: true for power cards.
   */
  powered: boolean;
}

/** A seat's sealed choice for phases 1 and 2, hidden from everyone else until both have one. */
export interface Sealed {
  setAside: CardId | null;
  bid: CardId[];
}

export interface SeatState {
  /** Personal deck, top first. Its order is known to nobody; its contents to its owner. */
  deck: CardId[];
  hand: CardId[];
  /** Personal discards, hidden from the opponent. */
  discards: CardId[];
  /** Cards removed from play by a "cash in" power: still scored, visible to all. */
  cashedIn: CardId[];
  /** The bid / offering during phase 3 (empty otherwise). Public once revealed. */
  bid: BidCard[];
  sealed: Sealed | null;
  /** The card this seat set aside this round while it still lies on top of its deck. */
  setAside: CardId | null;
  /** Purchases made this round. */
  purchases: number;
  /** Has finished phase 3 this round. */
  done: boolean;
}

export interface DutchAuctionState {
  game: 'dutch-auction';
  edition: Edition;
  round: number;
  phase: Phase;
  seats: [SeatState, SeatState];
  /** Face down, top first. Only its size is public. */
  auctionDeck: CardId[];
  /** Six positions; index i holds the card costing i + 1, or null when empty. */
  display: (CardId | null)[];
  /** Face up; everyone may look through it. */
  auctionDiscards: CardId[];
  /** Winner of this round's bid (null during the commit phase). */
  bidWinner: Seat | null;
  /** Seat whose phase 3 it is (null outside phase 3). */
  active: Seat | null;
  /** Bid totals as last revealed (after any tie cards), null during the commit phase. */
  bidTotals: [number, number] | null;
  /** True when the tie could only be broken by the coin toss fallback this round. */
  tieTossed: boolean;
  /** Last round's outcome, so a page can show what just happened. */
  previous: { round: number; bidWinner: Seat; bidTotals: [number, number] } | null;
  rng: Rng;
}

export type DutchAuctionEvent =
  | { type: 'committed'; seat: Seat; setAside: CardId | null; bid: CardId[] }
  | { type: 'revealed'; bids: [CardId[], CardId[]]; totals: [number, number]; keptBack: [number, number] }
  | { type: 'reshuffled'; seat: Seat; count: number; when: 'tie' | 'draw' }
  | { type: 'tie-cards'; added: [CardId | null, CardId | null]; totals: [number, number] }
  | { type: 'tie-toss'; winner: Seat }
  | { type: 'bid-won'; winner: Seat; totals: [number, number] }
  | { type: 'played'; seat: Seat; card: CardId }
  | {
      type: 'power';
      seat: Seat;
      card: CardId;
      power: PowerName;
      target: CardId;
      from?: Source;
      suit?: Suit;
    }
  | {
      type: 'purchased';
      seat: Seat;
      slot: number;
      card: CardId;
      toPersonal: CardId[];
      toAuction: CardId[];
    }
  | { type: 'done'; seat: Seat; discarded: CardId[]; keptBack: CardId[] }
  | { type: 'restocked'; display: (CardId | null)[]; added: number; deckCount: number }
  | { type: 'drew'; seat: Seat; cards: CardId[] }
  | { type: 'game-over'; scores: [number, number]; winners: Seat[] };

/**
 * A new top-level state sharing every part with `s`. `apply` works on such a copy and replaces
 * (never edits) each array or object that a move changes, so nothing reachable from its input is
 * ever written: states share their unchanged parts, which is safe because nobody mutates a state
 * once `apply` has returned it. Written out field by field (no spreads): it runs once per move.
 */
export function shallowState(s: DutchAuctionState): DutchAuctionState {
  return {
    game: s.game,
    edition: s.edition,
    round: s.round,
    phase: s.phase,
    seats: [s.seats[0], s.seats[1]],
    auctionDeck: s.auctionDeck,
    display: s.display,
    auctionDiscards: s.auctionDiscards,
    bidWinner: s.bidWinner,
    active: s.active,
    bidTotals: s.bidTotals,
    tieTossed: s.tieTossed,
    previous: s.previous,
    rng: s.rng,
  };
}

/** Gives the copy `d` (from `shallowState`) a seat object of its own for `seat`, sharing its arrays. */
export function ownSeat(d: DutchAuctionState, seat: 0 | 1): SeatState {
  const p = d.seats[seat];
  const q: SeatState = {
    deck: p.deck,
    hand: p.hand,
    discards: p.discards,
    cashedIn: p.cashedIn,
    bid: p.bid,
    sealed: p.sealed,
    setAside: p.setAside,
    purchases: p.purchases,
    done: p.done,
  };
  d.seats[seat] = q;
  return q;
}

/** A deep copy that shares nothing with `s` (for tests and tools that edit a state in place). */
export function cloneState(s: DutchAuctionState): DutchAuctionState {
  return {
    game: s.game,
    edition: s.edition,
    round: s.round,
    phase: s.phase,
    seats: [cloneSeat(s.seats[0]), cloneSeat(s.seats[1])],
    auctionDeck: s.auctionDeck.slice(),
    display: s.display.slice(),
    auctionDiscards: s.auctionDiscards.slice(),
    bidWinner: s.bidWinner,
    active: s.active,
    bidTotals: s.bidTotals ? [s.bidTotals[0], s.bidTotals[1]] : null,
    tieTossed: s.tieTossed,
    previous: s.previous,
    rng: s.rng,
  };
}

function cloneSeat(p: SeatState): SeatState {
  const bid: BidCard[] = [];
  for (const c of p.bid) bid.push({ id: c.id, suit: c.suit, charges: c.charges, powered: c.powered });
  return {
    deck: p.deck.slice(),
    hand: p.hand.slice(),
    discards: p.discards.slice(),
    cashedIn: p.cashedIn.slice(),
    bid,
    sealed: p.sealed ? { setAside: p.sealed.setAside, bid: p.sealed.bid.slice() } : null,
    setAside: p.setAside,
    purchases: p.purchases,
    done: p.done,
  };
}
