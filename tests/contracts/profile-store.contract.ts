/**
 * The profile store's contract (functions/players/port.ts `ProfileStore`: player names and presence), written
 * once and run on the memory adapter (tests/platform/stores-memory.test.ts) and on DynamoDB Local
 * (tests/platform/stores-dynamo.test.ts), where 20 claims of one name at once must give exactly one winner.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FinishedMatch, NameChange, ProfileStore } from '../../functions/players/port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const DAY = 86_400_000;
const uid = () => randomUUID().slice(0, 8);
const first = (name: string, now = T0): NameChange => ({
  name,
  nameKey: name.toLowerCase(),
  previousKey: null,
  changedBefore: now - 30 * DAY,
  now,
});

export function describeProfileStoreContract(name: string, make: () => Promise<ProfileStore>) {
  describe(`the profile store's contract: ${name}`, () => {
    it('gives a name to one player: another claim of its key is taken, the holder may write it again', async () => {
      const store = await make();
      const [ann, bob] = [`p-${uid()}`, `p-${uid()}`];
      const key = `ann-${uid()}`;
      expect(await store.claimName(ann, first(key))).toBe('claimed');
      expect(await store.claimName(bob, first(key))).toBe('taken');
      expect(await store.playerIdByName(key)).toBe(ann);
      expect(await store.profile(bob)).toBeNull();
      expect(await store.profile(ann)).toMatchObject({ playerId: ann, name: key, nameKey: key, nameChangedAt: T0 });
    });

    it('moves a player to a new name: the old one is free for anyone, the limit checked on the profile', async () => {
      const store = await make();
      const [ann, bob] = [`p-${uid()}`, `p-${uid()}`];
      const [a, b] = [`a-${uid()}`, `b-${uid()}`];
      await store.claimName(ann, first(a));
      const later = T0 + 31 * DAY;
      // Changed after the limit's start (T0 > later - 30 days would be; here T0 is not after it): allowed.
      expect(await store.claimName(ann, { name: b, nameKey: b, previousKey: a, changedBefore: later - 30 * DAY, now: later })).toBe(
        'claimed',
      );
      expect(await store.playerIdByName(a)).toBeNull();
      expect(await store.playerIdByName(b)).toBe(ann);
      expect(await store.claimName(bob, first(a, later))).toBe('claimed');
      // A second change within the month is refused by the store's own condition, and changes nothing.
      const c = `c-${uid()}`;
      expect(
        await store.claimName(ann, { name: c, nameKey: c, previousKey: b, changedBefore: later + DAY - 30 * DAY, now: later + DAY }),
      ).toBe('too-soon');
      expect(await store.playerIdByName(c)).toBeNull();
      expect((await store.profile(ann))?.name).toBe(b);
    });

    it('refuses a claim made from a profile read before another change (its previous name is no longer the one held)', async () => {
      const store = await make();
      const ann = `p-${uid()}`;
      const [a, b] = [`a-${uid()}`, `b-${uid()}`];
      await store.claimName(ann, first(a));
      expect(await store.claimName(ann, first(b))).toBe('too-soon');
      expect(await store.playerIdByName(b)).toBeNull();
    });

    it(`gives one name to exactly one of 20 players claiming it at once`, async () => {
      const store = await make();
      const key = `race-${uid()}`;
      const players = Array.from({ length: 20 }, () => `p-${uid()}`);
      const results = await Promise.all(players.map((p) => store.claimName(p, first(key))));
      expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r === 'taken')).toHaveLength(19);
      const winner = players[results.indexOf('claimed')];
      expect(await store.playerIdByName(key)).toBe(winner);
      const profiles = await store.profiles(players);
      expect(profiles.filter((p) => p.name === key).map((p) => p.playerId)).toEqual([winner]);
    });

    it('writes presence at most once per gap, and keeps "hide last seen" beside it', async () => {
      const store = await make();
      const ann = `p-${uid()}`;
      expect(await store.seen(ann, T0, 300_000)).toBe(true);
      expect(await store.seen(ann, T0 + 299_999, 300_000)).toBe(false);
      expect((await store.profile(ann))?.lastSeenAt).toBe(T0);
      expect(await store.seen(ann, T0 + 300_000, 300_000)).toBe(true);
      await store.setHideLastSeen(ann, true);
      expect(await store.profile(ann)).toMatchObject({ playerId: ann, lastSeenAt: T0 + 300_000, hideLastSeen: true });
      await store.setHideLastSeen(ann, false);
      expect((await store.profile(ann))?.hideLastSeen).toBe(false);
    });

    it('reads several profiles at once, skipping players with none', async () => {
      const store = await make();
      const ids = [`p-${uid()}`, `p-${uid()}`, `p-${uid()}`];
      await store.seen(ids[0]!, T0, 1);
      await store.claimName(ids[2]!, first(`n-${uid()}`));
      const found = await store.profiles([...ids, ids[0]!]);
      expect(found.map((p) => p.playerId).sort()).toEqual([ids[0], ids[2]].sort());
    });

    it('counts a finished match once however often it is recorded, and lists the newest first', async () => {
      const store = await make();
      const ann = `p-${uid()}`;
      const done = (matchId: string, endedAt: number, over: Partial<FinishedMatch> = {}): FinishedMatch => ({
        matchId,
        gameId: 'dutch-auction',
        seat: 0,
        endedAt,
        won: true,
        reliable: true,
        paceMs: 60_000,
        ...over,
      });
      const [m1, m2, m3] = [`m1-${uid()}`, `m2-${uid()}`, `m3-${uid()}`];
      const records = await Promise.all([
        store.recordFinish(ann, done(m1, T0)),
        store.recordFinish(ann, done(m1, T0)),
        store.recordFinish(ann, done(m1, T0)),
      ]);
      expect(records.filter(Boolean)).toHaveLength(1);
      expect(await store.recordFinish(ann, done(m2, T0 + DAY, { won: false, reliable: false, paceMs: null }))).toBe(true);
      expect(await store.recordFinish(ann, done(m3, T0 + 2 * DAY, { gameId: 'golden-age', won: false }))).toBe(true);
      expect(await store.recordFinish(ann, done(m2, T0 + DAY, { won: false, reliable: false, paceMs: null }))).toBe(false);
      const counters = (await store.gameCounters(ann)).sort((a, b) => a.gameId.localeCompare(b.gameId));
      expect(counters).toEqual([
        { gameId: 'dutch-auction', played: 2, won: 1, reliable: 1 },
        { gameId: 'golden-age', played: 1, won: 0, reliable: 1 },
      ]);
      expect((await store.finishedSince(ann, T0, 10)).map((f) => f.matchId)).toEqual([m3, m2, m1]);
      expect((await store.finishedSince(ann, T0 + DAY, 10)).map((f) => f.matchId)).toEqual([m3, m2]);
      expect((await store.finishedSince(ann, T0, 2)).map((f) => f.matchId)).toEqual([m3, m2]);
      expect(await store.finishedSince(`p-${uid()}`, T0, 10)).toEqual([]);
      await store.forget(ann);
      expect(await store.gameCounters(ann)).toEqual([]);
      expect(await store.finishedSince(ann, 0, 10)).toEqual([]);
    });

    it('forgets a profile and frees its name', async () => {
      const store = await make();
      const [ann, bob] = [`p-${uid()}`, `p-${uid()}`];
      const key = `f-${uid()}`;
      await store.claimName(ann, first(key));
      await store.forget(ann);
      expect(await store.profile(ann)).toBeNull();
      expect(await store.playerIdByName(key)).toBeNull();
      expect(await store.claimName(bob, first(key))).toBe('claimed');
      await store.forget(`p-${uid()}`);
    });
  });
}
