/**
 * Undo requests, a creation option (`undoRequests`): after ending a turn that showed nothing hidden
 * (`Game.revealsNothing`), its player may ask the others to let them take it back, as far back as its
 * last stretch of undoable moves (./undo.ts keeps it as a stack marked `ended`). The request and a
 * refusal are changes beside the game (the version moves, the game version does not; log records
 * `undo-asked`, `undo-refused`); the seats people play are asked, by notification too. When the last of
 * them accepts, the state goes back to before the first step of the stack, logged as an `undo` record
 * naming that step (`undid`) with `acceptedBy`. Any change to the game before that ends the request.
 * A computer never answers: computer seats (and seats a computer stands in for) are not asked; with
 * nobody to ask, asking takes the turn back at once.
 */
import type { Seat } from '#shared/engine/game.js';
import type { ChangeCommit, ChangeDeps, Decide } from './change.js';
import { MatchError } from './errors.js';
import type { LogRecord, MatchRecord, NotificationIntent, UndoStack } from './port.js';
import { countSideChange } from './side-changes.js';
import { currentStack, restored, waitingFor } from './undo.js';

/** The seat asks the others to take back its last turn (with nobody to ask, it is taken back at once). */
export function decideAsk(deps: Pick<ChangeDeps, 'game'>, seat: Seat, expectedVersion: number): Decide<void> {
  return (match, now) => {
    const stack = askable(match, seat, expectedVersion);
    const asked = { ...stack, request: { at: now, accepted: [] } };
    const ask = waitingFor(match, asked);
    if (ask.length === 0) return { commit: takeBack(deps, match, asked, now), result: undefined };
    const next = { ...match, seats: countSideChange(match, seat, now), undo: asked, version: match.version + 1, updatedAt: now };
    const log: LogRecord = { version: next.version, seat, kind: 'undo-asked', at: now, events: [] };
    return { commit: { match: next, log, intents: ask.map((to) => notice(match, to, seat, now)) }, result: undefined };
  };
}

/** An opponent answers the request: a refusal ends it; the last acceptance takes the turn back. */
export function decideAnswer(deps: Pick<ChangeDeps, 'game'>, seat: Seat, accept: boolean): Decide<void> {
  return (match, now) => {
    const stack = currentStack(match);
    if (!stack?.ended || !stack.request || !waitingFor(match, stack).includes(seat)) {
      throw new MatchError('no-undo-request', 'error.no-undo-request', { version: match.version });
    }
    const answered: UndoStack = { ...stack, request: { ...stack.request, accepted: [...stack.request.accepted, seat] } };
    const side = (undo: UndoStack | undefined, log?: LogRecord): ChangeCommit => ({
      match: { ...match, ...(undo ? { undo } : { undo: undefined }), version: match.version + 1, updatedAt: now },
      ...(log ? { log } : {}),
    });
    const commit = !accept
      ? side(undefined, { version: match.version + 1, seat, kind: 'undo-refused', at: now, events: [] })
      : waitingFor(match, answered).length > 0
        ? side(answered)
        : takeBack(deps, match, answered, now);
    return { commit, result: undefined };
  };
}

/** Everyone agreed (or nobody had to): the state before the stack's first step, logged as an `undo`. */
function takeBack(deps: Pick<ChangeDeps, 'game'>, match: MatchRecord, stack: UndoStack, now: number): ChangeCommit {
  const { next, undid } = restored(deps.game(match.gameId), match, stack, 0, now);
  const acceptedBy = stack.request?.accepted ?? [];
  return { match: next, log: { version: next.version, seat: stack.seat, kind: 'undo', undid, acceptedBy, at: now, events: [] } };
}

/** The seat's ended turn it may ask back now, or the refusal saying why not. */
function askable(match: MatchRecord, seat: Seat, expectedVersion: number): UndoStack {
  const details = { version: match.version };
  if (!match.undoRequests) throw new MatchError('undo-requests-off', 'error.undo-requests-off', details);
  if (match.status !== 'active') throw new MatchError('match-not-active', 'error.match-not-active.ask', details);
  if (match.seats[seat]?.bot) {
    throw new MatchError('undo-computer-seat', 'error.undo-computer-seat', details);
  }
  if (expectedVersion < (match.gameVersion ?? match.version) || expectedVersion > match.version) {
    throw new MatchError('stale-version', 'error.stale-version.decide', details);
  }
  const stack = currentStack(match, seat);
  if (stack?.ended && stack.request) throw new MatchError('undo-already-asked', 'error.undo-already-asked', details);
  if (!stack?.ended) {
    throw new MatchError('undo-not-askable', 'error.undo-not-askable', details);
  }
  return stack;
}

function notice(match: MatchRecord, to: Seat, from: Seat, now: number): NotificationIntent {
  return {
    matchId: match.id,
    version: match.version + 1,
    seat: to,
    kind: 'undo-asked',
    gameId: match.gameId,
    lines: [`{${from}} asked to take back their last turn.`],
    createdAt: now,
  };
}
