/**
 * The table's stream records (Lambda's `DynamoDBRecord` shape, also what the local reader in ./stream.ts
 * hands on) read as the table's changes (functions/changes.ts): a match written, with its version and whether
 * it wakes the bots; an outbox entry for the dispatcher (functions/notify/dispatcher.ts); anything else. The
 * one place outside ./stream.ts that reads a stream record's keys and images.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { TableChange } from '../changes.js';
import type { BatchItem, Dispatcher } from '../notify/dispatcher.js';
import type { OutboxEntry } from '../notify/port.js';
import { outboxOfItem } from './notify-dynamo.js';

/**
 * The change a stream record reports; `index` (its place in the batch) names it when it has neither a
 * sequence number nor an event id. A match item is written with the top-level `botSeats` only when the
 * write wakes the bots (./dynamo.ts `matchToItem`); on AWS the bot function's event source filters on it.
 */
export function changeOf(record: DynamoDBRecord, index = 0): TableChange {
  const id = record.dynamodb?.SequenceNumber ?? record.eventID ?? String(index);
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return { kind: 'other', id };
  const pk = record.dynamodb?.Keys?.pk?.S;
  if (record.dynamodb?.Keys?.sk?.S === 'MATCH' && pk?.startsWith('M#')) {
    const image = record.dynamodb?.NewImage;
    const version = Number(image?.version?.N);
    return {
      kind: 'match-changed',
      id,
      matchId: pk.slice(2),
      version: Number.isSafeInteger(version) ? version : null,
      wakesBots: Boolean(image?.botSeats),
    };
  }
  const entry = outboxOfRecord(record);
  return entry ? { kind: 'outbox', id, entry } : { kind: 'other', id };
}

/** A batch of stream records as the table's changes. */
export const changesOf = (records: readonly DynamoDBRecord[]): TableChange[] => records.map((r, i) => changeOf(r, i));

/**
 * The outbox entry a stream record carries (INSERT, or MODIFY when the sweep re-drives it): an
 * outbox row, or a log item whose change has notifications not yet delivered.
 */
export function outboxOfRecord(record: DynamoDBRecord): OutboxEntry | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  // Only outbox rows and log items with a timer can carry notices (./notify-dynamo.ts `outboxOfItem`): every
  // other record, most of what the bots' and live lanes read, is told apart without unpacking anything.
  const type = image?.type?.S;
  if (!image || (type !== 'intent' && !(type === 'log' && image.dueAt))) return null;
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

/** The table's changes as the dispatcher takes them: each with the outbox entry it carries, or null. */
export const outboxBatch = (changes: readonly TableChange[]): BatchItem[] =>
  changes.map((c) => ({ id: c.id, entry: c.kind === 'outbox' ? c.entry : null }));

/** A batch of stream records as the dispatcher takes it; a record's id is its sequence number. */
export function batchOf(records: readonly DynamoDBRecord[]): BatchItem[] {
  return outboxBatch(changesOf(records));
}

/** The dispatcher as a stream handler: records in, Lambda's partial batch response out. */
export const onStreamRecords =
  (dispatcher: Pick<Dispatcher, 'handleBatch'>) =>
  (records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> =>
    dispatcher.handleBatch(batchOf(records));
