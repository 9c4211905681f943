/**
 * Seeded randomness for game state. The generator is sfc32 (Chris Doty-Humphrey's Small Fast
 * Counting generator, 128 bits of state, passes PractRand to 2^64 bytes). Its state is a plain
 * tuple stored inside the hidden part of a game state, so a saved match resumes the same
 * sequence and `view` simply never copies it out.
 *
 * The functions here never mutate their arguments: each returns the values drawn together with
 * the generator's next state.
 */

export type Rng = readonly [number, number, number, number];

/** Builds generator state from a seed string (the server makes 32 hex digits from crypto). */
export function seedRng(seed: string): Rng {
  // Hash the seed string into four 32-bit words (cyrb128), so any string is a valid seed.
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
  // Discard the first outputs: sfc32 mixes slowly from a fresh state.
  for (let i = 0; i < 12; i++) rng = nextU32(rng)[1];
  return rng;
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

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): [T[], Rng] {
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
