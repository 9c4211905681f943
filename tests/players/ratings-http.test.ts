/**
 * Rated matches through the API, on DynamoDB Local with the real SMTP listener: only signed-in players take
 * the seats (each once), no computers; the end, delivered twice through the table's stream, changes both
 * ratings once; the match, its ratings, the end mail and the leaderboard say what changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import { Ratings } from '../../functions/ratings/service.js';
import { DynamoRatingStore } from '../../functions/storage/ratings-dynamo.js';
import { harness, mailAndPush, type Harness } from '../notify/support.js';
import { Device, signIn } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const inviteOf = (url: string) => new URL(url).hash.replace(/^#invite=/, '');

describe('rated matches', () => {
  it('seats signed-in players only, rates the end once, and shows the change on the match, in the mail and on the board', async () => {
    h = await harness({ email: io.sender, players: true, games: [dutchAuction] });
    const [ann, bob, guest] = [new Device(h, 'Ann'), new Device(h, 'Bob'), new Device(h, 'Guest')];
    await signIn(ann, io.smtp, 'ann@example.test');
    await signIn(bob, io.smtp, 'bob@example.test');
    const create = (d: Device, extra: Record<string, unknown> = {}) =>
      d.call('POST', '/api/matches', { body: { game: 'dutch-auction', seats: 2, name: 'Ann', rated: true, ...extra } });

    // Not signed in, or with a computer: refused, in the request's language.
    const anon = await create(guest);
    expect([anon.status, anon.json.error.code]).toEqual([401, 'rated-sign-in']);
    const withBot = await create(ann, { bots: [{ seat: 1, level: 'easy' }] });
    expect([withBot.status, withBot.json.error.code]).toEqual([400, 'not-ratable']);

    const made = await create(ann);
    expect(made.status).toBe(201);
    const { matchId, token } = made.json;
    const invite = inviteOf(made.json.invites[0].url);
    const join = (d: Device, name: string) => d.call('POST', `/api/matches/${matchId}/join`, { body: { invite, name } });
    expect([(await join(guest, 'Guest')).status, (await join(ann, 'Ann again')).json.error.code]).toEqual([401, 'rated-one-seat']);
    const joined = await join(bob, 'Bob');
    expect(joined.status).toBe(200);

    const bearing = (t: string) => ({ headers: { Authorization: `Bearer ${t}` } });
    const read = await ann.call('GET', `/api/matches/${matchId}/seats/0`, bearing(token));
    expect([read.json.status, read.json.rated]).toEqual(['active', 'rated']);
    const resigned = await bob.call('POST', `/api/matches/${matchId}/seats/1/resign`, { ...bearing(joined.json.token), body: {} });
    expect(resigned.status).toBe(200);

    // The end, through the table's stream to a dispatcher that rates; then delivered again by a second one.
    const ratings = new Ratings({
      store: new DynamoRatingStore(h.table.doc, h.table.tableName),
      match: (id) => h.table.store.get(id),
      clock: h.clock.fn,
    });
    await h.reader(h.dispatcher(undefined, { ratings })).pollOnce();
    await h.reader(h.dispatcher(undefined, { ratings })).pollOnce();
    await ratings.settle(matchId);

    const changes = (await guest.call('GET', `/api/matches/${matchId}/ratings`)).json;
    expect(changes.rated).toBe(true);
    const [a, b] = changes.changes;
    expect([a.seat, a.before, b.seat, b.before, a.provisional]).toEqual([0, 1500, 1, 1500, true]);
    expect(a.after).toBeGreaterThan(1500);
    expect(b.after).toBe(3000 - a.after);

    const mails = io.smtp.to('ann@example.test').map((m) => m.text ?? '');
    const end = mails.filter((t) => t.includes('Rating of Ann'));
    expect(end.length).toBe(1);
    expect(end[0]).toContain(`Rating of Ann: +${a.after - 1500} → ${a.after}.`);
    expect(end[0]).toContain(`Rating of Bob: -${a.after - 1500} → ${b.after}.`);

    const board = (await ann.call('GET', '/api/ratings/dutch-auction?seats=2')).json;
    expect(board.me).toMatchObject({ rating: a.after, games: 1, provisional: true });
    // Provisional ratings stay off the board until their tenth rated match.
    expect(board.top).toEqual([]);
    expect((await guest.call('GET', '/api/ratings/dutch-auction?seats=2')).json.me).toBeNull();
    expect((await guest.call('GET', '/api/ratings/dutch-auction?seats=3')).status).toBe(400);
  });
});
