/**
 * A stored match is its state as JSON: every state must come back from JSON exactly as it was.
 * Throws, naming the path, at the first value JSON would change or lose: -0, NaN, ±Infinity,
 * undefined, functions, and anything but plain objects, arrays, strings, finite numbers, booleans and null.
 */
export function assertJsonExact(value: unknown, path = '$'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0))
      throw new Error(`${path} is ${Object.is(value, -0) ? '-0' : value}, which JSON does not keep`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertJsonExact(v, `${path}[${i}]`));
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      throw new Error(`${path} is a ${proto?.constructor?.name ?? 'non-plain object'}, which JSON does not keep`);
    for (const [k, v] of Object.entries(value)) assertJsonExact(v, `${path}.${k}`);
    return;
  }
  throw new Error(`${path} is ${typeof value}, which JSON does not keep`);
}
