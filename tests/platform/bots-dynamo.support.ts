/** ./bots.support.ts's harness on a fresh DynamoDB Local table, for the tests of what the table's stream carries. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { freshTable } from '../support/dynamo.js';
import { type BotHarnessOptions, botHarnessOn } from './bots.support.js';

export async function dynamoBotHarness(opts: BotHarnessOptions = {}) {
  const table = await freshTable('bots');
  const items = async (matchId: string) => {
    const all: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await table.doc.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `M#${matchId}` },
          ExclusiveStartKey: start,
        }),
      );
      all.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return all;
  };
  return botHarnessOn({ ...table, notify: new DynamoNotifyStore(table.doc, table.tableName), items }, opts);
}
