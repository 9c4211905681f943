/**
 * The computer players on AWS Lambda, from their own SQS queue: the one stream reader (./stream.ts) sends a
 * message per match whose game changed while a computer plays a seat, and the runner sends itself a delayed
 * message for a reaction's human-like moment (functions/bots/records.ts `reactionLater`) instead of sleeping.
 * Partial batch responses; a match whose run failed is retried after the queue's visibility timeout and
 * dead-lettered after its receives (an alarm; the sweep re-wakes idle computer matches). The runner
 * (functions/bots/runner.ts) makes the computers' moves through the match service's conditional commit,
 * like a person's.
 */
import './source-maps.js';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { botPlayers } from '#shared/games/bots.js';
import { gameRegistry } from '#shared/games/index.js';
import { onBotChanges, reactionLater } from '../bots/records.js';
import { BotRunner } from '../bots/runner.js';
import { MatchService } from '../matches/service.js';
import { WaitingBoards } from '../players/waiting.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { queueFromEnv } from '../storage/sqs.js';
import { changesOfMessages } from '../storage/sqs-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { lambdaObserve } from './observe.js';

const db = dynamoClientFromEnv(process.env);
const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const store = new DynamoMatchStore(db, tableName);
const { log, metrics, invocation } = lambdaObserve('bots');
// A computer's move changes whose turn it is: the signed-in players' waiting boards hear of it (functions/players/waiting.ts).
const watch = new WaitingBoards({ players: new DynamoPlayerStore(db, tableName), matches: store, clock: Date.now, log });
const service = new MatchService({ store, games: gameRegistry, clock: Date.now, watch });
const later = reactionLater(queueFromEnv(new SQSClient({}), process.env, 'BOTS_QUEUE_URL'));
const onChanges = onBotChanges(new BotRunner({ service, store, players: botPlayers, later, log, metrics }), log);

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  return invocation(context, {}, () => onChanges(changesOfMessages(event.Records)));
}
