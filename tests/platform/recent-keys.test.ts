/**
 * The Idempotency-Keys a match remembers (functions/matches/progress.ts): kept short in the match item (the
 * key as a 96-bit digest, the request hash as 128 bits, base64url; the newest per seat), and entries kept
 * in the longer form by items written before still answer a retry and still refuse a reused key.
 */
import { describe, expect, it } from 'vitest';
import type { RecentKey } from '../../functions/matches/port.js';
import { recentKey, rememberKey, sameRequest } from '../../functions/matches/progress.js';
import { requestHash } from '../../functions/matches/tokens.js';
import { memoryApp } from '../support/app.js';

const HOUR = 3600 * 1000;

describe('remembered Idempotency-Keys', () => {
  it('are kept short and found by the key and the request they were made with', () => {
    const hash = requestHash({ expectedVersion: 3, move: { kind: 'add', amount: 2 } });
    const kept = rememberKey(undefined, { seat: 1, key: 'retry-key-0123456789', requestHash: hash, version: 4, at: HOUR });
    expect(kept).toHaveLength(1);
    const entry = kept[0]!;
    expect(entry.key).toMatch(/^k\.[\w-]{16}$/);
    expect(entry.requestHash).toMatch(/^[\w-]{22}$/);
    expect(recentKey(kept, 1, 'retry-key-0123456789')).toBe(entry);
    expect(recentKey(kept, 0, 'retry-key-0123456789')).toBeUndefined();
    expect(recentKey(kept, 1, 'retry-key-0123456780')).toBeUndefined();
    expect(sameRequest(entry, hash)).toBe(true);
    expect(sameRequest(entry, requestHash({ expectedVersion: 3, move: { kind: 'add', amount: 1 } }))).toBe(false);
    // Remembering more keeps an entry as it is.
    const more = rememberKey(kept, { seat: 0, key: 'other-seat-key-01', requestHash: hash, version: 5, at: 2 * HOUR });
    expect(more[0]).toEqual(entry);
  });

  it('entries written before in the long form still match', () => {
    const hash = requestHash({ op: 'resign' });
    const old: RecentKey[] = [{ seat: 2, key: 'an-old-key-kept-as-sent', requestHash: hash, version: 9, at: HOUR }];
    expect(recentKey(old, 2, 'an-old-key-kept-as-sent')).toBe(old[0]);
    expect(sameRequest(old[0]!, hash)).toBe(true);
    expect(sameRequest(old[0]!, requestHash({ op: 'resign', expectedVersion: 1 }))).toBe(false);
    // Both forms side by side (another seat's entry kept in the short form beside it).
    const next = rememberKey(old, { seat: 1, key: 'a-new-key-0123456', requestHash: hash, version: 10, at: 2 * HOUR });
    expect(next.map((k) => k.key)).toEqual(['an-old-key-kept-as-sent', expect.stringMatching(/^k\./)]);
  });

  it('the newest per seat, within the last day', () => {
    const hash = requestHash({});
    let keys: RecentKey[] | undefined;
    for (let i = 0; i < 4; i++)
      keys = rememberKey(keys, { seat: 0, key: `seat-0-key-${i}000`, requestHash: hash, version: i + 2, at: i * HOUR });
    keys = rememberKey(keys, { seat: 1, key: 'seat-1-key-0000', requestHash: hash, version: 6, at: 4 * HOUR });
    expect(keys!.map((k) => k.version)).toEqual([5, 6]);
    expect(recentKey(keys, 0, 'seat-0-key-2000')).toBeUndefined();
    expect(recentKey(keys, 0, 'seat-0-key-3000')?.version).toBe(5);
    const dayLater = rememberKey(keys, { seat: 1, key: 'seat-1-key-1000', requestHash: hash, version: 7, at: 27 * HOUR });
    expect(dayLater.map((k) => k.version)).toEqual([7]);
  });

  it('through the API: the match keeps the short form, and a retry answers the same bytes', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 30 });
    const version = (await api.read(matchId, seats[0]!)).json.version as number;
    const path = `/api/matches/${matchId}/seats/0/moves`;
    const body = { expectedVersion: version, move: { kind: 'commit', secret: 4 } };
    const headers = { 'Idempotency-Key': 'short-form-key-01' };
    const first = await api.call('POST', path, { token: seats[0]!.token, headers, body });
    expect(first.status).toBe(200);
    const kept = (await table.store.get(matchId))!.recentKeys ?? [];
    expect(kept.map((k) => [k.seat, k.key.slice(0, 2), k.requestHash.length])).toEqual([[0, 'k.', 22]]);
    expect(JSON.stringify(kept)).not.toContain('short-form-key-01');
    const retry = await api.call('POST', path, { token: seats[0]!.token, headers, body });
    expect(retry.text).toBe(first.text);
    const reused = await api.call('POST', path, {
      token: seats[0]!.token,
      headers,
      body: { ...body, move: { kind: 'commit', secret: 5 } },
    });
    expect(reused.status).toBe(422);
  });

  it('a retry after the match has moved on gets the first bytes: the kept answer holds no state, made again by replay', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 30 });
    const version = (await api.read(matchId, seats[0]!)).json.version as number;
    const path = (s: number) => `/api/matches/${matchId}/seats/${s}/moves`;
    const commit = { expectedVersion: version, move: { kind: 'commit', secret: 4 } };
    const headers = { 'Idempotency-Key': 'moved-on-key-0001', 'Accept-Language': 'nl' };
    const first = await api.call('POST', path(0), { token: seats[0]!.token, headers, body: commit });
    expect(first.status).toBe(200);
    const kept = (await table.store.logAt(matchId, first.json.version))!.response!;
    expect(kept.fromState).toBe(true);
    expect(JSON.parse(kept.body)).toMatchObject({ view: null, legalMoves: null, version: first.json.version });
    // The other seat commits: both secrets are revealed, the match is at another version and state.
    const other = await api.call('POST', path(1), { token: seats[1]!.token, body: { ...commit, move: { kind: 'commit', secret: 3 } } });
    expect(other.status).toBe(200);
    expect(other.json.version).toBeGreaterThan(first.json.version);
    const retry = await api.call('POST', path(0), { token: seats[0]!.token, headers, body: commit });
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    // And while the match is still at the answer's version, from the match itself.
    const now = (await api.read(matchId, seats[0]!)).json;
    const s = now.toAct[0] as number;
    const add = { expectedVersion: now.version, move: { kind: 'add', amount: 2 } };
    const addHeaders = { 'Idempotency-Key': 'current-key-00001' };
    const added = await api.call('POST', path(s), { token: seats[s]!.token, headers: addHeaders, body: add });
    expect(added.status).toBe(200);
    expect(added.json.legalMoves.length).toBeGreaterThanOrEqual(0);
    const again = await api.call('POST', path(s), { token: seats[s]!.token, headers: addHeaders, body: add });
    expect(again.text).toBe(added.text);
  });
});
