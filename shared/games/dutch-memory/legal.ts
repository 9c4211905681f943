/**
 * Every legal move of a seat, who must act, the move made at a deadline, and which moves may be
 * re-applied after a race. Kept in step with engine.ts: the property tests apply every move listed
 * here and expect it to be accepted.
 */
import type { Seat } from '../../engine/game.js';
import { canDraw } from './engine.js';
import type { DutchMemoryMove } from './moves.js';
import type { DutchMemoryState } from './state.js';

function filledSlots(state: DutchMemoryState, seat: Seat): number[] {
  const out: number[] = [];
  (state.benches[seat] ?? []).forEach((b, i) => {
    if (b) out.push(i);
  });
  return out;
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
function snaps(state: DutchMemoryState, seat: Seat): DutchMemoryMove[] {
  const top = state.pile[state.pile.length - 1];
  if (!top || top.closed) return [];
  const out: DutchMemoryMove[] = [];
  for (const slot of filledSlots(state, seat)) out.push({ kind: 'snap', on: top.serial, slot });
  if (state.rules.snapOthers) {
    for (let owner = 0; owner < state.seats; owner++) {
      if (owner === seat) continue;
      for (const slot of filledSlots(state, owner)) out.push({ kind: 'snap', on: top.serial, slot, owner });
    }
  }
  return out;
}

export function legalMoves(state: DutchMemoryState, seat: Seat): DutchMemoryMove[] {
  if (seat < 0 || seat >= state.seats) return [];
  if (state.phase === 'look') {
    if (state.looked[seat]) return [];
    const slots = filledSlots(state, seat);
    const out: DutchMemoryMove[] = [];
    for (let i = 0; i < slots.length; i++) {
      for (let j = i + 1; j < slots.length; j++) out.push({ kind: 'look', slots: [slots[i] as number, slots[j] as number] });
    }
    return out;
  }
  if (state.phase !== 'play') return [];
  const out = snaps(state, seat);
  const front = state.pending[0];
  if (front) {
    if (front.seat !== seat) return out;
    out.push({ kind: 'skip' });
    switch (front.kind) {
      case 'peek':
        for (let s = 0; s < state.seats; s++) for (const slot of filledSlots(state, s)) out.push({ kind: 'peek', at: { seat: s, slot } });
        break;
      case 'swap': {
        // Unordered pairs: swapping a with b is the same as swapping b with a.
        const all: { seat: Seat; slot: number }[] = [];
        for (let s = 0; s < state.seats; s++) for (const slot of filledSlots(state, s)) all.push({ seat: s, slot });
        const apart = state.rules.jackPower === 'swap-different-benches';
        for (let i = 0; i < all.length; i++) {
          for (let j = i + 1; j < all.length; j++) {
            const a = all[i] as { seat: Seat; slot: number };
            const b = all[j] as { seat: Seat; slot: number };
            if (apart && a.seat === b.seat) continue;
            out.push({ kind: 'swap', a, b });
          }
        }
        break;
      }
      case 'give':
        if (canDraw(state)) for (let s = 0; s < state.seats; s++) if (s !== seat) out.push({ kind: 'give', to: s });
        break;
      case 'give-back':
        for (const slot of filledSlots(state, seat)) out.push({ kind: 'give-back', slot });
        break;
    }
    return out;
  }
  if (state.turn.seat !== seat) return out;
  if (state.turn.step === 'start') {
    if (canDraw(state)) out.push({ kind: 'draw' }, { kind: 'draw-and-discard' });
    if (state.rules.drawFromDiscard && state.pile.length > 0) {
      for (const slot of filledSlots(state, seat)) out.push({ kind: 'take-discard', slot });
    }
    if (state.caller === null) out.push({ kind: 'call-dutch' });
  } else if (state.turn.step === 'drawn') {
    out.push({ kind: 'discard' });
    for (const slot of filledSlots(state, seat)) out.push({ kind: 'exchange', slot });
  }
  return out;
}

/** Seats that must act before the game can go on. Snapping is never required, so never listed. */
export function toAct(state: DutchMemoryState): Seat[] {
  if (state.phase === 'look') return state.looked.flatMap((l, s) => (l ? [] : [s]));
  if (state.phase !== 'play') return [];
  const front = state.pending[0];
  return [front ? front.seat : state.turn.seat];
}

/**
 * At a deadline: look at the first two cards; skip a pending power; at the start of a turn draw
 * and discard at once (the bench and the knowledge stay as they were); with a card in hand, discard
 * it. Off-turn seats have nothing to do.
 */
export function defaultMove(state: DutchMemoryState, seat: Seat): DutchMemoryMove | null {
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
