/**
 * The local stand-in for Lambda's stream event source: reads the table's real stream (DynamoDB
 * Local implements DynamoDB Streams) shard by shard and hands records to the dispatcher in
 * Lambda's shape. Like Lambda it checkpoints only what was handled, retries from the first failed
 * record, and after a restart starts again at the last checkpoint (kept in the table).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { outboxOfRecord } from './dispatcher.js';
import type { NotifyStore } from './store.js';

export interface StreamReaderDeps {
  db: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  /** The dispatcher's `handleRecords`. */
  handle: (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse>;
  checkpoints: NotifyStore;
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
}

export class StreamReader {
  private streamArn: string | null = null;
  private readonly shards = new Map<string, ShardState>();
  private readonly failures = new Map<string, { sequenceNumber: string; count: number }>();

  constructor(private readonly deps: StreamReaderDeps) {}

  /**
   * Reads everything available now on every shard and hands it to the dispatcher. Returns how
   * many records were handled. A thrown error (a crash) leaves the checkpoints where they were.
   */
  async pollOnce(): Promise<number> {
    const arn = await this.arn();
    let handled = 0;
    for (const shard of await this.listShards(arn)) {
      const id = shard.ShardId!;
      let state = this.shards.get(id);
      if (!state) {
        state = { iterator: await this.startIterator(arn, id), done: false };
        this.shards.set(id, state);
      }
      if (state.done) continue;
      handled += await this.drainShard(arn, id, state);
    }
    return handled;
  }

  /** Polls until the signal aborts; errors are logged and the reader starts afresh. */
  async run(signal: AbortSignal, intervalMs = 1000): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.pollOnce();
      } catch (err) {
        this.deps.log?.({ level: 'error', message: 'stream reader failed; restarting from the checkpoint', error: String(err) });
        this.reset();
      }
      // Wakes early when aborted; leaves no listener behind on the signal.
      await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Forgets the iterators: the next poll starts from the checkpoints, as after a restart. */
  reset(): void {
    this.shards.clear();
    this.streamArn = null;
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
    return [...shards.filter((s) => !s.ParentShardId || !ids.has(s.ParentShardId)), ...shards.filter((s) => s.ParentShardId && ids.has(s.ParentShardId))];
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

  private async drainShard(arn: string, shardId: string, state: ShardState): Promise<number> {
    let handled = 0;
    for (let round = 0; round < 100 && state.iterator; round++) {
      let out;
      try {
        out = await this.deps.streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: this.deps.batchSize ?? 100 }));
      } catch (err) {
        if ((err as Error).name !== 'ExpiredIteratorException') throw err;
        state.iterator = await this.startIterator(arn, shardId);
        continue;
      }
      const records = out.Records ?? [];
      if (records.length === 0) {
        if (!out.NextShardIterator) state.done = true;
        state.iterator = out.NextShardIterator ?? null;
        break;
      }
      const lambdaRecords = records.map((r) => toLambdaRecord(r, arn));
      const { batchItemFailures } = await this.deps.handle(lambdaRecords);
      const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
      let firstFailed = records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      if (firstFailed >= 0) {
        const seq = records[firstFailed]!.dynamodb!.SequenceNumber!;
        const prior = this.failures.get(shardId);
        const count = prior?.sequenceNumber === seq ? prior.count + 1 : 1;
        this.failures.set(shardId, { sequenceNumber: seq, count });
        if (count > (this.deps.maxRetries ?? 5)) {
          this.deps.log?.({ level: 'error', message: 'stream record given up after retries; the sweep will re-drive its outbox row', shardId, sequenceNumber: seq });
          this.failures.delete(shardId);
          // Past the poison record: the rest of this batch was handled (or is retried) as usual.
          const later = records.slice(firstFailed + 1).findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
          firstFailed = later < 0 ? -1 : firstFailed + 1 + later;
        }
      }
      const upTo = firstFailed < 0 ? records.length : firstFailed;
      handled += upTo;
      const carriesIntents = lambdaRecords.slice(0, upTo).some((r) => outboxOfRecord(r) !== null);
      const last = records[upTo - 1]?.dynamodb?.SequenceNumber;
      // Checkpoint after batches that carried outbox rows; other records are cheap to read again,
      // and writing a checkpoint for them would itself make a stream record to read.
      if (last && carriesIntents) await this.deps.checkpoints.saveCheckpoint(shardId, last, (this.deps.clock ?? Date.now)());
      if (firstFailed >= 0) {
        // As Lambda does: retry from the first failed record on the next poll.
        state.iterator = await this.startIterator(arn, shardId, records[firstFailed]!.dynamodb!.SequenceNumber!);
        break;
      }
      state.iterator = out.NextShardIterator ?? null;
      if (!state.iterator) state.done = true;
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
      ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime ? r.dynamodb.ApproximateCreationDateTime.getTime() / 1000 : undefined,
    },
  };
}
