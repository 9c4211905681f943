/**
 * The rating store's port. One real adapter (DynamoDB, functions/storage/ratings-dynamo.ts), tested against
 * DynamoDB Local; tests also use functions/storage/memory/ratings.ts. Both are held to
 * tests/contracts/rating-store.contract.ts.
 */
import type { BoardEntry, RatedMatch, RatingRecord } from './model.js';

export type RecordOutcome = 'recorded' | 'already-rated' | 'conflict';

export interface RatingStore {
  /** The player's rating in the pool; null while they have played no rated match there. */
  rating(playerId: string, pool: string): Promise<RatingRecord | null>;
  /** The claim of a rated match (what it changed); null while it is not rated. */
  ratedMatch(matchId: string): Promise<RatedMatch | null>;
  /**
   * All or nothing, in one transaction: the match's claim (refused if there is one: `already-rated`), each
   * rating written over the version it was read at (`before[i].version`; 0: none stored; any other:
   * `conflict`, read again and decide again), and each player's leaderboard line moved.
   */
  record(claim: RatedMatch, before: readonly RatingRecord[], after: readonly RatingRecord[]): Promise<RecordOutcome>;
  /** The pool's best `limit` (at most 100) established ratings, highest first. */
  top(pool: string, limit: number): Promise<BoardEntry[]>;
  /** Up to `n` established ratings just above and `n` just below (or equal to) `rating`, highest first. */
  around(pool: string, rating: number, n: number): Promise<BoardEntry[]>;
}
