import { inflateRawSync } from 'node:zlib';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { testApp } from '../support/api.js';

describe('authorization', () => {
  it('refuses every seat route with no token, another seat’s, another match’s or a malformed token, and returns no data', async () => {
    const { api, table } = await testApp();
    const a = await api.started('secret-sums', 2);
    const b = await api.started('secret-sums', 2);
    const v = (await api.read(a.matchId, a.seats[0]!)).json.version;
    const before = JSON.stringify(await table.store.get(a.matchId));

    // Reads take two paths: a first read (no ETag) and a poll (If-None-Match); both are checked.
    const poll = { 'If-None-Match': `"${v}"` };
    const routes: { method: string; path: string; body?: unknown; headers?: Record<string, string> }[] = [
      { method: 'GET', path: `/api/matches/${a.matchId}/seats/0` },
      { method: 'GET', path: `/api/matches/${a.matchId}/seats/0`, headers: poll },
      { method: 'GET', path: `/api/matches/${a.matchId}/spectate`, headers: poll },
      { method: 'GET', path: `/api/matches/${a.matchId}/seats/0/log` },
      {
        method: 'POST',
        path: `/api/matches/${a.matchId}/seats/0/moves`,
        body: { expectedVersion: v, move: { kind: 'commit', secret: 3 } },
      },
      { method: 'POST', path: `/api/matches/${a.matchId}/seats/0/resign`, body: {} },
      { method: 'POST', path: `/api/matches/${a.matchId}/seats/0/links`, body: {} },
      { method: 'POST', path: `/api/matches/${a.matchId}/seats/0/rematch`, body: {} },
      { method: 'GET', path: `/api/matches/${a.matchId}/spectate` },
      { method: 'GET', path: `/api/matches/${a.matchId}/spectate/log` },
      { method: 'POST', path: `/api/matches/${a.matchId}/seats/0/chat`, body: { text: 'hello' } },
      { method: 'GET', path: `/api/matches/${a.matchId}/seats/0/chat` },
      { method: 'GET', path: `/api/matches/${a.matchId}/spectate/chat` },
      { method: 'PUT', path: `/api/matches/${a.matchId}/seats/0/chat/mute`, body: { muted: true } },
      { method: 'POST', path: `/api/matches/${a.matchId}/seats/0/nudge`, body: {} },
    ];
    const tokens: { label: string; token?: string; expect: number[] }[] = [
      { label: 'none', expect: [401] },
      { label: 'other seat', token: a.seats[1]!.token, expect: [403] },
      { label: 'other match', token: b.seats[0]!.token, expect: [403, 404] },
      { label: 'malformed', token: 'not-a-token', expect: [401] },
      { label: 'spectator on a seat route', token: a.spectator, expect: [403] },
    ];
    let checked = 0;
    for (const route of routes) {
      for (const t of tokens) {
        if (t.label === 'spectator on a seat route' && route.path.includes('/spectate')) continue;
        const r = await api.call(route.method, route.path, { token: t.token, body: route.body, headers: route.headers });
        expect(t.expect, `${route.method} ${route.path} ${route.headers ? '(poll) ' : ''}with ${t.label} → ${r.status}`).toContain(
          r.status,
        );
        expect(Object.keys(r.json ?? {})).toEqual(['error']);
        expect(r.text).not.toContain('"view"');
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(45);
    expect(JSON.stringify(await table.store.get(a.matchId))).toBe(before);
    // and nothing was written besides: no new log records for match a
    expect((await table.store.fullLog(a.matchId)).length).toBe(1);
  });

  it('stores no raw token: a scan of the table holds only hashes', async () => {
    const { api, table } = await testApp();
    const created = await api.create('secret-sums', 3);
    const secrets = [
      created.token,
      ...created.invites.map((i) => new URL(i.url).hash.split('=')[1]!),
      new URL(created.spectatorUrl).hash.split('=')[1]!,
    ];
    const j = await api.join(created.matchId, created.invites[0]!.url, 'Bob');
    secrets.push(j.json.token);
    const renewed = await api.call('POST', `/api/matches/${created.matchId}/seats/0/links`, { token: created.token });
    secrets.push(new URL(renewed.json.invites[0].url).hash.split('=')[1]!);
    const scan = await table.raw.send(new ScanCommand({ TableName: table.tableName }));
    // Every attribute as text, deflated JSON (the match and log `data`) inflated first.
    const dump = JSON.stringify(scan.Items, (_k, v: unknown) => (v instanceof Uint8Array ? inflateRawSync(v).toString('utf8') : v));
    expect(scan.Items!.length).toBeGreaterThan(1);
    expect(dump).toContain('Bob');
    for (const s of secrets) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(dump).not.toContain(s);
    }
  });
});
