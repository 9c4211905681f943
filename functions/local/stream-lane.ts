/**
 * The shape of AWS's stream fan-out inside `npm start` (docs/decisions/stream-fan-out.md): ONE reader of
 * DynamoDB Local's stream (functions/storage/stream.ts, its own checkpoints) sends each change to the
 * in-process queue of each consumer that wants it (functions/fan-out.ts; functions/storage/memory/queue.ts:
 * delays, retries after a visibility timeout, a dead-letter list), and each consumer (the dispatcher, the
 * computer players, the live channel's pokes) takes its changes from its queue (`consumeQueue`).
 *
 * scripts/start.ts starts one `startLocalStream` and hands it to the three; a consumer started alone (some
 * tests) starts a stream of its own with its own checkpoint names (`<lane>:<shard>`; the shared one's
 * carry no prefix, as the dispatcher's always did).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { ChangeFailures, TableChange } from '../changes.js';
import { CONSUMERS, type Consumer, fanOut, messagesFor } from '../fan-out.js';
import { clientConfigFromEnv, dynamoClientFromEnv } from '../storage/dynamo.js';
import { MemoryChangeQueue, type MemoryQueueOptions } from '../storage/memory/queue.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { StreamReader, type StreamReaderDeps } from '../storage/stream.js';
import { changeOf, changesOf } from '../storage/stream-records.js';

export interface StreamLane {
  stop(): Promise<void>;
}

export interface LocalStream extends StreamLane {
  /** Each consumer's queue; only the reader sends to them. */
  queues: Record<Consumer, MemoryChangeQueue>;
}

/**
 * Each queue as its consumer on AWS is set up (infra/constructs/stream.ts), with shorter visibility so a
 * failed message comes back within seconds here: notices retried a few times (the sweep re-drives the rest),
 * computer moves a few times (then dead-lettered), pokes once (a late poke is stale).
 */
export const LOCAL_QUEUES: Record<Consumer, MemoryQueueOptions> = {
  notify: { visibilityMs: 2_000, maxReceives: 5, batchSize: 10, concurrency: 4 },
  bots: { visibilityMs: 2_000, maxReceives: 5, batchSize: 10, concurrency: 4 },
  live: { visibilityMs: 1_000, maxReceives: 2, batchSize: 10, concurrency: 4 },
};

export function startLocalStream(opts: {
  env: Record<string, string | undefined>;
  tableName: string;
  /** The checkpoints' prefix of a consumer's own stream (`bots`, `live`); none for the shared one. */
  lane?: string;
  /** The consumers the reader feeds; by default all of them. */
  consumers?: readonly Consumer[];
  log: NonNullable<StreamReaderDeps['log']>;
  pollMs: number;
}): LocalStream {
  const fed = opts.consumers ?? CONSUMERS;
  const { lane } = opts;
  const config = clientConfigFromEnv(opts.env);
  const store = new DynamoNotifyStore(dynamoClientFromEnv(opts.env), opts.tableName);
  const raw = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const queues = Object.fromEntries(CONSUMERS.map((c) => [c, new MemoryChangeQueue(LOCAL_QUEUES[c])])) as Record<
    Consumer,
    MemoryChangeQueue
  >;
  const reader = new StreamReader({
    db: raw,
    streams,
    tableName: opts.tableName,
    handle: (records) => fanOut(changesOf(records), Object.fromEntries(fed.map((c) => [c, queues[c]])), opts.log),
    checkpoints:
      lane === undefined
        ? store
        : {
            checkpoint: (shardId) => store.checkpoint(`${lane}:${shardId}`),
            saveCheckpoint: (shardId, seq, now) => store.saveCheckpoint(`${lane}:${shardId}`, seq, now),
          },
    // A checkpoint after records some consumer took (one write per batch); the others are cheap to read again.
    checkpointAfter: (r) => fed.some((c) => messagesFor(c, [changeOf(r)]).length > 0),
    log: opts.log,
  });
  const abort = new AbortController();
  const done = reader.run(abort.signal, opts.pollMs);
  return {
    queues,
    async stop() {
      abort.abort();
      await done.catch(() => undefined);
      raw.destroy();
      streams.destroy();
    },
  };
}

/** A consumer taking its changes from its queue until stopped; `stop()` waits for the batches in flight. */
export function consumeQueue(
  queue: MemoryChangeQueue,
  handle: (changes: TableChange[]) => Promise<ChangeFailures>,
  log: NonNullable<StreamReaderDeps['log']>,
): StreamLane {
  const abort = new AbortController();
  const done = queue
    .consume(handle, abort.signal)
    .catch((err) => log({ level: 'error', message: 'local consumer failed', error: String(err) }));
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}

/**
 * A consumer on the shared stream's queue, or on a stream of its own when none is given: `stop()` stops what
 * it started (its own stream first, so nothing new arrives, then the consumer).
 */
export function consumeChanges(opts: {
  stream?: LocalStream;
  consumer: Consumer;
  env: Record<string, string | undefined>;
  tableName: string;
  handle: (changes: TableChange[]) => Promise<ChangeFailures>;
  log: NonNullable<StreamReaderDeps['log']>;
  pollMs: number;
}): StreamLane & { queue: MemoryChangeQueue } {
  const own = opts.stream
    ? null
    : startLocalStream({
        env: opts.env,
        tableName: opts.tableName,
        ...(opts.consumer === 'notify' ? {} : { lane: opts.consumer }),
        consumers: [opts.consumer],
        log: opts.log,
        pollMs: opts.pollMs,
      });
  const queue = (opts.stream ?? own!).queues[opts.consumer];
  const consumer = consumeQueue(queue, opts.handle, opts.log);
  return {
    queue,
    async stop() {
      await own?.stop();
      await consumer.stop();
    },
  };
}
