/**
 * A reader of DynamoDB Local's stream for one local consumer (the notification dispatcher, the computer
 * players, the live channel's pokes): its own clients, its own checkpoints (`<lane>:<shard>`; the
 * dispatcher's carry no prefix), polling every `pollMs`, and a `stop()` that waits for the reader to finish.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { clientConfigFromEnv, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { StreamReader, type StreamReaderDeps } from '../storage/stream.js';

export interface StreamLane {
  stop(): Promise<void>;
}

export function startStreamLane(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  /** The checkpoints' prefix: `bots`, `live`; none for the dispatcher. */
  lane?: string;
  handle: StreamReaderDeps['handle'];
  /** Which records are worth a checkpoint; by default those with outbox entries (the dispatcher's). */
  checkpointAfter?: StreamReaderDeps['checkpointAfter'];
  log: NonNullable<StreamReaderDeps['log']>;
  pollMs: number;
}): StreamLane {
  const { lane } = opts;
  const config = clientConfigFromEnv(opts.env);
  const store = new DynamoNotifyStore(dynamoClientFromEnv(opts.env), opts.tableName);
  const raw = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const reader = new StreamReader({
    db: raw,
    streams,
    tableName: opts.tableName,
    handle: opts.handle,
    checkpoints:
      lane === undefined
        ? store
        : {
            checkpoint: (shardId) => store.checkpoint(`${lane}:${shardId}`),
            saveCheckpoint: (shardId, seq, now) => store.saveCheckpoint(`${lane}:${shardId}`, seq, now),
          },
    ...(opts.checkpointAfter ? { checkpointAfter: opts.checkpointAfter } : {}),
    log: opts.log,
  });
  const abort = new AbortController();
  const done = reader.run(abort.signal, opts.pollMs);
  return {
    async stop() {
      abort.abort();
      await done.catch(() => undefined);
      raw.destroy();
      streams.destroy();
    },
  };
}
