/**
 * Builds scenario states directly (no seed hunting) and small helpers to play moves on them.
 */
import { expect } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import { ALL_CARDS, type CardId } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryReveal } from '#shared/games/dutch-memory/rules.js';
import { dutchMemory } from '#shared/games/dutch-memory/index.js';
import { dutchMemoryOptions, type DutchMemoryMove, type DutchMemoryOptionsInput } from '#shared/games/dutch-memory/moves.js';
import type { Rules } from '#shared/games/dutch-memory/presets.js';
import {
  fromPlain,
  type PlainBenchCard,
  type PlainPending,
  type PlainPileCard,
  type PlainState,
  seenList,
  toPlain,
} from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryEvent, DutchMemoryState, RoundRecord, Step } from '#shared/games/dutch-memory/state.js';
import { EMPTY, slotCard } from '#shared/games/dutch-memory/state.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { english, unworded } from '../../support/words.js';

export const game = dutchMemory;

export function rulesOf(options: DutchMemoryOptionsInput = {}): Rules {
  const parsed = dutchMemoryOptions().safeParse(options);
  if (!parsed.success) throw new Error(`bad options ${JSON.stringify(options)}`);
  return parsed.data;
}

/** A bench card: a bare id is unseen by everyone; `seen('7H', 0, 2)` has been seen by seats 0 and 2. */
export type CardSpec = CardId | PlainBenchCard | null;
export const seen = (card: CardId, ...seenBy: Seat[]): PlainBenchCard => ({ card, seenBy: [...seenBy].sort((a, b) => a - b) });

export interface Scenario {
  options?: DutchMemoryOptionsInput;
  benches: CardSpec[][];
  /** Discard pile bottom to top; the top one is open for snapping unless `closedTop`. */
  pile?: CardId[];
  closedTop?: boolean;
  /** Cards drawn next, first drawn first. The rest of the deck follows in a fixed order. */
  next?: CardId[];
  /** Leave the deck empty: every card not placed elsewhere goes under the pile. */
  emptyDeck?: boolean;
  phase?: 'look' | 'play';
  turn?: Seat;
  step?: Step;
  held?: CardId | null;
  caller?: Seat | null;
  pending?: PlainPending[];
  totals?: number[];
  history?: RoundRecord[];
  round?: number;
  dealer?: Seat;
  looked?: boolean[];
  /** Server time the pile cards landed at. */
  at?: number;
}

/**
 * A state as the scenario says, with every card accounted for (the unused ones in the deck), built in
 * the readable form and returned in the compact one.
 */
export function build(s: Scenario): DutchMemoryState {
  const rules = rulesOf(s.options);
  const seats = s.benches.length;
  const base = toPlain(game.setup(seats, rules, 'scenario'));
  const benches = s.benches.map((bench) =>
    bench.map((c): PlainBenchCard | null => (c === null ? null : typeof c === 'string' ? { card: c, seenBy: [] } : c)),
  );
  let pileIds = s.pile ?? [];
  if (s.emptyDeck) {
    const placed = new Set<string>([...benches.flat().flatMap((b) => (b ? [b.card] : [])), ...pileIds, ...(s.held ? [s.held] : [])]);
    pileIds = [...ALL_CARDS.filter((c) => !placed.has(c)), ...pileIds];
  }
  const used = new Set<string>([...benches.flat().flatMap((b) => (b ? [b.card] : [])), ...pileIds, ...(s.held ? [s.held] : [])]);
  const next = s.next ?? [];
  for (const c of next) used.add(c);
  const rest = ALL_CARDS.filter((c) => !used.has(c));
  const deck: CardId[] = [...rest, ...[...next].reverse()];
  const pile: PlainPileCard[] = pileIds.map((card, i) => ({
    card,
    serial: i,
    at: s.at ?? 0,
    closed: i === pileIds.length - 1 ? (s.closedTop ?? false) : false,
  }));
  const phase = s.phase ?? 'play';
  const plain: PlainState = {
    ...base,
    phase,
    round: s.round ?? 1,
    dealer: s.dealer ?? seats - 1,
    deck,
    // The deck is in the order given (drawn from its end).
    unshuffled: 0,
    pile,
    aside: [],
    benches,
    looked: s.looked ?? benches.map(() => phase === 'play'),
    turn: { seat: s.turn ?? 0, step: s.step ?? 'start', held: s.held ?? null, placedQueen: false },
    pending: s.pending ?? [],
    caller: s.caller ?? null,
    nextSerial: pile.length,
    roundFirstSerial: 0,
    totals: s.totals ?? benches.map(() => 0),
    history: s.history ?? [],
  };
  const state = fromPlain(plain);
  expectConserved(state);
  return state;
}

/** Every card of the 52 is in exactly one place. */
export function expectConserved(state: DutchMemoryState): void {
  expect(whereCards(state).sort()).toEqual([...ALL_CARDS].sort());
}

/** Every card's id, place by place (a card in two places is listed twice). */
export function whereCards(state: DutchMemoryState): string[] {
  const p = toPlain(state);
  return [
    ...p.deck,
    ...p.pile.map((c) => c.card),
    ...p.aside,
    ...p.benches.flat().flatMap((b) => (b ? [b.card] : [])),
    ...(p.turn.held === null ? [] : [p.turn.held]),
  ];
}

export interface Played {
  state: DutchMemoryState;
  events: DutchMemoryEvent[];
  reveal: DutchMemoryReveal | undefined;
}

/** Applies a move that must be accepted. */
export function play(state: DutchMemoryState, seat: Seat, move: DutchMemoryMove, now = 1_000): Played {
  const parsed = game.move.safeParse(move);
  expect(parsed.success, `schema rejects ${JSON.stringify(move)}`).toBe(true);
  const r = game.apply(state, seat, move, { now });
  if (!r.ok) throw new Error(`refused ${JSON.stringify(move)} by ${seat}: ${r.error.code} ${english(r.error)}`);
  return { state: r.value.state, events: [...r.value.events], reveal: r.value.reveal as DutchMemoryReveal | undefined };
}

/** Applies a sequence of [seat, move] pairs, returning the last result and all events. */
export function playAll(state: DutchMemoryState, moves: [Seat, DutchMemoryMove][], now = 1_000): Played {
  let cur: Played = { state, events: [], reveal: undefined };
  const events: DutchMemoryEvent[] = [];
  for (const [seat, move] of moves) {
    cur = play(cur.state, seat, move, now);
    events.push(...cur.events);
  }
  return { ...cur, events };
}

/** Applies a move that must be refused; returns the error code. */
export function refuse(state: DutchMemoryState, seat: Seat, move: DutchMemoryMove, now = 1_000): string {
  const r = game.apply(state, seat, move, { now });
  if (r.ok) throw new Error(`accepted ${JSON.stringify(move)} by ${seat}`);
  expect(english(r.error).length).toBeGreaterThan(0);
  expect(unworded(r.error)).toEqual([]);
  return r.error.code;
}

export const viewOf = (state: DutchMemoryState, viewer: Viewer) => game.view(state, viewer) as DutchMemoryView;

const slotAt = (state: DutchMemoryState, seat: Seat, slot: number) => state.benches[seat]?.[slot] ?? EMPTY;
/** The id of the card in a bench position, null for an empty one. */
export const cardAt = (state: DutchMemoryState, seat: Seat, slot: number): CardId | null => {
  const at = slotAt(state, seat, slot);
  return at === EMPTY ? null : (ALL_CARDS[slotCard(at)] as CardId);
};
/** The seats that have seen the card in a bench position, ascending; null for an empty one. */
export const seenAt = (state: DutchMemoryState, seat: Seat, slot: number): readonly Seat[] | null => {
  const at = slotAt(state, seat, slot);
  return at === EMPTY ? null : seenList(at);
};
/** The top of the discard pile in readable form. */
export const top = (state: DutchMemoryState): PlainPileCard | undefined => toPlain(state).pile.at(-1);
export const topSerial = (state: DutchMemoryState) => top(state)!.serial;

/** All card ids appearing anywhere in a JSON value. */
export function idsIn(value: unknown): Set<string> {
  const text = JSON.stringify(value);
  const out = new Set<string>();
  for (const id of ALL_CARDS) if (text.includes(`"${id}"`)) out.add(id);
  return out;
}

export function eventsOf<T extends DutchMemoryEvent['type']>(events: readonly DutchMemoryEvent[], type: T) {
  return events.filter((e): e is Extract<DutchMemoryEvent, { type: T }> => e.type === type);
}
