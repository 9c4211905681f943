/**
 * The rating maths (functions/ratings/maths.ts) against the published worked examples, and the ranks a
 * match's end gives.
 */
import { describe, expect, it } from 'vitest';
import { glickoPeriod, ranksOf, skillUpdate } from '../../functions/ratings/maths.js';
import { freshRating, poolOf, shown } from '../../functions/ratings/model.js';

describe('Glicko-2', () => {
  // Glickman, "Example of the Glicko-2 system" (2022), the example worked step by step: τ = 0.5.
  it('reproduces the paper: 1500/200/0.06 against 1400/30 (won), 1550/100 (lost), 1700/300 (lost)', () => {
    const after = glickoPeriod({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // The paper rounds each step (μ′ = −0.2069, φ′ = 0.8722) before scaling back: 1464.06 and 151.52.
    // Unrounded arithmetic gives 1464.0507; both agree to the paper's four places on its own scale.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect((after.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.rd / 173.7178).toBeCloseTo(0.8722, 4);
    expect(after.vol).toBeCloseTo(0.05999, 4);
    expect(after.vol).toBeLessThan(0.06);
  });

  it('a win raises, a loss lowers, a draw between equals changes nothing but the deviation', () => {
    const even = { rating: 1500, rd: 350, vol: 0.06 };
    expect(glickoPeriod(even, [{ opponent: even, score: 1 }]).rating).toBeGreaterThan(1500);
    expect(glickoPeriod(even, [{ opponent: even, score: 0 }]).rating).toBeLessThan(1500);
    const drawn = glickoPeriod(even, [{ opponent: even, score: 0.5 }]);
    expect(drawn.rating).toBeCloseTo(1500, 6);
    expect(drawn.rd).toBeLessThan(350);
  });
});

describe('Weng–Lin (OpenSkill, Plackett–Luce)', () => {
  // openskill's README, "Artificial Ranking": four new players ranked 4, 1, 3, 2.
  it("reproduces the library's ranked example", () => {
    const fresh = { mu: 25, sigma: 25 / 3 };
    const out = skillUpdate([fresh, fresh, fresh, fresh], [4, 1, 3, 2]);
    const expected = [
      [20.963, 8.084],
      [27.795, 8.263],
      [24.689, 8.084],
      [26.553, 8.179],
    ];
    out.forEach((r, i) => {
      expect(r.mu).toBeCloseTo(expected[i]![0]!, 3);
      expect(r.sigma).toBeCloseTo(expected[i]![1]!, 3);
    });
  });

  // openskill's README, "Ranking" by score: 37, 19, 37, 42 (the two 37s tie).
  it("reproduces the library's scored example through the ranks a match gives", () => {
    const fresh = { mu: 25, sigma: 25 / 3 };
    const ranks = ranksOf(4, { winners: [3], scores: [37, 19, 37, 42], reason: 'finished' });
    expect(ranks).toEqual([1 + 1, 1 + 3, 1 + 1, 1]);
    const out = skillUpdate([fresh, fresh, fresh, fresh], ranks);
    expect(out.map((r) => Number(r.mu.toFixed(3)))).toEqual([24.689, 22.826, 24.689, 27.795]);
    expect(out.map((r) => Number(r.sigma.toFixed(3)))).toEqual([8.179, 8.179, 8.179, 8.263]);
  });
});

describe('ranks and pools', () => {
  it('ranks the winners first; a resignation ranks only the winners above the rest; nobody won: all tie', () => {
    expect(ranksOf(2, { winners: [1], reason: 'finished' })).toEqual([2, 1]);
    expect(ranksOf(3, { winners: [0], scores: [5, 9, 7], reason: 'resigned' })).toEqual([1, 2, 2]);
    expect(ranksOf(3, { winners: [], reason: 'finished' })).toEqual([1, 1, 1]);
    expect(ranksOf(2, { winners: [0, 1], reason: 'finished' })).toEqual([1, 1]);
  });

  it('one pool for the auction game, one per seat count for the others; a new player shows 1500 in each', () => {
    expect(poolOf('dutch-auction', 2)).toBe('dutch-auction');
    expect(poolOf('dutch-memory', 5)).toBe('dutch-memory:5');
    expect(poolOf('golden-age', 3)).toBe('golden-age:3');
    expect(poolOf('no-such-game', 2)).toBeNull();
    expect(shown(freshRating('p', 'dutch-auction'))).toBe(1500);
    expect(shown(freshRating('p', 'golden-age:4'))).toBe(1500);
  });
});

describe('a computer in a rated match', () => {
  // functions/matches/seating.ts: a player hands their seat to a computer; the match stops counting.
  it('a stand-in voids the rating; a casual match gets no such mark', async () => {
    const { decideStandIn } = await import('../../functions/matches/seating.js');
    const { openMatch } = await import('../../functions/matches/progress.js');
    const now = Date.UTC(2026, 10, 28, 12);
    const base = openMatch({
      gameId: 'dutch-auction',
      options: {},
      seats: [0, 1].map((seat) => ({ name: `P${seat}`, tokenHash: `h${seat}`, inviteHash: null, player: `p${seat}` })),
      spectatorHash: 's',
      rematchOf: null,
      now,
    });
    const active = { ...base, status: 'active' as const };
    const rated = await decideStandIn(1, 'easy')({ ...active, rated: true }, now, undefined);
    const casual = await decideStandIn(1, 'easy')(active, now, undefined);
    expect('commit' in rated && rated.commit.match.ratedVoid).toBe('computer');
    expect('commit' in casual && casual.commit.match.ratedVoid).toBeUndefined();
  });
});
