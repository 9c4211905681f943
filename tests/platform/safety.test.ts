/**
 * Block, report and the operator's decisions through the HTTP API (issue 28, "Safety"), on the in-memory stores:
 * quick match never pairs two players when either blocked the other, the server leaves a blocked player's chat
 * out of what the blocker reads, reports are stored and capped at 10 a day, and a suspended player is refused open
 * games and quick match while a hidden one has no page. The stores' contract (and the moderation commands on
 * DynamoDB Local): tests/contracts/safety-store.contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { Moderation } from '../../functions/players/moderation.js';
import { REPORTS_PER_DAY } from '../../functions/players/safety.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { MemorySafetyStore } from '../../functions/storage/memory/safety.js';
import { type Browser, lobbySite, memoryStores, signedIn } from '../support/lobby.js';

function safetySite() {
  const stores = memoryStores();
  const [profiles, safety] = [new MemoryProfileStore(), new MemorySafetyStore()];
  const site = lobbySite(stores, undefined, { profiles, safety });
  const moderation = new Moderation({ safety, profiles, clock: site.clock.fn });
  return { site, safety, moderation };
}

/** A signed-in player with a player name. */
async function player(site: ReturnType<typeof lobbySite>, name: string): Promise<Browser> {
  const b = await signedIn(site, `${name.toLowerCase()}@example.test`);
  expect((await b.call('PUT', '/api/me/name', { name })).status).toBe(200);
  return b;
}

const quick = (b: Browser, name: string) => b.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name });

describe('block', () => {
  it('quick match never pairs two players when either blocked the other; unblocking pairs them again', async () => {
    const { site } = safetySite();
    const [ann, bob, cat] = await Promise.all([player(site, 'Ann'), player(site, 'Bob'), player(site, 'Cat')]);
    expect((await ann.call('PUT', '/api/players/bob/block')).status).toBe(204);
    expect((await ann.call('GET', '/api/me/blocks')).json).toEqual({ players: [{ name: 'Bob', at: site.clock.now }] });
    const first = await quick(ann, 'Ann');
    expect(first.json).toMatchObject({ joined: false });
    site.clock.now += 1000;
    // Bob was blocked by Ann: he gets a game of his own, not hers…
    const second = await quick(bob, 'Bob');
    expect(second.json).toMatchObject({ joined: false });
    expect(second.json.matchId).not.toBe(first.json.matchId);
    // …and someone else takes the one that waited longest, Ann's.
    expect((await quick(cat, 'Cat')).json).toMatchObject({ joined: true, matchId: first.json.matchId });
    // Unblocked, Ann's next quick match joins Bob's waiting game.
    expect((await ann.call('DELETE', '/api/players/Bob/block')).status).toBe(204);
    expect((await ann.call('GET', '/api/me/blocks')).json).toEqual({ players: [] });
    expect((await quick(ann, 'Ann')).json).toMatchObject({ joined: true, matchId: second.json.matchId });
  });

  it('the blocker reads no chat of the blocked player (the server leaves it out); the blocked one still reads theirs', async () => {
    const { site } = safetySite();
    const [ann, bob] = await Promise.all([player(site, 'Ann'), player(site, 'Bob')]);
    const opened = (await quick(ann, 'Ann')).json;
    const joined = (await quick(bob, 'Bob')).json;
    expect(joined).toMatchObject({ joined: true, matchId: opened.matchId });
    const base = `/api/matches/${opened.matchId}/seats`;
    const say = (b: Browser, s: Record<string, unknown>, text: string) =>
      b.call('POST', `${base}/${s.seat}/chat`, { text }, { Authorization: `Bearer ${s.token}` });
    const read = async (b: Browser, s: Record<string, unknown>) =>
      (
        (await b.call('GET', `${base}/${s.seat}/chat`, undefined, { Authorization: `Bearer ${s.token}` })).json.messages as {
          text: string;
        }[]
      ).map((m) => m.text);
    expect((await say(ann, opened, 'good luck')).status).toBe(201);
    expect((await say(bob, joined, 'you will lose')).status).toBe(201);
    expect(await read(ann, opened)).toEqual(['good luck', 'you will lose']);
    await ann.call('PUT', '/api/players/Bob/block');
    expect(await read(ann, opened)).toEqual(['good luck']);
    expect(await read(bob, joined)).toEqual(['good luck', 'you will lose']);
    // A block cannot be aimed at oneself, nor at a name nobody holds.
    expect((await ann.call('PUT', '/api/players/ANN/block')).code).toBe('cannot-block-self');
    expect((await ann.call('PUT', '/api/players/Nobody/block')).status).toBe(404);
  });
});

describe('report', () => {
  it('stores a report of a chat message with its text, at most 10 a day, with a clear refusal after', async () => {
    const { site, safety } = safetySite();
    const [ann, bob] = await Promise.all([player(site, 'Ann'), player(site, 'Bob')]);
    const opened = (await quick(ann, 'Ann')).json;
    const joined = (await quick(bob, 'Bob')).json;
    await bob.call(
      'POST',
      `/api/matches/${opened.matchId}/seats/${joined.seat}/chat`,
      { text: 'rude words' },
      {
        Authorization: `Bearer ${joined.token}`,
      },
    );
    const chat = { kind: 'chat', matchId: opened.matchId, seq: 1, reason: 'abuse', text: 'not nice' };
    expect((await ann.call('POST', '/api/reports', chat)).status).toBe(204);
    const [stored] = (await safety.reports(5)).items;
    expect(stored).toMatchObject({
      kind: 'chat',
      reason: 'abuse',
      text: 'not nice',
      targetName: 'Bob',
      chat: { seq: 1, text: 'rude words' },
    });
    for (let i = 1; i < REPORTS_PER_DAY; i++) {
      expect((await ann.call('POST', '/api/reports', { kind: 'name', name: 'Bob', reason: 'offensive-name' })).status).toBe(204);
    }
    const refused = await ann.call('POST', '/api/reports', { kind: 'player', name: 'Bob', reason: 'spam' });
    expect([refused.status, refused.code]).toEqual([429, 'report-limit']);
    expect((await safety.reports(50)).items).toHaveLength(REPORTS_PER_DAY);
    // Malformed: an unknown reason, or words past 500 characters.
    expect((await bob.call('POST', '/api/reports', { kind: 'player', name: 'Ann', reason: 'ugly' })).status).toBe(400);
    expect((await bob.call('POST', '/api/reports', { kind: 'player', name: 'Ann', reason: 'other', text: 'x'.repeat(501) })).status).toBe(
      400,
    );
    expect((await bob.call('POST', '/api/reports', { kind: 'player', name: 'Bob', reason: 'other' })).code).toBe('cannot-report-self');
  });
});

describe('the operator', () => {
  it('a suspended player is refused open games and quick match; a hidden one has no page and no name on a seat', async () => {
    const { site, moderation } = safetySite();
    const [ann, bob] = await Promise.all([player(site, 'Ann'), player(site, 'Bob')]);
    const bobId = await moderation.playerOf('bob');
    await moderation.standing('suspend', bobId, { by: 'op', why: 'abuse' });
    const refused = await quick(bob, 'Bob');
    expect([refused.status, refused.code]).toEqual([403, 'suspended']);
    await moderation.standing('unsuspend', bobId, { by: 'op', why: 'served' });
    const joined = await quick(bob, 'Bob');
    expect(joined.status).toBe(200);
    expect((await ann.call('GET', '/api/players/Bob')).status).toBe(200);
    const seats = () =>
      bob.call('GET', `/api/matches/${joined.json.matchId}/seats/0/presence`, undefined, { Authorization: `Bearer ${joined.json.token}` });
    expect(((await seats()).json.seats as { player: string | null }[])[0]?.player).toBe('Bob');
    await moderation.standing('hide', bobId, { by: 'op', why: 'name' });
    expect((await ann.call('GET', '/api/players/Bob')).status).toBe(404);
    expect((await seats()).json).toEqual({
      seats: [
        { seat: 0, player: null, presence: null },
        { seat: 1, player: null, presence: null },
      ],
    });
  });
});
