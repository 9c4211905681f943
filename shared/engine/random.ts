/**
 * Seeded randomness for game state. The generator is sfc32 (Chris Doty-Humphrey's Small Fast
 * Counting generator, 128 bits of state, passes PractRand to 2^64 bytes). Its state is a plain
 * tuple stored inside the hidden part of a game state, so a saved match resumes the same
 * sequence and `view` simply never copies it out.
 *
 * The functions here never mutate their arguments (but `shuffleInPlace`, which shuffles the array it
 * is given): each returns the values drawn together with the generator's next state.
 */

export type Rng = readonly [number, number, number, number];

/**
 * Builds generator state from a seed string (the server makes 32 hex digits from crypto): cyrb128
 * hashes the string into four 32-bit words, so any string is a valid seed, and twelve first outputs
 * are discarded (sfc32 mixes slowly from a fresh state). The steps are written out in local
 * variables: every new game and every bot playout seeds one.
 */
export function seedRng(seed: string): Rng {
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
  let a = h1 | 0;
  let b = h2 | 0;
  let c = h3 | 0;
  let d = h4 | 0;
  for (let i = 0; i < 12; i++) {
    // One step of sfc32, as `nextU32` takes it.
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
  }
  return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
}

/** One uniformly distributed 32-bit unsigned integer. */
export function nextU32(rng: Rng): [number, Rng] {
  let [a, b, c, d] = rng;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}

/** A uniform integer in [0, n), without modulo bias. */
export function nextInt(rng: Rng, n: number): [number, Rng] {
  if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new RangeError(`bad bound ${n}`);
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  let state = rng;
  for (;;) {
    const [x, next] = nextU32(state);
    state = next;
    if (x < limit) return [x % n, state];
  }
}

/** `nextInt`'s rejection bound for each n up to 64, worked out once (2^32 is no 32-bit integer: slow arithmetic). */
const LIMITS: readonly number[] = Array.from({ length: 65 }, (_, n) => (n === 0 ? 0 : 0x1_0000_0000 - (0x1_0000_0000 % n)));
const INVERSES: readonly number[] = LIMITS.map((_, n) => (n === 0 ? 0 : 1 / n));

/**
 * Fisher–Yates in place, each index drawn as `nextInt` draws it (rejection, so no modulo bias) with
 * the generator's steps written out: no allocation per draw, which dominated the engines' shuffles.
 * Returns the generator's next state. tests/engine/random.test.ts holds it to the plain algorithm.
 */
export function shuffleInPlace<T>(rng: Rng, items: T[]): Rng {
  return shuffleSteps(rng, items, items.length - 1, 1);
}

/**
 * Some of the steps of `shuffleInPlace`: those that settle positions `top` down to `bottom`
 * (bottom ≥ 1), in that order. Position i is final once its step is done, and a step only touches
 * positions at or below its own, so a deck dealt from its end can be shuffled as it is dealt:
 * steps top..k now, k-1..m later give exactly the shuffle of top..m at once. With `items` null
 * the generator is only moved on as the steps would move it (for a part nobody will draw).
 */
export function shuffleSteps<T>(rng: Rng, items: T[] | null, top: number, bottom: number): Rng {
  let a = rng[0] | 0;
  let b = rng[1] | 0;
  let c = rng[2] | 0;
  let d = rng[3] | 0;
  for (let i = top; i >= bottom && i > 0; i--) {
    const n = i + 1;
    const limit = LIMITS[n] ?? 0x1_0000_0000 - (0x1_0000_0000 % n);
    let x: number;
    do {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      x = t >>> 0;
    } while (x >= limit);
    if (items === null) continue;
    // x mod n by multiplying with 1/n: for x < 2^32 the quotient is off by at most one, put right here.
    let j = x - Math.floor(x * (INVERSES[n] ?? 1 / n)) * n;
    if (j >= n) j -= n;
    else if (j < 0) j += n;
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
}

/** A shuffled copy (Fisher–Yates, as `shuffleInPlace`). */
export function shuffle<T>(rng: Rng, items: readonly T[]): [T[], Rng] {
  const out = items.slice();
  return [out, shuffleInPlace(rng, out)];
}

/** Rolls `count` dice with `sides` faces. */
export function rollDice(rng: Rng, count: number, sides = 6): [number[], Rng] {
  const dice: number[] = [];
  let state = rng;
  for (let i = 0; i < count; i++) {
    const [x, next] = nextInt(state, sides);
    state = next;
    dice.push(x + 1);
  }
  return [dice, state];
}
