/**
 * A seat has one owner (issue 25), in real headless Chromium against the local app with its player part:
 * A and D, each signed in on a browser of their own, both hold the same seat link. A's browser claims it
 * first; D's home page does not list it among D's matches and says, in the server's words, that another
 * player's record holds it, while still opening it by its link. axe finds nothing on that page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('seat-owner-web', { notify: true, players: true });

async function signInWith(p: Page, address: string, seats: { matchId: string; seat: number; token: string }[]) {
  const base = env.server.url;
  await p.goto(`${base}/`);
  await p.evaluate((list) => {
    const stored = list.map((s) => ({ ...s, gameId: 'secret-sums', gameName: 'Secret sums', updatedAt: Date.now() }));
    localStorage.setItem('dutch:v1:seats', JSON.stringify(stored));
  }, seats);
  await p.goto(`${base}/signin`);
  await p.getByLabel('Your email address').fill(address);
  await p.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  await p.locator('[data-sent="true"]').waitFor();
  const mail = env.server.outbox!.list().find((m) => m.to === address)!;
  await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0]);
  await p.getByRole('button', { name: 'Sign in on this device' }).click();
  await p.getByRole('heading', { name: 'Signed in' }).waitFor();
  await p.goto(`${base}/`);
  await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: address }).waitFor();
}

describe('a seat claimed from two players’ browsers', () => {
  it('stays with the first; the second player’s home page says so and still opens it by its link', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    const link = { matchId: m.matchId, seat: 0, token: m.seats[0]!.token };
    const errors: string[] = [];

    const a = await (await env.browser.newContext()).newPage();
    const d = await (await env.browser.newContext()).newPage();
    for (const p of [a, d]) p.on('pageerror', (e) => errors.push(e.message));
    await signInWith(a, 'a.owner@example.com', [link]);
    await a.waitForFunction(() => document.querySelectorAll('.my-matches[data-source=account] li').length === 1);

    await signInWith(d, 'd.other@example.com', [link]);
    const note = d.locator('[data-taken="true"] li');
    await note.waitFor();
    expect(await d.locator('.my-matches[data-source=account] li').count()).toBe(0);
    const text = (await note.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Secret sums');
    expect(text).toMatch(/another player’s record/);
    expect(text).not.toContain('a.owner@example.com');
    await expectAccessible(d, 'home, signed in, with a seat another player owns');
    await d.screenshot({ path: `${env.artifacts}/seat-owner-taken.png` });

    // The seat still plays by its link from D's browser.
    await note.getByRole('link', { name: 'Secret sums' }).click();
    await d.waitForURL(new RegExp(`/m/${m.matchId}$`));
    await d.locator('main').getByText('Ann').first().waitFor();
    expect(errors).toEqual([]);
  });
});
