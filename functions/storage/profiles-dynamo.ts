/**
 * The DynamoDB adapter of the profile store (functions/players/port.ts `ProfileStore`): the profile item in the
 * player's partition (`P#<id>` / PROFILE) and one item per name (`NAME#<key>`). Claiming a name is one
 * TransactWriteItems: the name's item put unless another player holds it, the old name's item deleted, the
 * profile's name set unless it changed after the monthly limit's start; so concurrent claims give one winner.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { FinishedMatch, GameCounters, NameChange, NameClaim, PlayerProfile, ProfileStore } from '../players/port.js';
import { cancelledAt, cancelledByConflict, refused } from './conditions.js';
import { FINISHED_RETENTION_SECONDS, playerKeys } from './table.js';

type Item = Record<string, unknown>;

const profileOf = (item: Item): PlayerProfile => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as unknown as PlayerProfile;
};

export class DynamoProfileStore implements ProfileStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  private async getItem(key: { pk: string; sk: string }): Promise<Item | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return out.Item ?? null;
  }

  async profile(playerId: string): Promise<PlayerProfile | null> {
    const item = await this.getItem(playerKeys.profile(playerId));
    return item ? profileOf(item) : null;
  }

  async playerIdByName(nameKey: string): Promise<string | null> {
    return ((await this.getItem(playerKeys.name(nameKey)))?.playerId as string | undefined) ?? null;
  }

  async claimName(playerId: string, change: NameChange): Promise<NameClaim> {
    const { name, nameKey, previousKey, changedBefore, now } = change;
    const moving = previousKey !== null && previousKey !== nameKey;
    const profile = {
      Update: {
        TableName: this.tableName,
        Key: playerKeys.profile(playerId),
        UpdateExpression: 'SET #type = :type, playerId = :me, #name = :name, nameKey = :key, nameChangedAt = :now',
        // The name the caller read is still the profile's, and it was not changed since the limit's start.
        ConditionExpression: `(attribute_not_exists(nameChangedAt) OR nameChangedAt <= :before) AND ${
          previousKey === null ? 'attribute_not_exists(nameKey)' : 'nameKey = :prev'
        }`,
        ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
        ExpressionAttributeValues: {
          ':type': 'profile',
          ':me': playerId,
          ':name': name,
          ':key': nameKey,
          ':now': now,
          ':before': changedBefore,
          ...(previousKey === null ? {} : { ':prev': previousKey }),
        },
      },
    };
    const claim = {
      Put: {
        TableName: this.tableName,
        Item: { ...playerKeys.name(nameKey), type: 'player-name', playerId, name },
        // A player may write their own name again (another case of it).
        ConditionExpression: 'attribute_not_exists(pk) OR playerId = :me',
        ExpressionAttributeValues: { ':me': playerId },
      },
    };
    const release = moving
      ? [
          {
            Delete: {
              TableName: this.tableName,
              Key: playerKeys.name(previousKey),
              ConditionExpression: 'attribute_not_exists(pk) OR playerId = :me',
              ExpressionAttributeValues: { ':me': playerId },
            },
          },
        ]
      : [];
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: [claim, profile, ...release] }));
        return 'claimed';
      } catch (err) {
        const at = cancelledAt(err);
        if (at === 0) return 'taken';
        if (at === 1) return 'too-soon';
        // Another claim of the same name at the same moment: ask again, and its condition decides.
        if (cancelledByConflict(err) && attempt < 5) continue;
        throw err;
      }
    }
  }

  async setHideLastSeen(playerId: string, hide: boolean): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: playerKeys.profile(playerId),
        UpdateExpression: 'SET #type = :type, playerId = :me, hideLastSeen = :hide',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'profile', ':me': playerId, ':hide': hide },
      }),
    );
  }

  async seen(playerId: string, now: number, gapMs: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: playerKeys.profile(playerId),
          UpdateExpression: 'SET #type = :type, playerId = :me, lastSeenAt = :now',
          ConditionExpression: 'attribute_not_exists(lastSeenAt) OR lastSeenAt <= :since',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'profile', ':me': playerId, ':now': now, ':since': now - gapMs },
        }),
      );
      return true;
    } catch (err) {
      if (refused(err)) return false;
      throw err;
    }
  }

  async profiles(playerIds: string[]): Promise<PlayerProfile[]> {
    const unique = [...new Set(playerIds)];
    const found: PlayerProfile[] = [];
    // At most 8 seats a match: one BatchGetItem (≤ 100 keys), its unprocessed keys asked again.
    let keys: Record<string, unknown>[] = unique.map((id) => playerKeys.profile(id));
    for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
      const out = await this.db.send(
        new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys.slice(0, 100), ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[this.tableName] ?? []).map(profileOf));
      keys = [...((out.UnprocessedKeys?.[this.tableName]?.Keys as Record<string, unknown>[] | undefined) ?? []), ...keys.slice(100)];
    }
    return found;
  }

  async forget(playerId: string): Promise<void> {
    const profile = await this.profile(playerId);
    if (profile?.nameKey) {
      await this.db
        .send(
          new DeleteCommand({
            TableName: this.tableName,
            Key: playerKeys.name(profile.nameKey),
            ConditionExpression: 'playerId = :me',
            ExpressionAttributeValues: { ':me': playerId },
          }),
        )
        .catch((err: unknown) => {
          if (!refused(err)) throw err;
        });
    }
    const counted = [
      ...(await this.query(playerId, playerKeys.gameCountersPrefix)),
      ...(await this.query(playerId, playerKeys.finishedPrefix)),
    ];
    const keys = [playerKeys.profile(playerId), ...counted.map((i) => ({ pk: i.pk, sk: i.sk }))];
    for (let i = 0; i < keys.length; i += 25) {
      let requests: unknown[] = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt >= 5) throw new Error('profile deletion: unprocessed items after 5 attempts');
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: requests as never } }));
        requests = out.UnprocessedItems?.[this.tableName] ?? [];
      }
    }
  }

  private async query(playerId: string, prefix: string, opts: { from?: string; limit?: number } = {}): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: opts.from ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: {
            ':pk': playerKeys.profile(playerId).pk,
            ...(opts.from ? { ':from': opts.from, ':to': `${prefix}\uffff` } : { ':sk': prefix }),
          },
          // Newest first where a limit asks for the latest (finished matches); whole collections otherwise.
          ...(opts.limit ? { ScanIndexForward: false, Limit: opts.limit - items.length } : {}),
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start && (!opts.limit || items.length < opts.limit));
    return items;
  }

  async recordFinish(playerId: string, finished: FinishedMatch): Promise<boolean> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...playerKeys.finished(playerId, finished.endedAt, finished.matchId),
                  type: 'finished-match',
                  finished,
                  expiresAt: Math.floor(finished.endedAt / 1000) + FINISHED_RETENTION_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: playerKeys.gameCounters(playerId, finished.gameId),
                UpdateExpression: 'SET #type = :type, gameId = :game ADD played :one, won :won, reliable :reliable',
                ExpressionAttributeNames: { '#type': 'type' },
                ExpressionAttributeValues: {
                  ':type': 'game-counters',
                  ':game': finished.gameId,
                  ':one': 1,
                  ':won': finished.won ? 1 : 0,
                  ':reliable': finished.reliable ? 1 : 0,
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancelledAt(err) === 0) return false;
      throw err;
    }
  }

  async gameCounters(playerId: string): Promise<GameCounters[]> {
    return (await this.query(playerId, playerKeys.gameCountersPrefix)).map((i) => ({
      gameId: i.gameId as string,
      played: (i.played as number | undefined) ?? 0,
      won: (i.won as number | undefined) ?? 0,
      reliable: (i.reliable as number | undefined) ?? 0,
    }));
  }

  async finishedSince(playerId: string, since: number, limit: number): Promise<FinishedMatch[]> {
    const items = await this.query(playerId, playerKeys.finishedPrefix, { from: playerKeys.finishedFrom(since), limit });
    return items.map((i) => i.finished as FinishedMatch);
  }
}
