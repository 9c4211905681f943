/**
 * The live channel's pokes on AWS, from their own SQS queue (fed by the one stream reader, ./stream.ts, with
 * one message per match and its newest version): each match's new version goes to its subscribers through
 * PostToConnection. A poke that fails is not retried (it would be stale); the pages' safety-net polling
 * covers it.
 */
import './source-maps.js';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { onLiveChanges } from '../live/records.js';
import { LiveService } from '../live/service.js';
import { dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoConnectionStore } from '../storage/live-dynamo.js';
import { changesOfMessages } from '../storage/sqs-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { senderFromEnv } from './live-sender.js';
import { lambdaObserve } from './observe.js';

const connections = new DynamoConnectionStore(dynamoClientFromEnv(process.env), process.env.TABLE_NAME ?? DEFAULT_TABLE);
let onChanges: ReturnType<typeof onLiveChanges> | undefined;
const { log, invocation } = lambdaObserve('livePoke');

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  onChanges ??= onLiveChanges(new LiveService({ connections, sender: senderFromEnv(process.env), log }), log);
  return invocation(context, {}, () => onChanges!(changesOfMessages(event.Records)));
}
