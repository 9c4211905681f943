/**
 * The rules of Dutch: set-up, moves, turn order, the end of the game and scoring, for both
 * editions. Pure functions of the state; `apply` edits a private copy and never its input.
 */
import { appended } from '../../engine/arrays.js';
import type { Applied, KeyRef, Outcome, Params, Result, Seat } from '../../engine/game.js';
import { ok, sameRng } from '../../engine/game.js';
import { nextInt, seedRng, shuffle } from '../../engine/random.js';
import {
  type CardId,
  type Edition,
  type PowerName,
  type Source,
  type Suit,
  DISPLAY_SIZE,
  EDITION_DATA,
  HAND_SIZE,
  MAX_BID_CARDS,
  PROTO_SUIT_BONUS,
  PROTO_SUIT_BONUS_COUNT,
  SUITS,
  cardInfo,
  cardWords,
  hasPower,
  suitOf,
  isCard,
  sortCards,
  suitWords,
} from './cards.js';
import { type RuleError, fail, ruleError } from './errors.js';
import type { CommitMove, DutchAuctionMove, PlayMove, PowerMove, PurchaseMove } from './moves.js';
import {
  type BidCard,
  type DutchAuctionEvent,
  type DutchAuctionState,
  type Sealed,
  type SeatState,
  ownSeat,
  shallowState,
} from './state.js';

type Applied_ = Result<Applied<DutchAuctionState, DutchAuctionEvent>>;

const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
/** A seat's state (seats are 0 and 1; apply has checked the number). */
const seatIndex = (seat: Seat): 0 | 1 => (seat === 0 ? 0 : 1);
const at = (state: DutchAuctionState, seat: Seat): SeatState => state.seats[seatIndex(seat)];

// Small arrays are built at their final length: an array grown by `push` from empty first gets
// room for 17 items, and the engine makes a dozen such arrays per move.

/** `xs` followed by every item of `ys` and then of `zs` (concat is slow on small arrays). */
function joined<T>(xs: readonly T[], ys: readonly T[], zs: readonly T[] = []): T[] {
  const out = new Array<T>(xs.length + ys.length + zs.length);
  let k = 0;
  for (let i = 0; i < xs.length; i++) out[k++] = xs[i] as T;
  for (let i = 0; i < ys.length; i++) out[k++] = ys[i] as T;
  for (let i = 0; i < zs.length; i++) out[k++] = zs[i] as T;
  return out;
}

/** A copy of `xs` without any `x`. */
function without<T>(xs: readonly T[], x: T): T[] {
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i] !== x) n++;
  const out = new Array<T>(n);
  let k = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i] !== x) out[k++] = xs[i] as T;
  return out;
}

/** A copy of a bid without the card `id`. */
function withoutBidCard(bid: readonly BidCard[], id: CardId): BidCard[] {
  let n = 0;
  for (let i = 0; i < bid.length; i++) if ((bid[i] as BidCard).id !== id) n++;
  const out = new Array<BidCard>(n);
  let k = 0;
  for (let i = 0; i < bid.length; i++) if ((bid[i] as BidCard).id !== id) out[k++] = bid[i] as BidCard;
  return out;
}

/**
 * The ids at positions `idx` of `ids`, in that order. Short lists are written as array literals,
 * which V8 builds with the right element kind at once (legalMoves makes up to 80 per call).
 */
function pick(ids: readonly CardId[], idx: readonly number[]): CardId[] {
  const n = idx.length;
  if (n > 4) return idx.map((i) => ids[i] as CardId);
  if (n === 0) return [];
  const a = ids[idx[0] as number] as CardId;
  if (n === 1) return [a];
  const b = ids[idx[1] as number] as CardId;
  if (n === 2) return [a, b];
  const c = ids[idx[2] as number] as CardId;
  if (n === 3) return [a, b, c];
  return [a, b, c, ids[idx[3] as number] as CardId];
}

function bidIndex(bid: readonly BidCard[], id: CardId): number {
  for (let i = 0; i < bid.length; i++) if ((bid[i] as BidCard).id === id) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Set-up

export function setup(seats: number, options: { edition: Edition }, seed: string): DutchAuctionState {
  if (seats !== 2) throw new Error(`Dutch is played by exactly 2 players, not ${seats}`);
  const data = EDITION_DATA[options.edition];
  const [cards, rng] = shuffle(
    seedRng(seed),
    data.cards.map((c) => c.id),
  );
  const n = data.personalDeck;
  const seat = (personal: CardId[]): SeatState => ({
    deck: personal.slice(HAND_SIZE),
    hand: personal.slice(0, HAND_SIZE),
    discards: [],
    cashedIn: [],
    bid: [],
    sealed: null,
    setAside: null,
    purchases: 0,
    done: false,
  });
  const auction = cards.slice(2 * n);
  return {
    game: 'dutch-auction',
    edition: options.edition,
    round: 1,
    phase: 'commit',
    seats: [seat(cards.slice(0, n)), seat(cards.slice(n, 2 * n))],
    auctionDeck: auction.slice(DISPLAY_SIZE),
    display: auction.slice(0, DISPLAY_SIZE),
    auctionDiscards: [],
    bidWinner: null,
    active: null,
    bidTotals: null,
    tieTossed: false,
    previous: null,
    rng,
  };
}

// ---------------------------------------------------------------------------------------------
// Small helpers shared by apply, legalMoves and view

/** The suit a card in a bid counts as now (a "change suit" power may have altered it). */
export function effectiveSuit(_edition: Edition, c: BidCard): Suit {
  return c.suit ?? suitOf(c.id);
}

/**
 * How a card enters a bid. Current edition: every power card in a bid may be activated once,
 * however it got there. 2018 edition: cards bid in phase 2 (and tie cards) count only for their
 * value; a power card played from hand or taken by a power is activated.
 */
function toBidCard(edition: Edition, id: CardId, how: 'bid' | 'power'): BidCard {
  const powered = hasPower(edition, id) && (edition === 'current' || how === 'power');
  return { id, suit: null, charges: powered ? 1 : 0, powered };
}

export function bidTotal(edition: Edition, bid: readonly BidCard[]): number {
  let t = 0;
  for (const c of bid) t += cardInfo(edition, c.id).bid;
  return t;
}

/**
 * The loser of the bid must buy the 1-cost card if the winner left it there and the loser can
 * pay for it: with a card in their bid or (2018) a power card still in hand that they could
 * play into their offering.
 */
export function mustBuyOneCost(state: DutchAuctionState, seat: Seat): boolean {
  if (state.phase !== 'actions' || state.active !== seat || state.bidWinner === seat) return false;
  if (state.display[0] === null || state.display[0] === undefined) return false;
  const me = at(state, seat);
  if (me.bid.length > 0) return true;
  return state.edition === '2018' && me.hand.some((id) => hasPower(state.edition, id));
}

/**
 * While the loser's duty is open, would buying the card at `slot` (not position 1) spend the last
 * cards that could still pay for position 1? Only purchases take cards out of a loser's bid for
 * good (a cash-in leaves its power card behind, and the loser cannot be stolen from on their own
 * turn), so the duty can only be dodged by emptying the bid this way.
 */
export function purchaseDodgesDuty(state: DutchAuctionState, seat: Seat, slot: number): boolean {
  if (slot === 1 || !mustBuyOneCost(state, seat)) return false;
  const me = at(state, seat);
  if (me.bid.length > slot) return false;
  return !(state.edition === '2018' && me.hand.some((id) => hasPower(state.edition, id)));
}

function checkActive(state: DutchAuctionState, seat: Seat): RuleError | null {
  if (state.phase === 'commit') {
    return ruleError('wrong-phase');
  }
  if (state.active !== seat) {
    return ruleError('not-your-turn');
  }
  return null;
}

/**
 * Shuffles a seat's personal discards and puts them beneath what is left of its deck. The seat
 * must be `d`'s own (`ownSeat`); its arrays are replaced, not edited.
 */
function reshuffleDiscards(d: DutchAuctionState, seat: Seat, when: 'tie' | 'draw', events: DutchAuctionEvent[]): void {
  const p = at(d, seat);
  const [shuffled, rng] = shuffle(d.rng, p.discards);
  d.rng = rng;
  events.push({ type: 'reshuffled', seat, count: shuffled.length, when });
  p.deck = joined(p.deck, shuffled);
  p.discards = [];
}

/** The pile a "take" power draws from. */
function takePile(state: DutchAuctionState, me: SeatState, from: Source): readonly (CardId | null)[] {
  return from === 'auction-discards' ? state.auctionDiscards : from === 'personal-discards' ? me.discards : state.display;
}

/**
 * Takes the top card of a personal deck, first shuffling the discards into a new deck if it is
 * empty. The seat must be `d`'s own (`ownSeat`).
 */
function drawTop(d: DutchAuctionState, seat: Seat, events: DutchAuctionEvent[]): CardId | null {
  const p = at(d, seat);
  if (p.deck.length === 0 && p.discards.length > 0) reshuffleDiscards(d, seat, 'tie', events);
  const card = p.deck[0];
  if (card === undefined) return null;
  p.deck = p.deck.slice(1);
  if (card === p.setAside) p.setAside = null;
  return card;
}

// ---------------------------------------------------------------------------------------------
// Phases 1 and 2: the sealed commit

function checkCommit(state: DutchAuctionState, seat: Seat, m: CommitMove): RuleError | null {
  if (state.phase !== 'commit') {
    return ruleError('wrong-phase', undefined, 'game.dutch-auction.error.wrong-phase.revealed');
  }
  if (m.round !== undefined && m.round !== state.round) {
    return ruleError('stale-round', { made: m.round, round: state.round });
  }
  const me = at(state, seat);
  if (me.sealed) return ruleError('already-committed');
  const hand = me.hand;
  if (hand.length === 0) {
    if (m.setAside !== null || m.bid.length > 0) {
      return ruleError('empty-hand');
    }
    return null;
  }
  if (m.setAside === null) return ruleError('set-aside-required');
  if (!hand.includes(m.setAside)) return ruleError('not-in-hand', { card: cardWords(m.setAside) });
  for (let i = 0; i < m.bid.length; i++) {
    const id = m.bid[i] as CardId;
    if (id === m.setAside) return ruleError('set-aside-in-bid');
    if (!hand.includes(id)) return ruleError('not-in-hand', { card: cardWords(id) });
    if (m.bid.indexOf(id) !== i) return ruleError('duplicate-card', { card: cardWords(id) });
  }
  if (state.edition === 'current' && m.bid.length !== hand.length - 1) {
    return ruleError('bid-whole-hand');
  }
  if (m.bid.length > MAX_BID_CARDS) return ruleError('bid-too-large', { max: MAX_BID_CARDS });
  return null;
}

function applyCommit(state: DutchAuctionState, seat: Seat, m: CommitMove): Applied_ {
  const e = checkCommit(state, seat, m);
  if (e) return { ok: false, error: e };
  const d = shallowState(state);
  ownSeat(d, seatIndex(seat)).sealed = { setAside: m.setAside, bid: m.bid.slice() };
  const events: DutchAuctionEvent[] = [{ type: 'committed', seat, setAside: m.setAside, bid: m.bid.slice() }];
  if (d.seats[0].sealed && d.seats[1].sealed) reveal(d, events);
  return ok({ state: d, events });
}

/** Both have sealed: set-aside cards go on top of the decks, bids are shown, ties are broken. */
function reveal(d: DutchAuctionState, events: DutchAuctionEvent[]): void {
  const edition = d.edition;
  for (const s of [0, 1] as const) {
    const p = ownSeat(d, s);
    const sealed = p.sealed as Sealed;
    if (sealed.setAside !== null) {
      p.deck = joined([sealed.setAside], p.deck);
      p.setAside = sealed.setAside;
    }
    let kept = 0;
    for (const id of p.hand) if (id !== sealed.setAside && !sealed.bid.includes(id)) kept++;
    const hand = new Array<CardId>(kept);
    let k = 0;
    for (const id of p.hand) if (id !== sealed.setAside && !sealed.bid.includes(id)) hand[k++] = id;
    p.hand = hand;
    p.bid = sealed.bid.map((id) => toBidCard(edition, id, 'bid'));
    p.sealed = null;
  }
  const totals: [number, number] = [bidTotal(edition, d.seats[0].bid), bidTotal(edition, d.seats[1].bid)];
  events.push({
    type: 'revealed',
    bids: [d.seats[0].bid.map((c) => c.id), d.seats[1].bid.map((c) => c.id)],
    totals: [totals[0], totals[1]],
    keptBack: [d.seats[0].hand.length, d.seats[1].hand.length],
  });
  let winner: Seat | null = null;
  while (totals[0] === totals[1]) {
    const added: [CardId | null, CardId | null] = [null, null];
    for (const s of [0, 1] as const) {
      const card = drawTop(d, s, events);
      if (card === null) continue;
      at(d, s).bid.push(toBidCard(edition, card, 'bid'));
      totals[s] += cardInfo(edition, card).bid;
      added[s] = card;
    }
    if (added[0] === null && added[1] === null) {
      // Neither player has a card left to add: the tie is settled by a fair coin.
      const [x, rng] = nextInt(d.rng, 2);
      d.rng = rng;
      winner = x as Seat;
      d.tieTossed = true;
      events.push({ type: 'tie-toss', winner });
      break;
    }
    events.push({ type: 'tie-cards', added, totals: [totals[0], totals[1]] });
  }
  if (winner === null) winner = totals[0] > totals[1] ? 0 : 1;
  d.bidTotals = totals;
  d.bidWinner = winner;
  d.active = winner;
  d.phase = 'actions';
  events.push({ type: 'bid-won', winner, totals: [totals[0], totals[1]] });
}

// ---------------------------------------------------------------------------------------------
// Phase 3: powers

/** A power's name in a rule error ("cash in", "verzilveren"). */
const powerWords = (power: PowerName): KeyRef => ({ key: `game.dutch-auction.power.${power}` });
/** A pile a "take" names, as a rule error says it to the player ("your discards"). */
const yourPile = (from: Source): KeyRef => ({ key: `game.dutch-auction.yourPile.${from}` });

function checkPower(state: DutchAuctionState, seat: Seat, m: PowerMove): RuleError | null {
  const a = checkActive(state, seat);
  if (a) return a;
  const edition = state.edition;
  if (!isCard(edition, m.card)) return ruleError('unknown-card', { card: m.card });
  if (!isCard(edition, m.target)) return ruleError('unknown-card', { card: m.target });
  const me = at(state, seat);
  const c = me.bid[bidIndex(me.bid, m.card)];
  if (!c) {
    if (edition === '2018' && me.hand.includes(m.card) && hasPower(edition, m.card)) {
      return ruleError('play-first', { card: cardWords(m.card) });
    }
    return ruleError('not-in-bid', { card: cardWords(m.card) });
  }
  const info = cardInfo(edition, m.card);
  if (info.powers.length === 0) return ruleError('not-a-power-card', { card: cardWords(m.card) });
  if (!info.powers.includes(m.power)) {
    return ruleError('wrong-power', { card: cardWords(m.card), power: powerWords(m.power), powers: { list: info.powers.map(powerWords) } });
  }
  if (!c.powered) {
    return ruleError('bid-for-value', { card: cardWords(m.card) });
  }
  if (c.charges <= 0) return ruleError('power-used', { card: cardWords(m.card) });
  if (m.power !== 'take' && m.from !== undefined) return ruleError('bad-move', undefined, 'game.dutch-auction.error.bad-move.from');
  if (m.power !== 'change-suit' && m.suit !== undefined) return ruleError('bad-move', undefined, 'game.dutch-auction.error.bad-move.suit');
  const suit = effectiveSuit(edition, c);
  if (m.power === 'take') {
    if (m.from === undefined) return ruleError('source-required');
    if (!info.takeFrom.includes(m.from)) {
      return ruleError('wrong-source', { card: cardWords(m.card), from: yourPile(m.from) });
    }
    if (!takePile(state, me, m.from).includes(m.target)) {
      return ruleError('not-in-pile', { card: cardWords(m.target), from: yourPile(m.from) });
    }
    if (cardInfo(edition, m.target).suit !== suit) {
      return ruleError('suit-mismatch', { card: cardWords(m.card), suit: suitWords(suit) }, 'game.dutch-auction.error.suit-mismatch.take');
    }
    return null;
  }
  if (m.power === 'steal') {
    if (state.bidWinner !== seat) return ruleError('steal-winner-only');
    const oppBid = at(state, other(seat)).bid;
    const t = oppBid[bidIndex(oppBid, m.target)];
    if (!t) return ruleError('not-in-opponent-bid', { card: cardWords(m.target) });
    if (effectiveSuit(edition, t) !== suit)
      return ruleError('suit-mismatch', { card: cardWords(m.card), suit: suitWords(suit) }, 'game.dutch-auction.error.suit-mismatch.steal');
    return null;
  }
  // cash-in, change-suit, duplicate: another card of one's own bid, of the power card's suit.
  if (m.target === m.card) return ruleError('bad-target');
  const t = me.bid[bidIndex(me.bid, m.target)];
  if (!t) return ruleError('not-in-bid', { card: cardWords(m.target) });
  if (effectiveSuit(edition, t) !== suit) {
    return ruleError('suit-mismatch', { card: cardWords(m.card), suit: suitWords(suit) });
  }
  if (m.power === 'change-suit') {
    if (m.suit === undefined) return ruleError('suit-required');
    if (m.suit === suit) return ruleError('same-suit', { card: cardWords(m.target), suit: suitWords(suit) });
  }
  if (m.power === 'duplicate' && !t.powered) {
    return ruleError('not-a-power-card', { card: cardWords(m.target) }, 'game.dutch-auction.error.not-a-power-card.target');
  }
  return null;
}

function applyPower(state: DutchAuctionState, seat: Seat, m: PowerMove): Applied_ {
  const e = checkPower(state, seat, m);
  if (e) return { ok: false, error: e };
  const d = shallowState(state);
  const me = ownSeat(d, seatIndex(seat));
  // The bid is copied, and each bid card that changes is replaced by a new object.
  const bid = me.bid.slice();
  me.bid = bid;
  const ci = bidIndex(bid, m.card);
  const c = bid[ci] as BidCard;
  bid[ci] = { id: c.id, suit: c.suit, charges: c.charges - 1, powered: c.powered };
  switch (m.power) {
    case 'cash-in':
      me.bid = withoutBidCard(bid, m.target);
      me.cashedIn = appended(me.cashedIn, m.target);
      break;
    case 'change-suit': {
      const ti = bidIndex(bid, m.target);
      const t = bid[ti] as BidCard;
      bid[ti] = { id: t.id, suit: m.suit as Suit, charges: t.charges, powered: t.powered };
      break;
    }
    case 'duplicate': {
      const ti = bidIndex(bid, m.target);
      const t = bid[ti] as BidCard;
      bid[ti] = { id: t.id, suit: t.suit, charges: t.charges + 1, powered: t.powered };
      break;
    }
    case 'take':
      if (m.from === 'auction-discards') d.auctionDiscards = without(d.auctionDiscards, m.target);
      else if (m.from === 'personal-discards') me.discards = without(me.discards, m.target);
      else {
        d.display = d.display.slice();
        d.display[d.display.indexOf(m.target)] = null;
      }
      bid.push(toBidCard(d.edition, m.target, 'power'));
      break;
    case 'steal': {
      const opp = ownSeat(d, seatIndex(other(seat)));
      opp.bid = withoutBidCard(opp.bid, m.target);
      bid.push(toBidCard(d.edition, m.target, 'power'));
      break;
    }
  }
  const ev: Extract<DutchAuctionEvent, { type: 'power' }> = { type: 'power', seat, card: m.card, power: m.power, target: m.target };
  if (m.from !== undefined) ev.from = m.from;
  if (m.suit !== undefined) ev.suit = m.suit;
  return ok({ state: d, events: [ev] });
}

function applyPlay(state: DutchAuctionState, seat: Seat, m: PlayMove): Applied_ {
  const a = checkActive(state, seat);
  if (a) return { ok: false, error: a };
  if (state.edition !== '2018') {
    return fail('not-in-edition');
  }
  const me = at(state, seat);
  if (!me.hand.includes(m.card)) return fail('not-in-hand', { card: cardWords(m.card) });
  if (!hasPower(state.edition, m.card)) {
    return fail('not-a-power-card', { card: cardWords(m.card) }, 'game.dutch-auction.error.not-a-power-card.play');
  }
  const d = shallowState(state);
  const p = ownSeat(d, seatIndex(seat));
  p.hand = without(p.hand, m.card);
  p.bid = appended(p.bid, toBidCard(d.edition, m.card, 'power'));
  return ok({ state: d, events: [{ type: 'played', seat, card: m.card }] });
}

// ---------------------------------------------------------------------------------------------
// Phase 3: purchases and the end of a turn

function applyPurchase(state: DutchAuctionState, seat: Seat, m: PurchaseMove): Applied_ {
  const a = checkActive(state, seat);
  if (a) return { ok: false, error: a };
  const bought = state.display[m.slot - 1];
  if (bought === null || bought === undefined) return fail('empty-slot', { slot: m.slot });
  if (m.pay.length !== m.slot) {
    return fail('wrong-payment', { slot: m.slot, cost: m.slot, offered: m.pay.length });
  }
  const me = at(state, seat);
  for (let i = 0; i < m.pay.length; i++) {
    const id = m.pay[i] as CardId;
    if (m.pay.indexOf(id) !== i) return fail('duplicate-card', { card: cardWords(id) }, 'game.dutch-auction.error.duplicate-card.payment');
    if (bidIndex(me.bid, id) < 0) return fail('not-in-bid', { card: cardWords(id) });
  }
  if (purchaseDodgesDuty(state, seat, m.slot)) {
    return fail('must-buy-one-cost');
  }
  const d = shallowState(state);
  const p = ownSeat(d, seatIndex(seat));
  const suit = cardInfo(d.edition, bought).suit;
  // Paid cards of the bought card's suit go to the personal discards, the others to the
  // auction's; both lists are made at their final length (a list grown from empty is not).
  const n = m.pay.length;
  const same = new Array<boolean>(n);
  let nPersonal = 0;
  for (let i = 0; i < n; i++) {
    const c = p.bid[bidIndex(p.bid, m.pay[i] as CardId)] as BidCard;
    const mine = effectiveSuit(d.edition, c) === suit;
    same[i] = mine;
    if (mine) nPersonal++;
  }
  const toPersonal = new Array<CardId>(nPersonal);
  const toAuction = new Array<CardId>(n - nPersonal);
  for (let i = 0, a = 0, b = 0; i < n; i++) {
    if (same[i]) toPersonal[a++] = m.pay[i] as CardId;
    else toAuction[b++] = m.pay[i] as CardId;
  }
  const bid = new Array<BidCard>(p.bid.length - m.pay.length);
  let k = 0;
  for (const c of p.bid) if (!m.pay.includes(c.id)) bid[k++] = c;
  p.bid = bid;
  p.discards = joined(p.discards, toPersonal, [bought]);
  if (toAuction.length > 0) d.auctionDiscards = joined(d.auctionDiscards, toAuction);
  d.display = d.display.slice();
  d.display[m.slot - 1] = null;
  p.purchases += 1;
  return ok({ state: d, events: [{ type: 'purchased', seat, slot: m.slot, card: bought, toPersonal, toAuction }] });
}

function applyDone(state: DutchAuctionState, seat: Seat): Applied_ {
  const a = checkActive(state, seat);
  if (a) return { ok: false, error: a };
  if (mustBuyOneCost(state, seat)) {
    return fail('must-buy-one-cost', undefined, 'game.dutch-auction.error.must-buy-one-cost.done');
  }
  const d = shallowState(state);
  const p = ownSeat(d, seatIndex(seat));
  const discarded: CardId[] = [];
  for (const c of p.bid) discarded.push(c.id);
  const keptBack = p.hand.slice();
  p.discards = joined(p.discards, discarded, keptBack);
  p.bid = [];
  p.hand = [];
  p.done = true;
  const events: DutchAuctionEvent[] = [{ type: 'done', seat, discarded, keptBack }];
  if (seat === d.bidWinner) d.active = other(seat);
  else endRound(d, events);
  return ok({ state: d, events });
}

/** After both players' phase 3: the end check, then phase 4 (restock) and phase 5 (draw). */
function endRound(d: DutchAuctionState, events: DutchAuctionEvent[]): void {
  d.previous = {
    round: d.round,
    bidWinner: d.bidWinner as Seat,
    bidTotals: d.bidTotals ? [d.bidTotals[0], d.bidTotals[1]] : [0, 0],
  };
  const purchases = d.seats[0].purchases + d.seats[1].purchases;
  const displayEmpty = d.display.every((c) => c === null);
  if (d.auctionDeck.length === 0 && (displayEmpty || purchases === 0)) {
    d.phase = 'over';
    d.active = null;
    const a = seatTotal(d.edition, d.seats[0]);
    const b = seatTotal(d.edition, d.seats[1]);
    events.push({ type: 'game-over', scores: [a.total, b.total], winners: winnersOf(a.total, b.total, a.cards, b.cards) });
    return;
  }
  // Phase 4: what is left slides toward the 1-cost end; the gaps are refilled from the deck.
  const display: (CardId | null)[] = [];
  for (const c of d.display) if (c !== null) display.push(c);
  const before = display.length;
  const deck = d.auctionDeck;
  let taken = 0;
  while (display.length < DISPLAY_SIZE && taken < deck.length) display.push(deck[taken++] as CardId);
  if (taken > 0) d.auctionDeck = deck.slice(taken);
  const added = display.length - before;
  while (display.length < DISPLAY_SIZE) display.push(null);
  d.display = display;
  events.push({ type: 'restocked', display: display.slice(), added, deckCount: d.auctionDeck.length });
  // Phase 5: each player draws five, shuffling the discards under the deck when it runs short.
  for (const s of [0, 1] as const) {
    const p = ownSeat(d, s);
    if (p.deck.length < HAND_SIZE && p.discards.length > 0) reshuffleDiscards(d, s, 'draw', events);
    p.hand = p.deck.slice(0, HAND_SIZE);
    p.deck = p.deck.slice(HAND_SIZE);
    p.setAside = null;
    p.purchases = 0;
    p.done = false;
    events.push({ type: 'drew', seat: s, cards: p.hand.slice() });
  }
  d.round += 1;
  d.phase = 'commit';
  d.bidWinner = null;
  d.active = null;
  d.bidTotals = null;
  d.tieTossed = false;
}

// ---------------------------------------------------------------------------------------------
// The contract's entry points

export function apply(state: DutchAuctionState, seat: Seat, move: DutchAuctionMove): Applied_ {
  if (seat !== 0 && seat !== 1) return fail('no-such-seat');
  if (state.phase === 'over') return fail('game-over');
  switch (move.kind) {
    case 'commit':
      return applyCommit(state, seat, move);
    case 'power':
      return applyPower(state, seat, move);
    case 'play':
      return applyPlay(state, seat, move);
    case 'purchase':
      return applyPurchase(state, seat, move);
    case 'done':
      return applyDone(state, seat);
  }
}

const COMBOS: number[][][][] = [];
/** All k-element subsets of 0..n-1, as ascending index lists (cached). */
function combos(n: number, k: number): number[][] {
  let byN = COMBOS[n];
  if (!byN) {
    byN = [];
    COMBOS[n] = byN;
  }
  const cached = byN[k];
  if (cached) return cached;
  const out: number[][] = [];
  const pick: number[] = [];
  const rec = (start: number): void => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  byN[k] = out;
  return out;
}

const RESTS: number[][][] = [];
/** For n cards, for each position i, every other position in order (cached). */
function restOf(n: number): number[][] {
  let out = RESTS[n];
  if (!out) {
    out = [];
    for (let i = 0; i < n; i++) {
      const rest: number[] = [];
      for (let j = 0; j < n; j++) if (j !== i) rest.push(j);
      out.push(rest);
    }
    RESTS[n] = out;
  }
  return out;
}

/** The cards of `hand` at the positions set in `mask`, in hand order; built from (and into) `bids`. */
function bidOfMask(bids: (CardId[] | undefined)[], hand: readonly CardId[], mask: number): CardId[] {
  const last = 31 - Math.clz32(mask);
  const rest = mask ^ (1 << last);
  let prefix = bids[rest];
  if (prefix === undefined) {
    prefix = bidOfMask(bids, hand, rest);
    bids[rest] = prefix;
  }
  return appended(prefix, hand[last] as CardId);
}

const SPLITS: { aside: number; mask: number }[][] = [];
/**
 * 2018 edition, a hand of n cards: every (set-aside card, bid) choice, the bid as a bit mask of hand positions,
 * in listing order: by set-aside card, then by the bit mask of the other cards (cached).
 */
function protoSplits(n: number): { aside: number; mask: number }[] {
  const cached = SPLITS[n];
  if (cached) return cached;
  const out: { aside: number; mask: number }[] = [];
  for (let aside = 0; aside < n; aside++) {
    const rest: number[] = [];
    for (let j = 0; j < n; j++) if (j !== aside) rest.push(j);
    for (let mask = 0; mask < 1 << rest.length; mask++) {
      const bid = rest.filter((_, j) => (mask >> j) & 1);
      let handMask = 0;
      for (const i of bid) handMask |= 1 << i;
      if (bid.length <= MAX_BID_CARDS) out.push({ aside, mask: handMask });
    }
  }
  SPLITS[n] = out;
  return out;
}

function commitMoves(state: DutchAuctionState, hand: readonly CardId[], out: DutchAuctionMove[]): void {
  const round = state.round;
  if (hand.length === 0) {
    out.push({ kind: 'commit', setAside: null, bid: [], round });
    return;
  }
  if (state.edition === '2018') {
    // The 80 splits of a hand of five hold only 31 different bids: each is built once, as
    // the bid of one fewer card (its subset without its last card) plus that card, and shared
    // by the moves that bid it (moves are values nobody edits; apply copies a bid it keeps).
    const bids = new Array<CardId[]>(1 << hand.length);
    bids[0] = [];
    for (const sp of protoSplits(hand.length)) {
      let bid = bids[sp.mask];
      if (bid === undefined) {
        bid = bidOfMask(bids, hand, sp.mask);
        bids[sp.mask] = bid;
      }
      out.push({ kind: 'commit', setAside: hand[sp.aside] as CardId, bid, round });
    }
    return;
  }
  const rests = restOf(hand.length);
  for (let i = 0; i < hand.length; i++)
    out.push({ kind: 'commit', setAside: hand[i] as CardId, bid: pick(hand, rests[i] as number[]), round });
}

/** The power moves of the bid card `c` (powered, with a charge left) of the active seat. */
function powerMovesOf(state: DutchAuctionState, seat: Seat, me: SeatState, c: BidCard, out: DutchAuctionMove[]): void {
  const edition = state.edition;
  const info = cardInfo(edition, c.id);
  const suit = effectiveSuit(edition, c);
  for (const power of info.powers) {
    if (power === 'cash-in' || power === 'change-suit' || power === 'duplicate') {
      for (const t of me.bid) {
        if (t.id === c.id || effectiveSuit(edition, t) !== suit) continue;
        if (power === 'cash-in') out.push({ kind: 'power', card: c.id, power, target: t.id });
        else if (power === 'duplicate') {
          if (t.powered) out.push({ kind: 'power', card: c.id, power, target: t.id });
        } else {
          for (const s of SUITS) {
            if (s !== suit) out.push({ kind: 'power', card: c.id, power, target: t.id, suit: s });
          }
        }
      }
    } else if (power === 'steal') {
      if (state.bidWinner !== seat) continue;
      for (const t of at(state, other(seat)).bid) {
        if (effectiveSuit(edition, t) === suit) out.push({ kind: 'power', card: c.id, power, target: t.id });
      }
    } else {
      // A pile's cards keep their printed suit, which their ids start with (see `suitOf`).
      const initial = suit.charCodeAt(0);
      for (const from of info.takeFrom) {
        const pile = takePile(state, me, from);
        for (let i = 0; i < pile.length; i++) {
          const t = pile[i];
          if (t != null && t.charCodeAt(0) === initial) out.push({ kind: 'power', card: c.id, power, target: t, from });
        }
      }
    }
  }
}

/** Always the same move: listed as one shared, frozen object (`apply` only reads its move). */
const DONE: DutchAuctionMove = Object.freeze({ kind: 'done' });

/**
 * Every legal move of `seat`. Sets of cards (bids, payments) are listed once each, in the order
 * the cards lie in hand or bid: other orders of the same cards are accepted too and do the same.
 */
export function legalMoves(state: DutchAuctionState, seat: Seat): DutchAuctionMove[] {
  const me = at(state, seat);
  if (!me || state.phase === 'over') return [];
  const edition = state.edition;
  const out: DutchAuctionMove[] = [];
  if (state.phase === 'commit') {
    if (!me.sealed) commitMoves(state, me.hand, out);
    return out;
  }
  if (state.active !== seat) return out;
  const duty = mustBuyOneCost(state, seat);
  if (!duty) out.push(DONE);
  if (edition === '2018') {
    for (const id of me.hand) if (hasPower(edition, id)) out.push({ kind: 'play', card: id });
  }
  const bid = me.bid;
  for (const c of bid) if (c.powered && c.charges > 0) powerMovesOf(state, seat, me, c, out);
  const n = bid.length;
  if (n === 0) return out;
  const ids = new Array<CardId>(n);
  for (let i = 0; i < n; i++) ids[i] = (bid[i] as BidCard).id;
  for (let slot = 1; slot <= DISPLAY_SIZE && slot <= n; slot++) {
    if (state.display[slot - 1] === null || (duty && purchaseDodgesDuty(state, seat, slot))) continue;
    purchaseMoves(ids, slot, out);
  }
  return out;
}

/**
 * Every way to pay `slot` cards of `ids`, as purchase moves, in the order of ascending index
 * lists (lexicographic). Up to four cards by nested loops building array literals, which V8
 * makes at their final size and element kind, with no index lists to read.
 */
function purchaseMoves(ids: readonly CardId[], slot: number, out: DutchAuctionMove[]): void {
  const n = ids.length;
  if (slot > 4) {
    for (const idx of combos(n, slot)) out.push({ kind: 'purchase', slot, pay: idx.map((i) => ids[i] as CardId) });
    return;
  }
  for (let i = 0; i < n; i++) {
    const a = ids[i] as CardId;
    if (slot === 1) {
      out.push({ kind: 'purchase', slot, pay: [a] });
      continue;
    }
    for (let j = i + 1; j < n; j++) {
      const b = ids[j] as CardId;
      if (slot === 2) {
        out.push({ kind: 'purchase', slot, pay: [a, b] });
        continue;
      }
      for (let k = j + 1; k < n; k++) {
        const c = ids[k] as CardId;
        if (slot === 3) {
          out.push({ kind: 'purchase', slot, pay: [a, b, c] });
          continue;
        }
        for (let l = k + 1; l < n; l++) out.push({ kind: 'purchase', slot, pay: [a, b, c, ids[l] as CardId] });
      }
    }
  }
}

export function toAct(state: DutchAuctionState): Seat[] {
  if (state.phase === 'commit') {
    const out: Seat[] = [];
    if (!state.seats[0].sealed) out.push(0);
    if (!state.seats[1].sealed) out.push(1);
    return out;
  }
  if (state.phase === 'actions' && state.active !== null) return [state.active];
  return [];
}

/** A sealed commit does not depend on anything the other seat does, so it survives a version race. */
export function rebaseable(state: DutchAuctionState, seat: Seat, move: DutchAuctionMove): boolean {
  if (move.kind !== 'commit' || state.phase !== 'commit') return false;
  if (move.round !== undefined && move.round !== state.round) return false;
  const me = at(state, seat);
  return me !== undefined && me.sealed === null;
}

/**
 * For a missed deadline: set aside the first card in hand and bid all the others; in phase 3
 * finish at once, unless the loser is obliged to buy the 1-cost card (then buy it with the first
 * card of the bid, or in the 2018 edition first play a power card from hand to pay with).
 */
export function defaultMove(state: DutchAuctionState, seat: Seat): DutchAuctionMove | null {
  const me = at(state, seat);
  if (!me || state.phase === 'over') return null;
  if (state.phase === 'commit') {
    if (me.sealed) return null;
    const [first, ...rest] = me.hand;
    if (first === undefined) return { kind: 'commit', setAside: null, bid: [], round: state.round };
    return { kind: 'commit', setAside: first, bid: rest.slice(0, MAX_BID_CARDS), round: state.round };
  }
  if (state.active !== seat) return null;
  if (mustBuyOneCost(state, seat)) {
    const first = me.bid[0];
    if (first) return { kind: 'purchase', slot: 1, pay: [first.id] };
    const power = me.hand.find((id) => hasPower(state.edition, id));
    if (power) return { kind: 'play', card: power };
  }
  return { kind: 'done' };
}

// ---------------------------------------------------------------------------------------------
// Scoring

export interface SuitScore {
  suit: Suit;
  cards: CardId[];
  vp: number;
  bonus: number;
  total: number;
}

export interface SeatScore {
  seat: Seat;
  total: number;
  cardCount: number;
  suits: SuitScore[];
}

/** Every card a seat owns, wherever it lies (deck, hand, discards, bid, cashed in). */
export function ownedCards(p: SeatState): CardId[] {
  return [...p.deck, ...p.hand, ...p.discards, ...p.cashedIn, ...p.bid.map((c) => c.id)];
}

/**
 * Card VP plus the suit bonus. Current edition: per suit held, the VP of that suit's lowest-scoring
 * card. 2018 edition: 10 per suit held six times or more.
 */
export function scoreCards(edition: Edition, seat: Seat, cards: readonly CardId[]): SeatScore {
  const suits: SuitScore[] = SUITS.map((suit) => {
    const mine = sortCards(
      edition,
      cards.filter((id) => cardInfo(edition, id).suit === suit),
    );
    const vps = mine.map((id) => cardInfo(edition, id).vp);
    const vp = vps.reduce((a, b) => a + b, 0);
    let bonus = 0;
    if (edition === 'current') bonus = vps.length > 0 ? Math.min(...vps) : 0;
    else bonus = mine.length >= PROTO_SUIT_BONUS_COUNT ? PROTO_SUIT_BONUS : 0;
    return { suit, cards: mine, vp, bonus, total: vp + bonus };
  });
  return { seat, total: suits.reduce((a, s) => a + s.total, 0), cardCount: cards.length, suits };
}

/** Who wins on these totals and card counts (more VP, then fewer cards, else both). */
function winnersOf(totalA: number, totalB: number, cardsA: number, cardsB: number): Seat[] {
  if (totalA !== totalB) return [totalA > totalB ? 0 : 1];
  if (cardsA !== cardsB) return [cardsA < cardsB ? 0 : 1];
  return [0, 1];
}

/** A seat's total as `scoreCards` counts it, and its number of cards, without the per-suit details. */
function seatTotal(edition: Edition, p: SeatState): { total: number; cards: number } {
  const vp = [0, 0, 0, 0];
  const min = [0, 0, 0, 0];
  const count = [0, 0, 0, 0];
  const add = (id: CardId): void => {
    const info = cardInfo(edition, id);
    const s = SUITS.indexOf(info.suit);
    vp[s] = (vp[s] as number) + info.vp;
    if (count[s] === 0 || info.vp < (min[s] as number)) min[s] = info.vp;
    count[s] = (count[s] as number) + 1;
  };
  for (const id of p.deck) add(id);
  for (const id of p.hand) add(id);
  for (const id of p.discards) add(id);
  for (const id of p.cashedIn) add(id);
  for (const c of p.bid) add(c.id);
  let total = 0;
  let cards = 0;
  for (let s = 0; s < 4; s++) {
    const n = count[s] as number;
    cards += n;
    total += vp[s] as number;
    if (edition === 'current') total += n > 0 ? (min[s] as number) : 0;
    else if (n >= PROTO_SUIT_BONUS_COUNT) total += PROTO_SUIT_BONUS;
  }
  return { total, cards };
}

function outcome(state: DutchAuctionState): {
  scores: [number, number];
  winners: Seat[];
  seats: [SeatScore, SeatScore];
  decidedBy: 'score' | 'fewer-cards' | 'shared';
} {
  const seats: [SeatScore, SeatScore] = [
    scoreCards(state.edition, 0, ownedCards(state.seats[0])),
    scoreCards(state.edition, 1, ownedCards(state.seats[1])),
  ];
  const [a, b] = seats;
  const scores: [number, number] = [a.total, b.total];
  if (a.total !== b.total) return { scores, seats, winners: [a.total > b.total ? 0 : 1], decidedBy: 'score' };
  if (a.cardCount !== b.cardCount) {
    return { scores, seats, winners: [a.cardCount < b.cardCount ? 0 : 1], decidedBy: 'fewer-cards' };
  }
  return { scores, seats, winners: [0, 1], decidedBy: 'shared' };
}

export function result(state: DutchAuctionState): Outcome | null {
  if (state.phase !== 'over') return null;
  const o = outcome(state);
  const [a, b] = o.seats;
  const w = o.winners[0] as Seat;
  const [win, lose] = w === 0 ? [a, b] : [b, a];
  const words: Params =
    o.decidedBy === 'score'
      ? { winner: { seat: w }, score: o.scores[w] as number, other: o.scores[other(w)] as number }
      : o.decidedBy === 'fewer-cards'
        ? { winner: { seat: w }, score: a.total, cards: win.cardCount, otherCards: lose.cardCount }
        : { seat0: { seat: 0 }, seat1: { seat: 1 }, score: a.total, cards: b.cardCount };
  return {
    winners: o.winners,
    scores: o.scores,
    key: `game.dutch-auction.outcome.${o.decidedBy}`,
    params: words,
    details: { edition: state.edition, decidedBy: o.decidedBy, seats: o.seats },
  };
}

/**
 * Moves a player may take back (undo). A sealed commit, while the other seat has not sealed yet: the
 * bids are still hidden, so nothing the other player decides can depend on it (the last commit shows
 * both bids and is final). In phase 3, while the same seat is still active: a power or a purchase, which
 * only move cards between piles both players already see (the display, the auction discards, the
 * revealed bids), and draw nothing (the display is restocked only when the round ends). Not undoable:
 * taking a card from one's personal discards (the opponent does not see that pile), playing a card from
 * hand (2018 edition: the hand is hidden), and "done" (the turn passes or the round ends and cards are drawn).
 */
/**
 * For undo requests: the bid winner's "done" hands phase 3 to the other player and shows nothing (its
 * cards go to the own discards); the loser's "done" ends the round, and cards are drawn. Powers and
 * purchases as for `undoable`.
 */
export function revealsNothing(before: DutchAuctionState, after: DutchAuctionState, seat: Seat, move: DutchAuctionMove): boolean {
  if (move.kind === 'done') return sameRng(before.rng, after.rng) && before.round === after.round && after.active === 1 - seat;
  return move.kind !== 'commit' && undoable(before, after, seat, move);
}

export function undoable(before: DutchAuctionState, after: DutchAuctionState, seat: Seat, move: DutchAuctionMove): boolean {
  if (!sameRng(before.rng, after.rng) || before.round !== after.round) return false;
  if (move.kind === 'commit') return before.phase === 'commit' && after.phase === 'commit';
  if (move.kind === 'power') {
    if (move.power === 'take' && move.from === 'personal-discards') return false;
  } else if (move.kind !== 'purchase') return false;
  return before.phase === 'actions' && after.phase === 'actions' && before.active === seat && after.active === seat;
}
