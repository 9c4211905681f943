/**
 * The challenge store's contract (functions/matches/challenge-port.ts), written once and run on the memory adapter
 * (tests/platform/stores-memory.test.ts) and on DynamoDB Local (tests/platform/stores-dynamo.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChallengeEntry, ChallengeStore } from '../../functions/matches/challenge-port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const DAY = 24 * 3600 * 1000;
const uid = () => randomUUID().slice(0, 8);

export function describeChallengeStoreContract(name: string, make: () => Promise<ChallengeStore>) {
  describe(`the challenge store's contract: ${name}`, () => {
    it('lists an entry on both sides, oldest first, up to a limit, and removes it from both (again: nothing)', async () => {
      const store = await make();
      const [ann, bob, cy] = ['ann', 'bob', 'cy'].map((x) => `${x}-${uid()}`) as [string, string, string];
      const entry = (matchId: string, from: string, to: string, createdAt: number): ChallengeEntry => ({
        matchId,
        gameId: 'dutch-auction',
        seats: 2,
        rated: false,
        from,
        fromName: from.slice(0, 3),
        to,
        toName: to.slice(0, 3),
        createdAt,
        until: createdAt + 7 * DAY,
      });
      const late = entry(`m-z-${uid()}`, ann, bob, T0 + 5);
      const early = entry(`m-a-${uid()}`, cy, bob, T0);
      await store.put(late);
      await store.put(early);
      expect(await store.incoming(bob, 10)).toEqual([early, late]);
      expect(await store.outgoing(ann, 10)).toEqual([late]);
      expect(await store.incoming(ann, 10)).toEqual([]);
      expect(await store.outgoing(bob, 10)).toEqual([]);
      expect(await store.incoming(bob, 1)).toHaveLength(1);
      await store.remove(late);
      await store.remove(late);
      expect(await store.incoming(bob, 10)).toEqual([early]);
      expect(await store.outgoing(ann, 10)).toEqual([]);
    });

    it('counts challenges per UTC day up to the cap, refusing with the next day as the time to retry', async () => {
      const store = await make();
      const me = `p-${uid()}`;
      expect(await store.countChallenge(me, T0, 2)).toEqual({ ok: true });
      expect(await store.countChallenge(me, T0 + 1000, 2)).toEqual({ ok: true });
      expect(await store.countChallenge(me, T0 + 2000, 2)).toEqual({ ok: false, retryAt: Date.UTC(2026, 10, 29) });
      // Another player's count is their own; the next day starts again.
      expect(await store.countChallenge(`q-${uid()}`, T0, 2)).toEqual({ ok: true });
      expect(await store.countChallenge(me, Date.UTC(2026, 10, 29, 1), 2)).toEqual({ ok: true });
    });
  });
}
