/**
 * The match records a process remembers (functions/matches/recent.ts): a move made at the version just
 * read or written skips reading the match again, and a remembered record that is out of date, whether
 * another process moved or the sweep moved its cursor, is caught by the conditional write.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { client, memoryApp, toCountPhase } from '../support/app.js';
import { secretSums } from '../support/test-game.js';

/** Counts the store's reads of a match: full (`get`) and the poll's projection (`head`). */
function countingReads(counter: { gets: number; heads: number }) {
  return (store: MatchStore): MatchStore =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'get') {
          return (id: string) => {
            counter.gets++;
            return target.get(id);
          };
        }
        if (prop === 'head') {
          return (id: string) => {
            counter.heads++;
            return target.head(id);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
}

describe('remembered match records', () => {
  it('a move right after the page read, or after the previous move, reads the match no more', async () => {
    const counter = { gets: 0, heads: 0 };
    const { api } = await memoryApp({ wrapStore: countingReads(counter) });
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    let v = await toCountPhase(api, matchId, seats);
    const read = await api.read(matchId, seats[0]!);
    expect(read.status).toBe(200);
    counter.gets = 0;
    for (let i = 0; i < 6; i++) {
      const moved = await api.move(matchId, seats[i % 2]!, v, { kind: 'add', amount: 1 });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.version).toBe(v + 1);
      v = moved.json.version;
    }
    expect(counter.gets).toBe(0);
  });

  it('a first read is one full read (no projection first); a poll of an unchanged match reads only the projection', async () => {
    const counter = { gets: 0, heads: 0 };
    const { api } = await memoryApp({ wrapStore: countingReads(counter) });
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    counter.gets = counter.heads = 0;
    const first = await api.read(matchId, seats[1]!);
    expect(first.status).toBe(200);
    expect(counter).toEqual({ gets: 1, heads: 0 });
    const poll = await api.read(matchId, seats[1]!, { 'If-None-Match': first.headers.get('ETag')! });
    expect(poll.status).toBe(304);
    expect(counter).toEqual({ gets: 1, heads: 1 });
  });

  it('a record another process has moved past: a stale client still gets 409, an up-to-date one is served', async () => {
    const { table } = await memoryApp();
    const games = new Map([[secretSums.id, secretSums]]);
    const here = client(createApp({ store: table.store, games, publicUrl: 'http://dutch.test' }));
    const there = client(createApp({ store: table.store, games, publicUrl: 'http://dutch.test' }));
    const { matchId, seats } = await here.started('secret-sums', 2, { target: 50 });
    const v = await toCountPhase(here, matchId, seats);
    expect((await here.read(matchId, seats[0]!)).json.version).toBe(v); // `here` remembers version v

    const elsewhere = await there.move(matchId, seats[0]!, v, { kind: 'add', amount: 2 });
    expect(elsewhere.status).toBe(200);
    const stale = await here.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'stale-version', version: v + 1 });
    const fresh = await here.move(matchId, seats[1]!, v + 1, { kind: 'add', amount: 1 });
    expect(fresh.status, fresh.text).toBe(200);
    const stored = await table.store.get(matchId);
    expect(stored!.version).toBe(v + 2);
    expect((stored!.state as { counter: number }).counter).toBe(3);
  });

  it('a sweep cursor moved after the read is kept: the move is applied on a fresh read, not over it', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    const v = await toCountPhase(api, matchId, seats);
    expect((await api.read(matchId, seats[0]!)).status).toBe(200); // remembered without a cursor

    const atRead = (await table.store.get(matchId))!;
    const swept = atRead.updatedAt + 3_600_000;
    expect(await table.store.advanceSweep(atRead, swept, swept + 3_600_000, [])).toBe(true);

    const moved = await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 });
    expect(moved.status, moved.text).toBe(200);
    const stored = (await table.store.get(matchId))!;
    expect(stored.version).toBe(v + 1);
    expect(stored.sweptUntil).toBe(swept);
  });
});
