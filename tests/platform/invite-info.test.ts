/**
 * GET /api/matches/:id/invite: what an invite link offers before anyone types a name — the game,
 * its options, who made the match and which seats are taken. Only public facts; a used or
 * replaced invite gets the same 403 as joining with it would, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { memoryApp } from '../support/app.js';

const secretOf = (url: string) => new URL(url).hash.replace('#invite=', '');

describe('invite information', () => {
  it('tells the game, options, inviter and seats to a valid invite; a used one gets 403 at once', async () => {
    const { api, store } = await memoryApp();
    const created = await api.create('secret-sums', 3, { target: 5 }, 'Ann');
    const [first, second] = created.invites;
    const info = await api.call('GET', `/api/matches/${created.matchId}/invite`, { token: secretOf(second!.url) });
    expect(info.status).toBe(200);
    const record = (await store.get(created.matchId))!;
    expect(info.json).toEqual({
      matchId: created.matchId,
      game: { id: 'secret-sums', name: expect.any(String) },
      options: record.options,
      status: 'open',
      seat: 2,
      invitedBy: 'Ann',
      createdAt: record.createdAt,
      seats: [
        { seat: 0, name: 'Ann', joined: true },
        { seat: 1, name: null, joined: false },
        { seat: 2, name: null, joined: false },
      ],
    });
    // Nothing secret in it: no hashes, no state, no seed.
    expect(info.text).not.toMatch(/Hash|seed|state/);
    expect((await store.get(created.matchId))!.version).toBe(record.version);

    expect((await api.join(created.matchId, first!.url, 'Bob')).status).toBe(200);
    const used = await api.call('GET', `/api/matches/${created.matchId}/invite`, { token: secretOf(first!.url) });
    expect(used.status).toBe(403);
    expect(used.json.error.code).toBe('invite-used');
    const after = await api.call('GET', `/api/matches/${created.matchId}/invite`, { token: secretOf(second!.url) });
    expect(after.json.seats[1]).toEqual({ seat: 1, name: 'Bob', joined: true });

    expect((await api.call('GET', `/api/matches/${created.matchId}/invite`)).status).toBe(401);
    const doc = await api.call('GET', '/api/openapi.json');
    expect(doc.json.paths['/api/matches/{id}/invite'].get.responses['200']).toBeTruthy();
    expect(
      (await api.call('GET', `/api/matches/nosuchmatch000000000/invite`, { token: secretOf(second!.url) })).status,
    ).toBeGreaterThanOrEqual(400);
  });
});
