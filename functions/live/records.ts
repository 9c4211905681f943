/**
 * The table's stream records as the live channel takes them: a match item written (INSERT or MODIFY)
 * is a poke to that match's subscribers with the version it now has. On AWS the event source's filter
 * already keeps only match items (infra/functions.ts LIVE_FILTERS); locally every record passes here.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { LiveService } from './service.js';

/** The match and version a record pokes, or null (another item, a removal). */
export function pokeOf(record: DynamoDBRecord): { matchId: string; version: number } | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const pk = record.dynamodb?.Keys?.pk?.S;
  if (record.dynamodb?.Keys?.sk?.S !== 'MATCH' || !pk?.startsWith('M#')) return null;
  const version = Number(record.dynamodb?.NewImage?.version?.N);
  return Number.isSafeInteger(version) ? { matchId: pk.slice(2), version } : null;
}

/**
 * Records in, pokes out: one per match per batch (its newest version). A poke that fails is logged and
 * not retried: by the time a retry ran it would be stale, and the pages' safety-net polling covers it.
 */
export const onLiveRecords =
  (live: Pick<LiveService, 'poke'>, log: (entry: Record<string, unknown>) => void = (e) => console.log(JSON.stringify(e))) =>
  async (records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> => {
    const newest = new Map<string, number>();
    for (const r of records) {
      const p = pokeOf(r);
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
