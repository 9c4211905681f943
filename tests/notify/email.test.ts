/**
 * Email notices end to end: the real API, the real dispatcher on DynamoDB Local's stream, and
 * nodemailer talking SMTP to a real listener (smtp-server), parsed back with mailparser.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import { createLocalApp } from '../../functions/local/server.js';
import { addOne, confirmedEmail, harness, playUntilTurnOf, PUBLIC_URL, smtpListener, type SmtpListener } from './support.js';

let smtp: SmtpListener;
let sender: SmtpEmailSender;

beforeAll(async () => {
  smtp = await smtpListener();
  sender = new SmtpEmailSender(smtp.url, 'Dutch <turns@dutch.test>');
});
afterAll(async () => {
  sender.close();
  await smtp.close();
});

/** A header as sent (unfolded), e.g. "List-Unsubscribe: <https://…>". */
const rawHeader = (mail: ParsedMail, key: string) => mail.headerLines.find((l) => l.key === key)?.line.replace(/\r?\n/g, '');

const textOf = (address: string) => () =>
  smtp
    .to(address)
    .map((m) => m.text ?? '')
    .join('\n');

describe('email notices', () => {
  it('sends an unconfirmed address only the confirmation mail, at most one a day', async () => {
    const h = await harness({ email: sender });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const address = 'bob.unconfirmed@example.test';
    const put = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address },
    });
    expect(put.status).toBe(202);
    expect(put.json.email).toEqual({ address, state: 'pending' });
    expect(smtp.to(address)).toHaveLength(1);
    const confirmation = smtp.to(address)[0]!;
    expect(confirmation.subject).toContain('Confirm');
    expect(confirmation.text).toMatch(/\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43}/);
    // Someone else may have typed the address: the confirmation names no player.
    expect(confirmation.text).not.toContain('Ann');
    expect(rawHeader(confirmation, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Bob's turn comes and goes: nothing for an address that has not confirmed.
    await playUntilTurnOf(h, matchId, seats, 1);
    await addOne(h, matchId, seats);
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    expect(smtp.to(address)).toHaveLength(1);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);

    // Asking again the same day sends nothing; a day later, one more confirmation.
    const again = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address },
    });
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe('confirmation-limit');
    const other = await h.started(2, {}, ['Cy', 'Dee']);
    const viaOtherMatch = await h.api.call('PUT', `/api/matches/${other.matchId}/seats/0/notifications/email`, {
      token: other.seats[0]!.token,
      body: { address: 'Bob.Unconfirmed@example.test' },
    });
    expect(viaOtherMatch.status).toBe(429);
    expect(smtp.to(address)).toHaveLength(1);
    h.clock.advance(24 * 3600 * 1000 + 1);
    const nextDay = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address },
    });
    expect(nextDay.status).toBe(202);
    expect(smtp.to(address)).toHaveLength(2);
    await h.close();
  });

  it('mails a confirmed address its move with a working link, text part and one-click unsubscribe; unsubscribing stops mail', async () => {
    const h = await harness({ email: sender });
    const { matchId, seats } = await h.started(2, {}, ['Ann & "Co"', 'Bob']);
    const address = 'bob.confirmed@example.test';
    const confirmLink = await confirmedEmail(h, matchId, seats[1]!, address, textOf(address));
    // The confirm link only shows a button on GET (mail scanners open links).
    const shown = await h.app.request(confirmLink.replace(PUBLIC_URL, ''));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<form method="post"');
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('confirmed');

    const version = await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    const mails = smtp.to(address).filter((m) => m.subject?.startsWith('Your move'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your move: Secret sums (test game) with Ann & "Co"');
    expect(mail.text).toContain('It is your move.');
    expect(mail.text).toContain('Ann & "Co" added 1 (now 1).');
    // Names are escaped in the HTML part.
    expect(mail.html).toContain('Ann &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('Ann & "Co"');
    expect(mail.messageId).toBe(`<${matchId}.${version}.1.n@dutch.test>`);

    // The link opens the match: the site serves the page there, and the seat's own browser
    // (which holds the token) reads the match it names. No secret travels in the mail.
    const link = /(http:\/\/dutch\.test\/m\/[A-Za-z0-9_-]{12})(?![A-Za-z0-9_-])/.exec(mail.text ?? '')?.[1];
    expect(link).toBe(`${PUBLIC_URL}/m/${matchId}`);
    expect(mail.html).toContain(`href="${link}"`);
    for (const s of seats) {
      expect(mail.text).not.toContain(s.token);
      expect(String(mail.html)).not.toContain(s.token);
    }
    const webRoot = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Dutch</title>');
    const site = createLocalApp({ store: h.table.store, games: new Map(), publicUrl: PUBLIC_URL }, webRoot);
    const page = await site.request(new URL(link!).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const opened = await h.api.read(new URL(link!).pathname.split('/')[2]!, seats[1]!);
    expect(opened.status).toBe(200);
    expect(opened.json.toAct).toEqual([1]);

    // RFC 8058: POST "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const raw = rawHeader(mail, 'list-unsubscribe') ?? '';
    const unsubscribeUrl = /^List-Unsubscribe: <(http:\/\/dutch\.test\/api\/notify\/unsubscribe\?t=[A-Za-z0-9_-]{43})>$/i.exec(raw)?.[1];
    expect(unsubscribeUrl).toBeDefined();
    const unsubscribed = await h.app.request(unsubscribeUrl!.replace(PUBLIC_URL, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('unsubscribed');

    // Bob's next turn: no mail.
    await addOne(h, matchId, seats);
    await addOne(h, matchId, seats);
    const m = await h.api.read(matchId, seats[1]!);
    expect(m.json.toAct).toEqual([1]);
    await h.deliver();
    expect(smtp.to(address).filter((x) => x.subject?.startsWith('Your move'))).toHaveLength(1);
    expect(await h.store.pendingIntents(matchId)).toEqual([]);
    await h.close();
  });

  it('stops mailing an address whose mail server refuses it (bounce)', async () => {
    const h = await harness({ email: sender });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const address = 'bob.bounces@example.test';
    await confirmedEmail(h, matchId, seats[1]!, address, textOf(address));
    smtp.refuse.add(address);
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    const attempts = smtp.recipients.filter((r) => r === address).length;
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('bouncing');
    await addOne(h, matchId, seats);
    await addOne(h, matchId, seats);
    await h.deliver();
    // Not even tried again.
    expect(smtp.recipients.filter((r) => r === address).length).toBe(attempts);
    // And it cannot be signed up again.
    const again = await h.api.call('PUT', `/api/matches/${matchId}/seats/0/notifications/email`, {
      token: seats[0]!.token,
      body: { address },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('address-suppressed');
    await h.close();
  });

  it('lets the owner undo an unsubscribe from the page the link opens, and GET alone changes nothing', async () => {
    const h = await harness({ email: sender });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const address = 'bob.undo@example.test';
    await confirmedEmail(h, matchId, seats[1]!, address, textOf(address));
    await playUntilTurnOf(h, matchId, seats, 1);
    await h.deliver();
    const mail = smtp.to(address).find((m) => m.subject?.startsWith('Your move'))!;
    const url = /(http:\/\/dutch\.test\/api\/notify\/unsubscribe\?t=[A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
    const get = await h.app.request(url.replace(PUBLIC_URL, ''));
    expect(get.status).toBe(200);
    expect(await get.text()).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('confirmed');
    await h.app.request(url.replace(PUBLIC_URL, ''), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('unsubscribed');
    const undo = await h.app.request(url.replace(PUBLIC_URL, '').replace('/unsubscribe', '/resubscribe'), { method: 'POST' });
    expect(undo.status).toBe(200);
    expect((await h.notifications(matchId, seats[1]!)).json.email.state).toBe('confirmed');
    const bad = await h.app.request(`/api/notify/unsubscribe?t=${'A'.repeat(43)}`, { method: 'POST' });
    expect(bad.status).toBe(404);
    await h.close();
  });
});
