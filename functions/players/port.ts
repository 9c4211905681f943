/**
 * The player store's port: player records, sessions, sign-in links and claimed seats. One real adapter
 * (DynamoDB, functions/storage/players-dynamo.ts), tested against DynamoDB Local; tests also use
 * functions/storage/memory/players.ts. Both are held to tests/contracts/player-store.contract.ts.
 */
import type { Lang } from '../i18n.js';
import type { ClaimedSeat, NoticeDefaults, PlayerRecord, SessionRecord, SignInCap, SignInLinkRecord } from './model.js';
import type { WaitingBoard } from './waiting.js';

/** A waiting board as stored, with its revision (each save adds one). */
export type StoredBoard = WaitingBoard & { rev: number };

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
  /** The language of the player's mails (and, copied, of their seats' notices). */
  setLang(id: string, lang: Lang): Promise<void>;
  /** Marks the time before which every session and link is refused, and deletes the sessions. */
  signOutEverywhere(id: string, at: number): Promise<void>;
  /**
   * Deletes the player's record, address pointer, sessions and claimed seats (giving up their ownership), and leaves under the address's
   * hash the time `at` before which its sign-in links are void (kept as long as a link lives).
   */
  deletePlayer(player: PlayerRecord, at: number): Promise<void>;
  /** When the address's record was last deleted, while links made before that could still be alive; else null. */
  linksVoidBefore(addressKey: string): Promise<number | null>;

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
  /** A claimed seat; `consistent: false` where a moment-old answer is harmless (the waiting boards). */
  seat(playerId: string, matchId: string, seat: number, opts?: { consistent?: boolean }): Promise<ClaimedSeat | null>;
  setOverride(playerId: string, matchId: string, seat: number, override: NoticeDefaults | null): Promise<boolean>;
  /**
   * Makes the player the seat's one owner, unless another player owns it: false then. With `tokenHash` (the
   * seat's current token, just checked), an owner who claimed it with another token (a link since replaced)
   * gives way.
   */
  takeSeat(matchId: string, seat: number, playerId: string, tokenHash?: string): Promise<boolean>;
  /** The id of the player who owns the seat, or null. */
  seatOwner(matchId: string, seat: number, opts?: { consistent?: boolean }): Promise<string | null>;

  // ---------------------------------------------------------------- the waiting board (./waiting.ts)
  /** The player's board, one item: eventually consistent unless asked; null before its first save (or after a deletion). */
  waitingBoard(playerId: string, opts?: { consistent?: boolean }): Promise<StoredBoard | null>;
  /**
   * Saves the board if the stored one is still at `expectedRev` (null: only if there is none, and the player's
   * record is there); false when another save came first or the player is gone.
   */
  saveWaitingBoard(playerId: string, board: WaitingBoard, expectedRev: number | null): Promise<boolean>;

  // ---------------------------------------------------------------- the daily digest's list
  /** Puts the player on the daily digest's list (idempotent); the digest job takes them off (DigestStore). */
  enrollDigest(playerId: string): Promise<void>;
}

/** Where a walk of the digest's list goes on; the adapter's own value. */
export type DigestCursor = unknown;
/** A range of the list's shards, [from, to), that one worker walks. */
export interface Lane {
  from: number;
  to: number;
}
export type DigestClaim = { state: 'claimed'; claimId: string } | { state: 'sent' | 'busy' };

/**
 * The daily digest's own items (functions/players/digest.ts): the list of players who chose it, and one
 * marker per player and day, claimed for a lease before the mail goes and marked sent after it.
 */
export interface DigestStore {
  /** How many shards the list is spread over (functions/storage/table.ts DIGEST_SHARDS). */
  readonly shards: number;
  /**
   * A page of the players on the list (`next` while there are more), within `lane` (a range of the list's
   * shards, functions/storage/table.ts `lanesOf`; the whole list without one).
   */
  enrolled(limit: number, cursor?: DigestCursor, lane?: Lane): Promise<{ playerIds: string[]; next?: DigestCursor }>;
  /** Where the lane's last run stopped (none: at its start). */
  walkedTo(lane?: Lane): Promise<DigestCursor | undefined>;
  /** Saves where the lane's walk goes on (none: it starts over). */
  saveWalk(cursor: DigestCursor | undefined, lane?: Lane): Promise<void>;
  /** The day's digest went (or failed for good) already: one read, nothing else needed. */
  daySettled(playerId: string, day: string): Promise<boolean>;
  withdraw(playerId: string): Promise<void>;
  /** Claims the day's digest: `sent` when it went already, `busy` while another holds a live lease. */
  claimDay(playerId: string, day: string, now: number, leaseMs: number): Promise<DigestClaim>;
  settleDay(playerId: string, day: string, claimId: string, state: 'sent' | 'failed', now: number): Promise<void>;
  /** Gives the claim back (a send to retry): the next run may send it. */
  releaseDay(playerId: string, day: string, claimId: string): Promise<void>;
}
