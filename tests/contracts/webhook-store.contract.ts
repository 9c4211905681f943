/**
 * The webhook store's contract (functions/notify/webhooks.ts), written once and run against both adapters:
 * tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts (DynamoDB Local).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_WINDOW_MS, type WebhookOwner, type WebhookRecord, type WebhookStore } from '../../functions/notify/webhooks.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

export const webhookRecord = (owner: WebhookOwner, over: Partial<WebhookRecord> = {}): WebhookRecord => ({
  owner,
  id: uid(),
  kind: 'signed',
  url: 'https://hooks.example.org/dutch',
  secret: 'whsec_test',
  lang: 'en',
  createdAt: T0,
  failures: 0,
  ...over,
});

export function describeWebhookStoreContract(name: string, make: () => Promise<WebhookStore>) {
  describe(`the webhook store's contract: ${name}`, () => {
    it("keeps each owner's webhooks apart; a match's notice reads its seats' and its own at once", async () => {
      const store = await make();
      const matchId = uid();
      const seat0 = webhookRecord({ kind: 'seat', matchId, seat: 0 }, { createdAt: T0 + 1 });
      const seat1 = webhookRecord({ kind: 'seat', matchId, seat: 1 }, { kind: 'discord', createdAt: T0 + 2 });
      const channel = webhookRecord({ kind: 'match', matchId }, { kind: 'slack', createdAt: T0 + 3 });
      const player = webhookRecord({ kind: 'player', playerId: uid() }, { createdAt: T0 + 4 });
      for (const r of [seat0, seat1, channel, player]) expect(await store.addWebhook(r, 3)).toBe('added');
      expect(await store.webhooks(seat0.owner)).toEqual([seat0]);
      expect(await store.webhooks(channel.owner)).toEqual([channel]);
      expect(await store.webhooks(player.owner)).toEqual([player]);
      expect(await store.matchWebhooks(matchId)).toEqual([seat0, seat1, channel]);
      expect(await store.matchWebhooks(uid())).toEqual([]);
      expect(await store.webhook(seat1.owner, seat1.id)).toEqual(seat1);
      expect(await store.webhook(seat0.owner, seat1.id)).toBeNull();
    });

    it('caps the webhooks of an owner, also when added at once; a removal frees a place', async () => {
      const store = await make();
      const owner: WebhookOwner = { kind: 'seat', matchId: uid(), seat: 2 };
      const tries = await Promise.all(Array.from({ length: 5 }, () => store.addWebhook(webhookRecord(owner), 3)));
      expect(tries.filter((t) => t === 'added')).toHaveLength(3);
      const kept = await store.webhooks(owner);
      expect(kept).toHaveLength(3);
      expect(await store.removeWebhook(owner, kept[0]!.id)).toBe(true);
      expect(await store.removeWebhook(owner, kept[0]!.id)).toBe(false);
      expect(await store.addWebhook(webhookRecord(owner), 3)).toBe('added');
      expect(await store.addWebhook(webhookRecord(owner), 3)).toBe('full');
    });

    it('counts failures in a row from the first; a success or a resume forgets them; a pause says why', async () => {
      const store = await make();
      const r = webhookRecord({ kind: 'match', matchId: uid() });
      await store.addWebhook(r, 3);
      expect(await store.webhookFailed(r.owner, r.id, T0 + 10)).toMatchObject({ failures: 1, failingSince: T0 + 10 });
      expect(await store.webhookFailed(r.owner, r.id, T0 + 20)).toMatchObject({ failures: 2, failingSince: T0 + 10 });
      await store.webhookSucceeded(r.owner, r.id);
      const ok = await store.webhook(r.owner, r.id);
      expect(ok?.failures).toBe(0);
      expect(ok?.failingSince).toBeUndefined();
      await store.webhookFailed(r.owner, r.id, T0 + 30);
      expect(await store.setWebhookPause(r.owner, r.id, { at: T0 + 40, reason: 'failing' })).toBe(true);
      expect((await store.webhook(r.owner, r.id))?.paused).toEqual({ at: T0 + 40, reason: 'failing' });
      expect(await store.setWebhookPause(r.owner, r.id, null)).toBe(true);
      const resumed = await store.webhook(r.owner, r.id);
      expect(resumed).toMatchObject({ failures: 0 });
      expect(resumed?.paused).toBeUndefined();
      expect(resumed?.failingSince).toBeUndefined();
      expect(await store.webhookFailed(r.owner, uid(), T0)).toBeNull();
      expect(await store.setWebhookPause(r.owner, uid(), null)).toBe(false);
    });

    it('allows an owner `cap` test sends an hour', async () => {
      const store = await make();
      const owner: WebhookOwner = { kind: 'player', playerId: uid() };
      const at = T0 - (T0 % TEST_WINDOW_MS);
      const first = await Promise.all(Array.from({ length: 4 }, () => store.takeWebhookTest(owner, at + 5, 2)));
      expect(first.filter(Boolean)).toHaveLength(2);
      expect(await store.takeWebhookTest({ kind: 'player', playerId: uid() }, at + 5, 2)).toBe(true);
      expect(await store.takeWebhookTest(owner, at + TEST_WINDOW_MS, 2)).toBe(true);
    });
  });
}
