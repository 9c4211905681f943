/**
 * The profile store (functions/players/port.ts `ProfileStore`) in memory, held to the same contract as
 * ../profiles-dynamo.ts (tests/contracts/profile-store.contract.ts): the same items under the same keys, a name
 * claim's three writes checked and applied in one synchronous step, as the transaction is.
 */
import type { FinishedMatch, GameCounters, NameChange, NameClaim, PlayerProfile, ProfileStore } from '../../players/port.js';
import { FINISHED_RETENTION_SECONDS, playerKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { type Item, MemoryTable } from './table.js';

const profileOf = (item: Item): PlayerProfile => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as unknown as PlayerProfile;
};

export class MemoryProfileStore implements ProfileStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  private write(playerId: string, change: Partial<PlayerProfile>): void {
    const key = playerKeys.profile(playerId);
    this.table.put({ ...(this.table.get(key) ?? {}), ...key, type: 'profile', playerId, ...change });
  }

  async profile(playerId: string): Promise<PlayerProfile | null> {
    await roundTrip();
    const item = this.table.get(playerKeys.profile(playerId));
    return item ? profileOf(item) : null;
  }

  async playerIdByName(nameKey: string): Promise<string | null> {
    await roundTrip();
    return (this.table.get(playerKeys.name(nameKey))?.playerId as string | undefined) ?? null;
  }

  async claimName(playerId: string, change: NameChange): Promise<NameClaim> {
    await roundTrip();
    const { name, nameKey, previousKey, changedBefore, now } = change;
    const holder = this.table.get(playerKeys.name(nameKey));
    if (holder && holder.playerId !== playerId) return 'taken';
    const profile = this.table.get(playerKeys.profile(playerId));
    const changedAt = profile?.nameChangedAt as number | undefined;
    const keyThere = (profile?.nameKey as string | undefined) ?? null;
    if ((changedAt !== undefined && changedAt > changedBefore) || keyThere !== previousKey) return 'too-soon';
    if (previousKey !== null && previousKey !== nameKey) {
      const old = this.table.get(playerKeys.name(previousKey));
      if (old && old.playerId === playerId) this.table.delete(playerKeys.name(previousKey));
    }
    this.table.put({ ...playerKeys.name(nameKey), type: 'player-name', playerId, name });
    this.write(playerId, { name, nameKey, nameChangedAt: now });
    return 'claimed';
  }

  async setHideLastSeen(playerId: string, hide: boolean): Promise<void> {
    await roundTrip();
    this.write(playerId, { hideLastSeen: hide });
  }

  async seen(playerId: string, now: number, gapMs: number): Promise<boolean> {
    await roundTrip();
    const last = this.table.get(playerKeys.profile(playerId))?.lastSeenAt as number | undefined;
    if (last !== undefined && last > now - gapMs) return false;
    this.write(playerId, { lastSeenAt: now });
    return true;
  }

  async profiles(playerIds: string[]): Promise<PlayerProfile[]> {
    await roundTrip();
    return [...new Set(playerIds)].flatMap((id) => {
      const item = this.table.get(playerKeys.profile(id));
      return item ? [profileOf(item)] : [];
    });
  }

  async forget(playerId: string): Promise<void> {
    await roundTrip();
    const key = playerKeys.profile(playerId);
    const nameKey = this.table.get(key)?.nameKey as string | undefined;
    if (nameKey && this.table.get(playerKeys.name(nameKey))?.playerId === playerId) this.table.delete(playerKeys.name(nameKey));
    this.table.delete(key);
    for (const prefix of [playerKeys.gameCountersPrefix, playerKeys.finishedPrefix]) {
      for (const item of this.table.prefixed(key.pk, prefix)) this.table.delete({ pk: item.pk as string, sk: item.sk as string });
    }
  }

  async recordFinish(playerId: string, finished: FinishedMatch): Promise<boolean> {
    await roundTrip();
    const key = playerKeys.finished(playerId, finished.endedAt, finished.matchId);
    if (this.table.has(key)) return false;
    const expiresAt = Math.floor(finished.endedAt / 1000) + FINISHED_RETENTION_SECONDS;
    this.table.put({ ...key, type: 'finished-match', finished, expiresAt });
    const countersKey = playerKeys.gameCounters(playerId, finished.gameId);
    const there = this.table.get(countersKey) ?? {};
    const n = (name: string) => (there[name] as number | undefined) ?? 0;
    this.table.put({
      ...countersKey,
      type: 'game-counters',
      gameId: finished.gameId,
      played: n('played') + 1,
      won: n('won') + (finished.won ? 1 : 0),
      reliable: n('reliable') + (finished.reliable ? 1 : 0),
    });
    return true;
  }

  async gameCounters(playerId: string): Promise<GameCounters[]> {
    await roundTrip();
    return this.table.prefixed(playerKeys.profile(playerId).pk, playerKeys.gameCountersPrefix).map((i) => ({
      gameId: i.gameId as string,
      played: i.played as number,
      won: i.won as number,
      reliable: i.reliable as number,
    }));
  }

  async finishedSince(playerId: string, since: number, limit: number): Promise<FinishedMatch[]> {
    await roundTrip();
    const { pk } = playerKeys.profile(playerId);
    return this.table
      .range(pk, playerKeys.finishedFrom(since), `${playerKeys.finishedPrefix}\uffff`)
      .reverse()
      .slice(0, limit)
      .map((i) => i.finished as FinishedMatch);
  }
}
