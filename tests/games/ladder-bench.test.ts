/**
 * The ladder bench (scripts/bench/ladder/, issue 30) runs and prints a table of the right shape: one
 * row per pairing with its games, share, 95 % interval, par, games/s and goal, then what a person would
 * notice, think times and the goals' tally. The numbers are the bench's business, not this test's: the
 * smoke run plays one round of seats per pairing, leaving out the strong level's (slow) pairings but
 * giving each independent player a game against the easy level instead.
 */
import { describe, expect, it } from 'vitest';
import { type LadderRow, PAIRINGS, type Pairing, runLadder } from '../../scripts/bench/ladder/run.js';

const ROW =
  /^(dutch-auction|dutch-memory|golden-age)\s*\| .+ \|\s+\d+ \|\s+\d+\.\d% \| \[\d+\.\d%, \d+\.\d%\]\s*\| par \d+\.\d%\s*\| \d+\.\d\d games\/s\s*\| .+$/;

describe('the ladder bench', () => {
  it('holds the protocol: every pairing the issue names, at least 1,000 games for two seats and 400 for more', () => {
    const names = PAIRINGS.map((p) => `${p.game}: ${p.hero} vs ${p.other} (${p.seats})`);
    for (const game of ['dutch-auction', 'dutch-memory'] as const) {
      expect(names).toContain(`${game}: easy vs beginner (2)`);
      expect(names).toContain(`${game}: strong vs easy (2)`);
    }
    expect(names).toContain('golden-age: easy vs beginner (3)');
    expect(names).toContain('golden-age: strong vs easy (3)');
    expect(names).toContain('dutch-auction: strong vs greedy-buyer (2)');
    expect(names).toContain('dutch-auction: easy vs greedy-buyer (2)');
    expect(names).toContain('dutch-memory: strong vs memory-greedy (4)');
    for (const p of PAIRINGS) expect(p.games).toBeGreaterThanOrEqual(p.seats === 2 ? 1000 : 400);
  });

  it('a quick run prints one row per pairing, the notices, think times and the goals met', () => {
    // The strong level's pairings take seconds a game: the smoke run puts the easy level in its place.
    const byName = new Map<string, Pairing>();
    for (const p of PAIRINGS) {
      if (p.other === 'easy') continue;
      const q = p.hero === 'strong' ? { ...p, hero: 'easy' } : p;
      byName.set(`${q.game} ${q.hero} ${q.other} ${q.seats}`, q);
    }
    const quick = [...byName.values()];
    const lines: string[] = [];
    const rows: LadderRow[] = runLadder(0, (l) => lines.push(l), quick);
    expect(rows).toHaveLength(quick.length);
    for (const r of rows) {
      expect(r.games % r.seats).toBe(0);
      expect(r.lo).toBeLessThanOrEqual(r.share);
      expect(r.hi).toBeGreaterThanOrEqual(r.share);
      expect(r.gamesPerSecond).toBeGreaterThan(0);
    }
    const table = lines.filter((l) => ROW.test(l));
    expect(table).toHaveLength(quick.length);
    expect(lines.some((l) => /^dutch-memory: easy called Dutch in its first turn of a round \d+ of \d+ times/.test(l))).toBe(true);
    expect(lines.some((l) => /^dutch-memory: easy used power peek \d+ of \d+ times offered/.test(l))).toBe(true);
    expect(lines.some((l) => /^golden-age: easy ended \d+ of \d+ turns with money a move could have turned into points/.test(l))).toBe(
      true,
    );
    expect(lines.filter((l) => /think time \(CPU\): median/.test(l)).length).toBeGreaterThanOrEqual(6);
    expect(lines.at(-1)).toMatch(/^goals met: \d+ of \d+/);
  });
});
