/**
 * The lobby store's contract (functions/matches/lobby-port.ts), written once and run against both adapters:
 * tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts (DynamoDB Local).
 * The lobby's entries are written only by the match store, in the match's own write, so each `make` gives both
 * stores on one table, as the app has them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LobbyEntry, LobbyStore } from '../../functions/matches/lobby-port.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { LOBBY_SHARDS } from '../../functions/storage/table.js';
import { matchRecord } from './match-store.contract.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const HOUR = 3_600_000;

export interface LobbyStores {
  matches: MatchStore;
  lobby: LobbyStore;
}

const entry = (matchId: string, over: Partial<LobbyEntry> = {}): LobbyEntry => ({
  matchId,
  gameId: 'secret-sums',
  options: { edition: 'classic' },
  seats: 2,
  taken: ['Ann'],
  deadlineDays: 3,
  onDeadline: 'default-move',
  rated: false,
  createdAt: T0,
  until: T0 + 7 * 24 * HOUR,
  host: `p-${randomUUID().slice(0, 8)}`,
  players: [],
  ...over,
});

/** An open match and its entry, written as the lobby writes them (MatchStore.create with the entry). */
async function opened(stores: LobbyStores, over: Partial<LobbyEntry> = {}) {
  const match = matchRecord({ status: 'open', state: null, toAct: [], gameId: over.gameId ?? 'secret-sums' });
  const e = entry(match.id, { players: [over.host ?? 'x'], ...over });
  expect(await stores.matches.create(match, [], { put: e, hosted: true })).toBe('created');
  return { match, entry: e };
}

export function describeLobbyStoreContract(name: string, make: () => Promise<LobbyStores>) {
  describe(`the lobby store's contract: ${name}`, () => {
    it("lists an open game written with its match under its game only, and counts it as its host's", async () => {
      const stores = await make();
      const game = `g-${randomUUID().slice(0, 6)}`;
      const { entry: e } = await opened(stores, { gameId: game });
      expect(await stores.lobby.list(game, { perShard: 10 })).toEqual([e]);
      expect(await stores.lobby.list(`${game}-other`, { perShard: 10 })).toEqual([]);
      expect(await stores.lobby.hosted(e.host)).toBe(1);
      expect(await stores.lobby.hosted('nobody')).toBe(0);
      // A friends list shows the games a player hosts (functions/players/friends.ts).
      expect(await stores.lobby.hostedGames(e.host)).toEqual([{ matchId: e.matchId, gameId: game }]);
      expect(await stores.lobby.hostedGames('nobody')).toEqual([]);
    });

    it('lists oldest first across its shards, at most a page of each shard', async () => {
      const stores = await make();
      const game = `g-${randomUUID().slice(0, 6)}`;
      const n = LOBBY_SHARDS * 3;
      // Opened in shuffled order: the listing's order is the time they were opened, not the writes'.
      const times = Array.from({ length: n }, (_, i) => T0 + ((i * 37) % n) * 1000);
      await Promise.all(times.map((createdAt) => opened(stores, { gameId: game, createdAt })));
      const all = await stores.lobby.list(game, { perShard: n });
      expect(all.map((e) => e.createdAt)).toEqual([...times].sort((a, b) => a - b));
      const paged = await stores.lobby.list(game, { perShard: 1 });
      // One of each shard that has any: each the oldest of its shard, so the oldest of all is among them.
      expect(paged.length).toBeLessThanOrEqual(LOBBY_SHARDS);
      expect(paged.length).toBeGreaterThan(1);
      expect(paged[0]!.createdAt).toBe(T0);
    });

    it("follows its match's commits: a seat taken updates the entry, a full match removes it and its host's count", async () => {
      const stores = await make();
      const game = `g-${randomUUID().slice(0, 6)}`;
      const { match, entry: e } = await opened(stores, { gameId: game, seats: 3 });
      const one = { ...e, taken: ['Ann', 'Bob'] };
      expect(await stores.matches.commit({ match: { ...match, version: 2 }, expectedVersion: 1, lobby: { put: one } })).toEqual({
        ok: true,
      });
      expect(await stores.lobby.list(game, { perShard: 10 })).toEqual([one]);
      expect(await stores.lobby.hosted(e.host)).toBe(1);
      // A commit on an older version writes nothing, its lobby write included.
      const stale = await stores.matches.commit({ match: { ...match, version: 2 }, expectedVersion: 1, lobby: { remove: one } });
      expect(stale.ok).toBe(false);
      expect(await stores.lobby.list(game, { perShard: 10 })).toEqual([one]);
      expect(await stores.matches.commit({ match: { ...match, version: 3 }, expectedVersion: 2, lobby: { remove: one } })).toEqual({
        ok: true,
      });
      expect(await stores.lobby.list(game, { perShard: 10 })).toEqual([]);
      expect(await stores.lobby.hosted(e.host)).toBe(0);
      expect(await stores.lobby.hostedGames(e.host)).toEqual([]);
    });

    it('counts openings per player and hour: the one past the cap is refused until the next hour, and counts nothing', async () => {
      const { lobby } = await make();
      const player = `p-${randomUUID().slice(0, 8)}`;
      const start = T0 - (T0 % HOUR);
      for (let i = 0; i < 3; i++) expect(await lobby.countOpening(player, start + i * 1000, 3)).toEqual({ ok: true });
      expect(await lobby.countOpening(player, start + 5000, 3)).toEqual({ ok: false, retryAt: start + HOUR });
      expect(await lobby.countOpening(`${player}-2`, start + 5000, 3)).toEqual({ ok: true });
      expect(await lobby.countOpening(player, start + HOUR, 3)).toEqual({ ok: true });
    });
  });
}
