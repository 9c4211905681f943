/**
 * The operator's CloudWatch dashboard: the API's requests, errors and p99; moves per second and refusals by
 * code; notices sent and failed by channel; computer think time (the site's own embedded metrics,
 * functions/observe.ts, namespace `Dutch`); every queue's oldest message and depth (dead-letter queues
 * included); the table stream's iterator age for each function that reads it; DynamoDB throttles and consumed
 * capacity for the table and each index; each function's concurrency and throttles. Queues and stream readers
 * are found in the stack when the dashboard is made (it is made last), so a new one shows without an edit here.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, type MetricName } from '../../functions/observe.js';
import type { FunctionName } from '../functions.js';
import type { DataTable } from './data.js';

/** One point a minute: fine enough to see a peak, and moves per second are per minute ÷ 60. */
const MINUTE = Duration.minutes(1);

/** The widgets' titles (tests/infra/stack.test.ts checks each is on the dashboard). */
export const DASHBOARD_WIDGETS = [
  'API: requests',
  'API: errors (4xx, 5xx)',
  'API: latency p99',
  'Moves per second',
  'Refusals by code',
  'Notices sent and failed, by channel',
  'Computer think time',
  'Queues: oldest message age',
  'Queues: depth (dead-letter queues included)',
  'Table stream: iterator age',
  'DynamoDB: throttles (table and indexes)',
  'DynamoDB: consumed capacity (table and indexes)',
  'Lambda: concurrency',
  'Lambda: throttles',
] as const;
type Title = (typeof DASHBOARD_WIDGETS)[number];

export interface DashboardProps {
  /** The API function, called through its URL: the URL's own metrics (Url*) count what CloudFront sent it. */
  api: lambda.IFunction;
  data: DataTable;
  functions: Record<FunctionName, lambda.IFunction>;
}

const own = (name: MetricName, service: FunctionName, statistic: string, label: string) =>
  new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName: name, dimensionsMap: { service }, statistic, period: MINUTE, label });

/** Every series of one of our metrics that carries `dimension`, whatever its value (a code, a channel). */
const byDimension = (name: MetricName, dimension: string, label: string) =>
  new cloudwatch.MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},service,${dimension}} MetricName="${name}"', 'Sum', 60)`,
    usingMetrics: {},
    label,
    period: MINUTE,
  });

/** Per second from a per-minute sum; `id` names the sum within its graph (ids are per graph). */
const perSecond = (id: string, m: cloudwatch.IMetric, label: string) =>
  new cloudwatch.MathExpression({ expression: `${id} / PERIOD(${id})`, usingMetrics: { [id]: m }, label, period: MINUTE });

export class OpsDashboard {
  readonly dashboard: cloudwatch.Dashboard;

  /** Adds `OpsDashboard` to `scope` (the stack). Make it after every queue and function exists. */
  constructor(scope: Construct, { api, data, functions }: DashboardProps) {
    const graph = (title: Title, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width: 12, height: 6, period: MINUTE });
    const sum = { period: MINUTE, statistic: cloudwatch.Stats.SUM };
    const max = { period: MINUTE, statistic: cloudwatch.Stats.MAXIMUM };
    const fns = Object.entries(functions) as [FunctionName, lambda.IFunction][];
    const queues = Stack.of(scope)
      .node.findAll()
      .filter((c): c is sqs.Queue => c instanceof sqs.Queue);
    const streamReaders = fns.filter(([, fn]) => fn.node.findAll().some(readsStream));
    const tableName = data.table.tableName;
    const dynamo = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        ...sum,
        label: `${metricName} ${index ?? 'table'}`,
      });
    const parts = [undefined, ...data.indexNames];

    this.dashboard = new cloudwatch.Dashboard(scope, 'OpsDashboard', {
      defaultInterval: Duration.hours(3),
      widgets: [
        [
          graph('API: requests', [api.metric('UrlRequestCount', { ...sum, label: 'requests / minute' })]),
          graph('API: errors (4xx, 5xx)', [
            api.metric('Url4xxCount', { ...sum, label: '4xx' }),
            api.metric('Url5xxCount', { ...sum, label: '5xx' }),
          ]),
        ],
        [
          graph('API: latency p99', [
            api.metric('UrlRequestLatency', { period: MINUTE, statistic: 'p99', label: 'p99 (ms)' }),
            api.metricDuration({ period: MINUTE, statistic: 'p99', label: 'function p99 (ms)' }),
          ]),
          graph('Moves per second', [
            perSecond('people', own(METRIC.movesAccepted, 'api', cloudwatch.Stats.SUM, 'people'), 'people'),
            perSecond('computers', own(METRIC.computerMoves, 'bots', cloudwatch.Stats.SUM, 'computers'), 'computers'),
          ]),
        ],
        [
          graph('Refusals by code', [byDimension(METRIC.refusals, 'code', '')]),
          graph(
            'Notices sent and failed, by channel',
            [byDimension(METRIC.noticesSent, 'channel', 'sent')],
            [byDimension(METRIC.noticesFailed, 'channel', 'failed')],
          ),
        ],
        [
          graph('Computer think time', [
            own(METRIC.computerThinkTime, 'bots', 'p50', 'p50 (ms)'),
            own(METRIC.computerThinkTime, 'bots', 'p99', 'p99 (ms)'),
            own(METRIC.computerThinkTime, 'bots', cloudwatch.Stats.MAXIMUM, 'max (ms)'),
          ]),
          graph(
            'Table stream: iterator age',
            streamReaders.map(([name, fn]) => fn.metric('IteratorAge', { ...max, label: `${name} (ms)` })),
          ),
        ],
        [
          graph(
            'Queues: oldest message age',
            queues.map((q) => q.metricApproximateAgeOfOldestMessage({ ...max, label: `${q.node.id} (s)` })),
          ),
          graph(
            'Queues: depth (dead-letter queues included)',
            queues.map((q) => q.metricApproximateNumberOfMessagesVisible({ ...max, label: q.node.id })),
          ),
        ],
        [
          graph(
            'DynamoDB: throttles (table and indexes)',
            parts.flatMap((index) => [dynamo('ReadThrottleEvents', index), dynamo('WriteThrottleEvents', index)]),
          ),
          graph(
            'DynamoDB: consumed capacity (table and indexes)',
            parts.map((index) => dynamo('ConsumedWriteCapacityUnits', index)),
            parts.map((index) => dynamo('ConsumedReadCapacityUnits', index)),
          ),
        ],
        [
          graph(
            'Lambda: concurrency',
            fns.map(([name, fn]) => fn.metric('ConcurrentExecutions', { ...max, label: name })),
            // The account's pool, which every function without a reservation draws from (infra/front-door.ts).
            ['ConcurrentExecutions', 'UnreservedConcurrentExecutions'].map(
              (metricName) => new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, ...max, label: `account: ${metricName}` }),
            ),
          ),
          graph(
            'Lambda: throttles',
            fns.map(([name, fn]) => fn.metricThrottles({ ...sum, label: name })),
          ),
        ],
      ],
    });
  }
}

/** An event-source mapping on a stream (it has a starting position; an SQS mapping has none). */
function readsStream(c: unknown): boolean {
  return c instanceof lambda.CfnEventSourceMapping && c.startingPosition !== undefined;
}
