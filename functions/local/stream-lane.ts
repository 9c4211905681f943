/**
 * A reader of DynamoDB Local's stream for one local consumer (the notification dispatcher, the computer
 * players, the live channel's pokes): its own clients, its own checkpoints (`<lane>:<shard>`; the
 * dispatcher's carry no prefix), polling every `pollMs`, and a `stop()` that waits for the reader to finish.
 * The reader's records are handed on as the table's changes (functions/storage/stream-records.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { clientConfigFromEnv, dynamoClientFromEnv } from '../storage/dynamo.js';
import type { ChangeFailures, TableChange } from '../changes.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { StreamReader, type StreamReaderDeps } from '../storage/stream.js';
import { changeOf, changesOf } from '../storage/stream-records.js';

export interface StreamLane {
  stop(): Promise<void>;
}

export function startStreamLane(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  /** The checkpoints' prefix: `bots`, `live`; none for the dispatcher. */
  lane?: string;
  handle: (changes: TableChange[]) => Promise<ChangeFailures>;
  /** Which changes are worth a checkpoint; by default those with outbox entries (the dispatcher's). */
  checkpointAfter?: (change: TableChange) => boolean;
  log: NonNullable<StreamReaderDeps['log']>;
  pollMs: number;
}): StreamLane {
  const { lane, handle, checkpointAfter } = opts;
  const config = clientConfigFromEnv(opts.env);
  const store = new DynamoNotifyStore(dynamoClientFromEnv(opts.env), opts.tableName);
  const raw = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const reader = new StreamReader({
    db: raw,
    streams,
    tableName: opts.tableName,
    handle: (records) => handle(changesOf(records)),
    checkpoints:
      lane === undefined
        ? store
        : {
            checkpoint: (shardId) => store.checkpoint(`${lane}:${shardId}`),
            saveCheckpoint: (shardId, seq, now) => store.saveCheckpoint(`${lane}:${shardId}`, seq, now),
          },
    ...(checkpointAfter ? { checkpointAfter: (r) => checkpointAfter(changeOf(r)) } : {}),
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
