/**
 * Replay: a match re-run from its record (seed, options, seat count) and its full log, giving the game
 * state after every logged version, and from it one viewer's steps (`view(state, viewer)` and that
 * version's log lines through present.ts, the same presentation as the log). Pure but for `ReplayReader`,
 * which reads the store and keeps the last few replays of this process.
 *
 * Who sees what: while the match is in play a seat replays its own view at each version and a spectator
 * the public one (both were shown exactly that at the time). Once it is over, a game declaring
 * `replayAfterEnd: 'every-seat'` lets any reader replay it as any seat saw it. A replay whose last state
 * is not the stored one is an error (`replay-diverged`), never shown.
 */
import type { AnyGame, Seat, Viewer } from '#shared/engine/game.js';
import { MatchError } from './errors.js';
import type { LogRecord, MatchRecord, MatchStore } from './port.js';
import { logEntries, presentLog } from './present.js';

/** Steps in one answer; the page asks for the next ones with `from = next`. */
export const REPLAY_PAGE = 50;
/** Replays kept per process (a page stepping through a match asks several times in a row). */
const KEPT_REPLAYS = 8;

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
 * before the record it took back). Every other record keeps the state as it was.
 */
export function replayFrames(game: AnyGame, match: MatchRecord, log: readonly LogRecord[]): Frame[] {
  const frames: Frame[] = [];
  let state: unknown = null;
  const records = log.filter((r) => r.version <= match.version);
  // A match that started at its creation (against computers only) has no start record: version 1 is setup.
  if (match.seed !== null && !records.some((r) => r.kind === 'start')) {
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

const diverged = (match: MatchRecord, why: string) => {
  console.error(JSON.stringify({ level: 'error', message: 'replay diverged', matchId: match.id, why }));
  return new MatchError('replay-diverged', 'error.replay-diverged');
};

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
export function replaySteps(game: AnyGame, match: MatchRecord, frames: readonly Frame[], viewer: Viewer, query: ReplayQuery) {
  const first = frames[0]?.version ?? match.version;
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

/**
 * Reads a match and its full log and replays it, checked against the stored state. The replays of the
 * last few matches are kept by id and version, so stepping page by page through a long match applies
 * its moves once per process.
 */
export class ReplayReader {
  private readonly kept = new Map<string, { version: number; frames: Frame[] }>();

  constructor(private readonly store: MatchStore) {}

  async frames(game: AnyGame, match: MatchRecord): Promise<Frame[]> {
    const hit = this.kept.get(match.id);
    if (hit && hit.version === match.version) return hit.frames;
    const frames = replayFrames(game, match, await this.store.fullLog(match.id));
    checkFinal(game, match, frames);
    this.kept.delete(match.id);
    this.kept.set(match.id, { version: match.version, frames });
    while (this.kept.size > KEPT_REPLAYS) this.kept.delete(this.kept.keys().next().value!);
    return frames;
  }
}
