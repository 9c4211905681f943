/**
 * What a move writes and what the API answers, for the auction and for a 4-seat Golden Age match, played
 * through the API on DynamoDB Local with an Idempotency-Key on every move (as the web client sends them):
 * the match item and the move's log record as stored, field by field (bytes as DynamoDB counts them, and
 * each field's share of the deflated `data`: the deflated size without it, subtracted), the write units of
 * the two puts in the move's transaction (per started KB, doubled), and the answers' bytes plain and
 * gzipped (functions/http/compress.ts). Last, the CPU a gzipped read costs ÷ the same read plain, the two
 * interleaved in one run (docs/decisions/answer-compression.md, docs/decisions/smaller-move-items.md).
 */
import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { itemBytes, wru } from '../../infra/cost.js';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient, unpackData } from '../../functions/storage/dynamo.js';
import { keys } from '../../functions/storage/table.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';

type Item = Record<string, AttributeValue>;
/** Interleaved reads per variant for the CPU ratio. */
const CPU_ROUNDS = 400;

export async function bench(report: (line: string) => void): Promise<void> {
  const dynamo = await startDynamoLocal();
  try {
    const raw = localClient(dynamo.endpoint);
    const table = 'bench-items';
    await ensureTable(raw, table);
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const app = createApp({
      store: new DynamoMatchStore(doc, table),
      games: new Map(GAMES.map((g) => [g.id, g])),
      publicUrl: 'https://dutch.example',
    });
    const get = async (key: { pk: string; sk: string }) =>
      (await raw.send(new GetItemCommand({ TableName: table, Key: { pk: { S: key.pk }, sk: { S: key.sk } }, ConsistentRead: true }))).Item!;
    for (const [game, seats, minMoves] of [
      ['dutch-auction', 2, 100],
      ['golden-age', 4, 1],
    ] as const) {
      await measureGame(app, get, game, seats, minMoves, report);
    }
  } finally {
    await dynamo.stop();
  }
}

type App = ReturnType<typeof createApp>;

async function call(app: App, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const gzipped = res.headers.get('Content-Encoding') === 'gzip';
  const text = gzipped ? '' : Buffer.from(bytes).toString('utf8');
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads fields of several API answers straight off the parsed JSON.
  return { json: (gzipped ? null : JSON.parse(text)) as any, bytes: bytes.byteLength };
}

async function measureGame(
  app: App,
  get: (key: { pk: string; sk: string }) => Promise<Item>,
  game: string,
  seats: number,
  minMoves: number,
  report: (line: string) => void,
) {
  const sum = { match: 0, log: 0, wru: 0, read: 0, readGz: 0, move: 0, moveGz: 0 };
  const logFields = new Map<string, { plain: number; packed: number }>();
  let moves = 0;
  let games = 0;
  let nearEnd: Item | undefined;
  let last: { id: string; path: string; token: string } | undefined;
  while (moves < minMoves) {
    games++;
    const created = await call(app, 'POST', '/api/matches', undefined, { game, seats, name: 'Ann', options: {} });
    const id = created.json.matchId as string;
    const tokens = [created.json.token as string];
    for (const invite of created.json.invites as { seat: number; url: string }[]) {
      const joined = await call(app, 'POST', `/api/matches/${id}/join`, undefined, {
        invite: new URL(invite.url).hash.slice(8),
        name: `P${invite.seat}`,
      });
      tokens[joined.json.seat as number] = joined.json.token as string;
    }
    let rng: Rng = seedRng(`items-${game}-${games}`);
    for (;;) {
      const path = (s: number) => `/api/matches/${id}/seats/${s}`;
      const seat = (await call(app, 'GET', path(0), tokens[0])).json;
      if (seat.status === 'over') break;
      const s = seat.toAct[0] as number;
      const read = await call(app, 'GET', path(s), tokens[s]);
      const readGz = await call(app, 'GET', path(s), tokens[s], undefined, { 'Accept-Encoding': 'gzip' });
      let i: number;
      [i, rng] = nextInt(rng, read.json.legalMoves.length);
      const body = { expectedVersion: read.json.version, move: read.json.legalMoves[i] };
      const key = randomUUID();
      const moved = await call(app, 'POST', `${path(s)}/moves`, tokens[s], body, { 'Idempotency-Key': key });
      // The retry of a lost answer, gzipped: what the first answer weighs on the wire.
      const movedGz = await call(app, 'POST', `${path(s)}/moves`, tokens[s], body, { 'Idempotency-Key': key, 'Accept-Encoding': 'gzip' });
      const v = moved.json.version as number;
      const after = await get(keys.match(id));
      const log = await get(keys.log(id, v));
      if (moved.json.status !== 'over') nearEnd = after;
      last = { id, path: path(s), token: tokens[s]! };
      sum.match += itemBytes(after);
      sum.log += itemBytes(log);
      sum.wru += 2 * (wru(itemBytes(after)) + wru(itemBytes(log)));
      sum.read += read.bytes;
      sum.readGz += readGz.bytes;
      sum.move += moved.bytes;
      sum.moveGz += movedGz.bytes;
      for (const [field, size] of dataFields(log)) {
        const f = logFields.get(field) ?? { plain: 0, packed: 0 };
        f.plain += size.plain;
        f.packed += size.packed;
        logFields.set(field, f);
      }
      moves++;
    }
  }
  const per = (x: number) => Math.round(x / moves);
  report(
    `items: ${game} ${seats} seats (${games} games, ${moves} moves, keyed): match item ${per(sum.match)} B, log record ${per(sum.log)} B, ` +
      `${(sum.wru / moves).toFixed(1)} WRU per move (the two puts); answers: read ${per(sum.read)} B plain → ${per(sum.readGz)} B gzip, ` +
      `move ${per(sum.move)} B → ${per(sum.moveGz)} B`,
  );
  report(`  log record per move, data fields (plain JSON B / share of deflated B): ${fmt(logFields, moves)}`);
  if (nearEnd) {
    report(`  match item before the last move: ${itemBytes(nearEnd)} B; attributes: ${attrs(nearEnd)}`);
    report(`  its data fields (plain JSON B / share of deflated B): ${fmt(new Map(dataFields(nearEnd)), 1)}`);
  }
  if (last && game === 'golden-age') report(`  ${await cpuRatio(app, last)}`);
}

/** Each attribute as DynamoDB counts it (name + value). */
function attrs(item: Item): string {
  return Object.entries(item)
    .map(([k, v]) => [k, itemBytes({ [k]: v })] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

/** The fields of the item's `data`: each one's plain JSON bytes, and what the deflated whole loses without it. */
function dataFields(item: Item): [string, { plain: number; packed: number }][] {
  const data = item.data?.B ?? item.data?.S;
  if (!data) return [];
  const value = unpackData<Record<string, unknown>>(data);
  const whole = deflateRawSync(JSON.stringify(value)).length;
  return Object.keys(value).map((k) => {
    const { [k]: one, ...others } = value;
    return [k, { plain: Buffer.byteLength(JSON.stringify(one) ?? ''), packed: whole - deflateRawSync(JSON.stringify(others)).length }];
  });
}

function fmt(fields: Map<string, { plain: number; packed: number }>, n: number): string {
  return [...fields]
    .sort((a, b) => b[1].packed - a[1].packed)
    .map(([k, f]) => `${k} ${Math.round(f.plain / n)}/${Math.round(f.packed / n)}`)
    .join(', ');
}

/** The CPU of a read answered gzipped ÷ the same read plain, interleaved, the body drained as a client would. */
async function cpuRatio(app: App, at: { id: string; path: string; token: string }): Promise<string> {
  const cpu = { plain: 0, gzip: 0 };
  for (let r = 0; r < CPU_ROUNDS; r++) {
    for (const kind of r % 2 ? (['plain', 'gzip'] as const) : (['gzip', 'plain'] as const)) {
      const start = process.cpuUsage();
      await call(app, 'GET', at.path, at.token, undefined, kind === 'gzip' ? { 'Accept-Encoding': 'gzip' } : {});
      const used = process.cpuUsage(start);
      cpu[kind] += used.user + used.system;
    }
  }
  const ms = (us: number) => (us / CPU_ROUNDS / 1000).toFixed(2);
  return `CPU of a Golden Age read (DynamoDB Local's round trips included), gzipped ÷ plain: ${(cpu.gzip / cpu.plain).toFixed(2)}× (${ms(cpu.gzip)} ms vs ${ms(cpu.plain)} ms, ${CPU_ROUNDS} each, interleaved)`;
}
