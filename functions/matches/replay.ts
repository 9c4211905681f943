/**
 * Replay: a match re-run from its record (seed, options, seat count) and its log, giving the game
 * state after every logged version, and from it one viewer's steps (`view(state, viewer)` and that
 * version's log lines through present.ts, the same presentation as the log). Pure but for `ReplayReader`,
 * which reads the store and keeps the last few replays of this process.
 *
 * Checkpoints: every REPLAY_CHECKPOINT_EVERY versions the one runner (./change.ts) writes the game state
 * after that version beside its log record, in the same transaction (`checkpointOf`). A replay from version
 * v (the page's "N moves since you last looked") starts at the newest checkpoint at or before v and reads
 * only the log records from there on: O(moves since), not the whole log. A match with no checkpoint (made
 * before them, or younger than the first) replays from setup as before. docs/decisions/replay-checkpoints.md
 *
 * Who sees what: while the match is in play a seat replays its own view at each version and a spectator
 * the public one (both were shown exactly that at the time). Once it is over, a game declaring
 * `replayAfterEnd: 'every-seat'` lets any reader replay it as any seat saw it. A replay whose last state
 * is not the stored one is an error (`replay-diverged`), never shown.
 */
import type { AnyGame, Seat, Viewer } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { Checkpoint, Commit, LogRecord, MatchRecord, MatchStore } from './port.js';
import { logEntries, presentLog } from './present.js';

/** Steps in one answer; the page asks for the next ones with `from = next`. */
export const REPLAY_PAGE = 50;
/** Replays kept per process (a page stepping through a match asks several times in a row). */
const KEPT_REPLAYS = 8;
/**
 * A checkpoint every this many versions: about 4 write units each (a Golden Age state packs to ~1 KB, twice
 * inside a transaction), against the log records a replay reads past it (~2.9 KB each). The figures that chose
 * it: docs/decisions/replay-checkpoints.md.
 */
export const REPLAY_CHECKPOINT_EVERY = 20;

/**
 * What a return visit near the end of a Golden Age match may read at most, in read units (DynamoDB's
 * 4 KB; tests/platform/replay-reads.test.ts counts them at the wire): before checkpoints, 444.
 */
export const RETURN_VISIT_READ_UNITS = 30;
/**
 * The read units measured at the wire for such a visit 11 moves after the last look (DynamoDB Local, a Golden
 * Age match of 4 near its end; docs/decisions/replay-checkpoints.md): the whole log before checkpoints, and now.
 * For the capacity and cost model (infra/).
 */
export const RETURN_VISIT_READS_MEASURED = { beforeCheckpoints: 444, fromCheckpoint: 8.5 } as const;

/** The checkpoint a commit writes beside its log record: the new state, at every REPLAY_CHECKPOINT_EVERY-th version. */
export function checkpointOf(c: Pick<Commit, 'match' | 'log'>): Checkpoint | undefined {
  const { match, log } = c;
  if (!log || log.version !== match.version || match.state === null) return undefined;
  return log.version % REPLAY_CHECKPOINT_EVERY === 0 ? { version: log.version, state: match.state } : undefined;
}

/** The game after one logged version. `state` is null until the game starts. */
export interface Frame {
  version: number;
  at: number;
  state: unknown;
  record: LogRecord | null;
}

/**
 * The state after every logged version, in version order. Records that change the game: `start` (setup
 * from the seed), `move` and `default-move` (applied with their recorded time), `undo` (back to the state
 * before the record it took back). Every other record keeps the state as it was. From a checkpoint, `log`
 * begins with the record of the checkpoint's version, and the first frame is that record with its state.
 */
export function replayFrames(game: AnyGame, match: MatchRecord, log: readonly LogRecord[], checkpoint?: Checkpoint): Frame[] {
  const frames: Frame[] = [];
  let state: unknown = null;
  let records = log.filter((r) => r.version <= match.version);
  if (checkpoint) {
    const [at, ...after] = records;
    if (at?.version !== checkpoint.version) throw diverged(match, `no log record at the checkpoint's version ${checkpoint.version}`);
    state = checkpoint.state;
    frames.push({ version: at.version, at: at.at, state, record: at });
    records = after;
  } else if (match.seed !== null && !records.some((r) => r.kind === 'start')) {
    // A match that started at its creation (against computers only) has no start record: version 1 is setup.
    state = game.setup(match.seats.length, match.options, match.seed);
    frames.push({ version: 1, at: match.createdAt, state, record: null });
  }
  for (const record of records) {
    state = nextState(game, match, frames, state, record);
    frames.push({ version: record.version, at: record.at, state, record });
  }
  return frames;
}

function nextState(game: AnyGame, match: MatchRecord, frames: readonly Frame[], state: unknown, record: LogRecord): unknown {
  switch (record.kind) {
    case 'start':
      if (match.seed === null) throw diverged(match, `version ${record.version} starts a match with no seed`);
      return game.setup(match.seats.length, match.options, match.seed);
    case 'move':
    case 'default-move': {
      if (record.seat === null || state === null) throw diverged(match, `version ${record.version} moves before the start`);
      const applied = game.apply(state, record.seat, record.move, { now: record.at });
      if (!applied.ok) throw diverged(match, `version ${record.version} is refused on replay (${applied.error.code})`);
      return applied.value.state;
    }
    case 'undo': {
      const undid = record.undid;
      const before = undid === undefined ? undefined : frames.findLast((f) => f.version < undid);
      if (!before) throw diverged(match, `version ${record.version} undoes a version the log does not hold`);
      return before.state;
    }
    default:
      return state;
  }
}

/** The replayed state must be the stored one, else the log or the engine changed under the match. */
export function checkFinal(game: AnyGame, match: MatchRecord, frames: readonly Frame[]): void {
  const last = frames.at(-1)?.state ?? null;
  const form = (state: unknown) => JSON.stringify(state === null || !game.canonical ? state : game.canonical(state));
  if (form(last) !== form(match.state)) throw diverged(match, 'the last state differs from the stored one');
}

/** A replay that does not lead to the stored state; `why` is for the server's log (ReplayReader), never the caller. */
class Diverged extends MatchError {
  constructor(readonly why: string) {
    super('replay-diverged', 'error.replay-diverged');
  }
}

const diverged = (_match: MatchRecord, why: string) => new Diverged(why);

/** What a replay request asks for: a version range (inclusive), and after the end, a seat's eyes. */
export interface ReplayQuery {
  from?: number;
  to?: number;
  as?: Seat;
}

/** Whose eyes a replay uses: the caller's own, or after the end (where the game allows it) any seat's. */
export function replayViewer(game: AnyGame, match: MatchRecord, own: Viewer, as: Seat | undefined): Viewer {
  if (as === undefined || as === own) return own;
  if (match.status !== 'over' || game.replayAfterEnd !== 'every-seat') {
    throw new MatchError('replay-not-offered', 'error.replay-not-offered');
  }
  if (as >= match.seats.length)
    throw new MatchError('replay-range', { key: 'error.replay-range.seat', params: { last: match.seats.length - 1 } });
  return as;
}

/**
 * One page of steps for `viewer`. The first step is the game as it stood at `from` (the view one last
 * saw, when `from` is where one left off); then every logged version up to `to`, at most REPLAY_PAGE.
 */
export function replaySteps(
  game: AnyGame,
  match: MatchRecord,
  frames: readonly Frame[],
  viewer: Viewer,
  query: ReplayQuery,
  first = frames[0]?.version ?? match.version,
) {
  const from = query.from ?? first;
  const to = query.to ?? match.version;
  if (from < 1 || to > match.version || from > to) {
    throw new MatchError('replay-range', { key: 'error.replay-range', params: { version: match.version } }, { version: match.version });
  }
  const standing = frames.findLastIndex((f) => f.version <= from);
  const start = standing >= 0 ? standing : frames.findIndex((f) => f.version >= from);
  const inRange = start < 0 ? [] : frames.slice(start).filter((f) => f.version <= to);
  const page = inRange.slice(0, REPLAY_PAGE);
  const more = inRange[REPLAY_PAGE];
  return {
    matchId: match.id,
    version: match.version,
    status: match.status,
    first,
    last: frames.at(-1)?.version ?? first,
    viewer,
    everySeat: match.status === 'over' && game.replayAfterEnd === 'every-seat',
    steps: page.map((f) => ({
      version: f.version,
      at: f.at,
      view: f.state === null ? null : game.view(f.state, viewer),
      log: f.record ? presentLog(game, [f.record], viewer).map((l) => ({ ...l, entries: l.entries ?? [] })) : [],
    })),
    next: more ? more.version : null,
    total: inRange.length,
    since: changesSince(game, frames, viewer, from),
  };
}

/**
 * The logged versions after `from` (up to now) that the match page's "N moves since you last looked"
 * counts: by someone other than the viewer, with lines the viewer can read. From the frames the replay
 * holds anyway, so the page learns the number for any gap with no read of its own (its log page holds
 * only the newest records).
 */
export function changesSince(game: AnyGame, frames: readonly Frame[], viewer: Viewer, from: number): number {
  let n = 0;
  for (const f of frames) {
    if (f.version > from && f.record && f.record.seat !== viewer && logEntries(game, f.record, viewer).length > 0) n++;
  }
  return n;
}

/** Frames from some version on, and the version the whole replay starts at (its first step). */
export interface Replayed {
  frames: Frame[];
  first: number;
}

/**
 * Reads a match's log and replays it, checked against the stored state: from the newest checkpoint at or
 * before `from` when there is one, else the whole log. The replays of the last few matches are kept by id
 * and version, so stepping page by page through a long match applies its moves once per process.
 *
 * Reads: the checkpoint and the older log records eventually consistent (half the price: they were
 * committed before the match was read), then one consistent read of anything after the last record that
 * came back, so a record a lagging replica missed is never missing. A replay that does not lead to the
 * stored state is read once more, all of it consistently, before it counts as diverged.
 */
export class ReplayReader {
  private readonly kept = new Map<string, { version: number; whole: boolean } & Replayed>();

  constructor(private readonly store: MatchStore) {}

  async replay(game: AnyGame, match: MatchRecord, from?: number): Promise<Replayed> {
    const hit = this.kept.get(match.id);
    if (hit && hit.version === match.version && (hit.whole || (from !== undefined && (hit.frames[0]?.version ?? from) <= from))) return hit;
    const partial = from === undefined ? null : await this.fromCheckpoint(game, match, from);
    const replayed = partial ?? (await this.whole(game, match));
    this.kept.delete(match.id);
    this.kept.set(match.id, { version: match.version, whole: partial === null, ...replayed });
    while (this.kept.size > KEPT_REPLAYS) this.kept.delete(this.kept.keys().next().value!);
    return replayed;
  }

  private async whole(game: AnyGame, match: MatchRecord): Promise<Replayed> {
    const frames = await this.checked(game, match, (consistent) => this.logFrom(match, 0, consistent));
    return { frames, first: frames[0]?.version ?? match.version };
  }

  /** From the checkpoint at or before `from`; null (replay the whole log) where none serves. */
  private async fromCheckpoint(game: AnyGame, match: MatchRecord, from: number): Promise<Replayed | null> {
    const checkpoint = await this.store.checkpointAt(match.id, Math.min(from, match.version));
    if (!checkpoint) return null;
    const [opening] = await this.store.logFrom(match.id, 0, { limit: 1 });
    const first = firstVersion(match, opening);
    if (first === null) return null;
    try {
      const frames = await this.checked(
        game,
        match,
        async (consistent) => {
          const tail = await this.logFrom(match, checkpoint.version, consistent);
          // An undo of a version at or before the checkpoint needs the frames before it: the whole log then.
          if (tail.some((r) => r.kind === 'undo' && (r.undid ?? 0) <= checkpoint.version)) throw new BeforeCheckpoint();
          return tail;
        },
        checkpoint,
      );
      return { frames, first };
    } catch (err) {
      if (err instanceof BeforeCheckpoint) return null;
      throw err;
    }
  }

  /** The replay of what `read` gives, checked; once more on a consistent read before it counts as diverged. */
  private async checked(
    game: AnyGame,
    match: MatchRecord,
    read: (consistent: boolean) => Promise<LogRecord[]>,
    checkpoint?: Checkpoint,
  ): Promise<Frame[]> {
    try {
      const frames = replayFrames(game, match, await read(false), checkpoint);
      checkFinal(game, match, frames);
      return frames;
    } catch (err) {
      if (!(err instanceof Diverged)) throw err;
    }
    try {
      const frames = replayFrames(game, match, await read(true), checkpoint);
      checkFinal(game, match, frames);
      return frames;
    } catch (err) {
      if (err instanceof Diverged) {
        console.error(
          JSON.stringify({ level: 'error', message: 'replay diverged', matchId: match.id, why: err.why, checkpoint: checkpoint?.version }),
        );
      }
      throw err;
    }
  }

  /** The log from `from` on: eventually consistent, then consistently whatever follows the last record read. */
  private async logFrom(match: MatchRecord, from: number, consistent: boolean): Promise<LogRecord[]> {
    if (consistent) return this.store.logFrom(match.id, from, { consistent: true });
    const older = await this.store.logFrom(match.id, from);
    const last = older.at(-1)?.version ?? from - 1;
    if (last >= match.version) return older;
    return [...older, ...(await this.store.logFrom(match.id, last + 1, { consistent: true }))];
  }
}

/** A log past a checkpoint that reaches back before it (an undo): ReplayReader replays the whole log instead. */
class BeforeCheckpoint extends Error {}

/**
 * The version the whole replay starts at, from the log's first record: setup at version 1 for a match
 * that started at its creation (its log has no join or start record), else that record. Null when the log
 * holds nothing to tell it by.
 */
function firstVersion(match: MatchRecord, opening: LogRecord | undefined): number | null {
  if (!opening) return null;
  if (opening.kind === 'join' || opening.kind === 'start') return opening.version;
  return match.seed !== null ? 1 : null;
}
