/**
 * The bot players' function as AWS feeds it, against DynamoDB Local: which of the table's real stream
 * records its filter lets through, and which DynamoDB actions the bot path really calls, recorded at the
 * wire by a pass-through proxy in front of DynamoDB Local and compared with what its role grants
 * (infra/functions.ts BOT_TABLE_ACTIONS; tests/infra/stack.test.ts checks the role holds exactly those).
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import type { MatchRecord } from '../../functions/matches/port.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { keys } from '../../functions/storage/table.js';
import { BOT_GB, botMatchCost, DUTCH_AUCTION, matchCost, unitCosts } from '../../infra/cost.js';
import { BOT_FILTERS, BOT_TABLE_ACTIONS, FUNCTIONS } from '../../infra/functions.js';
import { gameRegistry } from '#shared/games/index.js';
import { client } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { passesFilters, queueEvent, readStream } from './events.js';
import { recordingProxy } from './recording.js';

type Table = Awaited<ReturnType<typeof freshTable>>;

let table: Table;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
/** The match store as the bot function builds it, but speaking through the proxy. */
let recorded: DynamoMatchStore;
/** An active 2-seat match whose seat to act has been made a computer player (PLATFORM.md: `bot`, no token, `botSeats`). */
let botMatch: MatchRecord;
let records: DynamoDBRecord[];

beforeAll(async () => {
  table = await freshTable('bots');
  proxy = await recordingProxy(table.endpoint);
  recorded = new DynamoMatchStore(
    dynamoClient({ endpoint: proxy.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    table.tableName,
  );
  botMatch = await matchWithABotToMove();
  records = await readStream(table.raw, table.endpoint, table.tableName);
});

afterAll(async () => {
  await new Promise<void>((r) => proxy.server.close(() => r()));
});

/**
 * Two people start a Dutch auction through the API; then the seat whose turn it is becomes a computer
 * player the way the platform stores one, and the match item gets `botSeats` (which
 * functions/storage/dynamo.ts writes itself once the platform's change is in; `if_not_exists` keeps this
 * right either way).
 */
async function matchWithABotToMove(): Promise<MatchRecord> {
  const api = client(createApp({ store: table.store, games: gameRegistry, publicUrl: 'https://dutch.example' }));
  const { matchId } = await api.started('dutch-auction', 2);
  const started = (await table.store.get(matchId))!;
  expect(started.status).toBe('active');
  const botSeat = started.toAct[0]!;
  const seats = started.seats.map((s, i) =>
    i === botSeat ? { ...s, name: 'Computer (easy)', tokenHash: null, inviteHash: null, bot: { level: 'easy' } } : s,
  );
  const next = { ...started, version: started.version + 1, seats } as MatchRecord;
  expect((await table.store.commit({ match: next, expectedVersion: started.version })).ok).toBe(true);
  await table.doc.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.match(matchId),
      UpdateExpression: 'SET botSeats = if_not_exists(botSeats, :n)',
      ExpressionAttributeValues: { ':n': 1 },
    }),
  );
  // Beside it: a match item with bot seats that is deleted again, and a log-keyed item that carries the
  // attribute although it is no match (neither may wake the bots).
  const gone = keys.match('gone-with-bots');
  await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { ...gone, type: 'match', botSeats: 1 } }));
  await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: gone }));
  await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { ...keys.log('stray', 1), type: 'log', botSeats: 1 } }));
  return (await table.store.get(matchId))!;
}

const describeRecord = (r: DynamoDBRecord) => `${r.eventName} ${r.dynamodb?.Keys?.pk?.S} ${r.dynamodb?.Keys?.sk?.S}`;

describe('the bot stream filter on records from DynamoDB Local', () => {
  it('passes match items written with bot seats, and nothing else: not the same match before, its log, deletions, other items', () => {
    const match = keys.match(botMatch.id);
    const passing = records.filter((r) => passesFilters(BOT_FILTERS, r)).map(describeRecord);
    // The match item once a bot sat in it (the commit may already write botSeats; the update then does
    // or repeats it), and the other match item's insert.
    expect(passing.length).toBeGreaterThanOrEqual(2);
    expect(passing.filter((d) => d === `MODIFY ${match.pk} MATCH`).length).toBeGreaterThanOrEqual(1);
    expect(passing).toContain('INSERT M#gone-with-bots MATCH');
    expect(
      passing.every((d) => d === `MODIFY ${match.pk} MATCH` || d === 'INSERT M#gone-with-bots MATCH'),
      passing.join('\n'),
    ).toBe(true);
    // What it holds back: the match while only people sat in it, its log records, the deletion, the stray item.
    const held = records.filter((r) => !passesFilters(BOT_FILTERS, r)).map(describeRecord);
    expect(held).toContain(`INSERT ${match.pk} MATCH`);
    expect(held.some((d) => d.startsWith(`INSERT ${match.pk} LOG#`))).toBe(true);
    expect(held).toContain('REMOVE M#gone-with-bots MATCH');
    expect(held).toContain('INSERT M#stray LOG#00000001');
  });
});

describe('least privilege of the bot path, at the wire', () => {
  it('reading the match and its log and committing a move (and a stale one) take exactly GetItem, Query and PutItem on the table', async () => {
    proxy.calls.length = 0;
    const m = (await recorded.get(botMatch.id))!;
    await recorded.head(botMatch.id);
    await recorded.log(botMatch.id, { limit: 30 });
    await recorded.logAt(botMatch.id, m.gameVersion ?? m.version);
    const seat = m.toAct[0]!;
    const now = Date.now();
    const moved = { ...m, version: m.version + 1, gameVersion: m.version + 1, updatedAt: now };
    const commit = {
      match: moved,
      expectedVersion: m.version,
      log: { version: moved.version, seat, kind: 'move' as const, at: now, events: [] },
      intents: [
        { matchId: m.id, version: moved.version, seat: 1 - seat, kind: 'your-move' as const, gameId: m.gameId, lines: [], createdAt: now },
      ],
    };
    expect(await recorded.commit(commit)).toEqual({ ok: true });
    // The same move again, from a read that is now behind: refused by the condition, nothing written.
    expect(await recorded.commit(commit)).toEqual({ ok: false, reason: 'stale' });

    const used = [...new Set(proxy.calls.map((c) => c.action))].sort();
    expect(used).toEqual([...BOT_TABLE_ACTIONS].sort());
    for (const c of proxy.calls) {
      expect(c.table, c.action).toBe(table.tableName);
      expect(c.index, c.action).toBeUndefined();
    }
    // The move's transaction: the match item and its log record, both conditional Puts.
    expect(proxy.calls.filter((c) => c.action === 'dynamodb:PutItem').map((c) => c.key)).toEqual([
      `${keys.match(m.id).pk}|MATCH`,
      `${keys.log(m.id, moved.version).pk}|${keys.log(m.id, moved.version).sk}`,
      `${keys.match(m.id).pk}|MATCH`,
      `${keys.log(m.id, moved.version).pk}|${keys.log(m.id, moved.version).sk}`,
    ]);
  });

  it('functions/lambda/bots.ts, given the records its filter passes, calls nothing its role does not grant', async () => {
    const match = keys.match(botMatch.id);
    const batch = records.filter((r) => passesFilters(BOT_FILTERS, r) && r.dynamodb?.Keys?.pk?.S === match.pk);
    expect(batch.length).toBeGreaterThan(0);
    // The entry wires itself from the environment when first imported, as on Lambda.
    process.env.TABLE_NAME = table.tableName;
    // Its own queue, for a snap's delayed message (none in this game).
    process.env.BOTS_QUEUE_URL ??= 'https://sqs.eu-west-1.amazonaws.com/123456789012/bots';
    process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
    const { handler } = await import('../../functions/lambda/bots.js');
    proxy.calls.length = 0;
    const result = await handler(queueEvent('bots', batch));
    expect(result.batchItemFailures).toEqual([]);
    expect(proxy.calls.length).toBeGreaterThan(0);
    // It reads the match the records name ...
    expect(proxy.calls).toContainEqual({ action: 'dynamodb:GetItem', table: table.tableName, index: undefined, key: `${match.pk}|MATCH` });
    // ... and whatever else it does (deciding, committing the bot's move) stays inside the grant.
    for (const c of proxy.calls) {
      expect(BOT_TABLE_ACTIONS as readonly string[], `${c.action} ${c.key}`).toContain(c.action);
      expect(c.table).toBe(table.tableName);
      expect(c.index).toBeUndefined();
    }
  });
});

describe('what a bot move costs, on paper (infra/cost.ts, the figures in infra/README.md)', () => {
  it('a Lambda invocation at the bot function’s memory: cheaper than the visit of the person it replaces; a snap’s wait on top', () => {
    expect(BOT_GB).toBe(FUNCTIONS.bots.memoryMb / 1024);
    const micro = (usd: number) => Math.round(usd * 1e8) / 100;
    const bot = botMatchCost();
    expect(Object.fromEntries(Object.entries(bot.units).map(([k, v]) => [k, micro(v)]))).toEqual({
      strongMove: 8.91,
      easyMove: 6.38,
      wake: 0.59,
      reactionWait: 30.13,
      coldStart: 13.33,
    });
    const u = unitCosts(DUTCH_AUCTION);
    const visit = u.pageLoad + u.read + u.move + DUTCH_AUCTION.coldShare * u.coldStart;
    expect(bot.perBotMove).toBeLessThan(visit);
    expect(bot.units.reactionWait).toBeGreaterThan(bot.units.strongMove);
    const quiet = { ...DUTCH_AUCTION, pollsPerMove: 0 };
    expect(botMatchCost(quiet).total.toFixed(4)).toBe('0.0015');
    expect(botMatchCost(quiet, { level: 'easy' }).total.toFixed(4)).toBe('0.0014');
    expect(matchCost(quiet).total.toFixed(4)).toBe('0.0016');
    expect(botMatchCost({ ...DUTCH_AUCTION, pollsPerMove: 10 }).total.toFixed(4)).toBe('0.0030');
    expect(botMatchCost(quiet, { reactionsPerBotMove: 0.2 }).total.toFixed(4)).toBe('0.0018');
  });
});
