/**
 * Platform benchmark, all against the same DynamoDB Local in the same run:
 * - an accepted move through the whole app ÷ a bare consistent GetItem + conditional PutItem of the same item,
 *   and ÷ the floor of the storage design: one TransactWriteItems of the same match and log items (the log
 *   item carries the notifications; they are written in one transaction, so no notice is lost or sent
 *   twice). The app's move reads no match when its process served the match's last read or write
 *   (functions/matches/recent.ts), as here; a move that must read first is measured too;
 * - an unchanged poll answered 304 ÷ a bare GetItem;
 * Server time: from handing the request to the app until it hands back its response (requests carry a
 * Content-Length, as API Gateway's do; the client's reading of the response JSON is not server time).
 * - the engine's share of a move (apply + view + legalMoves).
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { keys } from '../../functions/storage/table.js';
import type { AnyGame } from '#shared/engine/game.js';
import { GAMES } from '#shared/games/index.js';
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
    // Time spent inside DynamoDB calls, so the app's own share of a move can be told apart.
    let inDynamo = 0;
    const send = doc.send.bind(doc) as (...args: unknown[]) => Promise<unknown>;
    (doc as unknown as { send: typeof send }).send = async (...args) => {
      const t = performance.now();
      try {
        return await send(...args);
      } finally {
        inDynamo += performance.now() - t;
      }
    };
    const store = new DynamoMatchStore(doc, 'bench');
    const games = new Map<string, AnyGame>([...GAMES, secretSums].map((g) => [g.id, g]));
    const app = createApp({ store, games });
    const { call, newMatch, moveIn, renew } = apiDriver(app);
    const main = await newMatch();
    const move1 = (i: number) => moveIn(main, i);
    // The same moves on another match, each served by a process new to the match, which reads it first.
    const other = await newMatch();

    const game = games.get('secret-sums')!;
    // Two warm-up moves, so the items below are the real ones a move writes.
    await move1(0);
    await move1(1);

    // Bare DynamoDB on a copy of the same match item: a consistent read, then a conditional put of it;
    // and the storage design's floor: the same read, then one transaction of the match, log and
    // notification items a move writes (one TransactWriteItems, so no notice is lost or sent twice).
    const item = (await doc.send(new GetCommand({ TableName: 'bench', Key: keys.match(main.id), ConsistentRead: true }))).Item!;
    const newest = async (prefix: string) =>
      (
        await doc.send(
          new QueryCommand({
            TableName: 'bench',
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': `M#${main.id}`, ':p': prefix },
            ScanIndexForward: false,
            Limit: 1,
          }),
        )
      ).Items?.[0];
    const logItem = (await newest('LOG#'))!;
    const intentItem = await newest('NOTIFY#');
    const { bareGetPut, bareTransaction, bareGet } = await bareOperations(doc, item, logItem, intentItem);
    const poll304 = async () => {
      const r = await call('GET', `/api/matches/${main.id}/seats/0`, main.tokens[0], undefined, { 'If-None-Match': `"${main.version}"` });
      if (r.status !== 304) throw new Error(`expected 304, got ${r.status}`);
      return r.ms;
    };

    // Every kind of operation interleaved in one loop (after a warm-up round that is not counted), so
    // a busy machine or a warming JVM weighs on all of them alike.
    const moveTimes: number[] = [];
    const outsideDynamo: number[] = [];
    const engineTimes: number[] = [];
    const bareTimes: number[] = [];
    const txTimes: number[] = [];
    const getTimes: number[] = [];
    const pollTimes: number[] = [];
    const freshTimes: number[] = [];
    // DynamoDB Local keeps getting faster over its first few hundred calls, and the app's fixed share of a
    // move then weighs more: 100 rounds of warm-up first (800 calls), then 200 counted. ROUNDS=… runs longer.
    const WARMUP = 100;
    const ROUNDS = WARMUP + Number(process.env.ROUNDS ?? 200);
    for (let i = 2; i < ROUNDS + 2; i++) {
      const counted = i >= WARMUP + 2;
      const seat = i % 2;
      await renew(main);
      await renew(other);
      const before = (await store.get(main.id))!;
      const t0 = performance.now();
      const applied = game.apply(before.state, seat, { kind: 'add', amount: 1 }, { now: Date.now() });
      if (applied.ok) {
        game.view(applied.value.state, seat);
        game.legalMoves(applied.value.state, seat);
        game.toAct(applied.value.state);
      }
      const engine = performance.now() - t0;
      inDynamo = 0;
      const m = await move1(i);
      const outside = m - inDynamo;
      const fresh = createApp({ store, games });
      const f = await moveIn(other, i, fresh);
      const b = await time(bareGetPut);
      const tx = await time(bareTransaction);
      const g = await time(bareGet);
      const p = await poll304();
      if (!counted) continue;
      engineTimes.push(engine);
      moveTimes.push(m);
      freshTimes.push(f);
      outsideDynamo.push(outside);
      bareTimes.push(b);
      txTimes.push(tx);
      getTimes.push(g);
      pollTimes.push(p);
    }

    reportFigures(
      report,
      { moveTimes, bareTimes, pollTimes, getTimes, engineTimes, txTimes, freshTimes, outsideDynamo },
      item,
      logItem,
      intentItem,
    );
    raw.destroy();
    doc.destroy();
  } finally {
    await dynamo.stop();
  }
}

interface Timings {
  moveTimes: number[];
  bareTimes: number[];
  pollTimes: number[];
  getTimes: number[];
  engineTimes: number[];
  txTimes: number[];
  freshTimes: number[];
  outsideDynamo: number[];
}

type Item = Record<string, unknown>;

/** The figures of one run, each a ratio of medians measured in the same loop. */
function reportFigures(report: (line: string) => void, t: Timings, item: Item, logItem: Item, intentItem: Item | undefined) {
  const { moveTimes, bareTimes, pollTimes, getTimes, engineTimes, txTimes, freshTimes, outsideDynamo } = t;
  const move = median(moveTimes);
  const bare = median(bareTimes);
  const poll = median(pollTimes);
  const get = median(getTimes);
  const engine = median(engineTimes);
  const data = item.data as string | Uint8Array;
  const dataBytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  // The same ratio within each third of the run: how much it moves while DynamoDB Local's speed drifts.
  const third = Math.ceil(moveTimes.length / 3);
  const thirds = [0, 1, 2].map((k) => {
    const part = (xs: number[]) => xs.slice(k * third, (k + 1) * third);
    return `${(median(part(moveTimes)) / median(part(bareTimes))).toFixed(2)}×`;
  });
  report(
    `platform: accepted move ${move.toFixed(2)} ms vs bare GetItem+conditional PutItem ${bare.toFixed(2)} ms → ${(move / bare).toFixed(2)}× (target ≤ 1.3×; by thirds of the run ${thirds.join(', ')})`,
  );
  const floor = median(txTimes);
  const carried = Array.isArray(logItem.intents) ? `, the log item carrying ${logItem.intents.length} notification(s)` : '';
  report(
    `platform: accepted move ${move.toFixed(2)} ms vs bare TransactWriteItems of the same ${intentItem ? 3 : 2} items${carried} ${floor.toFixed(2)} ms → ${(move / floor).toFixed(2)}× (the app's own overhead over the storage design's floor; that transaction alone is ${(floor / bare).toFixed(2)}× the bare GetItem+PutItem)`,
  );
  const freshMove = median(freshTimes);
  report(
    `platform: accepted move by a process new to the match (reads it first) ${freshMove.toFixed(2)} ms vs bare GetItem+conditional PutItem ${bare.toFixed(2)} ms → ${(freshMove / bare).toFixed(2)}×`,
  );
  report(
    `platform: time of a move spent outside DynamoDB calls (routing, zod, tokens, engine, JSON) ${median(outsideDynamo).toFixed(2)} ms = ${((median(outsideDynamo) / move) * 100).toFixed(1)} %`,
  );
  report(
    `platform: unchanged poll (304) ${poll.toFixed(2)} ms vs bare GetItem ${get.toFixed(2)} ms → ${(poll / get).toFixed(2)}× (target ≤ 1.2×)`,
  );
  report(
    `platform: engine share of a move ${engine.toFixed(3)} ms of ${move.toFixed(2)} ms = ${((engine / move) * 100).toFixed(1)} % (the match item's state attribute: ${dataBytes} bytes${typeof data === 'string' ? '' : ', deflated'})`,
  );
}

/**
 * Bare DynamoDB on a copy of the same match item: a consistent read, then a conditional put of it;
 * and the storage design's floor: one transaction of the match, log and notification items a move writes.
 */
async function bareOperations(doc: DynamoDBDocumentClient, item: Item, logItem: Item, intentItem: Item | undefined) {
  const copyKey = { pk: 'M#bench-copy', sk: 'MATCH' };
  let copyVersion = 0;
  await doc.send(new PutCommand({ TableName: 'bench', Item: { ...item, ...copyKey, version: copyVersion } }));
  const bareGetPut = async () => {
    await doc.send(new GetCommand({ TableName: 'bench', Key: copyKey, ConsistentRead: true }));
    await doc.send(
      new PutCommand({
        TableName: 'bench',
        Item: { ...item, ...copyKey, version: copyVersion + 1 },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': copyVersion },
      }),
    );
    copyVersion++;
  };
  const bareTransaction = async () => {
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: 'bench',
              Item: { ...item, ...copyKey, version: copyVersion + 1 },
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': copyVersion },
            },
          },
          {
            Put: {
              TableName: 'bench',
              Item: { ...logItem, pk: copyKey.pk, sk: `LOG#${copyVersion}` },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...(intentItem ? [{ Put: { TableName: 'bench', Item: { ...intentItem, pk: copyKey.pk, sk: `NOTIFY#${copyVersion}` } } }] : []),
        ],
      }),
    );
    copyVersion++;
  };
  const bareGet = () => doc.send(new GetCommand({ TableName: 'bench', Key: copyKey, ConsistentRead: true }));
  return { bareGetPut, bareTransaction, bareGet };
}

type App = ReturnType<typeof createApp>;

/** Requests as an HTTP client sends them, and the moves of a long test-game match, against `app`. */
function apiDriver(app: App) {
  // As an HTTP client sends it (API Gateway passes Content-Length on): the body and its length. `ms` is
  // the server's time: until the app hands back its response (the client reading the JSON is not in it).
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers: Record<string, string> = {},
    via: App = app,
  ) => {
    const text = body ? JSON.stringify(body) : undefined;
    const t0 = performance.now();
    const res = await via.request(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(text !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) } : {}),
        ...headers,
      },
      body: text,
    });
    const ms = performance.now() - t0;
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads fields of several different API answers straight off the parsed JSON.
    const json = res.status === 304 ? null : ((await res.json()) as any);
    return { ms, status: res.status, json, etag: res.headers.get('ETag') };
  };

  // A long game of the test game: moves alternate between two seats.
  const newMatch = async () => {
    const created = await call('POST', '/api/matches', undefined, { game: 'secret-sums', seats: 2, name: 'A', options: { target: 50 } });
    const join = await call('POST', `/api/matches/${created.json.matchId}/join`, undefined, {
      invite: new URL(created.json.invites[0].url).hash.slice('#invite='.length),
      name: 'B',
    });
    const m = {
      id: created.json.matchId as string,
      tokens: [created.json.token as string, join.json.token as string],
      version: 0,
      moves: 0,
    };
    m.version = (await call('GET', `/api/matches/${m.id}/seats/0`, m.tokens[0])).json.version as number;
    for (const seat of [0, 1])
      m.version = (
        await call('POST', `/api/matches/${m.id}/seats/${seat}/moves`, m.tokens[seat], {
          expectedVersion: m.version,
          move: { kind: 'commit', secret: 1 },
        })
      ).json.version;
    return m;
  };
  const moveIn = async (m: Awaited<ReturnType<typeof newMatch>>, i: number, via: App = app) => {
    const seat = i % 2;
    const r = await call(
      'POST',
      `/api/matches/${m.id}/seats/${seat}/moves`,
      m.tokens[seat],
      { expectedVersion: m.version, move: { kind: 'add', amount: 1 } },
      { 'Idempotency-Key': `bench-move-${i}` },
      via,
    );
    if (r.status !== 200) throw new Error(`move failed: ${r.status} ${JSON.stringify(r.json)}`);
    m.version = r.json.version;
    m.moves++;
    return r.ms;
  };
  // The test game ends at 50: a match near its end is replaced by a new one (outside the timed part).
  const renew = async (m: Awaited<ReturnType<typeof newMatch>>) => {
    if (m.moves >= 40) Object.assign(m, await newMatch());
  };
  return { call, newMatch, moveIn, renew };
}
