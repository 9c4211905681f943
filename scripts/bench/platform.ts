/**
 * Platform benchmark, all against the same DynamoDB Local in the same run:
 * - an accepted move through the whole app ÷ a bare consistent GetItem + conditional PutItem of the same item;
 * - an unchanged poll answered 304 ÷ a bare GetItem;
 * - the engine's share of a move (apply + view + legalMoves).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { keys } from '../../functions/storage/table.js';
import type { AnyGame } from '../../shared/engine/game.js';
import { GAMES } from '../../shared/games/index.js';
import { secretSums } from '../../tests/support/test-game.js';

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const time = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

export async function bench(report: (line: string) => void) {
  const dynamo = await startDynamoLocal();
  try {
    const raw = localClient(dynamo.endpoint);
    await ensureTable(raw, 'bench');
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const store = new DynamoMatchStore(doc, 'bench');
    const games = new Map<string, AnyGame>([...GAMES, secretSums].map((g) => [g.id, g]));
    const app = createApp({ store, games });
    const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.request(path, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: res.status === 304 ? null : ((await res.json()) as any), etag: res.headers.get('ETag') }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    // A long game of the test game: moves alternate between two seats.
    const created = await call('POST', '/api/matches', undefined, { game: 'secret-sums', seats: 2, name: 'A', options: { target: 50 } });
    const join = await call('POST', `/api/matches/${created.json.matchId}/join`, undefined, {
      invite: new URL(created.json.invites[0].url).hash.slice('#invite='.length),
      name: 'B',
    });
    const id = created.json.matchId as string;
    const tokens = [created.json.token as string, join.json.token as string];
    let version = (await call('GET', `/api/matches/${id}/seats/0`, tokens[0])).json.version as number;
    for (const seat of [0, 1]) version = (await call('POST', `/api/matches/${id}/seats/${seat}/moves`, tokens[seat], { expectedVersion: version, move: { kind: 'commit', secret: 1 } })).json.version;

    const moveTimes: number[] = [];
    const engineTimes: number[] = [];
    const game = games.get('secret-sums')!;
    for (let i = 0; i < 48; i++) {
      const seat = i % 2;
      const before = (await store.get(id))!;
      const t0 = performance.now();
      const applied = game.apply(before.state, seat, { kind: 'add', amount: 1 }, { now: Date.now() });
      if (applied.ok) {
        game.view(applied.value.state, seat);
        game.legalMoves(applied.value.state, seat);
        game.toAct(applied.value.state);
      }
      engineTimes.push(performance.now() - t0);
      moveTimes.push(
        await time(async () => {
          const r = await call('POST', `/api/matches/${id}/seats/${seat}/moves`, tokens[seat], { expectedVersion: version, move: { kind: 'add', amount: 1 } }, { 'Idempotency-Key': `bench-move-${i}` });
          if (r.status !== 200) throw new Error(`move failed: ${r.status} ${JSON.stringify(r.json)}`);
          version = r.json.version;
        }),
      );
    }

    // Bare DynamoDB: a consistent read of the same match item, then a conditional put of it.
    const bareTimes: number[] = [];
    const getTimes: number[] = [];
    const item = (await doc.send(new GetCommand({ TableName: 'bench', Key: keys.match(id), ConsistentRead: true }))).Item!;
    const copyKey = { pk: 'M#bench-copy', sk: 'MATCH' };
    await doc.send(new PutCommand({ TableName: 'bench', Item: { ...item, ...copyKey, version: 0 } }));
    for (let i = 0; i < 48; i++) {
      bareTimes.push(
        await time(async () => {
          await doc.send(new GetCommand({ TableName: 'bench', Key: copyKey, ConsistentRead: true }));
          await doc.send(
            new PutCommand({
              TableName: 'bench',
              Item: { ...item, ...copyKey, version: i + 1 },
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': i },
            }),
          );
        }),
      );
      getTimes.push(await time(() => doc.send(new GetCommand({ TableName: 'bench', Key: copyKey, ConsistentRead: true }))));
    }

    const pollTimes: number[] = [];
    for (let i = 0; i < 48; i++) {
      pollTimes.push(
        await time(async () => {
          const r = await call('GET', `/api/matches/${id}/seats/0`, tokens[0], undefined, { 'If-None-Match': `"${version}"` });
          if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
        }),
      );
    }

    const move = median(moveTimes);
    const bare = median(bareTimes);
    const poll = median(pollTimes);
    const get = median(getTimes);
    const engine = median(engineTimes);
    const matchBytes = JSON.stringify(item).length;
    report(`platform: accepted move ${move.toFixed(2)} ms vs bare GetItem+conditional PutItem ${bare.toFixed(2)} ms → ${(move / bare).toFixed(2)}× (target ≤ 1.3×)`);
    report(`platform: unchanged poll (304) ${poll.toFixed(2)} ms vs bare GetItem ${get.toFixed(2)} ms → ${(poll / get).toFixed(2)}× (target ≤ 1.2×)`);
    report(`platform: engine share of a move ${engine.toFixed(3)} ms of ${move.toFixed(2)} ms = ${((engine / move) * 100).toFixed(1)} % (match item ${matchBytes} bytes)`);
    raw.destroy();
    doc.destroy();
  } finally {
    await dynamo.stop();
  }
}
