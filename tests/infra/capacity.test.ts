/**
 * The capacity model (infra/capacity.ts) against its limits, with the design's numbers as the code has them
 * today (DUE_SHARDS, DIGEST_SHARDS, item sizes, the stack's caps): every key pattern's busiest partition at the
 * 10 M DAU peak takes at most half of DynamoDB's per-partition limits; the stack's own caps (reserved
 * concurrency, throttles) hold the 1 M DAU peak; every account quota the 10 M DAU peak exceeds is in
 * docs/deploy.md with the figure to ask for. A key change that makes a hot partition fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASSUMED,
  HEADROOM,
  lambdaConcurrency,
  MIXES,
  partitionRows,
  partitionShare,
  quotaRows,
  quotasToRaise,
  TARGET_DAU,
} from '../../infra/capacity.js';
import { STACK_LIMITS } from '../../infra/capacity-limits.js';

describe('the capacity model at 10 M DAU', () => {
  for (const mix of MIXES) {
    it(`every key pattern's busiest partition stays within ${HEADROOM * 100} % of the partition limits (${mix.name} items)`, () => {
      const rows = partitionRows(mix);
      // Every pattern the table's key design names is in the model (functions/storage/table.ts).
      for (const prefix of [
        'M#',
        'DUE#',
        'DIGEST#',
        'WALK#',
        'RL#',
        'LIVE#',
        'CONN#',
        'P#',
        'OWN#',
        'EMAIL#',
        'PADDR#',
        'SIGNIN#',
        'NT#',
        'NAME#',
        'LOBBY#',
        'HOST#',
      ])
        expect(
          rows.some((r) => r.key.includes(prefix)),
          prefix,
        ).toBe(true);
      const hot = rows.filter((r) => partitionShare(r) > HEADROOM).map((r) => `${r.key}: ${(partitionShare(r) * 100).toFixed(0)} %`);
      expect(hot).toEqual([]);
    });
  }

  it("the stack's own caps hold the 1 M DAU peak (reserved concurrency, stage and route throttles)", () => {
    const below = quotaRows(MIXES[1], STACK_LIMITS)
      .filter((r) => r.stackCap !== null && r.at1M > r.stackCap)
      .map((r) => `${r.what}: cap ${r.stackCap}, need ${Math.ceil(r.at1M)}`);
    expect(below).toEqual([]);
  });

  it('the jobs that never overlap keep up in their one invocation: the sweep at the 10 M DAU peak, the digest for 1 M subscribers', () => {
    // Reserved concurrency 1 each (runs never race on the cursors): the need is the work over what one run serves.
    expect(STACK_LIMITS.reservedConcurrency.sweep).toBe(1);
    expect(STACK_LIMITS.reservedConcurrency.digest).toBe(1);
    expect(lambdaConcurrency(MIXES[1], TARGET_DAU).sweep).toBeLessThanOrEqual(1);
    expect(lambdaConcurrency(MIXES[1], 1_000_000 / ASSUMED.digestShare).digest).toBeLessThanOrEqual(1);
  });

  it('docs/deploy.md asks for every account quota the 10 M DAU peak exceeds, with the figure the model gives', () => {
    const deploy = readFileSync('docs/deploy.md', 'utf8');
    const asks = MIXES.flatMap((mix) => quotasToRaise(quotaRows(mix, STACK_LIMITS)));
    expect(asks.length).toBeGreaterThan(0);
    const largest = new Map<string, number>();
    for (const q of asks) largest.set(q.what, Math.max(largest.get(q.what) ?? 0, q.ask));
    const missing = [...largest].filter(([, ask]) => !deploy.includes(ask.toLocaleString('en'))).map(([what, ask]) => `${what}: ${ask}`);
    expect(missing).toEqual([]);
  });
});
