/**
 * What the pages tell a player about where they are, in real headless Chromium against the real
 * local app:
 * - an invite names the game, its edition, who invited and the seats; a used invite says so as
 *   soon as it is opened, before any name is typed;
 * - the auction game's match page says its edition, and its rules help speaks of that edition only;
 * - "my matches" tells the result of a finished match and its edition and start;
 * - a move refused because the match changed meanwhile does not ask for a reload (the page has
 *   already fetched the match);
 * - on a phone, the Golden Age action panel is brought into view when a place is selected and
 *   when the player's turn comes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSite, setVisible } from './support/e2e.js';
import { makeMatch, playMove, readMatch, resign } from './support/matches.js';

const env = e2eSite('context-web');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Is the element wholly on screen? */
const onScreen = (p: Page, selector: string) =>
  p.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, selector);

describe('context on the pages', () => {
  it('an invite says game, edition, inviter and seats; the match page its edition; the rules help only that edition', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob'], { options: { edition: '2018' }, join: false });
    const ctx = await env.browser.newContext(PHONE);
    const b = await ctx.newPage();
    await b.goto(m.invites[0]!);
    await b.getByRole('heading', { name: 'Ann invites you to play Dutch (auction deck-builder)' }).waitFor();
    const facts = b.locator('.invite-facts');
    expect(await facts.locator('[data-fact="variant"]').innerText()).toBe('Edition: 2018 prototype');
    expect(await facts.locator('[data-fact="seats"]').innerText()).toBe('2 players: Ann has joined; yours is the last open seat.');
    await b.screenshot({ path: `${env.artifacts}/60-invite-phone.png`, fullPage: true });
    await b.getByLabel(/Your name/).fill('Bob');
    await b.getByRole('button', { name: 'Join the match' }).click();
    await b.locator('main.match[data-status="active"]').waitFor();
    expect(await b.locator('.match-head .variant').innerText()).toBe('Edition: 2018 prototype');
    await b.getByRole('button', { name: 'Rules' }).click();
    await b.locator('dialog.rules .rules-text').waitFor();
    const help = await b.locator('dialog.rules .rules-text').innerText();
    expect(help).toContain('played with the 2018 prototype');
    expect(help).toContain('Bid any of the four other cards');
    expect(help).not.toMatch(/current edition/i);
    await b.getByRole('button', { name: 'Close' }).click();

    // The same invite, opened again elsewhere: used, and said at once.
    const other = await env.browser.newContext(PHONE);
    const e = await other.newPage();
    await e.goto(m.invites[0]!);
    await e.locator('.notice.error').waitFor();
    expect(await e.locator('.notice.error').innerText()).toContain('already been used');
    expect(await e.getByRole('button', { name: 'Join the match' }).count()).toBe(0);
    await e.screenshot({ path: `${env.artifacts}/61-used-invite-phone.png`, fullPage: true });

    // A current-edition match: its help has nothing of 2018.
    const c = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const a = await (await env.browser.newContext()).newPage();
    await a.goto(c.seats[0]!.url);
    await a.locator('main.match[data-status="active"]').waitFor();
    expect(await a.locator('.match-head .variant').innerText()).toBe('Edition: current edition');
    await a.getByRole('button', { name: 'Rules' }).click();
    await a.locator('dialog.rules .rules-text').waitFor();
    expect(await a.locator('dialog.rules .rules-text').innerText()).not.toMatch(/2018/);
    await ctx.close();
    await other.close();
  }, 120_000);

  it('my matches: a finished match tells its result; two matches of the same players differ by edition and start', async () => {
    const base = env.server.url;
    const ctx = await env.browser.newContext();
    const a = await ctx.newPage();
    const one = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const two = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob'], { options: { edition: '2018' } });
    for (const m of [one, two]) {
      await a.goto(m.seats[0]!.url);
      await a.locator('main.match[data-status="active"]').waitFor();
    }
    await resign(base, one.matchId, one.seats[1]!);
    await a.goto(one.seats[0]!.url);
    await a.locator('main.match[data-status="over"]').waitFor();
    await a.goto(`${base}/`);
    const rowOne = a.locator(`.match-list li[data-match="${one.matchId}"]`);
    const rowTwo = a.locator(`.match-list li[data-match="${two.matchId}"]`);
    await rowOne.waitFor();
    expect(await rowOne.locator('.result').innerText()).toBe('You won — Bob resigned.');
    const factsOne = await rowOne.locator('.match-facts').innerText();
    const factsTwo = await rowTwo.locator('.match-facts').innerText();
    expect(factsOne).toMatch(/^Edition: current edition · since /);
    expect(factsTwo).toMatch(/^Edition: 2018 prototype · since /);
    await a.screenshot({ path: `${env.artifacts}/62-my-matches-desktop.png`, fullPage: true });
    await ctx.close();
  }, 120_000);

  it('a move refused because the match changed meanwhile says the page is up to date, not "reload"', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext();
    const a = await ctx.newPage();
    await a.goto(m.seats[0]!.url);
    await a.locator('.dutch[data-phase="commit"] .actionbar').waitFor();
    // The page is in the background (it does not poll) while Ann seals in another tab.
    await setVisible(a, false);
    await playMove(base, m.matchId, m.seats[0]!);
    await a.locator('[data-zone="hand"] button.card').first().click();
    await a.getByRole('button', { name: 'Seal my bid' }).click();
    await a.getByRole('button', { name: 'Seal', exact: true }).click();
    const notice = a.locator('.notice.error');
    await notice.waitFor();
    const words = await notice.innerText();
    expect(words).not.toMatch(/reload/i);
    expect(words).toContain('The page now shows the match as it stands');
    // And it does (the page, shown again — the test kept it "hidden" only to stop its polls): Ann's sealed choice.
    await setVisible(a, true);
    await a
      .locator('.dutch[data-phase="commit"]')
      .getByText(/^Sealed:/)
      .waitFor();
    await ctx.close();
  }, 120_000);

  it('Golden Age on a phone: the action panel comes into view when a place is selected and when the turn comes', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'golden-age', ['Ann', 'Bob', 'Cy']);
    const ctx = await env.browser.newContext(PHONE);
    const [a, b] = [await ctx.newPage(), await (await env.browser.newContext(PHONE)).newPage()];
    await a.goto(m.seats[0]!.url);
    await a.locator('main.match[data-my-turn="true"] .ga').waitFor();
    // The board enlarged (as a phone player does to hit a province): the panel is far below it.
    await a.getByRole('button', { name: 'Enlarge the board' }).click();
    await a.locator('.ga-svg .ga-province.active').first().click();
    await a.locator('.ga-actions .ga-here button.primary').first().waitFor();
    await expect.poll(() => onScreen(a, '.ga-actions .ga-here button.primary')).toBe(true);
    await a.screenshot({ path: `${env.artifacts}/63-ga-selected-phone.png` });

    // Bob's page waits scrolled down to the foot of the enlarged board, the panel out of sight above it; when his
    // turn comes, the panel comes into view.
    await b.goto(m.seats[1]!.url);
    await b.locator('main.match[data-my-turn="false"] .ga').waitFor();
    await b.getByRole('button', { name: 'Enlarge the board' }).click();
    await b.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    expect(await onScreen(b, '.ga-status')).toBe(false);
    for (let i = 0; i < 6 && !(await readMatch(base, m.matchId, m.seats[1]!)).toAct.includes(1); i++) {
      const now = await readMatch(base, m.matchId, m.seats[0]!);
      await playMove(base, m.matchId, m.seats[now.toAct[0]!]!);
    }
    await b.evaluate(() => dispatchEvent(new Event('focus')));
    await b.locator('main.match[data-my-turn="true"] .ga-actions').waitFor({ timeout: 20_000 });
    await expect.poll(() => onScreen(b, '.ga-actions h2')).toBe(true);
    await b.screenshot({ path: `${env.artifacts}/64-ga-turn-came-phone.png` });
    await ctx.close();
  }, 120_000);
});
