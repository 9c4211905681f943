/**
 * Ratings where players look (functions/ratings/service.ts `ratingInGame`, functions/players/stats.ts): a player's
 * page shows their rating per game, marked provisional until ten rated matches, and for a game rated per seat
 * count the pool they played most. In-memory stores; the stores themselves are held to their contracts elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../functions/matches/port.js';
import { openMatch } from '../../functions/matches/progress.js';
import { PROVISIONAL_GAMES } from '../../functions/ratings/model.js';
import { Ratings } from '../../functions/ratings/service.js';
import { PlayerStats } from '../../functions/players/stats.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';
import { MemoryRatingStore } from '../../functions/storage/memory/ratings.js';

const T0 = Date.UTC(2026, 10, 28, 12);
let n = 0;

function finished(gameId: string, players: string[], winner: number): MatchRecord {
  const open = openMatch({
    gameId,
    options: {},
    seats: players.map((player, seat) => ({ name: `P${seat}`, tokenHash: 'h', inviteHash: null, player })),
    spectatorHash: 's',
    rematchOf: null,
    now: T0,
  });
  return { ...open, id: `m${++n}`, status: 'over', rated: true, end: { winners: [winner], reason: 'finished' } };
}

function setup() {
  const byId = new Map<string, MatchRecord>();
  const ratings = new Ratings({ store: new MemoryRatingStore(), match: async (id) => byId.get(id) ?? null, clock: () => T0 });
  const play = async (m: MatchRecord) => {
    byId.set(m.id, m);
    await ratings.settle(m.id);
  };
  return { ratings, play };
}

describe('ratings on the player page', () => {
  it('is provisional until ten rated matches, then established; none before the first', async () => {
    const { ratings, play } = setup();
    expect(await ratings.ratingInGame('ann', 'dutch-auction')).toBeNull();
    await play(finished('dutch-auction', ['ann', 'bob'], 0));
    const first = await ratings.ratingInGame('ann', 'dutch-auction');
    expect(first).toMatchObject({ games: 1, provisional: true, seats: null });
    expect(first!.rating).toBeGreaterThan(1500);
    for (let i = 1; i < PROVISIONAL_GAMES; i++) await play(finished('dutch-auction', ['ann', 'bob'], i % 2));
    expect(await ratings.ratingInGame('ann', 'dutch-auction')).toMatchObject({ games: PROVISIONAL_GAMES, provisional: false });
  });

  it('shows the seat count it was played at most where each seat count is a pool of its own', async () => {
    const { ratings, play } = setup();
    await play(finished('dutch-memory', ['ann', 'bob', 'cas'], 0));
    await play(finished('dutch-memory', ['ann', 'bob'], 1));
    await play(finished('dutch-memory', ['ann', 'cas', 'bob'], 0));
    expect(await ratings.ratingInGame('ann', 'dutch-memory')).toMatchObject({ games: 2, seats: 3 });
    expect(await ratings.ratingInGame('cas', 'golden-age')).toBeNull();
  });

  it('the page carries each game’s rating from the port it is given', async () => {
    const { ratings, play } = setup();
    const players = new MemoryPlayerStore();
    const profiles = new MemoryProfileStore();
    await players.createPlayer({ id: 'ann', address: 'a@x.test', addressKey: 'k', createdAt: T0, defaults: {} as never });
    await profiles.claimName('ann', { name: 'Ann', nameKey: 'ann', previousKey: null, changedBefore: T0, now: T0 });
    const m = finished('dutch-auction', ['ann', 'bob'], 0);
    await play(m);
    await profiles.recordFinish('ann', {
      matchId: m.id,
      gameId: 'dutch-auction',
      seat: 0,
      endedAt: T0,
      won: true,
      reliable: true,
      paceMs: 1000,
    });
    const stats = new PlayerStats({
      matches: new MemoryMatchStore(),
      players,
      profiles,
      clock: () => T0,
      ratingOf: (p, g) => ratings.ratingInGame(p, g),
    });
    const page = await stats.page('ANN');
    expect(page.games).toEqual([
      expect.objectContaining({ gameId: 'dutch-auction', rating: expect.objectContaining({ games: 1, provisional: true }) }),
    ]);
  });
});
