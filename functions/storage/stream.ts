/**
 * The local stand-in for Lambda's stream event source: reads the table's real stream (DynamoDB
 * Local implements DynamoDB Streams) shard by shard and hands records in Lambda's shape to its
 * handler: under `npm start` the one stream reader's fan-out to the consumers' queues
 * (functions/local/stream-lane.ts), in some tests the dispatcher itself. Like Lambda it checkpoints only what was handled, retries from the first failed
 * record, and after a restart starts again at the last checkpoint (kept in the table).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type GetRecordsCommandOutput,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { outboxOfRecord } from './stream-records.js';
import type { DynamoNotifyStore } from './notify-dynamo.js';

export interface StreamReaderDeps {
  db: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  /** The records' reader: the dispatcher's (./stream-records.ts `onStreamRecords`), or a local lane's (functions/local/stream-lane.ts). */
  handle: (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse>;
  /**
   * Which handled records are worth a checkpoint (writing one makes a stream record of its own):
   * by default those that carry outbox entries. A reader feeding other consumers (functions/local/stream-lane.ts) passes
   * its own, with its own checkpoint names.
   */
  checkpointAfter?: (record: DynamoDBRecord) => boolean;
  checkpoints: Pick<DynamoNotifyStore, 'checkpoint' | 'saveCheckpoint'>;
  clock?: () => number;
  log?: (entry: Record<string, unknown>) => void;
  /** Records per GetRecords call (Lambda's batch size). */
  batchSize?: number;
  /**
   * Tries of a failing record before the reader moves past it, as Lambda's bounded retries do. The
   * outbox row stays in the table, so the sweep re-drives it later (the local dead-letter queue).
   */
  maxRetries?: number;
}

interface ShardState {
  iterator: string | null;
  /** The shard has been read to its end (closed shards only). */
  done: boolean;
  /** Batches handed over and not yet checkpointed, oldest first. */
  inflight: Batch[];
  /** Per partition key (a match), the end of its queue of work: its records are handled in order. */
  lanes: Map<string, Promise<unknown>>;
  /** A batch had a failed record: read nothing new, and read again from here once the rest settled. */
  rewindTo: string | null;
}

interface Batch {
  records: StreamRecord[];
  lambdaRecords: DynamoDBRecord[];
  outcome: Promise<Set<string>>;
  /** Set once `outcome` settles. */
  result?: { failed: Set<string> } | { error: unknown };
}

/** Batches handed over and not yet all handled, at most (Lambda's parallelization factor). */
const MAX_IN_FLIGHT = 10;

export class StreamReader {
  private streamArn: string | null = null;
  private readonly shards = new Map<string, ShardState>();
  private readonly failures = new Map<string, { sequenceNumber: string; count: number }>();

  constructor(private readonly deps: StreamReaderDeps) {}

  /**
   * Reads everything available now on every shard, hands it to the dispatcher and waits until it is
   * handled. Returns how many records were handled. A thrown error (a crash) leaves the checkpoints
   * where they were.
   */
  async pollOnce(): Promise<number> {
    return this.poll(true);
  }

  /**
   * Polls until the signal aborts; errors are logged and the reader starts afresh. A poll does not
   * wait for the records it handed over: one slow delivery (a push service that never answers)
   * does not hold up the records behind it, except those of the same match.
   */
  async run(signal: AbortSignal, intervalMs = 1000): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.poll(false);
      } catch (err) {
        this.deps.log?.({ level: 'error', message: 'stream reader failed; restarting from the checkpoint', error: String(err) });
        this.reset();
      }
      // Wakes early when aborted; leaves no listener behind on the signal.
      await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
    }
    // Stopping: let what was handed over finish, and checkpoint it.
    await this.poll(true, false).catch((err) =>
      this.deps.log?.({ level: 'error', message: 'stream reader failed while stopping', error: String(err) }),
    );
  }

  /** Forgets the iterators: the next poll starts from the checkpoints, as after a restart. */
  reset(): void {
    this.shards.clear();
    this.streamArn = null;
  }

  private async poll(wait: boolean, read = true): Promise<number> {
    const arn = await this.arn();
    let handled = 0;
    for (const shard of await this.listShards(arn)) {
      const id = shard.ShardId!;
      let state = this.shards.get(id);
      if (!state) {
        if (!read) continue;
        state = { iterator: await this.startIterator(arn, id), done: false, inflight: [], lanes: new Map(), rewindTo: null };
        this.shards.set(id, state);
      }
      if (state.done && state.inflight.length === 0) continue;
      handled += await this.drainShard(arn, id, state, wait, read);
    }
    return handled;
  }

  private async arn(): Promise<string> {
    if (this.streamArn) return this.streamArn;
    const out = await this.deps.db.send(new DescribeTableCommand({ TableName: this.deps.tableName }));
    const arn = out.Table?.LatestStreamArn;
    if (!arn) throw new Error(`table ${this.deps.tableName} has no stream`);
    this.streamArn = arn;
    return arn;
  }

  private async listShards(arn: string): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const out = await this.deps.streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }));
      shards.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    // Parents before children, so a key's records stay in order across a shard split.
    const ids = new Set(shards.map((s) => s.ShardId));
    return [
      ...shards.filter((s) => !s.ParentShardId || !ids.has(s.ParentShardId)),
      ...shards.filter((s) => s.ParentShardId && ids.has(s.ParentShardId)),
    ];
  }

  private async startIterator(arn: string, shardId: string, at?: string): Promise<string | null> {
    const checkpoint = at ? null : await this.deps.checkpoints.checkpoint(shardId);
    const out = await this.deps.streams.send(
      new GetShardIteratorCommand({
        StreamArn: arn,
        ShardId: shardId,
        ...(at
          ? { ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: at }
          : checkpoint
            ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: checkpoint }
            : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return out.ShardIterator ?? null;
  }

  private async drainShard(arn: string, shardId: string, state: ShardState, wait: boolean, read: boolean): Promise<number> {
    let handled = 0;
    for (let round = 0; round < 100; round++) {
      handled += await this.settle(shardId, state);
      if (state.rewindTo !== null) {
        if (state.inflight.length > 0) {
          if (!wait) return handled;
          await Promise.allSettled(state.inflight.map((b) => b.outcome));
          continue;
        }
        // As Lambda does: retry from the first failed record on the next poll.
        state.iterator = await this.startIterator(arn, shardId, state.rewindTo);
        state.rewindTo = null;
        break;
      }
      if (!read || !state.iterator) break;
      if (state.inflight.length >= MAX_IN_FLIGHT) {
        await Promise.race(state.inflight.map((b) => b.outcome.catch(() => undefined)));
        continue;
      }
      let out: GetRecordsCommandOutput;
      try {
        out = await this.deps.streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: this.deps.batchSize ?? 100 }));
      } catch (err) {
        if ((err as Error).name !== 'ExpiredIteratorException') throw err;
        state.iterator = await this.startIterator(arn, shardId, undefined);
        continue;
      }
      const records = out.Records ?? [];
      state.iterator = out.NextShardIterator ?? null;
      if (records.length === 0) {
        if (!state.iterator) state.done = true;
        break;
      }
      this.start(
        state,
        records,
        records.map((r) => toLambdaRecord(r, arn)),
      );
      if (!state.iterator) state.done = true;
    }
    if (wait) {
      await Promise.allSettled(state.inflight.map((b) => b.outcome));
      handled += await this.settle(shardId, state);
      if (state.rewindTo !== null) {
        state.iterator = await this.startIterator(arn, shardId, state.rewindTo);
        state.rewindTo = null;
      }
    }
    return handled;
  }

  /**
   * Hands a batch over, split by partition key (a match) into lanes: each lane's records go to the
   * dispatcher after that lane's earlier ones, and lanes do not wait for each other.
   */
  private start(state: ShardState, records: StreamRecord[], lambdaRecords: DynamoDBRecord[]): void {
    const byLane = new Map<string, DynamoDBRecord[]>();
    for (const r of lambdaRecords) {
      const lane = r.dynamodb?.Keys?.pk?.S ?? '';
      byLane.set(lane, [...(byLane.get(lane) ?? []), r]);
    }
    const parts = [...byLane].map(([lane, part]) => {
      const work = (state.lanes.get(lane) ?? Promise.resolve()).catch(() => undefined).then(() => this.deps.handle(part));
      state.lanes.set(lane, work);
      // A lane with nothing queued behind this work is forgotten once it is done.
      const forget = () => {
        if (state.lanes.get(lane) === work) state.lanes.delete(lane);
      };
      work.then(forget, forget);
      return work;
    });
    const batch: Batch = {
      records,
      lambdaRecords,
      outcome: Promise.all(parts).then((answers) => new Set(answers.flatMap((a) => a.batchItemFailures.map((f) => f.itemIdentifier)))),
    };
    batch.outcome.then(
      (failed) => (batch.result = { failed }),
      (error: unknown) => (batch.result = { error }),
    );
    state.inflight.push(batch);
  }

  /** Checkpoints the batches handled so far, in order; stops at the first failed record. */
  private async settle(shardId: string, state: ShardState): Promise<number> {
    let handled = 0;
    // Let outcomes that have just settled record themselves.
    await Promise.resolve();
    while (state.inflight.length > 0 && state.rewindTo === null) {
      const batch = state.inflight[0]!;
      if (!batch.result) break;
      if ('error' in batch.result) throw batch.result.error;
      const { records, lambdaRecords } = batch;
      const failed = batch.result.failed;
      let firstFailed = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      if (firstFailed >= 0) {
        const seq = records[firstFailed]!.dynamodb!.SequenceNumber!;
        const prior = this.failures.get(shardId);
        const count = prior?.sequenceNumber === seq ? prior.count + 1 : 1;
        this.failures.set(shardId, { sequenceNumber: seq, count });
        if (count > (this.deps.maxRetries ?? 5)) {
          this.deps.log?.({
            level: 'error',
            message: 'stream record given up after retries; the sweep will re-drive its outbox row',
            shardId,
            sequenceNumber: seq,
          });
          this.failures.delete(shardId);
          // Past the poison record: the rest of this batch was handled (or is retried) as usual.
          const later = records.slice(firstFailed + 1).findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
          firstFailed = later < 0 ? -1 : firstFailed + 1 + later;
        }
      }
      const upTo = firstFailed < 0 ? records.length : firstFailed;
      handled += upTo;
      const worth = this.deps.checkpointAfter ?? ((r: DynamoDBRecord) => outboxOfRecord(r) !== null);
      const carriesIntents = lambdaRecords.slice(0, upTo).some(worth);
      const last = records[upTo - 1]?.dynamodb?.SequenceNumber;
      // Checkpoint after batches that carried outbox rows; other records are cheap to read again,
      // and writing a checkpoint for them would itself make a stream record to read.
      if (last && carriesIntents) await this.deps.checkpoints.saveCheckpoint(shardId, last, (this.deps.clock ?? Date.now)());
      state.inflight.shift();
      if (firstFailed >= 0) {
        state.rewindTo = records[firstFailed]!.dynamodb!.SequenceNumber!;
        // Later batches are read again from there (what they delivered is not sent twice: the claims).
      }
    }
    if (state.rewindTo !== null && state.inflight.every((b) => b.result)) {
      const error = state.inflight.find((b) => b.result && 'error' in b.result);
      state.inflight = [];
      if (error) throw (error.result as { error: unknown }).error;
    }
    return handled;
  }
}

/** DynamoDB Streams' record as Lambda delivers it (the same fields, plain JSON attribute values). */
function toLambdaRecord(r: StreamRecord, arn: string): DynamoDBRecord {
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: r.awsRegion,
    eventSourceARN: arn,
    dynamodb: {
      Keys: r.dynamodb?.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: r.dynamodb?.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: r.dynamodb?.SequenceNumber,
      SizeBytes: r.dynamodb?.SizeBytes,
      StreamViewType: r.dynamodb?.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
      ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime
        ? r.dynamodb.ApproximateCreationDateTime.getTime() / 1000
        : undefined,
    },
  };
}
