/**
 * An address confirmed once goes on being used (issue 25, item 9), through HTTP on DynamoDB Local with the
 * real SMTP listener: a rematch takes each seat's choices with it (the confirmed address, the channels, the
 * device), and the browser that confirmed an address gets an address proof with which a seat in a new match
 * uses it at once, with no mail; someone who only knows the address still gets the usual confirmation, capped.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpEmailSender } from '../../functions/notify/email.js';
import {
  browserKeys,
  harness,
  playUntilTurnOf,
  pushStandIn,
  smtpListener,
  type Harness,
  type PushStandIn,
  type SmtpListener,
} from './support.js';

let smtp: SmtpListener;
let sender: SmtpEmailSender;
let push: PushStandIn;

beforeAll(async () => {
  [smtp, push] = await Promise.all([smtpListener(), pushStandIn()]);
  sender = new SmtpEmailSender(smtp.url);
});
afterAll(async () => {
  sender.close();
  await Promise.all([smtp.close(), push.close()]);
});

type Seat = { seat: number; token: string };
const DAY = 24 * 3600 * 1000;
const mailed = (address: string) => smtp.to(address);
const setEmail = (h: Harness, matchId: string, s: Seat, body: { address: string; proof?: string }) =>
  h.api.call('PUT', `/api/matches/${matchId}/seats/${s.seat}/notifications/email`, { token: s.token, body });

/** Asks for the address, presses the button behind the mail's link, and returns the page's link back. */
async function confirmByMail(h: Harness, matchId: string, s: Seat, address: string): Promise<URL> {
  expect((await setEmail(h, matchId, s, { address })).status).toBe(202);
  const link = /http:\/\/dutch\.test(\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43})/.exec(mailed(address).at(-1)?.text ?? '')?.[1];
  const page = await h.app.request(link!, { method: 'POST' });
  expect(page.status).toBe(200);
  const href = /<a href="([^"]+)"/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
  return new URL(href!);
}

describe('an address confirmed once', () => {
  it('goes with each seat into the rematch, with its channels and device, and the rematch mails it with no new confirmation', async () => {
    const h = await harness({ email: sender, push: true });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const address = `ann-rematch-${matchId}@example.test`;
    await confirmByMail(h, matchId, seats[0]!, address);
    const subscription = browserKeys().json(`${push.origin}/push/${matchId}-ann`);
    expect(
      (await h.api.call('POST', `/api/matches/${matchId}/seats/0/notifications/push`, { token: seats[0]!.token, body: subscription }))
        .status,
    ).toBe(201);
    // Bob asked for his address but never confirmed it: its link confirms the old seat only, so it stays behind.
    expect((await setEmail(h, matchId, seats[1]!, { address: `bob-rematch-${matchId}@example.test` })).status).toBe(202);
    expect((await h.api.call('POST', `/api/matches/${matchId}/seats/1/resign`, { token: seats[1]!.token })).status).toBe(200);
    const before = mailed(address).length;

    // Bob asks first (his new seat has nothing to carry), then Ann joins: her new seat is 1.
    const bob = await h.api.call('POST', `/api/matches/${matchId}/seats/1/rematch`, { token: seats[1]!.token });
    const ann = await h.api.call('POST', `/api/matches/${matchId}/seats/0/rematch`, { token: seats[0]!.token });
    expect([bob.status, ann.status]).toEqual([200, 200]);
    const next = ann.json.matchId as string;
    const annNew = { seat: ann.json.seat as number, token: ann.json.token as string };
    const bobNew = { seat: bob.json.seat as number, token: bob.json.token as string };
    const annSummary = await h.notifications(next, annNew);
    expect(annSummary.json).toMatchObject({
      channels: { email: true, push: true },
      email: { address, state: 'confirmed' },
      push: { devices: 1 },
    });
    expect((await h.notifications(next, bobNew)).json).toMatchObject({ channels: { email: false, push: false }, email: null });
    // Asking again (a retry) changes nothing.
    expect((await h.api.call('POST', `/api/matches/${matchId}/seats/0/rematch`, { token: seats[0]!.token })).status).toBe(200);
    expect((await h.notifications(next, annNew)).json.push.devices).toBe(1);

    // Her turn in the rematch reaches the same address, with no confirmation mail in between.
    const pushed = push.requests.length;
    await playUntilTurnOf(
      h,
      next,
      [bobNew, annNew].sort((a, b) => a.seat - b.seat),
      annNew.seat,
    );
    await h.deliver();
    const after = mailed(address).slice(before);
    expect(after.some((m) => /confirm/i.test(m.subject ?? ''))).toBe(false);
    expect(after.some((m) => m.messageId?.startsWith(`<${next}.`))).toBe(true);
    expect(push.requests.slice(pushed).some((r) => r.path === `/push/${matchId}-ann`)).toBe(true);
    await h.close();
  });

  it('is used at once in a new match by the browser that confirmed it; without its proof a stranger gets the usual confirmation, capped', async () => {
    const h = await harness({ email: sender });
    const first = await h.started(2, {}, ['Ann', 'Bob']);
    const address = `ann-proof-${first.matchId}@example.test`;
    const back = await confirmByMail(h, first.matchId, first.seats[0]!, address);
    // The link back to the match carries the address and its proof in the fragment only.
    expect(back.pathname).toBe(`/m/${first.matchId}`);
    expect(back.search).toBe('');
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('address')).toBe(address);
    const proof = fragment.get('address-proof')!;
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored only as a hash.
    const items = (await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName }))).Items ?? [];
    expect(JSON.stringify(items)).not.toContain(proof);
    const mails = mailed(address).length;

    // A new match the next hour: the address with its proof is confirmed at once, and no mail goes.
    h.clock.advance(3600_000);
    const second = await h.started(2, {}, ['Ann', 'Cat']);
    const used = await setEmail(h, second.matchId, second.seats[0]!, { address, proof });
    expect(used.status).toBe(200);
    expect(used.json).toMatchObject({ channels: { email: true }, email: { state: 'confirmed' } });
    expect(mailed(address)).toHaveLength(mails);
    await playUntilTurnOf(h, second.matchId, second.seats, 0);
    await h.deliver();
    expect(mailed(address).some((m) => m.messageId?.startsWith(`<${second.matchId}.`))).toBe(true);

    // A stranger who knows the address but not the proof (or brings a made-up one, or Ann's proof for
    // another address) gets the usual path: today the address had its one confirmation mail already.
    const stranger = await h.started(2, {}, ['Eve', 'Dan']);
    for (const body of [{ address }, { address, proof: 'x'.repeat(43) }]) {
      const refused = await setEmail(h, stranger.matchId, stranger.seats[0]!, body);
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('confirmation-limit');
    }
    const other = `other-${first.matchId}@example.test`;
    expect((await setEmail(h, stranger.matchId, stranger.seats[1]!, { address: other, proof })).status).toBe(202);
    expect(mailed(other)).toHaveLength(1);
    expect((await setEmail(h, stranger.matchId, stranger.seats[0]!, { address, proof: 'not a proof' })).status).toBe(400);
    // A day later the stranger's request sends a confirmation mail, and the seat waits for it.
    h.clock.advance(DAY);
    const beforeAsk = mailed(address).length;
    const asked = await setEmail(h, stranger.matchId, stranger.seats[0]!, { address });
    expect(asked.status).toBe(202);
    expect(asked.json.email.state).toBe('pending');
    expect(mailed(address)).toHaveLength(beforeAsk + 1);
    expect(mailed(address).at(-1)!.text).toContain('/api/notify/confirm?t=');
    await h.close();
  });
});
