import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextInt, nextU32, rollDice, seedRng, shuffle } from '#shared/engine/random.js';

describe('seeded PRNG (sfc32)', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const draw = (seed: string) => {
      let rng = seedRng(seed);
      return Array.from({ length: 8 }, () => {
        const [x, next] = nextU32(rng);
        rng = next;
        return x;
      });
    };
    expect(draw('0123456789abcdef0123456789abcdef')).toEqual(draw('0123456789abcdef0123456789abcdef'));
    expect(draw('0123456789abcdef0123456789abcdef')).not.toEqual(draw('0123456789abcdef0123456789abcdee'));
  });

  it('never mutates the state it is given', () => {
    const rng = seedRng('seed');
    const copy = [...rng];
    nextU32(rng);
    shuffle(rng, [1, 2, 3]);
    expect([...rng]).toEqual(copy);
  });

  it('draws integers in range with a roughly uniform spread (chi-square, 6 bins, 60 000 draws)', () => {
    let rng = seedRng('uniformity');
    const bins = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const [x, next] = nextInt(rng, 6);
      rng = next;
      bins[x]!++;
    }
    const chi = bins.reduce((s, b) => s + (b - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5); // p ≈ 0.001 for 5 degrees of freedom
  });

  it('shuffles into a permutation of the input, leaving the input alone', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer(), { maxLength: 60 }), (seed, items) => {
        const input = items.slice();
        const [out] = shuffle(seedRng(seed), items);
        expect(items).toEqual(input);
        expect(out.slice().sort((a, b) => a - b)).toEqual(input.slice().sort((a, b) => a - b));
      }),
    );
  });

  it('puts every card in every position over many shuffles', () => {
    const seen = Array.from({ length: 5 }, () => new Set<number>());
    let rng = seedRng('positions');
    for (let i = 0; i < 500; i++) {
      const [out, next] = shuffle(rng, [0, 1, 2, 3, 4]);
      rng = next;
      out.forEach((card, pos) => seen[pos]!.add(card));
    }
    for (const s of seen) expect(s.size).toBe(5);
  });

  it('rolls dice between 1 and the number of sides', () => {
    const [dice] = rollDice(seedRng('dice'), 1000);
    expect(Math.min(...dice)).toBe(1);
    expect(Math.max(...dice)).toBe(6);
  });

  it('refuses a bad bound (a bug, so it throws)', () => {
    expect(() => nextInt(seedRng('x'), 0)).toThrow(RangeError);
  });
});
