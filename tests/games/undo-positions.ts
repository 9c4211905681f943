/**
 * Real positions for the undo tests: random legal play of a game (seeded) until a seat may make a move
 * the test is looking for. Every move of the walk is also checked against the generic undo rule, so a
 * game that declares a move undoable which drew, revealed, passed the turn or ended the game fails.
 */
import { expect } from 'vitest';
import type { Applied, AnyGame, Seat } from '#shared/engine/game.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';

export interface Position {
  state: unknown;
  seat: Seat;
  move: unknown;
}

/** What the platform would keep for an undo: is the applied move undoable, checked against the generic rule. */
export function undoableChecked(game: AnyGame, before: unknown, seat: Seat, move: unknown, applied: Applied<unknown, unknown>): boolean {
  const yes = game.undoable?.(before, applied.state, seat, move, applied) ?? false;
  if (yes) {
    // Nothing drawn or shuffled, no reveal, the game goes on, nobody else is newly asked to act.
    const rng = (s: unknown) => JSON.stringify((s as { rng: unknown }).rng);
    expect(rng(applied.state), `${game.id}: an undoable ${JSON.stringify(move)} used chance`).toBe(rng(before));
    expect(applied.reveal).toBeUndefined();
    expect(game.result(applied.state)).toBeNull();
    const newcomers = game.toAct(applied.state).filter((s) => !game.toAct(before).includes(s));
    expect(newcomers, `${game.id}: an undoable ${JSON.stringify(move)} handed the turn on`).toEqual([]);
  }
  return yes;
}

/**
 * Plays seeded random games of `game` until `wanted(state, seat, move)` holds for a legal move, and
 * returns that position (before the move). `prefer` biases the walk towards moves that keep a turn going.
 */
export function findPosition(
  game: AnyGame,
  seats: number,
  wanted: (state: unknown, seat: Seat, move: unknown) => boolean,
  opts: { options?: unknown; games?: number; steps?: number; avoid?: (move: unknown) => boolean } = {},
): Position {
  const parsed = game.options.safeParse(opts.options ?? {});
  if (!parsed.success) throw new Error('bad options');
  for (let g = 0; g < (opts.games ?? 40); g++) {
    let rng: Rng = seedRng(`undo-${game.id}-${g}`);
    let state = game.setup(seats, parsed.data, `undo-seed-${g}`);
    for (let step = 0; step < (opts.steps ?? 3000) && !game.result(state); step++) {
      const toAct = game.toAct(state);
      let i: number;
      [i, rng] = nextInt(rng, toAct.length);
      const seat = toAct[i]!;
      const moves = game.legalMoves(state, seat);
      const hit = moves.find((m) => wanted(state, seat, m));
      if (hit !== undefined) return { state, seat, move: hit };
      const usable = opts.avoid && moves.some((m) => !opts.avoid!(m)) ? moves.filter((m) => !opts.avoid!(m)) : moves;
      [i, rng] = nextInt(rng, usable.length);
      const r = game.apply(state, seat, usable[i], { now: 1_700_000_000_000 + step });
      if (!r.ok) throw new Error(`legal move refused: ${r.error.code}`);
      undoableChecked(game, state, seat, usable[i], r.value);
      state = r.value.state;
    }
  }
  throw new Error(`${game.id}: no position found`);
}

/** Applies the move at the position and says whether the game lets it be undone. */
export function tryUndoable(game: AnyGame, p: Position): { undoable: boolean; after: unknown } {
  const r = game.apply(p.state, p.seat, p.move, { now: 1_800_000_000_000 });
  if (!r.ok) throw new Error(`move refused: ${r.error.code}`);
  return { undoable: undoableChecked(game, p.state, p.seat, p.move, r.value), after: r.value.state };
}
