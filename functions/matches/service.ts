/**
 * The match side's one door: create, read, and every change to a match (each a decision in its own
 * module, run by ./change.ts). Knows the engine contract and the match store's port, and nothing of any
 * particular game or of HTTP: it refuses with MatchError (./errors.ts), which the API's one error handler
 * turns into statuses, and answers with domain values the routes turn into responses.
 */
import type { AnyGame, Seat, Viewer } from '#shared/engine/game.js';
import type { BotLevel } from './bot-seats.js';
import { type ChangeDeps, type Decide, readMatch, runChange } from './change.js';
import { TableChat } from './chat.js';
import { type CreateRequest, createMatch } from './creating.js';
import { MatchError } from './errors.js';
import type { ChallengeStore } from './challenge-port.js';
import { type ChallengeChecks, Challenges } from './challenges.js';
import { decideComputersIn, Lobby } from './lobby.js';
import type { LobbyStore } from './lobby-port.js';
import { decideVacationDay, type VacationDay } from './vacation.js';
import { botMove, decideResign, expireTurn, type MoveRequest, move, type SeatAnswer } from './moves.js';
import { decideNudge } from './nudge.js';
import { decidePause, type PauseChange } from './pausing.js';
import { decideSeatTime } from './seat-time.js';
import type { CommitWatch, LogRecord, MatchRecord, MatchStore, SeatTime } from './port.js';
import { presentLog, presentMatch } from './present.js';
import { RecentMatches } from './recent.js';
import { rematch } from './rematch.js';
import { ReplayReader, type ReplayQuery, replaySteps, replayViewer } from './replay.js';
import { decideJoin, decideRenewLinks, decideStandIn } from './seating.js';
import { computerCheckAt, withDue } from './timing.js';
import { sameHash, sha256 } from './tokens.js';
import { decideUndo } from './undo.js';
import { decideAnswer, decideAsk } from './undo-requests.js';

export { countSideChange, SIDE_CHANGES } from './side-changes.js';
export type { BotMoveResult, ExpiredTurn, SeatAnswer } from './moves.js';

export interface ServiceDeps {
  store: MatchStore;
  /** Open games and quick match (./lobby.ts); without it there is no lobby. */
  lobby?: LobbyStore;
  games: ReadonlyMap<string, AnyGame>;
  clock: () => number;
  /** Told of every commit (functions/players/waiting.ts); none where no player signs in. */
  watch?: CommitWatch;
}

/** Who is calling: a seat (by its token) or a spectator. */
export type Caller = { kind: 'seat'; seat: Seat } | { kind: 'spectator' };

/** How many recent log records a match read carries. */
export const LOG_PAGE = 30;

export class MatchService {
  /** Records this process read or wrote last: a move at the version just read skips the read. */
  private readonly recent = new RecentMatches();
  private readonly replays: ReplayReader;
  /** What every change needs (./change.ts). */
  private readonly changes: ChangeDeps;
  /** The table chat of every match (./chat.ts): posting, reading, muting. */
  readonly chat: TableChat;
  /** Open games and quick match (./lobby.ts), when the service has a lobby store. */
  readonly lobby: Lobby | undefined;

  constructor(private readonly deps: ServiceDeps) {
    this.replays = new ReplayReader(deps.store);
    this.changes = {
      store: deps.store,
      clock: deps.clock,
      game: (id) => this.game(id),
      recent: this.recent,
      ...(deps.watch ? { watch: deps.watch } : {}),
    };
    this.chat = new TableChat(this.changes);
    this.lobby = deps.lobby ? new Lobby(this.changes, deps.lobby) : undefined;
  }

  /** Challenges by name (./challenges.ts), with the player side's answers and the challenge store. */
  challengesWith(checks: ChallengeChecks, store: ChallengeStore): Challenges {
    return new Challenges(this.changes, checks, store);
  }

  game(id: string): AnyGame {
    const game = this.deps.games.get(id);
    if (!game) throw new MatchError('unknown-game', { key: 'error.unknown-game', params: { id: id.slice(0, 60) } });
    return game;
  }

  /** A game's name, or its id for a game no longer offered. */
  gameName(id: string): string {
    return this.deps.games.get(id)?.name ?? id;
  }

  // ---------------------------------------------------------------- create and join

  /** A new match (./creating.ts). */
  create(input: CreateRequest, key?: string) {
    return createMatch(this.changes, input, key);
  }

  /** The sweep at an open game's `botsAt`: computers take its open seats and it starts (./lobby.ts). */
  computersIn(matchId: string): Promise<boolean> {
    return runChange(this.changes, matchId, decideComputersIn(this.changes), { missing: () => false, lost: () => false });
  }

  /** Takes the seat an invite is for (./seating.ts). */
  join(matchId: string, invite: string, name: string, key?: string, player?: string | null) {
    const busy = (): never => {
      throw new MatchError('busy', 'error.busy');
    };
    return runChange(this.changes, matchId, decideJoin(this.changes, matchId, invite, name, key, player), { lost: busy });
  }

  /**
   * What an invite's holder may see before choosing a name: the match and the seat the invite is for.
   * A used or replaced invite learns nothing but that.
   */
  async invitation(matchId: string, invite: string): Promise<{ match: MatchRecord; seat: Seat }> {
    const match = await this.deps.store.get(matchId);
    if (!match) throw new MatchError('no-such-match', 'error.no-such-match');
    const hash = sha256(invite);
    const seat = match.seats.findIndex((s) => sameHash(s.inviteHash, hash));
    if (seat < 0) throw new MatchError('invite-used', 'error.invite-used');
    return { match, seat };
  }

  // ---------------------------------------------------------------- reading

  /** Authenticates a bearer token against a seat (or the spectator link) of a match. */
  authenticate(
    head: { tokenHashes: (string | null)[]; spectatorHash: string },
    token: string,
    wanted: { seat: Seat } | 'spectator',
  ): Caller {
    const hash = sha256(token);
    if (wanted === 'spectator') {
      if (sameHash(head.spectatorHash, hash)) return { kind: 'spectator' };
    } else if (sameHash(head.tokenHashes[wanted.seat], hash)) {
      return { kind: 'seat', seat: wanted.seat };
    }
    throw new MatchError('forbidden', 'error.forbidden');
  }

  async head(matchId: string) {
    const head = await this.deps.store.head(matchId);
    if (!head) throw new MatchError('no-such-match', 'error.no-such-match');
    return head;
  }

  async mustGet(matchId: string): Promise<MatchRecord> {
    const match = await readMatch(this.changes, matchId);
    if (!match) throw new MatchError('no-such-match', 'error.no-such-match');
    return match;
  }

  /** The match as one viewer may see it (./present.ts), at this service's clock. */
  present(match: MatchRecord, viewer: Viewer, log: LogRecord[]) {
    return presentMatch(this.game(match.gameId), match, viewer, log, this.deps.clock());
  }

  async read(matchId: string, caller: Caller) {
    const [match, log] = await this.matchWithLog(matchId);
    return this.present(match, viewerOf(caller), log);
  }

  /** A read that authenticates against the match it reads: one round trip (the log is fetched alongside). */
  async readAs(matchId: string, token: string, wanted: { seat: Seat } | 'spectator') {
    const [match, log] = await this.matchWithLog(matchId);
    const caller = this.authenticate(
      { tokenHashes: match.seats.map((s) => s.tokenHash), spectatorHash: match.spectatorHash },
      token,
      wanted,
    );
    return this.present(match, viewerOf(caller), log);
  }

  /**
   * The match and the newest page of its log, read side by side. A commit can land between the two
   * reads, so unless the log ends at the match's own version it is read again as the page that does
   * (no line newer than the match, which may name cards its version still hides, and none missing).
   * Versions with no log record of their own (an open match, a spectator link, a rematch) cost that
   * second read too, which is rare and harmless.
   */
  private async matchWithLog(matchId: string): Promise<[MatchRecord, LogRecord[]]> {
    const [match, log] = await Promise.all([this.mustGet(matchId), this.deps.store.log(matchId, { limit: LOG_PAGE })]);
    // After a change beside the game (links, a pause) the newest record is the game's version's.
    if (log[0] !== undefined && (log[0].version === match.version || log[0].version === match.gameVersion)) return [match, log];
    return [match, await this.deps.store.log(matchId, { limit: LOG_PAGE, before: match.version + 1 })];
  }

  async olderLog(matchId: string, caller: Caller, before: number) {
    const [match, log] = await Promise.all([this.mustGet(matchId), this.deps.store.log(matchId, { limit: LOG_PAGE, before })]);
    return presentLog(this.game(match.gameId), log, viewerOf(caller));
  }

  /** One page of the match replayed as the caller may see it (./replay.ts). */
  async replayed(matchId: string, caller: Caller, query: ReplayQuery) {
    const match = await this.mustGet(matchId);
    const game = this.game(match.gameId);
    const viewer = replayViewer(game, match, viewerOf(caller), query.as);
    const { frames, first } = await this.replays.replay(game, match, query.from);
    return replaySteps(game, match, frames, viewer, query, first);
  }

  // ---------------------------------------------------------------- changes (each a decision in its own module)

  /** A day of the seat holder's vacation bank spent on its passed deadline: the deadline moves a day (./vacation.ts). */
  vacationDay(matchId: string, seat: Seat, expectedVersion: number, days = 1): Promise<VacationDay> {
    const stale = (): VacationDay => 'stale';
    return runChange(this.changes, matchId, decideVacationDay(seat, expectedVersion, days), { attempts: 1, missing: stale, lost: stale });
  }

  /**
   * Applies one move (./moves.ts): the seat's view after it, or with an Idempotency-Key already used for
   * it, the view first answered.
   */
  move(matchId: string, seat: Seat, tokenHash: string, request: MoveRequest, idempotency?: { key: string }): Promise<SeatAnswer> {
    return move(this.changes, matchId, seat, tokenHash, request, idempotency?.key);
  }

  /** The seat gives up; everyone else wins (./moves.ts). The answer is as a move's. */
  resign(matchId: string, seat: Seat, request: { expectedVersion?: number } = {}, idempotency?: { key: string }): Promise<SeatAnswer> {
    return runChange(this.changes, matchId, decideResign(this.changes, seat, request, idempotency?.key));
  }

  /** A missed move deadline, applied by the sweep (./moves.ts, ./deadlines.ts). */
  expireTurn(matchId: string, seat: Seat, expectedVersion: number) {
    return expireTurn(this.changes, matchId, seat, expectedVersion);
  }

  /**
   * The sweep's wake of a computer that has not moved for COMPUTER_IDLE_MS (./timing.ts): the match item
   * written again at the same version with `botSeats`, so the table's stream hands it to the computers
   * whatever carries it on from there. False when there is nothing to wake (someone moved meanwhile).
   */
  wakeComputers(matchId: string, version: number): Promise<boolean> {
    const decide: Decide<boolean> = (match, now) => {
      const at = computerCheckAt(match);
      if (match.version !== version || at === undefined || at > now) return { done: false };
      return { commit: { match: withDue({ ...match, updatedAt: now }), wake: true }, result: true };
    };
    return runChange(this.changes, matchId, decide, { missing: () => false, lost: () => false });
  }

  /** A computer's move for a seat it plays, at exactly the version its runner read (./moves.ts). */
  botMove(matchId: string, seat: Seat, expectedVersion: number, move: unknown, level: BotLevel) {
    return botMove(this.changes, matchId, seat, expectedVersion, move, level);
  }

  /** The seat takes back its own last move (./undo.ts); the answer is the match as that seat sees it. */
  async undo(matchId: string, seat: Seat, expectedVersion: number) {
    await runChange(this.changes, matchId, decideUndo(this.changes, seat, expectedVersion));
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** With undo requests on: the seat asks the others to take back its last turn (./undo-requests.ts). */
  async askUndo(matchId: string, seat: Seat, expectedVersion: number) {
    await runChange(this.changes, matchId, decideAsk(this.changes, seat, expectedVersion));
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** Another player accepts or refuses the request to take back a turn. */
  async answerUndo(matchId: string, seat: Seat, accept: boolean) {
    await runChange(this.changes, matchId, decideAnswer(this.changes, seat, accept));
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** The seat's player hands it to a computer for now (holidays); their next move, or takeBack, ends it. */
  standIn(matchId: string, seat: Seat, level: BotLevel) {
    return this.changeStandIn(matchId, seat, level);
  }

  /** The seat's player takes it back from the computer standing in. */
  takeBack(matchId: string, seat: Seat) {
    return this.changeStandIn(matchId, seat, null);
  }

  private async changeStandIn(matchId: string, seat: Seat, level: BotLevel | null) {
    await runChange(this.changes, matchId, decideStandIn(seat, level));
    return this.read(matchId, { kind: 'seat', seat });
  }

  /** The seat reminds whoever else is to move (./nudge.ts). */
  nudge(matchId: string, seat: Seat) {
    return runChange(this.changes, matchId, decideNudge(this.changes, seat));
  }

  /** The seat pauses its own deadlines, or ends its pause now (./pausing.ts). */
  pause(matchId: string, seat: Seat, change: PauseChange): Promise<void> {
    return runChange(this.changes, matchId, decidePause(seat, change));
  }

  /** The seat sets its time zone and quiet hours (./seat-time.ts). */
  setTime(matchId: string, seat: Seat, time: SeatTime): Promise<void> {
    return runChange(this.changes, matchId, decideSeatTime(seat, time));
  }

  /** New invite links for the open seats and a new spectator link (./seating.ts). */
  renewLinks(matchId: string, seat: Seat, token: string, idempotency?: { key: string }) {
    return runChange(this.changes, matchId, decideRenewLinks(seat, token, idempotency?.key));
  }

  /** A new match with the same game, options and players, the first player moved one seat on (./rematch.ts). */
  rematch(matchId: string, seat: Seat, oldToken: string) {
    return rematch(this.changes, matchId, seat, oldToken);
  }
}

export const viewerOf = (caller: Caller): Viewer => (caller.kind === 'seat' ? caller.seat : null);
