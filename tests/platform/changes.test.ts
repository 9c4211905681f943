/**
 * A match change is a pure decision on the record read (functions/matches/change.ts, issue 26): these
 * call the decisions directly with a MatchRecord and a time, no database. Side changes (pause, links,
 * chat, nudge, undo requests) decide their commit or their refusal; the runner re-reads and decides again
 * on a lost race, and says busy after CHANGE_ATTEMPTS.
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '#shared/engine/game.js';
import { CHANGE_ATTEMPTS, type ChangeCommit, type ChangeDeps, type Decision, runChange } from '../../functions/matches/change.js';
import { CHAT, decideMute, decidePost, NUDGE_EVERY_MS } from '../../functions/matches/chat.js';
import { MatchError } from '../../functions/matches/errors.js';
import { decideNudge } from '../../functions/matches/nudge.js';
import { decidePause } from '../../functions/matches/pausing.js';
import type { Commit, MatchRecord, MatchStore, UndoStack } from '../../functions/matches/port.js';
import { openMatch, start } from '../../functions/matches/progress.js';
import { RecentMatches } from '../../functions/matches/recent.js';
import { decideRenewLinks } from '../../functions/matches/seating.js';
import { SIDE_CHANGES } from '../../functions/matches/side-changes.js';
import { DAY, PAUSE_BUDGET_DAYS } from '../../functions/matches/timing.js';
import { decideAnswer, decideAsk } from '../../functions/matches/undo-requests.js';
import { secretSums } from '../support/test-game.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const MINUTE = 60_000;
const game = () => secretSums as never;
const games = { game };

/** A two-seat secret-sums match in play (both seats to commit), with a 3-day deadline. */
function inPlay(patch: Partial<MatchRecord> = {}): MatchRecord {
  const open = openMatch({
    gameId: 'secret-sums',
    options: { target: 10 },
    seats: [
      { name: 'Ann', tokenHash: 'a'.repeat(64), inviteHash: null },
      { name: 'Bob', tokenHash: 'b'.repeat(64), inviteHash: null },
    ],
    spectatorHash: 'c'.repeat(64),
    rematchOf: null,
    timing: { reminderHours: 0, deadlineDays: 3 },
    now: T0 - DAY,
  });
  return { ...start(secretSums as never, open, T0 - DAY), ...patch };
}

const withSeat = (m: MatchRecord, seat: Seat, patch: Partial<MatchRecord['seats'][number]>): MatchRecord => ({
  ...m,
  seats: m.seats.map((s, i) => (i === seat ? { ...s, ...patch } : s)),
});

/** The commit a decision asks for (it must ask for one). */
async function committed<R>(d: Decision<R> | Promise<Decision<R>>): Promise<ChangeCommit & { result: R }> {
  const decision = await d;
  if (!('commit' in decision)) throw new Error(`no commit: ${JSON.stringify(decision)}`);
  return { ...decision.commit, result: decision.result };
}

/** The refusal a decision throws: its code and details. */
async function refusal(decide: () => unknown): Promise<MatchError> {
  try {
    await decide();
  } catch (e) {
    if (e instanceof MatchError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('pausing and resuming (decidePause)', () => {
  it('a pause moves the seat on, counts a side change, raises the version and leaves the game version', async () => {
    const m = inPlay();
    const c = await committed(decidePause(0, { kind: 'pause', days: 3 })(m, T0, undefined));
    expect(c.match.version).toBe(m.version + 1);
    expect(c.match.gameVersion).toBe(m.gameVersion);
    expect(c.log).toBeUndefined();
    expect(c.match.seats[0]).toMatchObject({ pausedUntil: T0 + 3 * DAY, pauseUsedMs: 3 * DAY, sideChanges: [T0] });
    expect(c.match.seats[1]).toEqual(m.seats[1]);
  });

  it('refuses a second pause, a pause past the budget, a resume with no pause and a match not in play', async () => {
    const paused = withSeat(inPlay(), 0, { pausedFrom: T0, pausedUntil: T0 + DAY, pauseUsedMs: DAY });
    expect((await refusal(() => decidePause(0, { kind: 'pause', days: 1 })(paused, T0 + MINUTE, undefined))).code).toBe('already-paused');
    const spent = withSeat(inPlay(), 0, { pauseUsedMs: (PAUSE_BUDGET_DAYS - 2) * DAY });
    const budget = await refusal(() => decidePause(0, { kind: 'pause', days: 3 })(spent, T0, undefined));
    expect(budget.code).toBe('pause-budget');
    expect(budget.words).toEqual({ key: 'error.pause-budget', params: { days: 2 } });
    expect((await refusal(() => decidePause(0, { kind: 'resume' })(inPlay(), T0, undefined))).code).toBe('not-paused');
    const over = inPlay({ status: 'over' });
    expect((await refusal(() => decidePause(0, { kind: 'pause', days: 1 })(over, T0, undefined))).code).toBe('match-not-active');
  });

  it('a resume ends the pause now and gives back the unused days', async () => {
    const paused = withSeat(inPlay(), 1, { pausedFrom: T0, pausedUntil: T0 + 3 * DAY, pauseUsedMs: 3 * DAY });
    const c = await committed(decidePause(1, { kind: 'resume' })(paused, T0 + DAY, undefined));
    expect(c.match.seats[1]).toMatchObject({ pausedUntil: T0 + DAY, pauseUsedMs: DAY });
  });
});

describe('new links (decideRenewLinks): the side-change limit', () => {
  it(`allows ${SIDE_CHANGES.perWindow} per window, then refuses with Retry-After until the oldest leaves it`, async () => {
    const times = Array.from({ length: SIDE_CHANGES.perWindow }, (_, i) => T0 - 50 * MINUTE + i * MINUTE);
    const busy = withSeat(inPlay(), 0, { sideChanges: times });
    const e = await refusal(() => decideRenewLinks(0, 'token')(busy, T0, undefined));
    expect(e.code).toBe('too-many-changes');
    expect(e.details.retryAfter).toBe(10 * 60);
    // Once the oldest is out of the window, one more is allowed: a new spectator link, counted.
    const later = await committed(decideRenewLinks(0, 'token')(busy, T0 + 10 * MINUTE + 1, undefined));
    expect(later.match.spectatorHash).not.toBe(busy.spectatorHash);
    expect(later.match.seats[0]!.sideChanges).toHaveLength(SIDE_CHANGES.perWindow);
    expect(later.result.invites).toEqual([]);
  });

  it('a keyed retry answers the same links and writes nothing', async () => {
    const first = await committed(decideRenewLinks(0, 'token', 'links-key-1')(inPlay(), T0, undefined));
    const again = await decideRenewLinks(0, 'token', 'links-key-1')(first.match, T0 + MINUTE, undefined);
    expect(again).toEqual({ done: first.result });
  });
});

describe('the nudge (decideNudge)', () => {
  it('reminds the other seat to move: a log line beside the game and one notice', async () => {
    const c = await committed(decideNudge(games, 0)(inPlay(), T0, undefined));
    expect(c.result).toEqual({ version: inPlay().version + 1, nudged: [1], at: T0 });
    expect(c.log).toMatchObject({ kind: 'nudge', nudged: [1], seat: 0 });
    expect(c.intents?.map((n) => [n.seat, n.kind])).toEqual([[1, 'nudge']]);
  });

  it('too soon: refused with the hours to wait; not needed when only the seat itself is to move', async () => {
    const nudged = withSeat(inPlay(), 0, { chat: { nudgedAt: T0 - NUDGE_EVERY_MS + 90 * MINUTE } });
    const soon = await refusal(() => decideNudge(games, 0)(nudged, T0, undefined));
    expect(soon.code).toBe('nudge-too-soon');
    expect(soon.details.retryAfter).toBe(90 * 60);
    expect(soon.words).toEqual({ key: 'error.nudge-too-soon', params: { hours: 2 } });
    const mine = await refusal(() => decideNudge(games, 0)(inPlay({ toAct: [0] }), T0, undefined));
    expect([mine.code, mine.words]).toEqual(['nudge-not-needed', 'error.nudge-not-needed.yours']);
  });
});

describe('the table chat (decidePost, decideMute)', () => {
  const noMessages = { chatMessages: async () => [] };

  it('posts: the next seq, the version raised, a notice to the other seat', async () => {
    const c = await committed(decidePost(noMessages, 0, 'hello')(inPlay(), T0, []));
    expect(c.chat).toMatchObject({ seq: 1, seat: 0, text: 'hello', version: inPlay().version + 1 });
    expect(c.match.chatCount).toBe(1);
    expect(c.intents?.map((n) => [n.seat, n.kind, n.chat?.count])).toEqual([[1, 'chat', 1]]);
  });

  it(`refuses the ${CHAT.perMinute + 1}th message in a minute, and past ${CHAT.perDay} a day`, async () => {
    const recent = Array.from({ length: CHAT.perMinute }, (_, i) => T0 - 50_000 + i * 1000);
    const chatty = withSeat(inPlay(), 0, { chat: { recent } });
    const minute = await refusal(() => decidePost(noMessages, 0, 'one more')(chatty, T0, []));
    expect([minute.code, minute.details.retryAfter]).toEqual(['too-many-messages', 10]);
    const day = Math.floor(T0 / DAY);
    const daily = withSeat(inPlay(), 0, { chat: { day: [day, CHAT.perDay] } });
    const e = await refusal(() => decidePost(noMessages, 0, 'one more')(daily, T0, []));
    expect([e.code, e.details.retryAfter]).toEqual(['too-many-messages', ((day + 1) * DAY - T0) / 1000]);
  });

  it('muting what is muted already writes nothing', async () => {
    const muted = withSeat(inPlay(), 1, { chat: { muted: true } });
    expect(await decideMute(1, true)(muted, T0, undefined)).toEqual({ done: { version: muted.version } });
    const c = await committed(decideMute(1, false)(muted, T0, undefined));
    expect(c.match.seats[1]!.chat).toEqual({ recent: [T0] });
  });
});

describe('undo requests (decideAsk, decideAnswer)', () => {
  /** Seat 0 ended its turn with one step it may ask back; the other seat is to move. */
  function ended(request?: UndoStack['request']): MatchRecord {
    const m = inPlay({ undoRequests: true, toAct: [1] });
    const step = { version: m.gameVersion!, move: { kind: 'commit', secret: 4 }, at: T0 - MINUTE, waitingSince: T0 - DAY };
    return { ...m, undo: { seat: 0, version: m.gameVersion!, base: m.state, steps: [step], ended: true, ...(request ? { request } : {}) } };
  }

  it('asking: a log line beside the game, the request kept, the other seat told', async () => {
    const m = ended();
    const c = await committed(decideAsk(games, 0, m.version)(m, T0, undefined));
    expect(c.log).toMatchObject({ kind: 'undo-asked', seat: 0, version: m.version + 1 });
    expect(c.match.undo?.request).toEqual({ at: T0, accepted: [] });
    expect(c.intents?.map((n) => [n.seat, n.kind])).toEqual([[1, 'undo-asked']]);
    const again = await refusal(() => decideAsk(games, 0, m.version)(ended({ at: T0, accepted: [] }), T0, undefined));
    expect(again.code).toBe('undo-already-asked');
    const stale = await refusal(() => decideAsk(games, 0, m.version - 1)(m, T0, undefined));
    expect(stale.code).toBe('stale-version');
  });

  it('answering: a refusal ends the request; the last acceptance takes the turn back; nobody else may answer', async () => {
    const asked = ended({ at: T0, accepted: [] });
    const no = await committed(decideAnswer(games, 1, false)(asked, T0, undefined));
    expect(no.log).toMatchObject({ kind: 'undo-refused', seat: 1 });
    expect(no.match.undo).toBeUndefined();
    const yes = await committed(decideAnswer(games, 1, true)(asked, T0, undefined));
    expect(yes.log).toMatchObject({ kind: 'undo', seat: 0, undid: asked.undo!.steps[0]!.version, acceptedBy: [1] });
    expect(yes.match.state).toEqual(asked.undo!.base);
    expect(yes.match.seats[0]!.waitingSince).toBe(T0 - DAY);
    expect((await refusal(() => decideAnswer(games, 0, true)(asked, T0, undefined))).code).toBe('no-undo-request');
  });
});

describe('the runner (runChange)', () => {
  /** A store holding one match whose commit loses `lose` races (another writer's version lands first). */
  function racing(lose: number) {
    let match = inPlay();
    const commits: Commit[] = [];
    const store = {
      get: async () => match,
      commit: async (c: Commit) => {
        commits.push(c);
        if (c.expectedVersion !== match.version) return { ok: false as const, reason: 'stale' as const };
        if (lose-- > 0) {
          match = { ...match, version: match.version + 1 };
          return { ok: false as const, reason: 'stale' as const };
        }
        match = c.match;
        return { ok: true as const };
      },
    } as unknown as MatchStore;
    const deps: ChangeDeps = { store, clock: () => T0, game, recent: new RecentMatches() };
    return { deps, commits, current: () => match };
  }
  const bump = (m: MatchRecord): Decision<number> => ({
    commit: { match: { ...m, version: m.version + 1 }, log: { version: m.version + 1, seat: 0, kind: 'resign', at: T0, events: [] } },
    result: m.version + 1,
  });

  it('a lost race reads again and decides again on the newer record; a game change moves gameVersion; the record is remembered', async () => {
    const { deps, commits, current } = racing(2);
    const seen: number[] = [];
    const v = await runChange(deps, 'm', (m) => {
      seen.push(m.version);
      return bump(m);
    });
    const v0 = inPlay().version;
    expect(seen).toEqual([v0, v0 + 1, v0 + 2]);
    expect(commits.map((c) => c.expectedVersion)).toEqual(seen);
    expect(v).toBe(v0 + 3);
    expect(current().gameVersion).toBe(v0 + 3);
    expect(deps.recent.at(current().id, v0 + 3)).toBe(current());
  });

  it(`busy after ${CHANGE_ATTEMPTS} lost races, or the caller's own answer with one try`, async () => {
    const e = await refusal(() => runChange(racing(CHANGE_ATTEMPTS).deps, 'm', bump));
    expect([e.code, e.words]).toEqual(['busy', 'error.busy.moment']);
    const { deps, commits } = racing(1);
    expect(await runChange(deps, 'm', bump, { attempts: 1, lost: () => -1 })).toBe(-1);
    expect(commits).toHaveLength(1);
  });

  it('a refusal or nothing to write commits nothing', async () => {
    const { deps, commits } = racing(0);
    expect(await runChange(deps, 'm', () => ({ done: 'same' }))).toBe('same');
    await expect(
      runChange(deps, 'm', () => {
        throw new MatchError('forbidden', 'error.forbidden');
      }),
    ).rejects.toThrow(MatchError);
    expect(commits).toEqual([]);
  });
});
