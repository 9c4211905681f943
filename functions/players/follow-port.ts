/**
 * The follow store's port: whom a signed-in player follows (their friends list, ./friends.ts). One real adapter
 * (DynamoDB, functions/storage/follows-dynamo.ts) and its twin in memory (functions/storage/memory/follows.ts),
 * both held to tests/contracts/follow-store.contract.ts. A follow is one item in the follower's own partition, so
 * deleting a player's record deletes whom they follow with it.
 */

/** One player followed, since when. */
export interface Follow {
  playerId: string;
  since: number;
}

export interface FollowStore {
  /** Follows `followedId` (again: nothing changes, the first `since` stays). */
  follow(playerId: string, followedId: string, since: number): Promise<void>;
  /** Stops following; nothing when not following. */
  unfollow(playerId: string, followedId: string): Promise<void>;
  /** Whom the player follows, at most `limit`, in the order of their ids. */
  following(playerId: string, limit: number): Promise<Follow[]>;
}
