/**
 * A player's own data (issue 16): the export holds everything stored about them and nothing of another
 * player; deleting the record takes the address, sessions and claimed seats, and leaves the seats
 * playable by their links.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { harness, mailAndPush, type Harness } from '../notify/support.js';
import { Device, signIn, signInLinks } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());

describe('your data', () => {
  it('exports everything stored about the player as JSON, and deletes the record', async () => {
    h = await harness({ email: io.sender, players: true });
    const m = await h.started(2, {}, ['Ann', 'Bob']);
    const ann = new Device(h, 'Laptop');
    const bob = new Device(h, 'Other');
    await signIn(ann, io.smtp, 'ann@example.test');
    await signIn(bob, io.smtp, 'bob@example.test');
    await ann.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    await bob.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[1]! }] } });
    await ann.call('PUT', '/api/me/notices', { body: { notices: 'both', reminders: false } });

    const exported = await ann.call('GET', '/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Disposition')).toContain('attachment');
    expect(exported.json).toMatchObject({
      player: { address: 'ann@example.test', defaults: { notices: 'both', reminders: false } },
      sessions: [{ device: 'Laptop' }],
      seats: [
        {
          matchId: m.matchId,
          seat: 0,
          notifications: { channels: { email: true, push: true }, address: 'ann@example.test', reminders: false },
        },
      ],
    });
    expect(exported.text).not.toContain('bob@example.test');
    expect(exported.text).not.toContain(m.seats[0]!.token);

    // Deleting needs this site's Origin, like every change.
    expect((await ann.call('DELETE', '/api/me', { origin: null })).status).toBe(403);
    const kept = ann.cookie;
    expect((await ann.call('DELETE', '/api/me')).status).toBe(204);
    expect(ann.cookie).toBeNull();
    const again = new Device(h);
    again.cookie = kept;
    expect((await again.call('GET', '/api/me/export')).status).toBe(401);

    // The address is gone from the table, Bob's record is not, and the seat still opens by its link.
    const items = await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }));
    const text = JSON.stringify(items.Items ?? []);
    expect(text).not.toContain('ann@example.test');
    expect(text).toContain('bob@example.test');
    expect((await h.api.read(m.matchId, m.seats[0]!)).status).toBe(200);
    expect((await h.notifications(m.matchId, m.seats[0]!)).json.email).toBeNull();
    expect((await bob.call('GET', '/api/me/matches')).json.matches).toHaveLength(1);

    // Signing in again starts a new, empty record.
    h.clock.advance(3600 * 1000);
    const fresh = new Device(h);
    await signIn(fresh, io.smtp, 'ann@example.test');
    expect((await fresh.call('GET', '/api/me/matches')).json.matches).toEqual([]);
  });
});

describe('deleting the record voids the links mailed before (issue 25)', () => {
  it('a link mailed before DELETE /api/me answers 410 on its page and its button, and makes no new record', async () => {
    h = await harness({ email: io.sender, players: true });
    const ann = new Device(h, 'Laptop');
    await signIn(ann, io.smtp, 'gone@example.test');
    // A second link, mailed but not used yet: its mail sits in the inbox when the record is deleted.
    expect((await new Device(h).call('POST', '/api/session/link', { body: { address: 'gone@example.test' } })).status).toBe(202);
    const pending = signInLinks(io.smtp, 'gone@example.test').at(-1)!;
    h.clock.advance(1000);
    expect((await ann.call('DELETE', '/api/me')).status).toBe(204);

    const later = new Device(h, 'Phone');
    expect((await later.call('GET', pending)).status).toBe(410);
    const pressed = await later.call('POST', pending);
    expect(pressed.status).toBe(410);
    expect(later.cookie).toBeNull();
    const items = (await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }))).Items ?? [];
    expect(items.filter((i) => i.type === 'player' || i.type === 'player-address')).toEqual([]);
    expect(JSON.stringify(items)).not.toContain('gone@example.test');

    // A link asked for after the deletion signs in, to a new, empty record.
    h.clock.advance(1000);
    const fresh = new Device(h, 'Tablet');
    await signIn(fresh, io.smtp, 'gone@example.test');
    expect((await fresh.call('GET', '/api/session')).json.player.address).toBe('gone@example.test');
    expect((await fresh.call('GET', '/api/me/matches')).json.matches).toEqual([]);
  });
});
