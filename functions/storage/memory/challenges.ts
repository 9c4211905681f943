/**
 * The challenge store (functions/matches/challenge-port.ts) in memory, held to the same contract as
 * ../challenges-dynamo.ts (tests/contracts/challenge-store.contract.ts): the same items under the same keys.
 */
import type { ChallengeCount, ChallengeEntry, ChallengeStore } from '../../matches/challenge-port.js';
import { challengeItems, challengesPlan, itemToChallenge, oldestFirst } from '../challenges-dynamo.js';
import { challengeKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { MemoryTable, takeCounters } from './table.js';

export class MemoryChallengeStore implements ChallengeStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async put(entry: ChallengeEntry): Promise<void> {
    await roundTrip();
    for (const item of challengeItems(entry)) this.table.put(item);
  }

  async remove(e: Pick<ChallengeEntry, 'matchId' | 'from' | 'to'>): Promise<void> {
    await roundTrip();
    this.table.delete(challengeKeys.incoming(e.to, e.matchId));
    this.table.delete(challengeKeys.outgoing(e.from, e.matchId));
  }

  async incoming(playerId: string, limit: number): Promise<ChallengeEntry[]> {
    await roundTrip();
    const pk = challengeKeys.incoming(playerId, '').pk;
    return this.table.prefixed(pk, challengeKeys.incomingPrefix).slice(0, limit).map(itemToChallenge).sort(oldestFirst);
  }

  async outgoing(playerId: string, limit: number): Promise<ChallengeEntry[]> {
    await roundTrip();
    const pk = challengeKeys.outgoing(playerId, '').pk;
    return this.table.prefixed(pk, challengeKeys.outgoingPrefix).slice(0, limit).map(itemToChallenge).sort(oldestFirst);
  }

  async countChallenge(playerId: string, now: number, cap: number): Promise<ChallengeCount> {
    await roundTrip();
    const plan = challengesPlan(playerId, now, cap);
    return takeCounters(this.table, plan.take).ok ? { ok: true } : { ok: false, retryAt: plan.refused('day').retryAt };
  }
}
