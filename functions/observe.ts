/**
 * What the server tells its operator: log lines and metrics, as two tiny ports. Domain code (matches/,
 * notify/, bots/, players/, live/, http/) writes to these and never to a logging library; the Lambda entries
 * plug in AWS Lambda Powertools (functions/lambda/observe.ts: JSON lines with the request's and the match's
 * correlation keys, CloudWatch embedded metrics flushed per invocation), `npm start` and the tests plug in the
 * plain console line and no metrics. Imports nothing, so any part may take it.
 */

/** One structured log line: `level` (info, warn, error; info when absent), `message`, and any plain fields. */
export type LogEntry = Record<string, unknown>;
export type Log = (entry: LogEntry) => void;

/** The CloudWatch namespace of the site's own metrics; each line's `service` is the function's name (infra/functions.ts). */
export const METRICS_NAMESPACE = 'Dutch';

/**
 * The site's own metrics (namespace `Dutch` on CloudWatch, infra/constructs/dashboard.ts graphs them).
 * Queue ages and the stream's iterator age are AWS's own metrics and are not emitted here.
 */
export const METRIC = {
  /** A person's move the API accepted (2xx to POST …/moves). */
  movesAccepted: 'MovesAccepted',
  /** A computer's move committed (functions/bots/runner.ts). */
  computerMoves: 'ComputerMoves',
  /** A request refused, with its code (`code`: a domain error code, a game's rule code, `internal`). */
  refusals: 'Refusals',
  /** A notice that left, or failed for good, by channel (`channel`: email, push). */
  noticesSent: 'NoticesSent',
  noticesFailed: 'NoticesFailed',
  /** How long a computer player thought about one move (ms). */
  computerThinkTime: 'ComputerThinkTime',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** The only dimensions the site's metrics take: few values each, so CloudWatch keeps few series. */
export type MetricDimensions = { code?: string; channel?: string };

export interface Metrics {
  /** Adds `value` (1 when absent) to a count. */
  count(name: MetricName, value?: number, dimensions?: MetricDimensions): void;
  /** Records a duration in milliseconds. */
  time(name: MetricName, ms: number, dimensions?: MetricDimensions): void;
}

/** Both ports, as deps take them. */
export interface Observe {
  log: Log;
  metrics: Metrics;
}

/** The plain JSON line on stdout (npm start, tests, and the default wherever nothing is given). */
export const consoleLog: Log = (entry) => console.log(JSON.stringify(entry));

/** Counts nowhere: `npm start` and tests that do not look at metrics. */
export const noMetrics: Metrics = { count: () => {}, time: () => {} };

export const CONSOLE: Observe = { log: consoleLog, metrics: noMetrics };
