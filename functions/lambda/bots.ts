/**
 * The computer players on AWS Lambda: the table's stream, filtered to match items that carry
 * `botSeats` (a change to the game of a match in play with a seat a computer plays), is the event source, with partial batch
 * responses (`ReportBatchItemFailures`), bounded retries and a dead-letter queue set by the stack.
 * The records are read as the table's changes (functions/storage/stream-records.ts); each waking match is
 * handed to the runner (functions/bots/runner.ts), which makes the computers' moves through the match
 * service's conditional commit, like a person's.
 */
import './source-maps.js';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { botPlayers } from '#shared/games/bots.js';
import { gameRegistry } from '#shared/games/index.js';
import { onBotChanges } from '../bots/records.js';
import { BotRunner } from '../bots/runner.js';
import { MatchService } from '../matches/service.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { changesOf } from '../storage/stream-records.js';
import { DEFAULT_TABLE } from '../storage/table.js';

const store = new DynamoMatchStore(dynamoClientFromEnv(process.env), process.env.TABLE_NAME ?? DEFAULT_TABLE);
const service = new MatchService({ store, games: gameRegistry, clock: Date.now });
const onChanges = onBotChanges(new BotRunner({ service, store, players: botPlayers }));

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return onChanges(changesOf(event.Records));
}
