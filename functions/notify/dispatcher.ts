/**
 * The dispatcher: drains the outbox (notification intents) and delivers them by email and web
 * push. The same code runs on the table's stream on AWS (functions/lambda/stream.ts) and in the local
 * loop reading DynamoDB Local's stream (functions/storage/stream.ts); both read the stream's records
 * into outbox entries with functions/storage/stream-records.ts.
 *
 * At least once, with duplicates suppressed as far as can be, per (match, version, seat, tag, channel):
 *   1. claim the delivery for a lease (CLAIM_LEASE_MS) with a conditional write;
 *   2. send, bounded by a timeout;
 *   3. mark the claim sent (or failed) and, once every channel is settled, delete the outbox row.
 * A redelivered stream record or a second dispatcher finds a settled claim and sends nothing, or a
 * live one and retries later. An error answer in 2 (throttled, 5xx) gives the claim back. A process
 * that dies in 2 or before 3 leaves a claim that is never marked: once its lease has run out, the
 * next attempt (the stream's retry, or the sweep's re-drive) takes it over and sends again. That
 * second copy may duplicate one that did arrive; it carries the same Message-ID (and a push the same
 * Topic), so the mail client or push service can drop it.
 */
import type { AnyGame } from '#shared/engine/game.js';
import { logEntries } from '../matches/present.js';
import { newSecret, sha256 } from '../matches/tokens.js';
import type { MatchRecord, MatchStore, NotificationIntent } from '../matches/port.js';
import { compose, mailHtml, mailText, pushMessage, type Composed, type RatingChanges } from './compose.js';
import type { EmailSender } from './email.js';
import { DIGESTED_KINDS, UNSUBSCRIBE_TOKEN_TTL_SECONDS, type PushSubscriptionRecord, type SeatPrefs } from './model.js';
import type { PushSender } from './push.js';
import type { AddressBook, DeliveryClaims, HeldNotices, LinkTokens, Outbox, OutboxEntry, SeatChoices } from './port.js';
import { holdUntil, stillCurrent } from './quiet.js';
import { WebhookDelivery } from './webhook-delivery.js';
import { WEBHOOK_TIMEOUT_MS, type WebhookSender } from './webhook-send.js';
import type { WebhookStore } from './webhooks.js';
import type { Lang } from '../i18n.js';
import { METRIC, type Metrics } from '../observe.js';

/** One change in a batch: its id (for a retry) and the outbox entry it carries, if any. */
export interface BatchItem {
  id: string;
  entry: OutboxEntry | null;
}

/** The ids of the items to retry (Lambda's `DynamoDBBatchResponse`). */
export interface BatchResult {
  batchItemFailures: { itemIdentifier: string }[];
}

export interface DispatcherDeps {
  /** Every notification port: a seat's choices and its address, the links in the message, the claims, the outbox. */
  store: SeatChoices & AddressBook & LinkTokens & DeliveryClaims & Outbox & HeldNotices;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  /** The site's origin, for links in messages. */
  publicUrl: string;
  email?: EmailSender;
  push?: PushSender;
  /** Chat-app webhooks (./webhook-delivery.ts): their store, the sender, and who holds a seat (a player's own webhooks). */
  webhooks?: { store: WebhookStore; sender: WebhookSender; ownerOf?: (matchId: string, seat: number) => Promise<string | null> };
  clock?: () => number;
  /** Fault injection for tests: runs after a message left and before its claim is settled. */
  faults?: { afterSend?: (what: { intent: NotificationIntent; channel: string }) => void | Promise<void> };
  log?: (entry: Record<string, unknown>) => void;
  /** Notices sent and failed for good, by channel (functions/observe.ts); none by default. */
  metrics?: Metrics;
  /**
   * The ratings (functions/ratings/service.ts): a finished match's notices wait until its end is rated (at
   * most once, however often the entry comes), so the end mail can say what changed.
   */
  ratings?: { settle(matchId: string): Promise<RatingChanges | null> };
  /** Records handled at once within a batch (DISPATCH_IN_FLIGHT). */
  concurrency?: number;
  /** The claim's lease (CLAIM_LEASE_MS). */
  leaseMs?: number;
  /** Bounds on one mail or push call (EMAIL_TIMEOUT_MS, PUSH_TIMEOUT_MS). */
  timeouts?: { emailMs?: number; pushMs?: number; webhookMs?: number };
  /**
   * Told of a match that ended (its "over" notice), before the notice leaves the outbox, so a failure is retried
   * with it: the players' counters (functions/players/stats.ts `matchOver`, idempotent: told again on a re-delivery).
   */
  finished?: (matchId: string) => Promise<unknown>;
}

/** Thrown by fault injection to stand for the process dying: nothing after it runs. */
export class SimulatedCrash extends Error {
  constructor(message = 'simulated crash') {
    super(message);
    this.name = 'SimulatedCrash';
  }
}

/** `in-flight`: another attempt holds a live claim on it; the record is retried (after the lease, it is taken over). */
/** `held`: the seat is in its quiet hours; the notice waits for their end, merged with the others held (./quiet.ts). */
export type Delivery = 'sent' | 'duplicate' | 'in-flight' | 'skipped' | 'gone' | 'bounced' | 'failed' | 'retry' | 'held';

/**
 * How long a claim protects a delivery in progress. Longer than any send may take (the timeouts
 * below), shorter than the sweep's re-drive grace (OUTBOX_GRACE_MS), so a re-driven entry finds the
 * claim of a sender that died stale and takes it over.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** A mail or push call that has not answered by then counts as failed for now (retried later). */
export const EMAIL_TIMEOUT_MS = 20_000;
export const PUSH_TIMEOUT_MS = 20_000;
/** Outbox entries of one batch delivered at once (each mostly waits on SES or a push service). */
export const DISPATCH_IN_FLIGHT = 4;

export interface DispatchOutcome {
  result: 'done' | 'retry';
  deliveries: { channel: string; delivery: Delivery }[];
}

const FAILED: readonly Delivery[] = ['failed', 'bounced', 'gone'];

const defaultLog = (entry: Record<string, unknown>) => console.log(JSON.stringify(entry));

export class Dispatcher {
  private readonly clock: () => number;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly webhooks: WebhookDelivery | null;

  constructor(private readonly deps: DispatcherDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? defaultLog;
    const hooks = deps.webhooks;
    this.webhooks = hooks
      ? new WebhookDelivery({
          store: hooks.store,
          claims: deps.store,
          sender: hooks.sender,
          clock: this.clock,
          leaseMs: deps.leaseMs ?? CLAIM_LEASE_MS,
          timeoutMs: deps.timeouts?.webhookMs ?? WEBHOOK_TIMEOUT_MS,
          ...(hooks.ownerOf ? { ownerOf: hooks.ownerOf } : {}),
          ...(deps.faults?.afterSend ? { afterSend: deps.faults.afterSend } : {}),
          log: this.log,
        })
      : null;
  }

  /**
   * A batch of the table's changes (the stream's records, each read by the storage adapter as the
   * outbox entry it carries, or null). Outbox entries are delivered; the rest are ignored. Returns the
   * ids to retry, in the shape of Lambda's partial batch response.
   */
  async handleBatch(items: readonly BatchItem[]): Promise<BatchResult> {
    const failures: string[] = [];
    const queue = [...items];
    // One outbox entry may come twice in a batch (its insert and the sweep's re-drive): the second
    // waits for the first and shares its outcome, rather than racing it for the claims.
    const entries = new Map<string, Promise<boolean>>();
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { entry, id } = next;
        if (!entry) continue;
        const key = `${entry.key.pk}\u0000${entry.key.sk}`;
        let retried = entries.get(key);
        if (!retried) {
          retried = this.deliverEntry(entry);
          entries.set(key, retried);
        }
        if (await retried) failures.push(id);
      }
    };
    // A crash stops each worker where it is; the batch fails only once none is running any more.
    const settled = await Promise.allSettled(Array.from({ length: Math.max(1, this.deps.concurrency ?? DISPATCH_IN_FLIGHT) }, worker));
    const crash = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (crash) throw crash.reason;
    return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
  }

  /** Delivers an outbox entry's notifications; true when it is to be retried. */
  private async deliverEntry(entry: OutboxEntry): Promise<boolean> {
    const over = entry.intents.find((i) => i.kind === 'over');
    let rated: RatingChanges | null = null;
    try {
      rated = over && this.deps.ratings ? await this.deps.ratings.settle(over.matchId) : null;
    } catch (err) {
      this.log({ level: 'error', message: 'rating failed', matchId: over?.matchId, error: String(err) });
      return true;
    }
    // Its failure is caught at once (no unhandled rejection while the notices go) and looked at below.
    const finished =
      over && this.deps.finished
        ? this.deps.finished(over.matchId).then(
            () => null,
            (err: unknown) => err,
          )
        : null;
    const outcomes = await Promise.allSettled(entry.intents.map((intent) => this.dispatch(intent, rated)));
    let retry = false;
    const notCounted = await finished;
    if (notCounted) {
      this.log({ level: 'error', message: 'finished match not counted', matchId: over!.matchId, error: String(notCounted) });
      retry = true;
    }
    outcomes.forEach((o, k) => {
      if (o.status === 'fulfilled') {
        if (o.value.result === 'retry') retry = true;
        return;
      }
      if (o.reason instanceof SimulatedCrash) throw o.reason;
      const intent = entry.intents[k]!;
      this.log({
        level: 'error',
        message: 'dispatch failed',
        matchId: intent.matchId,
        version: intent.version,
        seat: intent.seat,
        error: String(o.reason),
      });
      retry = true;
    });
    // The entry leaves the outbox once all its notifications are done; a retried record sends
    // again only what is not yet settled (the claims).
    if (!retry) await this.deps.store.settleOutbox(entry.key);
    return retry;
  }

  /** Delivers one notification on every channel the seat chose (or holds it through the seat's quiet hours). */
  async dispatch(notice: NotificationIntent, rated: RatingChanges | null = null): Promise<DispatchOutcome> {
    let intent = notice;
    const { store } = this.deps;
    const { prefs, push } = await store.seat(intent.matchId, intent.seat);
    if (intent.kind === 'reminder' && prefs?.reminders === false) return { result: 'done', deliveries: [] };
    const digested = prefs?.digest === true && DIGESTED_KINDS.includes(intent.kind);
    const wantsEmail = !!(this.deps.email && prefs?.channels.email && prefs.email?.confirmed) && !digested;
    const devices = this.deps.push && prefs?.channels.push ? push : [];
    const hooks = this.webhooks ? await this.webhooks.targets(intent) : [];
    if (!wantsEmail && devices.length === 0 && hooks.length === 0) return { result: 'done', deliveries: [] };
    const match = await this.deps.matches.get(intent.matchId);
    const game = match ? this.deps.games.get(match.gameId) : undefined;
    // A timer notice for a turn that has moved on would be wrong: drop it.
    // (The merged notice of quiet hours drops the outdated ones it holds instead.)
    const outdated = intent.kind !== 'quiet' && intent.tag !== undefined && match !== null && match.version !== intent.version;
    if (!match || !game || outdated) return { result: 'done', deliveries: [] };
    // Muted since the chat notice was queued: it is not sent.
    if (intent.kind === 'chat' && match.seats[intent.seat]?.chat?.muted) return { result: 'done', deliveries: [] };
    const quietUntil = holdUntil(intent, match, this.clock());
    if (quietUntil !== null) {
      await store.hold(intent, quietUntil);
      this.log({
        level: 'info',
        message: 'notification held',
        matchId: intent.matchId,
        seat: intent.seat,
        kind: intent.kind,
        until: quietUntil,
      });
      return { result: 'done', deliveries: [{ channel: 'held', delivery: 'held' }] };
    }
    if (intent.kind === 'quiet') intent = stillCurrent(intent, match);
    if (intent.held?.length === 0) return { result: 'done', deliveries: [] };
    const record = intent.tag ? null : await this.deps.matches.logAt(intent.matchId, intent.version);
    const composeIn = (lang: Lang) =>
      compose({
        intent,
        match,
        game,
        publicLines: record ? logEntries(game, record, null) : null,
        publicUrl: this.deps.publicUrl,
        lang,
        rated,
      });
    const composed = composeIn(prefs?.lang ?? 'en');
    const settled = await Promise.allSettled([
      ...(wantsEmail ? [this.deliverEmail(intent, prefs!, match, composed).then((delivery) => ({ channel: 'email', delivery }))] : []),
      ...devices.map((d) => this.deliverPush(intent, d, composed).then((delivery) => ({ channel: `push:${d.id}`, delivery }))),
      ...hooks.map((h) =>
        this.webhooks!.deliver(h, match, (lang) => (lang === composed.lang ? composed : composeIn(lang))).then((delivery) => ({
          channel: `webhook:${h.hook.id}`,
          delivery,
        })),
      ),
    ]);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const deliveries = settled.map((r) => (r as PromiseFulfilledResult<{ channel: string; delivery: Delivery }>).value);
    for (const d of deliveries) {
      this.count(d);
      if (d.delivery !== 'duplicate')
        this.log({
          level: 'info',
          message: 'notification',
          matchId: intent.matchId,
          version: intent.version,
          seat: intent.seat,
          kind: intent.kind,
          ...d,
        });
    }
    return { result: deliveries.some((d) => d.delivery === 'retry' || d.delivery === 'in-flight') ? 'retry' : 'done', deliveries };
  }

  /** Sent, or failed for good (a bounce, a push endpoint gone): retries and duplicates are neither. */
  private count({ channel, delivery }: { channel: string; delivery: Delivery }): void {
    const name = delivery === 'sent' ? METRIC.noticesSent : FAILED.includes(delivery) ? METRIC.noticesFailed : null;
    if (name)
      this.deps.metrics?.count(name, 1, {
        channel: channel.startsWith('push') ? 'push' : channel.startsWith('webhook') ? 'webhook' : 'email',
      });
  }

  private async deliverEmail(intent: NotificationIntent, prefs: SeatPrefs, match: MatchRecord, composed: Composed): Promise<Delivery> {
    const { store } = this.deps;
    const email = prefs.email!;
    const address = await store.address(email.addressKey);
    if (address?.suppressed) return 'skipped';
    const now = this.clock();
    const claim = await store.claim(intent, 'email', now, this.deps.leaseMs ?? CLAIM_LEASE_MS);
    if (claim.state !== 'claimed') return claim.state === 'done' ? 'duplicate' : 'in-flight';
    const secret = newSecret();
    await store.putToken(
      sha256(secret),
      {
        purpose: 'unsubscribe',
        addressKey: email.addressKey,
        matchId: intent.matchId,
        seat: intent.seat,
        createdAt: now,
        ...(prefs.lang ? { lang: prefs.lang } : {}),
      },
      UNSUBSCRIBE_TOKEN_TTL_SECONDS,
    );
    const unsubscribeUrl = `${this.deps.publicUrl.replace(/\/+$/, '')}/api/notify/unsubscribe?t=${secret}`;
    const recipient = match.seats[intent.seat]?.name ?? null;
    const result = await within(
      this.deps.timeouts?.emailMs ?? EMAIL_TIMEOUT_MS,
      // SMTP and SES calls cannot be called back once started: a late answer is simply not waited for.
      () =>
        this.deps.email!.send({
          to: email.address,
          subject: composed.subject,
          text: mailText(composed, recipient, unsubscribeUrl),
          html: mailHtml(composed, recipient, unsubscribeUrl),
          unsubscribeUrl,
          messageId: messageIdOf(intent, this.deps.publicUrl),
        }),
    );
    await this.deps.faults?.afterSend?.({ intent, channel: 'email' });
    if (result === TIMED_OUT) {
      // The mail may still leave: keep the claim, so a retry takes over only once its lease ran out.
      this.log({
        level: 'warn',
        message: 'email send timed out; retried after the lease',
        matchId: intent.matchId,
        version: intent.version,
        seat: intent.seat,
      });
      return 'retry';
    }
    if (result.ok) {
      await store.settle(intent, 'email', 'sent');
      return 'sent';
    }
    if (result.kind === 'retry') {
      await store.release(intent, 'email', claim.claimId);
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
    const claim = await store.claim(intent, channel, now, this.deps.leaseMs ?? CLAIM_LEASE_MS);
    if (claim.state !== 'claimed') return claim.state === 'done' ? 'duplicate' : 'in-flight';
    const result = await within(this.deps.timeouts?.pushMs ?? PUSH_TIMEOUT_MS, (signal) =>
      this.deps.push!.send(device, pushMessage(composed, intent), signal),
    );
    await this.deps.faults?.afterSend?.({ intent, channel });
    if (result === TIMED_OUT) {
      this.log({
        level: 'warn',
        message: 'push timed out; retried after the lease',
        matchId: intent.matchId,
        version: intent.version,
        seat: intent.seat,
        channel,
      });
      return 'retry';
    }
    if (result.ok) {
      await store.settle(intent, channel, 'sent');
      return 'sent';
    }
    if (result.kind === 'retry') {
      await store.release(intent, channel, claim.claimId);
      return 'retry';
    }
    if (result.kind === 'gone') await store.removePush(device.matchId, device.seat, device.id);
    await store.settle(intent, channel, 'failed', result.reason);
    return result.kind === 'gone' ? 'gone' : 'failed';
  }
}

/** The same for every attempt at one notification, so a mail client can drop a second copy. */
export function messageIdOf(intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'tag'>, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<${intent.matchId}.${intent.version}.${intent.seat}.${intent.tag ?? 'n'}@${host}>`;
}

const TIMED_OUT = Symbol('timed out');

/** The call's value, or TIMED_OUT after `ms`; the call's signal is then aborted (where it listens). */
function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | typeof TIMED_OUT> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      resolve(TIMED_OUT);
      abort.abort();
    }, ms);
  });
  return Promise.race([work(abort.signal), timeout]).finally(() => clearTimeout(timer));
}
