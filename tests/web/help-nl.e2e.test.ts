/**
 * The rules help in the page's language, in real headless Chromium: a Dutch browser opening the
 * rules of a Golden Age match gets the Dutch help, and only its chunk (no English help text reaches
 * the page); an auction match in Dutch shows its own edition only; an English browser still gets
 * the English help.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('help-nl');

/** The rules button, whichever language the match page's frame speaks by now. */
const rulesButton = (p: Page) => p.getByRole('button', { name: /^(Rules|Regels|Spelregels)$/ });

/** The text of every script the page downloads from now on. */
function scriptsOf(p: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  p.on('response', (r: Response) => {
    if (r.url().endsWith('.js')) bodies.push(r.text().catch(() => ''));
  });
  return bodies;
}

describe('the rules help in Dutch', () => {
  it('a Dutch browser gets the Golden Age help in Dutch, and only the Dutch help is downloaded', async () => {
    const m = await makeMatch(env.server.url, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const ctx = await env.browser.newContext({ locale: 'nl-NL' });
    const p = await ctx.newPage();
    const scripts = scriptsOf(p);
    await p.goto(m.seats[0]!.url);
    await p.locator('main.match').waitFor();
    await rulesButton(p).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('heading', { level: 2, name: 'De Gouden Eeuw' }).waitFor();
    await dialog.getByRole('heading', { level: 3, name: 'Veilingen' }).waitFor();
    await dialog.getByText('Iedereen begint met 10 gulden, 5 pionnen en 6 invloedsschijven.', { exact: false }).waitFor();
    const all = (await Promise.all(scripts)).join('\n');
    expect(all).toContain('Rentmeester');
    expect(all).not.toContain('Coins come in halves');
    await ctx.close();
  });

  it('an auction match in Dutch shows the rules of its own edition only', async () => {
    const m = await makeMatch(env.server.url, 'dutch-auction', ['Ann', 'Bob'], { options: { edition: '2018' } });
    const ctx = await env.browser.newContext({ locale: 'nl-NL' });
    const p = await ctx.newPage();
    await p.goto(m.seats[0]!.url);
    await p.locator('main.match').waitFor();
    await rulesButton(p).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3, name: 'Gelijke biedingen' }).waitFor();
    await dialog.getByText('Deze partij speel je met het prototype van 2018', { exact: false }).waitFor();
    const text = await dialog.innerText();
    expect(text).not.toMatch(/huidige editie|kleurwissel/i);
    await ctx.close();
  });

  it('an English browser still gets the English help', async () => {
    const m = await makeMatch(env.server.url, 'dutch-memory', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    await p.goto(m.seats[0]!.url);
    await p.locator('main.match').waitFor();
    await rulesButton(p).click();
    await p.getByRole('dialog').getByRole('heading', { level: 3, name: 'Two rule sets' }).waitFor();
    expect(await p.getByRole('dialog').innerText()).not.toContain('Geheugensteun');
    await ctx.close();
  });
});
