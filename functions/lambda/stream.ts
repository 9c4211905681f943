/**
 * The notification dispatcher on AWS Lambda: the table's stream (filtered to outbox rows) is its
 * event source, with partial batch responses (`ReportBatchItemFailures`), bounded retries, batch
 * bisection on error and a dead-letter queue set by the stack. The stream's records are read as the table's
 * changes, and those as outbox entries, by functions/storage/stream-records.ts; the work is in
 * functions/notify/dispatcher.ts.
 */
import './source-maps.js';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { notifyFromEnv } from '../deps.js';
import { Dispatcher } from '../notify/dispatcher.js';
import { WebPushSender } from '../notify/push.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { changesOf, outboxBatch } from '../storage/stream-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const runtime = notifyFromEnv(process.env, tableName, { db, push: (vapid) => new WebPushSender({ vapid }) });
if (!runtime.publicUrl) throw new Error('PUBLIC_URL must be set for the dispatcher (links in messages)');

const dispatcher = new Dispatcher({
  store: runtime.store,
  matches: new DynamoMatchStore(db, tableName),
  games: gameRegistry,
  publicUrl: runtime.publicUrl,
  ...(runtime.email ? { email: runtime.email } : {}),
  ...(runtime.push ? { push: runtime.push } : {}),
});

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return dispatcher.handleBatch(outboxBatch(changesOf(event.Records)));
}
