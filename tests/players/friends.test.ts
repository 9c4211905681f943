/**
 * Friends (functions/players/friends.ts, functions/http/routes/friends.ts) through the app on the in-memory
 * stores: follow a player by name, see them online with the open game they host, join it in one click; follow
 * oneself or nobody is refused, following is one-sided, and unfollowing takes them off the list.
 */
import { describe, expect, it } from 'vitest';
import { MemoryFollowStore } from '../../functions/storage/memory/follows.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { lobbySite, memoryStores, openAuction, signedIn } from '../support/lobby.js';

function site() {
  const stores = memoryStores();
  const table = (stores.matches as unknown as { table: ConstructorParameters<typeof MemoryProfileStore>[0] }).table;
  return lobbySite({ ...stores, profiles: new MemoryProfileStore(table), follows: new MemoryFollowStore(table) });
}

describe('friends', () => {
  it('follows by name, shows presence and open games, joins one, and unfollows', async () => {
    const s = site();
    const ann = await signedIn(s, 'ann@example.test');
    const bob = await signedIn(s, 'bob@example.test');
    expect((await ann.call('PUT', '/api/me/name', { name: 'Ann' })).status).toBe(200);
    expect((await bob.call('PUT', '/api/me/name', { name: 'Bobby' })).status).toBe(200);
    expect((await ann.call('GET', '/api/me/friends')).json).toEqual({ friends: [] });

    expect((await ann.call('PUT', '/api/me/friends/BOBBY')).status).toBe(204);
    expect((await ann.call('PUT', '/api/me/friends/bobby')).status).toBe(204);
    expect((await ann.call('GET', '/api/me/friends/bobby')).json).toEqual({ following: true, self: false });
    expect((await ann.call('GET', '/api/me/friends/ANN')).json).toEqual({ following: false, self: true });
    expect((await bob.call('GET', '/api/me/friends/ann')).json).toEqual({ following: false, self: false });
    expect((await ann.call('PUT', '/api/me/friends/ann')).code).toBe('follow-self');
    expect((await ann.call('PUT', '/api/me/friends/nobody-here')).code).toBe('no-such-player');
    expect((await s.app.request('/api/me/friends')).status).toBe(401);

    // Bob opens a game; Ann sees him online with it, and joins it from her list.
    const opened = await bob.call('POST', '/api/lobby', openAuction({ name: 'Bobby' }));
    expect(opened.status).toBe(201);
    const list = (await ann.call('GET', '/api/me/friends')).json.friends as {
      name: string;
      presence: { state: string };
      openGames: { matchId: string; gameId: string }[];
    }[];
    expect(list).toEqual([
      expect.objectContaining({
        name: 'Bobby',
        presence: { state: 'online' },
        openGames: [{ matchId: opened.json.matchId, gameId: 'dutch-auction' }],
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain('bob@example.test');
    expect((await ann.call('POST', `/api/lobby/${list[0]!.openGames[0]!.matchId}/join`, { name: 'Ann' })).status).toBe(200);
    const after = (await ann.call('GET', '/api/me/friends')).json.friends as { openGames: unknown[] }[];
    expect(after[0]!.openGames).toEqual([]);

    expect((await ann.call('DELETE', '/api/me/friends/Bobby')).status).toBe(204);
    expect((await ann.call('GET', '/api/me/friends')).json).toEqual({ friends: [] });
  });
});
