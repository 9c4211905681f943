/**
 * The table's stream records as the bot runner takes them: the ids of matches in play with a seat a
 * computer plays whose game (or who plays a seat) just changed — the match item's top-level `botSeats`,
 * which functions/storage/dynamo.ts writes only then (functions/matches/bot-seats.ts `wakesBots`), never
 * on a change beside the game (chat, nudge, links, pause) or the sweep's update; on AWS the event
 * source's filter is "NewImage.botSeats exists" — and Lambda's partial batch response.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { BotRunner } from './runner.js';

/** The match a record wakes the bots for, or null (another item, a removal, no computer seat, a change beside the game). */
export function botMatchOf(record: DynamoDBRecord): string | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const pk = record.dynamodb?.Keys?.pk?.S;
  if (record.dynamodb?.Keys?.sk?.S !== 'MATCH' || !pk?.startsWith('M#')) return null;
  return record.dynamodb?.NewImage?.botSeats ? pk.slice(2) : null;
}

/**
 * Records in, the bots' moves made, Lambda's partial batch response out. Each match is handled once
 * per batch (it reads the latest state anyway), matches side by side; a match whose run failed
 * reports all its records, so Lambda retries from the first of them.
 */
export const onBotRecords =
  (runner: Pick<BotRunner, 'handle'>, log: (entry: Record<string, unknown>) => void = (e) => console.log(JSON.stringify(e))) =>
  async (records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> => {
    const byMatch = new Map<string, string[]>();
    records.forEach((r, i) => {
      const id = botMatchOf(r);
      if (id === null) return;
      byMatch.set(id, [...(byMatch.get(id) ?? []), r.dynamodb?.SequenceNumber ?? r.eventID ?? String(i)]);
    });
    const failed = await Promise.all(
      [...byMatch].map(async ([matchId, ids]) => {
        try {
          const report = await runner.handle(matchId);
          if (report.moves > 0) log({ level: 'info', message: 'computer players moved', matchId, ...report });
          return [];
        } catch (err) {
          log({ level: 'error', message: 'computer players failed; the record is retried', matchId, error: String(err) });
          return ids;
        }
      }),
    );
    return { batchItemFailures: failed.flat().map((itemIdentifier) => ({ itemIdentifier })) };
  };
