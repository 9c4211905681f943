/**
 * How long after its answer a write to DynamoDB Local (-dbPath, as `npm start` runs it) can still be
 * lost: create a match through the API (a TransactWriteItems, the same path a move takes), wait a
 * given delay after the 201, SIGKILL the Java process, start DynamoDB Local again on the same files
 * and look for the match. Prints the share that survived per delay.
 *
 * `npm run bench durability` (TRIALS=n per delay, default 4; DELAYS=0,20,... in ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameRegistry } from '#shared/games/index.js';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';

const TABLE_NAME = 'durability';

async function openStore(dataDir: string) {
  const dynamo = await startDynamoLocal({ dataDir });
  const raw = localClient(dynamo.endpoint);
  await ensureTable(raw, TABLE_NAME);
  raw.destroy();
  const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
  return { dynamo, doc, store: new DynamoMatchStore(doc, TABLE_NAME) };
}

/** One trial: true when the match acknowledged `delayMs` before the kill is there after a restart. */
async function trial(delayMs: number): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
  try {
    const first = await openStore(dataDir);
    const app = createApp({ store: first.store, games: gameRegistry, publicUrl: 'http://dutch.test' });
    // A first write so the table and its files exist before the one measured.
    await app.request('/api/matches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'dutch-memory', seats: 2, options: {}, name: 'Warm' }),
    });
    const res = await app.request('/api/matches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'dutch-memory', seats: 2, options: {}, name: 'Ann' }),
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    const { matchId } = (await res.json()) as { matchId: string };
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const exited = new Promise((r) => first.dynamo.process.once('exit', r));
    first.dynamo.process.kill('SIGKILL');
    await exited;
    first.doc.destroy();

    const second = await openStore(dataDir);
    try {
      return (await second.store.get(matchId)) !== null;
    } finally {
      second.doc.destroy();
      await second.dynamo.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function bench(report: (line: string) => void): Promise<void> {
  const trials = Number(process.env.TRIALS ?? 4);
  const delays = (process.env.DELAYS ?? '0,20,100,300,1000').split(',').map(Number);
  report(`DynamoDB Local -dbPath: an acknowledged create survives a SIGKILL of Java this long after its answer (${trials} trials each)`);
  for (const delay of delays) {
    let survived = 0;
    for (let i = 0; i < trials; i++) if (await trial(delay)) survived++;
    report(`  kill ${String(delay).padStart(5)} ms after the 201: ${survived}/${trials} survived`);
  }
}
