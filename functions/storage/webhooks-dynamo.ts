/**
 * The DynamoDB adapter of the webhook store (functions/notify/webhooks.ts), in the single table: a seat's and
 * a match's webhooks in the match's partition (sk WH#…, so a notice reads them all with one Query), a player's
 * in the player's. Each owner has a count item (WHN#…) raised in the same transaction as an add, so the cap
 * holds under concurrent adds, and a test-send counter per hour (WHT#…, expiring). The record is one map
 * attribute, as the notification records are.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { epochSeconds, PREFS_TTL_SECONDS } from '../notify/model.js';
import { TEST_WINDOW_MS, type WebhookOwner, type WebhookRecord, type WebhookStore } from '../notify/webhooks.js';
import { cancelledByConflict, cancelledFor, conditionFailed } from './conditions.js';

type Item = Record<string, unknown>;

/** Where an owner's items are: its partition, and the prefix of its sort keys there. */
function place(owner: WebhookOwner): { pk: string; tag: string } {
  if (owner.kind === 'seat') return { pk: `M#${owner.matchId}`, tag: `s${owner.seat}` };
  if (owner.kind === 'match') return { pk: `M#${owner.matchId}`, tag: 'm' };
  return { pk: `P#${owner.playerId}`, tag: 'p' };
}

export const webhookKeys = {
  hook: (owner: WebhookOwner, id: string) => ({ pk: place(owner).pk, sk: `WH#${place(owner).tag}#${id}` }),
  /** Every webhook of a match (its seats' and its own) begins with this in the match's partition. */
  matchPrefix: (matchId: string) => ({ pk: `M#${matchId}`, sk: 'WH#' }),
  ownerPrefix: (owner: WebhookOwner) => ({ pk: place(owner).pk, sk: `WH#${place(owner).tag}#` }),
  count: (owner: WebhookOwner) => ({ pk: place(owner).pk, sk: `WHN#${place(owner).tag}` }),
  tests: (owner: WebhookOwner, windowStart: number) => ({ pk: place(owner).pk, sk: `WHT#${place(owner).tag}#${windowStart}` }),
};

/** A match's webhooks expire a year after they were made (a match lasts far less); a player's stay. */
export const webhookExpiry = (record: WebhookRecord): number | undefined =>
  record.owner.kind === 'player' ? undefined : epochSeconds(record.createdAt) + PREFS_TTL_SECONDS;

export class DynamoWebhookStore implements WebhookStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async webhooks(owner: WebhookOwner): Promise<WebhookRecord[]> {
    return this.query(webhookKeys.ownerPrefix(owner));
  }

  async matchWebhooks(matchId: string): Promise<WebhookRecord[]> {
    return this.query(webhookKeys.matchPrefix(matchId));
  }

  private async query(at: { pk: string; sk: string }): Promise<WebhookRecord[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': at.pk, ':sk': at.sk },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => i.record as WebhookRecord).sort((a, b) => a.createdAt - b.createdAt);
  }

  async webhook(owner: WebhookOwner, id: string): Promise<WebhookRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: webhookKeys.hook(owner, id), ConsistentRead: true }));
    return (out.Item?.record as WebhookRecord | undefined) ?? null;
  }

  async addWebhook(record: WebhookRecord, cap: number): Promise<'added' | 'full'> {
    // Adds at the same moment may cancel each other (TransactionConflict on the count): try again, a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.addOnce(record, cap);
      } catch (err) {
        if (!cancelledByConflict(err) || attempt >= 5) throw err;
      }
    }
  }

  private async addOnce(record: WebhookRecord, cap: number): Promise<'added' | 'full'> {
    const expiresAt = webhookExpiry(record);
    const item: Item = { ...webhookKeys.hook(record.owner, record.id), type: 'webhook', record, ...(expiresAt ? { expiresAt } : {}) };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: webhookKeys.count(record.owner),
                UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, #t = :type',
                ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
                ExpressionAttributeNames: { '#t': 'type' },
                ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': cap, ':type': 'webhook-count' },
              },
            },
            { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );
      return 'added';
    } catch (err) {
      if (cancelledFor(err, 0)) return 'full';
      throw err;
    }
  }

  async removeWebhook(owner: WebhookOwner, id: string): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.tableName, Key: webhookKeys.hook(owner, id), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Update: {
                TableName: this.tableName,
                Key: webhookKeys.count(owner),
                UpdateExpression: 'SET n = n - :one',
                ConditionExpression: 'n > :zero',
                ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancelledFor(err, 0)) return false;
      throw err;
    }
  }

  async setWebhookPause(owner: WebhookOwner, id: string, pause: WebhookRecord['paused'] | null): Promise<boolean> {
    return this.update(
      owner,
      id,
      pause
        ? { expr: 'SET #r.paused = :p', values: { ':p': pause } }
        : { expr: 'SET #r.failures = :zero REMOVE #r.paused, #r.failingSince', values: { ':zero': 0 } },
    ).then((r) => r !== null);
  }

  async webhookFailed(owner: WebhookOwner, id: string, now: number): Promise<WebhookRecord | null> {
    return this.update(owner, id, {
      expr: 'SET #r.failures = #r.failures + :one, #r.failingSince = if_not_exists(#r.failingSince, :now)',
      values: { ':one': 1, ':now': now },
    });
  }

  async webhookSucceeded(owner: WebhookOwner, id: string): Promise<void> {
    await this.update(owner, id, { expr: 'SET #r.failures = :zero REMOVE #r.failingSince', values: { ':zero': 0 } });
  }

  /** One update of an existing webhook's record; the record after it, or null when there is none. */
  private async update(owner: WebhookOwner, id: string, change: { expr: string; values: Item }): Promise<WebhookRecord | null> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: webhookKeys.hook(owner, id),
          UpdateExpression: change.expr,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#r': 'record' },
          ExpressionAttributeValues: change.values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (out.Attributes?.record as WebhookRecord | undefined) ?? null;
    } catch (err) {
      if (conditionFailed(err)) return null;
      throw err;
    }
  }

  async takeWebhookTest(owner: WebhookOwner, now: number, cap: number): Promise<boolean> {
    const windowStart = now - (now % TEST_WINDOW_MS);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: webhookKeys.tests(owner, windowStart),
          UpdateExpression: 'SET n = if_not_exists(n, :zero) + :one, expiresAt = :exp, #t = :type',
          ConditionExpression: 'attribute_not_exists(n) OR n < :cap',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':cap': cap,
            ':exp': epochSeconds(windowStart + 2 * TEST_WINDOW_MS),
            ':type': 'webhook-tests',
          },
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }
}
