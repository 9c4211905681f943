/**
 * The DynamoDB adapter of the daily digest's store (functions/players/port.ts `DigestStore`): the list of
 * players who chose the digest (`DIGEST#<shard>` / `P#<id>`) and the per-player, per-day marker
 * (`P#<id>` / `DIGEST#<day>`), whose conditional writes make the day's mail go at most once per lease
 * and never again once it is marked sent, and where each worker's last run stopped on its lane of the list (`WALK#digest`), so
 * a list longer than one run covers is walked over several (key design: ./table.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newSecret } from '../matches/tokens.js';
import type { DigestClaim, DigestCursor, DigestStore, Lane } from '../players/port.js';
import { conditionFailed } from './conditions.js';
import { claimLease, type LeaseTarget, releaseLease } from './lease.js';
import { DIGEST_SHARDS, digestShard, playerKeys, walkKey } from './table.js';

/** A day's marker is kept past any re-drive, then expires. */
const MARKER_TTL_SECONDS = 35 * 24 * 3600;

interface Cursor {
  shard: number;
  start?: Record<string, unknown>;
}

/** The whole list, for a walk with no lane. */
const WHOLE: Lane = { from: 0, to: DIGEST_SHARDS };

/** A saved or handed cursor, if it lies within the lane (a lane of another split starts afresh). */
function inLane(cursor: unknown, lane: Lane): Cursor | undefined {
  const at = cursor as Cursor | undefined;
  return at && Number.isInteger(at.shard) && at.shard >= lane.from && at.shard < lane.to ? at : undefined;
}

export class DynamoDigestStore implements DigestStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  readonly shards = DIGEST_SHARDS;

  async enrolled(limit: number, cursor?: DigestCursor, lane: Lane = WHOLE): Promise<{ playerIds: string[]; next?: DigestCursor }> {
    let at: Cursor = inLane(cursor, lane) ?? { shard: lane.from };
    const playerIds: string[] = [];
    while (at.shard < lane.to && playerIds.length < limit) {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': digestShard(at.shard) },
          Limit: limit - playerIds.length,
          ExclusiveStartKey: at.start,
        }),
      );
      playerIds.push(...(out.Items ?? []).map((i) => i.playerId as string));
      at = out.LastEvaluatedKey ? { shard: at.shard, start: out.LastEvaluatedKey } : { shard: at.shard + 1 };
    }
    return at.shard < lane.to ? { playerIds, next: at } : { playerIds };
  }

  async walkedTo(lane: Lane = WHOLE): Promise<DigestCursor | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: walkKey('digest', lane), ConsistentRead: true }));
    return inLane(out.Item?.at, lane);
  }

  async saveWalk(cursor: DigestCursor | undefined, lane: Lane = WHOLE): Promise<void> {
    const at = cursor as Cursor | undefined;
    await this.db.send(new PutCommand({ TableName: this.tableName, Item: { ...walkKey('digest', lane), type: 'digest-walk', at } }));
  }

  async daySettled(playerId: string, day: string): Promise<boolean> {
    const key = playerKeys.digestDay(playerId, day);
    // Eventually consistent (half a read unit; every run of the day reads it again): a marker settled a
    // moment ago and read as not there only costs the claim, which its condition refuses.
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key }));
    return out.Item !== undefined && out.Item.state !== 'claimed';
  }

  async withdraw(playerId: string): Promise<void> {
    // And where the list put them before it had 64 shards (table.ts DIGEST_SHARDS_BEFORE).
    for (const key of [playerKeys.digestMember(playerId), playerKeys.digestMemberBefore(playerId)]) {
      await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: key }));
    }
  }

  async claimDay(playerId: string, day: string, now: number, leaseMs: number): Promise<DigestClaim> {
    const claimId = newSecret();
    const fields = { type: 'digest-day', expiresAt: Math.floor(now / 1000) + MARKER_TTL_SECONDS };
    // New, or a claim whose holder died (its lease ran out): a sent or failed day is never taken.
    const outcome = await claimLease(this.day(playerId, day), { claimId, now, leaseMs, fields });
    return outcome === 'claimed' ? { state: 'claimed', claimId } : { state: outcome === 'held' ? 'busy' : 'sent' };
  }

  async settleDay(playerId: string, day: string, claimId: string, state: 'sent' | 'failed', now: number): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: playerKeys.digestDay(playerId, day),
          UpdateExpression: 'SET #s = :state, settledAt = :now REMOVE leaseUntil',
          // Only the holder settles; a holder whose lease was taken over leaves it to the new one.
          ConditionExpression: 'claimId = :id',
          ExpressionAttributeNames: { '#s': 'state' },
          ExpressionAttributeValues: { ':state': state, ':now': now, ':id': claimId },
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  async releaseDay(playerId: string, day: string, claimId: string): Promise<void> {
    await releaseLease(this.day(playerId, day), claimId);
  }

  private day(playerId: string, day: string): LeaseTarget {
    return { db: this.db, tableName: this.tableName, key: playerKeys.digestDay(playerId, day) };
  }
}
