/**
 * A seeded random player for property tests: plays whole games through the public Game interface
 * and runs the invariant checks it is asked to along the way.
 */
import { expect } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import { ALL_CARDS, type CardId } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove, DutchMemoryOptionsInput } from '#shared/games/dutch-memory/moves.js';
import type { Card, DutchMemoryState, RoundRecord } from '#shared/games/dutch-memory/state.js';
import { EMPTY, hasSeen, slotCard } from '#shared/games/dutch-memory/state.js';
import { testRng } from '../../support/rng.js';
import { game, rulesOf } from './helpers.js';
import { english, unworded } from '../../support/words.js';

export { testRng };

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

export interface Checks {
  /** Run the expensive checks (every legal move, rejections, view permutation) every n-th step. */
  deepEvery: number;
}

export interface Played {
  final: DutchMemoryState;
  log: { seat: Seat; move: DutchMemoryMove; now: number }[];
  rounds: number;
  maxStateBytes: number;
}

const MAX_STEPS = 30_000;
const MAX_STEPS_PER_ROUND = 3_000;

export function playRandomGame(seats: number, options: DutchMemoryOptionsInput, seed: number, checks: Checks): Played {
  const r = testRng(seed);
  let state = game.setup(seats, rulesOf(options), `seed-${seed}`);
  const log: Played['log'] = [];
  let now = 1_700_000_000_000;
  let steps = 0;
  let roundSteps = 0;
  let maxStateBytes = 0;
  let totals = state.totals.slice();
  while (game.result(state) === null) {
    steps++;
    roundSteps++;
    if (steps > MAX_STEPS || roundSteps > MAX_STEPS_PER_ROUND) throw new Error(`game ${seed} does not end`);
    const toAct = game.toAct(state);
    if (toAct.length === 0) throw new Error('nobody to act in an unfinished game');
    const deep = checks.deepEvery > 0 && steps % checks.deepEvery === 0;
    if (deep) {
      for (const s of toAct) if (game.legalMoves(state, s).length === 0) throw new Error(`seat ${s} must act but has no move`);
      deepChecks(state, r);
    }

    const { seat, move } = chooseMove(state, toAct, r);
    now += Math.floor(r() * 20_000);
    const res = game.apply(state, seat, move, { now });
    if (!res.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} by ${seat}: ${res.error.code}`);
    state = res.value.state;
    log.push({ seat, move, now });
    checkConserved(state);
    for (const e of res.value.events) {
      if (deep) {
        const line = game.viewEvent(e, null);
        const said = english(line);
        if (!line || said.length === 0 || unworded(line).length > 0 || /undefined|NaN|\{/.test(said)) {
          throw new Error(`bad log line for ${e.type}: ${said}`);
        }
      }
      if (e.type === 'round-ended') {
        checkRound(state, e.record, totals);
        totals = e.record.totals.slice();
        roundSteps = 0;
        maxStateBytes = Math.max(maxStateBytes, JSON.stringify(state).length);
      }
    }
  }
  expect(game.toAct(state)).toEqual([]);
  const outcome = game.result(state)!;
  expect(outcome.scores).toEqual(state.totals);
  expect(unworded(outcome)).toEqual([]);
  expect(english(outcome)).toMatch(/ (wins|share the win) with -?\d+ points?/);
  expect(Math.max(...state.totals)).toBeGreaterThanOrEqual(state.rules.endScore);
  const best = Math.min(...state.totals);
  for (const w of outcome.winners) expect(state.totals[w]).toBe(best);
  return { final: state, log, rounds: state.history.length, maxStateBytes };
}

function chooseMove(state: DutchMemoryState, toAct: Seat[], r: () => number): { seat: Seat; move: DutchMemoryMove } {
  // Now and then an off-turn player snaps, or sends a snap aimed at an older discard (as a raced,
  // re-applied snap would be): both must be accepted.
  if (state.phase === 'play' && r() < 0.12) {
    const seat = Math.floor(r() * state.seats);
    const own = state.benches[seat]!.flatMap((b, i) => (b === EMPTY ? [] : [i]));
    if (r() < 0.25 && own.length > 0 && state.nextSerial > state.roundFirstSerial) {
      const on = state.roundFirstSerial + Math.floor(r() * (state.nextSerial - state.roundFirstSerial));
      return { seat, move: { kind: 'snap', on, slot: pick(r, own) } };
    }
    const snaps = game.legalMoves(state, seat).filter((m) => m.kind === 'snap');
    if (snaps.length > 0) return { seat, move: pick(r, snaps) };
  }
  const seat = pick(r, toAct);
  const moves = game.legalMoves(state, seat);
  const calls = moves.filter((m) => m.kind === 'call-dutch');
  const rest = moves.filter((m) => m.kind !== 'call-dutch' && m.kind !== 'snap');
  if (calls.length > 0 && r() < 0.07) return { seat, move: calls[0]! };
  return { seat, move: pick(r, rest.length > 0 ? rest : moves) };
}

const CARD_ID = /"((?:10|[2-9AJQK])[CDHS])"/g;
const idOf = (card: Card): CardId => {
  const id = ALL_CARDS[card];
  if (id === undefined || !Number.isInteger(card)) throw new Error(`not a card number: ${card}`);
  return id;
};
const SEEN = new Map<string, number>();
let stamp = 0;
export function checkConserved(state: DutchMemoryState): void {
  stamp++;
  let n = 0;
  const mark = (id: string) => {
    if (SEEN.get(id) === stamp) throw new Error(`card ${id} is in two places`);
    SEEN.set(id, stamp);
    n++;
  };
  for (const card of state.deck) mark(idOf(card));
  for (const id of state.aside) mark(id);
  for (const p of state.pile) mark(idOf(p.card));
  for (const b of state.benches) for (const slot of b) if (slot !== EMPTY) mark(idOf(slotCard(slot)));
  if (state.turn.held !== null) mark(idOf(state.turn.held));
  if (n !== 52) throw new Error(`cards not conserved: ${n} cards`);
}

/** Card values, written out again here so the engine's table is checked against an independent one. */
function value(table: 'bench' | 'marmot', id: string): number {
  const rank = id.slice(0, -1);
  const red = id.endsWith('H') || id.endsWith('D');
  if (rank === 'A') return 1;
  if (rank === 'J') return table === 'bench' ? 10 : 11;
  if (rank === 'Q') return table === 'bench' ? 10 : 12;
  if (rank === 'K') return red ? 0 : table === 'bench' ? 13 : 20;
  return Number(rank);
}

function checkRound(state: DutchMemoryState, rec: RoundRecord, before: readonly number[]): void {
  const rules = state.rules;
  const sums = rec.benches.map((cards) => cards.reduce((a, c) => a + value(rules.cardValues, c), 0));
  expect(rec.sums).toEqual(sums);
  const scores = sums.slice();
  if (rec.caller === null) {
    expect(rec.callerCards).toEqual([]);
    expect(rec.callerLowest).toBeNull();
  } else {
    const c = rec.caller;
    const others = sums.filter((_, s) => s !== c);
    const beating = others.filter((o) => (rules.callerTies === 'for-caller' ? o < sums[c]! : o <= sums[c]!)).length;
    expect(rec.callerLowest).toBe(beating === 0);
    const wanted =
      beating === 0
        ? rules.callerLowest === 'bonus-card'
          ? 1
          : 0
        : rules.callerNotLowest === 'card-per-player'
          ? beating
          : rules.callerNotLowest === 'one-card'
            ? 1
            : 0;
    // Fewer only if the deck and pile ran dry.
    expect(rec.callerCards.length).toBeLessThanOrEqual(wanted);
    const extra = rec.callerCards.reduce((a, id) => a + value(rules.cardValues, id), 0);
    scores[c] = scores[c]! + (beating === 0 ? -extra : extra);
  }
  expect(rec.scores).toEqual(scores);
  expect(rec.totals).toEqual(before.map((t, s) => t + scores[s]!));
  if (rec.reason === 'bench-emptied') expect(rec.benches.some((b) => b.length === 0)).toBe(true);
}

/** Every legal move of every seat is accepted; a sample of other moves is refused. */
function deepChecks(state: DutchMemoryState, r: () => number): void {
  const frozen = JSON.stringify(state);
  for (let seat = 0; seat < state.seats; seat++) {
    const legal = game.legalMoves(state, seat);
    const keys = new Set(legal.map(canonical));
    for (const m of legal) {
      const res = game.apply(state, seat, m, { now: 1_800_000_000_000 });
      if (!res.ok) throw new Error(`listed move refused: ${JSON.stringify(m)} by ${seat}: ${res.error.code}`);
    }
    for (let i = 0; i < 6; i++) {
      const m = randomMove(state, r);
      if (keys.has(canonical(m))) continue;
      if (acceptedUnlisted(state, seat, m)) continue;
      if (!game.move.safeParse(m).success) throw new Error(`schema refuses ${JSON.stringify(m)}`);
      const res = game.apply(state, seat, m, { now: 1_800_000_000_000 });
      if (res.ok) throw new Error(`unlisted move accepted: ${JSON.stringify(m)} by ${seat} in ${state.phase}`);
      if (!/^[a-z]+(-[a-z]+)*$/.test(res.error.code) || english(res.error).length === 0 || unworded(res.error).length > 0)
        throw new Error(`bad error ${res.error.code}`);
    }
  }
  // Views: the spectator, a seat due to act, and one other seat at random (all seats get their turn over many steps).
  const viewers = new Set<Viewer>([null, game.toAct(state)[0] ?? 0, Math.floor(r() * state.seats)]);
  for (const v of viewers) checkViewHidesUnseen(state, v, r);
  // apply never mutates its input.
  if (JSON.stringify(state) !== frozen) throw new Error('apply mutated its input');
}

/** Same move, written another way (look and swap pairs in either order, owner given as oneself). */
function canonical(m: DutchMemoryMove): string {
  switch (m.kind) {
    case 'look':
      return JSON.stringify({ kind: 'look', slots: [...m.slots].sort((a, b) => a - b) });
    case 'swap': {
      const [a, b] = [m.a, m.b].sort((x, y) => x.seat - y.seat || x.slot - y.slot);
      return JSON.stringify({ kind: 'swap', a, b });
    }
    default:
      return JSON.stringify(m);
  }
}

/**
 * Moves legalMoves leaves out on purpose but apply accepts: snaps aimed at an older discard of this
 * round (late: a penalty) or, with a minimum window, at a covered one; a snap naming oneself as owner.
 */
function acceptedUnlisted(state: DutchMemoryState, seat: Seat, m: DutchMemoryMove): boolean {
  if (m.kind !== 'snap' || state.phase !== 'play') return false;
  const owner = m.owner ?? seat;
  if (owner !== seat && !state.rules.snapOthers) return false;
  const b = state.benches[owner]?.[m.slot];
  if (b === undefined || b === EMPTY) return false;
  return m.on >= state.roundFirstSerial && m.on < state.nextSerial;
}

function randomMove(state: DutchMemoryState, r: () => number): DutchMemoryMove {
  const seat = () => Math.floor(r() * state.seats);
  const slot = () => Math.floor(r() * 6);
  const at = () => ({ seat: seat(), slot: slot() });
  const moves: (() => DutchMemoryMove)[] = [
    () => ({ kind: 'look', slots: [slot(), slot()] }),
    () => ({ kind: 'draw' }),
    () => ({ kind: 'draw-and-discard' }),
    () => ({ kind: 'exchange', slot: slot() }),
    () => ({ kind: 'discard' }),
    () => ({ kind: 'take-discard', slot: slot() }),
    () => ({ kind: 'call-dutch' }),
    () => ({ kind: 'peek', at: at() }),
    () => ({ kind: 'swap', a: at(), b: at() }),
    () => ({ kind: 'give', to: seat() }),
    () => ({ kind: 'give-back', slot: slot() }),
    () => ({ kind: 'skip' }),
    () => ({ kind: 'snap', on: Math.max(0, state.nextSerial - 3 + Math.floor(r() * 5)), slot: slot() }),
    () => ({ kind: 'snap', on: Math.max(0, state.nextSerial - 2), slot: slot(), owner: seat() }),
  ];
  return pick(r, moves)();
}

/**
 * Shuffle every card the viewer may not see among the places they occupy: the view must not change
 * by a single byte.
 */
function checkViewHidesUnseen(state: DutchMemoryState, viewer: Viewer, r: () => number): void {
  const over = state.phase === 'over';
  const hidden: Card[] = [...state.deck];
  const heldHidden = state.turn.held !== null && viewer !== state.turn.seat;
  if (heldHidden) hidden.push(state.turn.held!);
  const benchHidden = (slot: number) => slot !== EMPTY && !over && !(state.rules.memoryAid && viewer !== null && hasSeen(slot, viewer));
  for (const b of state.benches) for (const slot of b) if (benchHidden(slot)) hidden.push(slotCard(slot));
  // Fisher–Yates with the test's generator.
  const shuffled = hidden.slice();
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  let k = 0;
  const next = () => shuffled[k++]!;
  const deck = state.deck.map(() => next());
  const held = heldHidden ? next() : state.turn.held;
  // The seen-by mask stays, the card changes.
  const benches = state.benches.map((b) => b.map((slot) => (benchHidden(slot) ? slot - slotCard(slot) + next() : slot)));
  const permuted: DutchMemoryState = { ...state, deck, benches, turn: { ...state.turn, held } };
  checkConserved(permuted);
  const text = JSON.stringify(game.view(state, viewer));
  const textPermuted = JSON.stringify(game.view(permuted, viewer));
  if (textPermuted !== text) expect(textPermuted).toBe(text); // fails, with a readable diff
  // And the direct way round: no hidden id appears in the view at all (ids still in a past round's score sheet aside).
  const inView = new Set<string>();
  for (const m of text.matchAll(CARD_ID)) inView.add(m[1]!);
  if (inView.size === 0) return;
  const visibleElsewhere = new Set<string>([
    ...state.pile.map((p) => idOf(p.card)),
    ...state.aside,
    ...state.history.flatMap((h) => [...h.benches.flat(), ...h.callerCards]),
  ]);
  for (const id of hidden.map(idOf)) {
    if (inView.has(id) && !visibleElsewhere.has(id)) throw new Error(`view of ${viewer} shows hidden ${id}`);
  }
}
