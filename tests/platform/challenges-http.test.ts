/**
 * Challenges by name through the HTTP API (issue 28), on the in-memory stores: a signed-in player challenges
 * another by their player name, the challenged player finds it in their list and accepts (both seats land in the
 * started match) or declines, the challenger withdraws; refusals answer with their codes and statuses
 * (functions/http/errors.ts). The logic's own tests: tests/platform/challenges.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MemoryChallengeStore } from '../../functions/storage/memory/challenges.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { MemorySafetyStore } from '../../functions/storage/memory/safety.js';
import { type Browser, lobbySite, memoryStores, signedIn } from '../support/lobby.js';

function challengeSite() {
  const more = { profiles: new MemoryProfileStore(), safety: new MemorySafetyStore(), challenges: new MemoryChallengeStore() };
  return lobbySite(memoryStores(), undefined, more);
}

/** A signed-in player with a player name. */
async function player(site: ReturnType<typeof lobbySite>, name: string): Promise<Browser> {
  const b = await signedIn(site, `${name.toLowerCase()}@example.test`);
  expect((await b.call('PUT', '/api/me/name', { name })).status).toBe(200);
  return b;
}

const challenge = (b: Browser, opponent: string, over: Record<string, unknown> = {}) =>
  b.call('POST', '/api/challenges', { opponent, game: 'dutch-auction', seats: 2, name: 'typed', ...over });

describe('challenges by name over HTTP', () => {
  it('challenge, listed for both by name only, accepted: both seats in the started match, the lists empty', async () => {
    const site = challengeSite();
    const [ann, bob] = await Promise.all([player(site, 'Ann'), player(site, 'Bob')]);
    const made = await challenge(ann, 'bob');
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ seat: 0, invites: [] });
    const listed = await bob.call('GET', '/api/challenges');
    expect(listed.json).toMatchObject({
      incoming: [{ matchId: made.json.matchId, from: 'Ann', to: 'Bob', gameId: 'dutch-auction' }],
      outgoing: [],
    });
    // Names only: no address and no player id in the list.
    expect(JSON.stringify(listed.json)).not.toContain('@example.test');
    expect(Object.keys((listed.json.incoming as object[])[0]!)).not.toContain('fromId');
    expect((await ann.call('GET', '/api/challenges')).json.outgoing).toHaveLength(1);
    const accepted = await bob.call('POST', `/api/challenges/${made.json.matchId}/accept`, { name: 'typed' });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ matchId: made.json.matchId, seat: 1 });
    const view = await bob.call('GET', `/api/matches/${made.json.matchId}/seats/1`, undefined, {
      Authorization: `Bearer ${accepted.json.token}`,
    });
    expect(view.json).toMatchObject({ status: 'active' });
    expect((view.json.seats as { name: string }[]).map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect((await bob.call('GET', '/api/challenges')).json).toEqual({ incoming: [], outgoing: [] });
    expect((await bob.call('POST', `/api/challenges/${made.json.matchId}/accept`, { name: 'typed' })).code).toBe('challenge-closed');
  });

  it('declined and withdrawn: out of the lists; only the right player may answer', async () => {
    const site = challengeSite();
    const [ann, bob, cy] = await Promise.all([player(site, 'Ann'), player(site, 'Bob'), player(site, 'Cy1')]);
    const first = (await challenge(ann, 'Bob')).json.matchId;
    expect((await cy.call('POST', `/api/challenges/${first}/decline`)).status).toBe(404);
    expect((await ann.call('POST', `/api/challenges/${first}/decline`)).status).toBe(404);
    expect((await bob.call('POST', `/api/challenges/${first}/decline`)).status).toBe(204);
    expect((await ann.call('GET', '/api/challenges')).json.outgoing).toEqual([]);
    const second = (await challenge(ann, 'Bob')).json.matchId;
    expect((await bob.call('DELETE', `/api/challenges/${second}`)).status).toBe(404);
    expect((await ann.call('DELETE', `/api/challenges/${second}`)).status).toBe(204);
    expect((await bob.call('GET', '/api/challenges')).json.incoming).toEqual([]);
    const late = await bob.call('POST', `/api/challenges/${second}/accept`, { name: 'typed' });
    expect([late.status, late.code]).toEqual([409, 'challenge-closed']);
  });

  it('refuses oneself, an unknown name, a blocked player, a computer in seat 1, a signed-out caller', async () => {
    const site = challengeSite();
    const [ann, bob] = await Promise.all([player(site, 'Ann'), player(site, 'Bob')]);
    const self = await challenge(ann, 'ANN');
    expect([self.status, self.code]).toEqual([400, 'challenge-self']);
    const unknown = await challenge(ann, 'Nobody');
    expect([unknown.status, unknown.code]).toEqual([404, 'no-such-opponent']);
    expect((await bob.call('PUT', '/api/players/Ann/block')).status).toBe(204);
    const blocked = await challenge(ann, 'Bob');
    expect([blocked.status, blocked.code]).toEqual([403, 'challenge-blocked']);
    const bots = await challenge(bob, 'Ann', { game: 'dutch-memory', seats: 3, bots: [{ seat: 1, level: 'easy' }] });
    expect(bots.code).toBe('challenge-blocked');
    const cy = await player(site, 'Cy1');
    const computer = await challenge(cy, 'Ann', { game: 'dutch-memory', seats: 3, bots: [{ seat: 1, level: 'easy' }] });
    expect([computer.status, computer.code]).toEqual([400, 'invalid-bots']);
    const out = await site.app.request('/api/challenges', { headers: { Origin: 'http://dutch.test' } });
    expect(out.status).toBe(401);
  });
});
