/**
 * The site's frame around any game, end to end in headless Chromium with the test game
 * "secret sums" on the plain board: options on the create form, invite and watch links, a rule
 * error shown in words, resigning with a confirmation, the rematch, "continue on another device",
 * and the home page's list of my matches with my moves first.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSite, openMatchMenu } from './support/e2e.js';

const env = e2eSite('shell');

async function move(p: Page, label: string) {
  const before = Number(await p.locator('main.match').getAttribute('data-version'));
  await p.getByRole('button', { name: label, exact: true }).click();
  await p.getByRole('button', { name: 'Make this move' }).click();
  await p.waitForFunction((v) => Number(document.querySelector('main.match')?.getAttribute('data-version')) > v, before);
}

async function setVisible(p: Page, visible: boolean) {
  await p.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

describe('the site around the games', () => {
  it('creates with options, invites, lets a spectator watch, shows rule errors, resigns, rematches and lists my matches', async () => {
    const ctxA = await env.browser.newContext({ viewport: { width: 1024, height: 800 } });
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const ctxB = await env.browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const ctxC = await env.browser.newContext({ viewport: { width: 375, height: 740 } });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const c = await ctxC.newPage();
    const errors: string[] = [];
    for (const p of [a, b, c]) p.on('pageerror', (e) => errors.push(e.message));

    // Create with an option read from the game's schema.
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Secret sums (test game)').check();
    await a.getByLabel('Target').fill('5');
    await a.getByLabel('Your name').fill('Ann');
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    expect((await env.table.store.get(matchId))?.options).toEqual({ target: 5 });

    // B types the invite link into the address bar; the name shows as text, never as markup.
    const invite = await a.locator('#invite-1').inputValue();
    await b.goto(invite);
    await b.getByLabel(/Your name/).fill('Bob "B" & Co');
    await b.getByRole('button', { name: 'Join the match' }).click();
    await b.locator('main.match[data-status="active"]').waitFor();
    expect(await b.locator('.players').innerText()).toContain('Bob "B" & Co (you)');

    // C watches with the watch link: sees the match, has nothing to do.
    const watch = await a.locator('#watch').inputValue();
    await c.goto(watch);
    expect(c.url()).toBe(`${env.server.url}/m/${matchId}`);
    await c.locator('main.match[data-status="active"]').waitFor();
    expect(await c.locator('.turn').innerText()).toContain('Watching');
    expect(await c.getByRole('button', { name: 'Make this move' }).count()).toBe(0);

    // A second tab of A's, hidden so it does not refresh, keeps an old view of the match.
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const ctxA2 = await env.browser.newContext({ storageState: await ctxA.storageState(), viewport: { width: 1024, height: 800 } });
    const a2 = await ctxA2.newPage();
    // It may first draw the state kept from the other tab: it is "old" only once its own first read has landed.
    const firstRead = a2.waitForResponse((r) => r.url().includes(`/api/matches/${matchId}/seats/`));
    await a2.goto(`${env.server.url}/m/${matchId}`);
    await firstRead;
    await a2.getByRole('button', { name: 'Commit: secret 4', exact: true }).waitFor();
    await setVisible(a2, false);

    await move(a, 'Commit: secret 3');
    // The stale tab tries to commit again: the rule's own message is shown.
    await a2.getByRole('button', { name: 'Commit: secret 4', exact: true }).click();
    await a2.getByRole('button', { name: 'Make this move' }).click();
    await a2.locator('.notice.error').waitFor();
    expect(await a2.locator('.notice.error').innerText()).toContain('You have already committed a secret.');
    await a2.screenshot({ path: `${env.artifacts}/20-rule-error-desktop.png` });
    await ctxA2.close();

    await move(b, 'Commit: secret 6');
    await a.locator('main.match[data-my-turn="true"]').waitFor({ timeout: 20_000 });
    await move(a, 'Add: amount 2');
    await b.locator('main.match[data-my-turn="true"]').waitFor({ timeout: 20_000 });
    await b.screenshot({ path: `${env.artifacts}/21-generic-board-phone.png`, fullPage: true });

    // B resigns (from the match menu), with a confirmation first.
    await openMatchMenu(b);
    await b.getByRole('button', { name: 'Resign' }).click();
    await b.getByRole('button', { name: 'Keep playing' }).click();
    expect((await env.table.store.get(matchId))?.status).toBe('active');
    await b.getByRole('button', { name: 'Resign' }).click();
    await b.getByRole('button', { name: 'Resign the match' }).click();
    await b.locator('main.match[data-status="over"]').waitFor();
    expect(await b.locator('.outcome .summary').innerText()).toBe('Bob "B" & Co resigned.');
    await a.locator('main.match[data-status="over"]').waitFor({ timeout: 20_000 });
    expect(await a.locator('.final-scores li.winner').innerText()).toContain('Ann (you)');

    // Rematch: B asks, A joins from the old match's page.
    await b.getByRole('button', { name: 'Ask for a rematch' }).click();
    await b.waitForURL((u) => !u.pathname.endsWith(matchId));
    const rematchId = new URL(b.url()).pathname.split('/')[2]!;
    await a.getByRole('button', { name: 'Join the rematch' }).click({ timeout: 70_000 });
    await a.waitForURL(`${env.server.url}/m/${rematchId}`);
    await a.locator('main.match[data-status="active"]').waitFor();
    await b.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });

    // "Continue on another device": A's own seat link opens A's seat in a fresh env.browser.
    await openMatchMenu(a);
    await a.locator('.share summary').click();
    await a.locator('.copy-link', { hasText: 'Your seat link' }).getByRole('button', { name: 'Copy link' }).click();
    const own = await a.evaluate(() => navigator.clipboard.readText());
    expect(own).toMatch(new RegExp(`/m/${rematchId}#seat=\\d&token=`));
    const ctxD = await env.browser.newContext();
    const d = await ctxD.newPage();
    await d.goto(own);
    await d.locator('main.match[data-status="active"]').waitFor();
    expect(d.url()).toBe(`${env.server.url}/m/${rematchId}`);
    expect(await d.locator('.players').innerText()).toContain('Ann (you)');
    await ctxD.close();

    // Home: my matches, the ones waiting for my move first and marked.
    await a.goto(`${env.server.url}/`);
    await a.locator('.match-list li').nth(1).waitFor();
    await a.locator('.match-list li.my-turn').waitFor();
    const items = await a
      .locator('.match-list li')
      .evaluateAll((lis) => lis.map((li) => ({ id: li.getAttribute('data-match'), text: li.textContent })));
    expect(items.map((i) => i.id)).toEqual([rematchId, matchId]);
    expect(items[0]!.text).toContain('Your move');
    expect(items[1]!.text).toContain('Finished');
    expect(await a.title()).toContain('Your move');
    expect(await a.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-turn.svg');
    await a.screenshot({ path: `${env.artifacts}/22-my-matches-desktop.png`, fullPage: true });

    expect(errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
    await ctxC.close();
  }, 240_000);

  it('serves the page with a strict CSP: one inline script, allowed by its hash, and no inline style', async () => {
    const res = await fetch(`${env.server.url}/m/abcdefghijkl`);
    const html = await res.text();
    // The first script (web/build.ts) is the page's one inline script; the policy names the hash of its text.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(/script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/<style/);
    // The page renders under that policy without a single violation.
    const ctx = await env.browser.newContext();
    const p = await ctx.newPage();
    const violations: string[] = [];
    p.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await p.goto(`${env.server.url}/`);
    await p.getByRole('heading', { name: 'Start a match' }).waitFor();
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
