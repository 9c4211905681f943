/**
 * The computer players inside `npm start`: a second reader of DynamoDB Local's stream (its own
 * checkpoints, `bots:<shard>`) hands each match with a computer seat to the same runner the Lambda
 * runs (functions/bots/). It polls every DISPATCH_POLL_MS (default 1 s), so a computer's move lands
 * within a second or two of its turn coming up.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { botPlayers } from '#shared/games/bots.js';
import type { AnyGame } from '#shared/engine/game.js';
import { botMatchOf, onBotRecords } from '../bots/records.js';
import { BotRunner, type BotPlayers } from '../bots/runner.js';
import type { MatchStore } from '../matches/port.js';
import { MatchService } from '../matches/service.js';
import { clientConfigFromEnv, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { StreamReader } from '../storage/stream.js';

export interface LocalBots {
  stop(): Promise<void>;
}

export function startLocalBots(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  matches: MatchStore;
  games: ReadonlyMap<string, AnyGame>;
  players?: BotPlayers;
  log?: (entry: Record<string, unknown>) => void;
}): LocalBots {
  const { env } = opts;
  const config = clientConfigFromEnv(env);
  const store = new DynamoNotifyStore(dynamoClientFromEnv(env), opts.tableName);
  const log = opts.log ?? ((e: Record<string, unknown>) => (e.level !== 'info' || env.BOTS_LOG === '1') && console.log(JSON.stringify(e)));
  const service = new MatchService({ store: opts.matches, games: opts.games, clock: Date.now });
  const runner = new BotRunner({ service, store: opts.matches, players: opts.players ?? botPlayers, log });
  const raw = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const reader = new StreamReader({
    db: raw,
    streams,
    tableName: opts.tableName,
    handle: onBotRecords(runner, log),
    checkpoints: {
      checkpoint: (shardId) => store.checkpoint(`bots:${shardId}`),
      saveCheckpoint: (shardId, seq, now) => store.saveCheckpoint(`bots:${shardId}`, seq, now),
    },
    checkpointAfter: (r) => botMatchOf(r) !== null,
    log,
  });
  const abort = new AbortController();
  const done = reader.run(abort.signal, Number(env.DISPATCH_POLL_MS ?? 1000));
  return {
    async stop() {
      abort.abort();
      await done.catch(() => undefined);
      raw.destroy();
      streams.destroy();
    },
  };
}
