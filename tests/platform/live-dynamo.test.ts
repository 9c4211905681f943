/**
 * The live channel's AWS side against DynamoDB Local: the connection store (functions/storage/live-dynamo.ts)
 * keeps subscriptions per match with a TTL, caps a connection in its conditional write, forgets a
 * connection wholly; the poke path (records → service → PostToConnection) tells every subscriber and
 * drops a connection API Gateway reports gone. The Management API client is the one stand-in: API
 * Gateway's 410 cannot be caused here otherwise.
 */
import type { DeleteConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { originAllowed } from '../../functions/lambda/live-socket.js';
import { apiGatewaySender } from '../../functions/lambda/live-sender.js';
import { MESSAGE_BURST } from '../../functions/live/limits.js';
import { SUBSCRIPTION_TTL_MS } from '../../functions/live/port.js';
import { MAX_SUBSCRIPTIONS } from '../../functions/live/protocol.js';
import { onLiveChanges, pokeOf } from '../../functions/live/records.js';
import { LiveService } from '../../functions/live/service.js';
import { DynamoConnectionStore } from '../../functions/storage/live-dynamo.js';
import { changeOf, changesOf } from '../../functions/storage/stream-records.js';
import { freshTable } from '../support/dynamo.js';

let store: DynamoConnectionStore;
const NOW = 1_800_000_000_000;

beforeAll(async () => {
  const t = await freshTable('livedb');
  store = new DynamoConnectionStore(t.doc, t.tableName);
});

const record = (pk: string, sk: string, version?: number, eventName: DynamoDBRecord['eventName'] = 'MODIFY'): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    Keys: { pk: { S: pk }, sk: { S: sk } },
    ...(version !== undefined ? { NewImage: { pk: { S: pk }, sk: { S: sk }, version: { N: String(version) } } } : {}),
    SequenceNumber: String(Math.random()),
  },
});

describe('the DynamoDB connection store', () => {
  it('lists the subscribers of a match, renews, leaves out expired ones, forgets a dropped connection', async () => {
    await store.subscribe('c1', 'm1', NOW);
    await store.subscribe('c2', 'm1', NOW);
    await store.subscribe('c2', 'm2', NOW);
    expect((await store.subscribers('m1', NOW)).sort()).toEqual(['c1', 'c2']);
    // Past the TTL, before DynamoDB got round to deleting: not a subscriber any more.
    expect(await store.subscribers('m1', NOW + SUBSCRIPTION_TTL_MS + 1000)).toEqual([]);
    await store.subscribe('c1', 'm1', NOW + SUBSCRIPTION_TTL_MS);
    expect(await store.subscribers('m1', NOW + SUBSCRIPTION_TTL_MS + 1000)).toEqual(['c1']);
    await store.drop('c2');
    expect(await store.subscribers('m1', NOW)).toEqual(['c1']);
    expect(await store.subscribers('m2', NOW)).toEqual([]);
    await store.drop('never-subscribed');
  });

  it(`caps a connection at ${MAX_SUBSCRIPTIONS} matches in the conditional write`, async () => {
    const results = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS; i++) results.push(await store.subscribe('capped', `cap${i}`, NOW));
    expect(results).toEqual([...Array(MAX_SUBSCRIPTIONS).fill('ok'), 'full']);
    expect(await store.subscribers(`cap${MAX_SUBSCRIPTIONS}`, NOW)).toEqual([]);
    expect(await store.subscribe('capped', 'cap0', NOW)).toBe('ok');
  });
});

describe('pokes on AWS', () => {
  it('take match items only, one poke per match with its newest version', async () => {
    expect(pokeOf(changeOf(record('M#a', 'MATCH', 7)))).toEqual({ matchId: 'a', version: 7 });
    expect(pokeOf(changeOf(record('M#a', 'LOG#00000007', 7)))).toBeNull();
    expect(pokeOf(changeOf(record('LIVE#a', 'C#x')))).toBeNull();
    expect(pokeOf(changeOf(record('M#a', 'MATCH', undefined, 'REMOVE')))).toBeNull();
    const poked: [string, number][] = [];
    const out = await onLiveChanges(
      {
        poke: async (m, v) => {
          poked.push([m, v]);
          return { sent: 0, gone: 0 };
        },
      },
      () => undefined,
    )(changesOf([record('M#a', 'MATCH', 7), record('M#a', 'MATCH', 8), record('M#b', 'MATCH', 2), record('M#a', 'LOG#00000008', 8)]));
    expect(poked.sort()).toEqual([
      ['a', 8],
      ['b', 2],
    ]);
    expect(out.batchItemFailures).toEqual([]);
  });

  it('post the version to every subscriber and drop a connection API Gateway says is gone', async () => {
    await store.subscribe('live-1', 'pm', NOW);
    await store.subscribe('live-2', 'pm', NOW);
    await store.subscribe('gone-1', 'pm', NOW);
    const posted: { id: string; data: unknown }[] = [];
    const client = {
      send: async (cmd: PostToConnectionCommand) => {
        const id = cmd.input.ConnectionId!;
        if (id.startsWith('gone')) throw Object.assign(new Error('Gone'), { name: 'GoneException', $metadata: { httpStatusCode: 410 } });
        posted.push({ id, data: JSON.parse(new TextDecoder().decode(cmd.input.Data as Uint8Array)) });
        return {};
      },
    };
    const live = new LiveService({ connections: store, sender: apiGatewaySender(client as never), clock: () => NOW });
    expect(await live.poke('pm', 12)).toEqual({ sent: 2, gone: 1 });
    expect(posted.map((p) => p.id).sort()).toEqual(['live-1', 'live-2']);
    for (const p of posted) expect(p.data).toStrictEqual({ type: 'version', matchId: 'pm', version: 12 });
    expect((await store.subscribers('pm', NOW)).sort()).toEqual(['live-1', 'live-2']);
  });

  it('close a connection past its message rate with DeleteConnection and forget its subscriptions (the socket Lambda)', async () => {
    await store.subscribe('flood-1', 'pf', NOW);
    const sent: { name: string; id: string }[] = [];
    const client = {
      send: async (cmd: PostToConnectionCommand | DeleteConnectionCommand) => {
        sent.push({ name: cmd.constructor.name, id: cmd.input.ConnectionId! });
        return {};
      },
    };
    const live = new LiveService({ connections: store, sender: apiGatewaySender(client as never), clock: () => NOW });
    const verdicts: string[] = [];
    for (let i = 0; i <= MESSAGE_BURST; i++) verdicts.push(await live.receive('flood-1', '{"action":"ping"}'));
    expect(verdicts).toEqual([...Array(MESSAGE_BURST).fill('open'), 'closed']);
    expect(sent.filter((c) => c.name === 'PostToConnectionCommand')).toHaveLength(MESSAGE_BURST);
    expect(sent.at(-1)).toEqual({ name: 'DeleteConnectionCommand', id: 'flood-1' });
    expect(await store.subscribers('pf', NOW)).toEqual([]);
  });

  it("let only this site's pages connect", () => {
    expect(originAllowed('https://play.dutch.example', 'https://play.dutch.example')).toBe(true);
    expect(originAllowed('https://evil.example', 'https://play.dutch.example')).toBe(false);
    expect(originAllowed(undefined, 'https://play.dutch.example')).toBe(false);
  });
});
