/**
 * The table's stream on AWS (docs/decisions/stream-fan-out.md): ONE reader, the stream reader function
 * (functions/lambda/stream.ts), the only event source mapping on the table's stream (DynamoDB Streams allows
 * two readers per shard at most; a third is throttled), sends each change to a standard SQS queue per
 * consumer (`ConsumerQueue`): the dispatcher, the computer players, the live channel's pokes. Each consumer
 * takes its queue with partial batch responses, bounded receives into a dead-letter queue of its own, and a
 * maximum concurrency that is a stack parameter, sized to its own work. infra/constructs/alarms.ts alarms on
 * each queue's oldest message and depth, each dead-letter queue's depth, and the reader's iterator age.
 */
import { CfnParameter, Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { STREAM_FILTERS } from '../functions.js';
import type { DataTable } from './data.js';
import { DutchFunction } from './function.js';

/** Stream batches retried this often (halved by bisection each time) before they go to the reader's dead-letter queue. */
export const STREAM_RETRY_ATTEMPTS = 3;
/** Records per reader invocation: a send to SQS takes ten messages, so a batch is a few calls per consumer. */
export const STREAM_BATCH_SIZE = 100;

/** What a consumer's queue alarms on (infra/constructs/alarms.ts). */
export interface QueueAlarms {
  /** The oldest message's age that means the consumer has fallen behind. */
  maxAge: Duration;
  /** Messages visible that mean the same. */
  maxDepth: number;
  /** What it means for the players, in the alarm's description. */
  behind: string;
  /** What a message in the dead-letter queue means. */
  deadLetter: string;
}

export interface ConsumerQueueProps {
  /** The logical ids' stem: `<id>Queue`, `<id>Concurrency`; the dead-letter queue's id is `deadLetterId`. */
  id: string;
  deadLetterId: string;
  fn: lambda.Function;
  /** The parameter's default: the consumer's maximum concurrency (and its reserved concurrency) at 1 M DAU. */
  concurrency: CfnParameter;
  batchSize: number;
  /** How long a received message stays hidden: at least the function's timeout; a failed message comes back after it. */
  visibility: Duration;
  /** Receives before a message goes to the dead-letter queue. */
  maxReceiveCount: number;
  retention: Duration;
  alarms: QueueAlarms;
}

/** A consumer's standard queue, its dead-letter queue (redrive after `maxReceiveCount`) and its event source. */
export class ConsumerQueue {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly props: ConsumerQueueProps;

  constructor(scope: Construct, props: ConsumerQueueProps) {
    this.props = props;
    this.deadLetters = new sqs.Queue(scope, props.deadLetterId, {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.queue = new sqs.Queue(scope, `${props.id}Queue`, {
      visibilityTimeout: props.visibility,
      retentionPeriod: props.retention,
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: props.maxReceiveCount },
    });
    props.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: props.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: props.concurrency.valueAsNumber,
      }),
    );
  }
}

/** A consumer's concurrency as a stack parameter (SQS event sources take 2–1,000). */
export function concurrencyParameter(scope: Construct, id: string, defaultValue: number, what: string): CfnParameter {
  return new CfnParameter(scope, id, {
    type: 'Number',
    default: defaultValue,
    minValue: 2,
    maxValue: 1000,
    description: `Maximum and reserved concurrency of ${what} (the default is sized for 1 M daily players; infra/README.md).`,
  });
}

/**
 * The stream reader's default reserved concurrency: 10 batches per shard at once (its parallelization factor).
 * At 1 M DAU: 2 records per match write, 1,273 writes/s at the peak hour, ~20 records a batch of ~0.05 s:
 * 127 batches/s ≈ 6.4 at once (infra/capacity.ts); at 10 M, 64.
 */
export const STREAM_READER_CONCURRENCY = 100;

export class StreamFanOut {
  readonly reader: DutchFunction;
  readonly deadLetters: sqs.Queue;
  readonly queues: Record<'notify' | 'bots' | 'live', ConsumerQueue>;

  /**
   * Adds to `scope` (the stack) `StreamReaderFunction` with its log group and role, the parameter
   * `StreamReaderConcurrency` and `StreamDeadLetters` (stream batches given up on), and lets the reader send to
   * each consumer's queue (its URL in the reader's environment as `<NAME>_QUEUE_URL`).
   */
  constructor(scope: Construct, { data, queues }: { data: DataTable; queues: Record<'notify' | 'bots' | 'live', ConsumerQueue> }) {
    this.queues = queues;
    const concurrency = concurrencyParameter(scope, 'StreamReaderConcurrency', STREAM_READER_CONCURRENCY, 'the stream reader');
    this.reader = new DutchFunction(scope, { name: 'streamReader', reservedConcurrency: concurrency.valueAsNumber });
    for (const [name, q] of Object.entries(queues)) {
      q.queue.grantSendMessages(this.reader);
      this.reader.addEnvironment(`${name.toUpperCase()}_QUEUE_URL`, q.queue.queueUrl);
    }
    this.deadLetters = new sqs.Queue(scope, 'StreamDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.reader.addEventSource(
      new DynamoEventSource(data.table, {
        // From the oldest record kept: a notice or a computer's turn written during a deploy still goes out.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_BATCH_SIZE,
        // No batching window: a poke should leave within a second of the write.
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(6),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // Ten batches per shard at once: the reader only sends, so order across them does not matter
        // (the queues are standard, the consumers idempotent).
        parallelizationFactor: 10,
        onFailure: new SqsDlq(this.deadLetters),
        filters: STREAM_FILTERS.map((pattern) => lambda.FilterCriteria.filter(pattern)),
      }),
    );
  }
}
