/**
 * What each viewer may see of a match, and the log as each viewer may read it.
 *
 * Hidden: the opponent's hand, set-aside card and sealed bid; the opponent's personal deck and
 * discards (sizes only); the order of every deck; the auction deck (size only); the PRNG.
 * Visible to all: the display, the auction discards, bids once revealed, cashed-in cards.
 * Visible to the owner only: their hand, their sealed choice, their discards, and the contents of
 * their personal deck (sorted, so its order never shows).
 *
 * Log lines hold no words: a catalog key (`game.dutch-auction.log.<event>[.<variant>]`) and params —
 * seats as `{ seat }`, cards as nested keys (`game.dutch-auction.card.<id>`, so an id in a line is
 * one its viewer may see), lists of cards as lists. shared/i18n/games/dutch-auction words them.
 */
import type { KeyRef, LogEntry, Outcome, Param, Params, Seat, SeatRef, Viewer } from '../../engine/game.js';
import { type CardId, type Edition, type Source, type Suit, cardInfo, cardList, cardWords, sortCards, suitWords } from './cards.js';
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

const K = 'game.dutch-auction.log';
const seatRef = (seat: Seat): SeatRef => ({ seat });
/** A log line's words: `game.dutch-auction.log.<key>` and its params. */
const line = (type: string, key: string, params: Params, extra: { seat?: Seat; data?: unknown } = {}): LogEntry => ({
  type,
  key: `${K}.${key}`,
  params,
  ...extra,
});
/** The piles a "take" draws from, as the log names them ("the auction discards", "their own discards"). */
const pileWords = (from: Source | undefined): KeyRef => ({ key: `game.dutch-auction.pile.${from ?? 'any'}` });

function powerLine(e: Extract<DutchAuctionEvent, { type: 'power' }>): LogEntry {
  const params: Record<string, Param> = { seat: seatRef(e.seat), card: cardWords(e.card), target: cardWords(e.target) };
  if (e.power === 'change-suit' && e.suit) params.suit = suitWords(e.suit);
  if (e.power === 'take') params.from = pileWords(e.from);
  return line(e.type, `power.${e.power}`, params, {
    seat: e.seat,
    data: {
      card: e.card,
      power: e.power,
      target: e.target,
      ...(e.from !== undefined ? { from: e.from } : {}),
      ...(e.suit !== undefined ? { suit: e.suit } : {}),
    },
  });
}

function revealedLine(e: Extract<DutchAuctionEvent, { type: 'revealed' }>): LogEntry {
  const params: Params = {
    seat0: seatRef(0),
    seat1: seatRef(1),
    bid0: cardList(e.bids[0]),
    count0: e.bids[0].length,
    total0: e.totals[0],
    bid1: cardList(e.bids[1]),
    count1: e.bids[1].length,
    total1: e.totals[1],
    kept0: e.keptBack[0],
    kept1: e.keptBack[1],
  };
  const kept = e.keptBack[0] + e.keptBack[1] > 0;
  return line(e.type, kept ? 'revealed.keptBack' : 'revealed', params, { data: { bids: e.bids, totals: e.totals, keptBack: e.keptBack } });
}

function purchasedLine(e: Extract<DutchAuctionEvent, { type: 'purchased' }>): LogEntry {
  const where = e.toPersonal.length && e.toAuction.length ? 'both' : e.toPersonal.length ? 'own' : 'auction';
  return line(
    e.type,
    `purchased.${where}`,
    { seat: seatRef(e.seat), card: cardWords(e.card), slot: e.slot, own: cardList(e.toPersonal), auction: cardList(e.toAuction) },
    { seat: e.seat, data: { slot: e.slot, card: e.card, toPersonal: e.toPersonal, toAuction: e.toAuction } },
  );
}

function doneLine(e: Extract<DutchAuctionEvent, { type: 'done' }>, viewer: Viewer): LogEntry {
  const own = viewer === e.seat;
  const variant = e.keptBack.length === 0 ? 'done' : own ? 'done.keptOwn' : 'done.kept';
  const params: Record<string, Param> = {
    seat: seatRef(e.seat),
    discarded: cardList(e.discarded),
    count: e.discarded.length,
    kept: e.keptBack.length,
  };
  if (own) params.keptCards = cardList(e.keptBack);
  return line(e.type, variant, params, { seat: e.seat, data: { discarded: e.discarded, keptBack: own ? e.keptBack : e.keptBack.length } });
}

function tieCardsLine(e: Extract<DutchAuctionEvent, { type: 'tie-cards' }>): LogEntry {
  const part = (s: 0 | 1): KeyRef => {
    const c = e.added[s];
    return c === null
      ? { key: `${K}.tie-cards.none`, params: { seat: seatRef(s) } }
      : { key: `${K}.tie-cards.added`, params: { seat: seatRef(s), card: cardWords(c) } };
  };
  return line(
    e.type,
    'tie-cards',
    { part0: part(0), part1: part(1), total0: e.totals[0], total1: e.totals[1] },
    { data: { added: e.added, totals: e.totals } },
  );
}

function gameOverLine(e: Extract<DutchAuctionEvent, { type: 'game-over' }>): LogEntry {
  const data = { scores: e.scores, winners: e.winners };
  if (e.winners.length === 2) return line(e.type, 'game-over.shared', { score: e.scores[0] }, { data });
  const params = { seat0: seatRef(0), seat1: seatRef(1), score0: e.scores[0], score1: e.scores[1], winner: seatRef(e.winners[0] as Seat) };
  return line(e.type, 'game-over', params, { data });
}

/** A log line for `viewer`, as words (`game.dutch-auction.log.*`). Card ids reach a viewer only for cards that viewer may see. */
export function viewEvent(e: DutchAuctionEvent, viewer: Viewer): LogEntry | null {
  switch (e.type) {
    case 'committed':
      if (viewer === e.seat) {
        const params = { seat: seatRef(e.seat), bid: cardList(e.bid), count: e.bid.length };
        return e.setAside === null
          ? line(e.type, 'committed.ownNothing', params, { seat: e.seat, data: { setAside: e.setAside, bid: e.bid } })
          : line(
              e.type,
              'committed.own',
              { ...params, card: cardWords(e.setAside) },
              { seat: e.seat, data: { setAside: e.setAside, bid: e.bid } },
            );
      }
      return line(e.type, 'committed', { seat: seatRef(e.seat) }, { seat: e.seat });
    case 'revealed':
      return revealedLine(e);
    case 'reshuffled':
      return line(
        e.type,
        e.when === 'tie' ? 'reshuffled.tie' : 'reshuffled',
        { seat: seatRef(e.seat), count: e.count },
        { seat: e.seat, data: { count: e.count, when: e.when } },
      );
    case 'tie-cards':
      return tieCardsLine(e);
    case 'tie-toss':
      return line(e.type, 'tie-toss', { seat: seatRef(e.winner) }, { seat: e.winner });
    case 'bid-won':
      // The winner's total first, whichever seat won.
      return line(
        e.type,
        'bid-won',
        { seat: seatRef(e.winner), total: e.totals[e.winner] as number, other: e.totals[1 - e.winner] as number },
        { seat: e.winner, data: { totals: e.totals } },
      );
    case 'played':
      return line(e.type, 'played', { seat: seatRef(e.seat), card: cardWords(e.card) }, { seat: e.seat, data: { card: e.card } });
    case 'power':
      return powerLine(e);
    case 'purchased':
      return purchasedLine(e);
    case 'done':
      return doneLine(e, viewer);
    case 'restocked':
      return line(
        e.type,
        'restocked',
        { added: e.added, left: e.deckCount },
        { data: { display: e.display, added: e.added, deckCount: e.deckCount } },
      );
    case 'drew':
      if (viewer === e.seat) {
        return line(
          e.type,
          'drew.own',
          { seat: seatRef(e.seat), cards: cardList(e.cards), count: e.cards.length },
          { seat: e.seat, data: { cards: e.cards } },
        );
      }
      return line(e.type, 'drew', { seat: seatRef(e.seat), count: e.cards.length }, { seat: e.seat, data: { count: e.cards.length } });
    case 'game-over':
      return gameOverLine(e);
  }
}
