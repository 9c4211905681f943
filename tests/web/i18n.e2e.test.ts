/**
 * The site in Dutch and English, in real headless Chromium: a browser whose language is Dutch gets
 * the home page and the site bar in Dutch (and `<html lang="nl">`), an English one English; the
 * switcher in the bar changes the language without a reload and keeps it across reloads; both
 * languages pass axe. The pseudo-locale run (tests/web/support/pseudo.ts) of the bar and the home
 * page, with matches in "my matches", finds no text that skipped the catalog; over the whole home
 * page it finds exactly the words still in a game's board module (so the check is shown to work).
 * The "not found" page is converted too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch } from './support/matches.js';
import { openPseudo, unmarkedText } from './support/pseudo.js';

const env = e2eSite('i18n-web', { notify: true, players: true });

const lang = (p: Page) => p.evaluate(() => document.documentElement.lang);
const pressed = (p: Page, name: string) =>
  p
    .getByRole('group', { name: /Taal|Language/ })
    .getByRole('button', { name })
    .getAttribute('aria-pressed');

describe('the site in Dutch and English', () => {
  it('a Dutch browser gets the bar and the home page in Dutch; the switcher changes and keeps the language', async () => {
    const ctx = await env.browser.newContext({ locale: 'nl-NL' });
    const p = await ctx.newPage();
    await p.goto(`${env.server.url}/`);
    const nav = p.getByRole('navigation', { name: 'Site' });
    await nav.getByRole('link', { name: 'Inloggen' }).waitFor();
    expect(await lang(p)).toBe('nl');
    await nav.getByRole('link', { name: 'Mijn partijen' }).waitFor();
    await p.getByText('Kaartspellen die Dutch heten, gespeeld in beurten').waitFor();
    await p.getByRole('heading', { level: 2, name: 'Begin een partij' }).waitFor();
    await p.getByRole('button', { name: 'Partij aanmaken' }).waitFor();
    await p.getByRole('heading', { level: 3, name: 'Speel tegen de computer' }).waitFor();
    await p.getByText('Niemand om uit te nodigen? Een computerspeler neemt de andere plaats in', { exact: false }).waitFor();
    expect(await pressed(p, 'Nederlands')).toBe('true');
    expect(await pressed(p, 'English')).toBe('false');
    await expectAccessible(p, 'home in Dutch');

    // The switch redraws the page in English in place: no reload (the marker set on the window stays).
    await p.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await p.getByRole('button', { name: 'English' }).click();
    await nav.getByRole('link', { name: 'My matches' }).waitFor();
    await nav.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await lang(p)).toBe('en');
    expect(await p.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await pressed(p, 'English')).toBe('true');
    await p.getByText('Card games called Dutch, played in turns').waitFor();
    await expectAccessible(p, 'home after switching to English');

    // Kept across a reload (over the browser's Dutch), and back again.
    await p.reload();
    await nav.getByRole('link', { name: 'My matches' }).waitFor();
    expect(await lang(p)).toBe('en');
    await p.getByRole('button', { name: 'Nederlands' }).click();
    await nav.getByRole('link', { name: 'Mijn partijen' }).waitFor();
    await p.reload();
    await nav.getByRole('link', { name: 'Inloggen' }).waitFor();
    expect(await lang(p)).toBe('nl');
    await p.goto(`${env.server.url}/nergens`);
    await p.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' }).waitFor();
    await ctx.close();
  });

  it('an English (or any other) browser gets English', async () => {
    for (const locale of ['en-GB', 'de-DE']) {
      const ctx = await env.browser.newContext({ locale });
      const p = await ctx.newPage();
      await p.goto(`${env.server.url}/`);
      await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'My matches' }).waitFor();
      expect(await lang(p)).toBe('en');
      expect(await pressed(p, 'English')).toBe('true');
      await ctx.close();
    }
  });

  it('the pseudo-locale run of the bar and the home page (with matches listed) finds no unmarked text', async () => {
    const base = env.server.url;
    const active = await makeMatch(base, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const open = await makeMatch(base, 'golden-age', ['Ann', 'Bob', 'Cy'], { join: false });
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    // Opening each seat link puts the match in this browser's "my matches".
    for (const m of [active, open]) {
      await p.goto(m.seats[0]!.url);
      await p.waitForSelector('main.match[data-version]');
    }
    await openPseudo(p, `${base}/`);
    await p.waitForFunction(() => document.querySelectorAll('.my-matches li').length === 2);
    await p.locator('.my-matches').getByText('Bob', { exact: false }).first().waitFor();

    expect(await unmarkedText(p, { within: ['nav.sitebar', '.home-head', '.my-matches'] })).toEqual([]);
    expect(await p.title()).toMatch(/^⟦.*⟧$/);
    const mine = await p.locator('.my-matches').innerText();
    expect(mine).toContain('⟦Thé Dútçh Góldéñ Ágé⟧');
    expect(mine).toContain('⟦wíth Bob and Cy⟧');

    // The "not found" page, whole (title included), in the same tab: the pseudo-locale stays for the tab.
    await p.goto(`${base}/nowhere`);
    await p.getByRole('heading', { level: 1 }).waitFor();
    expect(await lang(p)).toBe('en-XA');
    expect(await unmarkedText(p)).toEqual([]);

    // The whole home page, the create form included (the auction's edition option comes from its
    // catalog): what is left is the test game's name (a fixture with no catalog entry) — the check
    // finds exactly that.
    await p.goto(`${base}/`);
    await p.getByRole('button', { name: '⟦Çréáté thé mátçh⟧' }).waitFor();
    const whole = await unmarkedText(p);
    expect(whole.map((f) => f.text).sort()).toEqual(['Secret sums (test game)']);
    await ctx.close();
  });
});
