/**
 * The rating store's contract (functions/ratings/port.ts), written once and run against every adapter:
 * tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts (DynamoDB Local).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshRating, PROVISIONAL_GAMES, type RatedMatch, type RatingRecord } from '../../functions/ratings/model.js';
import type { RatingStore } from '../../functions/ratings/port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);
const POOL = 'dutch-auction';

const claim = (matchId: string, changes: RatedMatch['changes'] = []): RatedMatch => ({ matchId, pool: POOL, changes, at: T0 });
/** A rating moved on by one match: a new version, `games` and a rating. */
const next = (r: RatingRecord, rating: number, games = r.games + 1): RatingRecord => ({
  ...r,
  glicko: { rating, rd: 80, vol: 0.06 },
  games,
  version: r.version + 1,
  updatedAt: T0,
});

export function describeRatingStoreContract(name: string, make: () => Promise<RatingStore>) {
  describe(`rating store contract (${name})`, () => {
    it('a first record stores the claim and each rating; the same match again is refused as already rated', async () => {
      const store = await make();
      const [a, b] = [freshRating(`a-${uid()}`, POOL), freshRating(`b-${uid()}`, POOL)];
      const m = `m-${uid()}`;
      const changes = [{ seat: 0, playerId: a.playerId, before: 1500, after: 1662, provisional: true }];
      expect(await store.record(claim(m, changes), [a, b], [next(a, 1662), next(b, 1338)])).toBe('recorded');
      expect(await store.ratedMatch(m)).toEqual(claim(m, changes));
      expect((await store.rating(a.playerId, POOL))?.glicko?.rating).toBe(1662);
      expect((await store.rating(b.playerId, POOL))?.version).toBe(1);
      // A second delivery of the same end, decided from the same reads: nothing changes.
      expect(await store.record(claim(m), [a, b], [next(a, 1700), next(b, 1300)])).toBe('already-rated');
      expect((await store.rating(a.playerId, POOL))?.glicko?.rating).toBe(1662);
    });

    it('a rating read at an old version is a conflict, and nothing of that record is written', async () => {
      const store = await make();
      const [a, b] = [freshRating(`a-${uid()}`, POOL), freshRating(`b-${uid()}`, POOL)];
      expect(await store.record(claim(`m-${uid()}`), [a, b], [next(a, 1600), next(b, 1400)])).toBe('recorded');
      const late = `m-${uid()}`;
      expect(await store.record(claim(late), [a, b], [next(a, 1550), next(b, 1450)])).toBe('conflict');
      expect(await store.ratedMatch(late)).toBeNull();
      expect((await store.rating(a.playerId, POOL))?.glicko?.rating).toBe(1600);
      expect(await store.rating(`nobody-${uid()}`, POOL)).toBeNull();
    });

    it('leaderboards: established ratings only, highest first, a moved rating leaves its old line; around a rating', async () => {
      const store = await make();
      const pool = `dutch-auction-${uid()}`;
      const players = Array.from({ length: 30 }, (_, i) => ({
        ...freshRating(`p${String(i).padStart(2, '0')}-${uid()}`, pool),
        games: PROVISIONAL_GAMES - 1,
      }));
      // Each player's tenth match makes them established, at 1500 + 10 × i.
      for (const [i, p] of players.entries()) {
        expect(await store.record({ ...claim(`m-${uid()}`), pool }, [p], [next(p, 1500 + 10 * i)])).toBe('recorded');
      }
      const newcomer = freshRating(`new-${uid()}`, pool);
      await store.record({ ...claim(`m-${uid()}`), pool }, [newcomer], [next(newcomer, 2400)]);
      const top = await store.top(pool, 5);
      expect(top.map((e) => e.rating)).toEqual([1790, 1780, 1770, 1760, 1750]);
      expect(top[0]).toEqual({ playerId: players[29]!.playerId, rating: 1790, games: PROVISIONAL_GAMES });
      // The best player loses 500 points: one line, at its new place.
      const best = (await store.rating(players[29]!.playerId, pool))!;
      await store.record({ ...claim(`m-${uid()}`), pool }, [best], [next(best, 1290)]);
      expect((await store.top(pool, 100)).filter((e) => e.playerId === best.playerId).map((e) => e.rating)).toEqual([1290]);
      expect((await store.top(pool, 100)).length).toBe(30);
      const around = await store.around(pool, 1600, 3);
      expect(around.map((e) => e.rating)).toEqual([1630, 1620, 1610, 1600, 1590, 1580]);
      expect((await store.around(pool, 1290, 2)).map((e) => e.rating)).toEqual([1510, 1500, 1290]);
    });
  });
}
