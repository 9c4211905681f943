import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys, OPEN_RETENTION_SECONDS, IDLE_RETENTION_SECONDS, FINISHED_RETENTION_SECONDS } from '../../functions/storage/table.js';
import { testApp } from '../support/api.js';

describe('retention (DynamoDB TTL attribute)', () => {
  it('an unfilled invitation expires after 30 days, a match in play a year after its last write, a finished one 180 days after it ended — logs too', async () => {
    let now = Date.UTC(2026, 10, 23);
    const { api, table } = await testApp({ clock: () => now });
    const expiry = async (id: string) =>
      (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.match(id), ConsistentRead: true }))).Item!
        .expiresAt as number;
    const created = await api.create('secret-sums', 2, { target: 3 });
    const sec = Math.floor(now / 1000);
    expect(await expiry(created.matchId)).toBe(sec + OPEN_RETENTION_SECONDS);

    now += 3600_000;
    const j = await api.join(created.matchId, created.invites[0]!.url, 'Bob');
    expect(await expiry(created.matchId)).toBe(Math.floor(now / 1000) + IDLE_RETENTION_SECONDS);
    const seats = [
      { seat: 0, token: created.token },
      { seat: 1, token: j.json.token as string },
    ];
    let v = (await api.read(created.matchId, seats[0]!)).json.version;
    for (const s of seats) v = (await api.move(created.matchId, s, v, { kind: 'commit', secret: 2 })).json.version;
    now += 24 * 3600_000;
    v = (await api.move(created.matchId, seats[0]!, v, { kind: 'add', amount: 2 })).json.version;
    const over = await api.move(created.matchId, seats[1]!, v, { kind: 'add', amount: 2 });
    expect(over.json.status).toBe('over');
    expect(await expiry(created.matchId)).toBe(Math.floor(now / 1000) + FINISHED_RETENTION_SECONDS);

    const items = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.match(created.matchId).pk },
      }),
    );
    const logs = items.Items!.filter((i) => String(i.sk).startsWith('LOG#'));
    expect(logs.length).toBeGreaterThan(3);
    for (const l of logs) expect(l.expiresAt).toBeGreaterThan(sec);
  });

  it('a join recorded while the match is still open keeps an active match’s retention, not 30 days', async () => {
    const now = Date.UTC(2026, 10, 23);
    const { api, table } = await testApp({ clock: () => now });
    const created = await api.create('secret-sums', 3);
    expect((await api.join(created.matchId, created.invites[0]!.url, 'Bob')).status).toBe(200);
    const items = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)',
        ExpressionAttributeValues: { ':pk': keys.match(created.matchId).pk, ':log': 'LOG#' },
      }),
    );
    expect(items.Items!.length).toBeGreaterThan(0);
    for (const l of items.Items!) expect(l.expiresAt).toBe(Math.floor(now / 1000) + IDLE_RETENTION_SECONDS);
  });
});
