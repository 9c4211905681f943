/**
 * The player store's port: player records, sessions, sign-in links and claimed seats. One real adapter
 * (DynamoDB, functions/storage/players-dynamo.ts), tested against DynamoDB Local.
 */
import type { ClaimedSeat, NoticeDefaults, PlayerRecord, SessionRecord, SignInCap, SignInLinkRecord } from './model.js';

export interface PlayerStore {
  // ---------------------------------------------------------------- sign-in links (hashes only)
  putLink(hash: string, link: SignInLinkRecord): Promise<void>;
  link(hash: string): Promise<SignInLinkRecord | null>;
  /** Deletes the link and returns it; null when it was used (or never was): only one caller gets it. */
  takeLink(hash: string): Promise<SignInLinkRecord | null>;
  /** Counts one sign-in mail against every cap, or none: the first full cap and when its window ends. */
  takeSignInAllowance(
    subjects: Partial<Record<SignInCap, string>>,
    caps: Record<SignInCap, number>,
    now: number,
  ): Promise<{ ok: true } | { ok: false; cap: SignInCap; retryAt: number }>;

  // ---------------------------------------------------------------- players
  playerByAddress(addressKey: string): Promise<PlayerRecord | null>;
  player(id: string): Promise<PlayerRecord | null>;
  /** Writes a new player and its address pointer; the one already there when another came first. */
  createPlayer(player: PlayerRecord): Promise<PlayerRecord>;
  setDefaults(id: string, defaults: NoticeDefaults): Promise<void>;
  /** Marks the time before which every session and link is refused, and deletes the sessions. */
  signOutEverywhere(id: string, at: number): Promise<void>;
  /** Deletes the player's record, address pointer, sessions and claimed seats. */
  deletePlayer(player: PlayerRecord): Promise<void>;

  // ---------------------------------------------------------------- sessions
  putSession(session: SessionRecord): Promise<void>;
  session(playerId: string, id: string): Promise<SessionRecord | null>;
  sessions(playerId: string): Promise<SessionRecord[]>;
  /** False when there was no such session. */
  deleteSession(playerId: string, id: string): Promise<boolean>;

  // ---------------------------------------------------------------- claimed seats
  /** Adds the seat, or keeps the one there (a claim is idempotent). */
  putSeat(playerId: string, seat: ClaimedSeat): Promise<void>;
  seats(playerId: string): Promise<ClaimedSeat[]>;
  seat(playerId: string, matchId: string, seat: number): Promise<ClaimedSeat | null>;
  setOverride(playerId: string, matchId: string, seat: number, override: NoticeDefaults | null): Promise<boolean>;
}
