/**
 * Away from the site, in real headless Chromium on a phone against the local app with its player part:
 * - "my matches" says which opponent a match waits for, and for how long;
 * - the tab's title and icon say how many matches wait for a signed-in player ("(2) Dutch"), on the home
 *   page, on a page that sets its own title, and on a match page beside "● Your move";
 * - the web app manifest is linked and served with its content type, and names PNG icons (192 and 512,
 *   also maskable) that the site serves as image/png;
 * - the account page's "after your move" choice and the player's own chat-app webhooks, in English and in
 *   Dutch, axe clean: chosen, a move that ends the turn opens the next match waiting, and the count in the
 *   title goes down.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch, playMove, type MadeMatch } from './support/matches.js';

const env = e2eSite('away-web', { notify: true, players: true });
const ADDRESS = 'ann.away@example.com';

async function signIn(p: Page): Promise<void> {
  await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).click();
  await p.getByLabel('Your email address').fill(ADDRESS);
  await p.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  await p.locator('[data-sent="true"]').waitFor();
  const mail = env.server.outbox!.list().find((m) => m.to === ADDRESS)!;
  await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0]);
  await p.getByRole('button', { name: 'Sign in on this device' }).click();
  await p.getByRole('heading', { name: 'Signed in' }).waitFor();
}

const titleIs = (p: Page, title: string) => p.waitForFunction((want) => document.title === want, title);
/** A match page's title: the marks, then the game's name and the site's. */
const matchTitle = (p: Page, marks: string) =>
  p.waitForFunction((want) => document.title.startsWith(want) && document.title.endsWith(' · Dutch'), marks);

describe('away from the site', () => {
  // A whole flow of several pages in two browsers: bounded generously, since each step waits on what it needs.
  it('counts waiting matches in the title, serves the manifest and its icons, and goes to the next match after a move', {
    timeout: 240_000,
  }, async () => {
    const base = env.server.url;
    // m1 and m2 wait for Ann's move (m1 longer); m3 waits for Cy.
    const m1 = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    const m2 = await makeMatch(base, 'secret-sums', ['Ann', 'Dee']);
    const m3 = await makeMatch(base, 'secret-sums', ['Ann', 'Cy']);
    await playMove(base, m3.matchId, m3.seats[0]!);
    const seat0 = (m: MadeMatch) => ({ matchId: m.matchId, seat: 0, token: m.seats[0]!.token, updatedAt: Date.now() });

    const ctx = await env.browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${base}/`);
    await p.evaluate((list) => localStorage.setItem('dutch:v1:seats', JSON.stringify(list)), [seat0(m1), seat0(m2), seat0(m3)]);
    await p.reload();
    await signIn(p);

    // ---- the title and the icon: two matches wait, on the home page and on a page with a title of its own
    await p.goto(`${base}/`);
    await titleIs(p, '(2) Dutch');
    expect(await p.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-turn.svg');
    // The clock in sight in "my matches": the match waiting for Cy says so, and for how long.
    expect(await p.locator(`[data-match="${m3.matchId}"] [data-waits-for="1"]`).innerText()).toMatch(/^Cy to move, waiting /);
    await p.goto(`${base}/ratings`);
    await titleIs(p, '(2) Leaderboards · Dutch');

    // ---- the manifest, linked from the page, and its icons with their content types
    expect(await p.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const icons = ((await manifest.json()) as { icons: { src: string; sizes: string; purpose: string }[] }).icons;
    for (const size of [192, 512])
      for (const purpose of ['any', 'maskable'])
        expect(icons).toContainEqual(expect.objectContaining({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, purpose }));
    for (const icon of icons) {
      const r = await fetch(`${base}${icon.src}`);
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type'), icon.src).toBe(icon.src.endsWith('.png') ? 'image/png' : 'image/svg+xml');
    }

    // ---- the account page's choice, in English, axe clean
    await p.goto(`${base}/account`);
    const after = p.getByRole('region', { name: 'After your move' });
    const choice = after.getByRole('checkbox', { name: 'Take me straight to the next match waiting for me after my move' });
    expect(await choice.isChecked()).toBe(false);
    await choice.check();
    expect(await p.evaluate(() => localStorage.getItem('dutch:v1:next-after-move'))).toBe('1');
    // The player's own chat-app webhooks, for all their matches (no "whose notices" choice here).
    const hooks = p.getByRole('region', { name: 'Chat apps' });
    await hooks.getByText('No chat app gets your notices yet.').waitFor();
    expect(await hooks.locator('input[name="nt-hook-scope"]').count()).toBe(0);
    await expectAccessible(p, 'account page, after your move (English, phone)');
    await p.screenshot({ path: `${env.artifacts}/80-after-move-en-phone.png`, fullPage: true });

    // ---- a move that ends my turn in m1 opens m2 (the next waiting), and the count goes down to one
    await p.goto(`${base}/m/${m1.matchId}`);
    await matchTitle(p, '(2) ● Your move · ');
    await p.getByRole('button', { name: 'Commit: secret 3', exact: true }).click();
    await p.getByRole('button', { name: 'Make this move' }).click();
    await p.waitForURL(`${base}/m/${m2.matchId}`);
    await matchTitle(p, '(1) ● Your move · ');
    expect((await env.table.store.get(m1.matchId))!.version).toBeGreaterThan(0);

    // ---- the same choice in Dutch, still chosen, axe clean
    await p.goto(`${base}/account`);
    await p.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Nederlands' }).click();
    const na = p.getByRole('region', { name: 'Na je zet' });
    const keuze = na.getByRole('checkbox', { name: 'Breng me na mijn zet meteen naar de volgende partij die op mij wacht' });
    expect(await keuze.isChecked()).toBe(true);
    expect(await na.innerText()).toContain('Alleen op dit apparaat onthouden.');
    await titleIs(p, '(1) Dutch');
    await p.getByRole('region', { name: 'Chatapps' }).getByText('Nog geen chatapp krijgt je berichten.').waitFor();
    await expectAccessible(p, 'account page, after your move (Dutch, phone)');
    await p.screenshot({ path: `${env.artifacts}/81-after-move-nl-phone.png`, fullPage: true });
    // Unchosen: kept off on this device.
    await keuze.uncheck();
    expect(await p.evaluate(() => localStorage.getItem('dutch:v1:next-after-move'))).toBe('0');

    expect(errors).toEqual([]);
    await ctx.close();
  });
});
