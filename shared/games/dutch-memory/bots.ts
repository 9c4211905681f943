/**
 * Computer players for the memory game. A bot knows only its seat's view: the faces it
 * shows (with the memory aid on, the cards this seat has seen; with it off, none but the discard and
 * the card in hand), the public `seenBy` facts, the counts. It never sees the state.
 *
 * easy: a heuristic on what it remembers. Unknown cards count as the mean of the cards it has not
 * seen. It snaps a card it knows matches, takes a low discard, keeps a low drawn card in place of
 * its worst, calls Dutch on a low known bench, and uses Queens (look at an unknown card), Jacks
 * (trade its worst known card for an opponent's low or unknown one) and Aces (give to the leader).
 * Like a person without the memory aid it forgets: it keeps only a few facts (three of its own
 * cards, two of others'), the ones kept drawn from a generator seeded by the round, the seat and
 * the card, so its memory is stable within a round and the same for the same view.
 *
 * beginner: the easy heuristic with a new player's mistakes: a shorter memory, no powers, no pile.
 *
 * strong: snaps like easy (a known match is always worth it), otherwise a determinized Monte Carlo
 * search (`searchMove`) over a pruned list of candidate moves: each sample deals the cards the seat
 * cannot see at random, and playouts use the easy heuristic (without forgetting) for every seat, on
 * what that seat has seen (its seen-by marks: every seat in a playout remembers what it was shown).
 * Playouts read the compact state by number (card values by table lookup, seen-by bits of a bench
 * position), never its readable form: they run thousands of times per decision.
 *
 * Without the memory aid the view shows no bench faces, so the bots read the seat's own log
 * (`BotInput.log`): `recollect` replays the current round of it and fills in the faces the seat was
 * shown (its reveals) or saw played openly, followed through exchanges, swaps, gifts and snaps. Both
 * levels then decide from that recollected view exactly as from a view with the aid on.
 */
import {
  type Bot,
  type BotPlayer,
  type BotInput,
  type BotLevel,
  type SearchBudget,
  type SearchHooks,
  sampleShuffle,
  searchMove,
} from '../../engine/bot.js';
import type { LogEntry, Seat } from '../../engine/game.js';
import { nextU32, type Rng, seedRng } from '../../engine/random.js';
import { type CardFace, type CardId, cardFace, cardIndex, snapMatchesAt, type ValueTable, valuesOf } from './cards.js';
import type { DutchMemoryMove } from './moves.js';
import { apply, legalMoves, toAct } from './rules.js';
import type { Card, DutchMemoryState, Pending, PileCard, Slot } from './state.js';
import { EMPTY, SEEN } from './state.js';
import type { DutchMemoryView } from './view.js';

type View = DutchMemoryView;
type Move = DutchMemoryMove;

// ------------------------------------------------------------------ what the seat knows

interface SlotKnow {
  /** The card (its number, as in the state) if the seat knows it. */
  readonly card: Card | null;
  /** The card's points if known, else the mean of the cards the seat has not seen. */
  readonly value: number;
}

interface Know {
  readonly me: Seat;
  readonly t: Table;
  readonly table: ValueTable;
  readonly unseen: number;
  /** Per seat, per position; null for an empty position. */
  readonly benches: readonly (readonly (SlotKnow | null)[])[];
}

/** The public facts the heuristic reads, taken from a view or (in playouts) straight from a state. */
interface Table {
  readonly phase: 'look' | 'play' | 'over';
  readonly seats: number;
  readonly table: ValueTable;
  readonly caller: Seat | null;
  readonly turn: Seat | null;
  readonly step: 'start' | 'drawn' | 'done' | null;
  readonly front: { readonly seat: Seat; readonly kind: string } | null;
  readonly top: Card | null;
  readonly snapOpen: boolean;
  readonly held: Card | null;
  readonly deck: number;
}

function tableOfView(v: View): Table {
  const f = v.pending[0];
  return {
    phase: v.phase,
    seats: v.seats,
    table: v.rules.cardValues,
    caller: v.caller,
    turn: v.turn,
    step: v.step,
    front: f ? { seat: f.seat, kind: f.kind } : null,
    top: v.discard.top ? cardIndex(v.discard.top.id) : null,
    snapOpen: v.snap.open,
    held: v.held?.card ? cardIndex(v.held.card.id) : null,
    deck: v.deckCount,
  };
}

/**
 * What `seat` would know from its own view of `s`, read straight from the state (for playouts:
 * the same facts as `knowledge(view(s, seat), seat, false)` with a perfect memory, without building
 * the view).
 */
function knowledgeOfState(s: DutchMemoryState, me: Seat): Know {
  const table = s.rules.cardValues;
  const values = valuesOf(table);
  const top = s.pile.length > 0 ? (s.pile[s.pile.length - 1] as PileCard) : null;
  const f = s.pending[0];
  const playing = s.phase === 'play';
  const held = playing && s.turn.held !== null && s.turn.seat === me ? s.turn.held : null;
  const t: Table = {
    phase: s.phase,
    seats: s.seats,
    table,
    caller: s.caller,
    turn: playing ? s.turn.seat : null,
    step: playing ? s.turn.step : null,
    front: f ? { seat: f.seat, kind: f.kind } : null,
    top: top ? top.card : null,
    snapOpen: playing && top !== null && !top.closed,
    held,
    deck: s.deck.length,
  };
  let sum = TOTALS[table];
  let n = 52;
  if (top) {
    sum -= values[top.card] as number;
    n--;
  }
  if (held !== null) {
    sum -= values[held] as number;
    n--;
  }
  for (const id of s.aside) {
    sum -= values[cardIndex(id)] as number;
    n--;
  }
  const bit = SEEN << me;
  for (const bench of s.benches) {
    for (const slot of bench) {
      if (slot >= 0 && (slot & bit) !== 0) {
        sum -= values[slot & 63] as number;
        n--;
      }
    }
  }
  const unseen = n > 0 ? sum / n : 6.5;
  const unknown: SlotKnow = { card: null, value: unseen };
  const benches = s.benches.map((bench) =>
    bench.map((slot): SlotKnow | null => {
      if (slot === EMPTY) return null;
      if ((slot & bit) === 0) return unknown;
      const card = slot & 63;
      return { card, value: values[card] as number };
    }),
  );
  return { me, t, table, unseen, benches };
}

const sumOf = (values: readonly number[]) => values.reduce((a, v) => a + v, 0);
const TOTALS: Readonly<Record<ValueTable, number>> = { bench: sumOf(valuesOf('bench')), marmot: sumOf(valuesOf('marmot')) };

const OWN_MEMORY = 3;
const OTHERS_MEMORY = 2;
const EASY_MEMORY = { own: OWN_MEMORY, others: OTHERS_MEMORY };
/** A new player keeps two of their own cards in mind and none of anyone else's. */
const BEGINNER_MEMORY = { own: 2, others: 0 };

/** A per-(round, seat, card) draw in [0, 1): which facts a forgetful player keeps. */
function recall(round: number, me: Seat, id: CardId): number {
  return nextU32(seedRng(`recall/${round}/${me}/${id}`))[0] / 4294967296;
}

function knowledge(v: View, me: Seat, forget: boolean, memory: { own: number; others: number } = EASY_MEMORY): Know {
  const table = v.rules.cardValues;
  const values = valuesOf(table);
  const visible = new Set<CardId>();
  for (const bench of v.benches) for (const s of bench) if (s?.card) visible.add(s.card.id);
  if (v.held?.card) visible.add(v.held.card.id);
  if (v.discard.top) visible.add(v.discard.top.id);
  for (const c of v.aside) visible.add(c.id);
  let sum = TOTALS[table];
  let n = 52;
  for (const id of visible) {
    sum -= values[cardIndex(id)] as number;
    n--;
  }
  const unseen = n > 0 ? sum / n : 6.5;
  let keep: Set<string> | null = null;
  if (forget) {
    keep = new Set();
    const own: [number, string][] = [];
    const others: [number, string][] = [];
    v.benches.forEach((bench, s) =>
      bench.forEach((slot, i) => {
        if (slot?.card) (s === me ? own : others).push([recall(v.round, me, slot.card.id), `${s}/${i}`]);
      }),
    );
    own.sort((a, b) => a[0] - b[0]);
    others.sort((a, b) => a[0] - b[0]);
    for (const [, k] of own.slice(0, memory.own)) keep.add(k);
    for (const [, k] of others.slice(0, memory.others)) keep.add(k);
  }
  const benches = v.benches.map((bench, s) =>
    bench.map((slot, i): SlotKnow | null => {
      if (!slot) return null;
      const card = slot.card && (!keep || keep.has(`${s}/${i}`)) ? cardIndex(slot.card.id) : null;
      return { card, value: card === null ? unseen : (values[card] as number) };
    }),
  );
  return { me, t: tableOfView(v), table, unseen, benches };
}

const estimate = (k: Know, s: Seat) => (k.benches[s] ?? []).reduce((a, x) => a + (x ? x.value : 0), 0);
const unknownCount = (k: Know, s: Seat) => (k.benches[s] ?? []).filter((x) => x && x.card === null).length;

/** My position holding the most points (known cards first on a tie, since they are sure). */
function worstSlot(k: Know): { slot: number; value: number; known: boolean } | null {
  let best: { slot: number; value: number; known: boolean } | null = null;
  (k.benches[k.me] ?? []).forEach((x, slot) => {
    if (!x) return;
    const known = x.card !== null;
    if (!best || x.value > best.value || (x.value === best.value && known && !best.known)) best = { slot, value: x.value, known };
  });
  return best;
}

const samePos = (a: { seat: Seat; slot: number }, b: { seat: Seat; slot: number }) => a.seat === b.seat && a.slot === b.slot;

/** Field by field (playouts call this often: no JSON). */
function sameMove(a: Move, b: Move): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'exchange':
    case 'take-discard':
    case 'give-back':
      return a.slot === (b as typeof a).slot;
    case 'give':
      return a.to === (b as typeof a).to;
    case 'peek':
      return samePos(a.at, (b as typeof a).at);
    case 'swap':
      return samePos(a.a, (b as typeof a).a) && samePos(a.b, (b as typeof a).b);
    case 'snap': {
      const c = b as typeof a;
      return a.on === c.on && a.slot === c.slot && a.owner === c.owner;
    }
    case 'look':
      return a.slots[0] === (b as typeof a).slots[0] && a.slots[1] === (b as typeof a).slots[1];
    default:
      return true;
  }
}
const find = (legal: readonly Move[], m: Move): Move | null => legal.find((x) => sameMove(x, m)) ?? null;

/** A snap the seat knows matches the open discard, if any (own cards first). */
export function knownSnap(legal: readonly Move[], k: Know): Move | null {
  const top = k.t.snapOpen ? k.t.top : null;
  if (top === null) return null;
  let other: Move | null = null;
  for (const m of legal) {
    if (m.kind !== 'snap') continue;
    const owner = m.owner ?? k.me;
    const card = k.benches[owner]?.[m.slot]?.card;
    if (card === null || card === undefined || !snapMatchesAt(card, top)) continue;
    if (owner === k.me) return m;
    other ??= m;
  }
  return other;
}

// ------------------------------------------------------------------ memory without the aid

/** The `data` of the log entries `recollect` reads (see `viewEvent` in ./view.ts). */
interface At {
  readonly seat: Seat;
  readonly slot: number;
}
type EntryData = {
  readonly slot?: number;
  readonly took?: CardId | null;
  readonly a?: At;
  readonly b?: At;
  readonly to?: Seat;
  readonly from?: number;
  readonly owner?: Seat;
  readonly card?: CardId | null;
  /** A reveal entry: the faces the seat was shown, and the card it drew. */
  readonly cards?: readonly (At & { readonly card: CardFace })[];
  readonly drawn?: CardFace | null;
};

/**
 * The view with the faces the seat remembers filled in, when the memory aid is off. The seat's own log
 * (`BotInput.log`: the match log as the seat reads it, and its reveals as entries of type 'reveal') is
 * replayed from the start of the round: a reveal shows faces (the starting look, a Queen's peek, a seen
 * penalty card) and the drawn card; an exchange puts the drawn card (or the one taken from the pile, in
 * everyone's sight) in its place; swaps and give-backs move what is known, gifts and snaps forget it; a
 * wrong snap shows its card to the table. A face is filled in only where the view still says the seat
 * has seen the card there, so a gap in the log can make the bot forget, never believe a wrong card.
 */
export function recollect(v: View, me: Seat, log: readonly LogEntry[] | undefined): View {
  if (v.rules.memoryAid || !log || log.length === 0 || v.phase === 'over') return v;
  const mem = replayRound(log, me);
  if (mem.size === 0) return v;
  const table = v.rules.cardValues;
  const benches = v.benches.map((bench, s) =>
    bench.map((slot, i) => {
      if (!slot || slot.card || !slot.seenBy.includes(me)) return slot;
      const id = mem.get(`${s}/${i}`);
      return id ? { seenBy: slot.seenBy, card: cardFace(table, id) } : slot;
    }),
  );
  return { ...v, benches };
}

function replayRound(log: readonly LogEntry[], me: Seat): Map<string, CardId> {
  let start = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]!.type === 'round-started') {
      start = i;
      break;
    }
  }
  const mem = new Map<string, CardId>();
  const key = (s: Seat, slot: number) => `${s}/${slot}`;
  const put = (k: string, id: CardId | null | undefined) => (id ? mem.set(k, id) : mem.delete(k));
  let drawn: CardId | null = null;
  for (let i = start; i < log.length; i++) {
    const e = log[i]!;
    const d = (e.data ?? {}) as EntryData;
    const seat = e.seat ?? -1;
    switch (e.type) {
      case 'reveal':
        for (const c of d.cards ?? []) mem.set(key(c.seat, c.slot), c.card.id);
        if (d.drawn) drawn = d.drawn.id;
        break;
      case 'exchanged':
        put(key(seat, d.slot!), d.took ?? (seat === me ? drawn : null));
        break;
      case 'swapped': {
        const ka = key(d.a!.seat, d.a!.slot);
        const kb = key(d.b!.seat, d.b!.slot);
        const a = mem.get(ka);
        put(ka, mem.get(kb));
        put(kb, a);
        break;
      }
      case 'gave':
        mem.delete(key(d.to!, d.slot!));
        break;
      case 'gave-back':
        put(key(d.to!, d.slot!), mem.get(key(seat, d.from!)));
        mem.delete(key(seat, d.from!));
        break;
      case 'snapped':
        mem.delete(key(d.owner!, d.slot!));
        break;
      case 'snap-failed':
        put(key(d.owner!, d.slot!), d.card ?? mem.get(key(d.owner!, d.slot!)));
        break;
      case 'replaced':
        mem.delete(key(seat, d.slot!));
        break;
      default:
        break;
    }
  }
  return mem;
}

/** The input with the view as the seat remembers it (see `recollect`). */
const recollected = (input: BotInput<View, Move>): BotInput<View, Move> => {
  const v = recollect(input.view, input.seat, input.log);
  return v === input.view ? input : { ...input, view: v };
};

// ------------------------------------------------------------------ the easy heuristic

/** The Dutch call: a low bench the seat is sure of, lower than what it believes of the others. */
function wantsDutch(k: Know): boolean {
  if (k.t.caller !== null) return false;
  const mine = estimate(k, k.me);
  let others = Number.POSITIVE_INFINITY;
  for (let s = 0; s < k.t.seats; s++) if (s !== k.me) others = Math.min(others, estimate(k, s));
  // The deck is nearly through: end the round unless clearly behind. Without the memory aid the
  // bot knows no faces and would otherwise never call (and a round only ends on a call).
  if (k.t.deck <= k.t.seats && mine <= others + 2) return true;
  if (unknownCount(k, k.me) > 0) return false;
  const limit = k.table === 'marmot' ? 5 : 4;
  if (mine > limit) return false;
  for (let s = 0; s < k.t.seats; s++) if (s !== k.me && estimate(k, s) <= mine) return false;
  return true;
}

function easyMove(legal: readonly Move[], k: Know): Move {
  const first = legal.find((m) => m.kind !== 'snap') ?? legal[0]!;
  const t = k.t;
  if (t.phase === 'look') return first;
  const snap = knownSnap(legal, k);
  if (snap) return snap;
  const me = k.me;
  const front = t.front;
  if (front && front.seat === me) return powerMove(legal, k, front.kind) ?? find(legal, { kind: 'skip' }) ?? first;
  if (t.turn !== me || front) return first;
  const worst = worstSlot(k);
  if (t.step === 'start') {
    if (wantsDutch(k)) return find(legal, { kind: 'call-dutch' }) ?? first;
    const top = t.top === null ? null : (valuesOf(k.table)[t.top] as number);
    if (top !== null && worst && worst.value - top >= 3 && top <= 4) {
      const take = find(legal, { kind: 'take-discard', slot: worst.slot });
      if (take) return take;
    }
    return find(legal, { kind: 'draw' }) ?? first;
  }
  if (t.step === 'drawn') {
    const held = t.held === null ? null : (valuesOf(k.table)[t.held] as number);
    if (held !== null && worst) {
      const gain = worst.value - held;
      if ((worst.known && gain >= 1) || (!worst.known && held <= Math.min(4, worst.value - 2))) {
        const ex = find(legal, { kind: 'exchange', slot: worst.slot });
        if (ex) return ex;
      }
    }
    return find(legal, { kind: 'discard' }) ?? first;
  }
  return first;
}

function powerMove(legal: readonly Move[], k: Know, kind: string): Move | null {
  const me = k.me;
  const seats = k.t.seats;
  const order = Array.from({ length: seats - 1 }, (_, i) => (me + 1 + i) % seats);
  if (kind === 'peek') {
    const mine = (k.benches[me] ?? []).findIndex((x) => x && x.card === null);
    if (mine >= 0) return find(legal, { kind: 'peek', at: { seat: me, slot: mine } });
    for (const s of order) {
      const slot = (k.benches[s] ?? []).findIndex((x) => x && x.card === null);
      if (slot >= 0) return find(legal, { kind: 'peek', at: { seat: s, slot } });
    }
    return null;
  }
  if (kind === 'swap') {
    const worst = worstSlot(k);
    if (!worst?.known) return null;
    let target: { seat: Seat; slot: number; value: number } | null = null;
    for (const s of order) {
      const bench = k.benches[s] ?? [];
      for (let slot = 0; slot < bench.length; slot++) {
        const x = bench[slot];
        if (!x) continue;
        // An unknown card is worth the mean, a known one its points: take the lowest.
        const value = x.card !== null ? x.value : x.value + 0.5;
        if (!target || value < target.value) target = { seat: s, slot, value };
      }
    }
    if (!target || worst.value - target.value < 2) return null;
    const a = { seat: me, slot: worst.slot };
    const b = { seat: target.seat, slot: target.slot };
    return find(legal, { kind: 'swap', a, b }) ?? find(legal, { kind: 'swap', a: b, b: a });
  }
  if (kind === 'give') {
    // The player closest to a low score gets the card.
    let best: Seat | null = null;
    for (const s of order) if (best === null || estimate(k, s) < estimate(k, best)) best = s;
    return best === null ? null : find(legal, { kind: 'give', to: best });
  }
  if (kind === 'give-back') {
    const worst = worstSlot(k);
    return worst ? find(legal, { kind: 'give-back', slot: worst.slot }) : null;
  }
  return null;
}

// ------------------------------------------------------------------ the strong search

/** Builds a full state that agrees with the view; cards the seat cannot see are dealt at random. */
export function determinize(v: View, _seat: Seat, rng0: Rng): [DutchMemoryState, Rng] {
  const placed: boolean[] = new Array(52).fill(false);
  for (const bench of v.benches) for (const s of bench) if (s?.card) placed[cardIndex(s.card.id)] = true;
  const heldCard = v.held?.card ? cardIndex(v.held.card.id) : null;
  if (heldCard !== null) placed[heldCard] = true;
  const topCard = v.discard.top ? cardIndex(v.discard.top.id) : null;
  if (topCard !== null) placed[topCard] = true;
  for (const c of v.aside) placed[cardIndex(c.id)] = true;
  // Cards face up in the view but in no place of it (covered discards, power cards): below the top.
  const loose: Card[] = [];
  const add = (card: Card) => {
    if (!placed[card]) {
      placed[card] = true;
      loose.push(card);
    }
  };
  for (const c of v.snap.covered) add(cardIndex(c.card.id));
  for (const p of v.pending) if (p.card) add(cardIndex(p.card.id));
  const unplaced: Card[] = [];
  for (let c = 0; c < 52; c++) if (!placed[c]) unplaced.push(c);
  let pool: Card[];
  let rng = rng0;
  [pool, rng] = sampleShuffle(rng, unplaced);
  let next = 0;
  const draw = (): Card => pool[next++] ?? (loose.pop() as Card);
  const benches = v.benches.map((bench) =>
    bench.map((s): Slot => {
      if (!s) return EMPTY;
      let mask = 0;
      for (const seat of s.seenBy) mask |= 1 << seat;
      return (s.card ? cardIndex(s.card.id) : draw()) + SEEN * mask;
    }),
  );
  const held = v.held ? (heldCard ?? draw()) : null;
  const below = Math.max(0, v.discard.count - (topCard !== null ? 1 : 0));
  const pileCards: Card[] = loose.slice(0, below);
  while (pileCards.length < below && next < pool.length) pileCards.push(draw());
  const deck = pool.slice(next, next + v.deckCount);
  const on = v.snap.on ?? 0;
  const at = v.snap.since ?? 0;
  const pile: PileCard[] = pileCards.map((card, i) => ({ card, serial: on - pileCards.length + i, at, closed: true }));
  if (topCard !== null) pile.push({ card: topCard, serial: on, at, closed: !v.snap.open });
  const nextSerial = topCard !== null ? on + 1 : 0;
  const pending: Pending[] = v.pending.map((p) =>
    p.kind === 'give-back'
      ? { kind: 'give-back', seat: p.seat, to: p.to ?? 0 }
      : { kind: p.kind, seat: p.seat, card: cardIndex(p.card!.id) },
  );
  const state: DutchMemoryState = {
    format: 2,
    rules: v.rules,
    seats: v.seats,
    phase: v.phase,
    round: v.round,
    dealer: v.dealer,
    deck,
    unshuffled: 0,
    pile,
    aside: v.aside.map((c) => c.id),
    benches,
    looked: v.looked,
    turn: { seat: v.turn ?? 0, step: v.step ?? 'start', held, placedQueen: false },
    pending,
    caller: v.caller,
    nextSerial,
    roundFirstSerial: Math.max(0, nextSerial - v.discard.count),
    totals: v.totals,
    history: v.rounds,
    rng: rng,
  };
  return [state, nextU32(rng)[1]];
}

/** Candidate moves for the search: the easy move plus every sensible alternative. */
function candidates(legal: readonly Move[], k: Know, easy: Move): Move[] {
  const out: Move[] = [easy];
  const push = (m: Move) => {
    if (!out.some((x) => sameMove(x, m))) out.push(m);
  };
  for (const m of legal) {
    switch (m.kind) {
      case 'call-dutch':
        // Calling on a high bench is never right; the search would only waste playouts on it.
        if (estimate(k, k.me) <= (k.table === 'marmot' ? 12 : 10) || k.t.deck <= k.t.seats) push(m);
        break;
      case 'draw':
      case 'take-discard':
      case 'discard':
      case 'exchange':
      case 'give':
      case 'give-back':
      case 'skip':
        push(m);
        break;
      case 'peek':
        if (k.benches[m.at.seat]?.[m.at.slot]?.card === null) push(m);
        break;
      case 'swap': {
        const worst = worstSlot(k);
        const mineA = m.a.seat === k.me;
        const mineB = m.b.seat === k.me;
        if (worst && mineA !== mineB && (mineA ? m.a.slot : m.b.slot) === worst.slot) push(m);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

function benchPoints(table: ValueTable, s: DutchMemoryState, seat: Seat): number {
  let t = 0;
  const values = valuesOf(table);
  for (const slot of s.benches[seat] ?? []) if (slot !== EMPTY) t += values[slot & 63] as number;
  return t;
}

function hooksFor(rounds: number): SearchHooks<DutchMemoryState, View, Move> {
  return {
    determinize,
    playout(state, seat, legal, rng) {
      return [easyMove(legal, knowledgeOfState(state, seat)), rng];
    },
    value(state, seat) {
      const table = state.rules.cardValues;
      let scores: readonly number[];
      const rec = state.history[rounds];
      if (rec) scores = rec.scores;
      else scores = Array.from({ length: state.seats }, (_, s) => benchPoints(table, state, s));
      const mine = scores[seat] ?? 0;
      let sum = 0;
      let min = Number.POSITIVE_INFINITY;
      for (let s = 0; s < scores.length; s++) {
        if (s === seat) continue;
        sum += scores[s]!;
        min = Math.min(min, scores[s]!);
      }
      const mean = sum / Math.max(1, scores.length - 1);
      const x = 0.5 + (0.5 * (mean - mine) + 0.5 * (min - mine)) / 40;
      return Math.max(0, Math.min(1, x));
    },
  };
}

/**
 * The strong level's budget: `playouts` in all per decision, spread as samples of two playouts per
 * candidate move (so every candidate is tried on the same sampled deals), each `depth` moves deep.
 */
export interface StrongBudget {
  readonly playouts: number;
  readonly depth: number;
}

export const STRONG_BUDGET: StrongBudget = { playouts: 120, depth: 30 };

function searchBudget(b: StrongBudget, candidates: number): SearchBudget {
  const per = 2 * candidates;
  return { samples: Math.max(1, Math.round(b.playouts / per)), playoutsPerSample: per, depth: b.depth };
}

const engine = { apply, legalMoves, toAct };

// ------------------------------------------------------------------ the bots

export function easyBot(): Bot<View, Move> {
  return {
    level: 'easy',
    choose(input) {
      const v = recollect(input.view, input.seat, input.log);
      return easyMove(input.legal, knowledge(v, input.seat, true));
    },
  };
}

/**
 * The beginner: the easy habits with a new player's mistakes. It remembers only two of its own cards
 * (and none of the others'), lets every power go by (a Queen, Jack or Ace is just discarded), and
 * never takes from the pile.
 */
export function beginnerBot(): Bot<View, Move> {
  return {
    level: 'beginner',
    choose(input) {
      const v = recollect(input.view, input.seat, input.log);
      const k = knowledge(v, input.seat, true, BEGINNER_MEMORY);
      const front = k.t.front;
      if (v.phase === 'play' && front && front.seat === input.seat) {
        const skip = find(input.legal, { kind: 'skip' });
        if (skip) return skip;
      }
      const m = easyMove(input.legal, k);
      if (m.kind === 'take-discard') return find(input.legal, { kind: 'draw' }) ?? m;
      return m;
    },
  };
}

export function strongBot(budget: StrongBudget = STRONG_BUDGET): Bot<View, Move> {
  return {
    level: 'strong',
    choose(raw) {
      const input = recollected(raw);
      const v = input.view;
      const k = knowledge(v, input.seat, false);
      const easy = easyMove(input.legal, k);
      if (v.phase !== 'play' || easy.kind === 'snap') return easy;
      const front = v.pending[0];
      const mine = front ? front.seat === input.seat : v.turn === input.seat;
      if (!mine) return easy;
      const legal = candidates(input.legal, k, easy);
      if (legal.length === 1) return easy;
      return searchMove(engine, hooksFor(v.rounds.length), { ...input, legal }, searchBudget(budget, legal.length));
    },
  };
}

/**
 * A snap the bot makes when it is not its turn: the platform (and the bench) asks every seat whose
 * only moves are snaps. Null when the seat knows of no match; the easy level's memory may fail it.
 */
export function offTurnSnap(level: BotLevel, input: BotInput<View, Move>): Move | null {
  if (input.view.phase !== 'play') return null;
  const seen = recollect(input.view, input.seat, input.log);
  return knownSnap(input.legal, knowledge(seen, input.seat, level !== 'strong', level === 'beginner' ? BEGINNER_MEMORY : EASY_MEMORY));
}

export const bots: Record<BotLevel, Bot<View, Move>> = { beginner: beginnerBot(), easy: easyBot(), strong: strongBot() };
export const botFor = (level: BotLevel): Bot<View, Move> => bots[level];

/**
 * The platform's entry (../bots.ts): a bot moves when its seat is to act; otherwise it snaps a card it
 * knows matches the open discard, as a reaction (the platform lets people answer first).
 * `playerOf` builds it from any pair of levels (tests use a strong bot on a small budget).
 */
export function playerOf(levels: Record<BotLevel, Bot<View, Move>>): BotPlayer<View, Move> {
  return {
    decide(level, input) {
      if (input.legal.length === 0) return null;
      if (input.view.toAct.includes(input.seat)) return { move: levels[level].choose(input) };
      const snap = offTurnSnap(level, input);
      return snap ? { move: snap, reaction: true } : null;
    },
    // With the aid on the view shows every face the seat has seen; without it, only its log does.
    wantsLog: (view) => !view.rules.memoryAid,
  };
}

export const botPlayer: BotPlayer<View, Move> = playerOf(bots);
