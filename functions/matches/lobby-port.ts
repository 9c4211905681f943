/**
 * The lobby store's port: the open games a signed-in player may join, listed per game (./lobby.ts). An entry is
 * written only beside its match, in the match's own transaction (`Commit.lobby`, `MatchStore.create`'s `lobby`),
 * so the lobby never says a seat is open that the match has filled. The DynamoDB adapter is
 * functions/storage/lobby-dynamo.ts, its twin functions/storage/memory/lobby.ts; both are held to
 * tests/contracts/lobby-store.contract.ts.
 */
import type { MatchTiming } from './port.js';

/** An open game as the lobby keeps it. `host` and `players` stay inside: the listing leaves them out (./lobby.ts). */
export interface LobbyEntry {
  matchId: string;
  gameId: string;
  /** The game's options as chosen (edition, rule set). */
  options: Record<string, unknown>;
  seats: number;
  /** The names on the seats taken so far, in seat order. */
  taken: string[];
  deadlineDays: Exclude<MatchTiming['deadlineDays'], 0>;
  onDeadline: NonNullable<MatchTiming['onDeadline']>;
  rated: boolean;
  /** When it was opened: the lobby lists the longest waiting first. */
  createdAt: number;
  /** When computers take the open seats, if the host chose so. */
  botsAt?: number;
  /** When it leaves the lobby unfilled (ms epoch); the table's TTL removes it some time after. */
  until: number;
  /** The player who opened it, and every player seated from the lobby (never listed). */
  host: string;
  players: string[];
}

/**
 * What a change writes of its match's lobby entry: the entry as it is now (`put`; `hosted` on opening: the host's
 * own count of open games gains it too), or its removal (`remove`: full, withdrawn, filled by computers).
 */
export type LobbyWrite = { put: LobbyEntry; hosted?: true } | { remove: LobbyEntry };

/** A refused opening: the hourly cap is full until `retryAt`. */
export type OpeningCount = { ok: true } | { ok: false; retryAt: number };

export interface LobbyStore {
  /**
   * The open games of one game, longest waiting first: the first `perShard` of each of the lobby's shards
   * (storage/table.ts `LOBBY_SHARDS`), merged. Eventually consistent (the join itself is the conditional write).
   */
  list(gameId: string, opts: { perShard: number }): Promise<LobbyEntry[]>;
  /** The open games this player is hosting now (a friends list shows them: functions/players/friends.ts). */
  hostedGames(playerId: string): Promise<{ matchId: string; gameId: string }[]>;
  /** How many open games this player is hosting now. */
  hosted(playerId: string): Promise<number>;
  /** Counts one opening against the player's cap for the hour `now` falls in: refused, nothing counted, when full. */
  countOpening(playerId: string, now: number, cap: number): Promise<OpeningCount>;
}
