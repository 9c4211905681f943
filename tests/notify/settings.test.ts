/** The per-seat notification settings API: authentication, validation, channel switches. */
import { describe, expect, it } from 'vitest';
import { DevOutbox } from '../../functions/notify/email.js';
import { browserKeys, confirmedEmail, harness, playUntilTurnOf, pushStandIn } from './support.js';

describe('notification settings API', () => {
  it('needs the seat’s own token and validates every body', async () => {
    const outbox = new DevOutbox({ announce: () => undefined });
    const h = await harness({ email: outbox });
    const { matchId, seats } = await h.started(2);
    const url = `/api/matches/${matchId}/seats/1/notifications`;
    expect((await h.api.call('GET', url)).status).toBe(401);
    expect((await h.api.call('GET', url, { token: 'x'.repeat(43) })).status).toBe(403);
    expect((await h.api.call('GET', url, { token: seats[0]!.token })).status).toBe(403);
    expect((await h.api.call('GET', `/api/matches/${matchId}/seats/9/notifications`, { token: seats[1]!.token })).status).toBe(400);
    expect((await h.api.call('GET', `/api/matches/nope/seats/1/notifications`, { token: seats[1]!.token })).status).toBe(400);

    const fresh = await h.api.call('GET', url, { token: seats[1]!.token });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toEqual({
      channels: { email: false, push: false },
      email: null,
      emailAvailable: true,
      push: { devices: 0, available: false },
      pause: { pausedUntil: null, budgetLeftMs: 14 * 24 * 3600 * 1000 },
      time: { zone: null, quiet: null },
    });

    const put = (body: unknown) => h.api.call('PUT', `${url}/email`, { token: seats[1]!.token, body });
    expect((await put({ address: 'not an address' })).status).toBe(400);
    expect((await put({ address: 'a@b.test', cc: 'c@d.test' })).status).toBe(400);
    expect((await put({ address: `${'a'.repeat(250)}@b.test` })).status).toBe(400);
    expect(
      (
        await h.api.call('PUT', `${url}/email`, {
          token: seats[1]!.token,
          raw: 'address=a@b.test',
          headers: { 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
    expect((await h.api.call('PATCH', url, { token: seats[1]!.token, body: { sms: true } })).status).toBe(400);
    expect(outbox.list()).toEqual([]);
    // No VAPID keys on this server: push is refused up front.
    const push = await h.api.call('POST', `${url}/push`, {
      token: seats[1]!.token,
      body: browserKeys().json('https://fcm.googleapis.com/fcm/send/x'),
    });
    expect(push.status).toBe(503);
    expect((await h.api.call('GET', '/api/push/public-key')).status).toBe(404);
    await h.close();
  });

  it('channel switches, changing and removing the address take effect on the next notice', async () => {
    const outbox = new DevOutbox({ announce: () => undefined });
    const service = await pushStandIn();
    const h = await harness({ email: outbox, push: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const url = `/api/matches/${matchId}/seats/1/notifications`;
    const address = `bob-${matchId}@example.test`;
    const firstLink = await confirmedEmail(h, matchId, seats[1]!, address, () =>
      outbox
        .list()
        .map((m) => m.text)
        .join('\n'),
    );
    await h.api.call('POST', `${url}/push`, { token: seats[1]!.token, body: browserKeys().json(`${service.origin}/p/${matchId}`) });

    // Email off, push on: only a push.
    const off = await h.api.call('PATCH', url, { token: seats[1]!.token, body: { email: false } });
    expect(off.json.channels).toEqual({ email: false, push: true });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    const mails = () => outbox.list().filter((m) => m.to === address && m.subject.startsWith('Your move')).length;
    const pushes = () => service.requests.filter((r) => r.path === `/p/${matchId}`).length;
    expect([mails(), pushes()]).toEqual([0, 1]);

    // Both on: one of each.
    await h.api.call('PATCH', url, { token: seats[1]!.token, body: { email: true, push: true } });
    const m = await h.api.read(matchId, seats[1]!);
    await h.api.move(matchId, seats[1]!, m.json.version, { kind: 'add', amount: 1 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect([mails(), pushes()]).toEqual([1, 2]);

    // A new address is unconfirmed again: no mail to it (nor to the old one) until confirmed.
    const other = `bob2-${matchId}@example.test`;
    const changed = await h.api.call('PUT', `${url}/email`, { token: seats[1]!.token, body: { address: other } });
    expect(changed.status).toBe(202);
    expect(changed.json.email).toEqual({ address: other, state: 'pending' });
    // The old address's confirmation link cannot confirm the new address.
    const stale = await h.app.request(firstLink.replace('http://dutch.test', ''), { method: 'POST' });
    expect(stale.status).toBe(409);
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('pending');
    const removed = await h.api.call('DELETE', `${url}/email`, { token: seats[1]!.token });
    expect(removed.json.email).toBeNull();
    const m2 = await h.api.read(matchId, seats[1]!);
    await h.api.move(matchId, seats[1]!, m2.json.version, { kind: 'add', amount: 1 });
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(outbox.list().filter((x) => x.subject.startsWith('Your move')).length).toBe(1);
    expect(pushes()).toBe(3);
    await service.close();
    await h.close();
  });
});
