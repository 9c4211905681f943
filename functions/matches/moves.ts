/**
 * Changes to the game itself, each a decision for the runner (./change.ts): a seat's move, its
 * resignation, a computer's move, and a missed deadline (the standard move, a forfeit, or a computer
 * standing in). A move or resignation answers with the seat's view after it (a domain value; the edge
 * turns it into a response); with an Idempotency-Key that view is kept in its log record, as sent, and
 * a retry with the key gets it back unchanged.
 */
import type { AnyGame, Seat } from '#shared/engine/game.js';
import { type BotLevel, isStoodIn, withoutBot } from './bot-seats.js';
import { type ChangeDeps, type Decide, runChange } from './change.js';
import { invalid, MatchError, parseKeepingInput, RuleError } from './errors.js';
import { intent, intentsFor } from './intents.js';
import { type LogRecord, type MatchEnd, type MatchRecord, type RecentKey, voidRating } from './port.js';
import { linesOf, presentMatch } from './present.js';
import { replayFrames } from './replay.js';
import { advance, keyReused, othersThan, recentKey, rememberKey, sameRequest, seatWords } from './progress.js';
import { deadlineOf, withDue } from './timing.js';
import { requestHash, sameHash } from './tokens.js';
import { undoAfterMove } from './undo.js';

/** A move's or resignation's answer: the version it made and the seat's view after it (`view` as first sent, on a retry). */
export interface SeatAnswer {
  version: number;
  view: Record<string, unknown>;
}

export interface MoveRequest {
  expectedVersion: number;
  move: unknown;
}

/** What the sweep did with a passed deadline (functions/matches/deadlines.ts). */
export type ExpiredTurn = 'default-move' | 'forfeit' | 'stand-in' | 'stale' | 'not-due';

/** A computer's move: made (at `version`), or not, and why; 'stale' means read again and decide again. */
export type BotMoveResult =
  | { ok: true; version: number }
  | { ok: false; reason: 'stale' | 'not-active' | 'not-bot' }
  | { ok: false; reason: 'refused'; code: string; message: string };

/**
 * Applies one move. The version check is inside the conditional write; a stale version is refused
 * unless the game says the move may be re-applied to the newer state (sealed bids, snaps).
 */
export function move(deps: ChangeDeps, matchId: string, seat: Seat, tokenHash: string, request: MoveRequest, key?: string) {
  // The first try may use the record this process last saw at the player's version; the conditional
  // write still checks it, and a failed write reads the match afresh.
  const recent = deps.recent.at(matchId, request.expectedVersion);
  const first = recent && sameHash(recent.seats[seat]?.tokenHash, tokenHash) ? recent : undefined;
  return runChange(deps, matchId, decideMove(deps, seat, tokenHash, request, key, first), { first });
}

/** The decision of a move on the record read (`recent`: the record this process remembered, if decided on). */
export function decideMove(
  deps: Pick<ChangeDeps, 'game' | 'store'>,
  seat: Seat,
  tokenHash: string,
  request: MoveRequest,
  key?: string,
  recent?: MatchRecord,
): Decide<SeatAnswer> {
  return async (match, now) => {
    // Authenticated against the record just read: no extra round trip on the hot path.
    if (!sameHash(match.seats[seat]?.tokenHash, tokenHash)) throw new MatchError('forbidden', 'error.forbidden');
    const game = deps.game(match.gameId);
    const parsed = parseKeepingInput(game.move, request.move);
    if (!parsed.success) throw invalid(parsed.error, 'move');
    // The parsed move is compared, so a retry with its keys in another order or spaced otherwise replays.
    const keyed =
      key === undefined ? undefined : { key, requestHash: requestHash({ expectedVersion: request.expectedVersion, move: parsed.data }) };
    const previous = keyed && recentKey(match.recentKeys, seat, keyed.key);
    if (previous) return { done: await answered(deps, match, seat, previous, keyed.requestHash) };
    if (match.status !== 'active') {
      const over = match.status === 'over';
      throw new MatchError(over ? 'match-over' : 'match-not-started', over ? 'error.match-over' : 'error.match-not-started', {
        version: match.version,
      });
    }
    // Current from the game's last change on: new links or a pause since do not make the move stale.
    // The commit is conditional on the version read, so this holds at the moment of the write.
    const current = match.gameVersion ?? match.version;
    if (request.expectedVersion < current || request.expectedVersion > match.version) {
      const canRebase = request.expectedVersion < current && (game.rebaseable?.(match.state, seat, parsed.data) ?? false);
      if (!canRebase) throw new MatchError('stale-version', 'error.stale-version', { version: match.version });
    }
    const applied = game.apply(match.state, seat, parsed.data, { now });
    if (!applied.ok && match === recent) return { again: true }; // judge a refusal on a fresh read
    if (!applied.ok) {
      throw new RuleError(
        applied.error,
        match.seats.map((s) => s.name),
        { version: match.version },
      );
    }
    const { state, events, reveal } = applied.value;
    // The player's own move takes their seat back from a computer standing in, in the same commit.
    const tookBack = isStoodIn(match.seats[seat]);
    const next = advance(
      game,
      tookBack ? { ...match, seats: match.seats.map((s, i) => (i === seat ? withoutBot(s) : s)) } : match,
      state,
      now,
    );
    if (keyed) next.recentKeys = rememberKey(match.recentKeys, { seat, ...keyed, version: next.version, at: now });
    const undo = undoAfterMove(game, match, next, seat, parsed.data, applied.value, now);
    if (undo) next.undo = undo;
    const view = {
      ...presentMatch(game, next, seat, [], now),
      log: undefined,
      events: events.flatMap((e) => game.viewEvent(e, seat) ?? []),
      ...(reveal !== undefined ? { reveal } : {}),
    };
    const record: LogRecord = { version: next.version, seat, kind: 'move', move: parsed.data, at: now, events: [...events] };
    if (tookBack) record.tookBack = true;
    // The answer as it is sent, for a retry with the same Idempotency-Key (its state-made parts made again).
    if (keyed) record.response = keptAnswer(view);
    const intents = intentsFor(game, match, next, seat, record);
    return { commit: { match: next, log: record, intents }, result: { version: next.version, view } };
  };
}

/**
 * The seat gives up; everyone else wins. With `expectedVersion` it is refused once the game has moved
 * on since; with an Idempotency-Key a retry gets the first answer, as a move does.
 */
export function decideResign(
  deps: Pick<ChangeDeps, 'game' | 'store'>,
  seat: Seat,
  request: { expectedVersion?: number },
  key?: string,
): Decide<SeatAnswer> {
  const keyed = key === undefined ? undefined : { key, requestHash: requestHash({ op: 'resign', ...request }) };
  return async (match, now) => {
    const previous = keyed && recentKey(match.recentKeys, seat, keyed.key);
    if (previous) return { done: await answered(deps, match, seat, previous, keyed.requestHash) };
    if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.resign', { version: match.version });
    const e = request.expectedVersion;
    if (e !== undefined && (e < (match.gameVersion ?? match.version) || e > match.version)) {
      throw new MatchError('stale-version', 'error.stale-version.decide', { version: match.version });
    }
    const game = deps.game(match.gameId);
    // Words, not English: the page, mails and "my matches" say them in each reader's own language.
    const end: MatchEnd = { winners: othersThan(match, seat), ...seatWords('match.log.resigned', seat), reason: 'resigned', seat };
    const next = advance(game, match, match.state, now, end);
    if (keyed) next.recentKeys = rememberKey(match.recentKeys, { seat, ...keyed, version: next.version, at: now });
    const view = presentMatch(game, next, seat, [], now);
    const record: LogRecord = { version: next.version, seat, kind: 'resign', at: now, events: [] };
    if (keyed) record.response = keptAnswer(view);
    const intents = intentsFor(game, match, next, seat, record);
    return { commit: { match: next, log: record, intents }, result: { version: next.version, view } };
  };
}

/**
 * The answer first given for this key (its log record keeps it), or key-reused for another request. A kept
 * answer without its state-made parts gets them from the state at its version: the match's own while it is
 * still there (a retry seconds after a lost answer), else replayed from the log (the same seed and moves give
 * the same state, and `view` and `legalMoves` depend on nothing else: present.ts).
 */
async function answered(
  deps: Pick<ChangeDeps, 'store' | 'game'>,
  match: MatchRecord,
  seat: Seat,
  previous: RecentKey,
  hash: string,
): Promise<SeatAnswer> {
  if (!sameRequest(previous, hash)) throw keyReused();
  const record = await deps.store.logAt(match.id, previous.version);
  if (!record?.response) throw new Error(`log record ${match.id}@${previous.version} has no stored response`);
  const kept = JSON.parse(record.response.body) as Record<string, unknown>;
  if (!record.response.fromState) return { version: previous.version, view: kept };
  const game = deps.game(match.gameId);
  const state = match.version === previous.version ? match.state : await stateAt(deps, game, match, previous.version);
  // Put back where they were: the other keys keep their order, so the answer's bytes are the first ones.
  const view = { ...kept, view: game.view(state, seat), legalMoves: kept.status === 'active' ? game.legalMoves(state, seat) : [] };
  return { version: previous.version, view };
}

/**
 * A seat's answer as it is kept in the log record: `view` and `legalMoves` (a 4-seat Golden Age answer's
 * 13 kB of 15 kB, 2.7 kB of a 3.0 kB record deflated) as null, in their places. They are the state's, and
 * the state at that version can be had again (`answered`); the rest (seats, clocks, undo, events) cannot.
 */
function keptAnswer(view: Record<string, unknown>): NonNullable<LogRecord['response']> {
  return { status: 200, body: JSON.stringify({ ...view, view: null, legalMoves: null }), fromState: true };
}

/** The game state after `version`, replayed from the match's log (a retry after the match has moved on: rare). */
async function stateAt(deps: Pick<ChangeDeps, 'store'>, game: AnyGame, match: MatchRecord, version: number): Promise<unknown> {
  const frame = replayFrames(game, match, await deps.store.fullLog(match.id)).find((f) => f.version === version);
  if (!frame) throw new Error(`log of ${match.id} does not reach version ${version}`);
  return frame.state;
}

/**
 * A missed move deadline, applied by the sweep (never by a player): the game's default move for the
 * seat, or, where the game has none (or it is refused), the seat forfeits and the match ends. Acts only
 * while the match is still at `expectedVersion` and the seat's deadline has passed, in one try, so a late
 * or repeated sweep cannot act on a turn that has moved on.
 */
export function expireTurn(deps: ChangeDeps, matchId: string, seat: Seat, expectedVersion: number): Promise<ExpiredTurn> {
  const stale = (): ExpiredTurn => 'stale';
  return runChange(deps, matchId, decideExpiry(deps, seat, expectedVersion), { attempts: 1, missing: stale, lost: stale });
}

export function decideExpiry(deps: Pick<ChangeDeps, 'game'>, seat: Seat, expectedVersion: number): Decide<ExpiredTurn> {
  return (match, now) => {
    if (match.version !== expectedVersion) return { done: 'stale' };
    const deadline = deadlineOf(match, seat);
    if (deadline === null || deadline > now) return { done: 'not-due' };
    const game = deps.game(match.gameId);
    // The match's choice for a passed deadline; a seat a computer already plays (and did not move in
    // time) gets the standard move whatever the choice.
    const policy = match.seats[seat]?.bot ? 'default-move' : (match.timing?.onDeadline ?? 'default-move');
    if (policy === 'bot') return { commit: standInAtDeadline(game, match, seat, now), result: 'stand-in' };
    const proposed = policy === 'forfeit' ? null : (game.defaultMove?.(match.state, seat) ?? null);
    const parsed = proposed === null ? null : game.move.safeParse(proposed);
    const applied = parsed?.success ? game.apply(match.state, seat, parsed.data, { now }) : null;
    let next: MatchRecord;
    let record: LogRecord & { kind: 'default-move' | 'forfeit' };
    if (parsed?.success && applied?.ok) {
      next = advance(game, match, applied.value.state, now);
      record = { version: next.version, seat, kind: 'default-move', move: parsed.data, at: now, events: [...applied.value.events] };
    } else {
      const end: MatchEnd = { winners: othersThan(match, seat), ...seatWords('match.log.forfeit', seat), reason: 'forfeit', seat };
      next = advance(game, match, match.state, now, end);
      record = { version: next.version, seat, kind: 'forfeit', at: now, events: [] };
    }
    let intents = intentsFor(game, match, next, null, record);
    if (record.kind === 'default-move' && next.status !== 'over') {
      // The late player did not move: tell them what was done in their name (an end of the match
      // is news enough on its own, and they get it as 'over').
      const lines = linesOf(game, record, seat);
      intents = [...intents.filter((n) => n.seat !== seat), intent(next, seat, 'moved-for-you', lines, now)];
    }
    return { commit: { match: next, log: record, intents }, result: record.kind };
  };
}

/**
 * A passed deadline in a match that chose 'bot': a computer (strong) plays the seat until its player
 * moves again; its clock starts afresh (the deadline stays as the fallback should it never move). The
 * player is told.
 */
function standInAtDeadline(game: AnyGame, match: MatchRecord, seat: Seat, now: number) {
  const level: BotLevel = 'strong';
  const seats = match.seats.map((s, i) => (i === seat ? { ...s, bot: { level, standIn: 'deadline' as const }, waitingSince: now } : s));
  const next = withDue({ ...match, ...voidRating(match), seats, version: match.version + 1, updatedAt: now });
  const record: LogRecord = { version: next.version, seat, kind: 'stand-in', bot: level, standIn: 'deadline', at: now, events: [] };
  return { match: next, log: record, intents: [intent(next, seat, 'stood-in', linesOf(game, record, seat), now)] };
}

/**
 * A computer's move for a seat it plays (functions/bots/ decides it from the seat's view): the same
 * conditional commit, log record (with the computer's level) and notifications as a person's move.
 * Only at exactly the version the runner read, in one try: anything else is stale and the bots' runner
 * reads again.
 */
export function botMove(deps: ChangeDeps, matchId: string, seat: Seat, expectedVersion: number, move: unknown, level: BotLevel) {
  const stale = (): BotMoveResult => ({ ok: false, reason: 'stale' });
  return runChange(deps, matchId, decideBotMove(deps, seat, expectedVersion, move, level), { attempts: 1, missing: stale, lost: stale });
}

export function decideBotMove(
  deps: Pick<ChangeDeps, 'game'>,
  seat: Seat,
  expectedVersion: number,
  move: unknown,
  level: BotLevel,
): Decide<BotMoveResult> {
  return (match, now) => {
    if (match.version !== expectedVersion) return { done: { ok: false, reason: 'stale' } };
    if (match.status !== 'active') return { done: { ok: false, reason: 'not-active' } };
    if (!match.seats[seat]?.bot) return { done: { ok: false, reason: 'not-bot' } };
    const game = deps.game(match.gameId);
    const parsed = game.move.safeParse(move);
    if (!parsed.success) return { done: { ok: false, reason: 'refused', code: 'invalid-move', message: 'The move does not parse.' } };
    const applied = game.apply(match.state, seat, parsed.data, { now });
    if (!applied.ok) {
      return {
        done: { ok: false, reason: 'refused', code: applied.error.code, message: applied.error.key ?? applied.error.message ?? '' },
      };
    }
    const next = advance(game, match, applied.value.state, now);
    const record: LogRecord = {
      version: next.version,
      seat,
      kind: 'move',
      move: parsed.data,
      at: now,
      events: [...applied.value.events],
      bot: level,
      ...(applied.value.reveal !== undefined ? { reveal: applied.value.reveal } : {}),
    };
    return {
      commit: { match: next, log: record, intents: intentsFor(game, match, next, seat, record) },
      result: { ok: true, version: next.version },
    };
  };
}
