/**
 * The table's stream records (Lambda's `DynamoDBRecord` shape, also what the local reader in ./stream.ts
 * hands on) read as the outbox entries they carry, for the dispatcher (functions/notify/dispatcher.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { BatchItem, Dispatcher } from '../notify/dispatcher.js';
import type { OutboxEntry } from '../notify/port.js';
import { outboxOfItem } from './notify-dynamo.js';

/**
 * The outbox entry a stream record carries (INSERT, or MODIFY when the sweep re-drives it): an
 * outbox row, or a log item whose change has notifications not yet delivered.
 */
export function outboxOfRecord(record: DynamoDBRecord): OutboxEntry | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  if (!image) return null;
  const item = unmarshall(withBinary(image as Record<string, AttributeValue | { B: string }>, 'intents'));
  const intents = outboxOfItem(item);
  return intents ? { key: { pk: item.pk as string, sk: item.sk as string }, intents } : null;
}

/**
 * Lambda's stream events carry a binary attribute as base64 text (`{ B: "…" }`), where the local reader
 * and the SDK hand over bytes: the packed intents (storage/dynamo.ts `logToItem`) are read as bytes either way.
 */
function withBinary(image: Record<string, AttributeValue | { B: string }>, name: string): Record<string, AttributeValue> {
  const value = image[name];
  if (!value || !('B' in value) || typeof value.B !== 'string') return image as Record<string, AttributeValue>;
  return { ...image, [name]: { B: Buffer.from(value.B, 'base64') } } as Record<string, AttributeValue>;
}

/** A batch of stream records as the dispatcher takes it; a record's id is its sequence number. */
export function batchOf(records: readonly DynamoDBRecord[]): BatchItem[] {
  return records.map((r, i) => ({ id: r.dynamodb?.SequenceNumber ?? r.eventID ?? String(i), entry: outboxOfRecord(r) }));
}

/** The dispatcher as a stream handler: records in, Lambda's partial batch response out. */
export const onStreamRecords =
  (dispatcher: Pick<Dispatcher, 'handleBatch'>) =>
  (records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> =>
    dispatcher.handleBatch(batchOf(records));
