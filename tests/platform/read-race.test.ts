/**
 * A first read fetches the match and its log side by side (one round trip), so a move committed by
 * another process can land between the two reads. These tests hold one read back until that move
 * has committed, in each order, and check the answer is still one consistent version: no log line
 * newer than the view (it could name a card that view hides), and no line of the view's own move
 * missing (a page keeps the log of its last full read until the match changes again).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { client, memoryApp, toCountPhase, type Json } from '../support/app.js';
import { secretSums } from '../support/test-game.js';

/** Runs `between` once, after the first call of `first` returned and before `second` starts. */
function interleave(first: 'get' | 'log', between: { run?: () => Promise<void> }) {
  const second = first === 'get' ? 'log' : 'get';
  return (store: MatchStore): MatchStore => {
    let done: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => (done = resolve));
    return new Proxy(store, {
      get(target, prop, receiver) {
        const real = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
        if (prop === first) {
          return async (...args: unknown[]) => {
            const out = await real.apply(target, args);
            done();
            return out;
          };
        }
        if (prop === second) {
          return async (...args: unknown[]) => {
            const run = between.run;
            if (run) {
              between.run = undefined;
              await firstDone;
              await run();
            }
            return real.apply(target, args);
          };
        }
        return real.bind(target);
      },
    });
  };
}

/** A match in its sequential phase at version `v`, and seat 0's move there armed to land between the two reads. */
async function setup(first: 'get' | 'log') {
  const between: { run?: () => Promise<void> } = {};
  const { api, table } = await memoryApp({ wrapStore: interleave(first, between) });
  // Another process on the same table, which makes the move that lands between the two reads.
  const other = client(createApp({ store: table.store, games: new Map([[secretSums.id, secretSums]]), publicUrl: 'http://dutch.test' }));
  const { matchId, seats } = await other.started('secret-sums', 2, { target: 50 });
  const v = await toCountPhase(other, matchId, seats);
  between.run = async () => {
    expect((await other.move(matchId, seats[0]!, v, { kind: 'add', amount: 2 })).status).toBe(200);
  };
  return { api, matchId, seats, v, between };
}

const versions = (body: Json) => (body.log as { version: number }[]).map((l) => l.version);

describe('a first read that straddles another process’s move', () => {
  it('the match is read first: the newer move’s log line is left out; the next read has it', async () => {
    const { api, matchId, seats, v, between } = await setup('get');
    const read = await api.read(matchId, seats[1]!);
    expect(read.status).toBe(200);
    expect(between.run).toBeUndefined(); // the move did land between the reads
    expect(read.json.version).toBe(v);
    expect(Math.max(...versions(read.json))).toBe(v);
    const again = await api.read(matchId, seats[1]!);
    expect(again.json.version).toBe(v + 1);
    expect(Math.max(...versions(again.json))).toBe(v + 1);
    expect(again.json.log[0]).toMatchObject({ version: v + 1, seat: 0 });
    expect(versions(read.json)).toEqual(versions(again.json).slice(1)); // the same page, one version earlier
    expect(again.json.log[0].entries.length).toBeGreaterThan(0);
  });

  it('the log is read first: the log is read again so the match’s own move is in it', async () => {
    const { api, matchId, seats, v, between } = await setup('log');
    const read = await api.read(matchId, seats[1]!);
    expect(read.status).toBe(200);
    expect(between.run).toBeUndefined();
    expect(read.json.version).toBe(v + 1);
    expect(Math.max(...versions(read.json))).toBe(v + 1);
    expect(versions(read.json)).toEqual([...new Set(versions(read.json))]);
  });
});
