/**
 * The DynamoDB adapter of the notification store's five ports (functions/notify/port.ts), one class in the
 * platform's single table: channel choices and push subscriptions per seat (SeatChoices), email addresses
 * (AddressBook), link secrets, hashes only (LinkTokens), delivery dedupe records (DeliveryClaims), the outbox
 * and the `due` index (Outbox), and stream checkpoints (local loop).
 * The sweep's writes to match items are the match store's (./dynamo.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Seat } from '#shared/engine/game.js';
import type { NotificationIntent } from '../matches/port.js';
import {
  ADDRESS_PROOF_TTL_SECONDS,
  CLAIM_TTL_SECONDS,
  CONFIRMATION_INTERVAL_MS,
  CONFIRMATION_WINDOW_MS,
  DAY_SECONDS,
  epochSeconds,
  PREFS_TTL_SECONDS,
  type ClaimState,
  type ConfirmationCap,
  type EmailAddressRecord,
  type LinkTokenRecord,
  type PushSubscriptionRecord,
  type SeatPrefs,
} from '../notify/model.js';
import type { DueCursor, DueItem, DuePosition, Lane, NotifyStore, OutboxKey, SweepCursor } from '../notify/port.js';
import { intentToItem, unpackData } from './dynamo.js';
import { inWindow, takeCounters } from './rate-counters.js';
import { DUE_INDEX, DUE_SHARDS, dueShard, dueShardOf, keys, pad, walkKey } from './table.js';
import { conditionFailed } from './conditions.js';
import { claimLease, type LeaseTarget, releaseLease } from './lease.js';

type Item = Record<string, unknown>;

/** Where the notification records live in the single table (functions/storage/table.ts). */
export const notifyKeys = {
  prefix: (matchId: string, seat: Seat) => ({ pk: `M#${matchId}`, sk: `N#${seat}#` }),
  prefs: (matchId: string, seat: Seat) => ({ pk: `M#${matchId}`, sk: `N#${seat}#PREFS` }),
  push: (matchId: string, seat: Seat, id: string) => ({ pk: `M#${matchId}`, sk: `N#${seat}#PUSH#${id}` }),
  address: (addressKey: string) => ({ pk: `EMAIL#${addressKey}`, sk: 'EMAIL' }),
  /** One browser's proof that it confirmed the address: the hash of the address key it was given. */
  addressProof: (addressKey: string, proofHash: string) => ({ pk: `EMAIL#${addressKey}`, sk: `PROOF#${proofHash}` }),
  token: (hash: string) => ({ pk: `NT#${hash}`, sk: 'NT' }),
  /** The dedupe record: one per (match, version, seat, tag, channel). */
  sent: (intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'tag'>, channel: string) => ({
    pk: `M#${intent.matchId}`,
    sk: `SENT#${pad(intent.version)}#${intent.seat}#${intent.tag ?? '-'}#${channel}`,
  }),
  checkpoint: (shardId: string) => ({ pk: 'STREAM', sk: `SHARD#${shardId}` }),
  /** A fixed-window counter of confirmation mails, for one seat, match or client address. */
  confirmCounter: (cap: string, subject: string, windowStart: number) => ({ pk: `RL#confirm#${cap}#${subject}`, sk: `W#${windowStart}` }),
};

export class DynamoNotifyStore implements NotifyStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  // ------------------------------------------------------------------ seats

  /** A seat's choices and push subscriptions, in one query. */
  async seat(matchId: string, seat: Seat): Promise<{ prefs: SeatPrefs | null; push: PushSubscriptionRecord[] }> {
    const k = notifyKeys.prefix(matchId, seat);
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': k.pk, ':sk': k.sk },
        ConsistentRead: true,
      }),
    );
    let prefs: SeatPrefs | null = null;
    const push: PushSubscriptionRecord[] = [];
    for (const item of out.Items ?? []) {
      if (item.type === 'notify-prefs') prefs = item.prefs as SeatPrefs;
      else if (item.type === 'push-subscription') push.push(item.sub as PushSubscriptionRecord);
    }
    return { prefs, push };
  }

  async putPrefs(prefs: SeatPrefs): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...notifyKeys.prefs(prefs.matchId, prefs.seat),
          type: 'notify-prefs',
          prefs,
          expiresAt: epochSeconds(prefs.updatedAt) + PREFS_TTL_SECONDS,
        },
      }),
    );
  }

  /** Marks the seat's address confirmed, if it is still the address the link was sent for. */
  async confirmEmail(matchId: string, seat: Seat, addressKey: string, now: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notifyKeys.prefs(matchId, seat),
          UpdateExpression: 'SET prefs.email.confirmed = :t, prefs.email.confirmedAt = :now, prefs.updatedAt = :now',
          ConditionExpression: 'prefs.email.addressKey = :k',
          ExpressionAttributeValues: { ':t': true, ':now': now, ':k': addressKey },
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  async addPush(sub: PushSubscriptionRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...notifyKeys.push(sub.matchId, sub.seat, sub.id),
          type: 'push-subscription',
          sub,
          expiresAt: epochSeconds(sub.createdAt) + PREFS_TTL_SECONDS,
        },
      }),
    );
  }

  async removePush(matchId: string, seat: Seat, id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: notifyKeys.push(matchId, seat, id) }));
  }

  // ------------------------------------------------------------------ addresses and link secrets

  async address(addressKey: string): Promise<EmailAddressRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: notifyKeys.address(addressKey), ConsistentRead: true }),
    );
    return out.Item ? (out.Item.record as EmailAddressRecord) : null;
  }

  /**
   * Takes the address's one confirmation of the day: succeeds only when the address is not
   * suppressed and had no confirmation mail in the last 24 hours. One conditional write.
   */
  async reserveConfirmation(addressKey: string, address: string, now: number): Promise<'ok' | 'limited' | 'suppressed'> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notifyKeys.address(addressKey),
          UpdateExpression: 'SET #r.address = :a, #r.lastConfirmationAt = :now',
          ConditionExpression:
            'attribute_exists(#r) AND attribute_not_exists(#r.suppressed) AND (attribute_not_exists(#r.lastConfirmationAt) OR #r.lastConfirmationAt <= :dayAgo)',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: { ':a': address, ':now': now, ':dayAgo': now - CONFIRMATION_INTERVAL_MS },
        }),
      );
      return 'ok';
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
    // No record yet: create it, unless another request created it first.
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...notifyKeys.address(addressKey), type: 'email-address', record: { address, lastConfirmationAt: now } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return 'ok';
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
    const rec = await this.address(addressKey);
    return rec?.suppressed ? 'suppressed' : 'limited';
  }

  async putAddressProof(addressKey: string, proofHash: string, now: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...notifyKeys.addressProof(addressKey, proofHash),
          type: 'address-proof',
          createdAt: now,
          expiresAt: epochSeconds(now) + ADDRESS_PROOF_TTL_SECONDS,
        },
      }),
    );
  }

  async hasAddressProof(addressKey: string, proofHash: string, now: number): Promise<boolean> {
    const key = notifyKeys.addressProof(addressKey, proofHash);
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    // TTL deletes late: an expired proof counts for nothing already.
    return out.Item !== undefined && (out.Item.expiresAt as number) > epochSeconds(now);
  }

  /** Gives the day's confirmation back when the mail could not be sent. */
  async releaseConfirmation(addressKey: string, at: number): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notifyKeys.address(addressKey),
          UpdateExpression: 'REMOVE #r.lastConfirmationAt',
          ConditionExpression: '#r.lastConfirmationAt = :at',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  /**
   * Counts one confirmation mail against each cap (fixed windows of CONFIRMATION_WINDOW_MS), all or
   * none in one transaction: a refused request uses up nothing. Returns the first cap that is full
   * and when its window ends.
   */
  async takeConfirmationAllowance(
    subjects: Partial<Record<ConfirmationCap, string>>,
    caps: Record<ConfirmationCap, number>,
    now: number,
  ): Promise<{ ok: true; windowStart: number } | { ok: false; cap: ConfirmationCap; retryAt: number }> {
    const window = confirmationWindow(subjects, caps, now);
    const taken = await takeCounters(this.db, this.tableName, window.take);
    return taken.ok ? { ok: true, windowStart: window.windowStart } : window.refused(taken.full);
  }

  /** Gives the counts back when no mail went out after all (address refused, or the send failed). */
  async returnConfirmationAllowance(subjects: Partial<Record<ConfirmationCap, string>>, windowStart: number): Promise<void> {
    for (const [cap, subject] of Object.entries(subjects) as [ConfirmationCap, string | undefined][]) {
      if (subject === undefined) continue;
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: notifyKeys.confirmCounter(cap, subject, windowStart),
            UpdateExpression: 'ADD n :minus',
            ConditionExpression: 'n > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          }),
        );
      } catch (err) {
        if (!conditionFailed(err)) throw err;
      }
    }
  }

  async suppress(addressKey: string, reason: 'unsubscribed' | 'bouncing', now: number): Promise<void> {
    // A bounce outranks an unsubscribe: keep 'bouncing' once set.
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notifyKeys.address(addressKey),
          UpdateExpression: 'SET #r.suppressed = :why, #r.suppressedAt = :now',
          ConditionExpression: 'attribute_exists(#r) AND (attribute_not_exists(#r.suppressed) OR :why = :bouncing)',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: { ':why': reason, ':now': now, ':bouncing': 'bouncing' },
        }),
      );
      return;
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
    // No record yet (a signed-in player's address never needed a confirmation mail): make one, suppressed.
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...notifyKeys.address(addressKey), type: 'email-address', record: { suppressed: reason, suppressedAt: now } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  /** The address's owner asked for mail again (from a link only they received). Bounces stay. */
  async unsuppress(addressKey: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: notifyKeys.address(addressKey),
          UpdateExpression: 'REMOVE #r.suppressed, #r.suppressedAt',
          ConditionExpression: '#r.suppressed = :u',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: { ':u': 'unsubscribed' },
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  async putToken(hash: string, record: LinkTokenRecord, ttlSeconds: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...notifyKeys.token(hash), type: 'link-token', record, expiresAt: epochSeconds(record.createdAt) + ttlSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** A link secret's record, unless it has expired (TTL deletion may lag; the check does not). */
  async token(hash: string, now: number): Promise<LinkTokenRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: notifyKeys.token(hash), ConsistentRead: true }));
    if (!out.Item || (out.Item.expiresAt as number) * 1000 < now) return null;
    return out.Item.record as LinkTokenRecord;
  }

  // ------------------------------------------------------------------ delivery dedupe

  /**
   * Claims one delivery (match, version, seat, tag, channel) for a lease, with a conditional write,
   * before anything is sent. `claimed`: ours to send (a fresh claim, or a stale one taken over: its
   * lease ran out and nobody marked it sent, so the holder died or hung mid-send); `done`: sent or
   * given up already; `busy`: someone holds a live lease (sending now, or died less than a lease ago).
   */
  async claim(
    intent: NotificationIntent,
    channel: string,
    now: number,
    leaseMs: number,
  ): Promise<{ state: 'claimed'; claimId: string } | { state: 'done' | 'busy' }> {
    const claimId = randomUUID();
    const fields = { type: 'sent', at: now, expiresAt: epochSeconds(now) + CLAIM_TTL_SECONDS };
    const outcome = await claimLease(this.delivery(intent, channel), { claimId, now, leaseMs, fields });
    return outcome === 'claimed' ? { state: 'claimed', claimId } : { state: outcome === 'held' ? 'busy' : 'done' };
  }

  /** The delivery record of one channel, for tests and the sweep's logs. */
  async claimOf(intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'tag'>, channel: string): Promise<Item | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: notifyKeys.sent(intent, channel), ConsistentRead: true }),
    );
    return out.Item ?? null;
  }

  async settle(intent: NotificationIntent, channel: string, state: Exclude<ClaimState, 'claimed'>, detail?: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: notifyKeys.sent(intent, channel),
        UpdateExpression: detail ? 'SET #s = :s, detail = :d REMOVE leaseUntil' : 'SET #s = :s REMOVE leaseUntil',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: detail ? { ':s': state, ':d': detail.slice(0, 200) } : { ':s': state },
      }),
    );
  }

  /** Gives a claim back after a failure that is worth retrying (only our own claim). */
  async release(intent: NotificationIntent, channel: string, claimId: string): Promise<void> {
    await releaseLease(this.delivery(intent, channel), claimId);
  }

  private delivery(intent: NotificationIntent, channel: string): LeaseTarget {
    return { db: this.db, tableName: this.tableName, key: notifyKeys.sent(intent, channel) };
  }

  // ------------------------------------------------------------------ the outbox

  /**
   * An outbox entry is delivered: a row of its own is deleted; a log item keeps its record, drops the
   * notifications and leaves the `due` index (that change, without `dueAt`, is no outbox entry).
   */
  async settleOutbox(key: OutboxKey): Promise<void> {
    if (!key.sk.startsWith('LOG#')) {
      await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: key }));
      return;
    }
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'REMOVE dueShard, dueAt, redrives, intents',
          ConditionExpression: 'attribute_exists(dueAt)',
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  async outboxTimer(key: OutboxKey): Promise<{ dueAt?: number; redrives: number } | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    const item = out.Item;
    if (!item) return null;
    return { ...(item.dueAt === undefined ? {} : { dueAt: item.dueAt as number }), redrives: (item.redrives as number | undefined) ?? 0 };
  }

  /** The undelivered notifications of a match: outbox rows and log items still in the `due` index. */
  async pendingIntents(matchId: string): Promise<NotificationIntent[]> {
    const intents: NotificationIntent[] = [];
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'attribute_exists(dueAt) AND #t IN (:i, :l)',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':pk': `M#${matchId}`, ':i': 'intent', ':l': 'log' },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) intents.push(...(outboxOfItem(item) ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return intents;
  }

  /**
   * Touches an undelivered outbox entry so the table's stream carries it to the dispatcher again
   * (a MODIFY record), and moves its timer on. Returns false when it is gone meanwhile.
   */
  async redrive(key: OutboxKey, attempt: number, nextDueAt: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          // The shard too: an entry written when the index had 4 shards moves to its own.
          UpdateExpression: 'SET redrives = :n, dueAt = :d, dueShard = :s',
          // Only while undelivered: a log item settled meanwhile must not come back into the index.
          ConditionExpression: 'attribute_exists(dueAt)',
          ExpressionAttributeValues: { ':n': attempt, ':d': nextDueAt, ':s': dueShardOf(key.pk.slice(2)) },
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  // ------------------------------------------------------------------ the sweep

  /**
   * Items whose timer has come, from the sparse `due` index: shard by shard, oldest first in each.
   * `cursor` is the `next` of the page before.
   */
  async due(now: number, limit: number, cursor?: DueCursor): Promise<{ items: DueItem[]; next?: DueCursor }> {
    const { shard, start } = (cursor as { shard: number; start?: Item } | undefined) ?? { shard: 0 };
    const page = await this.dueIn(shard, now, limit, start);
    const next = page.next ? { shard, start: page.next } : shard + 1 < DUE_SHARDS ? { shard: shard + 1 } : undefined;
    return { items: page.items, ...(next ? { next } : {}) };
  }

  readonly dueShards = DUE_SHARDS;

  /** One shard of the sparse `due` index, oldest first; `after` is the index's own LastEvaluatedKey. */
  async dueIn(shard: number, now: number, limit: number, after?: DuePosition): Promise<{ items: DueItem[]; next?: DuePosition }> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: DUE_INDEX.name,
        KeyConditionExpression: '#p = :p AND #d <= :now',
        ExpressionAttributeNames: { '#p': DUE_INDEX.partitionKey.name, '#d': DUE_INDEX.sortKey.name },
        ExpressionAttributeValues: { ':p': dueShard(shard), ':now': now },
        Limit: limit,
        ExclusiveStartKey: after as Item | undefined,
      }),
    );
    const items = (out.Items ?? []).map((i): DueItem => {
      const key = { pk: i.pk as string, sk: i.sk as string };
      // A match item (a reminder, warning or deadline), or an outbox entry: a NOTIFY row or a log item.
      return dueItemOf(key);
    });
    return { items, ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey } : {}) };
  }

  // ------------------------------------------------------------------ notices held through quiet hours

  async hold(intent: NotificationIntent, releaseAt: number): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.held(intent.matchId, intent.seat, releaseAt),
        UpdateExpression:
          'SET #t = :t, notices = list_append(if_not_exists(notices, :none), :one), dueAt = :d, dueShard = :s, expiresAt = :e',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: heldValues(intent, releaseAt),
      }),
    );
  }

  async held(key: OutboxKey): Promise<{ intents: NotificationIntent[]; releaseAt: number } | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return out.Item ? heldOf(out.Item) : null;
  }

  async releaseHeld(key: OutboxKey, count: number, merged: NotificationIntent): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: key,
                ConditionExpression: 'size(notices) = :n',
                ExpressionAttributeValues: { ':n': count },
              },
            },
            { Put: { TableName: this.tableName, Item: intentToItem(merged) } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  async sweepCursor(lane: Lane): Promise<SweepCursor | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: walkKey('due', lane), ConsistentRead: true }));
    return inLane(out.Item?.at, lane);
  }

  async saveSweepCursor(lane: Lane, cursor: SweepCursor): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...walkKey('due', lane), type: 'due-walk', at: cursor } }));
  }

  // ------------------------------------------------------------------ stream checkpoints (local loop)

  async checkpoint(shardId: string): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: notifyKeys.checkpoint(shardId), ConsistentRead: true }),
    );
    return (out.Item?.sequenceNumber as string | undefined) ?? null;
  }

  async saveCheckpoint(shardId: string, sequenceNumber: string, now: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...notifyKeys.checkpoint(shardId),
          type: 'stream-checkpoint',
          sequenceNumber,
          expiresAt: epochSeconds(now) + 2 * DAY_SECONDS,
        },
      }),
    );
  }
}

/**
 * The notifications an item carries while undelivered: an outbox row (one), or a log item with the
 * intents of its change that is still in the `due` index (storage/dynamo.ts `logToItem`); else null.
 */
export function outboxOfItem(item: Item): NotificationIntent[] | null {
  const sk = item.sk as string | undefined;
  if (item.type === 'intent' && sk?.startsWith('NOTIFY#')) return [itemToIntent(item)];
  if (item.type === 'log' && sk?.startsWith('LOG#') && item.dueAt !== undefined) return intentsOfLogItem(item);
  return null;
}

/** The intents a log item carries: packed (storage/dynamo.ts `logToItem`) or, as written before, a plain list. */
export function intentsOfLogItem(item: Item): NotificationIntent[] | null {
  if (item.intents === undefined) return null;
  const list = Array.isArray(item.intents) ? (item.intents as Item[]) : unpackData<Item[]>(item.intents);
  return list.map(itemToIntent);
}

/** An outbox row as written by the service or the sweep (storage/dynamo.ts `intentToItem`). */
export function itemToIntent(item: Item): NotificationIntent {
  return {
    matchId: item.matchId as string,
    version: item.version as number,
    seat: item.seat as number,
    kind: item.kind as NotificationIntent['kind'],
    gameId: item.gameId as string,
    lines: (item.lines as NotificationIntent['lines'] | undefined) ?? [],
    createdAt: item.createdAt as number,
    ...(typeof item.tag === 'string' ? { tag: item.tag } : {}),
    ...(item.chat !== undefined ? { chat: item.chat as NonNullable<NotificationIntent['chat']> } : {}),
    ...(Array.isArray(item.held) ? { held: item.held as NonNullable<NotificationIntent['held']> } : {}),
  };
}

/** What an item of the `due` index is, by its key: a match, a HELD row, or an outbox entry (a NOTIFY row or a log item). */
export function dueItemOf(key: OutboxKey): DueItem {
  if (key.sk === 'MATCH') return { kind: 'match', matchId: key.pk.slice(2) };
  return key.sk.startsWith('HELD#') ? { kind: 'held', key } : { kind: 'outbox', key };
}

/** The values of a HELD row's update: one notice more (as JSON text), its timer at the quiet hours' end. */
export function heldValues(intent: NotificationIntent, releaseAt: number) {
  return {
    ':t': 'held',
    ':none': [] as string[],
    ':one': [JSON.stringify(intent)],
    ':d': releaseAt,
    ':s': dueShardOf(intent.matchId),
    ':e': epochSeconds(releaseAt) + CLAIM_TTL_SECONDS,
  };
}

/** A HELD row's notices and the end of quiet hours they wait for. */
export function heldOf(item: Item): { intents: NotificationIntent[]; releaseAt: number } {
  return {
    intents: ((item.notices as string[] | undefined) ?? []).map((n) => JSON.parse(n) as NotificationIntent),
    releaseAt: item.dueAt as number,
  };
}

/** A saved sweep cursor, if it lies within the lane (a lane of another split starts afresh). */
export function inLane(cursor: unknown, lane: Lane): SweepCursor | undefined {
  const at = cursor as SweepCursor | undefined;
  return at && Number.isInteger(at.shard) && at.shard >= lane.from && at.shard < lane.to ? at : undefined;
}

/** The confirmation mails' counters for the window `now` falls in (kept a day past its end). */
export const confirmationWindow = (
  subjects: Partial<Record<ConfirmationCap, string>>,
  caps: Record<ConfirmationCap, number>,
  now: number,
) =>
  inWindow(now, CONFIRMATION_WINDOW_MS, {
    subjects,
    caps,
    key: (cap, subject, windowStart) => notifyKeys.confirmCounter(cap, subject, windowStart),
    expiresAt: (windowStart) => epochSeconds(windowStart + CONFIRMATION_WINDOW_MS) + DAY_SECONDS,
  });
