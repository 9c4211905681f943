/**
 * PLACEHOLDER (infra branch only; the platform branch replaces this file): the bot function's entry with
 * the contract's signature (PLATFORM.md), so the stack synthesizes and bundles it before the real runner
 * lands. It only reads the match each record names and plays nothing.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';

const store = new DynamoMatchStore(dynamoClientFromEnv(process.env), process.env.TABLE_NAME ?? DEFAULT_TABLE);

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const pk = record.dynamodb?.Keys?.pk?.S;
    try {
      if (pk?.startsWith('M#')) await store.get(pk.slice(2));
    } catch {
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
    }
  }
  return { batchItemFailures };
}
