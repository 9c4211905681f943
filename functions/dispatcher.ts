// PLACEHOLDER: replaced by the notifications work
/** The notification dispatcher on the table's stream (drains the notification intents). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  void event;
  return { batchItemFailures: [] };
}
