import { describe, expect, it } from 'vitest';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';

/**
 * The match item must stay under 64 KB for the longest game: the state is the bulk of it. Plays
 * random complete games of every registered game at its largest table and measures the state.
 */
const LIMIT = 56 * 1024; // leaves room for seats, keys and the rest of the match item

describe('match state size', () => {
  for (const game of GAMES) {
    it(`${game.name}: the state of ${game.maxSeats}-seat random games stays under ${LIMIT / 1024} KB`, () => {
      let largest = 0;
      for (let g = 0; g < 20; g++) {
        let rng: Rng = seedRng(`size-${game.id}-${g}`);
        const options = game.options.safeParse({});
        if (!options.success) throw new Error(`${game.id}: {} is not valid options`);
        let state = game.setup(game.maxSeats, options.data, `seed-${g}`);
        let now = 1_700_000_000_000;
        for (let step = 0; step < 20_000 && !game.result(state); step++) {
          const toAct = game.toAct(state);
          let i: number;
          [i, rng] = nextInt(rng, toAct.length);
          const seat = toAct[i]!;
          const moves = game.legalMoves(state, seat);
          expect(moves.length, `${game.id}: seat ${seat} must act but has no legal move`).toBeGreaterThan(0);
          [i, rng] = nextInt(rng, moves.length);
          now += 60_000;
          const r = game.apply(state, seat, moves[i], { now });
          if (!r.ok) throw new Error(`${game.id}: legal move refused: ${JSON.stringify(moves[i])} → ${r.error.code}`);
          state = r.value.state;
          largest = Math.max(largest, JSON.stringify(state).length);
        }
        expect(game.result(state), `${game.id}: game ${g} did not end`).not.toBeNull();
      }
      expect(largest).toBeLessThan(LIMIT);
    });
  }
});
