/**
 * Chat-app webhooks end to end (issue 29), against a local HTTPS endpoint standing in for Discord, Slack and a
 * signed-JSON receiver (./webhook-support.ts: a certificate made in the test, trusted by this sender only).
 * The names resolve, through an injected resolver, to the stand-in's loopback address, the one address the
 * test sender may use although it is not public. The app and the dispatcher run on the in-memory stores
 * (held to the same contracts as DynamoDB: tests/contracts/), with one clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { CLAIM_LEASE_MS, Dispatcher, SimulatedCrash } from '../../functions/notify/dispatcher.js';
import { PAUSE_AFTER_FAILURES } from '../../functions/notify/webhooks.js';
import { HttpsWebhookSender, type Resolver } from '../../functions/notify/webhook-send.js';
import { checkWebhookUrl, isPublicAddress } from '../../functions/notify/webhook-hosts.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { MemoryWebhookStore } from '../../functions/storage/memory/webhooks.js';
import { client, type Json, toCountPhase } from '../support/app.js';
import { secretSums } from '../support/test-game.js';
import { type Receiver, receiver } from './webhook-support.js';

const DISCORD = 'https://discord.com/api/webhooks/1234567890/tok-en_1';
const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX';
const GENERIC = 'https://hooks.example.org/dutch/in';
const LOOPBACK = '127.0.0.1';

let stand: Receiver;
beforeAll(async () => {
  stand = await receiver(['discord.com', 'hooks.slack.com', 'hooks.example.org', 'inside.example.org']);
});
afterAll(() => stand.close());

/** The test's DNS: the stand-in's names point at its loopback address; `inside.example.org` points at the cloud's metadata service. */
const names: Record<string, string[]> = {
  'discord.com': [LOOPBACK],
  'hooks.slack.com': [LOOPBACK],
  'hooks.example.org': [LOOPBACK],
  'inside.example.org': ['169.254.169.254'],
  'mixed.example.org': ['93.184.215.14', '10.0.0.7'],
  'six.example.org': ['fd00::1'],
};
const resolve: Resolver = async (host) => (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

function setup() {
  const memory = new MemoryTable();
  const clock = { now: Date.UTC(2026, 10, 28, 9) };
  const notify = new MemoryNotifyStore(memory);
  const matches = new MemoryMatchStore(memory);
  const hooks = new MemoryWebhookStore(memory);
  const sender = new HttpsWebhookSender({
    resolve,
    timeoutMs: 5000,
    testOnly: { ca: stand.ca, port: stand.port, permit: (a) => a === LOOPBACK },
  });
  const games = new Map([[secretSums.id, secretSums]]);
  const app = createApp({
    store: matches,
    games,
    clock: () => clock.now,
    publicUrl: 'http://dutch.test',
    notifications: { store: notify, clock: () => clock.now },
    webhooks: { store: hooks, sender },
  });
  const dispatcher = (faults?: { afterSend?: () => void }) =>
    new Dispatcher({
      store: notify,
      matches,
      games,
      publicUrl: 'http://dutch.test',
      clock: () => clock.now,
      webhooks: { store: hooks, sender },
      log: () => undefined,
      ...(faults ? { faults } : {}),
    });
  return { app, api: client(app), clock, notify, hooks, dispatcher };
}

type Setup = ReturnType<typeof setup>;

async function match(s: Setup) {
  const started = await s.api.started('secret-sums', 2, { target: 30 });
  const base = (seat: number) => `/api/matches/${started.matchId}/seats/${seat}/webhooks`;
  const token = (seat: number) => started.seats[seat]!.token;
  const add = (seat: number, url: string, extra: Json = {}) =>
    s.api.call('POST', base(seat), { token: token(seat), body: { url, ...extra } });
  return { ...started, base, token, add };
}

/** Delivers every notice still in the outbox, once. */
async function deliverAll(s: Setup, matchId: string, d = s.dispatcher()) {
  const out = [];
  for (const intent of await s.notify.pendingIntents(matchId)) out.push(await d.dispatch(intent));
  return out;
}

const since = (n: number) => stand.received.slice(n);

/**
 * A receiver of signed notices written from docs/notifications.md ("Webhooks") alone: split the header into
 * `t` and `v1`, HMAC-SHA256 of `${t}.${raw body}` with the secret, compare in constant time, refuse a
 * timestamp more than five minutes from now, and drop a `Dutch-Delivery` id already seen.
 */
function documentedReceiver(secret: string, nowSeconds: () => number) {
  const seen = new Set<string>();
  return (headers: Record<string, string | string[] | undefined>, rawBody: string): 'accepted' | 'duplicate' | 'refused' => {
    const header = String(headers['dutch-signature'] ?? '');
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds() - t) > 300) return 'refused';
    const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
    const given = Buffer.from(parts.v1, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'refused';
    const id = String(headers['dutch-delivery']);
    if (seen.has(id)) return 'duplicate';
    seen.add(id);
    return 'accepted';
  };
}

describe('webhooks: each service in its own format', () => {
  it("Discord embeds, Slack blocks and signed JSON, each in its webhook's language, with nothing hidden", async () => {
    const s = setup();
    const m = await match(s);
    const discord = await m.add(0, DISCORD, { lang: 'nl' });
    expect(discord.status).toBe(201);
    expect(discord.json.secret).toBeNull();
    s.clock.now += 1000;
    expect(discord.json.webhook).toMatchObject({ kind: 'discord', scope: 'seat', host: 'discord.com' });
    expect(JSON.stringify(discord.json)).not.toContain('tok-en_1');
    expect((await m.add(1, SLACK, { scope: 'match', lang: 'en' })).json.webhook).toMatchObject({ kind: 'slack', scope: 'match' });
    s.clock.now += 1000;
    const signed = await m.add(0, GENERIC, { lang: 'en' });
    expect(signed.json.secret).toMatch(/^whsec_/);
    const listed = await s.api.call('GET', m.base(0), { token: m.token(0) });
    expect(listed.json.webhooks.map((w: Json) => w.kind)).toEqual(['discord', 'slack', 'signed']);
    expect(JSON.stringify(listed.json)).not.toContain(signed.json.secret);

    // The start (every seat's notice; the match's channel hears it once), then the count phase: both seats seal a
    // secret, and seat 0's turn comes. Seat 1's sealed move reads "committed 3" for seat 1 only; cards are never shown.
    const hands: string[] = [];
    for (const seat of m.seats) hands.push(...((await s.api.read(m.matchId, seat)).json.view.hand as string[]));
    expect(hands.length).toBeGreaterThan(0);
    const before = stand.received.length;
    await deliverAll(s, m.matchId);
    await toCountPhase(s.api, m.matchId, m.seats);
    await deliverAll(s, m.matchId);
    const got = since(before);
    for (const r of got) {
      expect(r.body).not.toMatch(/committed [0-9]/);
      for (const card of hands) expect(r.body).not.toMatch(new RegExp(`\\b${card}\\b`));
    }
    const byPath = (p: string) => got.filter((r) => r.path.startsWith(p)).map((r) => ({ ...r, json: JSON.parse(r.body) }));
    const discords = byPath('/api/webhooks/');
    expect(discords.map((d) => d.json.embeds[0].title)).toEqual([
      'Secret sums (test game) is begonnen',
      'Jij bent aan zet in Secret sums (test game)',
    ]);
    for (const d of discords) {
      expect(d.json.allowed_mentions).toEqual({ parse: [] });
      expect(d.json.embeds[0]).toMatchObject({ url: `http://dutch.test/m/${m.matchId}` });
      expect(d.headers['dutch-signature']).toBeUndefined();
    }
    const slack = byPath('/services/');
    expect(slack.map((x) => x.json.text)).toEqual(['Secret sums (test game) has started', 'Your move in Secret sums (test game)']);
    for (const sl of slack) {
      expect(sl.json.blocks[0]).toMatchObject({ type: 'header' });
      expect(sl.json.blocks.at(-1)).toMatchObject({
        type: 'actions',
        elements: [{ type: 'button', url: `http://dutch.test/m/${m.matchId}` }],
      });
    }
    // On the match's channel, a seat's own notice says whose it is; the start, everyone's, does not.
    expect(slack.map((x) => x.json.blocks.find((b: Json) => b.type === 'context')?.elements[0].text ?? null)).toEqual([
      null,
      expect.stringMatching(/^For \S/),
    ]);
    const verify = documentedReceiver(signed.json.secret, () => Math.floor(s.clock.now / 1000));
    for (const g of byPath('/dutch/in')) {
      expect(g.json).toMatchObject({ type: 'notice', match: m.matchId, webhook: signed.json.webhook.id, lang: 'en', seat: 0 });
      expect(verify(g.headers, g.body)).toBe('accepted');
      // Replayed later, or with the body changed, the documented checks refuse it.
      expect(documentedReceiver(signed.json.secret, () => Math.floor(s.clock.now / 1000) + 301)(g.headers, g.body)).toBe('refused');
      expect(
        documentedReceiver(signed.json.secret, () => Math.floor(s.clock.now / 1000))(g.headers, g.body.replace('notice', 'notiCe')),
      ).toBe('refused');
    }
  });

  it('a test message goes out at once, a few an hour; pause, resume and remove work for the seat and its match', async () => {
    const s = setup();
    const m = await match(s);
    const hook = (await m.add(0, GENERIC, { scope: 'match' })).json;
    const url = `${m.base(1)}/${hook.webhook.id}`;
    const before = stand.received.length;
    const tested = await s.api.call('POST', `${url}/test`, { token: m.token(1) });
    expect(tested.json).toEqual({ ok: true, status: 200, reason: null });
    expect(JSON.parse(since(before)[0]!.body)).toMatchObject({
      type: 'test',
      webhook: hook.webhook.id,
      title: 'Dutch can reach this channel',
    });
    for (let i = 1; i < 5; i++) expect((await s.api.call('POST', `${url}/test`, { token: m.token(1) })).status).toBe(200);
    const limited = await s.api.call('POST', `${url}/test`, { token: m.token(1) });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('webhook-test-limit');
    const paused = await s.api.call('PUT', `${url}/paused`, { token: m.token(1), body: { paused: true } });
    expect(paused.json.paused).toMatchObject({ reason: 'owner' });
    const resumed = await s.api.call('PUT', `${m.base(0)}/${hook.webhook.id}/paused`, { token: m.token(0), body: { paused: false } });
    expect(resumed.status, JSON.stringify(resumed.json)).toBe(200);
    expect(resumed.json.paused).toBeNull();
    // Seat 1 cannot reach seat 0's own webhook.
    const own = (await m.add(0, DISCORD)).json.webhook.id;
    expect((await s.api.call('DELETE', `${m.base(1)}/${own}`, { token: m.token(1) })).status).toBe(404);
    expect((await s.api.call('DELETE', `${m.base(0)}/${own}`, { token: m.token(0) })).json.webhooks).toHaveLength(1);
    // The cap: three per owner.
    for (let i = 0; i < 3; i++) await m.add(1, `${GENERIC}/${i}`);
    const full = await m.add(1, `${GENERIC}/4`);
    expect(full.status).toBe(409);
    expect(full.json.error.code).toBe('too-many-webhooks');
  });
});

describe('webhooks: at least once, without duplicates', () => {
  it('a crash mid-send: nothing again while the lease runs; after it, once more with the same delivery id, dropped by the receiver', async () => {
    const s = setup();
    const m = await match(s);
    const signed = (await m.add(0, GENERIC)).json;
    const verify = documentedReceiver(signed.secret, () => Math.floor(s.clock.now / 1000));
    // The match's start is in the outbox for seat 0 (its notice "your turn" is still to go).
    const before = stand.received.length;
    let crashes = 0;
    const crashing = s.dispatcher({
      afterSend: () => {
        crashes++;
        throw new SimulatedCrash();
      },
    });
    await expect(deliverAll(s, m.matchId, crashing)).rejects.toBeInstanceOf(SimulatedCrash);
    expect(crashes).toBe(1);
    expect(since(before)).toHaveLength(1);

    // Restarted at once: the claim is within its lease, so nothing goes twice and the notice stays in the outbox.
    const again = await deliverAll(s, m.matchId);
    expect(again.flatMap((o) => o.deliveries)).toContainEqual({ channel: `webhook:${signed.webhook.id}`, delivery: 'in-flight' });
    expect(since(before)).toHaveLength(1);

    // After the lease, it is taken over and sent again, with the same delivery id; then never again.
    s.clock.now += CLAIM_LEASE_MS + 1;
    await deliverAll(s, m.matchId);
    await deliverAll(s, m.matchId);
    const got = since(before);
    expect(got).toHaveLength(2);
    expect(got[0]!.headers['dutch-delivery']).toBe(got[1]!.headers['dutch-delivery']);
    expect(got.map((r) => verify(r.headers, r.body))).toEqual(['accepted', 'duplicate']);
  });
});

describe('webhooks: where the server will not post', () => {
  it('refuses plain http, foreign hosts for Discord and Slack, and private or special addresses when added', async () => {
    const s = setup();
    const m = await match(s);
    const refused = async (url: string, reason: string) => {
      const r = await m.add(0, url);
      expect(r.status, url).toBe(400);
      expect(r.json.error.code).toBe('webhook-address');
      expect(r.json.error.key).toBe(`error.webhook-address.${reason}`);
    };
    await refused('http://hooks.example.org/in', 'not-https');
    await refused('https://evil.discord.com/api/webhooks/1/x', 'not-allowed');
    await refused('https://discord.com/api/users/@me', 'not-allowed');
    await refused('https://hooks.slack.com:8443/services/T/B/X', 'not-allowed');
    await refused('https://127.0.0.1/in', 'not-allowed');
    await refused('https://[::1]/in', 'not-allowed');
    await refused('https://169.254.169.254/latest/meta-data', 'not-allowed');
    await refused('https://localhost/in', 'not-allowed');
    await refused('https://user:pw@hooks.example.org/in', 'malformed');
    expect(checkWebhookUrl('https://discord.com.evil.example/api/webhooks/1/x')).toMatchObject({ ok: true, kind: 'signed' });
  });

  it('resolves before every call and refuses a name that points inside, and connects to the address it checked', async () => {
    const strict = new HttpsWebhookSender({ resolve, timeoutMs: 5000 });
    const call = (url: string) => ({ url, body: '{}', headers: { 'Content-Type': 'application/json' } });
    const before = stand.received.length;
    for (const url of [GENERIC, 'https://inside.example.org/x', 'https://mixed.example.org/x', 'https://six.example.org/x']) {
      const r = await strict.send(call(url));
      expect(r, url).toMatchObject({ ok: false, kind: 'refused' });
    }
    expect(await strict.send(call('http://hooks.example.org/x'))).toMatchObject({ ok: false, kind: 'refused' });
    expect(since(before)).toHaveLength(0);
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '0.0.0.0', '::', '::ffff:127.0.0.1', 'fe80::1', 'fc00::2'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.215.14', '2606:4700::1111']) expect(isPublicAddress(a), a).toBe(true);

    // The name changes its answer between the check and the call (DNS rebinding): the call goes to the checked address.
    let asked = 0;
    const rebinding: Resolver = async () => [{ address: asked++ === 0 ? LOOPBACK : '10.0.0.1', family: 4 }];
    const pinned = new HttpsWebhookSender({
      resolve: rebinding,
      testOnly: { ca: stand.ca, port: stand.port, permit: (a) => a === LOOPBACK },
    });
    expect(await pinned.send(call(GENERIC))).toEqual({ ok: true, status: 200 });
    expect(asked).toBe(1);
    // A second call resolves again, gets the inside address, and is refused.
    expect(await pinned.send(call(GENERIC))).toMatchObject({ ok: false, kind: 'refused' });
  });
});

describe('webhooks: one that keeps failing', () => {
  it(`is paused after ${PAUSE_AFTER_FAILURES} failures in a row, its owner sees why, and a resume starts afresh`, async () => {
    const s = setup();
    const m = await match(s);
    const added = (await m.add(0, `${GENERIC}/failing`)).json.webhook;
    stand.answer.set('/dutch/in/failing', 503);
    const before = stand.received.length;
    const outcomes: string[] = [];
    for (let i = 0; i < PAUSE_AFTER_FAILURES + 2; i++) {
      for (const o of await deliverAll(s, m.matchId)) outcomes.push(...o.deliveries.map((d) => d.delivery));
      s.clock.now += 60_000;
    }
    expect(outcomes.slice(0, PAUSE_AFTER_FAILURES)).toEqual([...Array(PAUSE_AFTER_FAILURES - 1).fill('retry'), 'failed']);
    expect(since(before)).toHaveLength(PAUSE_AFTER_FAILURES);
    const listed = await s.api.call('GET', m.base(0), { token: m.token(0) });
    expect(listed.json.webhooks[0]).toMatchObject({ id: added.id, failures: PAUSE_AFTER_FAILURES, paused: { reason: 'failing' } });
    // Paused: nothing more is sent, and the notice is settled for it.
    expect(outcomes.slice(PAUSE_AFTER_FAILURES)).toEqual([]);

    stand.answer.delete('/dutch/in/failing');
    const resumed = await s.api.call('PUT', `${m.base(0)}/${added.id}/paused`, { token: m.token(0), body: { paused: false } });
    expect(resumed.json).toMatchObject({ failures: 0, paused: null });
    // The next notice goes to it again (seat 1's move makes seat 0's turn come round).
    await toCountPhase(s.api, m.matchId, m.seats);
    const n = stand.received.length;
    await deliverAll(s, m.matchId);
    expect(since(n).filter((r) => r.path === '/dutch/in/failing').length).toBeGreaterThan(0);
  });

  it('is paused at once when the service says it is gone (404)', async () => {
    const s = setup();
    const m = await match(s);
    const gone = 'https://discord.com/api/webhooks/999/gone';
    const added = (await m.add(0, gone)).json.webhook;
    stand.answer.set('/api/webhooks/999/gone', 404);
    const deliveries = (await deliverAll(s, m.matchId)).flatMap((o) => o.deliveries);
    expect(deliveries).toContainEqual({ channel: `webhook:${added.id}`, delivery: 'gone' });
    const listed = await s.api.call('GET', m.base(0), { token: m.token(0) });
    expect(listed.json.webhooks[0].paused).toMatchObject({ reason: 'gone' });
  });
});
