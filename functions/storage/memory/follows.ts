/**
 * The follow store (functions/players/follow-port.ts) in memory, held to the same contract as ../follows-dynamo.ts
 * (tests/contracts/follow-store.contract.ts): the same items under the same keys.
 */
import type { Follow, FollowStore } from '../../players/follow-port.js';
import { playerKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { MemoryTable } from './table.js';

export class MemoryFollowStore implements FollowStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async follow(playerId: string, followedId: string, since: number): Promise<void> {
    await roundTrip();
    const key = playerKeys.follow(playerId, followedId);
    if (!this.table.has(key)) this.table.put({ ...key, type: 'follow', followed: followedId, since });
  }

  async unfollow(playerId: string, followedId: string): Promise<void> {
    await roundTrip();
    this.table.delete(playerKeys.follow(playerId, followedId));
  }

  async following(playerId: string, limit: number): Promise<Follow[]> {
    await roundTrip();
    return this.table
      .prefixed(playerKeys.player(playerId).pk, playerKeys.followPrefix)
      .slice(0, limit)
      .map((i) => ({ playerId: i.followed as string, since: i.since as number }));
  }
}
