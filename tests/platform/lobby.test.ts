/**
 * Open games and quick match through the HTTP API (issue 28), on the in-memory stores: opening, the listing
 * (what it shows and never shows), its filters, one-click joins, quick match, withdrawing, the caps on
 * opening, and computers taking the open seats when the host's chosen wait is over. The last-seat race on
 * DynamoDB Local is tests/platform/lobby-race.test.ts; the stores' contract, tests/contracts/lobby-store.contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { gameRegistry } from '#shared/games/index.js';
import { Deadlines } from '../../functions/matches/deadlines.js';
import { MAX_HOSTED, OPENINGS_PER_HOUR } from '../../functions/matches/lobby.js';
import { MatchService } from '../../functions/matches/service.js';
import { HOUR } from '../../functions/matches/timing.js';
import { Browser, lobbySite, openAuction, signedIn } from '../support/lobby.js';

const listing = async (b: Browser, query = '', game = 'dutch-auction') => {
  const r = await b.call('GET', `/api/lobby/games/${game}${query}`);
  expect(r.status).toBe(200);
  return r.json.games as Record<string, unknown>[];
};

describe('open games', () => {
  it('lists an open game with its options, pace and the names taken, and never a token, address or player id', async () => {
    const site = lobbySite();
    const ann = await signedIn(site, 'ann@example.test');
    const opened = await ann.call('POST', '/api/lobby', openAuction({ deadlineDays: 7, onDeadline: 'bot', rated: true }));
    expect(opened.status).toBe(201);
    expect(opened.json).toMatchObject({ seat: 0 });
    site.clock.now += 90_000;
    const anon = new Browser(site);
    const games = await listing(anon);
    expect(games).toEqual([
      {
        matchId: opened.json.matchId,
        gameId: 'dutch-auction',
        options: { edition: 'current' },
        seats: 2,
        open: 1,
        taken: ['Ann'],
        deadlineDays: 7,
        onDeadline: 'bot',
        rated: true,
        createdAt: site.clock.now - 90_000,
        waitedMs: 90_000,
      },
    ]);
    const text = JSON.stringify(await anon.call('GET', '/api/lobby/games/dutch-auction'));
    const session = (await ann.call('GET', '/api/session')).json as { player: { id: string } };
    for (const secret of [opened.json.token as string, 'ann@example.test', session.player.id]) expect(text).not.toContain(secret);
    // The host sees their own game marked as theirs.
    expect((await listing(ann))[0]).toMatchObject({ yours: true });
  });

  it('one click joins: the match starts, leaves the lobby and is in the joiner’s matches; a late click is told the seat is taken', async () => {
    const site = lobbySite();
    const [ann, bob, cat] = await Promise.all([
      signedIn(site, 'ann@example.test'),
      signedIn(site, 'bob@example.test'),
      signedIn(site, 'cat@example.test'),
    ]);
    const { json: game } = await ann.call('POST', '/api/lobby', openAuction());
    expect((await ann.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Ann' })).code).toBe('already-seated');
    const joined = await bob.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Bob' });
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ matchId: game.matchId, seat: 1 });
    expect((await site.matches.get(game.matchId as string))!.status).toBe('active');
    expect(await listing(cat)).toEqual([]);
    const late = await cat.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Cat' });
    expect([late.status, late.code]).toEqual([409, 'seat-taken']);
    const mine = (await bob.call('GET', '/api/me/matches')).json.matches as { matchId: string; seat: number }[];
    expect(mine.map((m) => [m.matchId, m.seat])).toEqual([[game.matchId, 1]]);
    // Signed out: the listing is open to anyone, joining is not.
    expect((await new Browser(site).call('POST', `/api/lobby/${game.matchId}/join`, { name: 'X' })).status).toBe(401);
  });

  it('a rated open game is a rated match: each seat taken from the lobby keeps its player, for the ratings', async () => {
    const site = lobbySite();
    const [ann, bob] = await Promise.all([signedIn(site, 'ann@example.test'), signedIn(site, 'bob@example.test')]);
    const { json: game } = await ann.call('POST', '/api/lobby', openAuction({ rated: true }));
    expect((await bob.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Bob' })).status).toBe(200);
    const match = (await site.matches.get(game.matchId as string))!;
    const ids = await Promise.all(
      [ann, bob].map(async (b) => ((await b.call('GET', '/api/session')).json as { player: { id: string } }).player.id),
    );
    expect(match.rated).toBe(true);
    expect(match.seats.map((s) => s.player)).toEqual(ids);
    // A casual one is not.
    const { json: casual } = await ann.call('POST', '/api/lobby', openAuction());
    expect((await site.matches.get(casual.matchId as string))!.rated).toBeUndefined();
  });

  it('a game for three stays listed with the names taken until it is full', async () => {
    const site = lobbySite();
    const [ann, bob, cat] = await Promise.all([
      signedIn(site, 'ann@example.test'),
      signedIn(site, 'bob@example.test'),
      signedIn(site, 'cat@example.test'),
    ]);
    const { json: game } = await ann.call('POST', '/api/lobby', { ...openAuction(), game: 'dutch-memory', options: {}, seats: 3 });
    await bob.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Bob' });
    expect((await listing(cat, '', 'dutch-memory')).map((g) => [g.taken, g.open])).toEqual([[['Ann', 'Bob'], 1]]);
    expect((await bob.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Bob' })).code).toBe('already-seated');
    expect((await cat.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Cat' })).json.seat).toBe(2);
    expect(await listing(cat, '', 'dutch-memory')).toEqual([]);
  });

  it('filters by edition, seats and pace', async () => {
    const site = lobbySite();
    const [ann, bob] = await Promise.all([signedIn(site, 'ann@example.test'), signedIn(site, 'bob@example.test')]);
    await ann.call('POST', '/api/lobby', openAuction({ options: { edition: '2018' }, deadlineDays: 1 }));
    await bob.call('POST', '/api/lobby', openAuction({ deadlineDays: 3 }));
    const edition = encodeURIComponent(JSON.stringify({ edition: '2018' }));
    expect((await listing(bob, `?options=${edition}`)).map((g) => g.deadlineDays)).toEqual([1]);
    expect((await listing(bob, '?deadlineDays=3')).map((g) => g.options)).toEqual([{ edition: 'current' }]);
    expect(await listing(bob, '?seats=3')).toEqual([]);
    expect((await bob.call('GET', '/api/lobby/games/dutch-auction?options=nope')).status).toBe(400);
    expect((await bob.call('GET', '/api/lobby/games/chess')).status).toBe(404);
  });

  it('requires a move deadline of 1, 3 or 7 days, and two seats or more', async () => {
    const site = lobbySite();
    const ann = await signedIn(site, 'ann@example.test');
    for (const bad of [{ deadlineDays: 0 }, { deadlineDays: 2 }, { seats: 1 }, { botsAfterHours: 5 }]) {
      expect((await ann.call('POST', '/api/lobby', openAuction(bad))).status).toBe(400);
    }
    expect((await ann.call('POST', '/api/lobby', openAuction({ seats: 3 }))).code).toBe('invalid-seats');
  });

  it('the host withdraws a game: out of the lobby, nobody can join it; nobody else can withdraw it', async () => {
    const site = lobbySite();
    const [ann, bob] = await Promise.all([signedIn(site, 'ann@example.test'), signedIn(site, 'bob@example.test')]);
    const { json: game } = await ann.call('POST', '/api/lobby', openAuction());
    expect((await bob.call('DELETE', `/api/lobby/${game.matchId}`)).status).toBe(403);
    expect((await ann.call('DELETE', `/api/lobby/${game.matchId}`)).status).toBe(204);
    expect(await listing(bob)).toEqual([]);
    expect((await bob.call('POST', `/api/lobby/${game.matchId}/join`, { name: 'Bob' })).code).toBe('seat-taken');
    expect((await ann.call('DELETE', `/api/lobby/${game.matchId}`)).status).toBe(204);
  });

  it(`caps open games: ${MAX_HOSTED} waiting at once, ${OPENINGS_PER_HOUR} opened an hour`, async () => {
    const site = lobbySite();
    const ann = await signedIn(site, 'ann@example.test');
    const ids: string[] = [];
    for (let i = 0; i < MAX_HOSTED; i++) ids.push((await ann.call('POST', '/api/lobby', openAuction())).json.matchId as string);
    const over = await ann.call('POST', '/api/lobby', openAuction());
    expect([over.status, over.code]).toEqual([429, 'too-many-open-games']);
    let opened = MAX_HOSTED;
    while (opened < OPENINGS_PER_HOUR) {
      await ann.call('DELETE', `/api/lobby/${ids.shift()}`);
      const r = await ann.call('POST', '/api/lobby', openAuction());
      expect(r.status).toBe(201);
      ids.push(r.json.matchId as string);
      opened++;
    }
    await ann.call('DELETE', `/api/lobby/${ids.shift()}`);
    const hourly = await ann.call('POST', '/api/lobby', openAuction());
    expect([hourly.status, hourly.code]).toEqual([429, 'open-game-limit']);
    site.clock.now += HOUR;
    expect((await ann.call('POST', '/api/lobby', openAuction())).status).toBe(201);
  });

  it('computers take the open seats once the wait the host chose is over, and the game starts', async () => {
    const site = lobbySite();
    const ann = await signedIn(site, 'ann@example.test');
    const { json: game } = await ann.call('POST', '/api/lobby', {
      ...openAuction(),
      game: 'dutch-memory',
      options: {},
      seats: 3,
      botsAfterHours: 1,
    });
    const id = game.matchId as string;
    const service = new MatchService({ store: site.matches, games: gameRegistry, clock: site.clock.fn });
    const deadlines = new Deadlines({ matches: site.matches, service, clock: site.clock.fn, log: () => {} });
    expect((await site.matches.get(id))!.dueAt).toBe(site.clock.now + HOUR);
    expect((await deadlines.step(id)).kind).toBe('waiting');
    site.clock.now += HOUR;
    expect((await deadlines.step(id)).kind).toBe('filled');
    const match = (await site.matches.get(id))!;
    expect(match.status).toBe('active');
    expect(match.seats.map((s) => s.bot?.level ?? null)).toEqual([null, 'easy', 'easy']);
    expect(await listing(ann, '', 'dutch-memory')).toEqual([]);
  });
});

describe('quick match', () => {
  it('opens a game when none fits, and the next player asking for that game joins it (never one’s own)', async () => {
    const site = lobbySite();
    const [ann, bob] = await Promise.all([signedIn(site, 'ann@example.test'), signedIn(site, 'bob@example.test')]);
    const first = await ann.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name: 'Ann' });
    expect(first.json).toMatchObject({ joined: false, seat: 0 });
    site.clock.now += 1000;
    const again = await ann.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name: 'Ann' });
    expect(again.json.matchId).not.toBe(first.json.matchId);
    site.clock.now += 1000;
    const second = await bob.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name: 'Bob' });
    // The one that has waited longest.
    expect(second.json).toMatchObject({ joined: true, seat: 1, matchId: first.json.matchId });
    expect((await site.matches.get(first.json.matchId as string))!.status).toBe('active');
  });

  it('joins only a compatible game: edition and pace as asked', async () => {
    const site = lobbySite();
    const [ann, bob] = await Promise.all([signedIn(site, 'ann@example.test'), signedIn(site, 'bob@example.test')]);
    const { json: slow } = await ann.call('POST', '/api/lobby', openAuction({ deadlineDays: 7 }));
    const fast = await bob.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name: 'Bob', deadlineDays: 1 });
    expect(fast.json.joined).toBe(false);
    const old = await bob.call('POST', '/api/lobby/quick', { game: 'dutch-auction', name: 'Bob', options: { edition: '2018' } });
    expect(old.json.joined).toBe(false);
    const any = await (await signedIn(site, 'cat@example.test')).call('POST', '/api/lobby/quick', {
      game: 'dutch-auction',
      name: 'Cat',
      deadlineDays: 7,
    });
    expect(any.json).toMatchObject({ joined: true, matchId: slow.matchId });
  });
});
