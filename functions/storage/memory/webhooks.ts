/**
 * The webhook store in memory (functions/notify/webhooks.ts), on the memory table under the same keys as its
 * DynamoDB twin (../webhooks-dynamo.ts), held to the same contract (tests/contracts/webhook-store.contract.ts).
 */
import { TEST_WINDOW_MS, type WebhookOwner, type WebhookRecord, type WebhookStore } from '../../notify/webhooks.js';
import { webhookExpiry, webhookKeys } from '../webhooks-dynamo.js';
import type { MemoryTable } from './table.js';

export class MemoryWebhookStore implements WebhookStore {
  constructor(private readonly table: MemoryTable) {}

  async webhooks(owner: WebhookOwner): Promise<WebhookRecord[]> {
    const at = webhookKeys.ownerPrefix(owner);
    return this.records(at.pk, at.sk);
  }

  async matchWebhooks(matchId: string): Promise<WebhookRecord[]> {
    const at = webhookKeys.matchPrefix(matchId);
    return this.records(at.pk, at.sk);
  }

  private records(pk: string, prefix: string): WebhookRecord[] {
    return this.table
      .prefixed(pk, prefix)
      .map((i) => i.record as WebhookRecord)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async webhook(owner: WebhookOwner, id: string): Promise<WebhookRecord | null> {
    return (this.table.get(webhookKeys.hook(owner, id))?.record as WebhookRecord | undefined) ?? null;
  }

  async addWebhook(record: WebhookRecord, cap: number): Promise<'added' | 'full'> {
    const countKey = webhookKeys.count(record.owner);
    const n = (this.table.get(countKey)?.n as number | undefined) ?? 0;
    if (n >= cap) return 'full';
    const key = webhookKeys.hook(record.owner, record.id);
    if (this.table.has(key)) throw new Error('webhook id taken');
    const expiresAt = webhookExpiry(record);
    this.table.put({ ...countKey, type: 'webhook-count', n: n + 1 });
    this.table.put({ ...key, type: 'webhook', record, ...(expiresAt ? { expiresAt } : {}) });
    return 'added';
  }

  async removeWebhook(owner: WebhookOwner, id: string): Promise<boolean> {
    if (!this.table.delete(webhookKeys.hook(owner, id))) return false;
    const countKey = webhookKeys.count(owner);
    const n = (this.table.get(countKey)?.n as number | undefined) ?? 0;
    if (n > 0) this.table.put({ ...countKey, type: 'webhook-count', n: n - 1 });
    return true;
  }

  async setWebhookPause(owner: WebhookOwner, id: string, pause: WebhookRecord['paused'] | null): Promise<boolean> {
    const after = this.change(owner, id, (r) => {
      if (pause) return { ...r, paused: pause };
      const { paused: _p, failingSince: _f, ...rest } = r;
      return { ...rest, failures: 0 };
    });
    return after !== null;
  }

  async webhookFailed(owner: WebhookOwner, id: string, now: number): Promise<WebhookRecord | null> {
    return this.change(owner, id, (r) => ({ ...r, failures: r.failures + 1, failingSince: r.failingSince ?? now }));
  }

  async webhookSucceeded(owner: WebhookOwner, id: string): Promise<void> {
    this.change(owner, id, ({ failingSince: _f, ...r }) => ({ ...r, failures: 0 }));
  }

  private change(owner: WebhookOwner, id: string, f: (r: WebhookRecord) => WebhookRecord): WebhookRecord | null {
    const key = webhookKeys.hook(owner, id);
    const item = this.table.get(key);
    if (!item) return null;
    const record = f(item.record as WebhookRecord);
    this.table.put({ ...item, ...key, record });
    return record;
  }

  async takeWebhookTest(owner: WebhookOwner, now: number, cap: number): Promise<boolean> {
    const key = webhookKeys.tests(owner, now - (now % TEST_WINDOW_MS));
    const n = (this.table.get(key)?.n as number | undefined) ?? 0;
    if (n >= cap) return false;
    this.table.put({ ...key, type: 'webhook-tests', n: n + 1 });
    return true;
  }
}
