/**
 * The digest function as EventBridge Scheduler invokes it (functions/lambda/digest.ts, wired from its
 * environment), against DynamoDB Local through a recording proxy and a real SMTP listener: it mails the
 * player whose match waits, once that day, takes a player with no daily choice off the list, and the
 * DynamoDB actions it calls are exactly those its role grants (infra/functions.ts DIGEST_TABLE_ACTIONS),
 * on the table alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { DIGEST_TABLE_ACTIONS } from '../../infra/functions.js';
import { smtpListener, type SmtpListener } from '../notify/support.js';
import { client } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { recordingProxy } from './recording.js';

type Table = Awaited<ReturnType<typeof freshTable>>;

let table: Table;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let smtp: SmtpListener;

beforeAll(async () => {
  table = await freshTable('digest');
  proxy = await recordingProxy(table.endpoint);
  smtp = await smtpListener();
  process.env.TABLE_NAME = table.tableName;
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
  process.env.SMTP_URL = smtp.url;
  process.env.EMAIL_FROM = 'Dutch <turns@dutch.example>';
  process.env.PUBLIC_URL = 'https://dutch.example';
});

afterAll(async () => {
  await smtp.close();
  await new Promise<void>((r) => proxy.server.close(() => r()));
});

describe('the digest function', () => {
  it('mails the player a match waits for once a day, drops a player with no daily choice, and calls only what it is granted', async () => {
    const { gameRegistry } = await import('#shared/games/index.js');
    const api = client(createApp({ store: table.store, games: gameRegistry, publicUrl: 'https://dutch.example' }));
    const { matchId, seats } = await api.started('dutch-auction', 2);
    const match = (await table.store.get(matchId))!;
    const seat = match.toAct[0]!;
    const players = new DynamoPlayerStore(table.doc, table.tableName);
    const address = 'lambda-digest@example.test';
    const defaults = { notices: 'email', reminders: true, mail: 'daily' } as const;
    const ann = await players.createPlayer({ id: 'ann', address, addressKey: sha256(address), createdAt: Date.now(), defaults });
    await players.putSeat(ann.id, { matchId, seat, claimedAt: Date.now(), sealedToken: 's', tokenHash: sha256(seats[seat]!.token) });
    await players.enrollDigest(ann.id);
    const bob = await players.createPlayer({
      id: 'bob',
      address: 'bob@example.test',
      addressKey: sha256('bob@example.test'),
      createdAt: Date.now(),
      defaults: { notices: 'email', reminders: true },
    });
    await players.enrollDigest(bob.id);

    const { handler } = await import('../../functions/lambda/digest.js');
    const first = await handler();
    expect(first).toMatchObject({ players: 2, sent: 1, withdrawn: 1 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.text).toContain(`https://dutch.example/m/${matchId}#seat=${seat}`);
    // Two runs at once (a late hourly tick beside the next): neither sends again that day.
    const [a, b] = await Promise.all([handler(), handler()]);
    expect(a.sent + b.sent).toBe(0);
    expect(a['already-sent'] + b['already-sent']).toBe(2);
    expect(smtp.messages).toHaveLength(1);

    const used = new Set(proxy.calls.map((c) => c.action));
    expect([...used].sort()).toEqual([...DIGEST_TABLE_ACTIONS].sort());
    expect(proxy.calls.every((c) => c.table === table.tableName && c.index === undefined)).toBe(true);
  });
});
