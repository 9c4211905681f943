/**
 * "Next match waiting for you" as one read: each signed-in player has one small item, their waiting board
 * (the most urgent WAITING_LISTED matches waiting for their move, with each seat's sealed token, and how many
 * wait in all), kept up to date by the one runner's commits (functions/matches/change.ts `CommitWatch`):
 * a commit that changes whether a seat is to move (a move, a join, a deadline the sweep handled, the end of a
 * match, links renewed) tells the seat's owner's board, which is written only when its waiting set changes.
 *
 * Every change carries the match's version; the board keeps each listed seat's version and, for a while
 * (MARK_MS), the version of each seat it last heard of, so a change told twice or late (two processes
 * committing one match's versions one after the other) changes nothing. Writes are read-modify-write on the
 * board's own revision (a lost race reads again). Past WAITING_LISTED the board only counts: a seat that
 * starts waiting is the newest to wait, so the listed ones stay the most urgent; when the list runs empty
 * while others still wait, or a seat is claimed, the board is built again from the claimed seats and their
 * matches (O(seats), rare). docs/players.md and docs/storage.md say what it costs and how stale it may be.
 */
import type { Seat } from '#shared/engine/game.js';
import { isComputerSeat } from '../matches/bot-seats.js';
import type { CommitWatch, MatchRecord, MatchStore } from '../matches/port.js';
import { sameHash } from '../matches/tokens.js';
import type { ClaimedSeat } from './model.js';
import type { PlayerStore } from './port.js';

/** Matches the board lists (the rest only counted): the item stays under 1 KB, one write unit. */
export const WAITING_LISTED = 4;
/** Versions remembered per seat this long after the change that told them, at most WAITING_MARKS of them. */
export const MARK_MS = 15 * 60_000;
export const WAITING_MARKS = 8;
/** Tries of the board's read-modify-write before the change is given up (the next change or a build repairs it). */
const SAVE_ATTEMPTS = 5;

export interface WaitingEntry {
  matchId: string;
  seat: Seat;
  gameId: string;
  /** When the match began waiting for this seat's move. */
  since: number;
  version: number;
  /** The seat's token as the claim keeps it (functions/players/vault.ts), opened only by /me/next. */
  sealedToken: string;
}

export interface WaitingMark {
  matchId: string;
  seat: Seat;
  version: number;
  at: number;
}

export interface WaitingBoard {
  /** The most urgent first (longest waiting), at most WAITING_LISTED. */
  listed: WaitingEntry[];
  /** Matches waiting for the player in all (listed or not). */
  count: number;
  marks: WaitingMark[];
}

/** A seat's waiting state at a version: `entry` when it waits for its owner's move, null when it does not. */
export interface WaitingChange {
  matchId: string;
  seat: Seat;
  version: number;
  entry: WaitingEntry | null;
}

export const emptyBoard = (): WaitingBoard => ({ listed: [], count: 0, marks: [] });

const key = (c: { matchId: string; seat: Seat }) => ({ matchId: c.matchId, seat: c.seat });
const same = (a: { matchId: string; seat: Seat }, b: { matchId: string; seat: Seat }) => a.matchId === b.matchId && a.seat === b.seat;
const urgency = (a: WaitingEntry, b: WaitingEntry) => a.since - b.since || a.matchId.localeCompare(b.matchId) || a.seat - b.seat;

/** The version the board last heard of for the seat, or -1. */
export function knownVersion(board: WaitingBoard, key: { matchId: string; seat: Seat }): number {
  const listed = board.listed.find((e) => same(e, key))?.version ?? -1;
  const mark = board.marks.find((m) => same(m, key))?.version ?? -1;
  return Math.max(listed, mark);
}

/**
 * The board after a change (pure), or null when it changes nothing: a version the board has already heard of
 * (told twice, or late), or a seat already in the state told.
 */
export function applyChange(board: WaitingBoard, change: WaitingChange, now: number): WaitingBoard | null {
  if (knownVersion(board, change) >= change.version) return null;
  const wasListed = board.listed.some((e) => same(e, change));
  const listed = board.listed.filter((e) => !same(e, change));
  let count = board.count;
  if (change.entry) {
    if (!wasListed) count++;
    listed.push(change.entry);
    listed.sort(urgency);
    // The least urgent beyond the list stays counted, not listed.
    listed.splice(WAITING_LISTED);
  } else if (wasListed || count > board.listed.length) {
    // Listed, or counted beyond the list; a seat already not waiting changes only its version.
    count--;
  }
  const marks = [
    ...board.marks.filter((m) => !same(m, change) && now - m.at < MARK_MS),
    { ...key(change), version: change.version, at: now },
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, WAITING_MARKS);
  return { listed, count: Math.max(count, listed.length), marks };
}

/** The board needs building from the claimed seats: others wait, none is listed. */
export const needsBuild = (board: WaitingBoard) => board.listed.length === 0 && board.count > 0;

/** Whether the seat waits for its player's move in this record: in play, to act, not a computer's. */
export function waitsFor(match: MatchRecord, seat: Seat): boolean {
  const s = match.seats[seat];
  return match.status === 'active' && match.toAct.includes(seat) && s !== undefined && !isComputerSeat(s);
}

/** The seats whose waiting state or token a commit changed (the only ones any board hears of). */
export function changedSeats(before: MatchRecord, after: MatchRecord): Seat[] {
  return after.seats.flatMap((s, seat) => {
    const was = before.seats[seat];
    const moved = waitsFor(before, seat) !== waitsFor(after, seat);
    const since = waitsFor(after, seat) && was?.waitingSince !== s.waitingSince;
    return moved || since || was?.tokenHash !== s.tokenHash ? [seat] : [];
  });
}

/** The seat's entry in a match, for a claim still holding the seat's token; null when it does not wait. */
export function entryOf(match: MatchRecord, claim: ClaimedSeat): WaitingEntry | null {
  if (!waitsFor(match, claim.seat)) return null;
  if (claim.tokenHash && !sameHash(match.seats[claim.seat]?.tokenHash, claim.tokenHash)) return null;
  return {
    matchId: match.id,
    seat: claim.seat,
    gameId: match.gameId,
    since: match.seats[claim.seat]?.waitingSince ?? match.updatedAt,
    version: match.version,
    sealedToken: claim.sealedToken,
  };
}

export interface WaitingDeps {
  players: PlayerStore;
  matches: MatchStore;
  clock: () => number;
  /** What went wrong with a board (the change itself is committed; the board repairs at the next one). */
  log?: (entry: Record<string, unknown>) => void;
}

/** Keeps the boards (see the top of this file); the runner tells it of every commit. */
export class WaitingBoards implements CommitWatch {
  constructor(private readonly deps: WaitingDeps) {}

  /** The player's board: one read, eventually consistent; built on the first ask. */
  async board(playerId: string): Promise<WaitingBoard> {
    const board = await this.deps.players.waitingBoard(playerId);
    if (board && !needsBuild(board)) return board;
    return this.build(playerId);
  }

  /** Builds the board from the claimed seats and their matches (a claim, an empty list while others wait, a first ask). */
  async build(playerId: string): Promise<WaitingBoard> {
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const prior = await this.deps.players.waitingBoard(playerId, { consistent: true });
      const claims = await this.deps.players.seats(playerId);
      const entries = await Promise.all(
        claims.map(async (c) => {
          const match = await this.deps.matches.get(c.matchId, { consistent: false });
          return match ? entryOf(match, c) : null;
        }),
      );
      const waiting = entries.filter((e) => e !== null).sort(urgency);
      const board: WaitingBoard = { listed: waiting.slice(0, WAITING_LISTED), count: waiting.length, marks: prior?.marks ?? [] };
      if (await this.deps.players.saveWaitingBoard(playerId, board, prior?.rev ?? null)) return board;
    }
    return (await this.deps.players.waitingBoard(playerId, { consistent: true })) ?? emptyBoard();
  }

  /** A commit: each seat whose waiting state changed, told to its owner's board (if it has one). */
  async committed(before: MatchRecord, after: MatchRecord): Promise<void> {
    await Promise.all(
      changedSeats(before, after).map((seat) =>
        this.tell(after, seat).catch((err) =>
          this.deps.log?.({ level: 'warn', message: 'a waiting board missed a change', matchId: after.id, seat, error: String(err) }),
        ),
      ),
    );
  }

  private async tell(match: MatchRecord, seat: Seat): Promise<void> {
    // Eventually consistent: a claim made a moment ago builds the board itself.
    const owner = await this.deps.players.seatOwner(match.id, seat, { consistent: false });
    if (!owner) return;
    let entry: WaitingEntry | null = null;
    if (waitsFor(match, seat)) {
      const claim = await this.deps.players.seat(owner, match.id, seat, { consistent: false });
      entry = claim ? entryOf(match, claim) : null;
    }
    await this.change(owner, { matchId: match.id, seat, version: match.version, entry });
  }

  /** Applies one change to the player's board; no board yet (never asked for), no write: the first ask builds it. */
  async change(playerId: string, change: WaitingChange): Promise<void> {
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      // The first try reads as cheaply as it can; a stale read loses the conditional write and reads strongly.
      const stored = await this.deps.players.waitingBoard(playerId, { consistent: attempt > 0 });
      if (!stored) return;
      const next = applyChange(stored, change, this.deps.clock());
      if (!next) return;
      if (needsBuild(next)) {
        await this.build(playerId);
        return;
      }
      if (await this.deps.players.saveWaitingBoard(playerId, next, stored.rev)) return;
    }
    this.deps.log?.({ level: 'warn', message: 'a waiting board stayed busy', playerId, matchId: change.matchId });
  }
}
