/**
 * The lobby store (functions/matches/lobby-port.ts) in memory, held to the same contract as ../lobby-dynamo.ts
 * (tests/contracts/lobby-store.contract.ts): the same items under the same keys in the MemoryTable the match
 * store writes them into (`applyLobbyWrite`, called from ./matches.ts inside its one-step commit).
 */
import type { LobbyEntry, LobbyStore, LobbyWrite, OpeningCount } from '../../matches/lobby-port.js';
import { entryToItem, hostedGamesOf, itemToEntry, oldestFirst, openingsPlan } from '../lobby-dynamo.js';
import { LOBBY_SHARDS, lobbyKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { type Item, type Key, type MemoryTable, takeCounters } from './table.js';

/** A lobby write applied to the table, as ../lobby-dynamo.ts `lobbyWriteItems` does in the match's transaction. */
export function applyLobbyWrite(table: MemoryTable, w: LobbyWrite): void {
  if ('remove' in w) {
    table.delete(lobbyKeys.entry(w.remove.gameId, w.remove.matchId, w.remove.createdAt));
    table.delete(lobbyKeys.hosted(w.remove.host, w.remove.matchId));
    return;
  }
  table.put(entryToItem(w.put) as Item & Key);
  if (w.hosted)
    table.put({
      ...lobbyKeys.hosted(w.put.host, w.put.matchId),
      type: 'lobby-host',
      gameId: w.put.gameId,
      expiresAt: Math.ceil(w.put.until / 1000),
    });
}

export class MemoryLobbyStore implements LobbyStore {
  constructor(readonly table: MemoryTable) {}

  async list(gameId: string, opts: { perShard: number }): Promise<LobbyEntry[]> {
    await roundTrip();
    const pages = Array.from({ length: LOBBY_SHARDS }, (_, n) =>
      this.table.prefixed(lobbyKeys.shard(gameId, n), 'W#').slice(0, opts.perShard).map(itemToEntry),
    );
    return oldestFirst(pages);
  }

  async hostedGames(playerId: string): Promise<{ matchId: string; gameId: string }[]> {
    await roundTrip();
    return hostedGamesOf(this.table.prefixed(lobbyKeys.hostPartition(playerId), ''));
  }

  async hosted(playerId: string): Promise<number> {
    await roundTrip();
    return this.table.prefixed(lobbyKeys.hostPartition(playerId), '').length;
  }

  async countOpening(playerId: string, now: number, cap: number): Promise<OpeningCount> {
    await roundTrip();
    const plan = openingsPlan(playerId, now, cap);
    return takeCounters(this.table, plan.take).ok ? { ok: true } : { ok: false, retryAt: plan.refused('hour').retryAt };
  }
}
