/**
 * Adding, listing, testing, pausing and removing webhooks, for the routes (functions/http/routes/webhooks.ts).
 * A `signed` webhook's secret is made here and shown once, in the answer that made it; listings show the
 * address without its path (Discord's and Slack's paths hold their own secret).
 */
import { randomBytes } from 'node:crypto';
import { type Lang, t } from '../i18n.js';
import { MatchError } from '../matches/errors.js';
import { newSecret } from '../matches/tokens.js';
import type { Composed } from './compose.js';
import { webhookCall } from './webhook-format.js';
import { checkWebhookUrl } from './webhook-hosts.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-send.js';
import {
  MAX_WEBHOOKS_PER_OWNER,
  TEST_SENDS_PER_HOUR,
  type WebhookOwner,
  type WebhookPause,
  type WebhookRecord,
  type WebhookStore,
} from './webhooks.js';

export interface WebhookSettingsDeps {
  store: WebhookStore;
  /** Absent: webhooks are listed and removed, but none is added or tested. */
  sender?: WebhookSender;
  clock: () => number;
}

/** A webhook as its owner sees it: never its secret, nor its address's path. */
export interface WebhookSummary {
  id: string;
  kind: WebhookRecord['kind'];
  scope: WebhookOwner['kind'];
  host: string;
  lang: Lang;
  createdAt: number;
  failures: number;
  paused: { at: number; reason: WebhookPause } | null;
}

export const summaryOf = (r: WebhookRecord): WebhookSummary => ({
  id: r.id,
  kind: r.kind,
  scope: r.owner.kind,
  host: new URL(r.url).host,
  lang: r.lang,
  createdAt: r.createdAt,
  failures: r.failures,
  paused: r.paused ?? null,
});

export class WebhookSettings {
  constructor(private readonly deps: WebhookSettingsDeps) {}

  async list(owners: WebhookOwner[]): Promise<WebhookSummary[]> {
    const lists = await Promise.all(owners.map((o) => this.deps.store.webhooks(o)));
    return lists
      .flat()
      .sort((a, b) => a.createdAt - b.createdAt)
      .map(summaryOf);
  }

  /** Adds a webhook for `owner`; a signed one's secret is in the answer, and only there. */
  async add(owner: WebhookOwner, url: string, lang: Lang): Promise<{ webhook: WebhookSummary; secret: string | null }> {
    if (!this.deps.sender) throw new MatchError('webhooks-unavailable', 'error.webhooks-unavailable');
    const checked = checkWebhookUrl(url);
    if (!checked.ok) throw new MatchError('webhook-address', `error.webhook-address.${checked.reason}`);
    const secret = checked.kind === 'signed' ? `whsec_${newSecret()}` : null;
    const record: WebhookRecord = {
      owner,
      id: randomBytes(9).toString('base64url'),
      kind: checked.kind,
      url: checked.url.toString(),
      ...(secret ? { secret } : {}),
      lang,
      createdAt: this.deps.clock(),
      failures: 0,
    };
    if ((await this.deps.store.addWebhook(record, MAX_WEBHOOKS_PER_OWNER)) === 'full')
      throw new MatchError('too-many-webhooks', { key: 'error.too-many-webhooks', params: { max: MAX_WEBHOOKS_PER_OWNER } });
    return { webhook: summaryOf(record), secret };
  }

  /** The webhook with this id among the owners', or a refusal. */
  async find(owners: WebhookOwner[], id: string): Promise<WebhookRecord> {
    for (const owner of owners) {
      const found = await this.deps.store.webhook(owner, id);
      if (found) return found;
    }
    throw new MatchError('no-such-webhook', 'error.no-such-webhook');
  }

  async remove(owners: WebhookOwner[], id: string): Promise<void> {
    const hook = await this.find(owners, id);
    await this.deps.store.removeWebhook(hook.owner, hook.id);
  }

  /** Pauses it, or resumes it (its failures forgotten: the next notice is tried afresh). */
  async setPaused(owners: WebhookOwner[], id: string, paused: boolean): Promise<WebhookSummary> {
    const hook = await this.find(owners, id);
    await this.deps.store.setWebhookPause(hook.owner, hook.id, paused ? { at: this.deps.clock(), reason: 'owner' } : null);
    return summaryOf((await this.deps.store.webhook(hook.owner, hook.id)) ?? hook);
  }

  /** Sends a test message now (not from the outbox), within the owner's hourly test sends. */
  async test(owners: WebhookOwner[], id: string, url: string): Promise<{ ok: boolean; status: number | null; reason: string | null }> {
    const sender = this.deps.sender;
    if (!sender) throw new MatchError('webhooks-unavailable', 'error.webhooks-unavailable');
    const hook = await this.find(owners, id);
    const now = this.deps.clock();
    if (!(await this.deps.store.takeWebhookTest(hook.owner, now, TEST_SENDS_PER_HOUR)))
      throw new MatchError('webhook-test-limit', 'error.webhook-test-limit');
    const title = t(hook.lang, 'mail.webhook.test.title');
    const composed: Composed = {
      subject: title,
      paragraphs: [t(hook.lang, 'mail.webhook.test.text')],
      lines: [],
      url,
      lang: hook.lang,
      push: { title, body: '', url, tag: 'test' },
    };
    const call = webhookCall(hook, { composed, forName: null, deliveryId: `test.${hook.id}.${now}`, intent: null }, now);
    const result = await sender.send(call, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS));
    return result.ok
      ? { ok: true, status: result.status, reason: null }
      : { ok: false, status: result.status ?? null, reason: result.reason };
  }
}
