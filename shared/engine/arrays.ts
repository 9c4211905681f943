/** Small array helpers the engines share on their hot paths (pure: they return new arrays). */

/**
 * A copy of `xs` with `x` added at the end, built at its final length: an array grown by `push`
 * from empty first gets room for 17 items, and engines make a dozen such arrays per move.
 */
export function appended<T>(xs: readonly T[], x: T): T[] {
  const n = xs.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = xs[i] as T;
  out[n] = x;
  return out;
}
