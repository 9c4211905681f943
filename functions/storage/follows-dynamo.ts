/**
 * The DynamoDB adapter of the follow store (functions/players/follow-port.ts): one item per player followed in the
 * follower's partition (`P#<id>` / `FOLLOW#<followedId>`, ./table.ts `playerKeys.follow`); the list is one Query.
 */
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Follow, FollowStore } from '../players/follow-port.js';
import { refused } from './conditions.js';
import { playerKeys } from './table.js';

export class DynamoFollowStore implements FollowStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  async follow(playerId: string, followedId: string, since: number): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...playerKeys.follow(playerId, followedId), type: 'follow', followed: followedId, since },
          // Following again keeps the first `since`.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (!refused(err)) throw err;
    }
  }

  async unfollow(playerId: string, followedId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: playerKeys.follow(playerId, followedId) }));
  }

  async following(playerId: string, limit: number): Promise<Follow[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': playerKeys.player(playerId).pk, ':prefix': playerKeys.followPrefix },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => ({ playerId: i.followed as string, since: i.since as number }));
  }
}
