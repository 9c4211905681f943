import { describe, expect, it } from 'vitest';
import { sayIn } from '../../functions/i18n.js';
import { memoryApp } from '../support/app.js';

describe('match lifecycle over HTTP', () => {
  it('creates a match with invite links whose secrets sit in the URL fragment', async () => {
    const { api } = await memoryApp();
    const created = await api.create('secret-sums', 3, { target: 5 });
    expect(created.invites).toHaveLength(2);
    for (const inv of [...created.invites.map((i) => i.url), created.spectatorUrl]) {
      const url = new URL(inv);
      expect(url.search).toBe('');
      expect(url.hash.length).toBeGreaterThan(40);
    }
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const r = await api.read(created.matchId, { seat: 0, token: created.token });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('open');
    expect(r.json.view).toBeNull();
    expect(r.json.seats.map((s: { joined: boolean }) => s.joined)).toEqual([true, false, false]);
  });

  it('starts the game when the last seat is filled, and an invite works once', async () => {
    const { api } = await memoryApp();
    const created = await api.create('secret-sums', 2);
    const joined = await api.join(created.matchId, created.invites[0]!.url, 'Bob');
    expect(joined.status).toBe(200);
    expect(joined.json.seat).toBe(1);
    const again = await api.join(created.matchId, created.invites[0]!.url, 'Eve');
    expect(again.status).toBe(403);
    expect(again.json.error.code).toBe('invite-used');
    const r = await api.read(created.matchId, { seat: 1, token: joined.json.token });
    expect(r.json.status).toBe('active');
    expect(r.json.toAct).toEqual([0, 1]);
    expect(r.json.you).toBe(1);
    expect(r.json.legalMoves).toHaveLength(9);
    expect(r.json.seats.map((s: { name: string }) => s.name)).toEqual(['Ann', 'Bob']);
    expect(r.json.log.flatMap((l: { entries: { type: string }[] }) => l.entries.map((e) => e.type))).toContain('started');
  });

  it('answers 304 to If-None-Match with the current version, and 200 after a change', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const first = await api.read(matchId, seats[0]!);
    const etag = first.headers.get('ETag')!;
    expect(etag).toBe(`"${first.json.version}"`);
    const same = await api.read(matchId, seats[0]!, { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    await api.move(matchId, seats[1]!, first.json.version, { kind: 'commit', secret: 4 });
    const changed = await api.read(matchId, seats[0]!, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.json.version).toBe(first.json.version + 1);
  });

  it('plays a whole game: sealed commits, turns, the end, then a rematch with the first player rotated', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 4 });
    let v = (await api.read(matchId, seats[0]!)).json.version;
    let r = await api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 3 });
    expect(r.status).toBe(200);
    expect(r.json.events[0].text).toContain('committed 3');
    r = await api.move(matchId, seats[1]!, r.json.version, { kind: 'commit', secret: 7 });
    expect(r.status).toBe(200);
    expect(r.json.events.map((e: { type: string }) => e.type)).toEqual(['committed', 'revealed']);
    v = r.json.version;
    const turnOrder = [0, 1, 0];
    for (const s of turnOrder) {
      r = await api.move(matchId, seats[s]!, v, { kind: 'add', amount: 2 });
      expect(r.status).toBe(200);
      v = r.json.version;
      if (r.json.status === 'over') break;
    }
    expect(r.json.status).toBe('over');
    expect(r.json.end.winners).toEqual([1]);
    expect(r.json.end.reason).toBe('finished');
    const late = await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('match-over');

    const rm0 = await api.call('POST', `/api/matches/${matchId}/seats/1/rematch`, { token: seats[1]!.token });
    expect(rm0.status).toBe(200);
    expect(rm0.json.seat).toBe(0); // old seat 1 moves up to first player
    // The seat link names the game, as the create and join links do, so the page fetches its board at once.
    expect(rm0.json.url).toBe(`http://dutch.test/m/${rm0.json.matchId}#seat=0&token=${rm0.json.token}&game=secret-sums`);
    expect(Object.keys(rm0.json).sort()).toEqual(['matchId', 'seat', 'token', 'url']);
    const old = await api.read(matchId, seats[0]!);
    expect(old.json.rematchId).toBe(rm0.json.matchId);
    const rm1 = await api.call('POST', `/api/matches/${matchId}/seats/0/rematch`, { token: seats[0]!.token });
    expect(rm1.json.matchId).toBe(rm0.json.matchId);
    expect(rm1.json.seat).toBe(1);
    const fresh = await api.read(rm0.json.matchId, { seat: 0, token: rm0.json.token });
    expect(fresh.json.status).toBe('active');
    expect(fresh.json.seats.map((s: { name: string }) => s.name)).toEqual(['P1', 'Ann']);
    expect(fresh.json.options).toEqual({ target: 4 });
  });

  it('rejects illegal, stale and malformed moves with the right status and changes nothing', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const before = await table.store.get(matchId);
    const v = before!.version;
    const illegal = await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 });
    expect(illegal.status).toBe(422);
    expect(illegal.json.error).toMatchObject({ code: 'wrong-phase' });
    const malformed = await api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.issues.length).toBeGreaterThan(0);
    const noMove = await api.call('POST', `/api/matches/${matchId}/seats/0/moves`, {
      token: seats[0]!.token,
      body: { expectedVersion: v },
    });
    expect(noMove.status).toBe(400);
    const big = await api.call('POST', `/api/matches/${matchId}/seats/0/moves`, {
      token: seats[0]!.token,
      raw: JSON.stringify({ expectedVersion: v, move: { kind: 'commit', pad: 'x'.repeat(17 * 1024) } }),
    });
    expect(big.status).toBe(413);
    const notJson = await api.call('POST', `/api/matches/${matchId}/seats/0/moves`, { token: seats[0]!.token, raw: '{nope' });
    expect(notJson.status).toBe(400);
    await api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 1 });
    await api.move(matchId, seats[1]!, v + 1, { kind: 'commit', secret: 1 });
    const stale = await api.move(matchId, seats[0]!, v + 1, { kind: 'add', amount: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: 'stale-version', version: v + 2 });
    const after = await table.store.get(matchId);
    expect(after!.version).toBe(v + 2);
  });

  it('lets a player resign, ending the match for everyone', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const r = await api.call('POST', `/api/matches/${matchId}/seats/1/resign`, { token: seats[1]!.token });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('over');
    expect(r.json.end).toMatchObject({ reason: 'resigned', seat: 1, winners: [0] });
    // Issue 25: the result is words (said in the reader's language), not stored English.
    expect(r.json.end).toMatchObject({ key: 'match.log.resigned', params: { seat: { seat: 1 } } });
    expect(r.json.end.summary).toBeUndefined();
    expect(sayIn('en', r.json.end, ['Ann', 'Bob'])).toBe('Bob resigned.');
    expect(sayIn('nl', r.json.end, ['Ann', 'Cor'])).toBe('Cor gaf op.');
    const again = await api.call('POST', `/api/matches/${matchId}/seats/1/resign`, { token: seats[1]!.token });
    expect(again.status).toBe(409);
  });

  it('shows spectators the public view only', async () => {
    const { api } = await memoryApp();
    const { matchId, seats, spectator } = await api.started('secret-sums', 2);
    const v = (await api.read(matchId, seats[0]!)).json.version;
    await api.move(matchId, seats[0]!, v, { kind: 'commit', secret: 6 });
    const w = await api.call('GET', `/api/matches/${matchId}/spectate`, { token: spectator });
    expect(w.status).toBe(200);
    expect(w.json.you).toBeNull();
    expect(w.json.view.hand).toBeNull();
    expect(w.json.view.secrets[0]).toBe('hidden');
    expect(w.json.legalMoves).toEqual([]);
    const asSeat = await api.call('GET', `/api/matches/${matchId}/seats/0`, { token: spectator });
    expect(asSeat.status).toBe(403);
  });

  it('renews invite links so a lost one can be replaced and the old one stops working', async () => {
    const { api } = await memoryApp();
    const created = await api.create('secret-sums', 2);
    const renewed = await api.call('POST', `/api/matches/${created.matchId}/seats/0/links`, { token: created.token });
    expect(renewed.status).toBe(200);
    expect(renewed.json.invites).toHaveLength(1);
    expect((await api.join(created.matchId, created.invites[0]!.url, 'Old')).status).toBe(403);
    expect((await api.join(created.matchId, renewed.json.invites[0].url, 'New')).status).toBe(200);
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const { api } = await memoryApp();
    const r = await api.call('GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe('3.1.0');
    const move = r.json.paths['/api/matches/{id}/seats/{seat}/moves'].post;
    expect(move.requestBody.content['application/json'].schema.required).toContain('expectedVersion');
    expect(r.json.components.schemas['Move_secret-sums']).toBeTruthy();
    const email = r.json.paths['/api/matches/{id}/seats/{seat}/notifications/email'].put;
    expect(email.requestBody.content['application/json'].schema.required).toEqual(['address']);
    expect(
      r.json.paths['/api/matches/{id}/seats/{seat}/pause'].post.requestBody.content['application/json'].schema.properties.days.maximum,
    ).toBeGreaterThan(0);
  });

  it('refuses bad create requests clearly', async () => {
    const { api } = await memoryApp();
    expect((await api.call('POST', '/api/matches', { body: { game: 'chess', seats: 2, name: 'A' } })).json.error.code).toBe('unknown-game');
    expect((await api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 9, name: 'A' } })).status).toBe(400);
    expect((await api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 5, name: 'A' } })).json.error.code).toBe(
      'invalid-seats',
    );
    expect((await api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, name: ' ' } })).status).toBe(400);
    expect(
      (await api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, name: 'A', options: { target: 1000 } } })).json.error
        .code,
    ).toBe('invalid-request');
  });
});
