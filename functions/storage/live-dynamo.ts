/**
 * The live channel's connection store on DynamoDB (API Gateway's WebSocket API keeps no state of its own):
 * a subscription item per match and connection, found by one Query of the match's `LIVE#` partition, and a
 * connection item listing the matches it follows, for the cap and for cleaning up on disconnect. Both
 * expire by TTL (table.ts): a connection that vanished without a $disconnect leaves nothing for long, and
 * an expired item DynamoDB has not deleted yet is filtered out of the Query.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { CONNECTION_TTL_MS, type ConnectionStore, SUBSCRIPTION_TTL_MS } from '../live/port.js';
import { MAX_SUBSCRIPTIONS } from '../live/protocol.js';
import { conditionFailed } from './conditions.js';
import { liveKeys } from './table.js';

const seconds = (ms: number) => Math.floor(ms / 1000);

export class DynamoConnectionStore implements ConnectionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async subscribe(connectionId: string, matchId: string, now: number): Promise<'ok' | 'full'> {
    try {
      // The cap is checked in the same conditional write that adds the match: no read-then-write race.
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: liveKeys.connection(connectionId),
          UpdateExpression: 'ADD matches :m SET expiresAt = if_not_exists(expiresAt, :exp)',
          ConditionExpression: 'attribute_not_exists(matches) OR contains(matches, :id) OR size(matches) < :cap',
          ExpressionAttributeValues: {
            ':m': new Set([matchId]),
            ':id': matchId,
            ':cap': MAX_SUBSCRIPTIONS,
            ':exp': seconds(now + CONNECTION_TTL_MS),
          },
        }),
      );
    } catch (err) {
      if (conditionFailed(err)) return 'full';
      throw err;
    }
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...liveKeys.subscription(matchId, connectionId), connectionId, expiresAt: seconds(now + SUBSCRIPTION_TTL_MS) },
      }),
    );
    return 'ok';
  }

  async subscribers(matchId: string, now: number): Promise<string[]> {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
          FilterExpression: 'expiresAt > :now',
          ProjectionExpression: 'connectionId',
          ExpressionAttributeValues: {
            ':pk': liveKeys.subscription(matchId, '').pk,
            ':c': liveKeys.subscriptionPrefix,
            ':now': seconds(now),
          },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) ids.push(item.connectionId as string);
      start = out.LastEvaluatedKey;
    } while (start);
    return ids;
  }

  async drop(connectionId: string): Promise<void> {
    const out = await this.db.send(
      new DeleteCommand({ TableName: this.tableName, Key: liveKeys.connection(connectionId), ReturnValues: 'ALL_OLD' }),
    );
    const matches = [...((out.Attributes?.matches as Set<string> | undefined) ?? [])];
    if (matches.length === 0) return;
    // At most MAX_SUBSCRIPTIONS (4) items: one batch. Unprocessed ones are tried once more, then left to the TTL.
    let requests = matches.map((m) => ({ DeleteRequest: { Key: liveKeys.subscription(m, connectionId) } }));
    for (let attempt = 0; attempt < 2 && requests.length > 0; attempt++) {
      const res = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests } }));
      requests = (res.UnprocessedItems?.[this.tableName] ?? []) as typeof requests;
    }
  }
}
