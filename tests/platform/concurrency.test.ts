import { describe, expect, it } from 'vitest';
import { afterCommit, testApp, toCountPhase } from '../support/api.js';

describe('concurrency', () => {
  it('50 concurrent submissions at one version of a sequential turn: one 200, 49 × 409, one log item, version + 1 (20 trials)', async () => {
    const { api, table } = await testApp();
    for (let trial = 0; trial < 20; trial++) {
      const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
      const v = await toCountPhase(api, matchId, seats);
      const logBefore = (await table.store.fullLog(matchId)).length;
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => api.move(matchId, seats[0]!, v, { kind: 'add', amount: (i % 2) + 1 })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of results.filter((r) => r.status === 409))
        expect(r.json.error).toMatchObject({ code: 'stale-version', version: v + 1 });
      const after = await table.store.get(matchId);
      expect(after!.version).toBe(v + 1);
      expect((await table.store.fullLog(matchId)).length).toBe(logBefore + 1);
      const winner = results.find((r) => r.status === 200)!;
      expect((after!.state as { counter: number }).counter).toBe(winner.json.view.counter);
    }
  });

  it('simultaneous phase: every seat committing at the same moment is accepted (4 seats, 20 trials)', async () => {
    const { api, table } = await testApp();
    for (let trial = 0; trial < 20; trial++) {
      const { matchId, seats } = await api.started('secret-sums', 4);
      const v = (await api.read(matchId, seats[0]!)).json.version;
      const results = await Promise.all(seats.map((s, i) => api.move(matchId, s, v, { kind: 'commit', secret: i + 2 })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const after = await table.store.get(matchId);
      expect(after!.version).toBe(v + 4);
      expect((after!.state as { secrets: number[] }).secrets).toEqual([2, 3, 4, 5]);
      expect((after!.state as { phase: string }).phase).toBe('count');
    }
  });

  it('the same Idempotency-Key 10× in sequence and 10× in parallel changes the match once', async () => {
    const { api, table } = await testApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    const v = await toCountPhase(api, matchId, seats);
    const seq = [];
    for (let i = 0; i < 10; i++) seq.push(await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 2 }, 'key-sequential-1'));
    expect(seq.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(seq.map((r) => r.text)).size).toBe(1);
    expect((await table.store.get(matchId))!.version).toBe(v + 1);

    const par = await Promise.all(
      Array.from({ length: 10 }, () => api.move(matchId, seats[1]!, v + 1, { kind: 'add', amount: 1 }, 'key-parallel-01')),
    );
    expect(par.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(par.map((r) => r.json.version))).toEqual(new Set([v + 2]));
    const after = await table.store.get(matchId);
    expect(after!.version).toBe(v + 2);
    expect((after!.state as { counter: number }).counter).toBe(3);
    expect((await table.store.fullLog(matchId)).filter((l) => l.kind === 'move')).toHaveLength(4);

    const reused = await api.move(matchId, seats[1]!, v + 1, { kind: 'add', amount: 2 }, 'key-parallel-01');
    expect(reused.status).toBe(422);
    expect(reused.json.error.code).toBe('idempotency-key-reused');
  });

  it('a response lost after the write committed: the retry with the same key returns the original success', async () => {
    let loseNext = false;
    const wrap = afterCommit((result) => {
      if (loseNext && result.ok) {
        loseNext = false;
        throw new Error('injected: connection lost after commit');
      }
    });
    const { api, table } = await testApp({ wrapStore: wrap });
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    const v = await toCountPhase(api, matchId, seats);
    loseNext = true;
    const lost = await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 2 }, 'lost-response-1');
    expect(lost.status).toBe(500);
    expect((await table.store.get(matchId))!.version).toBe(v + 1); // the write did commit
    const retry = await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 2 }, 'lost-response-1');
    expect(retry.status).toBe(200);
    expect(retry.json.version).toBe(v + 1);
    expect(retry.json.view.counter).toBe(2);
    expect((await table.store.get(matchId))!.version).toBe(v + 1);
  });
});
