/**
 * Exactly once (functions/ratings/service.ts): a finished rated match changes each rating once, however often
 * its end is delivered and however many deliveries race, on DynamoDB Local; two matches sharing a player that
 * end at once both count (the lost race is read again and decided again).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../functions/matches/port.js';
import { openMatch } from '../../functions/matches/progress.js';
import { Ratings } from '../../functions/ratings/service.js';
import { DynamoRatingStore } from '../../functions/storage/ratings-dynamo.js';
import { freshTable } from '../support/dynamo.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

/** A finished rated auction match between two players; seat `winner` won. */
function finished(players: [string, string], winner: number, over: Partial<MatchRecord> = {}): MatchRecord {
  const open = openMatch({
    gameId: 'dutch-auction',
    options: {},
    seats: players.map((player, seat) => ({ name: `P${seat}`, tokenHash: 'h', inviteHash: null, player })),
    spectatorHash: 's',
    rematchOf: null,
    now: T0,
  });
  return { ...open, status: 'over', rated: true, end: { winners: [winner], reason: 'finished' }, ...over };
}

async function setup(matches: MatchRecord[]) {
  const table = await freshTable('ro');
  const store = new DynamoRatingStore(table.doc, table.tableName);
  const byId = new Map(matches.map((m) => [m.id, m]));
  const ratings = new Ratings({ store, match: async (id) => byId.get(id) ?? null, clock: () => T0 });
  return { store, ratings };
}

describe('ratings change exactly once per finished rated match (DynamoDB Local)', () => {
  it('twelve deliveries of the same end at once, then three more: one change, every answer the same', async () => {
    const [a, b] = [`a-${uid()}`, `b-${uid()}`];
    const match = finished([a, b], 0);
    const { store, ratings } = await setup([match]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ratings.settle(match.id)));
    for (let i = 0; i < 3; i++) answers.push(await ratings.settle(match.id));
    for (const x of answers) expect(x).toEqual(answers[0]);
    expect(await store.ratedMatch(match.id)).toEqual(answers[0]);
    expect(answers[0]?.changes.map((c) => [c.playerId, c.before, c.after > c.before])).toEqual([
      [a, 1500, true],
      [b, 1500, false],
    ]);
    const [ra, rb] = [await store.rating(a, 'dutch-auction'), await store.rating(b, 'dutch-auction')];
    expect([ra?.version, ra?.games, rb?.version, rb?.games]).toEqual([1, 1, 1, 1]);
    expect(Math.round(ra!.glicko!.rating)).toBe(answers[0]!.changes[0]!.after);
  });

  it('two matches of one player ending at once both count, each once', async () => {
    const [a, b, c] = [`a-${uid()}`, `b-${uid()}`, `c-${uid()}`];
    const [m1, m2] = [finished([a, b], 0), finished([c, a], 1)];
    const { store, ratings } = await setup([m1, m2]);
    await Promise.all([ratings.settle(m1.id), ratings.settle(m2.id), ratings.settle(m1.id), ratings.settle(m2.id)]);
    const ra = await store.rating(a, 'dutch-auction');
    expect([ra?.version, ra?.games]).toEqual([2, 2]);
    const ofA = async (id: string) => (await store.ratedMatch(id))!.changes.find((ch) => ch.playerId === a)!;
    const [x, y] = [await ofA(m1.id), await ofA(m2.id)];
    const [first, second] = x.before === 1500 ? [x, y] : [y, x];
    // Whichever was rated second started from where the first left the player.
    expect(first.before).toBe(1500);
    expect(second.before).toBe(first.after);
    expect(Math.round(ra!.glicko!.rating)).toBe(second.after);
  });

  it('a match that does not count is not rated: casual, a computer sat in, a seat without a player, not over', async () => {
    const [a, b] = [`a-${uid()}`, `b-${uid()}`];
    const casual = finished([a, b], 0, { rated: false });
    const void_ = finished([a, b], 0, { ratedVoid: 'computer' });
    const open = finished([a, b], 0, { status: 'active', end: null });
    const anonymous = finished([a, b], 0);
    anonymous.seats[1] = { ...anonymous.seats[1]!, player: undefined };
    const { store, ratings } = await setup([casual, void_, open, anonymous]);
    for (const m of [casual, void_, open, anonymous]) expect(await ratings.settle(m.id)).toBeNull();
    expect(await store.rating(a, 'dutch-auction')).toBeNull();
  });
});
