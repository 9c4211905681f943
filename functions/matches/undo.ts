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
import type { ChangeDeps, Decide } from './change.js';
import { MatchError } from './errors.js';
import type { LogRecord, MatchRecord, MatchStore, UndoStack } from './port.js';
import { advance } from './progress.js';

/** Steps kept at most; an older step is folded into the base (it can no longer be undone). */
export const MAX_UNDO_STEPS = 12;

/** The game version a match's moves are checked against. */
const gameVersionOf = (m: MatchRecord) => m.gameVersion ?? m.version;

/** The stack if it is still current (nothing changed the game since), and the seat's when one is named. */
export function currentStack(match: MatchRecord, seat?: Seat): UndoStack | null {
  const u = match.undo;
  const mine = seat === undefined || u?.seat === seat;
  return u && mine && match.status === 'active' && u.version === gameVersionOf(match) && u.steps.length > 0 ? u : null;
}

/** The seats whose answer an undo request still waits for: the other seats people play, not yet accepted. */
export function waitingFor(match: MatchRecord, stack: UndoStack): Seat[] {
  return match.seats.flatMap((s, i) =>
    i === stack.seat || s.tokenHash === null || s.bot || stack.request?.accepted.includes(i) ? [] : [i],
  );
}

/** What the match page may offer this viewer (MatchResponse.undo). */
export function undoStatus(match: MatchRecord, seat: Seat) {
  const stack = match.seats[seat]?.bot ? null : currentStack(match);
  const own = stack?.seat === seat ? stack : null;
  const request = stack?.ended && stack.request ? { seat: stack.seat, waitingFor: waitingFor(match, stack) } : null;
  return {
    canUndo: own !== null && !own.ended,
    steps: own && !own.ended ? own.steps.length : 0,
    ...(match.undoRequests
      ? { canAsk: own?.ended === true && !own.request, request, canAnswer: request?.waitingFor.includes(seat) ?? false }
      : {}),
  };
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
  // With undo requests on, a turn that ends showing nothing may be asked back (./undo-requests.ts).
  const ends =
    before.undoRequests === true &&
    !after.toAct.includes(seat) &&
    (game.revealsNothing?.(before.state, applied.state, seat, move, applied) ?? false);
  if (!ends && !(game.undoable?.(before.state, applied.state, seat, move, applied) ?? false)) return undefined;
  const step = { version: after.version, move, at, waitingSince: before.seats[seat]?.waitingSince ?? null };
  const held = currentStack(before, seat);
  const prev = held && !held.ended ? held : null;
  let base = prev ? prev.base : before.state;
  let steps = prev ? [...prev.steps, step] : [step];
  if (steps.length > MAX_UNDO_STEPS) {
    base = replay(game, base, seat, steps.slice(0, 1));
    steps = steps.slice(1);
  }
  return { seat, version: after.version, base, steps, ...(ends ? { ended: true } : {}) };
}

/**
 * The match with the first `keep` steps of the stack still made (the rest taken back), at a new version:
 * the base with those steps applied again. The seat's clock is what it was before the first step taken
 * back (an undo never buys time); what stays of the stack is current at the new version.
 */
export function restored(game: AnyGame, match: MatchRecord, stack: UndoStack, keep: number, now: number) {
  const rest = stack.steps.slice(0, keep);
  const first = stack.steps[keep]!;
  const advanced = advance(game, match, replay(game, stack.base, stack.seat, rest), now);
  const next: MatchRecord = {
    ...advanced,
    seats: advanced.seats.map((s, i) => (i === stack.seat ? { ...s, waitingSince: first.waitingSince } : s)),
    ...(rest.length > 0 ? { undo: { seat: stack.seat, base: stack.base, version: advanced.version, steps: rest } } : {}),
  };
  return { next, undid: first.version };
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

/** Takes back the seat's last move (see the top of this file): a decision for the runner, answering the new version. */
export function decideUndo(deps: Pick<ChangeDeps, 'game' | 'store'>, seat: Seat, expectedVersion: number): Decide<number> {
  // Someone may write first: the runner reads again, and the checks decide whether the undo still stands.
  return async (match, now) => {
    const stack = undoableNow(match, seat, expectedVersion);
    if (!stack) throw await whyNot(deps.store, match, seat);
    const { next, undid } = restored(deps.game(match.gameId), match, stack, stack.steps.length - 1, now);
    const log: LogRecord = { version: next.version, seat, kind: 'undo', undid, at: now, events: [] };
    return { commit: { match: next, log }, result: next.version };
  };
}

/**
 * The seat's current undo stack; a refusal when the match or the version rules it out; null when there is
 * nothing it may undo (`whyNot` reads the log to say why).
 */
export function undoableNow(match: MatchRecord, seat: Seat, expectedVersion: number): UndoStack | null {
  if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.undo', { version: match.version });
  if (match.seats[seat]?.bot) {
    throw new MatchError('undo-computer-seat', 'error.undo-computer-seat.undo', {
      version: match.version,
    });
  }
  if (expectedVersion < gameVersionOf(match) || expectedVersion > match.version) {
    throw new MatchError('stale-version', 'error.stale-version.decide', {
      version: match.version,
    });
  }
  const stack = currentStack(match, seat);
  return stack && !stack.ended ? stack : null;
}

/** The refusal for a seat with nothing to undo, from the last changes to the game. */
async function whyNot(store: Pick<MatchStore, 'log'>, match: MatchRecord, seat: Seat): Promise<MatchError> {
  const details = { version: match.version };
  const recent = await store.log(match.id, { limit: 8, before: gameVersionOf(match) + 1 });
  const last = recent[0];
  if (!last || last.seat !== seat || (last.kind !== 'move' && last.kind !== 'default-move' && last.kind !== 'undo')) {
    const mine = recent.some((r) => r.seat === seat && r.kind === 'move');
    return mine
      ? new MatchError('undo-others-acted', 'error.undo-others-acted', details)
      : new MatchError('nothing-to-undo', 'error.nothing-to-undo', details);
  }
  if (last.kind === 'undo') return new MatchError('nothing-to-undo', 'error.nothing-to-undo.earlier', details);
  if (last.kind === 'default-move') return new MatchError('undo-not-allowed', 'error.undo-not-allowed.deadline', details);
  if (last.bot !== undefined) return new MatchError('undo-computer-seat', 'error.undo-computer-seat.move', details);
  if (!match.toAct.includes(seat)) {
    const ask = match.undoRequests ? 'yes' : 'no';
    return new MatchError('undo-turn-over', { key: 'error.undo-turn-over', params: { ask } }, details);
  }
  return new MatchError('undo-not-allowed', 'error.undo-not-allowed', details);
}
