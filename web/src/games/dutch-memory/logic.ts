/**
 * What the memory-game board offers, worked out from the engine's legal moves (sent with every
 * match answer), the view and the positions the player has selected. Pure functions: the board
 * only draws them.
 *
 * Direct manipulation works on positions: the player selects face-down cards on the table (one
 * for an exchange, a peek, a snap or a give-back; two for the starting look or a Jack's swap) and
 * the moves whose positions are exactly the selection are offered as actions. A position can be
 * selected only while some legal move still fits the selection with it. Moves without a position
 * (draw, discard, call Dutch, skip, give) are plain buttons.
 */
import { SUIT_NAMES, type CardFace, type Rank } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { listNames } from '../../text.js';

export type Move = DutchMemoryMove;
export type View = DutchMemoryView;
export interface Pos {
  readonly seat: number;
  readonly slot: number;
}

export const posKey = (p: Pos) => `${p.seat}:${p.slot}`;
const samePos = (a: Pos, b: Pos) => a.seat === b.seat && a.slot === b.slot;

const RANK_WORDS: Partial<Record<Rank, string>> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };

/** "7 of hearts", "Queen of spades". */
export function cardName(c: Pick<CardFace, 'rank' | 'suit'>): string {
  return `${RANK_WORDS[c.rank] ?? c.rank} of ${SUIT_NAMES[c.suit]}`;
}

const GRID_WORDS = ['top left', 'top right', 'bottom left', 'bottom right'];

/** "position 2 (top right)" on a 2×2 bench; "position 2" in a row. Positions are 0-based inside. */
export function positionWords(view: Pick<View, 'layout'>, slot: number): string {
  const where = view.layout === 'grid' ? GRID_WORDS[slot] : undefined;
  return `position ${slot + 1}${where ? ` (${where})` : ''}`;
}

/** The positions a move acts on; empty for moves made with a plain button. */
export function positionsOf(move: Move, me: number): Pos[] {
  switch (move.kind) {
    case 'look':
      return move.slots.map((slot) => ({ seat: me, slot }));
    case 'exchange':
    case 'take-discard':
    case 'give-back':
      return [{ seat: me, slot: move.slot }];
    case 'peek':
      return [move.at];
    case 'swap':
      return [move.a, move.b];
    case 'snap':
      return [{ seat: move.owner ?? me, slot: move.slot }];
    default:
      return [];
  }
}

function covers(positions: readonly Pos[], wanted: readonly Pos[]): boolean {
  return wanted.every((w) => positions.some((p) => samePos(p, w)));
}

/**
 * Snaps at covered discards that are still inside the match's minimum snap window. The engine
 * cannot list them (legal moves know no clock); the view lists the discards with their deadline,
 * and they are offered for the same positions as a snap at the top discard would be.
 */
export function coveredSnaps(view: View, me: number | null, now: number): Move[] {
  if (me === null || view.phase !== 'play') return [];
  const out: Move[] = [];
  for (const c of view.snap.covered) {
    if (c.until <= now) continue;
    (view.benches[me] ?? []).forEach((b, slot) => {
      if (b) out.push({ kind: 'snap', on: c.on, slot });
    });
    if (view.rules.snapOthers) {
      view.benches.forEach((bench, owner) => {
        if (owner === me) return;
        bench.forEach((b, slot) => {
          if (b) out.push({ kind: 'snap', on: c.on, slot, owner });
        });
      });
    }
  }
  return out;
}

/** Moves that act on positions and still fit the selection. */
export function fittingMoves(legal: readonly Move[], me: number, selection: readonly Pos[]): Move[] {
  return legal.filter((m) => {
    const ps = positionsOf(m, me);
    return ps.length > 0 && ps.length >= selection.length && covers(ps, selection);
  });
}

/**
 * Positions the player can click: every position of some legal move. Clicking one that fits the
 * selection adds it; one that does not starts a new selection (see `toggle`).
 */
export function selectablePositions(legal: readonly Move[], me: number): Set<string> {
  const out = new Set<string>();
  for (const m of legal) for (const p of positionsOf(m, me)) out.add(posKey(p));
  return out;
}

/** Moves whose positions are exactly the selection: ready to be made. */
export function readyMoves(legal: readonly Move[], me: number, selection: readonly Pos[]): Move[] {
  if (selection.length === 0) return [];
  return fittingMoves(legal, me, selection).filter((m) => positionsOf(m, me).length === selection.length);
}

/** Keeps only the part of a selection that some legal move still fits (the match moved on). */
export function pruneSelection(legal: readonly Move[], me: number, selection: readonly Pos[]): Pos[] {
  let kept = [...selection];
  while (kept.length > 0 && fittingMoves(legal, me, kept).length === 0) kept = kept.slice(0, -1);
  return kept;
}

/** Toggles a position in the selection; a position that does not fit the selection starts a new one. */
export function toggle(legal: readonly Move[], me: number, selection: readonly Pos[], p: Pos): Pos[] {
  if (selection.some((s) => samePos(s, p))) return selection.filter((s) => !samePos(s, p));
  const next = [...selection, p];
  if (fittingMoves(legal, me, next).length > 0) return next;
  return fittingMoves(legal, me, [p]).length > 0 ? [p] : [...selection];
}

export interface Names {
  name(seat: number): string;
  me: number | null;
}

/** "your" or "Ann's". */
export function whose(n: Names, seat: number): string {
  return seat === n.me ? 'your' : `${n.name(seat)}'s`;
}

/** The words on the button that makes a position move. */
export function actionLabel(view: View, move: Move, n: Names): string {
  const me = n.me ?? -1;
  const pos = (slot: number) => positionWords(view, slot);
  const top = view.discard.top;
  switch (move.kind) {
    case 'look':
      return 'Look at these two cards';
    case 'exchange': {
      const held = view.held?.card;
      return `Put the drawn ${held ? cardName(held) : 'card'} in ${pos(move.slot)}`;
    }
    case 'take-discard':
      return `Take the ${top ? cardName(top) : 'top discard'} into ${pos(move.slot)}`;
    case 'give-back':
      return `Hand ${n.name(pendingTo(view) ?? me)} your card in ${pos(move.slot)}`;
    case 'peek':
      return `Look at ${whose(n, move.at.seat)} card in ${pos(move.at.slot)}`;
    case 'swap': {
      // One's own card first, whichever way round the engine lists the pair.
      const [x, y] = move.b.seat === n.me && move.a.seat !== n.me ? [move.b, move.a] : [move.a, move.b];
      return `Swap ${whose(n, x.seat)} card in ${pos(x.slot)} with ${whose(n, y.seat)} card in ${pos(y.slot)}`;
    }
    case 'snap': {
      const owner = move.owner ?? me;
      const target = move.on === view.snap.on ? view.snap.card : (view.snap.covered.find((c) => c.on === move.on)?.card ?? null);
      return `Snap ${whose(n, owner)} card in ${pos(move.slot)} onto the ${target ? cardName(target) : 'discard'}`;
    }
    default:
      return move.kind;
  }
}

function pendingTo(view: View): number | null {
  return view.pending[0]?.to ?? null;
}

const POWER_WORDS = {
  peek: 'look at any one face-down card',
  swap: 'swap two face-down cards without looking',
  give: 'give another player the top card of the deck',
  'give-back': 'hand one of your cards to the player whose card you snapped',
} as const;

/** "the Queen of hearts: look at any one face-down card". */
export function pendingWords(p: View['pending'][number]): string {
  if (p.kind === 'give-back') return POWER_WORDS['give-back'];
  return `${p.card ? `the ${cardName(p.card)}: ` : ''}${POWER_WORDS[p.kind]}`;
}

/** What the player is asked to do with the selection, in words. */
export function selectionHint(view: View, legal: readonly Move[], n: Names, selection: readonly Pos[]): string | null {
  const me = n.me;
  if (me === null) return null;
  const kinds = new Set(legal.map((m) => m.kind));
  if (kinds.has('look')) {
    return selection.length === 0
      ? 'Select two of your cards to look at. Only you will see them.'
      : selection.length === 1
        ? 'Select one more of your cards.'
        : null;
  }
  const front = view.pending[0];
  if (front && front.seat === me) {
    if (front.kind === 'peek') return selection.length === 0 ? 'Select any face-down card on the table to look at it, or skip.' : null;
    if (front.kind === 'swap') {
      const apart = view.rules.jackPower === 'swap-different-benches';
      if (selection.length === 0) return `Select two face-down cards to swap${apart ? ' (from two different players)' : ''}, or skip.`;
      if (selection.length === 1) return 'Select the second card of the swap.';
      return null;
    }
    if (front.kind === 'give-back') return selection.length === 0 ? 'Select one of your cards to hand over, or keep them all.' : null;
    if (front.kind === 'give') return 'Choose who gets the card, or skip.';
  }
  if (view.turn === me && view.step === 'drawn' && selection.length === 0) {
    return 'Select one of your cards to swap the drawn card in (that card goes face up on the pile), or discard the drawn card.';
  }
  if (view.turn === me && view.step === 'start' && selection.length === 0 && kinds.has('take-discard') && view.discard.top) {
    return `Draw a card, or take the ${cardName(view.discard.top)} from the pile by selecting the card of yours it should replace.`;
  }
  return null;
}

/** Whose move it is, in this game's words (for the line at the top of the match page). */
export function turnText(view: View, n: Names): string {
  const me = n.me;
  if (view.phase === 'over') return 'The game is over.';
  if (view.phase === 'look') {
    const waiting = view.toAct.filter((s) => s !== me).map(n.name);
    if (me !== null && view.toAct.includes(me)) return `Round ${view.round}: choose two of your cards to look at.`;
    return `Round ${view.round}: waiting for ${listWords(waiting)} to look at their cards.`;
  }
  const front = view.pending[0];
  if (front) {
    if (front.seat === me)
      return `Your move: use or skip ${front.kind === 'give-back' ? 'the give-back' : `the power of ${front.card ? `the ${cardName(front.card)}` : 'your card'}`}.`;
    return `Waiting for ${n.name(front.seat)} to use or skip a power.`;
  }
  if (view.turn === null) return '';
  const last = view.caller !== null ? ' (last turn)' : '';
  if (view.turn === me) {
    if (view.step === 'drawn') return `Your turn${last}: keep the drawn card or discard it.`;
    const take = view.rules.drawFromDiscard && view.discard.top ? `, take the ${cardName(view.discard.top)}` : '';
    return view.caller === null ? `Your turn: draw a card${take} or call Dutch.` : `Your turn${last}: draw a card${take}.`;
  }
  return `Waiting for ${n.name(view.turn)}${view.step === 'drawn' ? ', who has drawn a card' : ''}${last}.`;
}

/** `listNames`, but "nobody" for an empty list. */
export function listWords(names: readonly string[]): string {
  return names.length === 0 ? 'nobody' : listNames(names);
}

/** Where each seat's bench is drawn: the viewer last (next to the action bar), the others clockwise after them. */
export function seatOrder(view: View): number[] {
  const me = view.viewer;
  const all = Array.from({ length: view.seats }, (_, i) => i);
  if (me === null) return all;
  return [...all.slice(me + 1), ...all.slice(0, me), me];
}
