/**
 * A dispatcher in a process of its own, for the test that kills it mid-send (SIGKILL). Reads the
 * table's stream from the last checkpoint, as a restarted `npm start` would, and mails over SMTP.
 * Usage: tsx dispatcher-child.ts <dynamo endpoint> <table> <smtp url> <clock ms>
 */
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { localClient } from '../../functions/local/dynamo-local.js';
import { Dispatcher } from '../../functions/notify/dispatcher.js';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { onStreamRecords } from '../../functions/storage/stream-records.js';
import { StreamReader } from '../../functions/storage/stream.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { secretSums } from '../support/test-game.js';

const [endpoint, tableName, smtpUrl, nowText] = process.argv.slice(2) as [string, string, string, string];
const now = Number(nowText);
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const doc = dynamoClient({ endpoint, region: 'local', credentials });
const store = new DynamoNotifyStore(doc, tableName);
const dispatcher = new Dispatcher({
  store,
  matches: new DynamoMatchStore(doc, tableName),
  games: new Map([[secretSums.id, secretSums]]),
  publicUrl: 'http://dutch.test',
  email: new SmtpEmailSender(smtpUrl),
  clock: () => now,
  log: () => undefined,
});
const reader = new StreamReader({
  db: localClient(endpoint),
  streams: new DynamoDBStreamsClient({ endpoint, region: 'local', credentials }),
  tableName,
  checkpoints: store,
  clock: () => now,
  handle: onStreamRecords(dispatcher),
});
process.stdout.write('reading\n');
await reader.pollOnce();
process.stdout.write('finished\n');
process.exit(0);
