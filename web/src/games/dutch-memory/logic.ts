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
import type { CardFace, Rank } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { fmt, t } from '../../i18n.js';
import { w } from './words.js';

export type Move = DutchMemoryMove;
export type View = DutchMemoryView;
export interface Pos {
  readonly seat: number;
  readonly slot: number;
}

export const posKey = (p: Pos) => `${p.seat}:${p.slot}`;
const samePos = (a: Pos, b: Pos) => a.seat === b.seat && a.slot === b.slot;

/** A rank in words ("Queen", "7"): the court cards and the Ace from the catalog, numbers as they are. */
export function rankWords(rank: Rank): string {
  return rank === 'A' || rank === 'J' || rank === 'Q' || rank === 'K' ? t(`game.dutch-memory.rank.${rank}`) : rank;
}

/** "7 of hearts", "Queen of spades" (in the language shown). */
export function cardName(c: Pick<CardFace, 'rank' | 'suit'>): string {
  return w('card', { rank: rankWords(c.rank), suit: t(`game.dutch-memory.suit.${c.suit}`) });
}

const GRID = ['tl', 'tr', 'bl', 'br'];

/** "position 2 (top right)" on a 2×2 bench; "position 2" in a row. Positions are 0-based inside. */
export function positionWords(view: Pick<View, 'layout'>, slot: number): string {
  const where = view.layout === 'grid' ? GRID[slot] : undefined;
  return where ? w('positionAt', { n: slot + 1, where }) : w('position', { n: slot + 1 });
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

/** Params saying whose a card is: `mine` ('yes' for the viewer's own; the messages select on it) and the owner's `name`. */
export function owner(n: Names, seat: number): { mine: 'yes' | 'no'; name: string } {
  return { mine: seat === n.me ? 'yes' : 'no', name: n.name(seat) };
}

/** The words on the button that makes a position move. */
export function actionLabel(view: View, move: Move, n: Names): string {
  const me = n.me ?? -1;
  const pos = (slot: number) => positionWords(view, slot);
  const top = view.discard.top;
  switch (move.kind) {
    case 'look':
      return w('act.look');
    case 'exchange': {
      const held = view.held?.card;
      return w('act.exchange', { card: held ? cardName(held) : w('cardWord'), pos: pos(move.slot) });
    }
    case 'take-discard':
      return w('act.take', { card: top ? cardName(top) : w('topDiscard'), pos: pos(move.slot) });
    case 'give-back':
      return w('act.giveBack', { name: n.name(pendingTo(view) ?? me), pos: pos(move.slot) });
    case 'peek':
      return w('act.peek', { ...owner(n, move.at.seat), pos: pos(move.at.slot) });
    case 'swap': {
      // One's own card first, whichever way round the engine lists the pair.
      const [x, y] = move.b.seat === n.me && move.a.seat !== n.me ? [move.b, move.a] : [move.a, move.b];
      const [a, b] = [owner(n, x.seat), owner(n, y.seat)];
      return w('act.swap', { aMine: a.mine, a: a.name, aPos: pos(x.slot), bMine: b.mine, b: b.name, bPos: pos(y.slot) });
    }
    case 'snap': {
      const target = move.on === view.snap.on ? view.snap.card : (view.snap.covered.find((c) => c.on === move.on)?.card ?? null);
      return w('act.snap', { ...owner(n, move.owner ?? me), pos: pos(move.slot), card: target ? cardName(target) : w('discardWord') });
    }
    default:
      return move.kind;
  }
}

function pendingTo(view: View): number | null {
  return view.pending[0]?.to ?? null;
}

/** "the Queen of hearts: look at any one face-down card". */
export function pendingWords(p: View['pending'][number]): string {
  if (p.kind === 'give-back') return w('power.giveBack');
  const power = p.kind === 'peek' ? w('power.peek') : p.kind === 'swap' ? w('power.swap') : w('power.give');
  return p.card ? w('pendingCard', { card: cardName(p.card), power }) : power;
}

/** What the player is asked to do with the selection, in words. */
export function selectionHint(view: View, legal: readonly Move[], n: Names, selection: readonly Pos[]): string | null {
  const me = n.me;
  if (me === null) return null;
  const kinds = new Set(legal.map((m) => m.kind));
  if (kinds.has('look')) return selection.length === 0 ? w('hint.look') : selection.length === 1 ? w('hint.lookOneMore') : null;
  const front = view.pending[0];
  if (front && front.seat === me) {
    if (front.kind === 'peek') return selection.length === 0 ? w('hint.peek') : null;
    if (front.kind === 'swap') {
      const apart = view.rules.jackPower === 'swap-different-benches' ? 'yes' : 'no';
      if (selection.length === 0) return w('hint.swap', { apart });
      if (selection.length === 1) return w('hint.swapSecond');
      return null;
    }
    if (front.kind === 'give-back') return selection.length === 0 ? w('hint.giveBack') : null;
    if (front.kind === 'give') return w('hint.give');
  }
  if (view.turn === me && view.step === 'drawn' && selection.length === 0) return w('hint.drawn');
  if (view.turn === me && view.step === 'start' && selection.length === 0 && kinds.has('take-discard') && view.discard.top) {
    return w('hint.take', { card: cardName(view.discard.top) });
  }
  return null;
}

/** Whose move it is, in this game's words (for the line at the top of the match page). */
export function turnText(view: View, n: Names): string {
  const me = n.me;
  if (view.phase === 'over') return w('turn.over');
  if (view.phase === 'look') {
    if (me !== null && view.toAct.includes(me)) return w('turn.lookMine', { round: view.round });
    return w('turn.lookWaiting', { round: view.round, names: listWords(view.toAct.filter((s) => s !== me).map(n.name)) });
  }
  const front = view.pending[0];
  if (front) {
    if (front.seat !== me) return w('turn.powerWaiting', { name: n.name(front.seat) });
    const kind = front.kind === 'give-back' ? 'giveBack' : front.card ? 'card' : 'other';
    return w('turn.powerMine', { kind, card: front.card ? cardName(front.card) : '' });
  }
  if (view.turn === null) return '';
  const last = view.caller !== null ? 'yes' : 'no';
  if (view.turn === me) {
    if (view.step === 'drawn') return w('turn.mineDrawn', { last });
    const top = view.rules.drawFromDiscard ? view.discard.top : null;
    const take = { take: top ? 'yes' : 'no', card: top ? cardName(top) : '' };
    return view.caller === null ? w('turn.mine', take) : w('turn.mineLast', take);
  }
  return w('turn.waiting', { name: n.name(view.turn), drawn: view.step === 'drawn' ? 'yes' : 'no', last });
}

/** A list of names in the language shown, or "nobody" for an empty list. */
export function listWords(names: readonly string[]): string {
  return names.length === 0 ? w('nobody') : fmt.list(names);
}

/** Where each seat's bench is drawn: the viewer last (next to the action bar), the others clockwise after them. */
export function seatOrder(view: View): number[] {
  const me = view.viewer;
  const all = Array.from({ length: view.seats }, (_, i) => i);
  if (me === null) return all;
  return [...all.slice(me + 1), ...all.slice(0, me), me];
}
