/**
 * What each viewer may see of a match, and the log as each viewer may read it.
 *
 * Hidden: the opponent's hand, set-aside card and sealed bid; the opponent's personal deck and
 * discards (sizes only); the order of every deck; the auction deck (size only); the PRNG.
 * Visible to all: the display, the auction discards, bids once revealed, cashed-in cards.
 * Visible to the owner only: their hand, their sealed choice, their discards, and the contents of
 * their personal deck (sorted, so its order never shows).
 */
import type { LogEntry, Outcome, Seat, Viewer } from '../../engine/game.js';
import { type CardId, type Edition, type PowerName, type Source, type Suit, cardInfo, cardName, sortCards } from './cards.js';
import { effectiveSuit, mustBuyOneCost, result, toAct } from './rules.js';
import type { DutchAuctionEvent, DutchAuctionState, Phase, Sealed } from './state.js';

export interface BidCardView {
  id: CardId;
  /** The suit it counts as now. */
  suit: Suit;
  /** True when a "change suit" power has altered it this round. */
  changed: boolean;
  /** Activations still available. */
  charges: number;
  /** Counts as a power card in play (may be duplicated, 2018; always true for current power cards). */
  powered: boolean;
}

export interface SeatView {
  seat: Seat;
  /** During phases 1–2: has sealed a choice (its content stays hidden). */
  committed: boolean;
  handCount: number;
  deckCount: number;
  discardsCount: number;
  cashedIn: CardId[];
  /** The revealed bid (offering) during phase 3; empty before the reveal. */
  bid: BidCardView[];
  /** The bid's total bid value as revealed (after any tie cards); null before the reveal. */
  bidTotal: number | null;
  purchases: number;
  done: boolean;
}

export interface OwnView {
  seat: Seat;
  hand: CardId[];
  /** The contents of one's personal deck, sorted (its order is unknown even to its owner). */
  deck: CardId[];
  /** The card one set aside this round, while it still lies on top of one's deck. */
  setAside: CardId | null;
  discards: CardId[];
  /** One's sealed choice, before the reveal. */
  sealed: Sealed | null;
  /** Phase 3: "done" is refused until the card in position 1 is bought. */
  mustBuyOneCost: boolean;
}

export interface DutchAuctionView {
  game: 'dutch-auction';
  edition: Edition;
  round: number;
  phase: Phase;
  viewer: Viewer;
  toAct: Seat[];
  bidWinner: Seat | null;
  /** Whose phase 3 turn it is. */
  active: Seat | null;
  tieTossed: boolean;
  previous: DutchAuctionState['previous'];
  auction: {
    deckCount: number;
    /** Positions 1..6; `cost` equals the position. */
    display: { slot: number; cost: number; card: CardId | null }[];
    discards: CardId[];
  };
  /** The auction deck is exhausted: the game ends after a round with no purchases or an empty display. */
  finalRounds: boolean;
  seats: SeatView[];
  you: OwnView | null;
  result: Outcome | null;
}

export function view(state: DutchAuctionState, viewer: Viewer): DutchAuctionView {
  const edition = state.edition;
  const revealed = state.phase !== 'commit';
  const seats: SeatView[] = state.seats.map((p, seat) => ({
    seat,
    committed: p.sealed !== null,
    handCount: p.hand.length,
    deckCount: p.deck.length,
    discardsCount: p.discards.length,
    cashedIn: sortCards(edition, p.cashedIn),
    bid: p.bid.map((c) => ({
      id: c.id,
      suit: effectiveSuit(edition, c),
      changed: c.suit !== null && c.suit !== cardInfo(edition, c.id).suit,
      charges: c.charges,
      powered: c.powered,
    })),
    bidTotal: revealed && state.bidTotals ? state.bidTotals[seat === 0 ? 0 : 1] : null,
    purchases: p.purchases,
    done: p.done,
  }));
  let you: OwnView | null = null;
  const me = viewer === null ? undefined : state.seats[viewer];
  if (viewer !== null && me) {
    you = {
      seat: viewer,
      hand: me.hand.slice(),
      deck: sortCards(edition, me.deck),
      setAside: me.setAside,
      discards: me.discards.slice(),
      sealed: me.sealed ? { setAside: me.sealed.setAside, bid: me.sealed.bid.slice() } : null,
      mustBuyOneCost: mustBuyOneCost(state, viewer),
    };
  }
  return {
    game: 'dutch-auction',
    edition,
    round: state.round,
    phase: state.phase,
    viewer,
    toAct: toAct(state),
    bidWinner: state.bidWinner,
    active: state.active,
    tieTossed: state.tieTossed,
    previous: state.previous,
    auction: {
      deckCount: state.auctionDeck.length,
      display: state.display.map((card, i) => ({ slot: i + 1, cost: i + 1, card })),
      discards: state.auctionDiscards.slice(),
    },
    finalRounds: state.auctionDeck.length === 0,
    seats,
    you,
    result: result(state),
  };
}

const names = (ids: readonly CardId[]): string => (ids.length === 0 ? 'nothing' : ids.map(cardName).join(', '));
const cards = (n: number): string => `${n} card${n === 1 ? '' : 's'}`;

const SOURCE_WORDS: Record<Source, string> = {
  'auction-discards': 'the auction discards',
  'personal-discards': 'their own discards',
  display: 'the auction display',
};

function powerText(e: Extract<DutchAuctionEvent, { type: 'power' }>): string {
  const who = `{${e.seat}}`;
  const by = `with the ${cardName(e.card)}`;
  const verbs: Record<PowerName, string> = {
    'cash-in': `${who} cashed in the ${cardName(e.target)} ${by}.`,
    'change-suit': `${who} turned the ${cardName(e.target)} ${e.suit ?? ''} for this round ${by}.`,
    take: `${who} took the ${cardName(e.target)} from ${e.from ? SOURCE_WORDS[e.from] : 'a pile'} into their bid ${by}.`,
    steal: `${who} stole the ${cardName(e.target)} from their opponent's bid ${by}.`,
    duplicate: `${who} gave the ${cardName(e.target)} one more activation ${by}.`,
  };
  return verbs[e.power];
}

/** A log line for `viewer`. Card ids reach a viewer only for cards that viewer may see. */
export function viewEvent(e: DutchAuctionEvent, viewer: Viewer): LogEntry | null {
  switch (e.type) {
    case 'committed':
      if (viewer === e.seat) {
        const aside = e.setAside === null ? 'nothing' : `the ${cardName(e.setAside)}`;
        return {
          type: e.type,
          seat: e.seat,
          text: `{${e.seat}} set aside ${aside} and sealed a bid of ${names(e.bid)}.`,
          data: { setAside: e.setAside, bid: e.bid },
        };
      }
      return { type: e.type, seat: e.seat, text: `{${e.seat}} has sealed a set-aside card and a bid.` };
    case 'revealed':
      return {
        type: e.type,
        text:
          `Bids revealed: {0} bid ${names(e.bids[0])} (${e.totals[0]}); {1} bid ${names(e.bids[1])} (${e.totals[1]}).` +
          (e.keptBack[0] + e.keptBack[1] > 0 ? ` Kept back in hand: {0} ${cards(e.keptBack[0])}, {1} ${cards(e.keptBack[1])}.` : ''),
        data: { bids: e.bids, totals: e.totals, keptBack: e.keptBack },
      };
    case 'reshuffled':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} shuffled ${cards(e.count)} of discards into a new personal deck${e.when === 'tie' ? ' to break the tie' : ''}.`,
        data: { count: e.count, when: e.when },
      };
    case 'tie-cards': {
      const part = (s: 0 | 1): string => {
        const c = e.added[s];
        return c === null ? `{${s}} had no card to add` : `{${s}} added the ${cardName(c)}`;
      };
      return {
        type: e.type,
        text: `Tied bids: ${part(0)}, ${part(1)}. Totals now ${e.totals[0]} and ${e.totals[1]}.`,
        data: { added: e.added, totals: e.totals },
      };
    }
    case 'tie-toss':
      return {
        type: e.type,
        seat: e.winner,
        text: `Neither player had a card left to add to the tied bids; a coin toss gives the bid to {${e.winner}}.`,
      };
    case 'bid-won':
      return {
        type: e.type,
        seat: e.winner,
        // The winner's total first, whichever seat won.
        text: `{${e.winner}} wins the bid (${e.totals[e.winner]} to ${e.totals[1 - e.winner]}) and acts first.`,
        data: { totals: e.totals },
      };
    case 'played':
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} played the ${cardName(e.card)} from hand for its power.`,
        data: { card: e.card },
      };
    case 'power':
      return {
        type: e.type,
        seat: e.seat,
        text: powerText(e),
        data: {
          card: e.card,
          power: e.power,
          target: e.target,
          ...(e.from !== undefined ? { from: e.from } : {}),
          ...(e.suit !== undefined ? { suit: e.suit } : {}),
        },
      };
    case 'purchased': {
      const where: string[] = [];
      if (e.toPersonal.length) where.push(`${names(e.toPersonal)} to their discards`);
      if (e.toAuction.length) where.push(`${names(e.toAuction)} to the auction discards`);
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} bought the ${cardName(e.card)} from position ${e.slot}, paying ${where.join(' and ')}.`,
        data: { slot: e.slot, card: e.card, toPersonal: e.toPersonal, toAuction: e.toAuction },
      };
    }
    case 'done': {
      const kept =
        e.keptBack.length === 0
          ? ''
          : viewer === e.seat
            ? ` The unplayed ${names(e.keptBack)} from hand went to their discards too.`
            : ` ${cards(e.keptBack.length)} kept back in hand went to their discards too.`;
      return {
        type: e.type,
        seat: e.seat,
        text: `{${e.seat}} finished, putting ${names(e.discarded)} from the bid into their discards.${kept}`,
        data: { discarded: e.discarded, keptBack: viewer === e.seat ? e.keptBack : e.keptBack.length },
      };
    }
    case 'restocked':
      return {
        type: e.type,
        text: `The display slid down and ${cards(e.added)} came from the auction deck (${e.deckCount} left).`,
        data: { display: e.display, added: e.added, deckCount: e.deckCount },
      };
    case 'drew':
      if (viewer === e.seat) {
        return { type: e.type, seat: e.seat, text: `{${e.seat}} drew ${names(e.cards)}.`, data: { cards: e.cards } };
      }
      return { type: e.type, seat: e.seat, text: `{${e.seat}} drew ${cards(e.cards.length)}.`, data: { count: e.cards.length } };
    case 'game-over': {
      const text =
        e.winners.length === 2
          ? `The game is over: a shared win at ${e.scores[0]} VP each.`
          : `The game is over: {0} scored ${e.scores[0]} VP and {1} scored ${e.scores[1]} VP; {${e.winners[0]}} wins.`;
      return { type: e.type, text, data: { scores: e.scores, winners: e.winners } };
    }
  }
}
