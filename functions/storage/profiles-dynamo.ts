/**
 * The DynamoDB adapter of the profile store (functions/players/port.ts `ProfileStore`): the profile item in the
 * player's partition (`P#<id>` / PROFILE) and one item per name (`NAME#<key>`). Claiming a name is one
 * TransactWriteItems: the name's item put unless another player holds it, the old name's item deleted, the
 * profile's name set unless it changed after the monthly limit's start; so concurrent claims give one winner.
 */
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { NameChange, NameClaim, PlayerProfile, ProfileStore } from '../players/port.js';
import { cancelledAt, cancelledByConflict, refused } from './conditions.js';
import { playerKeys } from './table.js';

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
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: playerKeys.profile(playerId) }));
  }
}
