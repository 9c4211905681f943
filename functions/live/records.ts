/**
 * The table's changes as the live channel takes them: a match created or changed is a poke to that
 * match's subscribers with the version it now has. On AWS the event source's filter already keeps only
 * match items (infra/functions.ts LIVE_FILTERS); locally every change passes here.
 */
import type { ChangeFailures, TableChange } from '../changes.js';
import type { LiveService } from './service.js';

/** The match and version a change pokes, or null (another item, a removal). */
export function pokeOf(change: TableChange): { matchId: string; version: number } | null {
  return change.kind === 'match-changed' && change.version !== null ? { matchId: change.matchId, version: change.version } : null;
}

/**
 * Changes in, pokes out: one per match per batch (its newest version). A poke that fails is logged and
 * not retried: by the time a retry ran it would be stale, and the pages' safety-net polling covers it.
 */
export const onLiveChanges =
  (live: Pick<LiveService, 'poke'>, log: (entry: Record<string, unknown>) => void = (e) => console.log(JSON.stringify(e))) =>
  async (changes: readonly TableChange[]): Promise<ChangeFailures> => {
    const newest = new Map<string, number>();
    for (const c of changes) {
      const p = pokeOf(c);
      if (p && p.version > (newest.get(p.matchId) ?? -1)) newest.set(p.matchId, p.version);
    }
    await Promise.all(
      [...newest].map(async ([matchId, version]) => {
        try {
          await live.poke(matchId, version);
        } catch (err) {
          log({ level: 'error', message: 'live poke failed; pages fall back on polling', matchId, version, error: String(err) });
        }
      }),
    );
    return { batchItemFailures: [] };
  };
