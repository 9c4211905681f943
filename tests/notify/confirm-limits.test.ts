/**
 * Caps on confirmation mails, whatever the addresses: per seat, per match and per client network
 * address. Past a cap the API answers 429 with the cap's code and Retry-After, and the real SMTP
 * listener receives nothing more; a refused request uses up no allowance.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, networkOf } from '../../functions/http/client-address.js';
import { listen } from '../../functions/local/server.js';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import { CONFIRMATION_CAPS } from '../../functions/notify/model.js';
import { harness, smtpListener, type Harness, type SmtpListener } from './support.js';

let smtp: SmtpListener;
let sender: SmtpEmailSender;

beforeAll(async () => {
  smtp = await smtpListener();
  sender = new SmtpEmailSender(smtp.url);
});
afterAll(async () => {
  sender.close();
  await smtp.close();
});

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
/** The window is the UTC day: from 09:00 the next one starts in 15 hours. */
const UNTIL_MIDNIGHT_S = 15 * 3600;

const ask = (h: Harness, matchId: string, s: { seat: number; token: string }, address: string) =>
  h.api.call('PUT', `/api/matches/${matchId}/seats/${s.seat}/notifications/email`, { token: s.token, body: { address } });

const mailed = (address: string) => smtp.recipients.filter((r) => r === address).length;

describe('confirmation mail caps', () => {
  it('has caps by default', () => {
    expect(CONFIRMATION_CAPS).toEqual({ seat: 3, match: 8, client: 10 });
  });

  it('per seat: a seat that asked for its allowance of confirmation mails gets a 429 and nothing is sent', async () => {
    const h = await harness({ email: sender, start: T0, confirmationCaps: { seat: 2, match: 10, client: 10 } });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    expect((await ask(h, matchId, seats[1]!, 'seat-a@example.test')).status).toBe(202);
    expect((await ask(h, matchId, seats[1]!, 'seat-b@example.test')).status).toBe(202);
    const third = await ask(h, matchId, seats[1]!, 'seat-c@example.test');
    expect(third.status).toBe(429);
    expect(third.json.error.code).toBe('confirmation-limit-seat');
    expect(third.json.error.message).toBe(
      'This seat has asked for 2 confirmation mails today, the most we send. Use the link in one of them, or try again in about 15 hours.',
    );
    expect(third.headers.get('Retry-After')).toBe(String(UNTIL_MIDNIGHT_S));
    expect(mailed('seat-c@example.test')).toBe(0);
    // The seat's email settings did not change either.
    expect((await h.notifications(matchId, seats[1]!)).json.email.address).toBe('seat-b@example.test');
    // The other seat has its own allowance; the next day the seat has a new one.
    expect((await ask(h, matchId, seats[0]!, 'seat-d@example.test')).status).toBe(202);
    h.clock.now = T0 + UNTIL_MIDNIGHT_S * 1000;
    expect((await ask(h, matchId, seats[1]!, 'seat-c@example.test')).status).toBe(202);
    expect(mailed('seat-c@example.test')).toBe(1);
    await h.close();
  });

  it('per match: the seats of one match share a cap; another match is not affected', async () => {
    const h = await harness({ email: sender, start: T0, confirmationCaps: { seat: 5, match: 3, client: 10 } });
    const { matchId, seats } = await h.started(3, {}, ['Ann', 'Bob', 'Cy']);
    expect((await ask(h, matchId, seats[0]!, 'match-a@example.test')).status).toBe(202);
    expect((await ask(h, matchId, seats[0]!, 'match-b@example.test')).status).toBe(202);
    expect((await ask(h, matchId, seats[1]!, 'match-c@example.test')).status).toBe(202);
    const fourth = await ask(h, matchId, seats[2]!, 'match-d@example.test');
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe('confirmation-limit-match');
    expect(fourth.json.error.message).toContain('This match has had 3 confirmation mails today');
    expect(fourth.headers.get('Retry-After')).toBe(String(UNTIL_MIDNIGHT_S));
    expect(mailed('match-d@example.test')).toBe(0);
    const other = await h.started(2, {}, ['Dee', 'Eve']);
    expect((await ask(h, other.matchId, other.seats[1]!, 'match-d@example.test')).status).toBe(202);
    await h.close();
  });

  it('a request refused for its address (mailed less than a day ago) uses up no allowance', async () => {
    const h = await harness({ email: sender, start: T0, confirmationCaps: { seat: 2, match: 10, client: 10 } });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    expect((await ask(h, matchId, seats[1]!, 'refused-a@example.test')).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      const refused = await ask(h, matchId, seats[0]!, 'refused-a@example.test');
      expect(refused.json.error.code).toBe('confirmation-limit');
      expect(refused.headers.get('Retry-After')).toBe(String(24 * 3600));
    }
    expect((await ask(h, matchId, seats[0]!, 'refused-b@example.test')).status).toBe(202);
    await h.close();
  });

  it('per client address: over the real local server (socket address) and on Lambda (the viewer address CloudFront passes on)', async () => {
    const h = await harness({ email: sender, start: T0, confirmationCaps: { seat: 5, match: 5, client: 3 } });
    const server = await listen(h.app, 0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const a = await h.started(2, {}, ['Ann', 'Bob']);
      const b = await h.started(2, {}, ['Cy', 'Dee']);
      const viaSocket = (m: { matchId: string; seats: { seat: number; token: string }[] }, seat: number, address: string) =>
        fetch(`${base}/api/matches/${m.matchId}/seats/${seat}/notifications/email`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${m.seats[seat]!.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ address }),
        });
      expect((await viaSocket(a, 0, 'client-a@example.test')).status).toBe(202);
      expect((await viaSocket(a, 1, 'client-b@example.test')).status).toBe(202);
      expect((await viaSocket(b, 0, 'client-c@example.test')).status).toBe(202);
      const refused = await viaSocket(b, 1, 'client-d@example.test');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe(String(UNTIL_MIDNIGHT_S));
      const body = (await refused.json()) as { error: { code: string; message: string; key: string } };
      expect(body.error).toEqual({
        code: 'confirmation-limit-client',
        message: 'Too many confirmation mails were asked for from your network today. Try again in about 15 hours.',
        key: 'error.confirmation-limit-client',
        params: { count: 3, hours: 15 },
      });
      expect(mailed('client-d@example.test')).toBe(0);

      // On Lambda: API Gateway's event in the env, the viewer address from the edge function.
      const c = await h.started(2, {}, ['Fay', 'Gus']);
      const d = await h.started(2, {}, ['Hal', 'Ida']);
      const viaLambda = (m: typeof c, seat: number, address: string, viewer: string) =>
        h.app.request(
          `/api/matches/${m.matchId}/seats/${seat}/notifications/email`,
          {
            method: 'PUT',
            headers: { Authorization: `Bearer ${m.seats[seat]!.token}`, 'Content-Type': 'application/json', 'x-viewer-address': viewer },
            body: JSON.stringify({ address }),
          },
          { event: { requestContext: { http: { sourceIp: '130.176.0.1' } } } },
        );
      expect((await viaLambda(c, 0, 'edge-a@example.test', '2001:db8:1:2::5')).status).toBe(202);
      expect((await viaLambda(c, 1, 'edge-b@example.test', '2001:db8:1:2:ffff::9')).status).toBe(202); // same /64
      expect((await viaLambda(d, 0, 'edge-c@example.test', '2001:db8:1:2::77')).status).toBe(202);
      expect((await viaLambda(d, 1, 'edge-d@example.test', '2001:db8:1:2::78')).status).toBe(429);
      expect(mailed('edge-d@example.test')).toBe(0);
      // Another viewer behind the same CloudFront edge is not held back.
      expect((await viaLambda(d, 1, 'edge-d@example.test', '198.51.100.7')).status).toBe(202);
    } finally {
      await new Promise<void>((res) => server.close(() => res()));
      await h.close();
    }
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it('knows no address when the runtime tells none', async () => {
    const { Hono } = await import('hono');
    const app = new Hono().get('/', (c) => c.text(String(clientAddressOf(c))));
    expect(await (await app.request('/')).text()).toBe('null');
  });
});
