/**
 * Computer players on AWS: the bot function (functions/lambda/bots.ts, the runner of functions/bots) fed from
 * its own SQS queue (`BotQueue`), to which the one stream reader (infra/constructs/stream.ts) sends the
 * changes to the game of matches with bot seats, and the function itself a delayed message for a snap's
 * human-like moment (so no Lambda sleeps). Partial batch responses; a failed run comes back after the
 * visibility timeout and, after BOT_MAX_RECEIVES, goes to the bot dead-letter queue (an alarm; the sweep
 * re-wakes idle computer matches). A person's request never waits for a bot: the bot moves after the
 * commit, through the same conditional write.
 */
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { BOT_TABLE_ACTIONS, FUNCTIONS } from '../functions.js';
import type { DataTable } from './data.js';
import { DutchFunction } from './function.js';
import { ConsumerQueue, concurrencyParameter } from './stream.js';

/**
 * Bot runs side by side at most (the parameter `BotsConcurrency`'s default). At 1 M DAU: 2 computer moves per
 * player a day, 5× at the peak hour ≈ 116/s, each a strong move of ~0.25 s, its own commit's wake of ~0.02 s and
 * a quarter of a 1 s cold start: 116 × 0.52 ≈ 60 at once (infra/capacity.ts); 100 leaves 1.7× room.
 */
export const BOTS_RESERVED_CONCURRENCY = 100;
/** Receives of a message before it goes to the bot dead-letter queue. */
export const BOT_MAX_RECEIVES = 5;
/** Messages per invocation: the runner reads each match once however many of its messages a batch holds. */
export const BOT_BATCH_SIZE = 10;
/** A failed run comes back after this: longer than the function's timeout, short enough that a person barely waits. */
export const BOT_VISIBILITY = Duration.seconds(FUNCTIONS.bots.timeoutSeconds + 15);

export class BotPlayers {
  readonly function: DutchFunction;
  readonly consumer: ConsumerQueue;

  /** Adds to `scope` (the stack, so the logical ids stay put) `BotsFunction` with its log group and role, `BotQueue`, `BotDeadLetters` and the parameter `BotsConcurrency`. */
  constructor(scope: Construct, { data }: { data: DataTable }) {
    const concurrency = concurrencyParameter(scope, 'BotsConcurrency', BOTS_RESERVED_CONCURRENCY, 'the computer players');
    this.function = new DutchFunction(scope, { name: 'bots', reservedConcurrency: concurrency.valueAsNumber });
    // Reads the match and its log, commits a move with its log record: never the indexes, never an update or delete.
    this.function.bindTable(data, { actions: BOT_TABLE_ACTIONS, indexes: false });
    this.consumer = new ConsumerQueue(scope, {
      id: 'Bot',
      deadLetterId: 'BotDeadLetters',
      fn: this.function,
      concurrency,
      batchSize: BOT_BATCH_SIZE,
      visibility: BOT_VISIBILITY,
      maxReceiveCount: BOT_MAX_RECEIVES,
      retention: Duration.days(1),
      alarms: {
        maxAge: Duration.minutes(1),
        maxDepth: 1000,
        behind: 'Computer players are more than a minute behind their turns',
        deadLetter:
          'Bot turns gave up after their receives and wait in the bot dead-letter queue: those matches wait for the sweep to wake them',
      },
    });
    // Its own delayed messages: a snap's human-like moment.
    this.consumer.queue.grantSendMessages(this.function);
    this.function.addEnvironment('BOTS_QUEUE_URL', this.consumer.queue.queueUrl);
  }

  get deadLetters() {
    return this.consumer.deadLetters;
  }
}
