/** Per-file DynamoDB Local tables, so test files run in parallel without seeing each other. */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable, localClient } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';

export function dynamoEndpoint(): string {
  return inject('dynamoEndpoint');
}

export async function freshTable(prefix = 't') {
  const endpoint = dynamoEndpoint();
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  const raw = localClient(endpoint);
  await ensureTable(raw, tableName);
  const doc = dynamoClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { endpoint, tableName, raw, doc, store: new DynamoMatchStore(doc, tableName) };
}
