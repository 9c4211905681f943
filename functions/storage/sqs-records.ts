/**
 * An SQS event's messages (Lambda's `SQSRecord` shape) read as the table's changes they carry
 * (functions/queues.ts `decodeChange`), each named by its message id, which is what the partial batch
 * response names for retry. Apart from ./sqs.ts so that a consumer's bundle holds no SQS client.
 */
import type { SQSRecord } from 'aws-lambda';
import type { TableChange } from '../changes.js';
import { decodeChange } from '../queues.js';

export const changesOfMessages = (records: readonly Pick<SQSRecord, 'messageId' | 'body'>[]): TableChange[] =>
  records.map((r) => decodeChange(r.body, r.messageId));
