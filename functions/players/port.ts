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

/** What other players may see of a player, beside their matches: their chosen name, and when they were last here. */
export interface PlayerProfile {
  playerId: string;
  /** As the player wrote it; absent until they choose one. */
  name?: string;
  /** functions/players/names.ts `nameKey` of `name`: the key of its item, unique across players. */
  nameKey?: string;
  /** When the name was last chosen (the monthly limit). */
  nameChangedAt?: number;
  /** The player's choice: nobody else is told when they were last seen (nor that they are online). */
  hideLastSeen?: boolean;
  /** The last activity the site saw, written at most once per PRESENCE_WRITE_EVERY_MS (functions/players/presence.ts). */
  lastSeenAt?: number;
}

/** A name claimed, or why not: another player holds it, or the player changed theirs since `changedBefore`. */
export type NameClaim = 'claimed' | 'taken' | 'too-soon';

/** The name a player claims and the one they give up (null on their first choice). */
export interface NameChange {
  name: string;
  nameKey: string;
  previousKey: string | null;
  /** The change is refused when the name was last changed after this time (the monthly limit, kept by the store). */
  changedBefore: number;
  now: number;
}

/**
 * Player names and presence (functions/players/profiles.ts). A name is one item per name key: claiming it is
 * one transaction (the new name's item put where none is, the old one's deleted, the profile's name set if it
 * was not changed since), so of concurrent claims of one name exactly one wins. Adapters:
 * functions/storage/profiles-dynamo.ts and functions/storage/memory/profiles.ts (tests/contracts/profile-store.contract.ts).
 */
export interface ProfileStore {
  profile(playerId: string): Promise<PlayerProfile | null>;
  /** The player holding the name (by its key), or null. */
  playerIdByName(nameKey: string): Promise<string | null>;
  claimName(playerId: string, change: NameChange): Promise<NameClaim>;
  setHideLastSeen(playerId: string, hide: boolean): Promise<void>;
  /** Records activity at `now` unless some was recorded after `now - gapMs`: true when it wrote. */
  seen(playerId: string, now: number, gapMs: number): Promise<boolean>;
  /** The profiles of several players at once (those that have one), for a match's seats. */
  profiles(playerIds: string[]): Promise<PlayerProfile[]>;
  /** Deletes the profile, its counters and finished matches, and frees its name (the player's record is deleted). */
  forget(playerId: string): Promise<void>;

  /**
   * Counts a finished match for the player once: the match's item (keyed by when it ended and its id, both fixed
   * by the match) put where none is, and the game's counters raised, in one transaction. False when it was
   * counted already (a notice delivered again).
   */
  recordFinish(playerId: string, finished: FinishedMatch): Promise<boolean>;
  /** The player's counters, one per game played. */
  gameCounters(playerId: string): Promise<GameCounters[]>;
  /** The player's finished matches that ended at or after `since`, newest first, at most `limit`. */
  finishedSince(playerId: string, since: number, limit: number): Promise<FinishedMatch[]>;
}

/** A finished match as one player's page lists it. */
export interface FinishedMatch {
  matchId: string;
  gameId: string;
  seat: number;
  /** When the change that ended it was made (its log record's time): the same on every delivery. */
  endedAt: number;
  won: boolean;
  /** Finished without a passed deadline (a default move, a stand-in, a forfeit) on this seat. */
  reliable: boolean;
  /** The median time this seat took to move in the match (ms); null when it made no move. */
  paceMs: number | null;
}

/** Per player and game: matches finished, won, and finished reliably. */
export interface GameCounters {
  gameId: string;
  played: number;
  won: number;
  reliable: number;
}
