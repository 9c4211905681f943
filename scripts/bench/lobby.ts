/**
 * The lobby at 10,000 open games on DynamoDB Local (issue 28): the listing (GET /api/lobby/games/:game, one
 * Query per shard in parallel, merged and filtered) and quick match (the listing, then the conditional write that
 * takes the longest-waiting game's seat), each against the bare Query they need (one shard's page, Limit
 * LOBBY_PAGE_PER_SHARD), timed in the same run, interleaved, as ratios of p50 and p99.
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { gameRegistry } from '#shared/games/index.js';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { entryOf, LOBBY_PAGE_PER_SHARD } from '../../functions/matches/lobby.js';
import { openMatch } from '../../functions/matches/progress.js';
import { MatchService } from '../../functions/matches/service.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { dynamoClient, DynamoMatchStore, matchToItem } from '../../functions/storage/dynamo.js';
import { DynamoLobbyStore, entryToItem } from '../../functions/storage/lobby-dynamo.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { lobbyKeys } from '../../functions/storage/table.js';

const OPEN_GAMES = 10_000;
const RUNS = 200;
const T0 = Date.UTC(2026, 10, 28, 12);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const time = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

export async function bench(report: (line: string) => void): Promise<void> {
  const dynamo = await startDynamoLocal();
  try {
    const table = 'bench-lobby';
    await ensureTable(localClient(dynamo.endpoint), table);
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const store = new DynamoMatchStore(doc, table);
    const lobbyStore = new DynamoLobbyStore(doc, table);
    const clock = { now: T0 + OPEN_GAMES * 1000 };
    await seed(doc, table);
    const memory = new MemoryTable();
    const app = createApp({
      store,
      games: gameRegistry,
      clock: () => clock.now,
      publicUrl: 'https://dutch.example',
      notifications: { store: new MemoryNotifyStore(memory) },
      players: { store: new MemoryPlayerStore(memory), seatKey: randomBytes(32) },
      lobby: lobbyStore,
    });
    const service = new MatchService({ store, games: gameRegistry, clock: () => clock.now, lobby: lobbyStore });
    const bare = () =>
      doc.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
          ExpressionAttributeValues: { ':pk': lobbyKeys.shard('dutch-auction', 0), ':w': 'W#' },
          Limit: LOBBY_PAGE_PER_SHARD,
        }),
      );
    const listing = async () => {
      const res = await app.request('/api/lobby/games/dutch-auction?deadlineDays=3');
      if (res.status !== 200) throw new Error(`listing ${res.status}`);
      await res.json();
    };
    let n = 0;
    const quick = async () => {
      const found = await service.lobby!.quick({ id: `q${n}`, name: `Q${n++}` }, { game: 'dutch-auction', deadlineDays: 3 });
      if (!found.joined) throw new Error('quick match opened a game with 10,000 waiting');
    };
    for (let i = 0; i < 20; i++) await Promise.all([bare(), listing()]); // warm up
    const t = { bare: [] as number[], listing: [] as number[], quick: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      t.bare.push(await time(bare));
      t.listing.push(await time(listing));
      t.quick.push(await time(quick));
    }
    const line = (name: string, xs: number[]) =>
      `  ${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms (${(pct(xs, 50) / pct(t.bare, 50)).toFixed(1)}× the bare Query)   p99 ${pct(xs, 99).toFixed(1).padStart(6)} ms (${(pct(xs, 99) / pct(t.bare, 99)).toFixed(1)}×)`;
    report(`lobby at ${OPEN_GAMES.toLocaleString('en')} open games, ${RUNS} runs each, interleaved (DynamoDB Local):`);
    report(line(`bare Query (1 shard, Limit ${LOBBY_PAGE_PER_SHARD})`, t.bare));
    report(line('listing (GET, 16 shards, filtered)', t.listing));
    report(line('quick match (listing + join)', t.quick));
  } finally {
    await dynamo.stop();
  }
}

/** 10,000 open Dutch auction games, each its match item and its lobby entry, opened a second apart. */
async function seed(doc: ReturnType<typeof dynamoClient>, table: string): Promise<void> {
  const items = Array.from({ length: OPEN_GAMES }, (_, i) => {
    const match = openMatch({
      gameId: 'dutch-auction',
      options: { edition: 'current' },
      seats: [
        { name: `Host ${i}`, tokenHash: sha256(`token-${i}`), inviteHash: null },
        { name: null, tokenHash: null, inviteHash: null, open: true },
      ],
      spectatorHash: sha256(`spectator-${i}`),
      rematchOf: null,
      timing: { reminderHours: 24, deadlineDays: (i % 3 === 0 ? 1 : 3) as 1 | 3 },
      undoRequests: undefined,
      now: T0 + i * 1000,
    });
    match.lobby = { host: `host-${i}`, rated: false };
    return [matchToItem(match, true), entryToItem(entryOf(match))];
  }).flat();
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
