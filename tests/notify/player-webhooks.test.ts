/**
 * A signed-in player's own webhooks (/api/me/webhooks): added, listed, tested, paused and removed with the
 * session cookie, refused without it or from another site, with the same address checks as a seat's; and the
 * dispatcher sends the notices of every seat the player holds there (it asks who holds the seat), none of the
 * seats they do not. In-memory stores (held to DynamoDB's contracts, tests/contracts/), one clock, a local
 * HTTPS stand-in for Discord (./webhook-support.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { Dispatcher } from '../../functions/notify/dispatcher.js';
import type { EmailSender, OutgoingMail } from '../../functions/notify/email.js';
import { HttpsWebhookSender, type Resolver } from '../../functions/notify/webhook-send.js';
import { MemoryLobbyStore } from '../../functions/storage/memory/lobby.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { MemoryWebhookStore } from '../../functions/storage/memory/webhooks.js';
import { Browser } from '../support/lobby.js';
import { secretSums } from '../support/test-game.js';
import { type Receiver, receiver } from './webhook-support.js';

const SITE = 'http://dutch.test';
const DISCORD = 'https://discord.com/api/webhooks/1234567890/player-hook';
const LOOPBACK = '127.0.0.1';

let stand: Receiver;
beforeAll(async () => {
  stand = await receiver(['discord.com']);
});
afterAll(() => stand.close());

function setup() {
  const table = new MemoryTable();
  const clock = { now: Date.UTC(2026, 10, 28, 9), fn: () => clock.now };
  const mails: OutgoingMail[] = [];
  const email: EmailSender = {
    kind: 'outbox',
    send: async (mail) => {
      mails.push(mail);
      return { ok: true };
    },
  };
  const matches = new MemoryMatchStore(table);
  const notify = new MemoryNotifyStore(table);
  const players = new MemoryPlayerStore(table);
  const hooks = new MemoryWebhookStore(table);
  const resolve: Resolver = async (host) => (host === 'discord.com' ? [{ address: LOOPBACK, family: 4 }] : []);
  const sender = new HttpsWebhookSender({
    resolve,
    timeoutMs: 5000,
    testOnly: { ca: stand.ca, port: stand.port, permit: (a) => a === LOOPBACK },
  });
  const games = new Map([[secretSums.id, secretSums]]);
  const app = createApp({
    store: matches,
    games,
    clock: clock.fn,
    publicUrl: SITE,
    notifications: { store: notify, email },
    players: { store: players, seatKey: randomBytes(32), signInCaps: { address: 1000, client: 100_000 } },
    webhooks: { store: hooks, sender },
  });
  const dispatcher = (withOwner: boolean) =>
    new Dispatcher({
      store: notify,
      matches,
      games,
      publicUrl: SITE,
      clock: clock.fn,
      webhooks: { store: hooks, sender, ...(withOwner ? { ownerOf: (m: string, s: number) => players.seatOwner(m, s) } : {}) },
      log: () => undefined,
    });
  const site = { app, matches, lobby: new MemoryLobbyStore(table), mails, clock };
  return { site, notify, dispatcher };
}

describe("a player's own webhooks", () => {
  it('are kept with the session, refused without it or from elsewhere, and carry every notice of the seats the player holds', async () => {
    const { site, notify, dispatcher } = setup();
    const ann = await new Browser(site).signIn('ann@example.test');
    const stranger = new Browser(site);

    // ---- the routes: signed in only, from this site only, the same address checks
    expect((await stranger.call('GET', '/api/me/webhooks')).status).toBe(401);
    expect((await ann.call('POST', '/api/me/webhooks', { url: DISCORD }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await ann.call('POST', '/api/me/webhooks', { url: 'http://discord.com/api/webhooks/1/x' })).status).toBe(400);
    const added = await ann.call('POST', '/api/me/webhooks', { url: DISCORD, lang: 'nl' });
    expect(added.status).toBe(201);
    const hook = (added.json.webhook as { id: string }).id;
    expect((await ann.call('GET', '/api/me/webhooks')).json.webhooks).toMatchObject([{ id: hook, kind: 'discord', lang: 'nl' }]);
    const before = stand.received.length;
    expect((await ann.call('POST', `/api/me/webhooks/${hook}/test`)).json).toEqual({ ok: true, status: 200, reason: null });
    expect(stand.received.length).toBe(before + 1);

    // ---- Ann's match (made while signed in: seat 0 is hers, Bob joins without an account), and Bob's match that
    // Ann joined (seat 1 hers): each "started" notice goes to seat 0, Ann's in the first, Bob's in the second.
    const make = async (host: Browser, guest: Browser) => {
      const created = await host.call('POST', '/api/matches', { game: 'secret-sums', seats: 2, options: { target: 30 }, name: 'Host' });
      expect(created.status).toBe(201);
      const matchId = created.json.matchId as string;
      const invite = new URL((created.json.invites as { url: string }[])[0]!.url).hash.slice('#invite='.length);
      expect((await guest.call('POST', `/api/matches/${matchId}/join`, { invite, name: 'Guest' })).status).toBe(200);
      const intents = await notify.pendingIntents(matchId);
      expect(intents.map((i) => [i.seat, i.kind])).toEqual([[0, 'started']]);
      return intents;
    };
    const annsNotices = await make(ann, stranger);
    const bobsNotices = await make(stranger, ann);

    // Without knowing who holds a seat, the dispatcher has nowhere to send them.
    const start = stand.received.length;
    for (const intent of annsNotices) await dispatcher(false).dispatch(intent);
    expect(stand.received.length).toBe(start);
    // Bob's notices never reach Ann's webhook (she holds the other seat); hers do.
    const d = dispatcher(true);
    for (const intent of bobsNotices) await d.dispatch(intent);
    expect(stand.received.length).toBe(start);
    for (const intent of annsNotices) await d.dispatch(intent);
    const sent = stand.received.slice(start);
    expect(sent.map((r) => r.path)).toEqual(['/api/webhooks/1234567890/player-hook']);
    // In Discord's own format: an embed.
    expect(JSON.stringify(JSON.parse(sent[0]!.body))).toMatch(/embeds/);

    // ---- paused, nothing goes; removed, the list is empty
    const paused = await ann.call('PUT', `/api/me/webhooks/${hook}/paused`, { paused: true });
    expect(paused.json.paused).toMatchObject({ reason: 'owner' });
    expect((await stranger.call('DELETE', `/api/me/webhooks/${hook}`)).status).toBe(401);
    expect((await ann.call('DELETE', `/api/me/webhooks/${hook}`)).json.webhooks).toEqual([]);
  });
});
