/**
 * Alarms on one SNS topic: errors and throttles of every function; for each consumer's queue
 * (infra/constructs/stream.ts) its oldest message's age and its depth, and anything in its dead-letter queue;
 * the one stream reader falling behind (iterator age) or giving up on a batch. `-c alarmEmail=` subscribes
 * an address.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubs from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { FunctionName } from '../functions.js';
import type { DataTable } from './data.js';
import type { ConsumerQueue } from './stream.js';

export interface AlarmsProps {
  functions: Record<FunctionName, lambda.IFunction>;
  /** Each consumer's queue and dead-letter queue (the dispatcher's, the bots', the live pokes'). */
  queues: readonly ConsumerQueue[];
  /** Stream batches the reader gave up on (infra/constructs/stream.ts). */
  streamDeadLetters: sqs.IQueue;
  alarmEmail?: string;
  /** The API function (called through its URL): 5xx answers and p99 duration. Its throttles are alarmed with every function's. */
  api?: lambda.IFunction;
  /** The table: throttled reads or writes, on the table or any index. */
  data?: DataTable;
}

export class Alarms {
  readonly topic: sns.Topic;

  /** Adds to `scope` (the stack, so the logical ids stay put) the topic `Alarms` and one alarm per id below. */
  constructor(scope: Construct, props: AlarmsProps) {
    const { functions, queues, streamDeadLetters, alarmEmail } = props;
    this.topic = new sns.Topic(scope, 'Alarms', { displayName: 'Dutch alarms', enforceSSL: true });
    if (alarmEmail) this.topic.addSubscription(new snsSubs.EmailSubscription(alarmEmail));
    const notify = new cwActions.SnsAction(this.topic);
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      new cloudwatch.Alarm(scope, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      }).addAlarmAction(notify);
    };
    const fiveMinutes = { period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM };
    for (const [name, fn] of Object.entries(functions)) {
      const id = name.charAt(0).toUpperCase() + name.slice(1);
      alarm(`${id}Errors`, fn.metricErrors(fiveMinutes), 1, `The ${name} function failed at least once in 5 minutes`);
      alarm(`${id}Throttles`, fn.metricThrottles(fiveMinutes), 1, `The ${name} function was throttled (reserved concurrency reached)`);
    }
    const depth = (q: sqs.IQueue) =>
      q.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM });
    const iteratorAge = (fn: lambda.IFunction) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'IteratorAge',
        dimensionsMap: { FunctionName: fn.functionName },
        period: Duration.minutes(5),
        statistic: cloudwatch.Stats.MAXIMUM,
      });
    for (const { queue, deadLetters, props } of queues) {
      const { id, alarms: a } = props;
      const oldest = queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM });
      alarm(`${id}QueueAge`, oldest, a.maxAge.toSeconds(), a.behind);
      alarm(`${id}QueueDepth`, depth(queue), a.maxDepth, `${a.behind} (${a.maxDepth} messages waiting)`);
      alarm(`${id}DeadLetterDepth`, depth(deadLetters), 1, a.deadLetter);
    }
    // A record should reach the queues within a second of the write; a minute behind holds up every consumer.
    alarm(
      'StreamReaderIteratorAge',
      iteratorAge(functions.streamReader),
      60 * 1000,
      'The stream reader is more than a minute behind the writes',
    );
    alarm(
      'StreamDeadLetterDepth',
      depth(streamDeadLetters),
      1,
      'Stream batches the reader could not send to the queues: see infra/README.md',
    );
    frontDoorAlarms(alarm, props);
  }
}

type AddAlarm = (id: string, metric: cloudwatch.IMetric, threshold: number, description: string) => void;

/** What players feel first: the API failing or slow, and the table refusing work (which fails moves site-wide). */
function frontDoorAlarms(alarm: AddAlarm, { api, data }: AlarmsProps): void {
  const fiveMinutes = Duration.minutes(5);
  if (api) {
    // The function URL's own count: throttled calls (429) and failed invocations the app did not answer itself.
    alarm(
      'ApiServerErrors',
      api.metric('Url5xxCount', { period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
      25,
      'The API answered 5xx at least 25 times in 5 minutes',
    );
    // A move answers in well under a second; 2 s at p99 for 5 minutes means the table or the function is struggling.
    alarm(
      'ApiLatencyP99',
      api.metricDuration({ period: fiveMinutes, statistic: 'p99' }),
      2000,
      "The API function's p99 duration was 2 s or more over 5 minutes",
    );
  }
  if (data) {
    const parts = [undefined, ...data.indexNames];
    const throttles = new cloudwatch.MathExpression({
      expression: parts.map((_, i) => `r${i} + w${i}`).join(' + '),
      usingMetrics: Object.fromEntries(
        parts.flatMap((index, i) => [
          [`r${i}`, tableMetric(data, 'ReadThrottleEvents', index)],
          [`w${i}`, tableMetric(data, 'WriteThrottleEvents', index)],
        ]),
      ),
      period: fiveMinutes,
    });
    alarm('TableThrottles', throttles, 1, 'DynamoDB throttled reads or writes (table or an index): a hot partition or the table quota');
  }
}

const tableMetric = (data: DataTable, metricName: string, index?: string) =>
  new cloudwatch.Metric({
    namespace: 'AWS/DynamoDB',
    metricName,
    dimensionsMap: { TableName: data.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
    period: Duration.minutes(5),
    statistic: cloudwatch.Stats.SUM,
  });
