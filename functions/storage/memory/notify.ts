/**
 * The notification store (functions/notify/port.ts) in memory, held to the same contract as
 * ../notify-dynamo.ts (tests/contracts/notify-store.contract.ts): the same items under the same keys, in the
 * MemoryTable the match store writes its outbox to (pass the same table to both). Each condition is checked
 * and each write applied in one synchronous step. The `due` index is a walk of the table (immediately
 * consistent, where DynamoDB's index may lag a little). No stream: nothing hands an outbox entry to a
 * dispatcher by itself.
 */
import { randomUUID } from 'node:crypto';
import type { Seat } from '#shared/engine/game.js';
import type { NotificationIntent } from '../../matches/port.js';
import {
  ADDRESS_PROOF_TTL_SECONDS,
  CLAIM_TTL_SECONDS,
  CONFIRMATION_INTERVAL_MS,
  type ClaimState,
  type ConfirmationCap,
  type EmailAddressRecord,
  epochSeconds,
  type LinkTokenRecord,
  PREFS_TTL_SECONDS,
  type PushSubscriptionRecord,
  type SeatPrefs,
} from '../../notify/model.js';
import type { DueCursor, DueItem, DuePosition, Lane, NotifyStore, OutboxKey, SweepCursor } from '../../notify/port.js';
import { intentToItem } from '../dynamo.js';
import { confirmationWindow, dueItemOf, heldOf, heldValues, inLane, notifyKeys, outboxOfItem } from '../notify-dynamo.js';
import { DUE_SHARDS, dueShard, dueShardOf, keys, walkKey } from '../table.js';
import { roundTrip } from './matches.js';
import { claimLease, ConditionFailed, type Item, type Key, MemoryTable, releaseLease, takeCounters } from './table.js';

/** Where a walk of the `due` index goes on: a shard, and the last entry read in it. */
interface Cursor {
  shard: number;
  after?: Place;
}
/** A place in one shard: the last entry read, by the index's order (dueAt, then the table's keys). */
type Place = [number, string, string];

const order = (i: Item): Place => [i.dueAt as number, i.pk as string, i.sk as string];
const before = (a: Place, b: Place) => (a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2]);

export class MemoryNotifyStore implements NotifyStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  // ------------------------------------------------------------------ a seat's choices

  async seat(matchId: string, seat: Seat): Promise<{ prefs: SeatPrefs | null; push: PushSubscriptionRecord[] }> {
    await roundTrip();
    const k = notifyKeys.prefix(matchId, seat);
    let prefs: SeatPrefs | null = null;
    const push: PushSubscriptionRecord[] = [];
    for (const item of this.table.prefixed(k.pk, k.sk)) {
      if (item.type === 'notify-prefs') prefs = item.prefs as SeatPrefs;
      else if (item.type === 'push-subscription') push.push(item.sub as PushSubscriptionRecord);
    }
    return { prefs, push };
  }

  async putPrefs(prefs: SeatPrefs): Promise<void> {
    await roundTrip();
    const key = notifyKeys.prefs(prefs.matchId, prefs.seat);
    this.table.put({ ...key, type: 'notify-prefs', prefs, expiresAt: epochSeconds(prefs.updatedAt) + PREFS_TTL_SECONDS });
  }

  async confirmEmail(matchId: string, seat: Seat, addressKey: string, now: number): Promise<boolean> {
    await roundTrip();
    const key = notifyKeys.prefs(matchId, seat);
    const item = this.table.get(key);
    const prefs = item?.prefs as SeatPrefs | undefined;
    if (!item || !prefs?.email || prefs.email.addressKey !== addressKey) return false;
    this.table.put({ ...item, ...key, prefs: { ...prefs, email: { ...prefs.email, confirmed: true, confirmedAt: now }, updatedAt: now } });
    return true;
  }

  async addPush(sub: PushSubscriptionRecord): Promise<void> {
    await roundTrip();
    const key = notifyKeys.push(sub.matchId, sub.seat, sub.id);
    this.table.put({ ...key, type: 'push-subscription', sub, expiresAt: epochSeconds(sub.createdAt) + PREFS_TTL_SECONDS });
  }

  async removePush(matchId: string, seat: Seat, id: string): Promise<void> {
    await roundTrip();
    this.table.delete(notifyKeys.push(matchId, seat, id));
  }

  // ------------------------------------------------------------------ addresses and confirmation limits

  async address(addressKey: string): Promise<EmailAddressRecord | null> {
    await roundTrip();
    return (this.table.get(notifyKeys.address(addressKey))?.record as EmailAddressRecord | undefined) ?? null;
  }

  private putRecord(addressKey: string, record: EmailAddressRecord): void {
    const key = notifyKeys.address(addressKey);
    this.table.put({ ...(this.table.get(key) ?? { type: 'email-address' }), ...key, record });
  }

  async reserveConfirmation(addressKey: string, address: string, now: number): Promise<'ok' | 'limited' | 'suppressed'> {
    await roundTrip();
    const record = this.table.get(notifyKeys.address(addressKey))?.record as EmailAddressRecord | undefined;
    if (record?.suppressed) return 'suppressed';
    if (record?.lastConfirmationAt !== undefined && record.lastConfirmationAt > now - CONFIRMATION_INTERVAL_MS) return 'limited';
    this.putRecord(addressKey, { ...record, address, lastConfirmationAt: now });
    return 'ok';
  }

  async releaseConfirmation(addressKey: string, at: number): Promise<void> {
    await roundTrip();
    const record = this.table.get(notifyKeys.address(addressKey))?.record as EmailAddressRecord | undefined;
    if (record?.lastConfirmationAt !== at) return;
    const { lastConfirmationAt: _, ...rest } = record;
    this.putRecord(addressKey, rest);
  }

  async takeConfirmationAllowance(
    subjects: Partial<Record<ConfirmationCap, string>>,
    caps: Record<ConfirmationCap, number>,
    now: number,
  ): Promise<{ ok: true; windowStart: number } | { ok: false; cap: ConfirmationCap; retryAt: number }> {
    await roundTrip();
    const window = confirmationWindow(subjects, caps, now);
    const taken = takeCounters(this.table, window.take);
    return taken.ok ? { ok: true, windowStart: window.windowStart } : window.refused(taken.full);
  }

  async returnConfirmationAllowance(subjects: Partial<Record<ConfirmationCap, string>>, windowStart: number): Promise<void> {
    await roundTrip();
    for (const [cap, subject] of Object.entries(subjects) as [ConfirmationCap, string | undefined][]) {
      if (subject === undefined) continue;
      const key = notifyKeys.confirmCounter(cap, subject, windowStart);
      const item = this.table.get(key);
      if (item && (item.n as number) > 0) this.table.put({ ...item, ...key, n: (item.n as number) - 1 });
    }
  }

  async suppress(addressKey: string, reason: 'unsubscribed' | 'bouncing', now: number): Promise<void> {
    await roundTrip();
    const record = this.table.get(notifyKeys.address(addressKey))?.record as EmailAddressRecord | undefined;
    // A bounce outranks an unsubscribe: keep 'bouncing' once set.
    if (record?.suppressed && reason !== 'bouncing') return;
    this.putRecord(addressKey, { ...record, suppressed: reason, suppressedAt: now });
  }

  async putAddressProof(addressKey: string, proofHash: string, now: number): Promise<void> {
    await roundTrip();
    const key = notifyKeys.addressProof(addressKey, proofHash);
    this.table.put({ ...key, type: 'address-proof', createdAt: now, expiresAt: epochSeconds(now) + ADDRESS_PROOF_TTL_SECONDS });
  }

  async hasAddressProof(addressKey: string, proofHash: string, now: number): Promise<boolean> {
    await roundTrip();
    const item = this.table.get(notifyKeys.addressProof(addressKey, proofHash));
    return item !== null && (item.expiresAt as number) > epochSeconds(now);
  }

  async unsuppress(addressKey: string): Promise<void> {
    await roundTrip();
    const record = this.table.get(notifyKeys.address(addressKey))?.record as EmailAddressRecord | undefined;
    if (record?.suppressed !== 'unsubscribed') return;
    const { suppressed: _s, suppressedAt: _a, ...rest } = record;
    this.putRecord(addressKey, rest);
  }

  // ------------------------------------------------------------------ link secrets

  async putToken(hash: string, record: LinkTokenRecord, ttlSeconds: number): Promise<void> {
    await roundTrip();
    const key = notifyKeys.token(hash);
    if (this.table.has(key)) throw new ConditionFailed('a link secret with this hash');
    this.table.put({ ...key, type: 'link-token', record, expiresAt: epochSeconds(record.createdAt) + ttlSeconds });
  }

  async token(hash: string, now: number): Promise<LinkTokenRecord | null> {
    await roundTrip();
    const item = this.table.get(notifyKeys.token(hash));
    if (!item || (item.expiresAt as number) * 1000 < now) return null;
    return item.record as LinkTokenRecord;
  }

  // ------------------------------------------------------------------ delivery claims

  async claim(
    intent: NotificationIntent,
    channel: string,
    now: number,
    leaseMs: number,
  ): Promise<{ state: 'claimed'; claimId: string } | { state: 'done' | 'busy' }> {
    await roundTrip();
    const claimId = randomUUID();
    const fields = { type: 'sent', at: now, expiresAt: epochSeconds(now) + CLAIM_TTL_SECONDS };
    const outcome = claimLease(this.table, notifyKeys.sent(intent, channel), { claimId, now, leaseMs, fields });
    return outcome === 'claimed' ? { state: 'claimed', claimId } : { state: outcome === 'held' ? 'busy' : 'done' };
  }

  /** The delivery record of one channel, for tests (as ../notify-dynamo.ts `claimOf`). */
  async claimOf(intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'tag'>, channel: string): Promise<Item | null> {
    await roundTrip();
    return this.table.get(notifyKeys.sent(intent, channel));
  }

  async settle(intent: NotificationIntent, channel: string, state: Exclude<ClaimState, 'claimed'>, detail?: string): Promise<void> {
    await roundTrip();
    const key = notifyKeys.sent(intent, channel);
    // An UpdateItem with no condition: it writes the item even where there was none.
    const { leaseUntil: _, ...item } = this.table.get(key) ?? {};
    this.table.put({ ...item, ...key, state, ...(detail ? { detail: detail.slice(0, 200) } : {}) });
  }

  async release(intent: NotificationIntent, channel: string, claimId: string): Promise<void> {
    await roundTrip();
    releaseLease(this.table, notifyKeys.sent(intent, channel), claimId);
  }

  // ------------------------------------------------------------------ the outbox and the timers

  async settleOutbox(key: OutboxKey): Promise<void> {
    await roundTrip();
    if (!key.sk.startsWith('LOG#')) {
      this.table.delete(key);
      return;
    }
    const item = this.table.get(key);
    if (item?.dueAt === undefined) return;
    const { dueShard: _s, dueAt: _d, redrives: _r, intents: _i, ...rest } = item;
    this.table.put(rest as Item & Key);
  }

  async pendingIntents(matchId: string): Promise<NotificationIntent[]> {
    await roundTrip();
    return this.table.prefixed(`M#${matchId}`, '').flatMap((i) => (i.dueAt !== undefined ? (outboxOfItem(i) ?? []) : []));
  }

  async outboxTimer(key: OutboxKey): Promise<{ dueAt?: number; redrives: number } | null> {
    await roundTrip();
    const item = this.table.get(key);
    if (!item) return null;
    return { ...(item.dueAt === undefined ? {} : { dueAt: item.dueAt as number }), redrives: (item.redrives as number | undefined) ?? 0 };
  }

  async redrive(key: OutboxKey, attempt: number, nextDueAt: number): Promise<boolean> {
    await roundTrip();
    const item = this.table.get(key);
    // Only while undelivered: a log item settled meanwhile must not come back into the index.
    if (item?.dueAt === undefined) return false;
    this.table.put({ ...item, ...key, redrives: attempt, dueAt: nextDueAt, dueShard: dueShardOf(key.pk.slice(2)) });
    return true;
  }

  async due(now: number, limit: number, cursor?: DueCursor): Promise<{ items: DueItem[]; next?: DueCursor }> {
    const { shard, after } = (cursor as Cursor | undefined) ?? { shard: 0 };
    const page = await this.dueIn(shard, now, limit, after);
    const next: Cursor | undefined = page.next
      ? { shard, after: page.next as Place }
      : shard + 1 < DUE_SHARDS
        ? { shard: shard + 1 }
        : undefined;
    return { items: page.items, ...(next ? { next } : {}) };
  }

  readonly dueShards = DUE_SHARDS;

  async dueIn(shard: number, now: number, limit: number, after?: DuePosition): Promise<{ items: DueItem[]; next?: DuePosition }> {
    await roundTrip();
    const from = after as Place | undefined;
    const page = [...this.table.all()]
      .filter((i) => i.dueShard === dueShard(shard) && typeof i.dueAt === 'number' && i.dueAt <= now)
      .filter((i) => from === undefined || before(from, order(i)))
      .sort((a, b) => (before(order(a), order(b)) ? -1 : 1))
      .slice(0, limit);
    const items = page.map((i): DueItem => dueItemOf({ pk: i.pk as string, sk: i.sk as string }));
    // As a Query that reached its Limit: a page as long as asked for may have more after it.
    const last = page.length === limit ? page.at(-1) : undefined;
    return { items, ...(last ? { next: order(last) } : {}) };
  }

  // ------------------------------------------------------------------ notices held through quiet hours

  async hold(intent: NotificationIntent, releaseAt: number): Promise<void> {
    await roundTrip();
    const key = keys.held(intent.matchId, intent.seat, releaseAt);
    const v = heldValues(intent, releaseAt);
    const before = (this.table.get(key)?.notices as string[] | undefined) ?? v[':none'];
    this.table.put({ ...key, type: v[':t'], notices: [...before, ...v[':one']], dueAt: v[':d'], dueShard: v[':s'], expiresAt: v[':e'] });
  }

  async held(key: OutboxKey): Promise<{ intents: NotificationIntent[]; releaseAt: number } | null> {
    await roundTrip();
    const item = this.table.get(key);
    return item ? heldOf(item) : null;
  }

  async releaseHeld(key: OutboxKey, count: number, merged: NotificationIntent): Promise<boolean> {
    await roundTrip();
    const item = this.table.get(key);
    if (!item || (item.notices as string[]).length !== count) return false;
    this.table.delete(key);
    this.table.put(intentToItem(merged) as Item & Key);
    return true;
  }

  async sweepCursor(lane: Lane): Promise<SweepCursor | undefined> {
    await roundTrip();
    return inLane(this.table.get(walkKey('due', lane))?.at, lane);
  }

  async saveSweepCursor(lane: Lane, cursor: SweepCursor): Promise<void> {
    await roundTrip();
    this.table.put({ ...walkKey('due', lane), type: 'due-walk', at: cursor });
  }
}
