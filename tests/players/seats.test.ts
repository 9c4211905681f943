/**
 * Claimed seats (issue 16), on DynamoDB Local with the real SMTP listener: seats claimed from two
 * browsers' stores, listed on a third device with what opens them; seats taken while signed in join by
 * themselves; the next match waiting; one signed-in address covers the notices of every claimed seat.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationIntent } from '../../functions/matches/port.js';
import { SeatVault } from '../../functions/players/vault.js';
import { addOne, harness, mailAndPush, playUntilTurnOf, type Harness } from '../notify/support.js';
import { Device, signIn } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const start = Date.UTC(2026, 0, 5, 9, 0, 0);

type Mine = { matchId: string; seat: number; state: string; open: { seat: number; token: string }; url: string } & Record<string, unknown>;

describe('claiming seats and my matches', () => {
  it('claims seats from two browsers, lists them on a third device, and opens them without their links', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const one = await h.started(2, {}, ['Ann', 'Bob']);
    h.clock.advance(60_000);
    const two = await h.started(2, {}, ['Ann', 'Cat']);
    const laptop = new Device(h, 'Laptop');
    const phone = new Device(h, 'Phone');
    await signIn(laptop, io.smtp, 'ann@example.test');
    await signIn(phone, io.smtp, 'ann@example.test');
    await signIn(new Device(h), io.smtp, 'bob@example.test');

    // The laptop's store holds match one's seat; the phone's holds match two's, and a wrong token.
    const fromLaptop = await laptop.call('POST', '/api/me/seats', { body: { seats: [{ matchId: one.matchId, ...one.seats[0]! }] } });
    expect(fromLaptop.json.results).toEqual([{ matchId: one.matchId, seat: 0, claimed: true }]);
    const fromPhone = await phone.call('POST', '/api/me/seats', {
      body: {
        seats: [
          { matchId: two.matchId, ...two.seats[0]! },
          { matchId: one.matchId, seat: 1, token: two.seats[1]!.token },
        ],
      },
    });
    expect(fromPhone.json.results.map((r: { claimed: boolean }) => r.claimed)).toEqual([true, false]);
    // The table keeps no raw seat token: the claimed one is sealed.
    const items = JSON.stringify((await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }))).Items ?? []);
    expect(items).not.toContain(one.seats[0]!.token);
    expect(items).not.toContain(two.seats[0]!.token);
    // Claiming again changes nothing.
    await laptop.call('POST', '/api/me/seats', { body: { seats: [{ matchId: one.matchId, ...one.seats[0]! }] } });

    const tablet = new Device(h, 'Tablet');
    await signIn(tablet, io.smtp, 'ann@example.test');
    const mine = await tablet.call('GET', '/api/me/matches');
    expect(mine.status).toBe(200);
    const list = mine.json.matches as Mine[];
    expect(list.map((m) => m.matchId)).toEqual([one.matchId, two.matchId]);
    expect(list[0]).toMatchObject({
      seat: 0,
      state: 'your-move',
      game: { id: 'secret-sums' },
      you: 'Ann',
      opponents: [{ seat: 1, name: 'Bob' }],
    });
    expect(mine.text).not.toContain('bob@example.test');
    // What the listing gives opens the seat, as its link does.
    for (const m of list) {
      expect((await h.api.read(m.matchId, m.open)).status).toBe(200);
      expect(m.url).toContain(`/m/${m.matchId}#seat=${m.seat}&token=${m.open.token}`);
    }
    // Bad input changes nothing.
    const bad = await tablet.call('POST', '/api/me/seats', { body: { seats: [{ matchId: 'nope', seat: 0, token: 'x' }] } });
    expect(bad.status).toBe(400);
    expect((await tablet.call('POST', '/api/me/seats', { body: { seats: [] } })).status).toBe(400);
  });

  it('orders waiting-for-me first (longest first), then theirs, open, finished with results; next is the longest waiting', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const d = new Device(h);
    await signIn(d, io.smtp, 'ann@example.test');
    const created = async (names: string[]) => {
      const m = await h.started(2, {}, names);
      await d.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
      h.clock.advance(60_000);
      return m;
    };
    const older = await created(['Ann', 'Bob']);
    const newer = await created(['Ann', 'Cat']);
    const done = await created(['Ann', 'Dan']);
    const resigned = await h.api.call('POST', `/api/matches/${done.matchId}/seats/0/resign`, { token: done.seats[0]!.token, body: {} });
    expect(resigned.status).toBe(200);
    // A match made while signed in joins by itself (still waiting for its second player).
    const own = await d.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, options: {}, name: 'Ann' } });
    expect(own.status).toBe(201);

    let list = (await d.call('GET', '/api/me/matches')).json.matches as Mine[];
    expect(list.map((m) => [m.matchId, m.state])).toEqual([
      [older.matchId, 'your-move'],
      [newer.matchId, 'your-move'],
      [own.json.matchId, 'open'],
      [done.matchId, 'over'],
    ]);
    expect(list[3]!.result).toEqual({
      outcome: 'lost',
      summary: 'Ann resigned.',
      key: 'match.log.resigned',
      params: { seat: { seat: 0 } },
    });
    expect((await d.call('GET', '/api/me/next')).json.next.matchId).toBe(older.matchId);

    // Ann moves in the older match: it now waits for Bob, and the next one is the newer.
    const v = (await h.api.read(older.matchId, older.seats[0]!)).json.version;
    expect((await h.api.move(older.matchId, older.seats[0]!, v, { kind: 'commit', secret: 5 })).status).toBe(200);
    list = (await d.call('GET', '/api/me/matches')).json.matches as Mine[];
    expect(list.map((m) => m.state)).toEqual(['your-move', 'their-move', 'open', 'over']);
    expect((await d.call('GET', '/api/me/next')).json.next.matchId).toBe(newer.matchId);
    // The match waiting for Bob says since when (both commit from the start: since it began), with no deadline no end.
    expect(list.find((m) => m.matchId === older.matchId)!.opponents).toEqual([
      { seat: 1, name: 'Bob', toMove: { since: start, deadlineAt: null } },
    ]);
    // With a one-day deadline, the time Eve has left: a day from when the match began waiting for her.
    const began = h.clock.now;
    const timed = await h.started(2, { timing: { reminderHours: 0, deadlineDays: 1 } }, ['Ann', 'Eve']);
    await d.call('POST', '/api/me/seats', { body: { seats: [{ matchId: timed.matchId, ...timed.seats[0]! }] } });
    h.clock.advance(60_000);
    const tv = (await h.api.read(timed.matchId, timed.seats[0]!)).json.version;
    expect((await h.api.move(timed.matchId, timed.seats[0]!, tv, { kind: 'commit', secret: 4 })).status).toBe(200);
    list = (await d.call('GET', '/api/me/matches')).json.matches as Mine[];
    expect(list.find((m) => m.matchId === timed.matchId)!.opponents).toEqual([
      { seat: 1, name: 'Eve', toMove: { since: began, deadlineAt: began + 24 * 3_600_000 } },
    ]);
  });

  it('joins a seat taken by an invite while signed in, but not one taken from another site', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const created = await h.api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 3, options: {}, name: 'Ann' } });
    const d = new Device(h);
    await signIn(d, io.smtp, 'bob@example.test');
    const invite = (k: number) => new URL(created.json.invites[k].url).hash.replace('#invite=', '');
    expect((await d.call('POST', `/api/matches/${created.json.matchId}/join`, { body: { invite: invite(0), name: 'Bob' } })).status).toBe(
      200,
    );
    expect((await d.call('GET', '/api/me/matches')).json.matches.map((m: Mine) => m.seat)).toEqual([1]);
    // No Origin: the seat is taken (the match API is as it was) but does not join the record.
    const other = await d.call('POST', `/api/matches/${created.json.matchId}/join`, {
      body: { invite: invite(1), name: 'Bo2' },
      origin: null,
    });
    expect(other.status).toBe(200);
    expect((await d.call('GET', '/api/me/matches')).json.matches).toHaveLength(1);
  });
});

describe('sealed seat tokens', () => {
  it('open only with their key and for the player, match and seat they were sealed for', () => {
    const key = Buffer.alloc(32, 7);
    const vault = new SeatVault(key);
    const sealed = vault.seal('A'.repeat(43), 'p1:m1:0');
    expect(vault.open(sealed, 'p1:m1:0')).toBe('A'.repeat(43));
    expect(vault.open(sealed, 'p2:m1:0')).toBeNull();
    expect(vault.open(sealed, 'p1:m1:1')).toBeNull();
    expect(new SeatVault(Buffer.alloc(32, 8)).open(sealed, 'p1:m1:0')).toBeNull();
    expect(vault.open('garbage', 'p1:m1:0')).toBeNull();
  });
});

describe('rematch while signed in', () => {
  it('the rematch seat joins the record by itself, and the API document lists the player routes', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const d = new Device(h);
    await signIn(d, io.smtp, 'again@example.test');
    const m = await h.started(2, {}, ['Ann', 'Bob']);
    await h.api.call('POST', `/api/matches/${m.matchId}/seats/0/resign`, { token: m.seats[0]!.token, body: {} });
    const asked = await d.call('POST', `/api/matches/${m.matchId}/seats/0/rematch`, {
      headers: { Authorization: `Bearer ${m.seats[0]!.token}` },
    });
    expect(asked.status).toBe(200);
    const list = (await d.call('GET', '/api/me/matches')).json.matches as Mine[];
    expect(list.map((x) => [x.matchId, x.seat])).toEqual([[asked.json.matchId, asked.json.seat]]);
    const doc = (await h.api.call('GET', '/api/openapi.json')).json;
    for (const path of [
      '/api/session/link',
      '/api/session/open',
      '/api/me/seats',
      '/api/me/matches',
      '/api/me/next',
      '/api/me/export',
      '/api/me',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('one confirmed address for every claimed seat', () => {
  it('one sign-in covers notices in three matches, with no confirmation mail; a match can opt out', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const address = 'three@example.test';
    const d = new Device(h);
    await signIn(d, io.smtp, address);
    const matches = [];
    for (const name of ['Bob', 'Cat', 'Dan']) {
      const m = await h.started(2, {}, ['Ann', name]);
      await d.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
      matches.push(m);
    }
    const settings = await h.notifications(matches[0]!.matchId, matches[0]!.seats[0]!);
    expect(settings.json.email).toEqual({ address, state: 'confirmed' });
    // Asking the seat for the same address again is no new confirmation, and no "try again tomorrow".
    for (const m of matches) {
      const put = await h.api.call('PUT', `/api/matches/${m.matchId}/seats/0/notifications/email`, {
        token: m.seats[0]!.token,
        body: { address },
      });
      expect(put.status).toBe(200);
    }
    // Even after the seat dropped the address, taking it again needs no confirmation (and is never 429).
    const first = matches[0]!;
    await h.api.call('DELETE', `/api/matches/${first.matchId}/seats/0/notifications/email`, { token: first.seats[0]!.token });
    const again = await h.api.call('PUT', `/api/matches/${first.matchId}/seats/0/notifications/email`, {
      token: first.seats[0]!.token,
      body: { address },
    });
    expect(again.status).toBe(200);
    expect(again.json.email).toEqual({ address, state: 'confirmed' });
    const before = io.smtp.to(address).length;
    for (const m of matches) await playUntilTurnOf(h, m.matchId, m.seats, 0);
    await h.deliver();
    const mails = io.smtp.to(address).slice(before);
    for (const m of matches) expect(mails.some((x) => x.messageId?.startsWith(`<${m.matchId}.`))).toBe(true);
    expect(mails.every((x) => !/confirm/i.test(x.subject ?? ''))).toBe(true);

    // The third match's own choice: no mail; the defaults change the others.
    const third = matches[2]!;
    expect(
      (await d.call('PUT', `/api/me/matches/${third.matchId}/seats/0/notices`, { body: { notices: 'none', reminders: false } })).status,
    ).toBe(200);
    expect((await h.notifications(third.matchId, third.seats[0]!)).json.channels).toEqual({ email: false, push: false });
    const sent = io.smtp.to(address).length;
    for (const m of [first, third]) {
      await addOne(h, m.matchId, m.seats);
      await addOne(h, m.matchId, m.seats);
    }
    await h.deliver();
    const later = io.smtp.to(address).slice(sent);
    expect(later.some((x) => x.messageId?.startsWith(`<${first.matchId}.`))).toBe(true);
    expect(later.some((x) => x.messageId?.startsWith(`<${third.matchId}.`))).toBe(false);
    expect((await d.call('PUT', '/api/me/notices', { body: { notices: 'push', reminders: true } })).status).toBe(200);
    expect((await h.notifications(matches[0]!.matchId, matches[0]!.seats[0]!)).json.channels).toEqual({ email: false, push: true });
    expect((await d.call('PUT', '/api/me/notices', { body: { notices: 'loud', reminders: true } })).status).toBe(400);
    expect(
      (await d.call('PUT', `/api/me/matches/${third.matchId}/seats/1/notices`, { body: { notices: 'none', reminders: false } })).status,
    ).toBe(404);
  });
});

describe('reminders', () => {
  it('a player who turned reminders off gets none for a claimed seat; turned on, the reminder is mailed', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const address = 'remind@example.test';
    const d = new Device(h);
    await signIn(d, io.smtp, address);
    const m = await h.started(2, {}, ['Ann', 'Bob']);
    await d.call('PUT', '/api/me/notices', { body: { notices: 'email', reminders: false } });
    await d.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    const version = await h.version(m.matchId, m.seats[0]!);
    const reminder: NotificationIntent = {
      matchId: m.matchId,
      version,
      seat: 0,
      kind: 'reminder',
      gameId: 'secret-sums',
      lines: [],
      createdAt: h.clock.now,
      tag: 'r1',
    };
    expect((await h.dispatcher().dispatch(reminder)).deliveries).toEqual([]);
    await d.call('PUT', '/api/me/notices', { body: { notices: 'email', reminders: true } });
    expect((await h.dispatcher().dispatch(reminder)).deliveries).toEqual([{ channel: 'email', delivery: 'sent' }]);
    expect(io.smtp.to(address).some((x) => x.messageId === `<${m.matchId}.${version}.0.r1@dutch.test>`)).toBe(true);
  });
});

describe('a seat has one owner (issue 25)', () => {
  it('A and D claim the same seat link: D is refused in their language, A keeps the address, the export and the turn mail', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const m = await h.started(2, {}, ['Ann', 'Bob']);
    const a = new Device(h, 'A');
    const d = new Device(h, 'D');
    await signIn(a, io.smtp, 'a@example.test');
    await signIn(d, io.smtp, 'd@example.test');
    const link = { matchId: m.matchId, ...m.seats[0]! };

    expect((await a.call('POST', '/api/me/seats', { body: { seats: [link] } })).json.results).toEqual([
      { matchId: m.matchId, seat: 0, claimed: true },
    ]);
    // D opened the same link: the seat is A's, and D is told so, in English or in Dutch.
    const english = await d.call('POST', '/api/me/seats', { body: { seats: [link] }, headers: { 'Accept-Language': 'en' } });
    expect(english.status).toBe(200);
    expect(english.json.results).toEqual([{ matchId: m.matchId, seat: 0, claimed: false, reason: 'taken', message: expect.any(String) }]);
    expect(english.json.results[0].message).toMatch(/another player/i);
    const dutch = await d.call('POST', '/api/me/seats', { body: { seats: [link] }, headers: { 'Accept-Language': 'nl' } });
    expect(dutch.json.results[0]).toMatchObject({ claimed: false, reason: 'taken' });
    expect(dutch.json.results[0].message).toMatch(/andere speler/i);
    expect(english.text + dutch.text).not.toContain('a@example.test');
    // D's own choices never reach A's seat.
    expect((await d.call('PUT', '/api/me/notices', { body: { notices: 'both', reminders: false } })).status).toBe(200);
    expect((await d.call('PUT', '/api/me/lang', { body: { lang: 'nl' } })).status).toBe(200);
    expect((await h.notifications(m.matchId, m.seats[0]!)).json.email).toEqual({ address: 'a@example.test', state: 'confirmed' });

    // Each export holds its caller's own data only.
    const exportA = await a.call('GET', '/api/me/export');
    expect(exportA.json.seats).toEqual([expect.objectContaining({ matchId: m.matchId, seat: 0 })]);
    expect(exportA.json.seats[0].notifications.address).toBe('a@example.test');
    expect(exportA.text).not.toContain('d@example.test');
    const exportD = await d.call('GET', '/api/me/export');
    expect(exportD.json.seats).toEqual([]);
    expect(exportD.text).not.toContain('a@example.test');
    expect((await d.call('GET', '/api/me/matches')).json.matches).toEqual([]);

    // A's turn is mailed to A, not to D.
    const before = { a: io.smtp.to('a@example.test').length, d: io.smtp.to('d@example.test').length };
    await playUntilTurnOf(h, m.matchId, m.seats, 0);
    await h.deliver();
    const toA = io.smtp.to('a@example.test').slice(before.a);
    expect(toA.some((x) => x.messageId?.startsWith(`<${m.matchId}.`))).toBe(true);
    expect(io.smtp.to('d@example.test').slice(before.d)).toEqual([]);

    // D still holds the link, and the link may set the seat's address; A's export then shows no settings of D's.
    const put = await h.api.call('PUT', `/api/matches/${m.matchId}/seats/0/notifications/email`, {
      token: m.seats[0]!.token,
      body: { address: 'd@example.test' },
    });
    expect(put.status).toBe(202);
    const afterLink = await a.call('GET', '/api/me/export');
    expect(afterLink.json.seats[0]).toMatchObject({ matchId: m.matchId, seat: 0, notifications: null });
    expect(afterLink.text).not.toContain('d@example.test');

    // Once A deletes the record, the seat is free to claim, and D's claim then takes it.
    expect((await a.call('DELETE', '/api/me')).status).toBe(204);
    expect((await d.call('POST', '/api/me/seats', { body: { seats: [link] } })).json.results).toEqual([
      { matchId: m.matchId, seat: 0, claimed: true },
    ]);
    expect((await h.notifications(m.matchId, m.seats[0]!)).json.email).toEqual({ address: 'd@example.test', state: 'confirmed' });
  });
});
