/**
 * A move `npm start` acknowledged survives DynamoDB Local being killed right after the 200 (issue 13
 * item 26). DynamoDB Local answers a TransactWriteItems before its SQLite COMMIT has run; `npm start`
 * sets DYNAMODB_COMMIT_BARRIER=1, so every transaction waits for its commit (functions/storage/dynamo.ts,
 * commitBarrier). Without the barrier, a SIGKILL at once after the answer lost the move in about
 * three trials of five (`npm run bench -- durability`); five kept moves in a row would then be luck
 * of about 1 in 100.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { depsFromEnv } from '../../functions/deps.js';
import { type DynamoLocal, ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { client } from '../support/api.js';
import { runs } from '../support/scale.js';
import { secretSums } from '../support/test-game.js';

const TABLE_NAME = 'durable';
const dataDir = mkdtempSync(join(tmpdir(), 'dutch-durable-'));
let dynamo: DynamoLocal | undefined;

afterAll(async () => {
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** DynamoDB Local on the test's data folder, and the API wired as `npm start` wires it. */
async function up() {
  dynamo = await startDynamoLocal({ dataDir });
  const raw = localClient(dynamo.endpoint);
  await ensureTable(raw, TABLE_NAME);
  raw.destroy();
  const env = { DYNAMODB_ENDPOINT: dynamo.endpoint, DYNAMODB_COMMIT_BARRIER: '1', TABLE_NAME, PUBLIC_URL: 'http://dutch.test' };
  return client(createApp({ ...depsFromEnv(env), games: new Map([[secretSums.id, secretSums]]) }));
}

/** SIGKILL, as a crash or `kill -9` would: no shutdown, no flush. */
async function crash() {
  const java = dynamo!.process;
  const exited = new Promise((resolve) => java.once('exit', resolve));
  java.kill('SIGKILL');
  await exited;
  dynamo = undefined;
}

describe('an acknowledged move on DynamoDB Local kept on disk', () => {
  it('survives a SIGKILL of DynamoDB Local at once after the 200, five times in a row', { timeout: 180_000 }, async () => {
    let api = await up();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const ann = seats[0]!;
    const bob = seats[1]!;
    // Both seal their secrets, then they take turns adding to the counter: five moves, each one a transaction.
    const moves = [
      [ann, { kind: 'commit', secret: 3 }],
      [bob, { kind: 'commit', secret: 4 }],
      [ann, { kind: 'add', amount: 1 }],
      [bob, { kind: 'add', amount: 1 }],
      [ann, { kind: 'add', amount: 1 }],
    ] as const;
    // Each trial restarts Java (seconds): `npm test` makes two of them, CI all five.
    for (const [trial, [seat, move]] of moves.slice(0, runs(moves.length, 2)).entries()) {
      const before = (await api.read(matchId, seat)).json.version as number;
      const moved = await api.move(matchId, seat, before, move, `durable-${trial}`);
      expect(moved.status, moved.text).toBe(200);
      await crash();
      api = await up();
      const after = await api.read(matchId, seat);
      expect(after.status).toBe(200);
      expect(after.json.version, `trial ${trial}: the acknowledged move was lost`).toBe(moved.json.version);
    }
  });
});
