/**
 * Undo on the platform (issue 17, "Take back a slip"), against DynamoDB Local: POST
 * /api/matches/:id/seats/:seat/undo takes back the seat's own last undoable move, writes an `undo` log
 * record at a new version (which becomes the game version), and answers with the match as that seat sees
 * it; every refusal has its code and changes nothing. Played with the auction game: a sealed commit may be
 * undone while the other seat has not sealed yet.
 */
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '#shared/games/index.js';
import type { MatchRecord, MatchStore } from '../../functions/matches/port.js';
import { compose } from '../../functions/notify/compose.js';
import { MAX_UNDO_STEPS, undoAfterMove } from '../../functions/matches/undo.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { findPosition } from '../games/undo-positions.js';
import { DAY } from '../../functions/matches/timing.js';
import type { Json, Seat } from '../support/api.js';
import { botHarness } from './bots.support.js';
import { english, NAMES } from '../support/words.js';

type H = Awaited<ReturnType<typeof botHarness>>;

const undo = (h: H, id: string, s: Seat, expectedVersion: unknown) =>
  h.api.call('POST', `/api/matches/${id}/seats/${s.seat}/undo`, { token: s.token, body: { expectedVersion } });

async function twoPeople(h: H, timing?: Json) {
  const created = await h.create({ game: 'dutch-auction', seats: 2, ...(timing ? { timing } : {}) });
  const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
  expect(joined.status).toBe(200);
  return { id: created.matchId, ann: { seat: 0, token: created.token } as Seat, bob: { seat: 1, token: joined.json.token } as Seat };
}

/** The seat's first legal commit, made at the version it reads; returns the answer. */
async function commit(h: H, id: string, s: Seat) {
  const read = await h.api.read(id, s);
  const move = (read.json.legalMoves as Json[]).find((m) => m.kind === 'commit');
  const r = await h.api.move(id, s, read.json.version, move);
  expect(r.status, r.text).toBe(200);
  return r;
}

/** The stored match, minus what every write changes (for "nothing changed"). */
const stored = async (h: H, id: string) => (await h.table.store.get(id)) as MatchRecord;

describe('undo', () => {
  it('takes back a sealed commit: the state is again the one before, logged at a new version, and the page says so', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    const before = await stored(h, id);
    const moved = await commit(h, id, ann);
    expect(moved.json.undo).toEqual({ canUndo: true, steps: 1 });
    expect(moved.json.toAct).toEqual([1]);
    // Bob's page does not offer him Ann's undo.
    expect((await h.api.read(id, bob)).json.undo).toEqual({ canUndo: false, steps: 0 });

    h.clock.now += 5000;
    const r = await undo(h, id, ann, moved.json.version);
    expect(r.status, r.text).toBe(200);
    expect(r.json.version).toBe(moved.json.version + 1);
    expect(r.json.toAct).toEqual([0, 1]);
    expect(r.json.undo).toEqual({ canUndo: false, steps: 0 });
    expect(r.json.reveal).toBeUndefined();

    const after = await stored(h, id);
    expect(after.state).toEqual(before.state);
    expect(after.gameVersion).toBe(after.version);
    expect(after.undo).toBeUndefined();
    // Her clock is what it was before she moved: an undo buys no time.
    expect(after.seats[0]!.waitingSince).toBe(before.seats[0]!.waitingSince);
    // The log: the undo record says which record it took back, and both seats read the line.
    expect(await h.table.store.logAt(id, after.version)).toMatchObject({ kind: 'undo', seat: 0, undid: moved.json.version, events: [] });
    const bobSees = await h.api.read(id, bob);
    expect(bobSees.json.log[0]).toMatchObject({
      version: after.version,
      seat: 0,
      entries: [{ type: 'undo', key: 'match.log.undo' }],
    });
    expect(english(bobSees.json.log[0].entries[0])).toBe('Ann took back their last move.');
    // The undone commit can be made afresh.
    await commit(h, id, ann);
  });

  it('undoes several purchases in a row in phase 3, each at its own version, back to before the first', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    await commit(h, id, ann);
    await commit(h, id, bob);
    // Whoever is active in phase 3 buys what they can, one card at a time.
    let read = await h.api.read(id, ann);
    const active: Seat = read.json.toAct[0] === 0 ? ann : bob;
    read = await h.api.read(id, active);
    const start = await stored(h, id);
    const versions: number[] = [];
    for (let i = 0; i < 2; i++) {
      const buy = (read.json.legalMoves as Json[]).find((m) => m.kind === 'purchase');
      if (!buy) break;
      const r = await h.api.move(id, active, read.json.version, buy);
      expect(r.status, r.text).toBe(200);
      versions.push(r.json.version);
      expect(r.json.undo).toEqual({ canUndo: true, steps: versions.length });
      read = await h.api.read(id, active);
    }
    expect(versions.length).toBeGreaterThan(0);
    let v = read.json.version as number;
    for (const undid of [...versions].reverse()) {
      const r = await undo(h, id, active, v);
      expect(r.status, r.text).toBe(200);
      expect((await h.table.store.logAt(id, r.json.version))?.undid).toBe(undid);
      v = r.json.version;
    }
    expect((await stored(h, id)).state).toEqual(start.state);
    const none = await undo(h, id, active, v);
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe('nothing-to-undo');
  });

  it('refuses, with its code and nothing changed: nothing to undo, a stale version, after the other seat acted, a revealing move', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    const refused = async (s: Seat, expectedVersion: unknown, code: string, status = 409) => {
      const was = await stored(h, id);
      const r = await undo(h, id, s, expectedVersion);
      expect(r.status, r.text).toBe(status);
      expect(r.json.error.code).toBe(code);
      expect(r.json.error.message.length).toBeGreaterThan(10);
      expect(await stored(h, id)).toEqual(was);
    };
    const start = (await h.api.read(id, ann)).json.version;
    await refused(ann, start, 'nothing-to-undo');
    await refused(ann, start - 1, 'stale-version');
    await refused(ann, -1, 'invalid-request', 400);
    await refused(ann, 'two', 'invalid-request', 400);
    const moved = await commit(h, id, ann);
    await refused(ann, moved.json.version - 1, 'stale-version');
    await refused(bob, moved.json.version, 'nothing-to-undo');
    // Bob's commit shows both bids: Ann can no longer take hers back, nor Bob his.
    const shown = await commit(h, id, bob);
    await refused(ann, shown.json.version, 'undo-others-acted');
    const bobToAct = (shown.json.toAct as number[]).includes(1);
    await refused(bob, shown.json.version, bobToAct ? 'undo-not-allowed' : 'undo-turn-over');
    // A wrong token opens nothing.
    const r = await undo(h, id, { seat: 0, token: bob.token }, shown.json.version);
    expect(r.status).toBe(403);
  });

  it('a seat a computer plays for now cannot undo', async () => {
    const h = await botHarness();
    const { id, ann } = await twoPeople(h);
    const moved = await commit(h, id, ann);
    const handed = await h.api.call('PUT', `/api/matches/${id}/seats/0/stand-in`, { token: ann.token, body: { level: 'easy' } });
    expect(handed.status, handed.text).toBe(200);
    expect(moved.json.version).toBeLessThan(handed.json.version);
    const r = await undo(h, id, ann, handed.json.version);
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('undo-computer-seat');
    expect((await stored(h, id)).version).toBe(handed.json.version);
  });

  it('a move made for a seat at its deadline is not undoable', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h, { reminderHours: 0, deadlineDays: 1 });
    await commit(h, id, ann);
    // Bob misses his deadline: the sweep seals his bid for him, which he cannot take back.
    h.clock.now += DAY + 1000;
    // (If Bob then leads phase 3, his clock still runs from the start and the sweep moves for him again.)
    expect((await h.sweep.run()).defaultMoves).toBeGreaterThan(0);
    expect((await h.table.store.log(id, { limit: 1 }))[0]).toMatchObject({ seat: 1, kind: 'default-move' });
    const now = await h.api.read(id, bob);
    expect(now.json.undo).toEqual({ canUndo: false, steps: 0 });
    const r = await undo(h, id, bob, now.json.version);
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('undo-not-allowed');
    expect(r.json.error.message).toContain('deadline');
  });

  it('racing a move: the other seat commits between the undo’s read and its write, so the undo is refused and changes nothing', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    const moved = await commit(h, id, ann);
    let raced = false;
    const commitOf = h.table.store.commit.bind(h.table.store);
    (h.table.store as MatchStore).commit = async (c) => {
      if (c.log?.kind === 'undo' && !raced) {
        raced = true;
        await commit(h, id, bob);
      }
      return commitOf(c);
    };
    const r = await undo(h, id, ann, moved.json.version);
    expect(raced).toBe(true);
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.code).toBe('stale-version');
    const log = await h.table.store.log(id, { limit: 5 });
    expect(log.some((l) => l.kind === 'undo')).toBe(false);
    // Both bids were shown: the round goes on to phase 3.
    expect((await h.api.read(id, ann)).json.view.phase).toBe('actions');
  });

  it('racing a move the other way: an undo that wins makes the pending move stale (or re-applied, if sealed)', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    const moved = await commit(h, id, ann);
    const bobRead = await h.api.read(id, bob);
    const r = await undo(h, id, ann, moved.json.version);
    expect(r.status).toBe(200);
    // Bob's commit was read before the undo; a sealed commit is re-applied to the newer state.
    const bobMove = (bobRead.json.legalMoves as Json[]).find((m) => m.kind === 'commit');
    const late = await h.api.move(id, bob, bobRead.json.version, bobMove);
    expect(late.status, late.text).toBe(200);
    expect(late.json.toAct).toEqual([0]);
    expect(late.json.view.phase).toBe('commit');
  });
});

describe('undo requests (a creation option)', () => {
  /** An auction with undo requests, both bids sealed; the bid winner buys what it can and finishes its phase 3. */
  async function winnerEndsTurn(h: H, undoRequests = true) {
    const created = await h.create({ game: 'dutch-auction', seats: 2, ...(undoRequests ? { undoRequests } : {}) });
    const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
    const id = created.matchId;
    const seats: Seat[] = [
      { seat: 0, token: created.token },
      { seat: 1, token: joined.json.token },
    ];
    await commit(h, id, seats[0]!);
    await commit(h, id, seats[1]!);
    const winner = seats[(await h.api.read(id, seats[0]!)).json.toAct[0]]!;
    const loser = seats[1 - winner.seat]!;
    const start = await stored(h, id);
    let read = await h.api.read(id, winner);
    const buy = (read.json.legalMoves as Json[]).find((m) => m.kind === 'purchase');
    if (buy) {
      expect((await h.api.move(id, winner, read.json.version, buy)).status).toBe(200);
      read = await h.api.read(id, winner);
    }
    const done = await h.api.move(id, winner, read.json.version, { kind: 'done' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.toAct).toEqual([loser.seat]);
    return { id, winner, loser, start, done };
  }
  const ask = (h: H, id: string, s: Seat, expectedVersion: number) =>
    h.api.call('POST', `/api/matches/${id}/seats/${s.seat}/undo-request`, { token: s.token, body: { expectedVersion } });
  const answer = (h: H, id: string, s: Seat, accept: boolean) =>
    h.api.call('POST', `/api/matches/${id}/seats/${s.seat}/undo-request/answer`, { token: s.token, body: { accept } });

  it('asked after ending the turn and accepted: the turn is taken back to before its first step, the other player was notified', async () => {
    const h = await botHarness();
    const { id, winner, loser, start, done } = await winnerEndsTurn(h);
    expect(done.json.undo).toMatchObject({ canUndo: false, canAsk: true, request: null });
    const asked = await ask(h, id, winner, done.json.version);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json.undo).toMatchObject({ canAsk: false, request: { seat: winner.seat, waitingFor: [loser.seat] }, canAnswer: false });
    const record = await stored(h, id);
    // A change beside the game: the version moves, the game version does not.
    expect(record.version).toBe(done.json.version + 1);
    expect(record.gameVersion).toBe(done.json.version);
    expect(await h.table.store.logAt(id, record.version)).toMatchObject({ kind: 'undo-asked', seat: winner.seat });
    const intents = (await h.intents(id)).filter((n) => n.kind === 'undo-asked');
    expect(intents.map((n) => [n.seat, n.version])).toEqual([[loser.seat, record.version]]);
    expect(intents[0]!.lines.map((l) => english(typeof l === 'string' ? { text: l } : l))).toEqual([
      `${NAMES[winner.seat]} asked to take back their last turn.`,
    ]);
    // The message the dispatcher sends from it: who asks, and what to do.
    const mail = compose({
      intent: intents[0]!,
      match: record,
      game: gameRegistry.get('dutch-auction')!,
      publicLines: null,
      publicUrl: 'http://dutch.test',
    });
    expect(mail.subject).toContain('asks to take back their turn');
    expect(mail.lines).toEqual([`${record.seats[winner.seat]!.name} asked to take back their last turn.`]);
    expect(mail.paragraphs.join(' ')).toContain('accept or refuse');

    const seen = await h.api.read(id, loser);
    expect(seen.json.undo).toMatchObject({ request: { seat: winner.seat, waitingFor: [loser.seat] }, canAnswer: true });
    expect(english(seen.json.log[0].entries[0])).toBe(`${NAMES[winner.seat]} asked to take back their last turn.`);
    const accepted = await answer(h, id, loser, true);
    expect(accepted.status, accepted.text).toBe(200);
    const after = await stored(h, id);
    expect(after.state).toEqual(start.state);
    expect(after.toAct).toEqual([winner.seat]);
    expect(after.gameVersion).toBe(after.version);
    const undoRecord = await h.table.store.logAt(id, after.version);
    const first = (await h.table.store.log(id, { limit: 10 })).filter((l) => l.kind === 'move' && l.version > start.version).at(-1)!;
    expect(undoRecord).toMatchObject({ kind: 'undo', seat: winner.seat, undid: first.version, acceptedBy: [loser.seat] });
    expect(english(accepted.json.log[0].entries[0])).toBe(`${NAMES[winner.seat]} took back their last turn, as the others agreed.`);
  });

  it('refused: the request ends and the game is unchanged; a move voids a request; without the option there is none', async () => {
    const h = await botHarness();
    const { id, winner, loser, done } = await winnerEndsTurn(h);
    expect((await ask(h, id, loser, done.json.version)).json.error.code).toBe('undo-not-askable');
    expect((await answer(h, id, loser, true)).json.error.code).toBe('no-undo-request');
    await ask(h, id, winner, done.json.version);
    expect((await ask(h, id, winner, done.json.version)).json.error.code).toBe('undo-already-asked');
    expect((await answer(h, id, winner, true)).json.error.code).toBe('no-undo-request');
    const before = await stored(h, id);
    const refused = await answer(h, id, loser, false);
    expect(refused.status, refused.text).toBe(200);
    const after = await stored(h, id);
    expect(after.state).toEqual(before.state);
    expect(after.gameVersion).toBe(before.gameVersion);
    expect(after.undo).toBeUndefined();
    expect(await h.table.store.logAt(id, after.version)).toMatchObject({ kind: 'undo-refused', seat: loser.seat });
    expect((await ask(h, id, winner, after.version)).json.error.code).toBe('undo-not-askable');

    // Another match: the request stands, then the other player moves instead of answering.
    const m2 = await winnerEndsTurn(h);
    const asked = await ask(h, m2.id, m2.winner, m2.done.json.version);
    const legal = (await h.api.read(m2.id, m2.loser)).json.legalMoves as Json[];
    const moved = await h.api.move(m2.id, m2.loser, asked.json.version, legal[0]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.undo.request ?? null).toBeNull();
    expect((await answer(h, m2.id, m2.loser, true)).json.error.code).toBe('no-undo-request');

    const m3 = await winnerEndsTurn(h, false);
    expect(m3.done.json.undo.canAsk).toBeUndefined();
    const off = await ask(h, m3.id, m3.winner, m3.done.json.version);
    expect(off.status).toBe(409);
    expect(off.json.error.code).toBe('undo-requests-off');
  });
});

describe('undo requests against computers', () => {
  it('computers are never asked: with only computers to ask, asking takes the turn back at once', async () => {
    // Several matches, until the person wins a bid (then its "done" passes phase 3 to the computer).
    for (let attempt = 0; attempt < 12; attempt++) {
      const h = await botHarness({ seed: attempt });
      const created = await h.create({ game: 'dutch-auction', seats: 2, undoRequests: true, bots: [{ seat: 1, level: 'easy' }] });
      const id = created.matchId;
      const ann: Seat = { seat: 0, token: created.token };
      await commit(h, id, ann);
      await h.runner.handle(id);
      const read = await h.api.read(id, ann);
      const won = ((await stored(h, id)).state as { bidWinner: number | null }).bidWinner === 0;
      if (read.json.toAct[0] !== 0 || read.json.view.phase !== 'actions' || !won) continue;
      const start = await stored(h, id);
      const done = await h.api.move(id, ann, read.json.version, { kind: 'done' });
      expect(done.status, done.text).toBe(200);
      expect(done.json.undo).toMatchObject({ canAsk: true });
      const asked = await h.api.call('POST', `/api/matches/${id}/seats/0/undo-request`, {
        token: ann.token,
        body: { expectedVersion: done.json.version },
      });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.json.toAct).toEqual([0]);
      expect((await stored(h, id)).state).toEqual(start.state);
      expect(await h.table.store.logAt(id, asked.json.version)).toMatchObject({ kind: 'undo', seat: 0, acceptedBy: [] });
      expect((await h.intents(id)).filter((n) => n.kind === 'undo-asked')).toEqual([]);
      return;
    }
    throw new Error('the person never won a bid');
  });
});

describe('undo routes: who may call them', () => {
  it('refuse no token, another seat’s, a malformed one and the spectator’s, with no data and nothing changed', async () => {
    const h = await botHarness();
    const created = await h.create({ game: 'dutch-auction', seats: 2, undoRequests: true });
    const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
    const id = created.matchId;
    const ann: Seat = { seat: 0, token: created.token };
    const moved = await commit(h, id, ann);
    const spectator = new URL(
      (await h.api.call('POST', `/api/matches/${id}/seats/0/links`, { token: ann.token })).json.spectatorUrl,
    ).hash.slice(7);
    const before = JSON.stringify(await stored(h, id));
    const v = (await stored(h, id)).version;
    const routes = [
      { path: 'undo', body: { expectedVersion: v } },
      { path: 'undo-request', body: { expectedVersion: v } },
      { path: 'undo-request/answer', body: { accept: true } },
    ];
    for (const route of routes) {
      for (const [token, status] of [
        [undefined, 401],
        [joined.json.token as string, 403],
        ['not-a-token', 401],
        [spectator, 403],
      ] as const) {
        const r = await h.api.call('POST', `/api/matches/${id}/seats/0/${route.path}`, { token, body: route.body });
        expect(r.status, `${route.path} with ${token}`).toBe(status);
        expect(Object.keys(r.json)).toEqual(['error']);
      }
    }
    expect(JSON.stringify(await stored(h, id))).toBe(before);
    expect(moved.status).toBe(200);
  });
});

describe('the undo stack in the match item', () => {
  it(`keeps one state and at most ${MAX_UNDO_STEPS} moves, however long a Golden Age turn of undoable moves is`, () => {
    const p = findPosition(
      goldenAge,
      4,
      (s, seat, m) =>
        (s as GoldenAgeState).phase === 'actions' && (s as GoldenAgeState).current === seat && (m as GoldenAgeMove).kind === 'move-token',
    );
    let state = p.state as GoldenAgeState;
    const seat = p.seat;
    const seats = [0, 1, 2, 3].map(() => ({ name: 'P', tokenHash: 'h', inviteHash: null, waitingSince: 1 }));
    let match = { status: 'active', version: 10, gameVersion: 10, toAct: [seat], seats, state } as unknown as MatchRecord;
    let moves = 0;
    for (let i = 0; i < 40; i++) {
      const move = goldenAge.legalMoves(state, seat).find((m) => m.kind === 'move-token');
      if (!move) break;
      const r = goldenAge.apply(state, seat, move, { now: i });
      if (!r.ok) throw new Error(r.error.code);
      const after = { ...match, version: match.version + 1, gameVersion: match.version + 1, state: r.value.state } as MatchRecord;
      after.undo = undoAfterMove(goldenAge, match, after, seat, move, r.value, i);
      expect(after.undo).toBeDefined();
      match = after;
      state = r.value.state;
      moves++;
    }
    expect(moves).toBeGreaterThan(MAX_UNDO_STEPS);
    expect(match.undo!.steps).toHaveLength(MAX_UNDO_STEPS);
    // The base moved on with the steps folded into it: replaying the kept steps gives the state.
    let replayed = match.undo!.base as GoldenAgeState;
    for (const s of match.undo!.steps) {
      const r = goldenAge.apply(replayed, seat, s.move as GoldenAgeMove, { now: s.at });
      if (!r.ok) throw new Error(r.error.code);
      replayed = r.value.state;
    }
    expect(replayed).toEqual(state);
    expect(JSON.stringify(match.undo).length).toBeLessThan(2 * JSON.stringify(state).length + 4096);
  });
});
