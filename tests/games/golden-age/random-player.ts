/**
 * A random player: picks uniformly among the legal moves, except that during its own actions
 * it ends the turn with probability `endChance` (otherwise a random non-ending move). Used by
 * the property tests and the benchmark; deterministic for a given generator state.
 */
import type { Seat } from '#shared/engine/game.js';
import { nextInt, nextU32, type Rng } from '#shared/engine/random.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import { legalMoves } from '#shared/games/golden-age/rules.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';

export function randomMove(s: GoldenAgeState, seat: Seat, rng: Rng, endChance = 0.3): [GoldenAgeMove, Rng] {
  const moves = legalMoves(s, seat);
  if (moves.length === 0) throw new Error(`seat ${seat} has no legal move in phase ${s.phase}`);
  if (s.phase === 'actions') {
    const [x, r1] = nextU32(rng);
    if (x / 0x1_0000_0000 < endChance || moves.length === 1) return [{ kind: 'end-turn' }, r1];
    const [i, r2] = nextInt(r1, moves.length - 1);
    // moves[0] is always end-turn in the actions phase
    return [moves[i + 1]!, r2];
  }
  const [i, r] = nextInt(rng, moves.length);
  return [moves[i]!, r];
}
