/**
 * What `npm start` runs for notifications (functions/local/notify.ts): VAPID keys made once and
 * kept in the data directory, the dispatcher loop on DynamoDB Local's stream, and the dev outbox
 * page. Plus the SES adapter's handling of faults that cannot be caused locally.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it, vi } from 'vitest';
import { createLocalApp } from '../../functions/local/server.js';
import { SesEmailSender } from '../../functions/notify/email.js';
import { startLocalNotify } from '../../functions/local/notify.js';
import { localVapidKeys, vapidSubject } from '../../functions/notify/vapid.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { client } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { secretSums } from '../support/test-game.js';

describe('local run (npm start)', () => {
  it('makes VAPID keys on the first run, keeps them private, and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const first = localVapidKeys(dir, 'mailto:ops@dutch.test');
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(localVapidKeys(dir, 'mailto:ops@dutch.test')).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'vapid.json'), 'utf8')).privateKey).toBe(first.privateKey);
    expect(vapidSubject({ EMAIL_FROM: 'Dutch <turns@dutch.example>' })).toBe('mailto:turns@dutch.example');
    expect(vapidSubject({ VAPID_SUBJECT: 'https://dutch.example/contact' })).toBe('https://dutch.example/contact');
  });

  it('delivers through the loop on the table’s stream into the dev outbox page', async () => {
    const table = await freshTable('local');
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const games = new Map([[secretSums.id, secretSums]]);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const notify = startLocalNotify({
      env: { DYNAMODB_ENDPOINT: table.endpoint, DISPATCH_POLL_MS: '50', SWEEP_INTERVAL_MS: '3600000' },
      dataDir,
      tableName: table.tableName,
      publicUrl: 'http://localhost:3999',
      matches: table.store,
      games,
    });
    try {
      const app = createLocalApp(
        { store: table.store, games, publicUrl: 'http://localhost:3999', notifications: notify.notifications },
        dataDir,
      );
      const api = client(app);
      const { matchId, seats } = await api.started('secret-sums', 2);
      const address = `ann-${matchId}@example.test`;
      expect(
        (await api.call('PUT', `/api/matches/${matchId}/seats/0/notifications/email`, { token: seats[0]!.token, body: { address } }))
          .status,
      ).toBe(202);
      const key = (await api.call('GET', '/api/push/public-key')).json.publicKey;
      expect(key).toBe(JSON.parse(readFileSync(join(dataDir, 'vapid.json'), 'utf8')).publicKey);

      const page = await app.request('/dev/outbox');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await page.text();
      expect(html).toContain('Confirm email notices for your Secret sums (test game) match');
      const confirm = /http:\/\/localhost:3999(\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43})/.exec(html)![1]!;
      expect((await app.request(confirm, { method: 'POST' })).status).toBe(200);
      const mailPage = await app.request(`/dev/outbox/${notify.outbox!.list()[0]!.id}`);
      expect(mailPage.headers.get('content-security-policy')).toContain('sandbox');

      // Into the counting phase, then seat 0 adds and seat 1 adds: seat 0's move again.
      let v = (await api.read(matchId, seats[0]!)).json.version;
      for (const s of seats) v = (await api.move(matchId, s, v, { kind: 'commit', secret: 2 })).json.version;
      v = (await api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 })).json.version;
      await api.move(matchId, seats[1]!, v, { kind: 'add', amount: 1 });
      await vi.waitFor(
        () => {
          if (!notify.outbox!.list().some((m) => m.to === address && m.subject.startsWith('Your move'))) throw new Error('not yet');
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(await (await app.request('/dev/outbox')).text()).toContain('Your move: Secret sums (test game) with P1');
    } finally {
      await notify.stop();
      vi.restoreAllMocks();
    }
  });
});

describe('the daily digest in npm start', () => {
  it('runs from the local loop at start: a signed-in player on the daily digest gets one mail listing the match waiting', async () => {
    const table = await freshTable('local-digest');
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const games = new Map([[secretSums.id, secretSums]]);
    const api = client(createLocalApp({ store: table.store, games, publicUrl: 'http://localhost:3999' }, dataDir));
    const { matchId, seats } = await api.started('secret-sums', 2);
    const seat = (await api.read(matchId, seats[0]!)).json.toAct[0] as number;
    const players = new DynamoPlayerStore(table.doc, table.tableName);
    const address = `digest-${matchId}@example.test`;
    const player = await players.createPlayer({
      id: `p${matchId}`,
      address,
      addressKey: sha256(address),
      createdAt: Date.now(),
      defaults: { notices: 'email', reminders: true, mail: 'daily' },
    });
    await players.putSeat(player.id, {
      matchId,
      seat,
      claimedAt: Date.now(),
      sealedToken: 'sealed',
      tokenHash: sha256(seats[seat]!.token),
    });
    await players.enrollDigest(player.id);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const notify = startLocalNotify({
      env: { DYNAMODB_ENDPOINT: table.endpoint, DISPATCH_POLL_MS: '50', SWEEP_INTERVAL_MS: '3600000', DIGEST_INTERVAL_MS: '3600000' },
      dataDir,
      tableName: table.tableName,
      publicUrl: 'http://localhost:3999',
      matches: table.store,
      games,
    });
    try {
      await vi.waitFor(
        () => {
          if (!notify.outbox!.list().some((m) => m.to === address)) throw new Error('not yet');
        },
        { timeout: 30_000, interval: 100 },
      );
      const [mail] = notify.outbox!.list().filter((m) => m.to === address);
      expect(mail!.subject).toBe('Your move in Secret sums (test game)');
    } finally {
      await notify.stop();
      vi.restoreAllMocks();
    }
  });
});

describe('SES adapter', () => {
  const mail = {
    to: 'a@b.test',
    subject: 'S',
    text: 'T',
    html: '<p>H</p>',
    unsubscribeUrl: 'https://dutch.example/api/notify/unsubscribe?t=x',
  };

  it('sends both parts and the one-click unsubscribe headers', async () => {
    const sent: SendEmailCommand[] = [];
    const ses = new SesEmailSender(
      { send: async (c: SendEmailCommand) => void sent.push(c) } as unknown as SESv2Client,
      'Dutch <t@dutch.example>',
      'cfg',
    );
    expect(await ses.send(mail)).toEqual({ ok: true });
    const input = sent[0]!.input;
    expect(input.ConfigurationSetName).toBe('cfg');
    expect(input.Content?.Simple?.Body).toEqual({ Text: { Data: 'T', Charset: 'UTF-8' }, Html: { Data: '<p>H</p>', Charset: 'UTF-8' } });
    expect(input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: `<${mail.unsubscribeUrl}>` },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });

  // Faults SES alone can produce, injected at the client.
  it.each([
    ['TooManyRequestsException', 'Maximum sending rate exceeded.', 'retry'],
    ['SendingPausedException', 'Sending paused for this account.', 'retry'],
    ['MessageRejected', 'Email address is on the suppression list for your account.', 'bounce'],
    ['MessageRejected', 'Email address is not verified.', 'failed'],
  ] as const)('%s (%s) → %s', async (name, message, kind) => {
    const ses = new SesEmailSender(
      {
        send: async () => {
          throw Object.assign(new Error(message), { name });
        },
      } as unknown as SESv2Client,
      't@dutch.example',
    );
    expect(await ses.send(mail)).toMatchObject({ ok: false, kind });
  });
});
