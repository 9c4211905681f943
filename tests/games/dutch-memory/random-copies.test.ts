/**
 * The memory engine draws with its own allocation-free copies of the engine's seeding and shuffle
 * (rules.ts: `seeded`, `shuffleInPlace`). They must give exactly what engine/random.ts gives, or
 * the same seed would deal differently from one version to the next.
 */
import { describe, expect, it } from 'vitest';
import { seedRng, shuffle } from '#shared/engine/random.js';
import { seeded, shuffleInPlace } from '#shared/games/dutch-memory/rules.js';

const seeds = [
  '',
  'a',
  'seed-42',
  'é😀 and more',
  '0123456789abcdef0123456789abcdef',
  ...Array.from({ length: 200 }, (_, i) => `s${i * 7919}`),
];

describe("the memory engine's copies of the generator", () => {
  it('seed like seedRng', () => {
    for (const s of seeds) expect(seeded(s), s).toEqual(seedRng(s));
  });

  it('shuffle like shuffle, leaving the generator in the same state', () => {
    for (const [i, s] of seeds.entries()) {
      const items = Array.from({ length: 1 + (i % 60) }, (_, k) => `c${k}`);
      const copy = items.slice();
      const rng = shuffleInPlace(seedRng(s), copy);
      expect([copy, rng], s).toEqual(shuffle(seedRng(s), items));
    }
  });
});
