/**
 * The dispatcher: drains the outbox (notification intents) and delivers them by email and web
 * push. The same code runs on the table's stream on AWS (functions/dispatcher.ts) and in the local
 * loop reading DynamoDB Local's stream (./stream.ts).
 *
 * At-least-once in, exactly one message out, per (match, version, seat, tag, channel):
 *   1. claim the delivery with a conditional write (a dedupe record);
 *   2. send;
 *   3. settle the claim (sent / failed) and, once every channel is settled, delete the outbox row.
 * A redelivered stream record, a duplicate, or a dispatcher restarted after a crash between 2 and 3
 * finds the claim and sends nothing. An error answer in 2 (throttled, 5xx) gives the claim back and
 * the record is retried. The one case left open is a crash inside the provider call itself, when
 * nobody can know whether the provider took the message: it counts as sent (no duplicate).
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { AnyGame } from '../../shared/engine/game.js';
import { MatchService } from '../matches/service.js';
import { newSecret, sha256 } from '../matches/tokens.js';
import type { MatchRecord, MatchStore, NotificationIntent } from '../storage/port.js';
import { compose, mailHtml, mailText, pushMessage, type Composed } from './compose.js';
import type { EmailSender } from './email.js';
import { UNSUBSCRIBE_TOKEN_TTL_SECONDS, type PushSubscriptionRecord, type SeatPrefs } from './model.js';
import type { PushSender } from './push.js';
import { outboxOfItem, type NotifyStore, type OutboxKey } from './store.js';

export interface DispatcherDeps {
  store: NotifyStore;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  /** The site's origin, for links in messages. */
  publicUrl: string;
  email?: EmailSender;
  push?: PushSender;
  clock?: () => number;
  /** Fault injection for tests: runs after a message left and before its claim is settled. */
  faults?: { afterSend?: (what: { intent: NotificationIntent; channel: string }) => void | Promise<void> };
  log?: (entry: Record<string, unknown>) => void;
  /** Records handled at once within a batch. */
  concurrency?: number;
}

/** Thrown by fault injection to stand for the process dying: nothing after it runs. */
export class SimulatedCrash extends Error {
  constructor(message = 'simulated crash') {
    super(message);
    this.name = 'SimulatedCrash';
  }
}

export type Delivery = 'sent' | 'duplicate' | 'skipped' | 'gone' | 'bounced' | 'failed' | 'retry';

export interface DispatchOutcome {
  result: 'done' | 'retry';
  deliveries: { channel: string; delivery: Delivery }[];
}

const defaultLog = (entry: Record<string, unknown>) => console.log(JSON.stringify(entry));

export class Dispatcher {
  private readonly clock: () => number;
  private readonly service: MatchService;
  private readonly log: (entry: Record<string, unknown>) => void;

  constructor(private readonly deps: DispatcherDeps) {
    this.clock = deps.clock ?? Date.now;
    this.service = new MatchService({ store: deps.matches, games: deps.games, clock: this.clock });
    this.log = deps.log ?? defaultLog;
  }

  /**
   * A batch of stream records (Lambda's shape). Outbox rows are delivered; every other record is
   * ignored. Returns the records to retry, as Lambda's partial batch response expects.
   */
  async handleRecords(records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
    const failures: string[] = [];
    const queue = records.map((r, i) => ({ r, i }));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const entry = outboxOfRecord(next.r);
        if (!entry) continue;
        const id = next.r.dynamodb?.SequenceNumber ?? next.r.eventID ?? String(next.i);
        const outcomes = await Promise.allSettled(entry.intents.map((intent) => this.dispatch(intent)));
        let retry = false;
        outcomes.forEach((o, k) => {
          if (o.status === 'fulfilled') {
            if (o.value.result === 'retry') retry = true;
            return;
          }
          if (o.reason instanceof SimulatedCrash) throw o.reason;
          const intent = entry.intents[k]!;
          this.log({ level: 'error', message: 'dispatch failed', matchId: intent.matchId, version: intent.version, seat: intent.seat, error: String(o.reason) });
          retry = true;
        });
        // The entry leaves the outbox once all its notifications are done; a retried record sends
        // again only what is not yet settled (the claims).
        if (retry) failures.push(id);
        else await this.deps.store.settleOutbox(entry.key);
      }
    };
    // A crash stops each worker where it is; the batch fails only once none is running any more.
    const settled = await Promise.allSettled(Array.from({ length: Math.max(1, this.deps.concurrency ?? 4) }, worker));
    const crash = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (crash) throw crash.reason;
    return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
  }

  /** Delivers one notification on every channel the seat chose. */
  async dispatch(intent: NotificationIntent): Promise<DispatchOutcome> {
    const { store } = this.deps;
    const { prefs, push } = await store.seat(intent.matchId, intent.seat);
    const wantsEmail = !!(this.deps.email && prefs?.channels.email && prefs.email?.confirmed);
    const devices = this.deps.push && prefs?.channels.push ? push : [];
    if (!wantsEmail && devices.length === 0) return { result: 'done', deliveries: [] };
    const match = await this.deps.matches.get(intent.matchId);
    const game = match ? this.deps.games.get(match.gameId) : undefined;
    // A timer notice for a turn that has moved on would be wrong: drop it.
    const outdated = intent.tag !== undefined && match !== null && match.version !== intent.version;
    if (!match || !game || outdated) return { result: 'done', deliveries: [] };
    const record = intent.tag ? null : await this.deps.matches.logAt(intent.matchId, intent.version);
    const composed = compose({
      intent,
      match,
      game,
      publicLines: record ? this.service.logEntries(game, record, null) : null,
      publicUrl: this.deps.publicUrl,
    });
    const settled = await Promise.allSettled([
      ...(wantsEmail ? [this.deliverEmail(intent, prefs!, match, composed).then((delivery) => ({ channel: 'email', delivery }))] : []),
      ...devices.map((d) => this.deliverPush(intent, d, composed).then((delivery) => ({ channel: `push:${d.id}`, delivery }))),
    ]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const deliveries = settled.map((r) => (r as PromiseFulfilledResult<{ channel: string; delivery: Delivery }>).value);
    for (const d of deliveries) {
      if (d.delivery !== 'duplicate') this.log({ level: 'info', message: 'notification', matchId: intent.matchId, version: intent.version, seat: intent.seat, kind: intent.kind, ...d });
    }
    return { result: deliveries.some((d) => d.delivery === 'retry') ? 'retry' : 'done', deliveries };
  }

  private async deliverEmail(intent: NotificationIntent, prefs: SeatPrefs, match: MatchRecord, composed: Composed): Promise<Delivery> {
    const { store } = this.deps;
    const email = prefs.email!;
    const address = await store.address(email.addressKey);
    if (address?.suppressed) return 'skipped';
    const now = this.clock();
    if (!(await store.claim(intent, 'email', now))) return 'duplicate';
    const secret = newSecret();
    await store.putToken(sha256(secret), { purpose: 'unsubscribe', addressKey: email.addressKey, matchId: intent.matchId, seat: intent.seat, createdAt: now }, UNSUBSCRIBE_TOKEN_TTL_SECONDS);
    const unsubscribeUrl = `${this.deps.publicUrl.replace(/\/+$/, '')}/api/notify/unsubscribe?t=${secret}`;
    const recipient = match.seats[intent.seat]?.name ?? null;
    const host = new URL(this.deps.publicUrl).hostname || 'localhost';
    const result = await this.deps.email!.send({
      to: email.address,
      subject: composed.subject,
      text: mailText(composed, recipient, unsubscribeUrl),
      html: mailHtml(composed, recipient, unsubscribeUrl),
      unsubscribeUrl,
      messageId: `<${intent.matchId}.${intent.version}.${intent.seat}.${intent.tag ?? 'n'}@${host}>`,
    });
    await this.deps.faults?.afterSend?.({ intent, channel: 'email' });
    if (result.ok) {
      await store.settle(intent, 'email', 'sent');
      return 'sent';
    }
    if (result.kind === 'retry') {
      await store.release(intent, 'email', now);
      this.log({ level: 'warn', message: 'email will be retried', matchId: intent.matchId, reason: result.reason });
      return 'retry';
    }
    if (result.kind === 'bounce') await store.suppress(email.addressKey, 'bouncing', now);
    await store.settle(intent, 'email', 'failed', result.reason);
    return result.kind === 'bounce' ? 'bounced' : 'failed';
  }

  private async deliverPush(intent: NotificationIntent, device: PushSubscriptionRecord, composed: Composed): Promise<Delivery> {
    const { store } = this.deps;
    const channel = `push:${device.id}`;
    const now = this.clock();
    if (!(await store.claim(intent, channel, now))) return 'duplicate';
    const result = await this.deps.push!.send(device, pushMessage(composed, intent));
    await this.deps.faults?.afterSend?.({ intent, channel });
    if (result.ok) {
      await store.settle(intent, channel, 'sent');
      return 'sent';
    }
    if (result.kind === 'retry') {
      await store.release(intent, channel, now);
      return 'retry';
    }
    if (result.kind === 'gone') await store.removePush(device.matchId, device.seat, device.id);
    await store.settle(intent, channel, 'failed', result.reason);
    return result.kind === 'gone' ? 'gone' : 'failed';
  }
}

/**
 * The outbox entry a stream record carries (INSERT, or MODIFY when the sweep re-drives it): an
 * outbox row, or a log item whose change has notifications not yet delivered.
 */
export function outboxOfRecord(record: DynamoDBRecord): { key: OutboxKey; intents: NotificationIntent[] } | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  if (!image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  const intents = outboxOfItem(item);
  return intents ? { key: { pk: item.pk as string, sk: item.sk as string }, intents } : null;
}
