/**
 * Computer players on the platform (issue 15): they move on the server through the same path as
 * people (the versioned conditional commit, a log line, notifications to the next humans), driven by
 * the table's stream and never by a person's request; a seat made for a computer cannot be joined or
 * opened; a passed deadline or the player themselves hands a seat to a computer and a move takes it
 * back; a failing bot is replaced by the game's standard move; a rematch keeps the computers.
 */
import { describe, expect, it } from 'vitest';
import type { BotPlayer } from '#shared/engine/bot.js';
import type { LogEntry } from '#shared/engine/game.js';
import { recollect } from '#shared/games/dutch-memory/bots.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { botPlayers } from '#shared/games/bots.js';
import type { Json, Seat } from '../support/api.js';
import { botHarness } from './bots.support.js';

const seatPath = (matchId: string, seat: number, rest = '') => `/api/matches/${matchId}/seats/${seat}${rest}`;

describe('playing against the computer', () => {
  it('auction: one human plays a whole match over HTTP against the strong bot; the rematch keeps the bot; no mail to a computer', async () => {
    const h = await botHarness({ seed: 1 });
    const created = await h.create({ game: 'dutch-auction', seats: 2, bots: [{ seat: 1, level: 'strong' }] });
    // No invite for a computer's seat; with every other seat a computer the match starts at once.
    expect(created.invites).toEqual([]);
    const me: Seat = { seat: 0, token: created.token };
    const first = await h.api.read(created.matchId, me);
    expect(first.json.status).toBe('active');
    expect(first.json.seats[1]).toMatchObject({ name: 'Computer (strong)', joined: true, bot: { level: 'strong' } });
    expect(first.json.seats[0].bot).toBeUndefined();
    // Nothing moved for the computer until the runner is woken (as the stream does): no request waits for it.
    expect(first.json.version).toBe(1);
    expect(first.json.toAct).toContain(1);

    const played = await h.playOut(created.matchId, me, 400);
    expect(played.over).toBe(true);
    const end = await h.api.read(created.matchId, me);
    expect(end.json.end.reason).toBe('finished');
    const log = await h.fullLog(created.matchId, me);
    const botMoves = log.filter((l: Json) => l.seat === 1);
    expect(botMoves.length).toBeGreaterThan(3);
    expect(botMoves.every((l: Json) => l.bot === 'strong')).toBe(true);
    expect(log.filter((l: Json) => l.seat === 0).every((l: Json) => l.bot === undefined)).toBe(true);
    // Each move the computer made is counted, and each of its decisions timed (functions/observe.ts).
    const counted = h.measured.filter((m) => m.name === 'ComputerMoves');
    expect(counted.reduce((n, m) => n + m.value, 0)).toBe(botMoves.length);
    const thought = h.measured.filter((m) => m.name === 'ComputerThinkTime');
    expect(thought.length).toBeGreaterThanOrEqual(botMoves.length);
    expect(thought.every((m) => m.value >= 0)).toBe(true);

    // Notifications go to the human only, and she hears that the match is over.
    const intents = await h.intents(created.matchId);
    expect(intents.some((n) => n.seat === 0 && n.kind === 'your-move')).toBe(true);
    // The last move tells the other side the match is over (the mover needs no mail about it).
    if (log[0].seat === 1) expect(intents.some((n) => n.seat === 0 && n.kind === 'over')).toBe(true);
    expect(intents.filter((n) => n.seat === 1)).toEqual([]);

    // The rematch keeps the computer (now in seat 0: the first player moves on) and starts at once.
    const rematch = await h.api.call('POST', seatPath(created.matchId, 0, '/rematch'), { token: me.token });
    expect(rematch.status, rematch.text).toBe(200);
    const me2: Seat = { seat: rematch.json.seat, token: rematch.json.token };
    expect(me2.seat).toBe(1);
    const next = await h.api.read(rematch.json.matchId, me2);
    expect(next.json.status).toBe('active');
    expect(next.json.seats[0]).toMatchObject({ name: 'Computer (strong)', bot: { level: 'strong' } });
    await h.runner.handle(rematch.json.matchId);
    const after = await h.api.read(rematch.json.matchId, me2);
    expect(after.json.log.some((l: Json) => l.seat === 0 && l.bot === 'strong')).toBe(true);
    expect((await h.intents(created.matchId)).filter((n) => n.seat === 1)).toEqual([]);
    expect((await h.intents(rematch.json.matchId)).filter((n) => n.seat === 0)).toEqual([]);
  }, 120_000);

  it('a computer seat cannot be joined, opened with any token, handed over or moved for; bad bot lists are refused', async () => {
    const h = await botHarness();
    const created = await h.create({
      game: 'golden-age',
      seats: 3,
      bots: [
        { seat: 1, level: 'easy' },
        { seat: 2, level: 'strong' },
      ],
    });
    expect(created.invites).toEqual([]);
    const id = created.matchId;
    const mine = created.token;
    const other = 'A'.repeat(43);
    for (const token of [mine, other]) {
      expect((await h.api.call('GET', seatPath(id, 1), { token })).status).toBe(403);
      expect((await h.api.call('GET', seatPath(id, 2), { token, headers: { 'If-None-Match': '"1"' } })).status).toBe(403);
      expect(
        (await h.api.call('POST', seatPath(id, 1, '/moves'), { token, body: { expectedVersion: 1, move: { kind: 'x' } } })).status,
      ).toBe(403);
      expect((await h.api.call('PUT', seatPath(id, 2, '/stand-in'), { token, body: { level: 'easy' } })).status).toBe(403);
      expect((await h.api.call('DELETE', seatPath(id, 2, '/stand-in'), { token })).status).toBe(403);
      expect((await h.api.call('POST', seatPath(id, 1, '/links'), { token })).status).toBe(403);
    }
    // No invite was made, so no secret takes a computer's seat.
    expect((await h.api.call('POST', `/api/matches/${id}/join`, { body: { invite: other, name: 'Eve' } })).status).toBe(403);
    const links = await h.api.call('POST', seatPath(id, 0, '/links'), { token: mine });
    expect(links.status).toBe(200);
    expect(links.json.invites).toEqual([]);

    const bad: [Json, string][] = [
      [[{ seat: 0, level: 'easy' }], 'invalid-bots'],
      [[{ seat: 3, level: 'easy' }], 'invalid-bots'],
      [
        [
          { seat: 1, level: 'easy' },
          { seat: 1, level: 'strong' },
        ],
        'invalid-bots',
      ],
      [[{ seat: 1, level: 'hard' }], 'invalid-request'],
      [[{ seat: 1 }], 'invalid-request'],
      [{ seat: 1, level: 'easy' }, 'invalid-request'],
    ];
    for (const [bots, code] of bad) {
      const r = await h.api.call('POST', '/api/matches', { body: { game: 'golden-age', seats: 3, name: 'Ann', bots } });
      expect(r.status, JSON.stringify(bots)).toBe(400);
      expect(r.json.error.code).toBe(code);
      expect(r.json.error.message.length).toBeGreaterThan(10);
    }
  });

  it('friends and a computer in one match: invites only for the human seats; it starts when the people are in', async () => {
    const h = await botHarness();
    const created = await h.create({ game: 'dutch-memory', seats: 3, bots: [{ seat: 2, level: 'easy' }] });
    expect(created.invites.map((i) => i.seat)).toEqual([1]);
    const me: Seat = { seat: 0, token: created.token };
    expect((await h.api.read(created.matchId, me)).json.status).toBe('open');
    const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
    expect(joined.status).toBe(200);
    const read = await h.api.read(created.matchId, me);
    expect(read.json.status).toBe('active');
    expect(read.json.seats.map((s: Json) => s.bot?.level ?? null)).toEqual([null, null, 'easy']);
    // Everyone looks at two cards at once: the computer too, once woken.
    await h.runner.handle(created.matchId);
    const after = await h.api.read(created.matchId, me);
    expect(after.json.toAct).not.toContain(2);
    expect(after.json.log.find((l: Json) => l.seat === 2)?.bot).toBe('easy');
    // The start was told to the people, never to the computer.
    expect((await h.intents(created.matchId)).filter((n) => n.seat === 2)).toEqual([]);
  });

  it('Golden Age: two bots and a human play on; the human moves over HTTP, the bots through the runner', async () => {
    const h = await botHarness({ seed: 3 });
    const created = await h.create({
      game: 'golden-age',
      seats: 3,
      bots: [
        { seat: 1, level: 'strong' },
        { seat: 2, level: 'easy' },
      ],
    });
    const me: Seat = { seat: 0, token: created.token };
    const played = await h.playOut(created.matchId, me, 60);
    // Several rounds of turns went round the table (or the game ended).
    const view = (await h.api.read(created.matchId, me)).json.view;
    expect(played.over || view.turn >= 6, `turn ${view.turn}`).toBe(true);
    const log = await h.fullLog(created.matchId, me);
    const bySeat = (s: number) => log.filter((l: Json) => l.seat === s);
    expect(played.humanMoves).toBeGreaterThanOrEqual(played.over ? 5 : 60);
    expect(bySeat(1).length).toBeGreaterThan(5);
    expect(bySeat(2).length).toBeGreaterThan(5);
    expect(bySeat(1).every((l: Json) => l.bot === 'strong')).toBe(true);
    expect(bySeat(2).every((l: Json) => l.bot === 'easy')).toBe(true);
    // Whose turn it is goes round all three: the human was asked to move by notification after the bots.
    const intents = await h.intents(created.matchId);
    expect(intents.some((n) => n.seat === 0 && (n.kind === 'your-move' || n.kind === 'over'))).toBe(true);
    expect(intents.filter((n) => n.seat !== 0)).toEqual([]);
  }, 120_000);
});

describe('snaps wait a human moment', () => {
  it("memory without the memory aid: what a computer's move showed it is kept for it alone and handed back in its own log", async () => {
    const inputs: { seat: number; log?: readonly Json[]; view: Json }[] = [];
    const memory = botPlayers.get('dutch-memory')!;
    const watched = new Map([
      [
        'dutch-memory',
        {
          decide: (level, input) => {
            inputs.push({ seat: input.seat, view: input.view, ...(input.log ? { log: input.log } : {}) });
            return memory.decide(level, input);
          },
          wantsLog: (view) => memory.wantsLog!(view),
        } satisfies BotPlayer<Json, Json>,
      ],
    ]);
    const h = await botHarness({ seed: 8, players: watched });
    const created = await h.create({ game: 'dutch-memory', seats: 2, options: { memoryAid: false }, bots: [{ seat: 1, level: 'easy' }] });
    const me: Seat = { seat: 0, token: created.token };
    await h.runner.handle(created.matchId); // the computer looks at its two cards
    const looked = (await h.fullLog(created.matchId, me)).find((l: Json) => l.seat === 1)!;
    const stored = await h.table.store.logAt(created.matchId, looked.version as number);
    const shown = (stored!.reveal as { cards: { seat: number; slot: number; card: { id: string } }[] }).cards;
    expect(shown.length).toBe(2);
    // Nobody reads it: not the human's log, not a spectator's.
    const everyone = JSON.stringify([await h.fullLog(created.matchId, me), (await h.api.read(created.matchId, me)).json]);
    for (const c of shown) expect(everyone).not.toContain(`"${c.card.id}"`);
    // The human looks too; the computer's next decision carries its own log, with what it was shown.
    await h.humanMove(created.matchId, me);
    inputs.length = 0;
    await h.runner.handle(created.matchId);
    const next = inputs.find((i) => i.seat === 1)!;
    const reveal = next.log!.find((e) => e.type === 'reveal')!;
    expect(reveal.data).toEqual(stored!.reveal);
    // Its view alone hides those faces; recalled from its log, the bot knows them.
    const faces = (v: Json) => (v.benches[1] as Json[]).map((slot) => slot?.card?.id ?? null);
    expect(faces(next.view).every((f: string | null) => f === null)).toBe(true);
    const recalled = faces(recollect(next.view as DutchMemoryView, 1, next.log as LogEntry[]));
    for (const c of shown.filter((c) => c.seat === 1)) expect(recalled[c.slot]).toBe(c.card.id);
  });

  it('memory: a bot snap waits the seeded reaction delay and is decided again on the state after it', async () => {
    // The real bots, watched: each decision of the computer seat goes on the timeline.
    const timeline: Json[] = [];
    const watched = new Map(
      [...botPlayers].map(([id, p]) => [
        id,
        {
          decide: (level, input) => {
            const d = p.decide(level, input);
            timeline.push({ kind: 'decide', seat: input.seat, reaction: d?.reaction === true });
            return d;
          },
        } satisfies BotPlayer<Json, Json>,
      ]),
    );
    const h = await botHarness({ seed: 5, players: watched });
    // The deal is the server's own (random): play matches until a computer has snapped off turn.
    for (let game = 0; game < 6; game++) {
      timeline.length = 0;
      h.waits.length = 0;
      const reacted = await playMemoryWatched(h, timeline);
      if (reacted === null) continue;
      expect(h.waits.length).toBeGreaterThan(0);
      for (const w of h.waits) {
        expect(w).toBeGreaterThanOrEqual(1500);
        expect(w).toBeLessThanOrEqual(3000);
      }
      expect(reacted.length).toBeGreaterThan(0);
      return;
    }
    throw new Error('no computer snapped off turn in six matches');
  }, 240_000);
});

/**
 * One memory match, three strong computers and a human who acts in the runner's waits. Checks that each
 * wait follows a reaction and is followed by a fresh decision; returns the snaps made after a wait
 * (null when no computer snapped off turn in this deal).
 */
async function playMemoryWatched(h: Awaited<ReturnType<typeof botHarness>>, timeline: Json[]): Promise<Json[] | null> {
  const created = await h.create({
    game: 'dutch-memory',
    seats: 4,
    options: { endScore: 30, snapOthers: true },
    bots: [1, 2, 3].map((seat) => ({ seat, level: 'strong' })),
  });
  const me: Seat = { seat: 0, token: created.token };
  const id = created.matchId;
  // While the runner waits, the human acts if it is their turn: the bot must judge the state after that.
  h.during.sleep = async () => {
    const wait: Json = { kind: 'wait', version: (await h.api.read(id, me)).json.version };
    timeline.push(wait);
    wait.humanMoved = (await h.humanMove(id, me)) === 'moved';
  };
  const { over } = await h.playOut(id, me, 400);
  // Each wait follows a reaction decided since the last wait, and is followed at once by a new decision
  // (unless the human's move in the last wait ended the match: then there is nothing left to decide).
  timeline.forEach((t, i) => {
    if (t.kind !== 'wait') return;
    const since = timeline.slice(0, i).reverse();
    const end = since.findIndex((x) => x.kind === 'wait');
    const reacting = new Set((end < 0 ? since : since.slice(0, end)).filter((x) => x.reaction).map((x) => x.seat));
    expect(reacting.size).toBeGreaterThan(0);
    if (i === timeline.length - 1 && over && t.humanMoved) return;
    expect(timeline[i + 1].kind).toBe('decide');
    expect(reacting.has(timeline[i + 1].seat)).toBe(true);
  });
  // A snap made after a wait was decided on the state read after it: it lands right after the
  // human's move made in the wait (if any), at the version that move produced, never before it.
  const log = await h.fullLog(id, me);
  const atVersion = new Map(log.map((l: Json) => [l.version, l]));
  const reacted = timeline.flatMap((t, i) => {
    // The last wait has no decision after it when the human's move in it ended the match (checked above).
    if (t.kind !== 'wait' || i === timeline.length - 1) return [];
    const seat = timeline[i + 1].seat;
    const record: Json = atVersion.get(t.humanMoved ? t.version + 2 : t.version + 1);
    return record?.seat === seat && record.bot && record.entries.some((e: Json) => /snap/i.test(e.type)) ? [{ ...t, seat }] : [];
  });
  for (const r of reacted) if (r.humanMoved) expect(atVersion.get(r.version + 1)?.seat).toBe(0);
  return reacted.length > 0 ? reacted : null;
}
