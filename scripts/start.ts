/**
 * `npm start`: DynamoDB Local (data under DATA_DIR, default .data/) unless DYNAMODB_ENDPOINT points
 * elsewhere, the table, the web site built into DATA_DIR/site and the API on PORT (default 3000).
 *
 * Ctrl-C (SIGINT) or SIGTERM stops it in order: no new connections, the requests in flight are
 * answered (up to DRAIN_MS, default 10 s; open live sockets are closed first, with 1001, going away: the
 * pages fall back on polling and reconnect), then the computer players and the notification dispatcher,
 * then DynamoDB Local.
 *
 * On a HOST other than this machine's loopback it needs SMTP_URL: the dev outbox would show every
 * sign-in link to anyone who can reach it (functions/local/exposure.ts).
 */
import { join } from 'node:path';
import { depsFromEnv, DEFAULT_TABLE } from '../functions/deps.js';
import { ensureTable, JavaMissing, localClient, startDynamoLocal, type DynamoLocal } from '../functions/local/dynamo-local.js';
import { outboxRefusal } from '../functions/local/exposure.js';
import { createLocalApp, drain, listen } from '../functions/local/server.js';
import { startLocalNotify } from '../functions/local/notify.js';
import { startLocalBots } from '../functions/local/bots.js';
import { startLocalLive } from '../functions/local/live.js';
import { startLocalStream } from '../functions/local/stream-lane.js';
import { MatchService } from '../functions/matches/service.js';
import { WaitingBoards } from '../functions/players/waiting.js';
import { localSeatKey } from '../functions/local/seat-key.js';
import { buildWeb } from '../web/build.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dataDir = process.env.DATA_DIR ?? '.data';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const drainMs = Number(process.env.DRAIN_MS ?? 10_000);
// Without SMTP the mail, sign-in links too, is shown at /dev/outbox to whoever asks: only on this machine.
const exposed = outboxRefusal(host, process.env.SMTP_URL);
if (exposed) {
  console.error(exposed);
  process.exit(1);
}

let dynamo: DynamoLocal | undefined;
if (!process.env.DYNAMODB_ENDPOINT) {
  try {
    dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
  } catch (err) {
    if (!(err instanceof JavaMissing)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  // DynamoDB Local acknowledges a transaction before its COMMIT: wait for it (functions/storage/dynamo.ts).
  process.env.DYNAMODB_COMMIT_BARRIER = '1';
  console.log(`DynamoDB Local on ${dynamo.endpoint}, data in ${join(dataDir, 'dynamodb')}`);
}
const raw = localClient(process.env.DYNAMODB_ENDPOINT);
await ensureTable(raw, process.env.TABLE_NAME ?? DEFAULT_TABLE);
raw.destroy();

// The site is built into the data folder: two `npm start`s with their own DATA_DIR never write one folder.
const webRoot = join(dataDir, 'site');
await buildWeb({ outdir: webRoot });
// Signing in keeps seat tokens sealed under this key (functions/players/vault.ts).
process.env.SEAT_KEY ??= localSeatKey(dataDir);
const deps = depsFromEnv();
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
// One reader of the table's stream, fanning out to a queue per consumer, as on AWS (functions/local/stream-lane.ts).
const stream = startLocalStream({
  env: process.env,
  tableName: process.env.TABLE_NAME ?? DEFAULT_TABLE,
  log: (e) => e.level !== 'info' && console.log(JSON.stringify(e)),
  pollMs: Number(process.env.LIVE_POLL_MS ?? 100),
});
// The signed-in players' waiting boards hear of the sweep's and the computers' commits too (functions/players/waiting.ts).
const watch = deps.players ? new WaitingBoards({ players: deps.players.store, matches: deps.store, clock: Date.now }) : undefined;
// Notifications: the dispatcher on its queue, reminder/deadline sweep, dev outbox.
const notify = startLocalNotify({
  ...(watch ? { watch } : {}),
  stream,
  env: process.env,
  dataDir,
  tableName: process.env.TABLE_NAME ?? DEFAULT_TABLE,
  publicUrl,
  matches: deps.store,
  games: deps.games,
});
// Computer players: the bots' moves from their queue (functions/bots/).
const bots = startLocalBots({
  ...(watch ? { watch } : {}),
  stream,
  env: process.env,
  tableName: process.env.TABLE_NAME ?? DEFAULT_TABLE,
  matches: deps.store,
  games: deps.games,
});
const server = await listen(createLocalApp({ ...deps, publicUrl, notifications: notify.notifications }, webRoot), port, host);
// The live channel: WebSocket pokes on the same port (/live), from their queue.
const live = startLocalLive({
  stream,
  env: process.env,
  tableName: process.env.TABLE_NAME ?? DEFAULT_TABLE,
  server: server as import('node:http').Server,
  matches: new MatchService({ store: deps.store, games: deps.games, clock: Date.now }),
});
console.log(`Dutch is running: http://localhost:${port}  (Ctrl-C to stop)`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: no new connections; finishing the requests in flight…`);
  // The listener closes at once (drain); the live sockets are closed while the requests in flight finish.
  const draining = drain(server, drainMs);
  // The reader first, so nothing new reaches the queues; each consumer then finishes what it holds.
  await stream.stop();
  await live.stop();
  const clean = await draining;
  if (!clean) console.log(`Requests still open after ${drainMs} ms were cut.`);
  await bots.stop();
  await notify.stop();
  await dynamo?.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
