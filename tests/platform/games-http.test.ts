import { describe, expect, it } from 'vitest';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';
import { memoryApp, type Json } from '../support/app.js';

/** Largest a match item may be (DynamoDB's item limit is 400 KB; we promise 64 KB). */
const MAX_ITEM_BYTES = 64 * 1024;

/**
 * Plays a whole match of a real game through the HTTP API on the in-memory match store: random legal
 * moves, and every simultaneous phase committed by all its seats at the same moment, at the same
 * version — each must be accepted.
 */
async function playOverHttp(gameId: string, seatsCount: number, options: Json, seed: string, maxMoves: number) {
  const { api, table } = await memoryApp({ games: [...GAMES] });
  const { matchId, seats } = await api.started(gameId, seatsCount, options);
  let rng: Rng = seedRng(seed);
  const pick = <T>(xs: T[]): T => {
    const [i, next] = nextInt(rng, xs.length);
    rng = next;
    return xs[i]!;
  };
  let simultaneous = 0;
  let moves = 0;
  let largest = 0;
  for (;;) {
    const r = await api.read(matchId, seats[0]!);
    const match = r.json;
    if (match.status === 'over') break;
    expect(moves, 'the game ends').toBeLessThan(maxMoves);
    const toAct: number[] = match.toAct;
    expect(toAct.length).toBeGreaterThan(0);
    if (toAct.length > 1) {
      const views = await Promise.all(toAct.map((s) => api.read(matchId, seats[s]!)));
      const results = await Promise.all(
        toAct.map((s, i) => api.move(matchId, seats[s]!, match.version, pick(views[i]!.json.legalMoves), `move-key-${moves}-${s}`)),
      );
      for (const res of results) expect(res.status, res.text).toBe(200);
      simultaneous++;
      moves += toAct.length;
    } else {
      const s = toAct[0]!;
      const mine = s === 0 ? match : (await api.read(matchId, seats[s]!)).json;
      const res = await api.move(matchId, seats[s]!, mine.version, pick(mine.legalMoves), `move-key-${moves}-${s}`);
      expect(res.status, res.text).toBe(200);
      moves++;
    }
    const item = await table.store.get(matchId);
    largest = Math.max(largest, JSON.stringify(item).length);
  }
  const final = await api.read(matchId, seats[0]!);
  return { final: final.json, simultaneous, moves, largest };
}

describe('real games over HTTP', () => {
  for (const edition of ['current', '2018'] as const) {
    it(`plays a complete game of Dutch (auction, ${edition} edition), with simultaneous sealed commits`, async () => {
      const { final, simultaneous, largest } = await playOverHttp('dutch-auction', 2, { edition }, `http-${edition}`, 2000);
      expect(final.status).toBe('over');
      expect(final.end.reason).toBe('finished');
      expect(final.end.scores).toHaveLength(2);
      expect(final.end.winners.length).toBeGreaterThan(0);
      expect(simultaneous).toBeGreaterThan(3);
      expect(largest).toBeLessThan(MAX_ITEM_BYTES);
    });
  }
});
