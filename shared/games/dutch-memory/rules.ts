/**
 * The rules: setup, apply and the automatic steps between moves (ending a turn, calling Dutch for a
 * player with no cards, scoring a round, dealing the next one); every legal move of a seat, who must
 * act, the move made at a deadline, which moves may be re-applied after a race; and the result.
 *
 * `apply` works on a draft: a copy of the state's top level. The first change to one of its arrays
 * (deck, pile, benches, one bench) copies that array, and later changes in the same move go to the
 * copy; nothing reachable from the input is ever written to, and unchanged parts are shared with
 * the result. `legalMoves` is kept in step with `apply`: the property tests apply every move it
 * lists and expect it to be accepted.
 *
 * Speed matters here (a bot's search plays thousands of random games per move; see
 * scripts/bench/dutch-memory.ts): the state is compact (state.ts: cards are numbers, a bench
 * position is one number with its seen-by mask), move objects and move lists are shared, there are
 * no object spreads (a spread of the state made apply twice as slow), and the deck is shuffled as
 * it is dealt from (state.ts, `unshuffled`): random play draws only part of each deck. No closures
 * are made per call either (the deal, the round's scores): besides the function object, the
 * bench's loader keeps function names, one defineProperty each. `toAct` and `legalMoves` hand out
 * shared lists rather than a new array per call (callers only read them). Tried and slower: frozen
 * turn objects looked up instead of made. Careful: card 0 is a card (the Ace of clubs), so cards
 * and positions are tested against null, `EMPTY` or -1, never by truthiness.
 *
 * Every exported function also takes a state stored in the readable form (plain.ts) and reads it
 * as the compact one.
 */
import type { Applied, MoveContext, Outcome, Result, Seat } from '../../engine/game.js';
import { ok } from '../../engine/game.js';
import { nextInt, seedRng, shuffleSteps } from '../../engine/random.js';
import {
  ACE_RANK,
  ALL_CARDS,
  faceAt,
  JACK_RANK,
  QUEEN_RANK,
  RANK_AT,
  snapMatchesAt,
  valuesOf,
  type CardFace,
  type CardId,
} from './cards.js';
import { fail } from './errors.js';
import type { DutchMemoryMove, Position } from './moves.js';
import type { Rules } from './presets.js';
import { current, type PlainState } from './plain.js';
import { seatsBeatingCaller, winnersOf } from './score.js';
import type {
  Bench,
  Card,
  DutchMemoryEvent,
  DutchMemoryState,
  Pending,
  PileCard,
  PowerName,
  RoundEnd,
  RoundRecord,
  Slot,
} from './state.js';
import { EMPTY, SEAT_SETS, SEEN } from './state.js';
import { outcomeWords, wrongPower } from './words.js';

export const CARDS_PER_BENCH = 4;

/** Every card's number, in order: what each deal shuffles (the same order `ALL_CARDS` names them in). */
const CARD_NUMBERS: readonly Card[] = ALL_CARDS.map((_, i) => i);

/** A face shown once to the acting seat in the response to its move (see `Applied.reveal`). */
export interface RevealedCard {
  readonly seat: Seat;
  readonly slot: number;
  readonly card: CardFace;
  readonly why: 'look' | 'peek' | 'penalty';
}

export interface DutchMemoryReveal {
  /** Face-down cards the mover just looked at: starting look, Queen's peek, a seen penalty card. */
  readonly cards: readonly RevealedCard[];
  /** The card just drawn from the deck (also in the mover's view while they hold it). */
  readonly drawn: CardFace | null;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Draft = Mutable<DutchMemoryState>;

/**
 * Everything one `apply` builds up. The draft's arrays start out as the input's; the first change
 * to one copies it (and notes that here), later changes in the same `apply` go to that copy.
 */
interface Work {
  d: Draft;
  /** Made with the first event: most moves have one, and an empty array would be made room for sixteen. */
  events: DutchMemoryEvent[] | null;
  /** Faces shown to the mover, made when the first one is. */
  reveal: RevealedCard[] | null;
  drawn: CardFace | null;
  now: number;
  ownDeck: boolean;
  ownPile: boolean;
  ownBenches: boolean;
  /** Seats whose bench this `apply` has copied, one bit each. */
  ownBench: number;
}

type ApplyResult = Result<Applied<DutchMemoryState, DutchMemoryEvent>>;

// ------------------------------------------------------------------ shared pieces

const MAX_SEATS = 8;
/** Positions never run past the 52 cards of the deck (moves.ts caps slots at 51). */
const MAX_SLOTS = 52;

const NOBODY = SEAT_SETS[0] as readonly Seat[];

/** The position's card, now also seen by `seat`. */
const seenBy = (slot: Slot, seat: Seat): Slot => slot | (SEEN << seat);
/** The card as seen by every seat of the table (face up on the pile, or shown after a wrong snap). */
const seenByAll = (card: Card, seats: number): Slot => card + SEEN * ((1 << seats) - 1);
const idOf = (card: Card): CardId => ALL_CARDS[card] as CardId;

export function cardCount(bench: Bench): number {
  let n = 0;
  for (let i = 0; i < bench.length; i++) if ((bench[i] as Slot) >= 0) n++;
  return n;
}

function isEmpty(bench: Bench): boolean {
  for (let i = 0; i < bench.length; i++) if ((bench[i] as Slot) >= 0) return false;
  return true;
}

/** A card can be drawn now: from the deck, or from a reshuffle of the pile below its top card. */
export function canDraw(state: DutchMemoryState): boolean {
  return state.deck.length > 0 || state.pile.length > 1;
}

/** The power a card gives under these rules when a player puts it on the pile, if any. */
function powerOf(rules: Rules, card: Card): PowerName | null {
  switch (RANK_AT[card]) {
    case QUEEN_RANK:
      return rules.queenPower === 'none' ? null : 'peek';
    case JACK_RANK:
      return rules.jackPower === 'none' ? null : 'swap';
    case ACE_RANK:
      return rules.acePower ? 'give' : null;
    default:
      return null;
  }
}

/** What is at a position: `EMPTY` for an empty or missing one. */
function slotAt(d: Draft, seat: Seat, slot: number): Slot {
  const bench = d.benches[seat];
  if (bench === undefined || slot >= bench.length) return EMPTY;
  return bench[slot] as Slot;
}

/**
 * A copy of a short array. Benches and the list of benches are mostly four long: written as a
 * literal, that copy is inlined where `slice` would be a call into the runtime.
 */
function copyOf<T>(a: readonly T[]): T[] {
  if (a.length === 4) return [a[0] as T, a[1] as T, a[2] as T, a[3] as T];
  return a.slice();
}

function setSlot(w: Work, seat: Seat, slot: number, value: Slot): void {
  const { d } = w;
  if (!w.ownBenches) {
    d.benches = copyOf(d.benches);
    w.ownBenches = true;
  }
  const benches = d.benches as Bench[];
  if ((w.ownBench & (1 << seat)) === 0) {
    benches[seat] = copyOf(benches[seat] as Bench);
    w.ownBench |= 1 << seat;
  }
  (benches[seat] as Slot[])[slot] = value;
}

/** New cards fill the first empty position, else a new one at the end. Returns the position. */
function placeInBench(w: Work, seat: Seat, value: Slot): number {
  const bench = w.d.benches[seat] as Bench;
  let slot = bench.indexOf(EMPTY);
  if (slot < 0) slot = bench.length;
  setSlot(w, seat, slot, value);
  return slot;
}

function ownPile(w: Work): PileCard[] {
  if (!w.ownPile) {
    w.d.pile = w.d.pile.slice();
    w.ownPile = true;
  }
  return w.d.pile as PileCard[];
}

/** The top card of the deck, reshuffling the pile below its top card first if the deck is out; -1 when there is none. */
function takeFromDeck(w: Work): Card {
  const { d } = w;
  if (d.deck.length === 0) {
    if (d.pile.length <= 1) return -1;
    const top = d.pile[d.pile.length - 1] as PileCard;
    const deck: Card[] = [];
    for (let i = 0; i < d.pile.length - 1; i++) deck.push((d.pile[i] as PileCard).card);
    // Shuffled as it is drawn from (see `unshuffled`).
    d.deck = deck;
    d.unshuffled = deck.length;
    w.ownDeck = true;
    d.pile = [top];
    w.ownPile = true;
    emit(w, { type: 'reshuffled', cards: deck.length });
  }
  const top = d.deck.length - 1;
  if (top < d.unshuffled) {
    // The top card's place is drawn now, as the whole shuffle would have drawn it.
    const own = w.ownDeck ? (d.deck as Card[]) : d.deck.slice();
    d.rng = shuffleSteps(d.rng, own, top, top);
    d.deck = own;
    d.unshuffled = top;
    w.ownDeck = true;
  }
  const deck = d.deck;
  const card = deck[top] as Card;
  if (w.ownDeck) (deck as Card[]).pop();
  else {
    d.deck = deck.slice(0, -1);
    w.ownDeck = true;
  }
  return card;
}

function pushPile(w: Work, card: Card, closed: boolean): number {
  const serial = w.d.nextSerial;
  w.d.nextSerial = serial + 1;
  const entry: PileCard = { card, serial, at: w.now, closed };
  if (w.ownPile) (w.d.pile as PileCard[]).push(entry);
  else {
    // A copy with room for exactly one more (a copy then a push would grow it by half again).
    const pile = w.d.pile;
    const n = pile.length;
    const out = new Array<PileCard>(n + 1);
    for (let i = 0; i < n; i++) out[i] = pile[i] as PileCard;
    out[n] = entry;
    w.d.pile = out;
    w.ownPile = true;
  }
  return serial;
}

function queuePower(w: Work, seat: Seat, card: Card): void {
  const power = powerOf(w.d.rules, card);
  if (!power) return;
  const pending = w.d.pending.slice();
  pending.push({ kind: power, seat, card });
  w.d.pending = pending;
  emit(w, { type: 'power', seat, power, card: idOf(card) });
}

/** A card the player whose turn it is has put on the pile: its power, and the last-Queen rule. */
function afterTurnDiscard(w: Work, seat: Seat, card: Card): void {
  if (RANK_AT[card] === QUEEN_RANK) {
    const t = w.d.turn;
    w.d.turn = { seat: t.seat, step: t.step, held: t.held, placedQueen: true };
  }
  queuePower(w, seat, card);
}

/** The drawn card goes straight onto the pile. */
function discardDrawn(w: Work, seat: Seat, card: Card): void {
  const serial = pushPile(w, card, false);
  emit(w, { type: 'discarded', seat, card: idOf(card), serial });
  afterTurnDiscard(w, seat, card);
}

function emit(w: Work, event: DutchMemoryEvent): void {
  if (w.events) w.events.push(event);
  else w.events = [event];
}

function show(w: Work, card: RevealedCard): void {
  if (w.reveal) w.reveal.push(card);
  else w.reveal = [card];
}

/** Penalty cards for `seat`. A seen card is revealed in the move's answer only when `seat` made the move. */
function penalise(w: Work, seat: Seat, count: number, mover: Seat = seat): void {
  for (let i = 0; i < count; i++) {
    const card = takeFromDeck(w);
    if (card < 0) {
      emit(w, { type: 'penalty', seat, slot: null });
      continue;
    }
    const seen = w.d.rules.penaltyCardSeen;
    const slot = placeInBench(w, seat, seen ? seenBy(card, seat) : card);
    emit(w, { type: 'penalty', seat, slot });
    if (seen && seat === mover) show(w, { seat, slot, card: faceAt(w.d.rules.cardValues, card), why: 'penalty' });
  }
}

// ------------------------------------------------------------------ rounds

function startRound(w: Work): void {
  const { d } = w;
  d.round += 1;
  // The first round keeps the dealer `setup` chose.
  if (d.round > 1) d.dealer = (d.dealer + 1) % d.seats;
  // The part of the last deck nobody drew was never put in place: move the generator on past it,
  // then shuffle only the cards dealt now; the rest is shuffled as it is drawn (see `unshuffled`).
  if (d.unshuffled > 1) d.rng = shuffleSteps(d.rng, null, d.unshuffled - 1, 1);
  const cards = CARD_NUMBERS.slice();
  const dealt = CARDS_PER_BENCH * d.seats;
  d.rng = shuffleSteps(d.rng, cards, cards.length - 1, cards.length - dealt);
  d.unshuffled = cards.length - dealt;
  // Dealt one at a time from the top of the deck (its end), as at a table: in the k-th pass round
  // the table seat s gets the (k × seats + s)-th card from the top. Each bench is made whole.
  const n = d.seats;
  // Written out, no closure per deal (the bench runs keep function names, which costs a call each).
  const top = cards.length - 1;
  const benches = new Array<Slot[]>(n);
  const looked = new Array<boolean>(n);
  for (let s = 0; s < n; s++) {
    const c = top - s;
    // Face down, seen by nobody: a position holding just the card's number.
    benches[s] = [cards[c] as Card, cards[c - n] as Card, cards[c - 2 * n] as Card, cards[c - 3 * n] as Card]; // CARDS_PER_BENCH
    looked[s] = false;
  }
  // Popped, not cut by setting the length: that goes through the runtime, popping does not.
  for (let i = 0; i < CARDS_PER_BENCH * n; i++) cards.pop();
  d.deck = cards;
  d.pile = [];
  d.aside = [];
  d.benches = benches;
  // Everything just dealt is this apply's own.
  w.ownDeck = true;
  w.ownPile = true;
  w.ownBenches = true;
  w.ownBench = -1;
  d.looked = looked;
  d.turn = { seat: (d.dealer + 1) % d.seats, step: 'start', held: null, placedQueen: false };
  d.pending = [];
  d.caller = null;
  d.roundFirstSerial = d.nextSerial;
  d.phase = 'look';
  emit(w, { type: 'round-started', round: d.round, dealer: d.dealer });
}

/**
 * Everyone has looked: play begins with the dealer's left (already set by `startRound`), after
 * the dealer turns up a first discard under the bench rules.
 */
function beginPlay(w: Work): void {
  const { d } = w;
  d.phase = 'play';
  if (d.rules.openingDiscard) {
    const card = takeFromDeck(w);
    const serial = pushPile(w, card, false);
    emit(w, { type: 'opening-discard', card: idOf(card), serial });
  }
}

function endRound(w: Work, reason: RoundEnd, emptied: Seat | null): void {
  const { d } = w;
  const rules = d.rules;
  const values = valuesOf(rules.cardValues);
  const n = d.benches.length;
  const benches = new Array<CardId[]>(n);
  const sums = new Array<number>(n);
  const scores = new Array<number>(n);
  for (let s = 0; s < n; s++) {
    const bench = d.benches[s] as Bench;
    // At its exact length: pushing onto an empty array would make room for sixteen.
    const cards = new Array<CardId>(cardCount(bench));
    let sum = 0;
    let k = 0;
    for (let i = 0; i < bench.length; i++) {
      const slot = bench[i] as Slot;
      if (slot < 0) continue;
      const card = slot & 63;
      cards[k++] = ALL_CARDS[card] as CardId;
      sum += values[card] as number;
    }
    benches[s] = cards;
    sums[s] = scores[s] = sum;
  }
  const callerCards: CardId[] = [];
  let callerDelta = 0;
  let callerLowest: boolean | null = null;
  if (d.caller !== null) {
    const beating = seatsBeatingCaller(rules, sums, d.caller);
    callerLowest = beating.length === 0;
    const wanted = callerLowest
      ? rules.callerLowest === 'bonus-card'
        ? 1
        : 0
      : rules.callerNotLowest === 'card-per-player'
        ? beating.length
        : rules.callerNotLowest === 'one-card'
          ? 1
          : 0;
    let value = 0;
    for (let i = 0; i < wanted; i++) {
      const card = takeFromDeck(w);
      if (card < 0) continue;
      callerCards.push(idOf(card));
      value += values[card] as number;
    }
    callerDelta = callerLowest ? 0 - value : value; // never -0: the state must survive a JSON round trip unchanged
    scores[d.caller] = (scores[d.caller] ?? 0) + callerDelta;
  }
  const totals = new Array<number>(d.totals.length);
  let reached = false;
  for (let s = 0; s < totals.length; s++) {
    const t = (d.totals[s] as number) + (scores[s] ?? 0);
    totals[s] = t;
    if (t >= rules.endScore) reached = true;
  }
  const record: RoundRecord = {
    round: d.round,
    dealer: d.dealer,
    caller: d.caller,
    reason,
    benches,
    sums,
    callerLowest,
    callerCards,
    callerDelta,
    scores,
    totals,
  };
  d.aside = callerCards;
  d.totals = totals;
  const history = d.history.slice();
  history.push(record);
  d.history = history;
  d.pending = [];
  emit(w, { type: 'round-ended', round: d.round, reason, emptied, record });
  if (reached) {
    d.phase = 'over';
    emit(w, { type: 'game-ended', winners: winnersOf(rules, totals, d.history), totals });
    return;
  }
  startRound(w);
}

/**
 * Runs the steps nobody chooses, until someone has to act: the round ends when a bench empties
 * (Marmot rules), when the deck is exhausted, or when the turn comes back to the Dutch caller;
 * otherwise a finished turn passes clockwise, and a player found with no cards at the start of
 * their turn has Dutch called for them (bench rules).
 */
function settle(w: Work): void {
  const { d } = w;
  for (;;) {
    if (d.phase !== 'play') return;
    if (d.rules.emptyBench === 'win-round') {
      const emptied = emptiedBench(d.benches);
      if (emptied >= 0) {
        endRound(w, 'bench-emptied', emptied);
        continue;
      }
    }
    if (d.pending.length > 0) return;
    if (d.turn.step === 'drawn') return;
    if (d.turn.step === 'start') {
      if (canDraw(d)) return;
      endRound(w, 'deck-empty', null);
      continue;
    }
    let next = (d.turn.seat + 1) % d.seats;
    if (d.caller !== null && next === d.caller) {
      if (!(d.rules.lastQueenExtends && d.turn.placedQueen)) {
        endRound(w, 'dutch', null);
        continue;
      }
      // Optional bench rule: a Queen in the last final turn sends the final turns round once more.
      next = (next + 1) % d.seats;
    }
    d.turn = { seat: next, step: 'start', held: null, placedQueen: false };
    if (d.rules.emptyBench === 'auto-dutch' && d.caller === null && isEmpty(d.benches[next] as Bench)) {
      d.caller = next;
      d.turn = { seat: next, step: 'done', held: null, placedQueen: false };
      emit(w, { type: 'called-dutch', seat: next, automatic: true });
    }
  }
}

function emptiedBench(benches: readonly Bench[]): Seat {
  for (let s = 0; s < benches.length; s++) if (isEmpty(benches[s] as Bench)) return s;
  return -1;
}

// ------------------------------------------------------------------ setup

/**
 * Marmot: "A dealer is randomly chosen". The draw comes from a generator of its own, seeded from
 * the match's seed, so the deal and every later shuffle stay what they were for that seed.
 */
function firstDealer(rules: Rules, seats: number, seed: string): Seat {
  if (rules.firstDealer !== 'random') return seats - 1;
  return nextInt(seedRng(`${seed}/first-dealer`), seats)[0];
}

function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

export function setup(seats: number, rules: Rules, seed: string): DutchMemoryState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 8) throw new RangeError(`Dutch is played by 2 to 8, not ${seats}`);
  const d: Draft = {
    format: 2,
    rules,
    seats,
    phase: 'look',
    round: 0,
    dealer: firstDealer(rules, seats, seed),
    deck: [],
    unshuffled: 0,
    pile: [],
    aside: [],
    benches: [],
    looked: [],
    turn: { seat: 0, step: 'start', held: null, placedQueen: false },
    pending: [],
    caller: null,
    nextSerial: 0,
    roundFirstSerial: 0,
    totals: zeros(seats),
    history: [],
    rng: seedRng(seed),
  };
  startRound(newWork(d, 0));
  return d;
}

// ------------------------------------------------------------------ apply

export function apply(stored: DutchMemoryState | PlainState, seat: Seat, move: DutchMemoryMove, ctx: MoveContext): ApplyResult {
  const state = current(stored);
  if (state.phase === 'over') return fail('game-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return fail('no-such-seat');
  const w = newWork(draftOf(state), ctx.now);
  const error = dispatch(w, seat, move);
  if (error) return error;
  settle(w);
  const reveal: DutchMemoryReveal | undefined = w.reveal || w.drawn ? { cards: w.reveal ?? NO_CARDS, drawn: w.drawn } : undefined;
  const events = w.events ?? NO_EVENTS;
  return ok(reveal ? { state: w.d, events, reveal } : { state: w.d, events });
}

/** A copy of the state's top level, its fields in the order `setup` writes them (one object shape for all states). */
function draftOf(s: DutchMemoryState): Draft {
  return {
    format: 2,
    rules: s.rules,
    seats: s.seats,
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    deck: s.deck,
    unshuffled: s.unshuffled,
    pile: s.pile,
    aside: s.aside,
    benches: s.benches,
    looked: s.looked,
    turn: s.turn,
    pending: s.pending,
    caller: s.caller,
    nextSerial: s.nextSerial,
    roundFirstSerial: s.roundFirstSerial,
    totals: s.totals,
    history: s.history,
    rng: s.rng,
  };
}

/**
 * A new `Work` per `apply` (and `setup`). A young object: one kept from call to call would be old,
 * and every draft or event stored into it would go through the garbage collector's write barrier.
 */
function newWork(d: Draft, now: number): Work {
  return { d, events: null, reveal: null, drawn: null, now, ownDeck: false, ownPile: false, ownBenches: false, ownBench: 0 };
}

type Refusal = Result<never>;

/** Shared empty lists for results without reveals or events (an array per result showed in the GC). */
const NO_CARDS: readonly RevealedCard[] = Object.freeze([]);
const NO_EVENTS: readonly DutchMemoryEvent[] = Object.freeze([]);

/**
 * Moves come in many shapes, so reading `kind` is a slow (megamorphic) lookup: it is read once
 * here and handed on.
 */
function dispatch(w: Work, seat: Seat, move: DutchMemoryMove): Refusal | null {
  const { kind } = move;
  switch (kind) {
    case 'look':
      return look(w, seat, move.slots);
    case 'snap':
      return snap(w, seat, move.on, move.owner ?? seat, move.slot);
    case 'peek':
    case 'swap':
    case 'give':
    case 'give-back':
    case 'skip':
      return resolvePending(w, seat, move, kind);
    case 'exchange':
    case 'take-discard':
      return turnMove(w, seat, kind, move.slot);
    default:
      return turnMove(w, seat, kind, 0);
  }
}

function noCard(seat: Seat, slot: number, self: Seat): Refusal {
  return seat === self
    ? fail('empty-position', { position: slot + 1 }, 'game.dutch-memory.error.empty-position.yours')
    : fail('empty-position', { position: slot + 1 });
}

function look(w: Work, seat: Seat, slots: readonly [number, number]): Refusal | null {
  const { d } = w;
  if (d.phase !== 'look') return fail('not-looking-time');
  if (d.looked[seat]) return fail('already-looked');
  const a = slots[0];
  const b = slots[1];
  if (a === b) return fail('same-position');
  const first = slotAt(d, seat, a);
  if (first < 0) return noCard(seat, a, seat);
  const second = slotAt(d, seat, b);
  if (second < 0) return noCard(seat, b, seat);
  setSlot(w, seat, a, seenBy(first, seat));
  setSlot(w, seat, b, seenBy(second, seat));
  const values = d.rules.cardValues;
  w.reveal = [
    { seat, slot: a, card: faceAt(values, first & 63), why: 'look' },
    { seat, slot: b, card: faceAt(values, second & 63), why: 'look' },
  ];
  const looked = d.looked.slice();
  looked[seat] = true;
  d.looked = looked;
  emit(w, { type: 'looked', seat, slots: [a, b] });
  if (!looked.includes(false)) beginPlay(w);
  return null;
}

/** A move of the player whose turn it is; `slot` is the position an exchange or a take from the pile names. */
function turnMove(
  w: Work,
  seat: Seat,
  kind: 'draw' | 'draw-and-discard' | 'exchange' | 'discard' | 'take-discard' | 'call-dutch',
  slot: number,
): Refusal | null {
  const { d } = w;
  if (d.phase !== 'play') return fail('not-started');
  const front = d.pending[0];
  if (front) {
    return front.seat === seat ? fail('power-pending', undefined, 'game.dutch-memory.error.power-pending.yours') : fail('power-pending');
  }
  if (d.turn.seat !== seat) return fail('not-your-turn');
  const step = d.turn.step;
  switch (kind) {
    case 'draw':
    case 'draw-and-discard': {
      if (step !== 'start') return fail('already-drawn');
      const card = takeFromDeck(w);
      if (card < 0) return fail('deck-empty');
      emit(w, { type: 'drew', seat });
      if (kind === 'draw') {
        d.turn = { seat: d.turn.seat, step: 'drawn', held: card, placedQueen: d.turn.placedQueen };
        w.drawn = faceAt(d.rules.cardValues, card);
        return null;
      }
      d.turn = { seat: d.turn.seat, step: 'done', held: d.turn.held, placedQueen: d.turn.placedQueen };
      discardDrawn(w, seat, card);
      return null;
    }
    case 'discard': {
      const card = d.turn.held;
      if (step !== 'drawn' || card === null) return fail('nothing-drawn');
      d.turn = { seat: d.turn.seat, step: 'done', held: null, placedQueen: d.turn.placedQueen };
      discardDrawn(w, seat, card);
      return null;
    }
    case 'exchange': {
      const card = d.turn.held;
      if (step !== 'drawn' || card === null) return fail('nothing-drawn');
      const old = slotAt(d, seat, slot);
      if (old < 0) return noCard(seat, slot, seat);
      // Only the drawer has seen the drawn card.
      setSlot(w, seat, slot, seenBy(card, seat));
      d.turn = { seat: d.turn.seat, step: 'done', held: null, placedQueen: d.turn.placedQueen };
      const discarded = old & 63;
      const serial = pushPile(w, discarded, false);
      emit(w, { type: 'exchanged', seat, slot, discarded: idOf(discarded), serial, took: null });
      afterTurnDiscard(w, seat, discarded);
      return null;
    }
    case 'take-discard': {
      if (!d.rules.drawFromDiscard) return fail('no-discard-draws');
      if (step !== 'start') return fail('already-drawn');
      const top = d.pile[d.pile.length - 1];
      if (!top) return fail('pile-empty');
      const old = slotAt(d, seat, slot);
      if (old < 0) return noCard(seat, slot, seat);
      ownPile(w).pop();
      // It came face up from the pile: the whole table has seen it.
      setSlot(w, seat, slot, seenByAll(top.card, d.seats));
      d.turn = { seat: d.turn.seat, step: 'done', held: d.turn.held, placedQueen: d.turn.placedQueen };
      const discarded = old & 63;
      const serial = pushPile(w, discarded, false);
      emit(w, { type: 'exchanged', seat, slot, discarded: idOf(discarded), serial, took: idOf(top.card) });
      afterTurnDiscard(w, seat, discarded);
      return null;
    }
    case 'call-dutch': {
      if (step !== 'start') return fail('too-late-to-call');
      if (d.caller !== null) return fail('dutch-already-called');
      d.caller = seat;
      d.turn = { seat: d.turn.seat, step: 'done', held: d.turn.held, placedQueen: d.turn.placedQueen };
      emit(w, { type: 'called-dutch', seat, automatic: false });
      return null;
    }
  }
}

function resolvePending(
  w: Work,
  seat: Seat,
  move: Extract<DutchMemoryMove, { kind: 'peek' | 'swap' | 'give' | 'give-back' | 'skip' }>,
  kind: 'peek' | 'swap' | 'give' | 'give-back' | 'skip',
): Refusal | null {
  const { d } = w;
  if (d.phase !== 'play') return fail('no-power');
  const front = d.pending[0];
  if (!front || front.seat !== seat) {
    return front ? fail('not-your-power') : fail('no-power', undefined, 'game.dutch-memory.error.no-power.yours');
  }
  if (kind === 'skip') {
    emit(w, { type: 'skipped', seat, what: front.kind });
    d.pending = d.pending.slice(1);
    return null;
  }
  if (kind !== front.kind) return fail('wrong-power', ...wrongPower(front));
  switch (move.kind) {
    case 'peek': {
      const err = checkPosition(d, seat, move.at);
      if (err) return err;
      const card = slotAt(d, move.at.seat, move.at.slot);
      setSlot(w, move.at.seat, move.at.slot, seenBy(card, seat));
      show(w, { seat: move.at.seat, slot: move.at.slot, card: faceAt(d.rules.cardValues, card & 63), why: 'peek' });
      emit(w, { type: 'peeked', seat, at: { seat: move.at.seat, slot: move.at.slot } });
      break;
    }
    case 'swap': {
      const err = checkPosition(d, seat, move.a) ?? checkPosition(d, seat, move.b);
      if (err) return err;
      if (move.a.seat === move.b.seat && move.a.slot === move.b.slot) return fail('same-position');
      if (d.rules.jackPower === 'swap-different-benches' && move.a.seat === move.b.seat) {
        return fail('same-bench');
      }
      const a = slotAt(d, move.a.seat, move.a.slot);
      const b = slotAt(d, move.b.seat, move.b.slot);
      setSlot(w, move.a.seat, move.a.slot, b);
      setSlot(w, move.b.seat, move.b.slot, a);
      emit(w, { type: 'swapped', seat, a: { seat: move.a.seat, slot: move.a.slot }, b: { seat: move.b.seat, slot: move.b.slot } });
      break;
    }
    case 'give': {
      if (move.to === seat) return fail('give-to-self');
      if (move.to >= d.seats) return fail('no-such-seat');
      const card = takeFromDeck(w);
      if (card < 0) return fail('deck-empty', undefined, 'game.dutch-memory.error.deck-empty.give');
      const slot = placeInBench(w, move.to, card);
      emit(w, { type: 'gave', seat, to: move.to, slot });
      break;
    }
    case 'give-back': {
      if (front.kind !== 'give-back') return fail('wrong-power', undefined, 'game.dutch-memory.error.wrong-power.nothing-to-give-back');
      const mine = slotAt(d, seat, move.slot);
      if (mine < 0) return noCard(seat, move.slot, seat);
      setSlot(w, seat, move.slot, EMPTY);
      const slot = placeInBench(w, front.to, mine);
      emit(w, { type: 'gave-back', seat, to: front.to, from: move.slot, slot });
      break;
    }
  }
  d.pending = d.pending.slice(1);
  return null;
}

function checkPosition(d: Draft, self: Seat, at: Position): Refusal | null {
  if (at.seat >= d.seats) return fail('no-such-seat');
  return slotAt(d, at.seat, at.slot) >= 0 ? null : noCard(at.seat, at.slot, self);
}

/**
 * A snap: put the card at `owner`'s `slot` on the pile, claiming it matches the discard numbered
 * `on`. It counts when that discard is still the open top card (not covered, taken or already
 * snapped), or, with a minimum snap window, was covered less than `snapWindowMs` ago. A match
 * (`snapMatches`: same rank, and a King only on a King of its colour) wins; otherwise the card is
 * shown to the table and stays, and the snapper takes penalty cards. A late snap costs the same
 * penalty, but its card is not shown: it never reached the pile.
 *
 * Another player's card (when the rules allow it): under `give-back` a miss costs double and a hit
 * lets the snapper hand the owner a card; under `replace-and-penalty` a miss costs the usual
 * penalty and a hit gives the owner a new card in that position plus a penalty card.
 */
function snap(w: Work, seat: Seat, on: number, owner: Seat, slot: number): Refusal | null {
  const { d } = w;
  if (d.phase !== 'play') return fail('not-started', undefined, 'game.dutch-memory.error.not-started.snap');
  if (owner >= d.seats) return fail('no-such-seat');
  if (owner !== seat && !d.rules.snapOthers) return fail('not-your-card');
  if (d.nextSerial === d.roundFirstSerial) return fail('nothing-to-snap');
  if (on < d.roundFirstSerial) return fail('round-over');
  if (on >= d.nextSerial) return fail('unknown-discard');
  const mine = slotAt(d, owner, slot);
  if (mine < 0) return noCard(owner, slot, seat);
  const card = mine & 63;
  const index = findSerial(d.pile, on);
  const target = index >= 0 ? (d.pile[index] as PileCard) : null;
  const timely =
    target !== null &&
    !target.closed &&
    (index === d.pile.length - 1 || (d.rules.snapWindowMs > 0 && w.now < target.at + d.rules.snapWindowMs));
  const others = owner !== seat;
  const double = others && d.rules.othersSnap === 'give-back' ? 2 : 1;
  if (!timely) {
    emit(w, { type: 'snap-failed', seat, owner, slot, card: idOf(card), why: 'late', on: target === null ? null : idOf(target.card) });
    penalise(w, seat, d.rules.penaltyCards * double);
    return null;
  }
  if (!snapMatchesAt(card, target.card)) {
    // Everyone saw the card land and go back.
    setSlot(w, owner, slot, seenByAll(card, d.seats));
    emit(w, { type: 'snap-failed', seat, owner, slot, card: idOf(card), why: 'wrong', on: idOf(target.card) });
    penalise(w, seat, d.rules.penaltyCards * double);
    return null;
  }
  setSlot(w, owner, slot, EMPTY);
  const serial = d.nextSerial;
  d.nextSerial = serial + 1;
  const pile = ownPile(w);
  pile[index] = { card: target.card, serial: target.serial, at: target.at, closed: true };
  // Within a minimum window the snap may arrive after the target was covered: it goes in just above it.
  pile.splice(index + 1, 0, { card, serial, at: w.now, closed: true });
  emit(w, { type: 'snapped', seat, owner, slot, card: idOf(card), on: idOf(target.card), serial });
  if (others && d.rules.othersSnap === 'give-back') d.pending = [...d.pending, { kind: 'give-back', seat, to: owner }];
  if (others && d.rules.othersSnap === 'replace-and-penalty') {
    // The owner's new card is dealt face down into the emptied position: nobody has seen it.
    const fresh = takeFromDeck(w);
    if (fresh >= 0) {
      setSlot(w, owner, slot, fresh);
      emit(w, { type: 'replaced', seat: owner, slot });
    }
    penalise(w, owner, d.rules.penaltyCards, seat);
  }
  queuePower(w, seat, card);
  return null;
}

function findSerial(pile: readonly PileCard[], serial: number): number {
  for (let i = pile.length - 1; i >= 0; i--) if ((pile[i] as PileCard).serial === serial) return i;
  return -1;
}

// ------------------------------------------------------------------ legal moves, who acts, deadlines, rebasing

function filledSlots(state: DutchMemoryState, seat: Seat): number[] {
  const out: number[] = [];
  const bench = state.benches[seat] ?? [];
  for (let i = 0; i < bench.length; i++) if ((bench[i] as Slot) >= 0) out.push(i);
  return out;
}

/*
 * Moves are plain data, so the lists below hand out shared, frozen move objects: building a list
 * then costs an array, not an object per move. Snap moves name the serial of the discard they aim
 * at, so they are made afresh.
 */
const freeze = Object.freeze;
/** A table filled up front: writing far into an empty array would turn it into a slow dictionary. */
const unset = <T>(n: number): (T | undefined)[] => Array.from({ length: n }, () => undefined);
const DRAW: DutchMemoryMove = freeze({ kind: 'draw' });
const DRAW_AND_DISCARD: DutchMemoryMove = freeze({ kind: 'draw-and-discard' });
const DISCARD: DutchMemoryMove = freeze({ kind: 'discard' });
const CALL_DUTCH: DutchMemoryMove = freeze({ kind: 'call-dutch' });
const SKIP: DutchMemoryMove = freeze({ kind: 'skip' });
const bySlot = (make: (slot: number) => DutchMemoryMove): readonly DutchMemoryMove[] =>
  Array.from({ length: MAX_SLOTS }, (_, slot) => freeze(make(slot)));
const EXCHANGE = bySlot((slot) => ({ kind: 'exchange', slot }));
const TAKE_DISCARD = bySlot((slot) => ({ kind: 'take-discard', slot }));
const GIVE_BACK = bySlot((slot) => ({ kind: 'give-back', slot }));
const GIVE: readonly DutchMemoryMove[] = Array.from({ length: MAX_SEATS }, (_, to) => freeze({ kind: 'give', to }));
/** Position `seat * MAX_SLOTS + slot`, as the `{ seat, slot }` moves carry it. */
const POSITIONS: readonly Position[] = Array.from({ length: MAX_SEATS * MAX_SLOTS }, (_, p) =>
  freeze({ seat: Math.floor(p / MAX_SLOTS), slot: p % MAX_SLOTS }),
);
const PEEK: readonly DutchMemoryMove[] = POSITIONS.map((at) => freeze({ kind: 'peek', at }));
/** Swaps by the pair of positions, made when first asked for. */
const SWAP: ((DutchMemoryMove | undefined)[] | undefined)[] = POSITIONS.map(() => undefined);

/** Starting looks by the pair of positions (a < b), made when first asked for. */
const LOOK = unset<DutchMemoryMove>(MAX_SLOTS * MAX_SLOTS);

function lookMove(a: number, b: number): DutchMemoryMove {
  const key = a * MAX_SLOTS + b;
  let move = LOOK[key];
  if (move === undefined || b >= MAX_SLOTS) {
    move = freeze({ kind: 'look', slots: freeze([a, b]) as [number, number] });
    if (b < MAX_SLOTS) LOOK[key] = move;
  }
  return move;
}

function swapMove(a: number, b: number): DutchMemoryMove {
  let row = SWAP[a];
  if (row === undefined) {
    row = unset<DutchMemoryMove>(POSITIONS.length);
    SWAP[a] = row;
  }
  let move = row[b];
  if (move === undefined) {
    move = freeze({ kind: 'swap', a: POSITIONS[a] as Position, b: POSITIONS[b] as Position });
    row[b] = move;
  }
  return move;
}

/**
 * Snaps are offered against the open top discard only, with every card the seat may snap (its own,
 * and with the optional rule everyone else's). Whether the card matches is for `apply` to find
 * out: a wrong snap is a legal move that costs a penalty.
 *
 * Not listed, though `apply` accepts them: snaps naming an older discard of this round. They are
 * what a raced snap looks like when the platform re-applies it (judged late: a penalty), and,
 * with a minimum snap window, snaps at a covered discard still inside its window — which this
 * function cannot see, as it has no clock. The view lists those under `snap.covered`.
 */
function snaps(state: DutchMemoryState, seat: Seat, out: DutchMemoryMove[]): void {
  const top = state.pile[state.pile.length - 1];
  if (!top || top.closed) return;
  const on = top.serial;
  const own = state.benches[seat] as Bench;
  for (let slot = 0; slot < own.length; slot++) if ((own[slot] as Slot) >= 0) out.push({ kind: 'snap', on, slot });
  if (!state.rules.snapOthers) return;
  for (let owner = 0; owner < state.seats; owner++) {
    if (owner === seat) continue;
    const bench = state.benches[owner] as Bench;
    for (let slot = 0; slot < bench.length; slot++) if ((bench[slot] as Slot) >= 0) out.push({ kind: 'snap', on, slot, owner });
  }
}

/**
 * Every legal move of `seat`. Without `withSnaps` the snaps are left out: the moves that keep the
 * game going, which is what a search's random playouts draw from.
 */
export function legalMoves(stored: DutchMemoryState | PlainState, seat: Seat, withSnaps = true): DutchMemoryMove[] {
  const state = current(stored);
  if (seat < 0 || seat >= state.seats) return [];
  if (state.phase === 'look') {
    if (state.looked[seat]) return [];
    const own = state.benches[seat] as Bench;
    const key = occupancy(own);
    return kept(LOOKS, key) ?? keep(LOOKS, key, lookMoves(own));
  }
  if (state.phase !== 'play') return [];
  const moves = playMoves(state, seat);
  if (!withSnaps) return moves;
  const out: DutchMemoryMove[] = [];
  snaps(state, seat, out);
  for (let i = 0; i < moves.length; i++) out.push(moves[i] as DutchMemoryMove);
  return out;
}

/*
 * The lists below are made at their exact length and filled in: pushing onto an empty array makes
 * room for sixteen first, then half as much again each time it fills.
 */

function lookMoves(own: Bench): DutchMemoryMove[] {
  const slots: number[] = [];
  for (let slot = 0; slot < own.length; slot++) if ((own[slot] as Slot) >= 0) slots.push(slot);
  const out = new Array<DutchMemoryMove>((slots.length * (slots.length - 1)) / 2);
  let n = 0;
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) out[n++] = lookMove(slots[i] as number, slots[j] as number);
  }
  return out;
}

/**
 * Lists depend only on which positions hold cards (and a few flags), so the common ones are kept by
 * that key, one table per kind of list, and handed out as they are (a copy per call showed in the
 * playouts' profile). So a list `legalMoves` returns must be read, never changed. They are not
 * frozen: reading a frozen array is slower in V8 (the bench's listing of snaps lost a fifth). Keys stay small integers (fast
 * to look up): benches longer than 7 positions, and tables of more than 4, are not kept.
 */
const BENCH_KEY_BITS = 7;
const LIST_CACHE_LIMIT = 4096;
const LOOKS = 0;
const STARTS = 1;
const DRAWN = 2;
const PEEKS = 3;
const SWAPS_APART = 4;
const SWAPS_ANY = 5;
const LISTS = Array.from({ length: 6 }, () => new Map<number, DutchMemoryMove[]>());

/** Which positions of a bench hold cards, one bit each; -1 when the bench is too long to say so. */
function occupancy(bench: Bench): number {
  if (bench.length > BENCH_KEY_BITS) return -1;
  let mask = 0;
  for (let i = 0; i < bench.length; i++) if ((bench[i] as Slot) >= 0) mask |= 1 << i;
  return mask;
}

/** Every bench's occupancy in one number, after a leading 1 that tells how many benches (up to 4), or -1. */
function tableOccupancy(state: DutchMemoryState): number {
  if (state.seats > 4) return -1;
  let key = 1;
  for (let s = 0; s < state.seats; s++) {
    const mask = occupancy(state.benches[s] as Bench);
    if (mask < 0) return -1;
    key = key * (1 << BENCH_KEY_BITS) + mask;
  }
  return key;
}

/**
 * The lists of one seat's bench (starting looks, turn starts, moves with a drawn card) have keys
 * below 2^10, so they are kept in plain arrays by key, which look up faster than a Map.
 */
const SMALL_KEYS = 1 << (BENCH_KEY_BITS + 3);
const SMALL = [LOOKS, STARTS, DRAWN].map(() => unset<DutchMemoryMove[]>(SMALL_KEYS));

/** A copy of the list of this kind kept under `key`, if there is one (key -1: never kept). */
function kept(kind: number, key: number): DutchMemoryMove[] | undefined {
  if (key < 0) return undefined;
  if (kind <= DRAWN) return (SMALL[kind] as (DutchMemoryMove[] | undefined)[])[key];
  return LISTS[kind]?.get(key);
}

function keep(kind: number, key: number, list: DutchMemoryMove[]): DutchMemoryMove[] {
  if (key < 0) return list;
  if (kind <= DRAWN) {
    (SMALL[kind] as (DutchMemoryMove[] | undefined)[])[key] = list;
    return list;
  }
  const table = LISTS[kind];
  if (!table) return list;
  if (table.size >= LIST_CACHE_LIMIT) table.clear();
  table.set(key, list);
  return list;
}

/** The moves of `seat` during play, snaps aside. */
function playMoves(state: DutchMemoryState, seat: Seat): DutchMemoryMove[] {
  const front = state.pending[0];
  if (front) return front.seat === seat ? pendingMoves(state, seat, front) : [];
  if (state.turn.seat !== seat) return [];
  const own = state.benches[seat] as Bench;
  if (state.turn.step === 'start') {
    const draw = canDraw(state);
    const take = state.rules.drawFromDiscard && state.pile.length > 0;
    const call = state.caller === null;
    const mask = occupancy(own);
    const key = mask < 0 ? -1 : mask * 8 + (draw ? 4 : 0) + (take ? 2 : 0) + (call ? 1 : 0);
    return kept(STARTS, key) ?? keep(STARTS, key, startMoves(own, draw, take, call));
  }
  if (state.turn.step === 'drawn') {
    const key = occupancy(own);
    return kept(DRAWN, key) ?? keep(DRAWN, key, drawnMoves(own));
  }
  return [];
}

function startMoves(own: Bench, draw: boolean, take: boolean, call: boolean): DutchMemoryMove[] {
  const cards = cardCount(own);
  const out = new Array<DutchMemoryMove>((draw ? 2 : 0) + (take ? cards : 0) + (call ? 1 : 0));
  let n = 0;
  if (draw) {
    out[n++] = DRAW;
    out[n++] = DRAW_AND_DISCARD;
  }
  if (take) {
    for (let slot = 0; slot < own.length; slot++)
      if ((own[slot] as Slot) >= 0) out[n++] = TAKE_DISCARD[slot] ?? { kind: 'take-discard', slot };
  }
  if (call) out[n] = CALL_DUTCH;
  return out;
}

function drawnMoves(own: Bench): DutchMemoryMove[] {
  const out = new Array<DutchMemoryMove>(1 + cardCount(own));
  out[0] = DISCARD;
  let n = 1;
  for (let slot = 0; slot < own.length; slot++) if ((own[slot] as Slot) >= 0) out[n++] = EXCHANGE[slot] ?? { kind: 'exchange', slot };
  return out;
}

/** The moves of the seat whose power (or give-back) is first in the queue: skipping it first. */
function pendingMoves(state: DutchMemoryState, seat: Seat, front: Pending): DutchMemoryMove[] {
  switch (front.kind) {
    case 'peek': {
      const key = tableOccupancy(state);
      return kept(PEEKS, key) ?? keep(PEEKS, key, peekMoves(state));
    }
    case 'swap': {
      const key = tableOccupancy(state);
      const apart = state.rules.jackPower === 'swap-different-benches';
      const kind = apart ? SWAPS_APART : SWAPS_ANY;
      return kept(kind, key) ?? keep(kind, key, swapMoves(state));
    }
    case 'give': {
      if (!canDraw(state)) return [SKIP];
      const out = new Array<DutchMemoryMove>(state.seats);
      out[0] = SKIP;
      let n = 1;
      for (let s = 0; s < state.seats; s++) if (s !== seat) out[n++] = GIVE[s] as DutchMemoryMove;
      return out;
    }
    case 'give-back': {
      const own = state.benches[seat] as Bench;
      const out = new Array<DutchMemoryMove>(1 + cardCount(own));
      out[0] = SKIP;
      let n = 1;
      for (let slot = 0; slot < own.length; slot++) if ((own[slot] as Slot) >= 0) out[n++] = GIVE_BACK[slot] ?? { kind: 'give-back', slot };
      return out;
    }
  }
}

function peekMoves(state: DutchMemoryState): DutchMemoryMove[] {
  let cards = 0;
  for (let s = 0; s < state.seats; s++) cards += cardCount(state.benches[s] as Bench);
  const out = new Array<DutchMemoryMove>(1 + cards);
  out[0] = SKIP;
  let n = 1;
  for (let s = 0; s < state.seats; s++) {
    const bench = state.benches[s] as Bench;
    for (let slot = 0; slot < bench.length; slot++) {
      if ((bench[slot] as Slot) >= 0) out[n++] = PEEK[s * MAX_SLOTS + slot] ?? { kind: 'peek', at: { seat: s, slot } };
    }
  }
  return out;
}

/** Skipping, then the unordered pairs: swapping a with b is the same as swapping b with a. */
function swapMoves(state: DutchMemoryState): DutchMemoryMove[] {
  const apart = state.rules.jackPower === 'swap-different-benches';
  const all: number[] = [];
  /** Per position in `all`, where its partners start: past its own bench when the cards must change benches. */
  const from: number[] = [];
  for (let s = 0; s < state.seats; s++) {
    const bench = state.benches[s] as Bench;
    const start = all.length;
    for (let slot = 0; slot < bench.length; slot++) if ((bench[slot] as Slot) >= 0) all.push(s * MAX_SLOTS + slot);
    for (let i = start; i < all.length; i++) from.push(apart ? all.length : i + 1);
  }
  let pairs = 0;
  for (let i = 0; i < all.length; i++) pairs += all.length - (from[i] as number);
  const out = new Array<DutchMemoryMove>(1 + pairs);
  out[0] = SKIP;
  let n = 1;
  for (let i = 0; i < all.length; i++) {
    const a = all[i] as number;
    for (let j = from[i] as number; j < all.length; j++) out[n++] = swapMove(a, all[j] as number);
  }
  return out;
}

/**
 * Seats that must act before the game can go on. Snapping is never required, so never listed.
 * The list is one of the shared frozen seat lists (no array is made per call): read it, never
 * change it.
 */
export function toAct(state: DutchMemoryState): Seat[] {
  if (state.phase === 'play') {
    const front = state.pending[0];
    const seat = front ? front.seat : state.turn.seat;
    return (seat < MAX_SEATS ? SEAT_SETS[1 << seat] : [seat]) as Seat[];
  }
  if (state.phase !== 'look') return NOBODY as Seat[];
  const looked = state.looked;
  let mask = 0;
  for (let s = 0; s < looked.length; s++) if (!looked[s]) mask |= 1 << s;
  return (looked.length <= MAX_SEATS ? SEAT_SETS[mask] : looked.flatMap((l, s) => (l ? [] : [s]))) as Seat[];
}

/**
 * At a deadline: look at the first two cards; skip a pending power; at the start of a turn draw
 * and discard at once (the bench and the knowledge stay as they were); with a card in hand, discard
 * it. Off-turn seats have nothing to do.
 */
export function defaultMove(stored: DutchMemoryState | PlainState, seat: Seat): DutchMemoryMove | null {
  const state = current(stored);
  if (state.phase === 'look') {
    if (state.looked[seat]) return null;
    const slots = filledSlots(state, seat);
    return { kind: 'look', slots: [slots[0] ?? 0, slots[1] ?? 1] };
  }
  if (state.phase !== 'play') return null;
  const front = state.pending[0];
  if (front) return front.seat === seat ? { kind: 'skip' } : null;
  if (state.turn.seat !== seat) return null;
  if (state.turn.step === 'drawn') return { kind: 'discard' };
  if (state.turn.step === 'start') {
    if (canDraw(state)) return { kind: 'draw-and-discard' };
    return state.caller === null ? { kind: 'call-dutch' } : null;
  }
  return null;
}

/**
 * Snaps are judged against the discard they name, so one sent before someone else's move can be
 * applied after it: it is then late and costs the penalty, as at a table. A starting look is a
 * private choice that nobody else's move changes.
 */
export function rebaseable(state: DutchMemoryState, _seat: Seat, move: DutchMemoryMove): boolean {
  return move.kind === 'snap' || (move.kind === 'look' && state.phase === 'look');
}

// ------------------------------------------------------------------ result

/** The result of a finished game, with every round's score sheet as the public breakdown. */
export interface DutchMemoryDetails {
  readonly endScore: number;
  readonly totals: readonly number[];
  /** Whether equal lowest totals were separated by the final round's scores. */
  readonly tieBrokenByLastRound: boolean;
  readonly rounds: readonly RoundRecord[];
}

export function result(state: DutchMemoryState): Outcome | null {
  if (state.phase !== 'over') return null;
  const { rules, totals, history } = state;
  const winners = winnersOf(rules, totals, history);
  const best = Math.min(...totals);
  const level = totals.filter((t) => t === best).length;
  const { key, params } = outcomeWords(winners, best, level > winners.length);
  const details: DutchMemoryDetails = {
    endScore: rules.endScore,
    totals,
    tieBrokenByLastRound: level > winners.length,
    rounds: history,
  };
  return { winners, scores: totals, key, params, details };
}
