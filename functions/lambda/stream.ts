/**
 * The table's one stream reader on AWS Lambda (docs/decisions/stream-fan-out.md): the only event source
 * mapping on the table's stream (filtered to outbox rows and match items, infra/functions.ts STREAM_FILTERS),
 * with partial batch responses, bounded retries, bisection and a dead-letter queue set by the stack. The
 * records are read as the table's changes (functions/storage/stream-records.ts) and sent to the queue of each
 * consumer that wants them (functions/fan-out.ts): the dispatcher (./dispatch.ts), the computer players
 * (./bots.ts), the live channel's pokes (./live-poke.ts). Only records whose messages could not be sent are
 * reported back, and read again.
 */
import './source-maps.js';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { fanOut } from '../fan-out.js';
import { queueFromEnv } from '../storage/sqs.js';
import { changesOf } from '../storage/stream-records.js';
import { lambdaObserve } from './observe.js';

const sqs = new SQSClient({});
const queues = {
  notify: queueFromEnv(sqs, process.env, 'NOTIFY_QUEUE_URL'),
  bots: queueFromEnv(sqs, process.env, 'BOTS_QUEUE_URL'),
  live: queueFromEnv(sqs, process.env, 'LIVE_QUEUE_URL'),
};
const observe = lambdaObserve('streamReader');

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  return observe.invocation(context, {}, () => fanOut(changesOf(event.Records), queues, observe.log));
}
