/**
 * Retrying the calls that change a match (issue 13, item 10): create, join, resign, links and rematch
 * are safe to retry with an Idempotency-Key, as moves are; a rematch hands out one working token per
 * seat however often and however concurrently it is asked for. And the smaller API items of 13.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_MESSAGE } from '../../functions/app.js';
import { createLocalApp } from '../../functions/local/server.js';
import { afterCommit, memoryApp, toCountPhase, type Seat } from '../support/app.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { secretSums } from '../support/test-game.js';

const CREATE_KEY = 'create-key-0123456789abcdef';
const createBody = { game: 'secret-sums', seats: 3, options: { target: 9 }, name: 'Ann' };

/** Plays a two-seat match to its end (seat 0 resigns); returns the seats. */
async function finished() {
  const t = await memoryApp();
  const { matchId, seats } = await t.api.started('secret-sums', 2);
  expect((await t.api.call('POST', `/api/matches/${matchId}/seats/0/resign`, { token: seats[0]!.token })).status).toBe(200);
  return { ...t, matchId, seats };
}

describe('retrying changes with an Idempotency-Key', () => {
  it('4 concurrent rematch calls from one seat with one key: one rematch, one token, and it works', async () => {
    const { api, table, matchId, seats } = await finished();
    const before = (await table.store.get(matchId))!.version;
    const calls = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.call('POST', `/api/matches/${matchId}/seats/1/rematch`, {
          token: seats[1]!.token,
          headers: { 'Idempotency-Key': 'rematch-key-1' },
        }),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(calls.map((c) => c.json.matchId)).size).toBe(1);
    expect(new Set(calls.map((c) => c.json.token)).size).toBe(1);
    const { matchId: rematchId, seat, token } = calls[0]!.json;
    expect((await api.read(rematchId, { seat, token })).status).toBe(200);
    // The old match changed once (its rematch id), the rematch not at all after being made.
    expect((await table.store.get(matchId))!.version).toBe(before + 1);
    expect((await table.store.get(rematchId))!.version).toBe(1);
  });

  it('concurrent rematch calls from one seat with different keys (or none) return the same working token', async () => {
    const { api, matchId, seats } = await finished();
    const call = (key?: string) =>
      api.call('POST', `/api/matches/${matchId}/seats/0/rematch`, {
        token: seats[0]!.token,
        headers: key ? { 'Idempotency-Key': key } : {},
      });
    const calls = await Promise.all([call('rematch-a-123'), call('rematch-b-123'), call(), call()]);
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(calls.map((c) => c.json.token)).size).toBe(1);
    const { matchId: rematchId, seat, token } = calls[0]!.json;
    expect((await api.read(rematchId, { seat, token })).status).toBe(200);
    // The other player joins with their own old token; the match starts and both tokens still open their seats.
    const other = await api.call('POST', `/api/matches/${matchId}/seats/1/rematch`, { token: seats[1]!.token });
    expect(other.json.matchId).toBe(rematchId);
    const mine = await api.read(rematchId, { seat, token });
    expect(mine.json.status).toBe('active');
    expect((await api.read(rematchId, { seat: other.json.seat, token: other.json.token })).status).toBe(200);
  });

  it('resign retried with its key returns the first answer; without a key the second is refused', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const resign = (key?: string, body: unknown = {}) =>
      api.call('POST', `/api/matches/${matchId}/seats/1/resign`, {
        token: seats[1]!.token,
        body,
        headers: key ? { 'Idempotency-Key': key } : {},
      });
    const first = await resign('resign-key-1');
    const again = await resign('resign-key-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect((await table.store.fullLog(matchId)).filter((l) => l.kind === 'resign')).toHaveLength(1);
    expect((await resign('resign-key-1', { expectedVersion: 1 })).json.error.code).toBe('idempotency-key-reused');
    expect((await resign()).status).toBe(409);
  });

  it('new links retried with their key return the same links, which work, and change the match once', async () => {
    const { api, table } = await memoryApp();
    const created = await api.create('secret-sums', 3);
    const owner: Seat = { seat: 0, token: created.token };
    const links = () =>
      api.call('POST', `/api/matches/${created.matchId}/seats/0/links`, {
        token: owner.token,
        headers: { 'Idempotency-Key': 'links-key-1' },
      });
    const first = await links();
    const version = (await table.store.get(created.matchId))!.version;
    const again = await links();
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await table.store.get(created.matchId))!.version).toBe(version);
    expect((await api.join(created.matchId, created.invites[0]!.url, 'Old')).status).toBe(403);
    expect((await api.join(created.matchId, again.json.invites[0].url, 'Bob')).status).toBe(200);
  });

  it('create retried with its key returns the same match and secrets; the key with another request is refused', async () => {
    const { api, table } = await memoryApp();
    const create = (body: unknown, key = CREATE_KEY) => api.call('POST', '/api/matches', { body, headers: { 'Idempotency-Key': key } });
    const calls = await Promise.all([create(createBody), create(createBody)]);
    expect(calls.map((c) => c.status)).toEqual([201, 201]);
    expect(calls[1]!.json).toEqual(calls[0]!.json);
    const later = await create({ name: 'Ann', options: { target: 9 }, seats: 3, game: 'secret-sums' });
    expect(later.json).toEqual(calls[0]!.json);
    const { matchId, token } = calls[0]!.json;
    expect((await api.read(matchId, { seat: 0, token })).status).toBe(200);
    expect((await table.store.get(matchId))!.version).toBe(1);
    const other = await create({ ...createBody, seats: 2 });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('idempotency-key-reused');
    // The key seeds the match's secrets, so a short (guessable) one is refused.
    expect((await create(createBody, 'short-key-123')).status).toBe(400);
  });

  it('join retried with its key returns the same seat and token; anyone else with the used invite is still refused', async () => {
    const { api } = await memoryApp();
    const created = await api.create('secret-sums', 3);
    const invite = new URL(created.invites[0]!.url).hash.replace('#invite=', '');
    const join = (name: string, key?: string) =>
      api.call('POST', `/api/matches/${created.matchId}/join`, { body: { invite, name }, headers: key ? { 'Idempotency-Key': key } : {} });
    const calls = await Promise.all([join('Bob', 'join-key-01'), join('Bob', 'join-key-01'), join('Bob', 'join-key-01')]);
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(new Set(calls.map((c) => c.json.token)).size).toBe(1);
    expect((await api.read(created.matchId, { seat: calls[0]!.json.seat, token: calls[0]!.json.token })).status).toBe(200);
    expect((await join('Eve', 'join-key-02')).json.error.code).toBe('invite-used');
    expect((await join('Eve')).json.error.code).toBe('invite-used');
    expect((await join('Eve', 'join-key-01')).json.error.code).toBe('idempotency-key-reused');
  });
});

describe('smaller API items', () => {
  it('resign honours expectedVersion: refused with 409 once the game has moved on, the match still in play', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 30 });
    const seen = (await api.read(matchId, seats[0]!)).json.version;
    const v = await toCountPhase(api, matchId, seats);
    expect(v).toBeGreaterThan(seen);
    const stale = await api.call('POST', `/api/matches/${matchId}/seats/0/resign`, {
      token: seats[0]!.token,
      body: { expectedVersion: seen },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('stale-version');
    expect((await api.read(matchId, seats[0]!)).json.status).toBe('active');
    const current = await api.call('POST', `/api/matches/${matchId}/seats/0/resign`, {
      token: seats[0]!.token,
      body: { expectedVersion: v },
    });
    expect(current.status).toBe(200);
    expect(current.json.status).toBe('over');
  });

  it('a keyed move retried with its keys reordered and spaced otherwise replays instead of conflicting', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 30 });
    const v = await toCountPhase(api, matchId, seats);
    const mover = seats[(await api.read(matchId, seats[0]!)).json.toAct[0]]!;
    const first = await api.move(matchId, mover, v, { kind: 'add', amount: 2 }, 'reorder-key-1');
    expect(first.status).toBe(200);
    const retry = await api.call('POST', `/api/matches/${matchId}/seats/${mover.seat}/moves`, {
      token: mover.token,
      raw: `{ "move": { "amount": 2, "kind": "add" },\n  "expectedVersion": ${v} }`,
      headers: { 'Idempotency-Key': 'reorder-key-1' },
    });
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
  });

  it.each(['0x1', '1e0', '01', '1.0', '+1', ' 1', '8'])('refuses the seat number %j', async (seat) => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const r = await api.call('GET', `/api/matches/${matchId}/seats/${encodeURIComponent(seat)}`, { token: seats[1]!.token });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid-request');
  });

  it('a 500 after the write may have landed does not claim that nothing was changed', async () => {
    let lose = false;
    const { api, table } = await memoryApp({
      wrapStore: afterCommit((result) => {
        if (lose && result.ok) throw new Error('injected: connection lost after commit');
      }),
    });
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 30 });
    const v = await toCountPhase(api, matchId, seats);
    const mover = seats[(await api.read(matchId, seats[0]!)).json.toAct[0]]!;
    lose = true;
    const r = await api.move(matchId, mover, v, { kind: 'add', amount: 1 });
    expect(r.status).toBe(500);
    expect((await table.store.get(matchId))!.version).toBe(v + 1);
    expect(r.json.error.message).toBe(INTERNAL_MESSAGE);
    expect(r.json.error.message).not.toMatch(/nothing (was )?changed/i);
  });

  it('the local server answers an unknown API path with the JSON 404, not the web page', async () => {
    const root = mkdtempSync(join(tmpdir(), 'site-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>Dutch</title>');
      const app = createLocalApp({ store: new MemoryMatchStore(), games: new Map([[secretSums.id, secretSums]]) }, root);
      for (const [method, path] of [
        ['GET', '/api/no-such-route'],
        ['POST', '/api/no-such-route'],
        ['GET', '/api/matches'],
      ] as const) {
        const r = await app.request(path, { method });
        expect(r.status).toBe(404);
        expect(r.headers.get('content-type')).toContain('application/json');
        expect((await r.json()).error.code).toBe('not-found');
      }
      expect((await app.request('/m/abcDEF123_-x')).status).toBe(200);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
