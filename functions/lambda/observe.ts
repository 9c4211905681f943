/**
 * The log and metrics ports (functions/observe.ts) on Lambda, with AWS Lambda Powertools: one JSON line per
 * entry with the function's service name, the invocation's Lambda request id and the keys the entry names
 * (a request's correlation id, a match id), and CloudWatch embedded metrics (namespace `Dutch`, dimension
 * `service`) written to stdout, which Lambda's log agent turns into metrics with no API call. Only the
 * Logger and Metrics classes are imported (no middy): the API's cold import pays for little more than them.
 *
 * Metrics are held during an invocation and written once at its end (`invocation`); a count with dimensions
 * (refusals by code, notices by channel) is summed per dimension value and written as one line each.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics as Powertools, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { type Log, type MetricDimensions, type MetricName, type Metrics, METRICS_NAMESPACE, type Observe } from '../observe.js';

export interface LambdaObserve extends Observe {
  /**
   * Runs one invocation: the keys of the last one dropped, `keys` (and the Lambda context's request id)
   * put on every line until the next, the metrics written when `run` settles, whether it threw or not.
   */
  invocation<T>(context: unknown, keys: Record<string, string | undefined>, run: () => Promise<T>): Promise<T>;
  /** Adds keys to every line until the invocation ends (e.g. the match a request or record is about). */
  append(keys: Record<string, string | undefined>): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];
const levelOf = (v: unknown): Level => (LEVELS.includes(v as Level) ? (v as Level) : 'info');

/** Keys with a value only: Powertools would print `undefined` keys as absent anyway, but the type wants strings. */
const defined = (keys: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(keys).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** The ports for the function named `service` in infra/functions.ts (api, dispatcher, bots, …): its log lines and its metrics. */
export function lambdaObserve(service: string): LambdaObserve {
  const logger = new Logger({ serviceName: service });
  const powertools = new Powertools({ namespace: METRICS_NAMESPACE, serviceName: service });
  // Counts with dimensions, summed until the invocation ends: `name\0dimensions as JSON` → total.
  const counts = new Map<string, number>();

  const log: Log = ({ level, message, ...rest }) => logger[levelOf(level)](String(message ?? ''), rest);

  const add = (name: MetricName, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number, dimensions?: MetricDimensions) => {
    const dims = dimensions && defined(dimensions);
    if (!dims || Object.keys(dims).length === 0) {
      powertools.addMetric(name, unit, value);
      return;
    }
    if (unit !== MetricUnit.Count) {
      const one = powertools.singleMetric();
      one.addDimensions(dims);
      one.addMetric(name, unit, value);
      return;
    }
    const key = `${name}\u0000${JSON.stringify(dims)}`;
    counts.set(key, (counts.get(key) ?? 0) + value);
  };
  const metrics: Metrics = {
    count: (name, value = 1, dimensions) => add(name, MetricUnit.Count, value, dimensions),
    time: (name, ms, dimensions) => add(name, MetricUnit.Milliseconds, ms, dimensions),
  };

  const flush = () => {
    for (const [key, value] of counts) {
      const [name, dims] = key.split('\u0000') as [MetricName, string];
      const one = powertools.singleMetric();
      // addDimension, not addDimensions: these are this line's own dimensions beside `service`, not a second set.
      for (const [k, v] of Object.entries(JSON.parse(dims) as Record<string, string>)) one.addDimension(k, v);
      one.addMetric(name, MetricUnit.Count, value);
    }
    counts.clear();
    if (powertools.hasStoredMetrics()) powertools.publishStoredMetrics();
  };

  return {
    log,
    metrics,
    append: (keys) => logger.appendKeys(defined(keys)),
    async invocation(context, keys, run) {
      logger.resetKeys();
      // Lambda's context (function name, its request id, cold start); hono's and tests' may be partial or absent.
      if (typeof (context as Context | undefined)?.awsRequestId === 'string') logger.addContext(context as Context);
      logger.appendKeys(defined(keys));
      try {
        return await run();
      } finally {
        flush();
      }
    },
  };
}
