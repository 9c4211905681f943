/**
 * Signing in, and a player's matches on two devices, in real headless Chromium against the local app
 * with its player part (DynamoDB Local, sign-in mails in the dev outbox):
 * - device A asks for a link from the bar's "Sign in"; the page says the same whether the address is
 *   new or known; the mail's link opens the site-styled page that says it signs in this device, and
 *   its button does; the `__Host-session` cookie (Secure, HttpOnly, SameSite=Strict) is kept on
 *   http://localhost and no script can read it;
 * - once signed in, the seats device A held are claimed, a match created there joins by itself, and
 *   "my matches" comes from the server (your move first, results, opponents, the game);
 * - a third device signs in and out from the bar; a fourth link within the hour is refused with the
 *   server's words and no mail;
 * - device B (its own link, a seat of its own in its storage) lists every match and opens a seat it
 *   never had a link for; "Next match waiting for you" goes to the longest waiting match, then the
 *   next, then says nothing waits;
 * - the account page lists both devices, signs one out, saves notice defaults, shows the data, and
 *   deletes the record after asking; axe finds nothing on the new pages.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch, playMove, resign, type MadeMatch } from './support/matches.js';

const env = e2eSite('signin-web', { notify: true, players: true });
const ADDRESS = 'ann.signin@example.com';

/** Puts seats in the browser's "my matches", as their links would have. */
async function holdSeats(p: Page, seats: { matchId: string; seat: number; token: string }[]) {
  await p.evaluate((list) => {
    localStorage.setItem('dutch:v1:seats', JSON.stringify(list.map((s) => ({ ...s, updatedAt: Date.now() }))));
  }, seats);
}

/** Asks for a link in the bar's "Sign in" and returns the page's answer (its text). */
async function askForLink(p: Page, address: string): Promise<string> {
  await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).click();
  await p.getByLabel('Your email address').fill(address);
  await p.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  const sent = p.locator('[data-sent="true"]');
  await sent.waitFor();
  return sent.innerText();
}

/** The sign-in link of the `nth` mail to `address` (the dev outbox lists the newest first). */
function linkOf(address: string, nth: number): string {
  const mails = env.server.outbox!.list().filter((m) => m.to === address);
  expect(mails.length).toBe(nth);
  return /https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mails[0]!.text)![0];
}

async function signInByLink(p: Page, link: string) {
  await p.goto(link);
  expect(await p.locator('main').innerText()).toMatch(/signs in this device/i);
  await p.getByRole('button', { name: 'Sign in on this device' }).click();
  await p.getByRole('heading', { name: 'Signed in' }).waitFor();
}

const listed = (p: Page) =>
  p
    .locator('.my-matches[data-source=account] li')
    .evaluateAll((lis) =>
      lis.map((li) => ({ id: li.getAttribute('data-match'), text: (li as HTMLElement).innerText.replace(/\s+/g, ' ') })),
    );

describe('signing in and my matches on every device', () => {
  it('signs in by the mailed link, claims seats, lists them on a second device and jumps to the next waiting match', async () => {
    const base = env.server.url;
    // m1 and m3: my move (m1 waiting longer); m2: I moved, Cy's move; m4: finished, Eve resigned.
    const m1 = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    const m2 = await makeMatch(base, 'secret-sums', ['Ann', 'Cy']);
    await playMove(base, m2.matchId, m2.seats[0]!);
    const m3 = await makeMatch(base, 'secret-sums', ['Ann', 'Dee']);
    const m4 = await makeMatch(base, 'secret-sums', ['Ann', 'Eve']);
    await resign(base, m4.matchId, m4.seats[1]!);
    const seat0 = (m: MadeMatch) => ({ matchId: m.matchId, seat: 0, token: m.seats[0]!.token });

    const deviceA: BrowserContext = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const deviceB: BrowserContext = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const a = await deviceA.newPage();
    const b = await deviceB.newPage();
    const errors: string[] = [];
    for (const p of [a, b]) p.on('pageerror', (e) => errors.push(e.message));

    // ---- device A: three seats in its storage, not signed in.
    await a.goto(`${base}/`);
    await holdSeats(a, [seat0(m1), seat0(m2), seat0(m3)]);
    await a.reload();
    await a.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).waitFor();
    const askedNew = await askForLink(a, ADDRESS);
    await expectAccessible(a, 'sign-in page, link mailed');
    await a.screenshot({ path: `${env.artifacts}/59-signin-link-mailed.png` });
    const link1 = linkOf(ADDRESS, 1);

    // The link's page: in the site's look, says it signs in this device; only its button signs in.
    await signInByLink(a, link1);
    expect(await a.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expectAccessible(a, 'the link page after signing in');
    await a.screenshot({ path: `${env.artifacts}/60-signed-in-link-page.png` });
    const cookies = await deviceA.cookies(base);
    const session = cookies.find((c) => c.name === '__Host-session');
    expect(session, 'Chromium keeps the __Host- Secure cookie on http://localhost').toBeDefined();
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await a.evaluate(() => document.cookie)).not.toContain('__Host-session');
    // Used once: the same link again is refused.
    await a.goto(link1);
    expect(await a.getByRole('heading', { level: 1 }).innerText()).toBe('Link not valid');

    // ---- device A, signed in: the bar shows who, the held seats were claimed, the list is the server's.
    await a.goto(`${base}/`);
    const barA = a.getByRole('navigation', { name: 'Site' });
    await barA.getByRole('link', { name: ADDRESS }).waitFor();
    await barA.getByRole('button', { name: 'Sign out' }).waitFor();
    await a.waitForFunction(() => document.querySelectorAll('.my-matches[data-source=account] li').length === 3);
    expect((await listed(a)).map((x) => x.id)).toEqual([m1.matchId, m3.matchId, m2.matchId]);
    // A match created here while signed in joins the record by itself.
    await a.getByRole('radio', { name: /Secret sums/ }).check();
    await a.getByLabel(/Your name/).fill('Ann');
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.waitForURL(/\/m\/[\w-]+$/);
    const created = new URL(a.url()).pathname.split('/').pop()!;
    await expectAccessible(a, 'match page with the signed-in bar');

    // ---- device B: a finished seat of its own, then its own link (the known address: the same words).
    await b.goto(`${base}/`);
    await holdSeats(b, [seat0(m4)]);
    await b.reload();
    const askedKnown = await askForLink(b, ADDRESS);
    expect(askedKnown).toBe(askedNew);
    await signInByLink(b, linkOf(ADDRESS, 2));
    await b.goto(`${base}/`);
    await b.waitForFunction(() => document.querySelectorAll('.my-matches[data-source=account] li').length === 5);
    const onB = await listed(b);
    expect(onB.map((x) => x.id)).toEqual([m1.matchId, m3.matchId, m2.matchId, created, m4.matchId]);
    expect(onB[0]!.text).toContain('Secret sums (test game) with Bob');
    expect(onB[0]!.text).toContain('Your move');
    expect(onB[2]!.text).toContain('Waiting for the others');
    expect(onB[3]!.text).toContain('Waiting for players to join');
    expect(onB[4]!.text).toMatch(/Finished.*You won: Eve resigned/);
    expect(onB.map((x) => x.text).join(' ')).not.toContain('@');
    await expectAccessible(b, 'home, signed in, matches from the server');
    await b.screenshot({ path: `${env.artifacts}/61-my-matches-second-device-phone.png`, fullPage: true });

    // m4 came from B's storage: device A now lists it too.
    await a.goto(`${base}/`);
    await a.waitForFunction(() => document.querySelectorAll('.my-matches[data-source=account] li').length === 5);

    // ---- a third device signs in and out from the bar; a fourth mail within the hour is refused, in words.
    const deviceC = await env.browser.newContext();
    const c = await deviceC.newPage();
    await c.goto(`${base}/`);
    await askForLink(c, ADDRESS);
    await signInByLink(c, linkOf(ADDRESS, 3));
    await c.goto(`${base}/`);
    const barC = c.getByRole('navigation', { name: 'Site' });
    await barC.getByRole('button', { name: 'Sign out' }).click();
    await barC.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await c.evaluate(() => fetch('/api/session').then((r) => r.json()))).toEqual({ player: null });
    await barC.getByRole('link', { name: 'Sign in' }).click();
    await c.getByLabel('Your email address').fill(ADDRESS);
    await c.getByRole('button', { name: 'Mail me a sign-in link' }).click();
    await c.getByRole('alert').waitFor();
    expect(await c.getByRole('alert').innerText()).not.toBe('');
    expect(env.server.outbox!.list().filter((m) => m.to === ADDRESS)).toHaveLength(3);
    await expectAccessible(c, 'sign-in page with the limit error');
    await deviceC.close();

    // ---- next waiting: m1 (the longest), then m3, then nothing.
    const barB = b.getByRole('navigation', { name: 'Site' });
    await barB.getByRole('button', { name: /Next match waiting for you/ }).click();
    await b.waitForURL(`${base}/m/${m1.matchId}`);
    await b.locator('main.match[data-my-turn="true"]').waitFor();
    // On that match's page the bar says the same words, marked as the page one is on.
    await barB
      .locator('.next-waiting[aria-current="page"]')
      .filter({ hasText: /^Next match waiting for you/ })
      .waitFor();
    await b.screenshot({ path: `${env.artifacts}/63-next-waiting-match-phone.png` });
    // B never had m1's link: the seat came from the record, and it is seat 0's view.
    expect(
      await b.evaluate(
        (id) => JSON.parse(localStorage.getItem('dutch:v1:seats')!).find((s: { matchId: string }) => s.matchId === id).seat,
        m1.matchId,
      ),
    ).toBe(0);
    await playMove(base, m1.matchId, m1.seats[0]!);
    await b.goto(`${base}/`);
    await barB.getByRole('button', { name: /Next match waiting for you/ }).click();
    await b.waitForURL(`${base}/m/${m3.matchId}`);
    await b.locator('main.match[data-my-turn="true"]').waitFor();
    await playMove(base, m3.matchId, m3.seats[0]!);
    await b.goto(`${base}/`);
    await barB.getByText('No match waits for your move').waitFor();
    expect(await barB.getByRole('button', { name: /Next match waiting for you/ }).count()).toBe(0);

    // ---- the account page on B: both devices, notice defaults, the data, then sign A out from B.
    await barB.getByRole('link', { name: ADDRESS }).click();
    await b.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    await b.waitForFunction(() => document.querySelectorAll('.session-list li').length === 2);
    expect(await b.locator('.session-list .device').allInnerTexts()).toEqual(['Chrome on Linux', 'Chrome on Linux']);
    await expectAccessible(b, 'account page');
    // The daily digest is offered where the server lists it in its OpenAPI document (issue 16, engineer A's part).
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, { put?: unknown }> };
    const digest = JSON.stringify(doc.paths['/api/me/notices']?.put ?? {}).includes('daily');
    await b.getByRole('button', { name: 'Save these choices' }).waitFor();
    await b.waitForLoadState('networkidle');
    expect(await b.locator('[data-digest]').count()).toBe(digest ? 1 : 0);
    if (digest) await b.getByRole('radio', { name: /At most one mail a day/ }).check();
    await b.getByRole('radio', { name: 'Not at all' }).check();
    await b.getByRole('checkbox', { name: /Remind me/ }).uncheck();
    await b.getByRole('button', { name: 'Save these choices' }).click();
    await b.getByText(/^Saved\./).waitFor();
    const saved = await b.evaluate(() => fetch('/api/session').then((r) => r.json()));
    expect(saved.player.defaults).toEqual({ notices: 'none', reminders: false, ...(digest ? { mail: 'daily' } : {}) });
    await b.getByRole('button', { name: 'Show my data' }).click();
    const data = JSON.parse(await b.locator('.data-export').innerText()) as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain(ADDRESS);
    expect(JSON.stringify(data)).toContain(m4.matchId);
    await expectAccessible(b, 'account page with the data shown');
    await b.screenshot({ path: `${env.artifacts}/62-account-phone.png`, fullPage: true });
    await b.getByRole('button', { name: 'Sign this device out' }).click();
    await b.waitForFunction(() => document.querySelectorAll('.session-list li').length === 1);
    await a.goto(`${base}/`);
    await a.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).waitFor();

    // ---- delete the record (asked first): B is signed out, the matches still open by their links.
    await b.getByRole('button', { name: 'Delete my record' }).click();
    await b.getByRole('button', { name: 'Delete it' }).click();
    await b.waitForURL(`${base}/`);
    await barB.getByRole('link', { name: 'Sign in' }).waitFor();
    await b.goto(`${base}/m/${m1.matchId}`);
    await b.locator('main.match').waitFor();

    expect(errors).toEqual([]);
    await deviceA.close();
    await deviceB.close();
  }, 180_000);
});
