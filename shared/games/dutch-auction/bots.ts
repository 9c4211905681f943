/**
 * Computer players for Dutch, both editions. A bot sees only `view(state, seat)` and its
 * legal moves.
 *
 * easy: one-ply greed on the score margin. In phase 3 it makes the move that raises (its VP minus
 * the opponent's VP) the most and stops when nothing does; a power card kept in hand (2018) is
 * played when a move it enables would gain. In the sealed commit it sets aside a high-VP card and
 * bids the rest (2018: at most four, the highest bid values).
 *
 * strong: the engine's determinized search (`searchMove`): the cards it cannot see (the opponent's
 * hand, deck and discards, the auction deck, the opponent's sealed choice) are dealt at random from
 * those it cannot rule out, and each candidate move is played forward with a quick randomised greedy
 * policy for a few rounds and judged by the score margin.
 *
 * beginner: a new player's habits (`beginnerChoose`): bids the whole hand, buys the card with the
 * most points whatever it costs, never uses a power.
 *
 * The sealed commit phase (2018 and current) may list both seats in `toAct`: a bot decides from its
 * own view, in which the opponent's sealed choice is hidden; the search deals the opponent a random
 * choice from a random hand when the opponent has already sealed, and otherwise lets the playout
 * policy (which never looks at the other seat's sealed cards) seal for it.
 */
import type { Bot, BotInput, BotPlayer, BotLevel, SearchBudget, SearchHooks } from '../../engine/bot.js';
import { nextUnit, searchMove } from '../../engine/bot.js';
import type { Seat } from '../../engine/game.js';
import { type Rng, nextInt, seedRng, shuffle } from '../../engine/random.js';
import { type CardId, type Edition, EDITION_DATA, MAX_BID_CARDS, PROTO_SUIT_BONUS, PROTO_SUIT_BONUS_COUNT, hasPower } from './cards.js';
import type { DutchAuctionMove } from './moves.js';
import { apply, legalMoves, toAct } from './rules.js';
import type { BidCard, DutchAuctionState, SeatState } from './state.js';
import type { DutchAuctionView } from './view.js';

type Move = DutchAuctionMove;
type View = DutchAuctionView;
type State = DutchAuctionState;

const SUIT_INDEX: Record<string, number> = { green: 0, red: 1, pink: 2, blue: 3 };

// ---------------------------------------------------------------------------------------------
// Scoring, fast: the same sums as rules.scoreCards without sorting or allocating per suit.

function addCard(edition: Edition, id: CardId, sum: number[], min: number[], count: number[]): void {
  const info = EDITION_DATA[edition].byId[id];
  if (!info) return;
  const s = SUIT_INDEX[info.suit] ?? 0;
  sum[s]! += info.vp;
  if (info.vp < min[s]!) min[s] = info.vp;
  count[s]! += 1;
}

/** A seat's final score if the game ended now (every card it owns, wherever it lies). */
export function seatScore(edition: Edition, p: SeatState): number {
  const sum = [0, 0, 0, 0];
  const min = [99, 99, 99, 99];
  const count = [0, 0, 0, 0];
  for (const id of p.deck) addCard(edition, id, sum, min, count);
  for (const id of p.hand) addCard(edition, id, sum, min, count);
  for (const id of p.discards) addCard(edition, id, sum, min, count);
  for (const id of p.cashedIn) addCard(edition, id, sum, min, count);
  for (const c of p.bid) addCard(edition, c.id, sum, min, count);
  let total = 0;
  for (let s = 0; s < 4; s++) {
    total += sum[s]!;
    if (edition === 'current') total += count[s]! > 0 ? min[s]! : 0;
    else if (count[s]! >= PROTO_SUIT_BONUS_COUNT) total += PROTO_SUIT_BONUS;
  }
  return total;
}

/** My score minus the opponent's. */
function margin(state: State, seat: Seat): number {
  const me = seat === 0 ? 0 : 1;
  return seatScore(state.edition, state.seats[me]) - seatScore(state.edition, state.seats[1 - me] as SeatState);
}

// ---------------------------------------------------------------------------------------------
// The sealed commit

const bidValue = (edition: Edition, id: CardId): number => EDITION_DATA[edition].byId[id]?.bid ?? 0;

/**
 * The easy commit: set aside the card that adds least to the bid (a power card carries its power
 * only in the bid in the current edition, so a plain card is preferred there), bid the rest; in
 * 2018 bid the four highest and keep the power cards that are left for phase 3.
 */
function easyCommit(edition: Edition, hand: readonly CardId[], round: number, legal: readonly Move[]): Move {
  if (hand.length === 0) return legal[0]!;
  let aside = hand[0]!;
  let best = Number.POSITIVE_INFINITY;
  for (const id of hand) {
    const cost = bidValue(edition, id) + (edition === 'current' && hasPower(edition, id) ? 5 : 0);
    if (cost < best) {
      best = cost;
      aside = id;
    }
  }
  let bid = hand.filter((id) => id !== aside);
  if (edition === '2018') bid = bid.sort((a, b) => bidValue(edition, b) - bidValue(edition, a)).slice(0, MAX_BID_CARDS);
  const found = findCommit(legal, aside, bid);
  return found ?? { kind: 'commit', setAside: aside, bid, round };
}

function findCommit(legal: readonly Move[], aside: CardId, bid: readonly CardId[]): Move | null {
  for (const m of legal) {
    if (m.kind !== 'commit' || m.setAside !== aside || m.bid.length !== bid.length) continue;
    if (bid.every((id) => m.bid.includes(id))) return m;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Phase 3: one-ply greed on the margin

/** The gain in margin of a phase 3 move (a "play" is worth the best gain it enables next). */
function gainOf(state: State, seat: Seat, move: Move, base: number, depth: number): number {
  if (move.kind === 'done') return 0;
  const r = apply(state, seat, move);
  if (!r.ok) return Number.NEGATIVE_INFINITY;
  const next = r.value.state;
  const g = margin(next, seat) - base;
  if (move.kind !== 'play' || depth > 0) return g;
  let best = Number.NEGATIVE_INFINITY;
  for (const m of legalMoves(next, seat)) {
    if (m.kind === 'done' || m.kind === 'play') continue;
    const h = gainOf(next, seat, m, base, depth + 1);
    if (h > best) best = h;
  }
  return best - 0.01;
}

/** The greedy phase 3 move: the best gain, or "done" when nothing gains (or the best forced move). */
function greedyAction(state: State, seat: Seat, legal: readonly Move[]): Move {
  const base = margin(state, seat);
  let best: Move | null = null;
  let bestGain = 0;
  let forced: Move | null = null;
  let forcedGain = Number.NEGATIVE_INFINITY;
  for (const m of legal) {
    if (m.kind === 'done') continue;
    const g = gainOf(state, seat, m, base, 0);
    if (g > bestGain) {
      bestGain = g;
      best = m;
    }
    if (g > forcedGain) {
      forcedGain = g;
      forced = m;
    }
  }
  if (best) return best;
  const done = legal.find((m) => m.kind === 'done');
  return done ?? forced ?? legal[0]!;
}

// ---------------------------------------------------------------------------------------------
// Determinization: a full state that agrees with the view

const EMPTY_RNG: Rng = [1, 2, 3, 4];

export function determinize(view: View, seat: Seat, rng0: Rng): [State, Rng] {
  const edition = view.edition;
  const you = view.you;
  if (!you) throw new Error('determinize: the view is not a seat view');
  let rng = rng0;
  const known = new Set<CardId>();
  const see = (ids: readonly CardId[]) => {
    for (const id of ids) known.add(id);
  };
  see(you.hand);
  see(you.deck);
  see(you.discards);
  for (const sv of view.seats) {
    see(sv.cashedIn);
    see(sv.bid.map((c) => c.id));
  }
  for (const d of view.auction.display) if (d.card !== null) known.add(d.card);
  see(view.auction.discards);
  let pool: CardId[] = EDITION_DATA[edition].cards.map((c) => c.id).filter((id) => !known.has(id));
  [pool, rng] = shuffle(rng, pool);
  const oppIndex = seat === 0 ? 1 : 0;
  const opp = view.seats[oppIndex]!;
  const mine = view.seats[seat]!;
  const take = (n: number): CardId[] => pool.splice(0, n);
  const oppHand = take(opp.handCount);
  const oppDeck = take(opp.deckCount);
  const oppDiscards = take(opp.discardsCount);
  const auctionDeck = take(view.auction.deckCount);
  // My deck: the set-aside card on top, the rest in an order nobody knows.
  let myDeck = you.deck.slice();
  if (you.setAside !== null) myDeck.splice(myDeck.indexOf(you.setAside), 1);
  [myDeck, rng] = shuffle(rng, myDeck);
  if (you.setAside !== null) myDeck.unshift(you.setAside);
  const bidCards = (sv: View['seats'][number]): BidCard[] =>
    sv.bid.map((c) => ({ id: c.id, suit: c.changed ? c.suit : null, charges: c.charges, powered: c.powered }));
  let oppSealed: SeatState['sealed'] = null;
  if (view.phase === 'commit' && opp.committed) {
    if (oppHand.length === 0) oppSealed = { setAside: null, bid: [] };
    else {
      let h: CardId[];
      [h, rng] = shuffle(rng, oppHand);
      let bid = h.slice(1);
      if (edition === '2018') {
        let k: number;
        [k, rng] = nextInt(rng, Math.min(MAX_BID_CARDS, bid.length) + 1);
        bid = bid.slice(0, k);
      }
      oppSealed = { setAside: h[0]!, bid };
    }
  }
  const seatState = (sv: View['seats'][number], own: boolean): SeatState =>
    own
      ? {
          deck: myDeck,
          hand: you.hand.slice(),
          discards: you.discards.slice(),
          cashedIn: sv.cashedIn.slice(),
          bid: bidCards(sv),
          sealed: you.sealed ? { setAside: you.sealed.setAside, bid: you.sealed.bid.slice() } : null,
          setAside: you.setAside,
          purchases: sv.purchases,
          done: sv.done,
        }
      : {
          deck: oppDeck,
          hand: oppHand,
          discards: oppDiscards,
          cashedIn: sv.cashedIn.slice(),
          bid: bidCards(sv),
          sealed: oppSealed,
          // The opponent's set-aside card (after the reveal) lies on top of its deck: unknown to us.
          setAside: view.phase === 'actions' && oppDeck.length > 0 ? oppDeck[0]! : null,
          purchases: sv.purchases,
          done: sv.done,
        };
  const seats: [SeatState, SeatState] =
    seat === 0 ? [seatState(mine, true), seatState(opp, false)] : [seatState(opp, false), seatState(mine, true)];
  const [stateRng, after] = splitRng(rng);
  rng = after;
  const state: State = {
    game: 'dutch-auction',
    edition,
    round: view.round,
    phase: view.phase,
    seats,
    auctionDeck,
    display: view.auction.display.map((d) => d.card),
    auctionDiscards: view.auction.discards.slice(),
    bidWinner: view.bidWinner,
    active: view.active,
    bidTotals:
      view.phase === 'commit' || mine.bidTotal === null || opp.bidTotal === null
        ? null
        : seat === 0
          ? [mine.bidTotal, opp.bidTotal]
          : [opp.bidTotal, mine.bidTotal],
    tieTossed: view.tieTossed,
    previous: view.previous,
    rng: stateRng,
  };
  return [state, rng];
}

function splitRng(rng: Rng): [Rng, Rng] {
  let u: number;
  let r = rng;
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    [u, r] = nextUnit(r);
    out.push(Math.floor(u * 4294967296) >>> 0);
  }
  if (out.every((x) => x === 0)) return [EMPTY_RNG, r];
  return [[out[0]!, out[1]!, out[2]!, out[3]!], r];
}

// ---------------------------------------------------------------------------------------------
// The playout policy: a cheap version of the easy bot's greed (no `apply` per candidate), with
// some noise so the samples see varied play

/** VP a phase 3 move gains at a glance: the card bought or taken, less off-suit payment lost. */
function quickGain(state: State, seat: Seat, m: Move): number {
  const edition = state.edition;
  const byId = EDITION_DATA[edition].byId;
  const me = state.seats[seat === 0 ? 0 : 1];
  switch (m.kind) {
    case 'done':
      return 0;
    case 'play':
      return 0.5;
    case 'power':
      if (m.power === 'take') return (byId[m.target]?.vp ?? 0) + 0.2;
      if (m.power === 'steal') return 2 * (byId[m.target]?.vp ?? 0);
      return -0.1;
    case 'purchase': {
      const bought = state.display[m.slot - 1];
      const info = bought ? byId[bought] : undefined;
      if (!info) return Number.NEGATIVE_INFINITY;
      let g = info.vp + 0.5;
      for (const id of m.pay) {
        const c = me.bid.find((b) => b.id === id);
        if (!c) continue;
        const suit = c.suit ?? byId[id]?.suit;
        if (suit !== info.suit) g -= byId[id]?.vp ?? 0;
      }
      return g;
    }
    case 'commit':
      return 0;
  }
}

function playoutMove(state: State, seat: Seat, legal: readonly Move[], rng0: Rng): [Move, Rng] {
  let rng = rng0;
  let u: number;
  [u, rng] = nextUnit(rng);
  if (state.phase === 'commit') {
    if (u < 0.7) return [easyCommit(state.edition, state.seats[seat === 0 ? 0 : 1].hand, state.round, legal), rng];
    let k: number;
    [k, rng] = nextInt(rng, legal.length);
    return [legal[k]!, rng];
  }
  if (u < 0.1) {
    let k: number;
    [k, rng] = nextInt(rng, legal.length);
    return [legal[k]!, rng];
  }
  let best: Move | null = null;
  let bestGain = 0;
  let forced: Move = legal[0]!;
  let forcedGain = Number.NEGATIVE_INFINITY;
  for (const m of legal) {
    if (m.kind === 'done') continue;
    const g = quickGain(state, seat, m);
    if (g > bestGain) {
      bestGain = g;
      best = m;
    }
    if (g > forcedGain) {
      forcedGain = g;
      forced = m;
    }
  }
  if (best) return [best, rng];
  return [legal.find((m) => m.kind === 'done') ?? forced, rng];
}

/** The margin squashed into [0, 1]; a finished game counts mostly by who won. */
function value(state: State, seat: Seat): number {
  const m = margin(state, seat);
  const soft = 1 / (1 + Math.exp(-m / 6));
  if (state.phase !== 'over') return soft;
  const win = m > 0 ? 1 : m < 0 ? 0 : 0.5;
  return 0.8 * win + 0.2 * soft;
}

export const searchHooks: SearchHooks<State, View, Move> = { determinize, playout: playoutMove, value };

const searchGame = { apply, legalMoves, toAct };

// ---------------------------------------------------------------------------------------------
// The bots

/** The easy level's move, from the view alone (phase 3 is judged on a determinized copy). */
function easyChoose(input: BotInput<View, Move>): Move {
  const { view, seat, legal } = input;
  if (legal.length === 1) return legal[0]!;
  const you = view.you;
  if (!you) return legal[0]!;
  if (view.phase === 'commit') return easyCommit(view.edition, you.hand, view.round, legal);
  // Phase 3 gains depend only on public cards and one's own: hidden cards are dealt at random and
  // never change a gain (margins differ by the same hidden amount before and after the move).
  const [state] = determinize(view, seat, seedRng(`${input.seed}/easy`));
  return greedyAction(state, seat, legal);
}

/**
 * The beginner's move: a new player's habits, not random play. It bids its whole hand every round
 * (setting aside the card it could least bid with: it overpays and keeps nothing back), buys the card
 * worth the most points it can buy unless the payment plainly costs more points than the card brings
 * (it never looks for a cheaper way to pay), and never uses a power.
 */
function beginnerChoose(input: BotInput<View, Move>): Move {
  const { view, legal } = input;
  if (legal.length === 1) return legal[0]!;
  const you = view.you;
  if (!you) return legal[0]!;
  if (view.phase === 'commit') {
    const hand = you.hand;
    if (hand.length === 0) return legal[0]!;
    let aside = hand[0]!;
    for (const id of hand) if (bidValue(view.edition, id) < bidValue(view.edition, aside)) aside = id;
    let bid = hand.filter((id) => id !== aside);
    if (view.edition === '2018') bid = bid.sort((a, b) => bidValue(view.edition, b) - bidValue(view.edition, a)).slice(0, MAX_BID_CARDS);
    return findCommit(legal, aside, bid) ?? easyCommit(view.edition, hand, view.round, legal);
  }
  const byId = EDITION_DATA[view.edition].byId;
  let best: Move | null = null;
  let bestVp = 0;
  for (const m of legal) {
    if (m.kind !== 'purchase') continue;
    const card = view.auction.display[m.slot - 1]?.card;
    const info = card ? byId[card] : undefined;
    if (!info) continue;
    // It sees a plain loss (paying more points away than it buys), not a better way to pay.
    let lost = 0;
    for (const id of m.pay) {
      const suit = view.seats[input.seat]?.bid.find((b) => b.id === id)?.suit ?? byId[id]?.suit;
      if (suit !== info.suit) lost += byId[id]?.vp ?? 0;
    }
    const vp = info.vp;
    if (vp > bestVp && vp > lost) {
      bestVp = vp;
      best = m;
    }
  }
  return best ?? legal.find((m) => m.kind === 'done') ?? legal[0]!;
}

export const STRONG_BUDGET: SearchBudget = { samples: 16, playoutsPerSample: 16, depth: 24 };

export function strongBot(budget: SearchBudget = STRONG_BUDGET): Bot<View, Move> {
  return {
    level: 'strong',
    choose(input) {
      if (input.legal.length === 1) return input.legal[0]!;
      return searchMove(searchGame, searchHooks, input, budget);
    },
  };
}

export const bots: Record<BotLevel, Bot<View, Move>> = {
  beginner: { level: 'beginner', choose: beginnerChoose },
  easy: { level: 'easy', choose: easyChoose },
  strong: strongBot(),
};

export function botFor(level: BotLevel): Bot<View, Move> {
  return bots[level];
}

/**
 * The platform's entry (../bots.ts): a bot moves when its seat is to act (sealed bids included).
 * `playerOf` builds it from any pair of levels (tests use a strong bot on a small budget).
 */
export const playerOf = (levels: Record<BotLevel, Bot<View, Move>>): BotPlayer<View, Move> => ({
  decide: (level, input) =>
    input.view.toAct.includes(input.seat) && input.legal.length > 0 ? { move: levels[level].choose(input) } : null,
});

export const botPlayer: BotPlayer<View, Move> = playerOf(bots);
