/**
 * Web push end to end against a local push-service stand-in (plain HTTP on 127.0.0.1): the
 * payload is encrypted for the browser's keys (decrypted here from the RFCs), every push has TTL
 * and Topic, a 410 deletes the subscription, and 429/5xx are retried with backoff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys, decryptPush, harness, playUntilTurnOf, PUBLIC_URL, pushStandIn, type PushStandIn } from './support.js';

let service: PushStandIn;
beforeAll(async () => {
  service = await pushStandIn();
});
afterAll(() => service.close());

const forPath = (path: string) => service.requests.filter((r) => r.path === path);

describe('web push', () => {
  it('delivers an encrypted push with TTL, Topic and VAPID, holding no secret and nothing hidden', async () => {
    const h = await harness({ push: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const keys = browserKeys();
    const path = `/push/${matchId}-bob`;
    const sub = await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      body: keys.json(service.origin + path),
    });
    expect(sub.status).toBe(201);
    expect(sub.json.push.devices).toBe(1);
    expect(sub.json.channels.push).toBe(true);

    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    const got = forPath(path);
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    expect(req.headers.topic).toBe(`m${matchId}s1`);
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    const publicKey = (await h.api.call('GET', '/api/push/public-key')).json.publicKey as string;
    expect(publicKey).toBe(h.vapidKeys.publicKey);
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));

    const plain = decryptPush(req.body, keys);
    expect(req.body.includes(Buffer.from('Your move'))).toBe(false); // encrypted on the wire
    const payload = JSON.parse(plain);
    expect(payload).toEqual({
      title: 'Your move in Secret sums (test game)',
      body: expect.stringContaining('It is your move.'),
      url: `${PUBLIC_URL}/m/${matchId}`,
      tag: `match-${matchId}`,
    });
    for (const s of seats) expect(plain).not.toContain(s.token);
    // No card from anyone's hand, not even Bob's own.
    for (const s of seats) {
      const hand = (await h.api.read(matchId, s)).json.view.hand as string[];
      for (const card of hand) expect(plain).not.toMatch(new RegExp(`\\b${card}\\b`));
    }
    await h.close();
  });

  it('deletes a subscription the push service answers 410 for, and sends it nothing more', async () => {
    const h = await harness({ push: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const path = `/push/${matchId}-gone`;
    await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      body: browserKeys().json(service.origin + path),
    });
    service.answers.push({ status: 410 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(forPath(path)).toHaveLength(1);
    expect((await h.notifications(matchId, seats[1]!)).json.push.devices).toBe(0);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    const m = await h.api.read(matchId, seats[1]!);
    await h.api.move(matchId, seats[1]!, m.json.version, { kind: 'add', amount: 1 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(forPath(path)).toHaveLength(1);
    await h.close();
  });

  it('retries 429 and 5xx with backoff and delivers once; keeps the row for later when the service stays down', async () => {
    const h = await harness({ push: { attempts: 3 } });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const path = `/push/${matchId}-busy`;
    await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      body: browserKeys().json(service.origin + path),
    });
    service.answers.push({ status: 429, headers: { 'Retry-After': '2' } }, { status: 503 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(forPath(path).map(() => 1)).toHaveLength(3);
    expect(h.sleeps.slice(-2)).toEqual([2000, 1000]); // Retry-After honoured, then exponential
    expect(await h.store.pendingIntents(matchId)).toEqual([]);

    // Down for every attempt of this delivery: the claim is given back and the outbox row stays;
    // the stream record is retried and goes through once the service is back.
    const m = await h.api.read(matchId, seats[1]!);
    await h.api.move(matchId, seats[1]!, m.json.version, { kind: 'add', amount: 1 });
    service.answers.push({ status: 503 }, { status: 503 }, { status: 503 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(forPath(path)).toHaveLength(6);
    expect(await h.store.pendingIntents(matchId)).toHaveLength(1);
    await h.deliver();
    expect(forPath(path)).toHaveLength(7);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    await h.deliver();
    expect(forPath(path)).toHaveLength(7);
    await h.close();
  });

  it('gives up on a record after bounded retries, as Lambda does, and leaves the row for the sweep', async () => {
    const h = await harness({ push: { attempts: 1 } });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const path = `/push/${matchId}-down`;
    await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      body: browserKeys().json(service.origin + path),
    });
    await playUntilTurnOf(h, matchId, seats, 1);
    service.answers.push(...Array.from({ length: 6 }, () => ({ status: 503 })));
    for (let i = 0; i < 8; i++) await h.deliver();
    expect(forPath(path)).toHaveLength(6); // the first try and five retries, then no more
    expect(await h.store.pendingIntents(matchId)).toHaveLength(1);
    h.clock.advance(11 * 60 * 1000);
    expect((await h.sweep.run()).redriven).toBe(1);
    await h.deliver();
    expect(forPath(path)).toHaveLength(7);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    await h.close();
  });

  it('validates subscriptions: seat token, JSON shape, and only the browsers’ push services by default', async () => {
    const h = await harness({ push: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const url = `/api/matches/${matchId}/seats/1/notifications/push`;
    const body = browserKeys().json(`${service.origin}/push/x`);
    expect((await h.api.call('POST', url, { body })).status).toBe(401);
    expect((await h.api.call('POST', url, { body, token: seats[0]!.token })).status).toBe(403);
    const badKeys = await h.api.call('POST', url, { token: seats[1]!.token, body: { ...body, keys: { p256dh: 'abc', auth: 'def' } } });
    expect(badKeys.status).toBe(400);
    expect(badKeys.json.error.issues.map((i: { path: string }) => i.path)).toEqual(['keys.p256dh', 'keys.auth']);
    const extra = await h.api.call('POST', url, { token: seats[1]!.token, body: { ...body, note: 'x' } });
    expect(extra.status).toBe(400);
    const { isBrowserPushEndpoint } = await import('../../functions/notify/push.js');
    expect(isBrowserPushEndpoint(new URL('https://fcm.googleapis.com/fcm/send/abc'))).toBe(true);
    expect(isBrowserPushEndpoint(new URL('https://web.push.apple.com/QGx'))).toBe(true);
    expect(isBrowserPushEndpoint(new URL('https://wns2-par02p.notify.windows.com/w/?token=x'))).toBe(true);
    expect(isBrowserPushEndpoint(new URL('http://fcm.googleapis.com/fcm/send/abc'))).toBe(false);
    expect(isBrowserPushEndpoint(new URL('https://169.254.169.254/latest'))).toBe(false);
    expect(isBrowserPushEndpoint(new URL('https://fcm.googleapis.com.evil.test/x'))).toBe(false);
    expect(isBrowserPushEndpoint(new URL('https://evilfcm.googleapis.com.test/x'))).toBe(false);
    const removed = await h.api.call('DELETE', url, { token: seats[1]!.token, body: { endpoint: body.endpoint } });
    expect(removed.status).toBe(200);
    await h.close();
  });
});
