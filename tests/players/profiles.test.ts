/**
 * Player names, presence and players' pages through the real app on DynamoDB Local:
 * a name claimed once whatever its case, a signed-in player's seats showing their player name instead of the
 * typed one, presence on a match's seats (hidden when the player hides it), and the page's counters kept from
 * the "over" notice, counted once however often it is delivered. No answer holds a player's id or address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerStats } from '../../functions/players/stats.js';
import { DynamoProfileStore } from '../../functions/storage/profiles-dynamo.js';
import { harness, mailAndPush, type Harness } from '../notify/support.js';
import { Device, signIn } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const start = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('names, presence and the player page', () => {
  it('names seats by player name, shows presence on them, and counts the finished match once on each page', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const ann = new Device(h, 'Phone');
    const bob = new Device(h, 'Laptop');
    await signIn(ann, io.smtp, 'ann@example.test');
    await signIn(bob, io.smtp, 'bob@example.test');

    // A name once, whatever its case; from another site, not at all.
    expect((await ann.call('PUT', '/api/me/name', { body: { name: 'Ann_the_Bold' } })).json).toMatchObject({ name: 'Ann_the_Bold' });
    const taken = await bob.call('PUT', '/api/me/name', { body: { name: 'ANN_THE_BOLD' }, headers: { 'Accept-Language': 'nl' } });
    expect(taken.status).toBe(409);
    expect(taken.json.error.code).toBe('name-taken');
    expect(taken.json.error.message).toContain('Een andere speler');
    expect((await bob.call('PUT', '/api/me/name', { body: { name: 'Bobby' }, origin: 'https://evil.test' })).status).toBe(403);
    expect((await bob.call('PUT', '/api/me/name', { body: { name: 'K4NK3R' } })).json.error.code).toBe('name-refused');

    // Ann's seat takes her player name; Bob has none yet, so his typed name stays.
    const created = await ann.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, options: {}, name: 'typed' } });
    expect(created.status).toBe(201);
    const matchId = created.json.matchId as string;
    const annSeat = { seat: 0, token: created.json.token as string };
    const invite = new URL(created.json.invites[0].url).hash.replace('#invite=', '');
    const joined = await bob.call('POST', `/api/matches/${matchId}/join`, { body: { invite, name: 'Bob typed' } });
    expect(joined.status).toBe(200);
    const bobSeat = { seat: 1, token: joined.json.token as string };
    const read = await h.api.read(matchId, annSeat);
    expect(read.json.seats.map((s: { name: string }) => s.name)).toEqual(['Ann_the_Bold', 'Bob typed']);
    await bob.call('PUT', '/api/me/name', { body: { name: 'Bobby' } });

    // Both were active a moment ago (their requests): online. The answer names players, never their ids.
    const presence = await h.api.call('GET', `/api/matches/${matchId}/seats/0/presence`, { token: annSeat.token });
    expect(presence.json).toEqual({
      seats: [
        { seat: 0, player: 'Ann_the_Bold', presence: { state: 'online' } },
        { seat: 1, player: 'Bobby', presence: { state: 'online' } },
      ],
    });
    const annId = (await ann.call('GET', '/api/session')).json.player.id as string;
    expect(presence.text).not.toContain(annId);
    expect((await h.api.call('GET', `/api/matches/${matchId}/seats/0/presence`, { token: bobSeat.token })).status).toBe(403);

    // Three hours on, Bob was last seen then; Ann hides it, and nobody is told anything of hers.
    h.clock.advance(3 * 3600_000);
    await ann.call('PUT', '/api/me/presence', { body: { hideLastSeen: true } });
    const later = await h.api.call('GET', `/api/matches/${matchId}/seats/1/presence`, { token: bobSeat.token });
    expect(later.json.seats).toEqual([
      { seat: 0, player: 'Ann_the_Bold', presence: { state: 'hidden' } },
      { seat: 1, player: 'Bobby', presence: { state: 'seen', at: start } },
    ]);

    // Ann resigns; the "over" notice reaches the dispatcher, which counts the match for both.
    const version = (await h.api.read(matchId, annSeat)).json.version as number;
    const resigned = await h.api.call('POST', `/api/matches/${matchId}/seats/0/resign`, {
      token: annSeat.token,
      body: { expectedVersion: version },
    });
    expect(resigned.status).toBe(200);
    const stats = new PlayerStats({
      matches: h.table.store,
      players: h.playerStore!,
      profiles: new DynamoProfileStore(h.table.doc, h.table.tableName),
      clock: h.clock.fn,
    });
    let told = 0;
    const finished = (id: string) => {
      told++;
      return stats.matchOver(id);
    };
    const reader = h.reader(h.dispatcher(undefined, { finished }));
    await reader.pollOnce();
    expect(told).toBeGreaterThan(0);
    // Told again (a re-delivery): nothing more is counted.
    expect(await stats.matchOver(matchId)).toBe(0);

    const bobPage = await h.api.call('GET', '/api/players/bobby');
    expect(bobPage.status).toBe(200);
    expect(bobPage.json).toMatchObject({
      name: 'Bobby',
      memberSince: start,
      presence: { state: 'seen', at: start },
      games: [{ gameId: 'secret-sums', played: 1, won: 1, reliability: 1, rating: null }],
      recent: [{ matchId, gameId: 'secret-sums', won: true }],
    });
    const annPage = await h.api.call('GET', `/api/players/${encodeURIComponent('ann_the_bold')}`);
    expect(annPage.json).toMatchObject({ presence: { state: 'hidden' }, games: [{ played: 1, won: 0 }] });
    expect(annPage.text).not.toContain('ann@example.test');
    expect(annPage.text).not.toContain(annId);
    expect((await h.api.call('GET', '/api/players/nobody-here')).status).toBe(404);

    // Deleting Ann's record frees her name and her page.
    expect((await ann.call('DELETE', '/api/me')).status).toBe(204);
    expect((await h.api.call('GET', '/api/players/ann_the_bold')).status).toBe(404);
  });
});
