/**
 * The challenge store's port: the pending challenges by name (./challenges.ts) as each player's lists, incoming and
 * outgoing, and the challenger's daily count. The match itself holds the challenge's truth (`MatchRecord.challenge`,
 * changed only through the runner); an entry here is how a player finds it, written after the match is made and
 * removed once it is accepted, declined or withdrawn, and gone from the lists at `until` whatever happened. The
 * DynamoDB adapter is functions/storage/challenges-dynamo.ts, its twin functions/storage/memory/challenges.ts; both
 * are held to tests/contracts/challenge-store.contract.ts.
 */

/** A pending challenge as the lists show it: player ids stay inside (the page shows the names). */
export interface ChallengeEntry {
  matchId: string;
  gameId: string;
  seats: number;
  rated: boolean;
  from: string;
  fromName: string;
  to: string;
  toName: string;
  createdAt: number;
  /** When it leaves the lists unanswered (ms epoch); the table's TTL removes it some time after. */
  until: number;
}

/** A refused challenge: the daily cap is full until `retryAt`. */
export type ChallengeCount = { ok: true } | { ok: false; retryAt: number };

export interface ChallengeStore {
  /** Writes the entry in both players' lists (one transaction). */
  put(entry: ChallengeEntry): Promise<void>;
  /** Removes it from both lists; nothing when already gone. */
  remove(entry: Pick<ChallengeEntry, 'matchId' | 'from' | 'to'>): Promise<void>;
  /** The challenges to this player, at most `limit`, oldest first (including any past `until`: the caller filters). */
  incoming(playerId: string, limit: number): Promise<ChallengeEntry[]>;
  /** The challenges this player made, as `incoming`. */
  outgoing(playerId: string, limit: number): Promise<ChallengeEntry[]>;
  /** Counts one challenge against the player's cap for the UTC day `now` falls in: refused, nothing counted, when full. */
  countChallenge(playerId: string, now: number, cap: number): Promise<ChallengeCount>;
}
