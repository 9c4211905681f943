/**
 * The match store's port: everything the match side needs from a database, and nothing more.
 * One real adapter implements it (DynamoDB, functions/storage/dynamo.ts), tested against DynamoDB Local; tests also
 * use functions/storage/memory/matches.ts. Both are held to tests/contracts/match-store.contract.ts.
 */
import type { BotLevel } from '#shared/engine/bot.js';
import type { Outcome, Seat, Words } from '#shared/engine/game.js';
import type { LobbyWrite } from './lobby-port.js';

export type MatchStatus = 'open' | 'active' | 'over';

export interface SeatRecord {
  /** Display name; null while the seat waits for a player. */
  name: string | null;
  /** SHA-256 (hex) of the seat token; the raw token is never stored. */
  tokenHash: string | null;
  /** SHA-256 (hex) of the open invite for this seat; null once claimed. */
  inviteHash: string | null;
  /** For a rematch: the seat in the previous match whose player this seat is kept for. */
  reservedFor?: Seat;
  /** ms epoch from which this seat has been waiting to act (for reminders and deadlines). */
  waitingSince?: number | null;
  /** The player's own pause of their deadlines (vacation): see functions/matches/timing.ts. */
  pausedFrom?: number;
  pausedUntil?: number;
  /** Pause time used up in this match (ms), against PAUSE_BUDGET_MS. */
  pauseUsedMs?: number;
  /** When this seat last changed the match beside the game (new links, pausing): the rate limit's window. */
  sideChanges?: number[];
  /**
   * A computer plays this seat. Made at creation: `{ level }`, with no token and no invite (nobody can
   * take or open it). A stand-in for the player who holds the seat (after a missed deadline, or at
   * their request): `{ level, standIn }`, their token kept; their next move takes the seat back.
   */
  bot?: SeatBot;
  /** Table chat and the nudge (functions/matches/chat.ts): this seat's limits, mute and notices. */
  chat?: SeatChat;
  /** An open game's seat (./lobby.ts): anyone signed in may take it from the lobby while it has no token. */
  open?: true;
  /** Who took the seat from the lobby (their player id): the lobby joins nobody twice. Never presented. */
  lobbyPlayer?: string;
  /** A challenge's seat (./challenges.ts): kept for this player (their id) until they accept. Never presented. */
  challenged?: string;
  /** In a rated match: the signed-in player who took the seat (functions/ratings). */
  player?: string;
  /** The seat's time zone and quiet hours (functions/matches/zones.ts); absent: UTC, never quiet. */
  time?: SeatTime;
  /** Days of the holder's vacation bank spent on this turn's deadline (`since`: the turn's `waitingSince`): ./vacation.ts. */
  vacation?: { since: number; days: number };
}

/** A seat's own time: its IANA zone, and quiet hours in minutes after its midnight (`to` may be the next day). */
export interface SeatTime {
  zone: string;
  quiet?: { from: number; to: number };
}

/** A seat's side of the table chat; absent until it first posts, mutes or nudges. */
export interface SeatChat {
  /** The seat muted this match's chat: no chat notices to it, the page folds the chat away. */
  muted?: boolean;
  /** When this seat posted (or toggled mute) within the last minute: the per-minute limit. */
  recent?: number[];
  /** The UTC day (days since the epoch) and the messages posted on it: the daily limit. */
  day?: [number, number];
  /** When a chat notice was last queued for this seat (at most one per CHAT.noticeEveryMs). */
  noticeAt?: number;
  /** The last message this seat is known to have read (it posted it, or one after it). */
  readSeq?: number;
  /** When this seat last nudged (once a day). */
  nudgedAt?: number;
}

/** One chat message, an item of its own in the match's partition (sk CHAT#<seq>). */
export interface ChatMessage {
  /** 1, 2, 3… in the order of posting; the match's `chatCount` is the last one. */
  seq: number;
  seat: Seat;
  /** Plain text, trimmed and checked (functions/matches/chat.ts); never HTML. */
  text: string;
  at: number;
  /** The match version the message was posted at. */
  version: number;
}

export interface SeatBot {
  level: BotLevel;
  standIn?: 'deadline' | 'asked';
}

export interface MatchEnd extends Outcome {
  /** How the match ended: by the rules, a resignation, or a missed deadline. */
  reason: 'finished' | 'resigned' | 'forfeit';
  seat?: Seat;
}

export interface MatchRecord {
  id: string;
  gameId: string;
  options: unknown;
  status: MatchStatus;
  /** Increases by one with every accepted change. The conditional write checks it; ETags and polls follow it. */
  version: number;
  /**
   * The version of the last change to the game itself (one with a log record: a move, join, start,
   * resign, deadline). A move made at any version from this one on is current: changes beside the game
   * (new links, a pause, the rematch's id) raise `version` but leave it, so they never make a pending
   * move stale. Absent on matches written before it existed (then `version` is the only current one).
   */
  gameVersion?: number;
  seats: SeatRecord[];
  spectatorHash: string;
  /** The game state; null until every seat is filled. Holds the PRNG, so it never leaves as is. */
  state: unknown;
  /** The server-chosen seed, kept for replay and audits. Never sent to anyone. */
  seed: string | null;
  toAct: Seat[];
  end: MatchEnd | null;
  createdAt: number;
  updatedAt: number;
  /** The match created by "rematch", once someone asked for it. */
  rematchId: string | null;
  /** The match this one is a rematch of. */
  rematchOf: string | null;
  /** For a match made with an Idempotency-Key: the hash of the request, so a retry can be told from a reuse. */
  createdWith?: string;
  /**
   * Idempotency-Keys of recent moves (the last day, at most RECENT_KEYS_PER_SEAT per seat). Kept inside
   * the match item so the version check and the key check are one conditional write, with no extra read.
   */
  recentKeys?: RecentKey[];
  /** When DynamoDB's TTL removes the match (epoch seconds); the adapter sets it on every write (table.ts `expiryOf`). */
  expiresAt?: number;
  /** Platform timing options (reminders, move deadline); absent on matches made before they existed. */
  timing?: MatchTiming;
  /** What the seat that moved last may undo (functions/matches/undo.ts); current only at its `version`. */
  undo?: UndoStack;
  /** A creation option: a player may ask the others to take back their last turn (functions/matches/undo-requests.ts). */
  undoRequests?: boolean;
  /** When the sweep must next look at this match (a reminder, warning or deadline); the `due` index. */
  dueAt?: number;
  /** Timer notifications up to this time have been handled by the sweep. */
  sweptUntil?: number;
  /** Table chat messages posted so far (the last one's seq); absent means none. */
  chatCount?: number;
  /** A creation option: the match counts for the ratings (functions/ratings); only signed-in players take its seats. */
  rated?: boolean;
  /** A computer took a seat of a rated match (a stand-in): it no longer counts for the ratings. */
  ratedVoid?: 'computer';
  /** An open game, listed in the lobby while it has open seats (./lobby.ts, ./lobby-port.ts). */
  lobby?: MatchLobby;
  /** A challenge by name (./challenges.ts): who challenged whom, and how it ended if it did. */
  challenge?: MatchChallenge;
}

/** A challenge's place on its match: player ids, never presented; `closed` once declined or withdrawn. */
export interface MatchChallenge {
  from: string;
  to: string;
  closed?: 'declined' | 'withdrawn';
}

/** What an open game keeps about its place in the lobby (./lobby.ts). */
export interface MatchLobby {
  /** Who opened it (player id): their open games are counted; never presented. */
  host: string;
  /** Rated or casual, as listed; the match itself is created rated (`rated`) when this is true. */
  rated: boolean;
  /** When computers take the seats still open (ms epoch), if the host chose so. */
  botsAt?: number;
  /** The host withdrew it, or it waited too long: out of the lobby, its open seats closed. */
  closed?: 'cancelled' | 'expired';
}

/** A computer standing in for a seat of a rated match: from then on the match does not count for the ratings. */
export const voidRating = (match: MatchRecord): Pick<MatchRecord, 'ratedVoid'> => (match.rated ? { ratedVoid: 'computer' } : {});

/** Reminders and move deadlines, chosen when the match is made (functions/matches/timing.ts). */
export interface MatchTiming {
  /** Hours without a move before a reminder (repeated a few times); 0 = no reminders. */
  reminderHours: number;
  /** Days per move before the deadline policy applies; 0 = no deadline. */
  deadlineDays: 0 | 1 | 3 | 7;
  /**
   * What a passed deadline does: the game's standard move (absent: today's behaviour), a computer
   * plays the seat until its player comes back, or the seat forfeits.
   */
  onDeadline?: 'default-move' | 'bot' | 'forfeit';
  /** No deadline passes on a Saturday or Sunday in the zone of the seat to move: it moves to Monday. */
  noWeekends?: boolean;
}

/**
 * One seat's undoable moves in a row: the state before the first (`base`, hidden like `state`) and each
 * move as applied, at the version its log record has. Valid while the match's game version is `version`.
 */
export interface UndoStack {
  seat: Seat;
  version: number;
  base: unknown;
  steps: { version: number; move: unknown; at: number; waitingSince: number | null }[];
  /**
   * With undo requests on (`undoRequests`): the last step ended the seat's turn and showed nothing, so the
   * seat may ask the others to take the whole stack back (./undo-requests.ts) until anyone acts again.
   */
  ended?: boolean;
  /** The seat asked: when, and who has accepted so far. */
  request?: { at: number; accepted: Seat[] };
}

/** The few attributes a poll needs: read without the state. */
export interface MatchHead {
  id: string;
  version: number;
  tokenHashes: (string | null)[];
  spectatorHash: string;
}

export interface LogRecord {
  version: number;
  /** Who acted; null for the platform itself (start, deadlines). */
  seat: Seat | null;
  /**
   * `stand-in`: a computer took the seat over; `take-back`: its player took it back. `undo`: the seat took
   * back its own move: the state is again what it was before the record `undid`. `nudge`: a reminder to whoever is
   * to move (`nudged`).
   */
  kind:
    | 'move'
    | 'join'
    | 'start'
    | 'resign'
    | 'forfeit'
    | 'default-move'
    | 'stand-in'
    | 'take-back'
    | 'undo'
    | 'undo-asked'
    | 'undo-refused'
    | 'nudge';
  /** On an `undo`: the version of the log record it took back (the first one, for a whole turn asked back). */
  undid?: number;
  /** On an `undo` the others agreed to (an undo request): the seats that accepted. */
  acceptedBy?: Seat[];
  /** On a `nudge`: the seats reminded that it is their move (`seat` nudged them). */
  nudged?: Seat[];
  /** On a move a computer made: its level. On a `stand-in`: the level of the computer that took over. */
  bot?: BotLevel;
  /** On a `stand-in`: why (a missed deadline, or the player asked). */
  standIn?: 'deadline' | 'asked';
  /** On a move: the player took their seat back from a stand-in with it. */
  tookBack?: boolean;
  /** The move as applied, kept for replay. Never sent to players as is. */
  move?: unknown;
  /** What the move was applied with (server clock), for replay. */
  at: number;
  /** Game events, turned into log lines per viewer by the game's `viewEvent`. */
  events: unknown[];
  /**
   * What a computer's move showed its own seat (`Applied.reveal`, e.g. a peeked face with the memory aid
   * off): kept so its bot can recall it later (functions/bots/runner.ts hands it back in `BotInput.log`).
   * Like the move itself, never presented to anyone.
   */
  reveal?: unknown;
  /**
   * The response sent for a move made with an Idempotency-Key, for a retry. With `fromState` its parts made
   * from the game state alone (`view`, `legalMoves`) are kept as null and made again from the state at this
   * version (./moves.ts `keptAnswer`); records written before keep the whole body, replayed verbatim.
   */
  response?: { status: number; body: string; fromState?: true };
}

/**
 * `moved-for-you`: the seat's deadline passed and the sweep made the game's standard move for it.
 * `stood-in`: the seat's deadline passed and a computer now plays it until its player moves again.
 */
export type NotificationKind =
  | 'your-move'
  | 'started'
  | 'joined'
  | 'over'
  | 'deadline-near'
  | 'reminder'
  | 'moved-for-you'
  | 'stood-in'
  | 'chat'
  | 'nudge'
  | 'undo-asked'
  | 'challenge-declined'
  | 'quiet';

/** An outbox row still there this long after it was written is re-driven by the sweep. */
export const OUTBOX_GRACE_MS = 10 * 60 * 1000;

/** An outbox row, written in the same transaction as the change it reports. */
export interface NotificationIntent {
  matchId: string;
  version: number;
  seat: Seat;
  kind: NotificationKind;
  gameId: string;
  /**
   * What happened, already redacted for this seat: words (a catalog key and params, rendered in the
   * recipient's language when sent), or English with `{n}` seat placeholders (lines not yet moved to keys).
   */
  lines: (string | Words)[];
  createdAt: number;
  /** Set on rows the sweep writes (reminder `r1`…, deadline warning `w`): several may share a version. */
  tag?: string;
  /** On a `chat` notice: the messages this seat has not read (newest last, at most a few), by whom. */
  chat?: { count: number; from: Seat[]; messages: { seat: Seat; text: string }[] };
  /** On a `quiet` notice: the notices held through the seat's quiet hours, merged into this one (their lines left out). */
  held?: Omit<NotificationIntent, 'lines' | 'held'>[];
}

/**
 * Idempotency-Keys are honoured for a day, for the latest keyed change of each seat: a client retries
 * its latest requests, and an older key that has been forgotten cannot apply twice anyway (the
 * version has moved on, so it is refused as stale; a sealed move is refused by the rules as already made).
 */
export const RECENT_KEYS_MS = 24 * 3600 * 1000;
/**
 * One: a client sends a seat's next change only once it has the answer to the last, so a retry is of the
 * newest key; each more kept costs ~50 B of the match item, read and written by every change (with two, a
 * 4-seat Golden Age item stayed over 2 KB: docs/decisions/smaller-move-items.md).
 */
export const RECENT_KEYS_PER_SEAT = 1;
export interface RecentKey {
  seat: Seat;
  key: string;
  /** SHA-256 of the request body, so a reused key with another body is refused. */
  requestHash: string;
  /** The version the keyed change produced; its log record holds the response (moves, resigning). */
  version: number;
  at: number;
  /** New links: the seats that got an invite (the secrets themselves are derived again, never stored). */
  invites?: Seat[];
}

export interface Commit {
  /**
   * The new match record; its version must be `expectedVersion + 1` unless nothing changes. Its
   * `sweptUntil` is the one read: the commit fails as stale if the sweep has moved it since.
   */
  match: MatchRecord;
  expectedVersion: number;
  log?: LogRecord;
  /** The outbox: written in the same transaction, inside the log item when there is one. */
  intents?: NotificationIntent[];
  /** Another match written in the same transaction (a rematch), which must not exist yet. */
  create?: MatchRecord;
  /** A table chat message, written in the same transaction (the match's `chatCount` is its seq). */
  chat?: ChatMessage;
  /** The game state after the log record's version, kept for replays (./replay.ts `checkpointOf`). Hidden like `state`. */
  checkpoint?: Checkpoint;
  /** The sweep's wake of a computer that lost its move: the match item carries `botSeats` (./bot-seats.ts `wakesBots`). */
  wake?: true;
  /** The match's lobby entry, written in the same transaction (./lobby-port.ts). */
  lobby?: LobbyWrite;
}

/**
 * The game state as it stood after a logged version: a replay from a later version starts here and applies
 * only the log records after it (./replay.ts). Holds the PRNG and every hidden card: it never leaves the
 * server except through `view(state, seat)`.
 */
export interface Checkpoint {
  version: number;
  state: unknown;
}

export type CommitResult = { ok: true } | { ok: false; reason: 'stale' | 'busy' };

/**
 * Told of every committed change to a match, after its commit, by the one runner (./change.ts): the signed-in
 * players' waiting boards follow the seats to move (functions/players/waiting.ts). Best effort: a failure is
 * the watcher's to log, never the change's.
 */
export interface CommitWatch {
  committed(before: MatchRecord, after: MatchRecord): Promise<void>;
}

export interface MatchStore {
  /** Writes a new match; 'exists' (and nothing written) when a match with its id is already there. */
  create(match: MatchRecord, intents?: NotificationIntent[], lobby?: LobbyWrite): Promise<'created' | 'exists'>;
  /**
   * The match; strongly consistent unless `consistent: false` (half the price), for readers a record a moment
   * old cannot mislead: never a change's read-decide-commit (docs/storage.md, "Consistency").
   */
  get(id: string, opts?: { consistent?: boolean }): Promise<MatchRecord | null>;
  /** One log record, by the version it produced. */
  logAt(id: string, version: number): Promise<LogRecord | null>;
  head(id: string): Promise<MatchHead | null>;
  commit(commit: Commit): Promise<CommitResult>;
  /** Newest first, at most `limit`, only versions below `before` when given. */
  log(id: string, opts: { limit: number; before?: number }): Promise<LogRecord[]>;
  /** Every log record in version order (replay, audits). */
  fullLog(id: string): Promise<LogRecord[]>;
  /**
   * The log records from version `from` on, in version order, at most `limit`. Eventually consistent unless
   * `consistent`: the replay reads versions committed before it read the match, then asks consistently for
   * anything after the last one it got (./replay.ts).
   */
  logFrom(id: string, from: number, opts?: { limit?: number; consistent?: boolean }): Promise<LogRecord[]>;
  /** The newest checkpoint at or before `version` (eventually consistent: an older one only costs reads), or null. */
  checkpointAt(id: string, version: number): Promise<Checkpoint | null>;
  /**
   * The sweep's visit: moves its cursor (`sweptUntil`) and next timer (`dueAt`) on and writes the timer
   * notices it found, all or nothing, while the match is still at its version; false when a change came first.
   */
  advanceSweep(match: MatchRecord, sweptUntil: number, dueAt: number | undefined, intents: NotificationIntent[]): Promise<boolean>;
  /** Takes a match that needs no more timers off the sweep's list (nothing when it changed meanwhile). */
  clearDue(match: MatchRecord): Promise<void>;
  /** Chat messages with seq above `after`, oldest first, at most `limit`. */
  chatMessages(id: string, opts: { after: number; limit: number }): Promise<ChatMessage[]>;
  /** When each seat last fetched the chat, and up to which message (seats that never did are absent). */
  chatSeen(id: string): Promise<{ seat: Seat; seq: number; at: number }[]>;
  /** Notes that a seat has read the chat up to `seq` (no new version: nobody else needs to know at once). */
  markChatSeen(id: string, seat: Seat, seq: number, at: number): Promise<void>;
}
