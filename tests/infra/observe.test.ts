/**
 * The log and metrics ports on Lambda (functions/lambda/observe.ts, AWS Lambda Powertools): what lands on
 * stdout and stderr, where Lambda's log agent reads JSON lines and embedded metrics. The API's own wiring is in
 * tests/infra/handlers.test.ts; here the adapter's promises: keys per invocation, metrics written once at its
 * end even when it throws, counts with a dimension summed to one line per value.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaObserve } from '../../functions/lambda/observe.js';
import { METRIC } from '../../functions/observe.js';
import type { Json } from '../support/api.js';

let written: string[] = [];
beforeEach(() => {
  written = [];
  // Powertools writes warnings and errors to stderr, the rest to stdout; Lambda keeps both in the log group.
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
});
afterEach(() => vi.restoreAllMocks());

const lines = (): Json[] =>
  written
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
const emf = () => lines().filter((l) => l._aws);
const logs = () => lines().filter((l) => !l._aws);

describe('functions/lambda/observe.ts', () => {
  it("puts an invocation's keys on its lines only, with the level and fields of each entry", async () => {
    const o = lambdaObserve('bots');
    await o.invocation(undefined, { correlationId: 'one', matchId: 'M1' }, async () => {
      o.log({ level: 'warn', message: 'computer player failed', seat: 1 });
      o.append({ version: '7' });
      o.log({ message: 'no level is info' });
    });
    await o.invocation(undefined, { correlationId: 'two' }, async () => o.log({ level: 'error', message: 'next' }));
    const [a, b, c] = logs();
    expect(a).toMatchObject({
      level: 'WARN',
      message: 'computer player failed',
      service: 'bots',
      correlationId: 'one',
      matchId: 'M1',
      seat: 1,
    });
    expect(b).toMatchObject({ level: 'INFO', message: 'no level is info', correlationId: 'one', version: '7' });
    // The next invocation starts clean: the last one's keys are gone.
    expect(c).toMatchObject({ level: 'ERROR', message: 'next', correlationId: 'two' });
    expect(c.matchId).toBeUndefined();
    expect(c.version).toBeUndefined();
  });

  it('writes the metrics once, at the end of the invocation, also when it throws; a dimension is summed to one line per value', async () => {
    const o = lambdaObserve('dispatcher');
    const run = o.invocation(undefined, {}, async () => {
      o.metrics.count(METRIC.noticesSent, 1, { channel: 'email' });
      o.metrics.count(METRIC.noticesSent, 1, { channel: 'push' });
      o.metrics.count(METRIC.noticesSent, 1, { channel: 'email' });
      o.metrics.time(METRIC.computerThinkTime, 12);
      o.metrics.time(METRIC.computerThinkTime, 30);
      expect(emf(), 'nothing before the end').toEqual([]);
      throw new Error('the batch failed');
    });
    await expect(run).rejects.toThrow('the batch failed');
    const out = emf();
    const sent = out.filter((l) => 'NoticesSent' in l);
    expect(sent.map((l) => [l.channel, l.NoticesSent]).sort()).toEqual([
      ['email', 2],
      ['push', 1],
    ]);
    for (const l of sent) {
      expect(l._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Dutch', Dimensions: [['service', 'channel']] });
      expect(l.service).toBe('dispatcher');
    }
    const [think] = out.filter((l) => 'ComputerThinkTime' in l);
    expect(think.ComputerThinkTime).toEqual([12, 30]);
    expect(think._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'ComputerThinkTime', Unit: 'Milliseconds' }]);
    // Written once: a second, empty invocation writes no metric and no warning about it.
    written = [];
    await o.invocation(undefined, {}, async () => {});
    expect(lines()).toEqual([]);
  });
});
