/**
 * A computer standing in for a player (issue 15, "takeover"): a passed deadline in a match that chose
 * it, or the player's own request (holidays); the player's next move, or DELETE, takes the seat back.
 * And faults: a bot that throws, thinks too long or proposes a move the rules refuse is replaced by
 * the game's standard move, logged; nothing is lost.
 */
import { describe, expect, it } from 'vitest';
import type { BotPlayer } from '#shared/engine/bot.js';
import { DAY } from '../../functions/matches/timing.js';
import type { Json, Seat } from '../support/api.js';
import { botHarness } from './bots.support.js';

const standIn = (h: Awaited<ReturnType<typeof botHarness>>, id: string, s: Seat, method: 'PUT' | 'DELETE', body?: Json) =>
  h.api.call(method, `/api/matches/${id}/seats/${s.seat}/stand-in`, { token: s.token, ...(body === undefined ? {} : { body }) });

/** Ann and Bob in an auction, both joined. */
async function twoPeople(h: Awaited<ReturnType<typeof botHarness>>, timing?: Json) {
  const created = await h.create({ game: 'dutch-auction', seats: 2, ...(timing ? { timing } : {}) });
  const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
  expect(joined.status).toBe(200);
  const ann: Seat = { seat: 0, token: created.token };
  const bob: Seat = { seat: 1, token: joined.json.token };
  return { id: created.matchId, ann, bob };
}

describe('a computer standing in', () => {
  it("a passed deadline with onDeadline 'bot' hands the seat to a computer, which moves for it; the player's next move takes it back", async () => {
    const h = await botHarness({ seed: 7 });
    const { id, ann, bob } = await twoPeople(h, { reminderHours: 0, deadlineDays: 1, onDeadline: 'bot' });
    const start = await h.api.read(id, ann);
    expect(start.json.timing).toMatchObject({ deadlineDays: 1, onDeadline: 'bot' });
    expect(start.json.timing.policy).toContain('computer player takes over');
    // Ann seals her bid in time; Bob does not.
    const ready = await h.humanMove(id, ann);
    expect(ready).toBe('moved');
    h.clock.now += DAY;
    const report = await h.sweep.run();
    expect(report).toMatchObject({ standIns: 1, defaultMoves: 0, forfeits: 0 });
    const after = await h.api.read(id, ann);
    expect(after.json.seats[1]).toMatchObject({ name: 'Bob', bot: { level: 'strong', standIn: 'deadline' } });
    expect(after.json.log[0].entries[0]).toMatchObject({ type: 'stand-in', seat: 1 });
    // Bob is told, once; the sweep running again changes nothing more.
    expect((await h.intents(id)).filter((n) => n.seat === 1 && n.kind === 'stood-in')).toHaveLength(1);
    expect(await h.sweep.run()).toMatchObject({ standIns: 0, defaultMoves: 0 });

    // The computer moves for Bob as soon as the runner is woken.
    await h.runner.handle(id);
    const played = await h.api.read(id, ann);
    expect(played.json.log.some((l: Json) => l.seat === 1 && l.bot === 'strong')).toBe(true);
    // Ann plays on until it is Bob's turn again (the runner not woken in between), then Bob moves himself.
    for (let i = 0; i < 200 && !(await h.api.read(id, bob)).json.toAct.includes(1); i++) {
      if ((await h.humanMove(id, ann)) !== 'moved') await h.runner.handle(id);
    }
    const takenBack = await h.humanMove(id, bob);
    expect(takenBack).toBe('moved');
    const back = await h.api.read(id, bob);
    expect(back.json.seats[1].bot).toBeUndefined();
    expect(back.json.log[0].entries[0]).toMatchObject({ type: 'take-back', seat: 1 });
    expect(back.json.log[0].bot).toBeUndefined();
    // No "your move" reached Bob while the computer played for him.
    const standInVersion = after.json.version;
    const mine = (await h.intents(id)).filter((n) => n.seat === 1 && n.kind === 'your-move');
    expect(mine.filter((n) => n.version > standInVersion && n.version < back.json.log[0].version)).toEqual([]);
    // The computer no longer moves for him.
    const report2 = await h.runner.handle(id);
    expect((await h.api.read(id, bob)).json.log.filter((l: Json) => l.version > back.json.log[0].version && l.seat === 1)).toEqual([]);
    expect(report2.fallbacks).toBe(0);
  }, 60_000);

  it("onDeadline 'forfeit': the late seat forfeits instead of getting the standard move", async () => {
    const h = await botHarness();
    const { id, ann } = await twoPeople(h, { reminderHours: 0, deadlineDays: 1, onDeadline: 'forfeit' });
    expect(await h.humanMove(id, ann)).toBe('moved');
    h.clock.now += DAY;
    expect(await h.sweep.run()).toMatchObject({ forfeits: 1, defaultMoves: 0, standIns: 0 });
    const end = await h.api.read(id, ann);
    expect(end.json.status).toBe('over');
    expect(end.json.end).toMatchObject({ reason: 'forfeit', seat: 1, winners: [0] });
  });

  it('a player hands their seat to a computer (PUT stand-in) and takes it back (DELETE); bad requests change nothing', async () => {
    const h = await botHarness();
    const { id, ann, bob } = await twoPeople(h);
    const before = await h.api.read(id, ann);
    const put = await standIn(h, id, bob, 'PUT', { level: 'easy' });
    expect(put.status, put.text).toBe(200);
    expect(put.json.you).toBe(1);
    expect(put.json.seats[1].bot).toEqual({ level: 'easy', standIn: 'asked' });
    expect(put.json.log[0].entries[0]).toMatchObject({ type: 'stand-in', seat: 1 });
    // A change beside the game: Ann's move made at the version she read is still current.
    const annMove = await h.api.move(id, ann, before.json.version, before.json.legalMoves[0]);
    expect(annMove.status, annMove.text).toBe(200);

    expect((await standIn(h, id, bob, 'PUT', { level: 'strong' })).json.error.code).toBe('already-stood-in');
    for (const [body, status] of [
      [{ level: 'hard' }, 400],
      [{}, 400],
      [{ level: 'easy', extra: 1 }, 400],
    ] as const) {
      const r = await standIn(h, id, ann, 'PUT', body);
      expect(r.status).toBe(status);
      expect(r.json.error.message.length).toBeGreaterThan(5);
    }
    expect((await h.api.call('PUT', `/api/matches/${id}/seats/0/stand-in`, { token: bob.token, body: { level: 'easy' } })).status).toBe(
      403,
    );
    expect((await standIn(h, id, ann, 'DELETE')).json.error.code).toBe('not-stood-in');
    expect((await h.api.read(id, ann)).json.seats[0].bot).toBeUndefined();

    await h.runner.handle(id);
    const moved = await h.api.read(id, ann);
    expect(moved.json.log.some((l: Json) => l.seat === 1 && l.bot === 'easy')).toBe(true);
    const del = await standIn(h, id, bob, 'DELETE');
    expect(del.status, del.text).toBe(200);
    expect(del.json.seats[1].bot).toBeUndefined();
    expect(del.json.log[0].entries[0]).toMatchObject({ type: 'take-back', seat: 1 });
    expect((await standIn(h, id, bob, 'DELETE')).json.error.code).toBe('not-stood-in');
    // Rate limited like the other changes beside the game.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await standIn(h, id, bob, i % 2 === 0 ? 'PUT' : 'DELETE', { level: 'easy' })).status);
    // Two changes so far, four more allowed in the hour; the seventh is refused (and changes nothing).
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 429]);
    expect((await h.api.read(id, ann)).json.seats[1].bot).toBeUndefined();
  });
});

describe('a failing computer player', () => {
  const throwing: BotPlayer<Json, Json> = {
    decide: () => {
      throw new Error('kaput');
    },
  };
  const illegal: BotPlayer<Json, Json> = { decide: () => ({ move: { kind: 'steal-everything' } }) };

  it.each([
    ['throws', new Map([['dutch-auction', throwing]]), undefined],
    ['proposes a move the rules refuse', new Map([['dutch-auction', illegal]]), undefined],
    ['thinks past the time limit', undefined, 'slow'],
  ] as const)(
    'a bot that %s makes the standard move instead, logged; the match plays to its end',
    async (why, players, slow) => {
      let t = 0;
      const h = await botHarness({ ...(players ? { players } : {}), ...(slow ? { timer: () => (t += 2500) } : {}) });
      const created = await h.create({ game: 'dutch-auction', seats: 2, bots: [{ seat: 1, level: 'strong' }] });
      const me: Seat = { seat: 0, token: created.token };
      const first = await h.runner.handle(created.matchId);
      expect(first.moves).toBeGreaterThan(0);
      expect(first.fallbacks).toBe(first.moves);
      expect(h.warnings.length).toBeGreaterThan(0);
      expect(h.warnings[0]).toMatchObject({ message: expect.stringContaining('standard move'), matchId: created.matchId, seat: 1 });
      const played = await h.playOut(created.matchId, me, 400);
      expect(played.over, why).toBe(true);
      // Nothing lost: one log record for every version, each of the computer's marked as its.
      const log = await h.fullLog(created.matchId, me);
      const versions = log.map((l: Json) => l.version).sort((a: number, b: number) => a - b);
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => versions[0] + i));
      expect(log.filter((l: Json) => l.seat === 1).every((l: Json) => l.bot === 'strong')).toBe(true);
    },
    60_000,
  );
});
