/**
 * The follow store's contract (functions/players/follow-port.ts), written once and run on the memory adapter
 * (tests/platform/stores-memory.test.ts) and on DynamoDB Local (tests/platform/stores-dynamo.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FollowStore } from '../../functions/players/follow-port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

export function describeFollowStoreContract(name: string, make: () => Promise<FollowStore>) {
  describe(`the follow store's contract: ${name}`, () => {
    it('follows, keeps the first time on a second follow, lists in id order up to a limit, and unfollows', async () => {
      const store = await make();
      const me = `p-${uid()}`;
      const [a, b, c] = ['a', 'b', 'c'].map((x) => `${x}-${uid()}`) as [string, string, string];
      expect(await store.following(me, 10)).toEqual([]);
      await store.follow(me, b, T0);
      await store.follow(me, a, T0 + 1);
      await store.follow(me, c, T0 + 2);
      await store.follow(me, b, T0 + 3);
      expect(await store.following(me, 10)).toEqual([
        { playerId: a, since: T0 + 1 },
        { playerId: b, since: T0 },
        { playerId: c, since: T0 + 2 },
      ]);
      expect(await store.following(me, 2)).toHaveLength(2);
      // One-sided: nobody follows me back by it.
      expect(await store.following(a, 10)).toEqual([]);
      await store.unfollow(me, b);
      await store.unfollow(me, b);
      expect((await store.following(me, 10)).map((f) => f.playerId)).toEqual([a, c]);
    });
  });
}
