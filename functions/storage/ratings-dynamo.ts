/**
 * The DynamoDB adapter of the rating store (functions/ratings/port.ts): a player's rating per pool
 * (`P#<id>` / `RATING#<pool>`, versioned), the claim of a rated match (`M#<id>` / `RATED`) and the leaderboard
 * lines (`LB#<pool>#<shard>` / `R#<inverted rating>#<id>`), all written in one transaction per rated match
 * (key design: ./table.ts).
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BoardEntry, RatedMatch, RatingRecord } from '../ratings/model.js';
import { isProvisional, shown } from '../ratings/model.js';
import type { RecordOutcome, RatingStore } from '../ratings/port.js';
import { cancelled, cancelledFor } from './conditions.js';
import { LEADERBOARD_SHARDS, ratingKeys } from './table.js';

/** The transaction's writes, shared with the in-memory twin so both keep the same items. */
export function ratingWrites(before: readonly RatingRecord[], after: readonly RatingRecord[]) {
  const lines = after.flatMap((r, i) => {
    const was = before[i]!;
    const out: { del?: { pk: string; sk: string }; put?: Record<string, unknown> & { pk: string; sk: string } }[] = [];
    if (was.version > 0 && !isProvisional(was)) out.push({ del: ratingKeys.boardLine(r.pool, r.playerId, shown(was)) });
    if (!isProvisional(r))
      out.push({ put: { ...ratingKeys.boardLine(r.pool, r.playerId, shown(r)), playerId: r.playerId, rating: shown(r), games: r.games } });
    return out;
  });
  return { lines, ratings: after.map((r) => ({ ...ratingKeys.rating(r.playerId, r.pool), ...r })) };
}

const entryOf = (i: Record<string, unknown>): BoardEntry => ({
  playerId: i.playerId as string,
  rating: i.rating as number,
  games: i.games as number,
});
const byRating = (a: BoardEntry, b: BoardEntry) => b.rating - a.rating || (a.playerId < b.playerId ? -1 : 1);

export class DynamoRatingStore implements RatingStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  async rating(playerId: string, pool: string): Promise<RatingRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: ratingKeys.rating(playerId, pool), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { pk: _pk, sk: _sk, ...rest } = out.Item;
    return rest as RatingRecord;
  }

  async ratedMatch(matchId: string): Promise<RatedMatch | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: ratingKeys.rated(matchId), ConsistentRead: true }));
    if (!out.Item) return null;
    return { matchId, pool: out.Item.pool, changes: out.Item.changes, at: out.Item.at } as RatedMatch;
  }

  async record(claim: RatedMatch, before: readonly RatingRecord[], after: readonly RatingRecord[]): Promise<RecordOutcome> {
    const { lines, ratings } = ratingWrites(before, after);
    const t = this.tableName;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: t,
                Item: { ...ratingKeys.rated(claim.matchId), ...claim },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            ...ratings.map((item, i) => ({
              Put: {
                TableName: t,
                Item: item,
                ...(before[i]!.version === 0
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before[i]!.version } }),
              },
            })),
            ...lines.map((l) => (l.del ? { Delete: { TableName: t, Key: l.del } } : { Put: { TableName: t, Item: l.put! } })),
          ],
        }),
      );
      return 'recorded';
    } catch (e) {
      if (!cancelled(e)) throw e;
      if (cancelledFor(e, 0)) return 'already-rated';
      return 'conflict';
    }
  }

  async top(pool: string, limit: number): Promise<BoardEntry[]> {
    const shards = await Promise.all(Array.from({ length: LEADERBOARD_SHARDS }, (_, n) => this.query(pool, n, limit, true)));
    return shards.flat().sort(byRating).slice(0, limit);
  }

  async around(pool: string, rating: number, n: number): Promise<BoardEntry[]> {
    const at = ratingKeys.boardSort(rating);
    const parts = await Promise.all(
      Array.from({ length: LEADERBOARD_SHARDS }, async (_, shard) => ({
        above: await this.query(pool, shard, n, false, { op: '<', sk: at }),
        below: await this.query(pool, shard, n, true, { op: '>=', sk: at }),
      })),
    );
    const above = parts
      .flatMap((p) => p.above)
      .sort(byRating)
      .slice(-n);
    const below = parts
      .flatMap((p) => p.below)
      .sort(byRating)
      .slice(0, n);
    return [...above, ...below];
  }

  private async query(pool: string, shard: number, limit: number, forward: boolean, from?: { op: '<' | '>='; sk: string }) {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: from ? `pk = :pk AND sk ${from.op} :sk` : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': ratingKeys.boardShard(pool, shard), ...(from ? { ':sk': from.sk } : {}) },
        ScanIndexForward: forward,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(entryOf);
  }
}
