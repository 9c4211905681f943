/**
 * Property: a thousand random legal 3-player games (fast-check picks the seeds and the policy's
 * end-turn chance; its fixed seed makes a failure replay). Every move keeps everybody at or above
 * zero; money (players + bank + coins on paintings), tokens, markers and cards are conserved; every
 * game ends with a winner at 33 points or more; the stored state stays small.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goldenAge } from '../../../shared/games/golden-age/index.js';
import { scoreTotals } from '../../../shared/games/golden-age/rules.js';
import { playGame } from './random-games.js';

describe('3-player random games', () => {
  it('conserve money, tokens, markers and cards and always end with a winner at 33+', () => {
    let games = 0;
    let biggest = 0;
    let longest = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x7fffffff }).map((n) => `3p-${n.toString(16)}`),
        fc.constantFrom(0.15, 0.3, 0.5),
        (seed, endChance) => {
          const { final } = playGame(3, seed, endChance);
          const res = goldenAge.result(final);
          expect(res).not.toBeNull();
          const scores = scoreTotals(final);
          expect(res!.scores).toEqual(scores);
          expect(res!.winners).toHaveLength(1);
          const w = res!.winners[0]!;
          expect(scores[w]).toBeGreaterThanOrEqual(33);
          for (const x of scores) expect(x).toBeLessThanOrEqual(scores[w]!);
          biggest = Math.max(biggest, JSON.stringify(final).length);
          longest = Math.max(longest, final.turn);
          games++;
        },
      ),
      { numRuns: 1000, seed: 30240801 },
    );
    expect(games).toBe(1000);
    // the state does not grow with the length of the game; well under the 50 KB limit
    expect(biggest).toBeLessThan(20_000);
    expect(longest).toBeGreaterThan(50);
  });
});
