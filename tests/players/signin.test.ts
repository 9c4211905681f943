/**
 * Signing in by an email link (issue 16), on DynamoDB Local with the real SMTP listener: one mail with a
 * single-use link whose secret is stored only as a hash; the link's page signs in on POST only; the
 * session is an HttpOnly __Host- cookie; sign out, sign out everywhere, sessions listed and revoked;
 * used, expired and revoked links refused; the same answer for any address; the hourly caps (per address
 * and per network; none for the whole site, which anyone could fill).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sha256 } from '../../functions/matches/tokens.js';
import { harness, mailAndPush, type Harness } from '../notify/support.js';
import { Device, signIn, signInLinks } from './support.js';

const io = mailAndPush();
let h: Harness;

/** Asks for a sign-in link from a client network: the harness's app has no socket, so the address comes from the Lambda event's shape. */
const ask = (address: string, ip: string) =>
  h.app.request(
    '/api/session/link',
    {
      method: 'POST',
      headers: { Origin: 'http://dutch.test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ address }),
    },
    { event: { requestContext: { http: { sourceIp: ip } } } },
  );
afterEach(async () => h?.close());

const start = Date.UTC(2026, 0, 5, 9, 0, 0);
const open = (players: NonNullable<Parameters<typeof harness>[0]>['players'] = true) => harness({ email: io.sender, start, players });

async function tableText(hh: Harness): Promise<string> {
  const out = await hh.table.doc.send(new ScanCommand({ TableName: hh.table.tableName }));
  return JSON.stringify(out.Items ?? []);
}

describe('signing in by an email link', () => {
  it('mails one single-use link (256-bit, hash stored), signs in on POST only, with an HttpOnly __Host- cookie', async () => {
    h = await open();
    const laptop = new Device(h);
    const asked = await laptop.call('POST', '/api/session/link', { body: { address: 'ann@example.test' } });
    expect(asked.status).toBe(202);
    const links = signInLinks(io.smtp, 'ann@example.test');
    expect(links).toHaveLength(1);
    const secret = new URL(`http://x${links[0]}`).searchParams.get('t')!;
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const stored = await tableText(h);
    expect(stored).not.toContain(secret);
    expect(stored).toContain(sha256(secret));

    // A mail scanner's GET neither signs in nor uses the link; the page says which device it signs in.
    const phone = new Device(h, 'Phone browser');
    const page = await phone.call('GET', links[0]!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('this device');
    expect(phone.cookie).toBeNull();
    expect((await phone.call('GET', links[0]!)).status).toBe(200);

    const done = await phone.call('POST', links[0]!);
    expect(done.status).toBe(200);
    expect(done.text).toContain('This device is now signed in');
    const set = done.headers.get('Set-Cookie')!;
    // The same attributes in any order (hono/cookie writes them), and no others (no Domain, no Expires).
    const [pair, ...attributes] = set.split('; ');
    expect(pair).toMatch(/^__Host-session=[^;]+$/);
    expect(attributes.map((a) => a.replace(/=\d+$/, '=N')).sort()).toEqual([
      'HttpOnly',
      'Max-Age=N',
      'Path=/',
      'SameSite=Strict',
      'Secure',
    ]);
    expect(stored).not.toContain(phone.cookie!.split('.').at(-1));
    // The phone that opened the link is signed in; the laptop that asked is not.
    expect((await phone.call('GET', '/api/session')).json.player.address).toBe('ann@example.test');
    expect((await laptop.call('GET', '/api/session')).json.player).toBeNull();

    // Used: refused, on any device.
    expect((await laptop.call('POST', links[0]!)).status).toBe(410);
    expect((await laptop.call('GET', links[0]!)).status).toBe(410);
    expect(laptop.cookie).toBeNull();
  });

  it('refuses an expired link, and a malformed one', async () => {
    h = await open();
    const d = new Device(h);
    await d.call('POST', '/api/session/link', { body: { address: 'late@example.test' } });
    const [link] = signInLinks(io.smtp, 'late@example.test');
    h.clock.advance(15 * 60 * 1000);
    expect((await d.call('GET', link!)).status).toBe(410);
    expect((await d.call('POST', link!)).status).toBe(410);
    expect(d.cookie).toBeNull();
    const bad = await d.call('POST', '/api/session/open?t=short');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid-request');
  });

  it('gives the same answer whether or not the address has a record', async () => {
    h = await open();
    await signIn(new Device(h), io.smtp, 'known@example.test');
    const d = new Device(h);
    const known = await d.call('POST', '/api/session/link', { body: { address: 'known@example.test' } });
    const unknown = await d.call('POST', '/api/session/link', { body: { address: 'stranger@example.test' } });
    expect(known.status).toBe(unknown.status);
    expect(known.text).toBe(unknown.text);
    const bad = await d.call('POST', '/api/session/link', { body: { address: 'not an address' } });
    expect(bad.status).toBe(400);
  });

  it('refuses state-changing requests without this site’s Origin', async () => {
    h = await open();
    const d = new Device(h);
    const none = await d.call('POST', '/api/session/link', { body: { address: 'x@example.test' }, origin: null });
    expect(none.status).toBe(403);
    expect(none.json.error.code).toBe('cross-site');
    const other = await d.call('POST', '/api/session/link', { body: { address: 'x@example.test' }, origin: 'https://evil.test' });
    expect(other.status).toBe(403);
    expect(signInLinks(io.smtp, 'x@example.test')).toHaveLength(0);
    // A link pressed from another site (login CSRF) signs nobody in.
    await signIn(new Device(h), io.smtp, 'y@example.test');
    await d.call('POST', '/api/session/link', { body: { address: 'y@example.test' } });
    const link = signInLinks(io.smtp, 'y@example.test').at(-1)!;
    expect((await d.call('POST', link, { origin: 'https://evil.test' })).status).toBe(403);
    expect(d.cookie).toBeNull();
    expect((await d.call('POST', link)).status).toBe(200);
  });
});

describe('races', () => {
  it('one link pressed twice at once signs in once; two first sign-ins at once make one player', async () => {
    h = await open();
    const d = new Device(h);
    await d.call('POST', '/api/session/link', { body: { address: 'race@example.test' } });
    await d.call('POST', '/api/session/link', { body: { address: 'race@example.test' } });
    const [l1, l2] = signInLinks(io.smtp, 'race@example.test');
    const a = new Device(h);
    const b = new Device(h);
    const both = await Promise.all([a.call('POST', l1!), b.call('POST', l1!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    // The second link, on a third device, at the same time as nothing else: the same player.
    const c = new Device(h);
    expect((await c.call('POST', l2!)).status).toBe(200);
    const winner = a.cookie ? a : b;
    const ids = await Promise.all([winner, c].map(async (x) => (await x.call('GET', '/api/session')).json.player.id));
    expect(ids[0]).toBe(ids[1]);

    const e = new Device(h);
    await e.call('POST', '/api/session/link', { body: { address: 'twin@example.test' } });
    await e.call('POST', '/api/session/link', { body: { address: 'twin@example.test' } });
    const [t1, t2] = signInLinks(io.smtp, 'twin@example.test');
    const [x, y] = [new Device(h), new Device(h)];
    const opened = await Promise.all([x.call('POST', t1!), y.call('POST', t2!)]);
    expect(opened.map((r) => r.status)).toEqual([200, 200]);
    const twins = await Promise.all([x, y].map(async (z) => (await z.call('GET', '/api/session')).json.player.id));
    expect(twins[0]).toBe(twins[1]);
  });
});

describe('sessions', () => {
  it('ends a session after 30 days', async () => {
    h = await open();
    const d = new Device(h);
    await signIn(d, io.smtp, 'month@example.test');
    h.clock.advance(30 * 24 * 3600 * 1000 - 1);
    expect((await d.call('GET', '/api/me/sessions')).status).toBe(200);
    h.clock.advance(1);
    expect((await d.call('GET', '/api/me/sessions')).status).toBe(401);
  });

  it('lists sessions, revokes one, signs out, and signs out everywhere (voiding links sent before)', async () => {
    h = await open();
    const a = new Device(h, 'Laptop');
    const b = new Device(h, 'Phone');
    const c = new Device(h, 'Tablet');
    await signIn(a, io.smtp, 'sam@example.test');
    h.clock.advance(1000);
    await signIn(b, io.smtp, 'sam@example.test');
    h.clock.advance(1000);
    await signIn(c, io.smtp, 'sam@example.test');
    const list = await a.call('GET', '/api/me/sessions');
    expect(list.json.sessions.map((s: { device: string }) => s.device)).toEqual(['Tablet', 'Phone', 'Laptop']);
    expect(list.json.sessions.filter((s: { current: boolean }) => s.current).map((s: { device: string }) => s.device)).toEqual(['Laptop']);

    const phone = list.json.sessions.find((s: { device: string }) => s.device === 'Phone').id;
    expect((await a.call('DELETE', `/api/me/sessions/${phone}`)).status).toBe(204);
    expect((await b.call('GET', '/api/me/sessions')).status).toBe(401);
    expect((await a.call('DELETE', `/api/me/sessions/${phone}`)).status).toBe(404);

    expect((await c.call('DELETE', '/api/session')).status).toBe(204);
    expect(c.cookie).toBeNull();

    // A link asked for before "sign out everywhere" no longer works afterwards.
    await a.call('POST', '/api/session/link', { body: { address: 'sam@example.test' } });
    const pending = signInLinks(io.smtp, 'sam@example.test').at(-1)!;
    const kept = a.cookie;
    h.clock.advance(1000);
    expect((await a.call('POST', '/api/session/everywhere')).status).toBe(204);
    const again = new Device(h);
    again.cookie = kept;
    expect((await again.call('GET', '/api/me/sessions')).status).toBe(401);
    expect((await new Device(h).call('POST', pending)).status).toBe(410);
    // A new link works (in the next hour: this address has had its hourly allowance).
    h.clock.advance(3600 * 1000);
    const fresh = new Device(h);
    await signIn(fresh, io.smtp, 'sam@example.test');
    expect((await fresh.call('GET', '/api/me/sessions')).json.sessions).toHaveLength(1);
  });

  it('answers 401 without a session and ignores a forged cookie', async () => {
    h = await open();
    const d = new Device(h);
    expect((await d.call('GET', '/api/me/matches')).status).toBe(401);
    d.cookie = '__Host-session=abc.def.ghi';
    const r = await d.call('GET', '/api/me/matches');
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('not-signed-in');
  });
});

describe('caps on sign-in mails', () => {
  const caps = { address: 2, client: 3 };

  it('per address: 429 in our words with Retry-After, no mail, and the next hour allows again', async () => {
    h = await open({ signInCaps: caps });
    const d = new Device(h);
    for (let i = 0; i < 2; i++)
      expect((await d.call('POST', '/api/session/link', { body: { address: 'cap@example.test' } })).status).toBe(202);
    const third = await d.call('POST', '/api/session/link', { body: { address: 'cap@example.test' } });
    expect(third.status).toBe(429);
    expect(third.json.error.code).toBe('signin-limit-address');
    expect(third.json.error.message).toBe(
      'We have sent this address all the sign-in links it gets in one hour. Use the newest one in your inbox, or wait: Try again in about 60 minutes.',
    );
    expect(third.headers.get('Retry-After')).toBe('3600');
    expect(signInLinks(io.smtp, 'cap@example.test')).toHaveLength(2);
    h.clock.advance(3600 * 1000);
    expect((await d.call('POST', '/api/session/link', { body: { address: 'cap@example.test' } })).status).toBe(202);
  });

  it('many networks asking at their cap lock no one else out: a fresh network and address still get a link (issue 25)', async () => {
    // The real caps: once, 20 networks at 10 mails each filled a counter for the whole site.
    h = await open();
    const network = async (net: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await ask(`n${net}-${i}@example.test`, `10.1.${net}.1`)).status);
      return statuses;
    };
    const sent = await Promise.all(Array.from({ length: 21 }, (_, n) => network(n + 1)));
    expect(sent.flat().filter((s) => s !== 202)).toEqual([]);
    // Each network is held at its own cap …
    const eleventh = await ask('n1-extra@example.test', '10.1.1.1');
    expect(eleventh.status).toBe(429);
    expect(((await eleventh.json()) as { error: { code: string } }).error.code).toBe('signin-limit-client');
    // … and someone new on another network signs in as ever.
    const d = new Device(h);
    await signIn(d, io.smtp, 'newcomer@example.test');
    expect((await d.call('GET', '/api/session')).json.player.address).toBe('newcomer@example.test');
    const items = await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }));
    expect((items.Items ?? []).filter((i) => String(i.pk).startsWith('RL#signin#site'))).toEqual([]);
  });

  it('per client network', async () => {
    h = await open({ signInCaps: caps });
    const d = new Device(h);
    for (let i = 0; i < 3; i++) expect((await ask(`c${i}@example.test`, '10.0.0.1')).status).toBe(202);
    const client = await ask('c9@example.test', '10.0.0.1');
    expect(client.status).toBe(429);
    expect(((await client.json()) as { error: { code: string } }).error.code).toBe('signin-limit-client');
    expect(signInLinks(io.smtp, 'c9@example.test')).toHaveLength(0);
    expect((await ask('d1@example.test', '10.0.0.2')).status).toBe(202);
    expect(d.cookie).toBeNull();
  });
});
