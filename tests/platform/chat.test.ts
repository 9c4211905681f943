/**
 * Table chat and the quick nudge (issue 17, "Talking"), through the real app on the in-memory stores:
 * messages are stored with the match and raise its version but not its game version (a move racing a
 * message is never lost or made stale), every bad message gets a clear error and changes nothing, a
 * seat is rate limited (429 + Retry-After), spectators and computers never post, notices are batched
 * and muted, and a nudge is once a day, only when someone else is to move, and shows in the log.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { CHAT, NUDGE_EVERY_MS } from '../../functions/matches/chat.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { client, toCountPhase, type Json, type Seat } from '../support/app.js';
import { secretSums } from '../support/test-game.js';
import { english, NAMES } from '../support/words.js';

async function setup() {
  const memory = new MemoryTable();
  const table = { store: new MemoryMatchStore(memory), memory };
  const clock = { now: Date.UTC(2026, 0, 5, 9) };
  const notify = new MemoryNotifyStore(memory);
  const app = createApp({
    store: table.store,
    games: new Map([[secretSums.id, secretSums]]),
    clock: () => clock.now,
    publicUrl: 'http://dutch.test',
    notifications: { store: notify, clock: () => clock.now },
  });
  const api = client(app);
  const started = await api.started('secret-sums', 2, { target: 30 });
  const matchId = started.matchId;
  const base = `/api/matches/${matchId}`;
  const say = (s: Seat, text: unknown) => api.call('POST', `${base}/seats/${s.seat}/chat`, { token: s.token, body: { text } });
  const list = (s: Seat | 'spectator', after = 0) =>
    s === 'spectator'
      ? api.call('GET', `${base}/spectate/chat?after=${after}`, { token: started.spectator })
      : api.call('GET', `${base}/seats/${s.seat}/chat?after=${after}`, { token: s.token });
  const mute = (s: Seat, muted: boolean) => api.call('PUT', `${base}/seats/${s.seat}/chat/mute`, { token: s.token, body: { muted } });
  const nudge = (s: Seat) => api.call('POST', `${base}/seats/${s.seat}/nudge`, { token: s.token });
  const read = async (s: Seat): Promise<Json> => (await api.read(matchId, s)).json;
  const chatNotices = async () => (await notify.pendingIntents(matchId)).filter((n) => n.kind === 'chat');
  return {
    api,
    table,
    clock,
    notify,
    matchId,
    seats: started.seats,
    spectator: started.spectator,
    say,
    list,
    mute,
    nudge,
    read,
    chatNotices,
  };
}

describe('table chat', () => {
  it('a message is stored with the match: both seats and the spectator read it, the version rises, the game version does not', async () => {
    const { api, table, matchId, seats, say, list, read } = await setup();
    const [ann, bob] = [seats[0]!, seats[1]!];
    const before = await read(ann);
    expect(before.chat).toEqual({ count: 0, muted: false });
    const posted = await say(ann, '  Good luck & have fun <b>!</b>  ');
    expect(posted.status).toBe(201);
    expect(posted.json.message).toMatchObject({ seq: 1, seat: 0, text: 'Good luck & have fun <b>!</b>' });
    expect(posted.json.version).toBe(before.version + 1);
    for (const who of [bob, 'spectator'] as const) {
      const page = await list(who);
      expect(page.status).toBe(200);
      expect(page.json.messages.map((m: Json) => m.text)).toEqual(['Good luck & have fun <b>!</b>']);
    }
    expect((await list(bob, 1)).json.messages).toEqual([]);
    // Stored in the match's partition, expiring with it (the same TTL attribute and retention as its log).
    const items = { Items: table.memory.prefixed(`M#${matchId}`, '') };
    const chatItem = items.Items.find((i) => i.sk === 'CHAT#00000001')!;
    const matchItem = items.Items.find((i) => i.sk === 'MATCH')!;
    expect(chatItem).toMatchObject({ type: 'chat', seat: 0, seq: 1 });
    expect(chatItem.expiresAt).toBe(matchItem.expiresAt);
    const after = await read(bob);
    expect(after.chat.count).toBe(1);
    expect(after.version).toBe(before.version + 1);
    // A sealed commit made at the version read before the message is still current.
    const moved = await api.move(matchId, bob, before.version, { kind: 'commit', secret: 4 });
    expect(moved.status).toBe(200);
  });

  it('a move racing chat messages is neither lost nor stale, and every message keeps its place', async () => {
    const { api, matchId, seats, say, list, read } = await setup();
    let version = await toCountPhase(api, matchId, seats);
    for (let round = 0; round < 4; round++) {
      const view = await read(seats[0]!);
      const mover = seats[view.toAct[0]]!;
      const other = seats.find((s) => s !== mover)!;
      const [moved, a, b] = await Promise.all([
        api.move(matchId, mover, version, { kind: 'add', amount: 1 }),
        say(other, `round ${round} from the other seat`),
        say(mover, `round ${round} from the mover`),
      ]);
      expect([moved.status, a.status, b.status]).toEqual([200, 201, 201]);
      const now = await read(mover);
      expect(now.view.counter).toBe(round + 1);
      expect(now.chat.count).toBe(2 * (round + 1));
      expect(now.version).toBe(version + 3);
      version = now.version;
    }
    const page = (await list(seats[0]!)).json.messages as Json[];
    expect(page.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses bad messages with a clear error and changes nothing', async () => {
    const { api, matchId, seats, say, read } = await setup();
    const ann = seats[0]!;
    const before = await read(ann);
    const cases: [unknown, string, RegExp][] = [
      ['', 'invalid-chat', /empty/],
      ['   ', 'invalid-chat', /empty/],
      ['x'.repeat(CHAT.maxChars + 1), 'invalid-chat', /at most 500 characters/],
      ['two\nlines', 'invalid-chat', /control characters/],
      ['bell\u0007', 'invalid-chat', /control characters/],
      ['\u202Egnirts', 'invalid-chat', /control characters/],
      [42, 'invalid-request', /./],
    ];
    for (const [text, code, message] of cases) {
      const r = await say(ann, text);
      expect(r.status, JSON.stringify(text)).toBe(400);
      expect(r.json.error.code).toBe(code);
      expect(r.json.error.message).toMatch(code === 'invalid-chat' ? message : /not valid/);
    }
    // 500 characters of emoji (two UTF-16 units each) are 500 characters.
    expect((await say(ann, '🎲'.repeat(CHAT.maxChars))).status).toBe(201);
    const extra = await api.call('POST', `/api/matches/${matchId}/seats/0/chat`, { token: ann.token, body: { text: 'hi', html: '<b>' } });
    expect(extra.status).toBe(400);
    const noBody = await api.call('POST', `/api/matches/${matchId}/seats/0/chat`, { token: ann.token });
    expect(noBody.status).toBe(415);
    const after = await read(ann);
    expect(after.chat.count).toBe(1);
    expect(after.version).toBe(before.version + 1);
  });

  it('only a seat posts: a spectator reads, a wrong token and a computer seat are refused', async () => {
    const { api, matchId, seats, spectator, list, read } = await setup();
    const asSpectator = await api.call('POST', `/api/matches/${matchId}/seats/1/chat`, { token: spectator, body: { text: 'hi' } });
    expect(asSpectator.status).toBe(403);
    expect((await api.call('POST', `/api/matches/${matchId}/spectate/chat`, { token: spectator, body: { text: 'hi' } })).status).toBe(404);
    expect((await list('spectator')).status).toBe(200);
    const wrong = await api.call('GET', `/api/matches/${matchId}/seats/1/chat`, { token: seats[0]!.token });
    expect(wrong.status).toBe(403);
    expect((await read(seats[0]!)).chat.count).toBe(0);
    // A computer's seat has no token: nothing opens it.
    const created = await api.call('POST', '/api/matches', {
      body: { game: 'secret-sums', seats: 2, options: {}, name: 'Ann', bots: [{ seat: 1, level: 'easy' }] },
    });
    const bot = await api.call('POST', `/api/matches/${created.json.matchId}/seats/1/chat`, {
      token: created.json.token,
      body: { text: 'beep' },
    });
    expect(bot.status).toBe(403);
  });

  it('limits each seat per minute and per day (429 with Retry-After), the other seat keeps its own', async () => {
    const { clock, seats, say, read } = await setup();
    const [ann, bob] = [seats[0]!, seats[1]!];
    for (let i = 0; i < CHAT.perMinute; i++) expect((await say(ann, `hello ${i}`)).status).toBe(201);
    const count = (await read(ann)).chat.count;
    const refused = await say(ann, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('too-many-messages');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect((await read(ann)).chat.count).toBe(count);
    expect((await say(bob, 'I can still talk')).status).toBe(201);
    clock.now += 61 * 1000;
    expect((await say(ann, 'and again')).status).toBe(201);
    // The daily cap: spread over the day so the minute limit never bites.
    for (let sent = CHAT.perMinute + 1; sent < CHAT.perDay; sent++) {
      clock.now += 12_500;
      expect((await say(ann, `message ${sent}`)).status).toBe(201);
    }
    clock.now += 61 * 1000;
    const capped = await say(ann, 'over the daily cap');
    expect(capped.status).toBe(429);
    expect(capped.json.error.message).toMatch(/today/);
    const retry = Number(capped.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    clock.now += retry * 1000;
    expect((await say(ann, 'a new day')).status).toBe(201);
  });
});

describe('chat notices are batched and muted', () => {
  it('a burst of messages makes one notice per other seat, counting the unread messages and naming who wrote', async () => {
    const { clock, seats, say, chatNotices } = await setup();
    const [ann, bob] = [seats[0]!, seats[1]!];
    expect((await say(ann, 'first')).status).toBe(201);
    expect((await say(ann, 'second')).status).toBe(201);
    expect((await say(ann, 'third')).status).toBe(201);
    let notices = await chatNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ seat: 1, chat: { count: 1, from: [0], messages: [{ seat: 0, text: 'first' }] } });
    // After the quiet window, the next message's notice counts everything Bob has not read.
    clock.now += CHAT.noticeEveryMs + 1000;
    expect((await say(ann, 'fourth')).status).toBe(201);
    notices = await chatNotices();
    expect(notices).toHaveLength(2);
    const latest = notices.find((n) => n.chat?.count === 4)!;
    expect(latest.chat!.messages.map((m) => m.text)).toEqual(['first', 'second', 'third', 'fourth']);
    // Bob's own message means he has read them: Ann's notice counts only his.
    expect((await say(bob, 'reply')).status).toBe(201);
    const toAnn = (await chatNotices()).filter((n) => n.seat === 0);
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0]!.chat).toEqual({ count: 1, from: [1], messages: [{ seat: 1, text: 'reply' }] });
  });

  it('no notice to a seat that is reading the chat, or that muted it; mute shows in its match read', async () => {
    const { clock, seats, say, list, mute, read, chatNotices } = await setup();
    const [ann, bob] = [seats[0]!, seats[1]!];
    expect((await list(bob)).status).toBe(200);
    expect((await say(ann, 'are you there?')).status).toBe(201);
    expect((await list(bob)).json.messages).toHaveLength(1);
    clock.now += 60 * 1000;
    expect((await say(ann, 'still reading?')).status).toBe(201);
    expect(await chatNotices()).toHaveLength(0);
    const muted = await mute(bob, true);
    expect(muted.status).toBe(200);
    expect(muted.json.muted).toBe(true);
    expect((await read(bob)).chat.muted).toBe(true);
    expect((await read(ann)).chat.muted).toBe(false);
    clock.now += CHAT.noticeEveryMs + CHAT.seenRecentlyMs;
    expect((await say(ann, 'hello?')).status).toBe(201);
    expect(await chatNotices()).toHaveLength(0);
    expect((await mute(bob, false)).status).toBe(200);
    expect((await say(ann, 'hello again')).status).toBe(201);
    expect(await chatNotices()).toHaveLength(1);
    const bad = await mute(bob, 'yes' as unknown as boolean);
    expect(bad.status).toBe(400);
  });
});

describe('the quick nudge', () => {
  it('reminds whoever else is to move once a day, shows in the log, and refuses clearly otherwise', async () => {
    const { api, clock, notify, matchId, seats, spectator, nudge, read } = await setup();
    await toCountPhase(api, matchId, seats);
    const view = await read(seats[0]!);
    const mover = seats[view.toAct[0]]!;
    const other = seats.find((s) => s !== mover)!;

    const own = await nudge(mover);
    expect(own.status).toBe(409);
    expect(own.json.error.code).toBe('nudge-not-needed');
    expect(own.json.error.message).toMatch(/your move/);
    expect((await api.call('POST', `/api/matches/${matchId}/seats/${mover.seat}/nudge`, { token: spectator })).status).toBe(403);

    const done = await nudge(other);
    expect(done.status).toBe(200);
    expect(done.json.nudged).toEqual([mover.seat]);
    expect(done.json.nudgeAt).toBe(clock.now + NUDGE_EVERY_MS);
    const after = await read(other);
    expect(after.version).toBe(view.version + 1);
    expect(after.chat.nudgeAt).toBe(clock.now + NUDGE_EVERY_MS);
    expect(after.log[0].entries[0]).toMatchObject({ type: 'nudge', seat: other.seat, key: 'match.log.nudge' });
    expect(english(after.log[0].entries[0])).toBe(`${NAMES[other.seat]} nudged ${NAMES[mover.seat]}.`);
    const sent = (await notify.pendingIntents(matchId)).filter((n) => n.kind === 'nudge');
    expect(sent).toEqual([expect.objectContaining({ seat: mover.seat, version: after.version })]);
    // The nudge changes nothing in the game: a move at the version read before it is current.
    expect((await api.move(matchId, mover, view.version, { kind: 'add', amount: 1 })).status).toBe(200);

    clock.now += 3600 * 1000;
    const soon = await nudge(other);
    expect(soon.status).toBe(429);
    expect(soon.json.error.code).toBe('nudge-too-soon');
    expect(Number(soon.headers.get('Retry-After'))).toBe(23 * 3600);
    clock.now += 23 * 3600 * 1000;
    // It is now the other seat's own move (the mover moved): nobody else to nudge.
    expect((await nudge(other)).json.error.code).toBe('nudge-not-needed');
    expect((await nudge(mover)).status).toBe(200);

    expect((await api.call('POST', `/api/matches/${matchId}/seats/${mover.seat}/resign`, { token: mover.token })).status).toBe(200);
    const over = await nudge(other);
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('match-over');
  });
});

describe('the API document', () => {
  it('documents the chat, mute and nudge routes', async () => {
    const { api } = await setup();
    const paths = (await api.call('GET', '/api/openapi.json')).json.paths;
    expect(Object.keys(paths['/api/matches/{id}/seats/{seat}/chat']).sort()).toEqual(['get', 'post']);
    expect(paths['/api/matches/{id}/spectate/chat'].get).toBeDefined();
    expect(paths['/api/matches/{id}/seats/{seat}/chat/mute'].put).toBeDefined();
    expect(paths['/api/matches/{id}/seats/{seat}/nudge'].post.responses['429']).toBeDefined();
  });
});
