/**
 * The bots' shared helpers (shared/engine/bot.ts): `sampleShuffle`, which deals the search's samples,
 * is a deterministic permutation, leaves its input alone, and spreads each card evenly.
 */
import { describe, expect, it } from 'vitest';
import { sampleShuffle } from '#shared/engine/bot.js';
import { type Rng, seedRng } from '#shared/engine/random.js';

describe('sampleShuffle', () => {
  const deck = Array.from({ length: 52 }, (_, i) => i);

  it('is a permutation, the same for the same generator, and leaves the input as it was', () => {
    const input = deck.slice();
    const [a, ra] = sampleShuffle(seedRng('deal'), input);
    const [b, rb] = sampleShuffle(seedRng('deal'), input);
    expect(input).toEqual(deck);
    expect(a).toEqual(b);
    expect(ra).toEqual(rb);
    expect(a.slice().sort((x, y) => x - y)).toEqual(deck);
    expect(a).not.toEqual(deck);
    expect(sampleShuffle(ra, input)[0]).not.toEqual(a);
  });

  it('puts every card first about equally often', () => {
    const firsts = new Array<number>(52).fill(0);
    let rng: Rng = seedRng('spread');
    const n = 52_000;
    for (let k = 0; k < n; k++) {
      let out: number[];
      [out, rng] = sampleShuffle(rng, deck);
      firsts[out[0]!]!++;
    }
    // Chi-square with 51 degrees of freedom: above 90 happens by chance about once in two thousand.
    const chi = firsts.reduce((a, c) => a + (c - n / 52) ** 2 / (n / 52), 0);
    expect(chi).toBeLessThan(90);
  });
});
