/**
 * A match change: every change to a match (a move, a side change, chat, an undo, a join…) is a decision
 * on the record read, `decide(match, now)`, and this one runner owns the rest: it reads the match,
 * commits the decision conditioned on the version read (one conditional write), and on a lost race reads
 * again and decides again, up to CHANGE_ATTEMPTS times before the match counts as busy. A decision
 * refuses by throwing a MatchError (or by returning the refusal as its result, with nothing to write).
 *
 * After a commit the runner does what every change needs: a log record that changes the game moves
 * `gameVersion` (side changes do not), every REPLAY_CHECKPOINT_EVERY-th version carries the state as a replay
 * checkpoint (./replay.ts), and the record this process last wrote is remembered (./recent.ts) so the next
 * move at that version skips its read; a lost race forgets it. Then its `watch` hears of it (the signed-in
 * players' waiting boards, functions/players/waiting.ts), before the answer goes.
 */
import type { AnyGame } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { Commit, CommitWatch, LogRecord, MatchRecord, MatchStore } from './port.js';
import type { RecentMatches } from './recent.js';
import { checkpointOf } from './replay.js';

/** Tries of the conditional write before the match counts as busy (others kept writing first). */
export const CHANGE_ATTEMPTS = 8;

/** What every change needs: one bag for all of them. */
export interface ChangeDeps {
  store: MatchStore;
  clock: () => number;
  /** The game of an id (or the unknown-game refusal). */
  game: (id: string) => AnyGame;
  /** The records this process read or wrote last. */
  recent: RecentMatches;
  /** Told of each commit after it (the waiting boards of signed-in players). */
  watch?: CommitWatch;
}

/** The write a decision asks for; its expected version is always the version of the record decided on. */
export type ChangeCommit = Omit<Commit, 'expectedVersion'>;

/**
 * A decision: write `commit` and answer `result`; answer `result` with nothing to write (`done`: a
 * retry already made, nothing to change, a refusal returned as a value); or read afresh and decide again
 * (`again`: the record decided on may be older than the database's, so it is not to be judged on).
 */
export type Decision<R> = { commit: ChangeCommit; result: R } | { done: R } | { again: true };

/** A decision on the record read, at `now` (with what `alongside` read beside it, if anything). */
export type Decide<R, X = undefined> = (match: MatchRecord, now: number, beside: X) => Decision<R> | Promise<Decision<R>>;

export interface ChangeOptions<R, X = undefined> {
  /** Read beside the match at every try, in parallel with it (the chat's read marks), and handed to the decision. */
  alongside?: (matchId: string) => Promise<X>;
  /** Tries before `lost` (CHANGE_ATTEMPTS). */
  attempts?: number;
  /** A record to decide on at the first try instead of reading (a move: the one this process just saw). */
  first?: MatchRecord;
  /** The answer when there is no such match (default: the no-such-match refusal). */
  missing?: () => R;
  /** The answer when every try lost its race (default: the busy refusal). */
  lost?: () => R;
}

/** Log records of changes beside the game: they raise the version, never the game version. */
const SIDE_LOG_KINDS: ReadonlySet<LogRecord['kind']> = new Set(['stand-in', 'take-back', 'undo-asked', 'undo-refused', 'nudge']);

/** Reads, decides, commits conditionally; on a lost race reads and decides again (see the top of this file). */
export async function runChange<R, X = undefined>(
  deps: ChangeDeps,
  matchId: string,
  decide: Decide<R, X>,
  options: ChangeOptions<R, X> = {},
): Promise<R> {
  const attempts = options.attempts ?? CHANGE_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const reading = attempt === 0 && options.first ? options.first : readMatch(deps, matchId);
    const [match, beside] = options.alongside ? await Promise.all([reading, options.alongside(matchId)]) : [await reading, undefined as X];
    if (!match) {
      if (options.missing) return options.missing();
      throw new MatchError('no-such-match', 'error.no-such-match');
    }
    const decision = await decide(match, deps.clock(), beside);
    if ('done' in decision) return decision.done;
    if ('again' in decision) continue;
    if (await commitChange(deps, { ...decision.commit, expectedVersion: match.version })) {
      await deps.watch?.committed(match, decision.commit.match);
      return decision.result;
    }
    // Lost the race: someone changed the match first. Read again; the decision is made afresh.
  }
  if (options.lost) return options.lost();
  throw new MatchError('busy', 'error.busy.moment');
}

/** The match as stored now (remembered for the next move), or null. */
export async function readMatch(deps: Pick<ChangeDeps, 'store' | 'recent'>, matchId: string): Promise<MatchRecord | null> {
  const match = await deps.store.get(matchId);
  if (match) deps.recent.remember(match);
  return match;
}

/**
 * One conditional commit; the record remembered for the next move follows its outcome. A commit with a
 * log record of a change to the game also moves `gameVersion` (what moves are checked against).
 */
async function commitChange(deps: ChangeDeps, c: Commit): Promise<boolean> {
  if (c.log && !SIDE_LOG_KINDS.has(c.log.kind)) c.match.gameVersion = c.log.version;
  const checkpoint = checkpointOf(c);
  if (checkpoint) c.checkpoint = checkpoint;
  const result = await deps.store.commit(c);
  if (result.ok) deps.recent.remember(c.match);
  else deps.recent.forget(c.match.id);
  return result.ok;
}
