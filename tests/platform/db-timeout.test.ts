/**
 * A database that stops answering (DynamoDB Local frozen with SIGSTOP: connections are accepted by the
 * kernel, nothing is answered) must not hold requests: every DynamoDB call is bounded
 * (functions/storage/bounds.ts) and the API answers 503 with Retry-After. After the database resumes,
 * a move sent again with the same Idempotency-Key is made once, whatever the frozen attempts did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { depsFromEnv } from '../../functions/deps.js';
import { ensureTable, localClient, startDynamoLocal, type DynamoLocal } from '../../functions/local/dynamo-local.js';
import { BudgetRetryStrategy, DB_BOUNDS } from '../../functions/storage/bounds.js';
import { clientConfigFromEnv } from '../../functions/storage/dynamo.js';
import { client } from '../support/api.js';
import { secretSums } from '../support/test-game.js';

// Its own DynamoDB Local: freezing the shared one would stall the other test files.
let dynamo: DynamoLocal;
const TABLE_NAME = 'frozen';

beforeAll(async () => {
  dynamo = await startDynamoLocal();
  const raw = localClient(dynamo.endpoint);
  await ensureTable(raw, TABLE_NAME);
  raw.destroy();
});
afterAll(async () => {
  process.kill(dynamo.process.pid!, 'SIGCONT');
  await dynamo.stop();
});

/** The answer, or 'no answer' when none came in three budgets (a hung call would take minutes). */
function answerOrHang<T>(p: Promise<T>): Promise<T | 'no answer'> {
  return Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 3 * DB_BOUNDS.budgetMs))]);
}

describe('database time limits', () => {
  it('are set on the clients built from the environment, on Lambda (no endpoint) as locally', () => {
    for (const env of [{}, { DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }]) {
      const config = clientConfigFromEnv(env);
      expect(config.retryStrategy).toBeInstanceOf(BudgetRetryStrategy);
      expect(config.requestHandler).toMatchObject({
        connectionTimeout: DB_BOUNDS.connectMs,
        requestTimeout: DB_BOUNDS.attemptMs,
        throwOnRequestTimeout: true,
      });
    }
  });

  it('a frozen database gets 503 with Retry-After; after it resumes the same move is made once', async () => {
    // The wiring the Lambda handler uses (functions/lambda/api.ts), with the test game.
    const deps = depsFromEnv({ DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME, PUBLIC_URL: 'http://dutch.test' });
    const api = client(createApp({ ...deps, games: new Map([[secretSums.id, secretSums]]) }));
    const { matchId, seats } = await api.started('secret-sums', 2);
    const ann = seats[0]!;
    const v = (await api.read(matchId, ann)).json.version as number;
    const move = { kind: 'commit', secret: 5 };

    process.kill(dynamo.process.pid!, 'SIGSTOP');
    try {
      for (const call of [() => api.move(matchId, ann, v, move, 'frozen-move'), () => api.read(matchId, ann)]) {
        const res = await answerOrHang(call());
        if (res === 'no answer') throw new Error('the API did not answer while the database was frozen');
        expect(res.status).toBe(503);
        expect(res.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
        expect(res.json.error.code).toBe('database-unavailable');
        expect(res.json.error.message).toMatch(/did not answer in time/);
      }
    } finally {
      process.kill(dynamo.process.pid!, 'SIGCONT');
    }

    // The page retries with the same key: made once (or replayed, if a frozen attempt landed after all).
    const retried = await api.move(matchId, ann, v, move, 'frozen-move');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.version).toBe(v + 1);
    const again = await api.move(matchId, ann, v, move, 'frozen-move');
    expect(again.status).toBe(200);
    expect(again.json.version).toBe(v + 1);
    // One write in all: the match moved on by exactly one version.
    expect((await api.read(matchId, ann)).json.version).toBe(v + 1);
  });
});
