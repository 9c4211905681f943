/**
 * Undo: a player takes back their own last move while their turn goes on, when the game says the move
 * showed nothing hidden and nobody else could have acted on it (`Game.undoable`, Board Game Arena's rule).
 *
 * What is kept: the match record holds `undo`, the state from before the first of the seat's undoable
 * moves in a row (`base`) and those moves as applied (`steps`), valid only while the match's game version
 * is still `version` (any other change to the game, by anyone, leaves it stale; `advance` drops it).
 * An undo replays `base` with every step but the last (apply is pure and deterministic, and an undoable
 * move used no chance), which gives exactly the state before the last step's log record: the undo's log
 * record says `undid: <that record's version>`, and a replay of the log may take the state back to what it
 * was before that record. The answer is the match as the seat sees it, like any read: nothing is revealed.
 */
import type { AnyGame, Applied, Seat } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { Commit, CommitResult, LogRecord, MatchRecord, UndoStack } from './port.js';

/** Steps kept at most; an older step is folded into the base (it can no longer be undone). */
export const MAX_UNDO_STEPS = 12;

/** The game version a match's moves are checked against. */
const gameVersionOf = (m: MatchRecord) => m.gameVersion ?? m.version;

/** The stack if it is the seat's and still current (nothing changed the game since). */
function currentStack(match: MatchRecord, seat: Seat): UndoStack | null {
  const u = match.undo;
  return u && u.seat === seat && u.version === gameVersionOf(match) && u.steps.length > 0 ? u : null;
}

/** What the match page may offer this viewer (MatchResponse.undo). */
export function undoStatus(match: MatchRecord, seat: Seat): { canUndo: boolean; steps: number } {
  const stack = match.status === 'active' && !match.seats[seat]?.bot ? currentStack(match, seat) : null;
  return { canUndo: stack !== null, steps: stack?.steps.length ?? 0 };
}

/**
 * The undo stack after a person's move was applied (`after` is the new record at `version`, whose own
 * `undo` `advance` has dropped): the move pushed onto the seat's stack when it is undoable, else none.
 * Never for a computer's or a deadline's move (they do not come through here) or a move that ended the game.
 */
export function undoAfterMove(
  game: AnyGame,
  before: MatchRecord,
  after: MatchRecord,
  seat: Seat,
  move: unknown,
  applied: Applied<unknown, unknown>,
  at: number,
): UndoStack | undefined {
  if (after.status !== 'active' || applied.reveal !== undefined || !before.toAct.includes(seat) || after.seats[seat]?.bot) return undefined;
  if (!(game.undoable?.(before.state, applied.state, seat, move, applied) ?? false)) return undefined;
  const step = { version: after.version, move, at, waitingSince: before.seats[seat]?.waitingSince ?? null };
  const prev = currentStack(before, seat);
  let base = prev ? prev.base : before.state;
  let steps = prev ? [...prev.steps, step] : [step];
  if (steps.length > MAX_UNDO_STEPS) {
    base = replay(game, base, seat, steps.slice(0, 1));
    steps = steps.slice(1);
  }
  return { seat, version: after.version, base, steps };
}

/** `base` with the steps applied again in order (each was accepted before, so a refusal is a bug). */
function replay(game: AnyGame, base: unknown, seat: Seat, steps: UndoStack['steps']): unknown {
  let state = base;
  for (const s of steps) {
    const r = game.apply(state, seat, s.move, { now: s.at });
    if (!r.ok) throw new Error(`undo: a kept move no longer applies (${r.error.code})`);
    state = r.value.state;
  }
  return state;
}

/** What an undo needs of the match service. */
export interface UndoDeps {
  get(id: string): Promise<MatchRecord>;
  game(id: string): AnyGame;
  /** The log, newest first (MatchStore.log). */
  log(id: string, opts: { limit: number; before?: number }): Promise<LogRecord[]>;
  /** The match after a state change (version, whose move, clocks): MatchService.advance. */
  advance(match: MatchRecord, state: unknown, now: number): MatchRecord;
  commit(c: Commit): Promise<CommitResult>;
  clock(): number;
}

const ATTEMPTS = 8;

/** Takes back the seat's last move (see the top of this file); resolves to the new version. */
export async function undoLastMove(deps: UndoDeps, matchId: string, seat: Seat, expectedVersion: number): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const match = await deps.get(matchId);
    const stack = await undoableNow(deps, match, seat, expectedVersion);
    const game = deps.game(match.gameId);
    const last = stack.steps.at(-1)!;
    const rest = stack.steps.slice(0, -1);
    const now = deps.clock();
    const advanced = deps.advance(match, replay(game, stack.base, seat, rest), now);
    // The seat's clock goes back to what it was before the move: an undo never buys time.
    const next: MatchRecord = {
      ...advanced,
      seats: advanced.seats.map((s, i) => (i === seat ? { ...s, waitingSince: last.waitingSince } : s)),
      ...(rest.length > 0 ? { undo: { ...stack, version: advanced.version, steps: rest } } : {}),
    };
    const log: LogRecord = { version: next.version, seat, kind: 'undo', undid: last.version, at: now, events: [] };
    const result = await deps.commit({ match: next, expectedVersion: match.version, log });
    if (result.ok) return next.version;
    // Someone wrote first: read again; the checks above decide whether the undo still stands.
  }
  throw new MatchError('busy', 'The match is busy; try again in a moment.');
}

/** The seat's current undo stack, or the refusal saying why there is nothing it may undo. */
async function undoableNow(deps: UndoDeps, match: MatchRecord, seat: Seat, expectedVersion: number): Promise<UndoStack> {
  if (match.status !== 'active')
    throw new MatchError('match-not-active', 'Only a match in play has moves to undo.', { version: match.version });
  if (match.seats[seat]?.bot) {
    throw new MatchError('undo-computer-seat', 'A computer plays this seat now; take your seat back before undoing.', {
      version: match.version,
    });
  }
  if (expectedVersion < gameVersionOf(match) || expectedVersion > match.version) {
    throw new MatchError('stale-version', 'The match has changed since you last looked; reload and decide again.', {
      version: match.version,
    });
  }
  const stack = currentStack(match, seat);
  if (stack) return stack;
  throw await whyNot(deps, match, seat);
}

/** The refusal for a seat with nothing to undo, from the last changes to the game. */
async function whyNot(deps: UndoDeps, match: MatchRecord, seat: Seat): Promise<MatchError> {
  const details = { version: match.version };
  const recent = await deps.log(match.id, { limit: 8, before: gameVersionOf(match) + 1 });
  const last = recent[0];
  if (!last || last.seat !== seat || (last.kind !== 'move' && last.kind !== 'default-move' && last.kind !== 'undo')) {
    const mine = recent.some((r) => r.seat === seat && r.kind === 'move');
    return mine
      ? new MatchError('undo-others-acted', 'The game has moved on since your move, so it can no longer be undone.', details)
      : new MatchError('nothing-to-undo', 'You have no move to undo.', details);
  }
  if (last.kind === 'undo') return new MatchError('nothing-to-undo', 'You have no earlier move to undo this turn.', details);
  if (last.kind === 'default-move')
    return new MatchError('undo-not-allowed', 'A move made for you at the deadline cannot be undone.', details);
  if (last.bot !== undefined) return new MatchError('undo-computer-seat', 'A move a computer made for you cannot be undone.', details);
  if (!match.toAct.includes(seat)) {
    return new MatchError('undo-turn-over', 'Your turn has passed, so your last move can no longer be undone.', details);
  }
  return new MatchError(
    'undo-not-allowed',
    'Your last move cannot be undone: it showed something hidden (a card or a roll) or others may act on it.',
    details,
  );
}
