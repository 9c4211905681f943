/**
 * `npm start`: DynamoDB Local (data under DATA_DIR, default .data/) unless DYNAMODB_ENDPOINT points
 * elsewhere, the table, the built web site and the API on PORT (default 3000). Ctrl-C stops it all.
 */
import { join } from 'node:path';
import { depsFromEnv, DEFAULT_TABLE } from '../functions/deps.js';
import { ensureTable, localClient, startDynamoLocal, type DynamoLocal } from '../functions/local/dynamo-local.js';
import { createLocalApp, listen } from '../functions/local/server.js';
import { startLocalNotify } from '../functions/notify/local.js';
import { buildWeb } from '../web/build.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dataDir = process.env.DATA_DIR ?? '.data';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

let dynamo: DynamoLocal | undefined;
if (!process.env.DYNAMODB_ENDPOINT) {
  dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  console.log(`DynamoDB Local on ${dynamo.endpoint}, data in ${join(dataDir, 'dynamodb')}`);
}
const raw = localClient(process.env.DYNAMODB_ENDPOINT);
await ensureTable(raw, process.env.TABLE_NAME ?? DEFAULT_TABLE);
raw.destroy();

await buildWeb();
const deps = depsFromEnv();
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
// Notifications: dispatcher loop on the table's stream, reminder/deadline sweep, dev outbox.
const notify = startLocalNotify({
  env: process.env,
  dataDir,
  tableName: process.env.TABLE_NAME ?? DEFAULT_TABLE,
  publicUrl,
  matches: deps.store,
  games: deps.games,
});
const server = await listen(createLocalApp({ ...deps, publicUrl, extend: notify.extend }), port, host);
console.log(`Dutch is running: http://localhost:${port}  (Ctrl-C to stop)`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  server.close();
  await notify.stop();
  await dynamo?.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
