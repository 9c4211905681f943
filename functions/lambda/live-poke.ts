/**
 * The live channel's pokes on AWS: the table's stream, filtered to match items written (infra/functions.ts
 * LIVE_FILTERS) and read as the table's changes (functions/storage/stream-records.ts), hands each match's new
 * version to its subscribers through PostToConnection. A poke that
 * fails is not retried (it would be stale); the pages' safety-net polling covers it.
 */
import './source-maps.js';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { onLiveChanges } from '../live/records.js';
import { LiveService } from '../live/service.js';
import { dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoConnectionStore } from '../storage/live-dynamo.js';
import { changesOf } from '../storage/stream-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { senderFromEnv } from './live-sender.js';

const connections = new DynamoConnectionStore(dynamoClientFromEnv(process.env), process.env.TABLE_NAME ?? DEFAULT_TABLE);
let onChanges: ReturnType<typeof onLiveChanges> | undefined;

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  onChanges ??= onLiveChanges(new LiveService({ connections, sender: senderFromEnv(process.env) }));
  return onChanges(changesOf(event.Records));
}
