/**
 * engine/random.ts seeds and shuffles with the generator's steps written out (no allocation per
 * draw). They must give exactly what the plain algorithms give, draw for draw, or the same seed
 * would deal differently from one version to the next (stored matches keep their generator state).
 * The plain algorithms are written here as the reference.
 */
import { describe, expect, it } from 'vitest';
import { nextInt, nextU32, type Rng, seedRng, shuffle, shuffleInPlace, shuffleSteps } from '#shared/engine/random.js';

/** cyrb128 into four words, then twelve outputs discarded: the seeding as first written. */
function referenceSeed(seed: string): Rng {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  let rng: Rng = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  for (let i = 0; i < 12; i++) rng = nextU32(rng)[1];
  return rng;
}

/** Fisher–Yates with `nextInt`: the shuffle as first written. */
function referenceShuffle<T>(rng: Rng, items: readonly T[]): [T[], Rng] {
  const out = items.slice();
  let state = rng;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = nextInt(state, i + 1);
    state = next;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, state];
}

const seeds = [
  '',
  'a',
  'seed-42',
  'é😀 and more',
  '0123456789abcdef0123456789abcdef',
  ...Array.from({ length: 200 }, (_, i) => `s${i * 7919}`),
];

describe('the fast generator functions draw as the plain algorithms do', () => {
  it('seedRng', () => {
    for (const s of seeds) expect(seedRng(s), s).toEqual(referenceSeed(s));
  });

  it('shuffle and shuffleInPlace, leaving the generator in the same state (lengths 1–130)', () => {
    for (const [i, s] of seeds.entries()) {
      const items = Array.from({ length: 1 + (i % 130) }, (_, k) => `c${k}`);
      const expected = referenceShuffle(seedRng(s), items);
      expect(shuffle(seedRng(s), items), s).toEqual(expected);
      const copy = items.slice();
      expect([copy, shuffleInPlace(seedRng(s), copy)], s).toEqual(expected);
    }
  });

  it('shuffleSteps done in parts, and the generator moved on without the swaps, give the whole shuffle', () => {
    for (const [i, s] of seeds.entries()) {
      const n = 2 + (i % 60);
      const items = Array.from({ length: n }, (_, k) => k);
      const [expected, after] = referenceShuffle(seedRng(s), items);
      const cut = 1 + (i % (n - 1));
      // Steps n-1..cut now, cut-1..1 later: the dealt end is final after the first part.
      const parts = items.slice();
      const half = shuffleSteps(seedRng(s), parts, n - 1, cut);
      expect(parts.slice(cut), s).toEqual(expected.slice(cut));
      expect(shuffleSteps(half, parts, cut - 1, 1), s).toEqual(after);
      expect(parts, s).toEqual(expected);
      // The rest skipped: the generator ends where the whole shuffle leaves it.
      expect(shuffleSteps(half, null, cut - 1, 1), s).toEqual(after);
    }
  });
});
