/**
 * Computer players woken by the table's stream, as they run: under `npm start` by a second local
 * StreamReader (functions/local/bots.ts) polling DynamoDB Local's real stream, on AWS by the Lambda
 * handler (functions/lambda/bots.ts) fed the stream's records filtered on `NewImage.botSeats`, with
 * partial batch failures.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '#shared/games/index.js';
import { createApp } from '../../functions/app.js';
import { botMatchOf, onBotChanges } from '../../functions/bots/records.js';
import { startLocalBots } from '../../functions/local/bots.js';
import { consumeQueue, startLocalStream } from '../../functions/local/stream-lane.js';
import { changeOf, changesOf } from '../../functions/storage/stream-records.js';
import { keys } from '../../functions/storage/table.js';
import { client, type Json, type Seat } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { queueEvent, readStream } from '../infra/events.js';
import { dynamoBotHarness as botHarness } from './bots-dynamo.support.js';

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

async function vsComputer() {
  const table = await freshTable('botstream');
  const api = client(createApp({ store: table.store, games: gameRegistry, publicUrl: 'http://dutch.test' }));
  const r = await api.call('POST', '/api/matches', {
    body: { game: 'dutch-auction', seats: 2, name: 'Ann', bots: [{ seat: 1, level: 'strong' }] },
  });
  expect(r.status, r.text).toBe(201);
  return { table, api, matchId: r.json.matchId as string, me: { seat: 0, token: r.json.token } as Seat };
}

describe('the bots on the stream', () => {
  it('npm start: the local stream reader makes the computer move after the match starts and after each human move', async () => {
    const { table, api, matchId, me } = await vsComputer();
    const bots = startLocalBots({
      env: { DYNAMODB_ENDPOINT: table.endpoint, DISPATCH_POLL_MS: '100' },
      tableName: table.tableName,
      matches: table.store,
      games: gameRegistry,
      log: () => undefined,
    });
    stops.push(() => bots.stop());
    const botMoved = async (after: number) => {
      const read = await api.read(matchId, me);
      return read.json.log.some((l: Json) => l.seat === 1 && l.bot === 'strong' && l.version > after);
    };
    await expect.poll(() => botMoved(0), { timeout: 30_000, interval: 100 }).toBe(true);
    // Ann seals her bid; when both have, the game goes on, and the computer answers whenever it is its turn.
    for (let i = 0; i < 6; i++) {
      const read = await api.read(matchId, me);
      if (read.json.status !== 'active') break;
      if (!read.json.toAct.includes(0)) {
        await expect
          .poll(async () => (await api.read(matchId, me)).json.toAct.includes(0) || (await api.read(matchId, me)).json.status === 'over', {
            timeout: 30_000,
            interval: 100,
          })
          .toBe(true);
        continue;
      }
      const moved = await api.move(matchId, me, read.json.version, read.json.legalMoves[0]);
      expect(moved.status, moved.text).toBe(200);
    }
    expect((await api.read(matchId, me)).json.log.filter((l: Json) => l.seat === 1).length).toBeGreaterThan(1);
    await bots.stop();
  }, 90_000);

  it('npm start: ONE stream reader feeds the computer players and the live pokes, each from its own queue', async () => {
    const { table, api, matchId, me } = await vsComputer();
    const env = { DYNAMODB_ENDPOINT: table.endpoint };
    const stream = startLocalStream({ env, tableName: table.tableName, log: () => undefined, pollMs: 100 });
    const poked = new Set<number>();
    const live = consumeQueue(
      stream.queues.live,
      async (changes) => {
        for (const c of changes) if (c.kind === 'match-changed' && c.matchId === matchId && c.version !== null) poked.add(c.version);
        return { batchItemFailures: [] };
      },
      () => undefined,
    );
    const bots = startLocalBots({
      env,
      tableName: table.tableName,
      matches: table.store,
      games: gameRegistry,
      stream,
      log: () => undefined,
    });
    stops.push(async () => {
      await stream.stop();
      await bots.stop();
      await live.stop();
    });
    // The computer moved (from the bots' queue), and the live queue saw the version its move made.
    await expect
      .poll(async () => (await api.read(matchId, me)).json.log.find((l: Json) => l.seat === 1 && l.bot === 'strong')?.version ?? 0, {
        timeout: 30_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    const moved = (await api.read(matchId, me)).json.log.find((l: Json) => l.seat === 1 && l.bot === 'strong').version as number;
    await expect.poll(() => poked.has(moved), { timeout: 10_000, interval: 50 }).toBe(true);
    expect(stream.queues.bots.deadLetters).toEqual([]);
  }, 60_000);

  it('AWS: the Lambda handler takes the filtered stream records and makes the computer move; a failing match is reported alone', async () => {
    const { table, api, matchId, me } = await vsComputer();
    process.env.TABLE_NAME = table.tableName;
    // Its own queue, for a snap's delayed message (none in this game).
    process.env.BOTS_QUEUE_URL ??= 'https://sqs.eu-west-1.amazonaws.com/123456789012/bots';
    process.env.DYNAMODB_ENDPOINT = table.endpoint;
    const { handler } = await import('../../functions/lambda/bots.js');
    // The event source mapping's filter: NewImage.botSeats exists.
    const records = (await readStream(table.raw, table.endpoint, table.tableName)).filter(
      (r) => r.dynamodb?.NewImage?.botSeats !== undefined,
    );
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => botMatchOf(changeOf(r)) === matchId)).toBe(true);
    // What the one stream reader sends to the bots' queue for these records: one message for the match.
    const event = queueEvent('bots', records);
    expect(event.Records).toHaveLength(1);
    const answer = await handler(event);
    expect(answer).toEqual({ batchItemFailures: [] });
    expect((await api.read(matchId, me)).json.log.some((l: Json) => l.seat === 1 && l.bot === 'strong')).toBe(true);

    // Partial batch failure: only the records of the match whose run failed are reported (the fault is injected).
    const record = (id: string, seq: string, botSeats = true): DynamoDBRecord => ({
      eventName: 'MODIFY',
      dynamodb: {
        Keys: { pk: { S: `M#${id}` }, sk: { S: 'MATCH' } },
        NewImage: botSeats ? { botSeats: { N: '1' } } : {},
        SequenceNumber: seq,
      },
    });
    const onRecords = onBotChanges(
      {
        handle: async (id) => {
          if (id === 'broken') throw new Error('database down');
          return { moves: 0, fallbacks: 0, reactions: 0, stopped: 'idle' };
        },
      },
      () => undefined,
    );
    const out = await onRecords(
      changesOf([record('ok', '1'), record('broken', '2'), record('ok', '3'), record('broken', '4'), record('none', '5', false)]),
    );
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: '2' }, { itemIdentifier: '4' }]);
  }, 60_000);
});

describe('what wakes the bots, and how far one wake-up goes', () => {
  it('the match item carries botSeats only while a match with a computer seat is in play', async () => {
    const { table, api, matchId, me } = await vsComputer();
    const item = async (id: string) => (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.match(id) }))).Item!;
    expect((await item(matchId)).botSeats).toBe(1);
    const people = await api.started('dutch-auction', 2);
    expect((await item(people.matchId)).botSeats).toBeUndefined();
    // A stand-in counts while it plays.
    const put = await api.call('PUT', `/api/matches/${people.matchId}/seats/1/stand-in`, {
      token: people.seats[1]!.token,
      body: { level: 'easy' },
    });
    expect(put.status).toBe(200);
    expect((await item(people.matchId)).botSeats).toBe(1);
    expect((await api.call('POST', `/api/matches/${matchId}/seats/0/resign`, { token: me.token })).status).toBe(200);
    expect((await item(matchId)).botSeats).toBeUndefined();
  });

  it('one wake-up makes at most the bounded number of moves; the next record carries on', async () => {
    const h = await botHarness({ limits: { moves: 1 } });
    const created = await h.create({
      game: 'golden-age',
      seats: 3,
      bots: [
        { seat: 1, level: 'easy' },
        { seat: 2, level: 'easy' },
      ],
    });
    const me: Seat = { seat: 0, token: created.token };
    const before = (await h.api.read(created.matchId, me)).json.version;
    let report = await h.runner.handle(created.matchId);
    for (let i = 0; i < 20 && report.stopped !== 'limit'; i++) {
      expect(await h.humanMove(created.matchId, me)).toBe('moved');
      report = await h.runner.handle(created.matchId);
    }
    expect(report).toMatchObject({ moves: 1, stopped: 'limit' });
    expect((await h.api.read(created.matchId, me)).json.version).toBeGreaterThan(before);
  });
});
