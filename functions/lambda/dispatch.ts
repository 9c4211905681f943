/**
 * The notification dispatcher on AWS Lambda, from its own SQS queue (fed by the one stream reader,
 * ./stream.ts): partial batch responses (`ReportBatchItemFailures`), a failed message retried after the
 * queue's visibility timeout and dead-lettered after its receives, all set by the stack. The messages are
 * read as the table's changes, and those as outbox entries; the work is in functions/notify/dispatcher.ts,
 * whose delivery claims make a repeated message send nothing twice.
 */
import './source-maps.js';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { notifyFromEnv, webhooksOf } from '../deps.js';
import { Dispatcher } from '../notify/dispatcher.js';
import { WebPushSender } from '../notify/push.js';
import { PlayerStats } from '../players/stats.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { DynamoProfileStore } from '../storage/profiles-dynamo.js';
import { Ratings } from '../ratings/service.js';
import { DynamoRatingStore } from '../storage/ratings-dynamo.js';
import { changesOfMessages } from '../storage/sqs-records.js';
import { outboxBatch } from '../storage/stream-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { lambdaObserve } from './observe.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const runtime = notifyFromEnv(process.env, tableName, { db, push: (vapid) => new WebPushSender({ vapid }) });
if (!runtime.publicUrl) throw new Error('PUBLIC_URL must be set for the dispatcher (links in messages)');

const observe = lambdaObserve('dispatcher');
const matches = new DynamoMatchStore(db, tableName);
// The players' counters, kept where the site learns a match ended: its "over" notice.
const playerStore = new DynamoPlayerStore(db, tableName);
const stats = new PlayerStats({
  matches,
  players: playerStore,
  profiles: new DynamoProfileStore(db, tableName),
  clock: Date.now,
});
const dispatcher = new Dispatcher({
  finished: (matchId) => stats.matchOver(matchId),
  log: observe.log,
  metrics: observe.metrics,
  store: runtime.store,
  matches,
  games: gameRegistry,
  ratings: new Ratings({ store: new DynamoRatingStore(db, tableName), match: (id) => matches.get(id), clock: Date.now }),
  publicUrl: runtime.publicUrl,
  ...(runtime.email ? { email: runtime.email } : {}),
  ...(runtime.push ? { push: runtime.push } : {}),
  // A signed-in player's own webhooks hear of every seat they hold.
  webhooks: { ...webhooksOf(db, tableName), ownerOf: (matchId, seat) => playerStore.seatOwner(matchId, seat) },
});

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  return observe.invocation(context, {}, () => dispatcher.handleBatch(outboxBatch(changesOfMessages(event.Records))));
}
