/**
 * What the cost on paper (infra/cost.ts) rests on: the match item and each log record are stored with
 * their JSON deflated, so a move of a 2-seat Dutch auction writes at most 2 KB of match and 2 KB of log
 * (each billed per started KB, twice in the transaction); items written before as plain JSON still
 * read; a retried move still gets the answer it first got, byte for byte. Against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand, PutItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { emailSenderFromEnv } from '../../functions/notify/email.js';
import { unpackData } from '../../functions/storage/dynamo.js';
import { keys } from '../../functions/storage/table.js';
import { itemBytes } from '../../infra/cost.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';
import { testApp, type Json } from '../support/api.js';

type Item = Record<string, AttributeValue>;

async function rawItem(table: Awaited<ReturnType<typeof testApp>>['table'], key: { pk: string; sk: string }): Promise<Item> {
  const out = await table.raw.send(
    new GetItemCommand({ TableName: table.tableName, Key: { pk: { S: key.pk }, sk: { S: key.sk } }, ConsistentRead: true }),
  );
  if (!out.Item) throw new Error(`no item ${key.pk} ${key.sk}`);
  return out.Item;
}

describe('stored sizes', () => {
  it('a whole 2-seat Dutch auction: every match item and log record deflated and under 2 KB; retries answered verbatim', async () => {
    const { api, table } = await testApp({ games: [...GAMES] });
    const { matchId, seats } = await api.started('dutch-auction', 2);
    let rng: Rng = seedRng('storage-size');
    let moves = 0;
    let plainLarger = 0;
    for (;;) {
      const first = (await api.read(matchId, seats[0]!)).json;
      if (first.status === 'over') break;
      expect(moves).toBeLessThan(400);
      const s: number = first.toAct[0];
      const mine = s === 0 ? first : (await api.read(matchId, seats[s]!)).json;
      let i: number;
      [i, rng] = nextInt(rng, mine.legalMoves.length);
      const key = randomUUID();
      const res = await api.move(matchId, seats[s]!, mine.version, mine.legalMoves[i], key);
      expect(res.status, res.text).toBe(200);
      moves++;

      const match = await rawItem(table, keys.match(matchId));
      const log = await rawItem(table, keys.log(matchId, res.json.version));
      for (const item of [match, log]) {
        expect(item.data?.B, 'data is stored deflated').toBeInstanceOf(Uint8Array);
        const plain = itemBytes({ ...item, data: { S: JSON.stringify(unpackData(item.data!.B)) } });
        expect(itemBytes(item)).toBeLessThanOrEqual(2048);
        if (plain > 2048) plainLarger++;
      }
      // The log record holds the answer but for its state-made parts (view, legalMoves), made again on a retry.
      const record = unpackData<Json>(log.data!.B);
      expect(record.response.fromState).toBe(true);
      expect(JSON.parse(record.response.body)).toEqual({ ...res.json, view: null, legalMoves: null });

      if (moves % 10 === 1) {
        const again = await api.move(matchId, seats[s]!, mine.version, mine.legalMoves[i], key);
        expect(again.status).toBe(200);
        expect(again.text).toBe(res.text);
      }
    }
    expect(moves).toBeGreaterThan(30);
    // Plain JSON would have crossed 2 KB (so cost more write units) for many of these items.
    expect(plainLarger).toBeGreaterThan(moves / 2);
  });

  it('reads match items and log records written before as plain JSON text', async () => {
    const { api, table } = await testApp({ games: [...GAMES] });
    const { matchId, seats } = await api.started('dutch-auction', 2);
    const view = (await api.read(matchId, seats[0]!)).json;
    const s: number = view.toAct[0];
    const mine = (await api.read(matchId, seats[s]!)).json;
    const key = randomUUID();
    const first = await api.move(matchId, seats[s]!, mine.version, mine.legalMoves[0], key);
    expect(first.status, first.text).toBe(200);
    const before = (await api.read(matchId, seats[0]!)).json;

    // Rewrite both items as the earlier code stored them: `data` as a JSON string.
    for (const k of [keys.match(matchId), keys.log(matchId, first.json.version)]) {
      const item = await rawItem(table, k);
      await table.raw.send(
        new PutItemCommand({ TableName: table.tableName, Item: { ...item, data: { S: JSON.stringify(unpackData(item.data!.B)) } } }),
      );
      expect((await rawItem(table, k)).data?.S).toBeTypeOf('string');
    }
    expect((await api.read(matchId, seats[0]!)).json).toEqual(before);
    const again = await api.move(matchId, seats[s]!, mine.version, mine.legalMoves[0], key);
    expect(again.text).toBe(first.text);
    // The next write stores the match deflated again.
    const next = (await api.read(matchId, seats[0]!)).json;
    const t: number = next.toAct[0];
    const theirs = (await api.read(matchId, seats[t]!)).json;
    expect((await api.move(matchId, seats[t]!, theirs.version, theirs.legalMoves[0], randomUUID())).status).toBe(200);
    expect((await rawItem(table, keys.match(matchId))).data?.B).toBeInstanceOf(Uint8Array);
  });
});

describe('what the Lambda bundles leave out', () => {
  it('SMTP is for self-hosting: on Lambda mail goes through SES, and SMTP_URL is refused at start', () => {
    expect(emailSenderFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })?.kind).toBe('smtp');
    expect(emailSenderFromEnv({ AWS_LAMBDA_FUNCTION_NAME: 'api', EMAIL_FROM: 'Dutch <t@dutch.example>' })?.kind).toBe('ses');
    expect(() => emailSenderFromEnv({ AWS_LAMBDA_FUNCTION_NAME: 'api', SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SES/);
  });
});
