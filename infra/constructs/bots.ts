/**
 * Computer players on AWS: the bot function (functions/lambda/bots.ts, the runner of functions/bots) fed
 * from the table's stream, filtered to changes to the game of matches with bot seats (infra/functions.ts BOT_FILTERS),
 * with partial batch responses, bisection, bounded retries and a dead-letter queue of its own. A person's
 * request never waits for a bot: the bot moves after the commit, through the same conditional write.
 */
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { BOT_FILTERS, BOT_TABLE_ACTIONS } from '../functions.js';
import type { DataTable } from './data.js';
import { DutchFunction } from './function.js';

/** Matches with bots played side by side; also caps the bill if something loops. */
export const BOTS_RESERVED_CONCURRENCY = 10;
/** Stream batches retried this often (each time halved by bisection) before they go to the bot dead-letter queue. */
export const BOT_RETRY_ATTEMPTS = 3;
/** Records per invocation: the runner reads each match once however many of its records a batch holds. */
export const BOT_BATCH_SIZE = 10;

export class BotPlayers {
  readonly function: DutchFunction;
  readonly deadLetters: sqs.Queue;

  /** Adds to `scope` (the stack, so the logical ids stay put) `BotsFunction` with its log group and role, and `BotDeadLetters`. */
  constructor(scope: Construct, { data }: { data: DataTable }) {
    this.function = new DutchFunction(scope, { name: 'bots', reservedConcurrency: BOTS_RESERVED_CONCURRENCY });
    // Reads the match and its log, commits a move with its log record: never the indexes, never an update or delete.
    this.function.bindTable(data, { actions: BOT_TABLE_ACTIONS, indexes: false });
    this.deadLetters = new sqs.Queue(scope, 'BotDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    this.function.addEventSource(
      new DynamoEventSource(data.table, {
        // From the oldest record kept: a bot turn that came up during a deploy is still played.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: BOT_BATCH_SIZE,
        // No batching window: a bot's move should land within a second or two of its turn.
        retryAttempts: BOT_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(6),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // Batches split by partition key (a match): one match's long think or reaction wait holds up
        // only that match, and its own moves stay in order.
        parallelizationFactor: 10,
        onFailure: new SqsDlq(this.deadLetters),
        filters: BOT_FILTERS.map((pattern) => lambda.FilterCriteria.filter(pattern)),
      }),
    );
  }
}
