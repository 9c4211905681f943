/**
 * Independent players for the memory game, rebuilt for our rules from the descriptions of the heuristic
 * players the Cambia research project evaluates against (jason-s-yu/cambia, its docs: random without
 * calls, random calling late, memory-greedy, aggressive snapper) and of the Bayesian player written up in
 * HannahHughes30/cambio.ai. Written here from those descriptions, not from their code. Bench only: nothing
 * in the product imports this folder.
 *
 * Every player but the ceiling decides from `view(state, seat)` with the memory aid on (the faces the
 * seat has seen), like our bots. The ceiling, `perfect-greedy`, is the one player handed the full state:
 * it knows every card, and is there to show how much room is left above our levels.
 */
import type { BotInput } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { nextU32, seedRng } from '#shared/engine/random.js';
import { cardIndex, snapMatchesAt, valuesOf } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { EMPTY, slotCard, type DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';

type Move = DutchMemoryMove;
type View = DutchMemoryView;
type Input = BotInput<View, Move>;

/** A player of the ladder: its move when it is to act, or a snap (or null) when it is not. */
export interface MemoryAgent {
  readonly name: string;
  /** On its turn (or its pending power): a move from `input.legal`. `state` is read by the ceiling only. */
  act(input: Input, state: DutchMemoryState): Move;
  /** Off turn, with only snaps legal: a snap, or null to let the discard go. */
  react(input: Input, state: DutchMemoryState): Move | null;
}

const unit = (seed: string) => nextU32(seedRng(seed))[0] / 4294967296;
const pick = <T>(xs: readonly T[], seed: string): T => xs[Math.floor(unit(seed) * xs.length)]!;
const firstOf = (legal: readonly Move[], kind: Move['kind']) => legal.find((m) => m.kind === kind) ?? null;

// ------------------------------------------------------------------ what the view shows

/** The points of every card the seat has not seen, as a multiset of values (the Bayesian prior). */
function unseenValues(v: View): number[] {
  const values = valuesOf(v.rules.cardValues);
  const seen = new Set<number>();
  for (const bench of v.benches) for (const s of bench) if (s?.card) seen.add(cardIndex(s.card.id));
  if (v.held?.card) seen.add(cardIndex(v.held.card.id));
  if (v.discard.top) seen.add(cardIndex(v.discard.top.id));
  for (const c of v.aside) seen.add(cardIndex(c.id));
  const out: number[] = [];
  for (let i = 0; i < 52; i++) if (!seen.has(i)) out.push(values[i]!);
  return out;
}

const meanOf = (xs: readonly number[]) => (xs.length === 0 ? 6.5 : xs.reduce((a, x) => a + x, 0) / xs.length);

/** Per position of seat `s`: the known value, or `unknown` for a card the seat has not seen. */
function benchValues(v: View, s: Seat, unknown: number): (number | null)[] {
  return (v.benches[s] ?? []).map((x) => (x === null ? null : x.card ? x.card.value : unknown));
}

const total = (xs: readonly (number | null)[]) => xs.reduce<number>((a, x) => a + (x ?? 0), 0);

/** The position of the seat's highest card by estimate (known cards first on a tie). */
function worst(v: View, me: Seat, unknown: number): { slot: number; value: number; known: boolean } | null {
  let best: { slot: number; value: number; known: boolean } | null = null;
  (v.benches[me] ?? []).forEach((x, slot) => {
    if (!x) return;
    const value = x.card ? x.card.value : unknown;
    const known = x.card !== null;
    if (!best || value > best.value || (value === best.value && known && !best.known)) best = { slot, value, known };
  });
  return best;
}

/** A snap of one of the seat's own cards it has seen and that matches the open discard. */
function knownOwnSnap(input: Input): Move | null {
  const v = input.view;
  if (!v.snap.open || !v.snap.card) return null;
  const top = cardIndex(v.snap.card.id);
  for (const m of input.legal) {
    if (m.kind !== 'snap' || (m.owner !== undefined && m.owner !== input.seat)) continue;
    const face = v.benches[input.seat]?.[m.slot]?.card;
    if (face && snapMatchesAt(cardIndex(face.id), top)) return m;
  }
  return null;
}

const withoutSnaps = (legal: readonly Move[]) => {
  const rest = legal.filter((m) => m.kind !== 'snap');
  return rest.length > 0 ? rest : legal;
};

// ------------------------------------------------------------------ random players

/** Random without calls: a uniformly random legal move, never a Dutch call, never a snap. */
export const randomNoCalls: MemoryAgent = {
  name: 'random-no-calls',
  act(input) {
    const pool = withoutSnaps(input.legal).filter((m) => m.kind !== 'call-dutch');
    return pick(pool.length > 0 ? pool : input.legal, `${input.seed}/rnc`);
  },
  react: () => null,
};

/** Random calling late: random moves, but calls Dutch once most of the deck is gone. */
export const randomLateCall: MemoryAgent = {
  name: 'random-late-call',
  act(input) {
    const call = firstOf(input.legal, 'call-dutch');
    if (call && input.view.deckCount <= 20) return call;
    const pool = withoutSnaps(input.legal).filter((m) => m.kind !== 'call-dutch');
    return pick(pool.length > 0 ? pool : input.legal, `${input.seed}/rlc`);
  },
  react: () => null,
};

// ------------------------------------------------------------------ memory-greedy and the snapper

/**
 * Memory-greedy: an unknown card is worth the mean of the unseen cards; it draws, keeps a drawn card
 * that is lower than its highest card, looks at its own unknown cards with a Queen, lets other powers
 * go, snaps only matches it knows, and calls Dutch when it knows its whole bench and it is low.
 */
function greedyAct(input: Input, callAt: number): Move {
  const { view: v, seat: me, legal } = input;
  const first = withoutSnaps(legal)[0]!;
  if (v.phase !== 'play') return first;
  const snap = knownOwnSnap(input);
  if (snap) return snap;
  const mean = meanOf(unseenValues(v));
  const front = v.pending[0];
  if (front && front.seat === me) {
    if (front.kind === 'peek') {
      const slot = (v.benches[me] ?? []).findIndex((x) => x !== null && x.card === null);
      const peek = slot >= 0 ? legal.find((m) => m.kind === 'peek' && m.at.seat === me && m.at.slot === slot) : undefined;
      if (peek) return peek;
    }
    if (front.kind === 'give-back') {
      const w = worst(v, me, mean);
      const back = w ? legal.find((m) => m.kind === 'give-back' && m.slot === w.slot) : undefined;
      if (back) return back;
    }
    return firstOf(legal, 'skip') ?? first;
  }
  if (v.turn !== me) return first;
  const w = worst(v, me, mean);
  if (v.step === 'start') {
    const mine = benchValues(v, me, mean);
    const call = firstOf(legal, 'call-dutch');
    if (call && v.caller === null && mine.every((x, i) => x === null || v.benches[me]?.[i]?.card) && total(mine) <= callAt) return call;
    if (call && v.caller === null && v.deckCount <= v.seats) return call;
    return firstOf(legal, 'draw') ?? first;
  }
  if (v.step === 'drawn' && v.held?.card && w) {
    if (v.held.card.value < w.value) {
      const ex = legal.find((m) => m.kind === 'exchange' && m.slot === w.slot);
      if (ex) return ex;
    }
    return firstOf(legal, 'discard') ?? first;
  }
  return first;
}

export const memoryGreedy: MemoryAgent = {
  name: 'memory-greedy',
  act: (input) => greedyAct(input, 5),
  react: (input) => knownOwnSnap(input),
};

/**
 * Aggressive snapper: plays as memory-greedy, and snaps at every open discard it can: a known match, or
 * else (one time in three) one of its unknown cards on the chance that it matches.
 */
export const aggressiveSnapper: MemoryAgent = {
  name: 'aggressive-snapper',
  act: (input) => greedyAct(input, 5),
  react(input) {
    const known = knownOwnSnap(input);
    if (known) return known;
    if (unit(`${input.seed}/snapper`) >= 1 / 3) return null;
    const bench = input.view.benches[input.seat] ?? [];
    const blind = input.legal.filter(
      (m) => m.kind === 'snap' && (m.owner === undefined || m.owner === input.seat) && bench[m.slot] && !bench[m.slot]!.card,
    );
    return blind.length > 0 ? pick(blind, `${input.seed}/blind`) : null;
  },
};

// ------------------------------------------------------------------ the Bayesian player

/**
 * Bayesian: keeps the distribution of the unseen cards (every card it has not seen is equally likely
 * to lie in any unknown position). It keeps a drawn card when it is likely lower than the card it would
 * replace (for an unknown card: more than half the unseen cards are higher), peeks with Queens at its own
 * unknown cards, and calls Dutch when its expected total is likely below every opponent's: the
 * difference of the means is at least one standard deviation of the unknown part.
 */
export const bayesian: MemoryAgent = {
  name: 'bayesian',
  act(input) {
    const { view: v, seat: me, legal } = input;
    const first = withoutSnaps(legal)[0]!;
    if (v.phase !== 'play') return first;
    const snap = knownOwnSnap(input);
    if (snap) return snap;
    const unseen = unseenValues(v);
    const mean = meanOf(unseen);
    const variance = unseen.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, unseen.length);
    if (v.turn !== me || (v.pending[0] && v.pending[0].seat === me)) return greedyAct(input, 4);
    if (v.step === 'start' && v.caller === null) {
      const call = firstOf(legal, 'call-dutch');
      const mine = total(benchValues(v, me, mean));
      let unknowns = (v.benches[me] ?? []).filter((x) => x && !x.card).length;
      let margin = Number.POSITIVE_INFINITY;
      for (let s = 0; s < v.seats; s++) {
        if (s === me) continue;
        margin = Math.min(margin, total(benchValues(v, s, mean)) - mine);
        unknowns += (v.benches[s] ?? []).filter((x) => x && !x.card).length;
      }
      if (call && margin >= Math.sqrt(variance * unknowns) && mine <= 10) return call;
      return firstOf(legal, 'draw') ?? first;
    }
    if (v.step === 'drawn' && v.held?.card) {
      const held = v.held.card.value;
      let best: { slot: number; gain: number } | null = null;
      (v.benches[me] ?? []).forEach((x, slot) => {
        if (!x) return;
        // The chance an unknown card is higher than the one held, times what it is expected to save.
        const gain = x.card
          ? x.card.value - held
          : unseen.filter((u) => u > held).length / Math.max(1, unseen.length) > 0.5
            ? mean - held
            : 0;
        if (gain > 0 && (!best || gain > best.gain)) best = { slot, gain };
      });
      const chosen = best as { slot: number; gain: number } | null;
      const ex = chosen ? legal.find((m) => m.kind === 'exchange' && m.slot === chosen.slot) : undefined;
      return ex ?? firstOf(legal, 'discard') ?? first;
    }
    return greedyAct(input, 4);
  },
  react: (input) => knownOwnSnap(input),
};

// ------------------------------------------------------------------ the ceiling

/**
 * Perfect-information greedy: the ceiling. It alone reads the full state, so it knows every card: it
 * keeps a drawn card (or takes the discard) when that lowers its highest card, snaps every true match of
 * its own, swaps its highest card for an opponent's lowest with a Jack, gives Ace cards to the seat
 * closest to a win, and calls Dutch when its total is the lowest at the table.
 */
export const perfectGreedy: MemoryAgent = {
  name: 'perfect-greedy',
  act(input, state) {
    const { seat: me, legal } = input;
    const first = withoutSnaps(legal)[0]!;
    if (state.phase !== 'play') return first;
    const snap = trueSnap(input, state);
    if (snap) return snap;
    const values = valuesOf(state.rules.cardValues);
    const bench = (s: Seat) => (state.benches[s] ?? []).map((x) => (x === EMPTY ? null : values[slotCard(x)]!));
    const mine = bench(me);
    let high = -1;
    mine.forEach((x, i) => {
      if (x !== null && (high < 0 || x > mine[high]!)) high = i;
    });
    const front = state.pending[0];
    if (front && front.seat === me) {
      if (front.kind === 'swap' && high >= 0) {
        let low: { seat: Seat; slot: number; value: number } | null = null;
        for (let s = 0; s < state.seats; s++) {
          if (s === me) continue;
          bench(s).forEach((x, slot) => {
            if (x !== null && (!low || x < low.value)) low = { seat: s, slot, value: x };
          });
        }
        const target = low as { seat: Seat; slot: number; value: number } | null;
        if (target && target.value < mine[high]!) {
          const sw = legal.find(
            (m) =>
              m.kind === 'swap' &&
              ((m.a.seat === me && m.a.slot === high && m.b.seat === target.seat && m.b.slot === target.slot) ||
                (m.b.seat === me && m.b.slot === high && m.a.seat === target.seat && m.a.slot === target.slot)),
          );
          if (sw) return sw;
        }
      }
      if (front.kind === 'give') {
        let to: Seat | null = null;
        for (let s = 0; s < state.seats; s++) if (s !== me && (to === null || total(bench(s)) < total(bench(to)))) to = s;
        const give = legal.find((m) => m.kind === 'give' && m.to === to);
        if (give) return give;
      }
      if (front.kind === 'give-back' && high >= 0) {
        const back = legal.find((m) => m.kind === 'give-back' && m.slot === high);
        if (back) return back;
      }
      return firstOf(legal, 'skip') ?? first;
    }
    if (state.turn.seat !== me) return first;
    if (state.turn.step === 'start') {
      const call = firstOf(legal, 'call-dutch');
      let lowest = true;
      for (let s = 0; s < state.seats; s++) if (s !== me && total(bench(s)) <= total(mine)) lowest = false;
      if (call && state.caller === null && lowest) return call;
      const top = state.pile[state.pile.length - 1];
      if (top && high >= 0 && values[top.card]! < mine[high]! - 1) {
        const take = legal.find((m) => m.kind === 'take-discard' && m.slot === high);
        if (take) return take;
      }
      return firstOf(legal, 'draw') ?? first;
    }
    if (state.turn.step === 'drawn' && state.turn.held !== null && high >= 0) {
      if (values[state.turn.held]! < mine[high]!) {
        const ex = legal.find((m) => m.kind === 'exchange' && m.slot === high);
        if (ex) return ex;
      }
      return firstOf(legal, 'discard') ?? first;
    }
    return first;
  },
  react: (input, state) => trueSnap(input, state),
};

function trueSnap(input: Input, state: DutchMemoryState): Move | null {
  const top = state.pile[state.pile.length - 1];
  if (!top || top.closed) return null;
  for (const m of input.legal) {
    if (m.kind !== 'snap' || (m.owner !== undefined && m.owner !== input.seat)) continue;
    const slot = state.benches[input.seat]?.[m.slot];
    if (slot !== undefined && slot !== EMPTY && snapMatchesAt(slotCard(slot), top.card)) return m;
  }
  return null;
}

export const MEMORY_BASELINES: readonly MemoryAgent[] = [
  randomNoCalls,
  randomLateCall,
  memoryGreedy,
  aggressiveSnapper,
  bayesian,
  perfectGreedy,
];
