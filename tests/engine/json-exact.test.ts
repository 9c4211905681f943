import { describe, expect, it } from 'vitest';
import { assertJsonExact } from '../support/json.js';

describe('assertJsonExact (the check the games’ replay properties use)', () => {
  it('accepts what JSON keeps', () => {
    expect(() => assertJsonExact({ a: [1, 0, -2.5, 'x', true, null, { b: [] }], c: Object.create(null) })).not.toThrow();
  });

  it.each([
    [{ a: -0 }, '$.a is -0'],
    [{ a: [1, Number.NaN] }, '$.a[1] is NaN'],
    [{ a: Infinity }, '$.a is Infinity'],
    [{ a: undefined }, '$.a is undefined'],
    [{ a: new Map() }, '$.a is a Map'],
    [{ a: () => 1 }, '$.a is function'],
  ])('names the first value JSON would change: %o', (value, message) => {
    expect(() => assertJsonExact(value)).toThrow(message);
  });
});
