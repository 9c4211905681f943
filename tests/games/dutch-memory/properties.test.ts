/**
 * Property tests over thousands of random games with 2, 4 and 8 players, across both presets and
 * random option overrides. Failures print the fast-check seed and the game's seed, so they replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DutchMemoryOptionsInput } from '#shared/games/dutch-memory/moves.js';
import { game, rulesOf } from './helpers.js';
import { playRandomGame } from './random-play.js';
import { assertJsonExact } from '../../support/json.js';
import { runs } from '../../support/scale.js';

const optionsArb: fc.Arbitrary<DutchMemoryOptionsInput> = fc.record(
  {
    preset: fc.constantFrom('bench' as const, 'marmot' as const),
    drawFromDiscard: fc.boolean(),
    openingDiscard: fc.boolean(),
    acePower: fc.boolean(),
    queenPower: fc.constantFrom('peek-any' as const, 'none' as const),
    jackPower: fc.constantFrom('swap-different-benches' as const, 'swap-any' as const, 'none' as const),
    cardValues: fc.constantFrom('bench' as const, 'marmot' as const),
    callerLowest: fc.constantFrom('nothing' as const, 'bonus-card' as const),
    callerNotLowest: fc.constantFrom('card-per-player' as const, 'one-card' as const, 'nothing' as const),
    callerTies: fc.constantFrom('against-caller' as const, 'for-caller' as const),
    penaltyCards: fc.integer({ min: 0, max: 3 }),
    penaltyCardSeen: fc.boolean(),
    emptyBench: fc.constantFrom('auto-dutch' as const, 'win-round' as const),
    endScore: fc.integer({ min: 20, max: 150 }),
    tieBreak: fc.constantFrom('last-round' as const, 'shared' as const),
    snapOthers: fc.boolean(),
    othersSnap: fc.constantFrom('give-back' as const, 'replace-and-penalty' as const),
    firstDealer: fc.constantFrom('last-seat' as const, 'random' as const),
    lastQueenExtends: fc.boolean(),
    memoryAid: fc.boolean(),
    snapWindowMs: fc.constantFrom(0, 0, 15_000, 120_000),
  },
  { requiredKeys: ['preset'] },
);

/** Games per player count, and how often the expensive checks run (every n-th step). */
const PLAN = [
  { seats: 2, games: runs(1000), deepEvery: 29 },
  { seats: 4, games: runs(800), deepEvery: 31 },
  { seats: 8, games: runs(400), deepEvery: 53 },
] as const;

describe('random games', () => {
  for (const { seats, games, deepEvery } of PLAN) {
    it(`${games} games with ${seats} players: cards conserved, legal moves accepted, others refused, views hide unseen cards, scores add up, every game ends`, () => {
      let rounds = 0;
      let maxBytes = 0;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), optionsArb, (seed, options) => {
          const played = playRandomGame(seats, options, seed, { deepEvery });
          rounds += played.rounds;
          maxBytes = Math.max(maxBytes, played.maxStateBytes);
        }),
        { numRuns: games, seed: 7000 + seats },
      );
      expect(rounds).toBeGreaterThan(games);
      expect(maxBytes).toBeLessThan(50_000);
    }, 120_000); // a few seconds alone; the limit is for a busy shared machine
  }

  it('replays: the same seed and moves give the same state, event for event', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(2, 4, 8), optionsArb, (seed, seats, options) => {
        const played = playRandomGame(seats, options, seed, { deepEvery: 0 });
        let state = game.setup(seats, rulesOf(options), `seed-${seed}`);
        for (const { seat, move, now } of played.log) {
          const r = game.apply(state, seat, move, { now });
          if (!r.ok) throw new Error(r.error.code);
          state = r.value.state;
          // Stored as JSON after every move: no -0, undefined or NaN that JSON would change.
          assertJsonExact(state);
        }
        expect(JSON.stringify(state)).toBe(JSON.stringify(played.final));
        expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
        // A different seed deals differently.
        expect(JSON.stringify(game.setup(seats, rulesOf(options), `seed-${seed}x`).benches)).not.toBe(
          JSON.stringify(game.setup(seats, rulesOf(options), `seed-${seed}`).benches),
        );
      }),
      { numRuns: runs(150, 15), seed: 4242 },
    );
  }, 120_000);
});
