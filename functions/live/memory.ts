/**
 * The connection store in memory, for `npm start`: a local connection is an open socket of this very
 * process, so its subscriptions die with it anyway, and keeping them in the table would only add writes
 * (and stream records) that nothing needs after a restart.
 */
import type { ConnectionStore } from './port.js';
import { SUBSCRIPTION_TTL_MS } from './port.js';
import { MAX_SUBSCRIPTIONS } from './protocol.js';

export class MemoryConnectionStore implements ConnectionStore {
  /** connection → match → expiry (ms). */
  private readonly byConnection = new Map<string, Map<string, number>>();

  async subscribe(connectionId: string, matchId: string, now: number): Promise<'ok' | 'full'> {
    const subs = this.byConnection.get(connectionId) ?? new Map<string, number>();
    for (const [m, until] of subs) if (until <= now) subs.delete(m);
    if (!subs.has(matchId) && subs.size >= MAX_SUBSCRIPTIONS) return 'full';
    subs.set(matchId, now + SUBSCRIPTION_TTL_MS);
    this.byConnection.set(connectionId, subs);
    return 'ok';
  }

  async subscribers(matchId: string, now: number): Promise<string[]> {
    const ids: string[] = [];
    for (const [id, subs] of this.byConnection) if ((subs.get(matchId) ?? 0) > now) ids.push(id);
    return ids;
  }

  async drop(connectionId: string): Promise<void> {
    this.byConnection.delete(connectionId);
  }
}
