/**
 * The rating store (functions/ratings/port.ts) in memory, held to the same contract as ../ratings-dynamo.ts
 * (tests/contracts/rating-store.contract.ts): the same items under the same keys, the claim and every rating's
 * version checked and the writes applied in one synchronous step, as the transaction does.
 */
import type { BoardEntry, RatedMatch, RatingRecord } from '../../ratings/model.js';
import type { RecordOutcome, RatingStore } from '../../ratings/port.js';
import { ratingWrites } from '../ratings-dynamo.js';
import { LEADERBOARD_SHARDS, ratingKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { MemoryTable } from './table.js';

const entryOf = (i: Record<string, unknown>): BoardEntry => ({
  playerId: i.playerId as string,
  rating: i.rating as number,
  games: i.games as number,
});

export class MemoryRatingStore implements RatingStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async rating(playerId: string, pool: string): Promise<RatingRecord | null> {
    await roundTrip();
    const item = this.table.get(ratingKeys.rating(playerId, pool));
    if (!item) return null;
    const { pk: _pk, sk: _sk, ...rest } = item;
    return rest as unknown as RatingRecord;
  }

  async ratedMatch(matchId: string): Promise<RatedMatch | null> {
    await roundTrip();
    const item = this.table.get(ratingKeys.rated(matchId));
    return item ? { matchId, pool: item.pool as string, changes: item.changes as RatedMatch['changes'], at: item.at as number } : null;
  }

  async record(claim: RatedMatch, before: readonly RatingRecord[], after: readonly RatingRecord[]): Promise<RecordOutcome> {
    await roundTrip();
    if (this.table.has(ratingKeys.rated(claim.matchId))) return 'already-rated';
    const moved = before.some(
      (r) => ((this.table.get(ratingKeys.rating(r.playerId, r.pool))?.version as number | undefined) ?? 0) !== r.version,
    );
    if (moved) return 'conflict';
    const { lines, ratings } = ratingWrites(before, after);
    this.table.put({ ...ratingKeys.rated(claim.matchId), ...claim });
    for (const r of ratings) this.table.put(r);
    for (const l of lines) {
      if (l.del) this.table.delete(l.del);
      if (l.put) this.table.put(l.put);
    }
    return 'recorded';
  }

  private lines(pool: string): BoardEntry[] {
    return Array.from({ length: LEADERBOARD_SHARDS }, (_, n) => this.table.prefixed(ratingKeys.boardShard(pool, n), 'R#'))
      .flat()
      .sort((a, b) => (a.sk as string).localeCompare(b.sk as string))
      .map(entryOf);
  }

  async top(pool: string, limit: number): Promise<BoardEntry[]> {
    await roundTrip();
    return this.lines(pool).slice(0, limit);
  }

  async around(pool: string, rating: number, n: number): Promise<BoardEntry[]> {
    await roundTrip();
    const all = this.lines(pool);
    const at = all.findIndex((e) => e.rating <= rating);
    const split = at < 0 ? all.length : at;
    return [...all.slice(Math.max(0, split - n), split), ...all.slice(split, split + n)];
  }
}
