/**
 * The rules help says what the engine does on the points issue 13 found wrong or missing: Kings
 * snap only on a King of their colour, Marmot's snap of another player's card, Marmot's random first
 * dealer, and the default minimum snap window (its figure taken from presets.ts, not written twice).
 */
import { describe, expect, it } from 'vitest';
import { rulesHelp } from '#shared/games/dutch-memory/help.js';
import { DEFAULT_SNAP_WINDOW_MS, HOUR_MS } from '#shared/games/dutch-memory/presets.js';
import { rulesOf } from './helpers.js';

const paragraphs = rulesHelp.sections.flatMap((s) => s.paragraphs);
const saying = (...words: RegExp[]) => paragraphs.filter((p) => words.every((w) => w.test(p)));

describe('rules help', () => {
  it('says a King snaps only on a King of the same colour, and never that red and black Kings match', () => {
    expect(saying(/King/, /same colour/, /snap/i).length).toBeGreaterThan(0);
    expect(saying(/red King matches a black King/)).toEqual([]);
  });

  it("explains the Marmot snap of another player's card: a replacement and a penalty card for its owner", () => {
    expect(saying(/Marmot/, /another player/, /owner/, /penalty/, /same position/).length).toBeGreaterThan(0);
  });

  it('says the Marmot first dealer is drawn at random', () => {
    expect(saying(/Marmot/, /deal/, /random/).length).toBeGreaterThan(0);
  });

  it('gives the default minimum snap window, which is what a match gets when none is chosen', () => {
    const hours = DEFAULT_SNAP_WINDOW_MS / HOUR_MS;
    expect(rulesOf({}).snapWindowMs).toBe(DEFAULT_SNAP_WINDOW_MS);
    expect(rulesOf({ preset: 'marmot' }).snapWindowMs).toBe(DEFAULT_SNAP_WINDOW_MS);
    expect(hours).toBeGreaterThanOrEqual(8);
    expect(saying(new RegExp(`${hours} hours`), /snap window/i).length).toBeGreaterThan(0);
  });
});
