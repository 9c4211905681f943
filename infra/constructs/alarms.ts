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
import type { ConsumerQueue } from './stream.js';

export interface AlarmsProps {
  functions: Record<FunctionName, lambda.IFunction>;
  /** Each consumer's queue and dead-letter queue (the dispatcher's, the bots', the live pokes'). */
  queues: readonly ConsumerQueue[];
  /** Stream batches the reader gave up on (infra/constructs/stream.ts). */
  streamDeadLetters: sqs.IQueue;
  alarmEmail?: string;
}

export class Alarms {
  readonly topic: sns.Topic;

  /** Adds to `scope` (the stack, so the logical ids stay put) the topic `Alarms` and one alarm per id below. */
  constructor(scope: Construct, { functions, queues, streamDeadLetters, alarmEmail }: AlarmsProps) {
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
  }
}
