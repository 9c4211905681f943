/**
 * The match page and the account pages in Dutch and English, in real headless Chromium: a Dutch
 * browser gets the match page's own words (header, turn line, share and notification panels, match
 * options, chat, log frame, resign) and the invite page in Dutch; the pseudo-locale run of the whole
 * match page with the generic board (the test game) — in play and finished —, of the home page with
 * "my matches" (this browser's and, signed in, the account's), of the invite page and of the sign-in
 * and account pages finds no text that skipped the catalog. Left out, and said here (`OTHERS_*`): the
 * log lines and result summaries (the platform's and the engines' words, converted on their
 * branches), the test game's own name (a fixture with no catalog entry) and the real games' option
 * labels on the create form (each game's own).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch, resign } from './support/matches.js';
import { openPseudo, type Unmarked, unmarkedText } from './support/pseudo.js';

const env = e2eSite('i18n-match-web', { notify: true, players: true });

/**
 * What the site does not word: the test game's name and its result (a fixture with no catalog entry,
 * whose engine still writes English). The platform's log lines around it are worded and checked.
 */
const OTHERS_TEXT = ['Secret sums (test game)'];
const isOthers = (f: Unmarked) => OTHERS_TEXT.includes(f.text) || (f.where === 'p.summary text' && !f.text.includes('⟦'));
const ownText = (found: Unmarked[]) => found.filter((f) => !isOthers(f));
const othersText = (found: Unmarked[]) => found.filter(isOthers).map((f) => f.text);

/** The match page's own regions (not the board, not the engine's log lines). */
const CHROME = [
  'nav.sitebar',
  '.table-side .players',
  '#turn-line',
  '.rules-button',
  '.zone.share',
  '.zone.notify',
  '.match-options h2',
  '.match-options .option-list',
  '.match-options .due',
  '.zone.chat',
  '.zone.log > h2',
  '.zone.log summary',
  '.zone.log .note',
  '.zone.log .empty-note',
  '.zone.log .log-time',
  '.zone.log button',
  '.zone.away',
  '.danger-zone',
  '.zone.rematch',
  '.zone.replay-offer',
  '.zone.outcome > h2',
  '.zone.outcome .note',
  '.zone.outcome .final-scores',
];

async function openPanels(p: Page) {
  await openMatchMenu(p);
  const share = p.locator('details.share');
  if (!(await share.evaluate((d) => (d as HTMLDetailsElement).open))) await share.locator('summary').click();
  await p.locator('details.notify summary').click();
  await p.locator('.notify-panel[data-ready="true"]').waitFor();
}

describe('the match page and the account pages in Dutch and English', () => {
  it('a Dutch browser gets the match page and the invite page in Dutch', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    const open = await makeMatch(base, 'secret-sums', ['Ann', 'Bob'], { join: false });
    const ctx = await env.browser.newContext({ locale: 'nl-NL' });
    const p = await ctx.newPage();
    await p.goto(m.seats[0]!.url);
    await p.waitForSelector('main.match[data-version]');
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('nl');
    await p.getByRole('list', { name: 'Spelers' }).waitFor();
    expect(await p.locator('.players li', { hasText: 'Ann' }).innerText()).toContain('Ann (jij)');
    expect(await p.locator('#turn-line').innerText()).toBe('Jij bent aan zet (Bob kiest ook).');
    await p.getByRole('button', { name: 'Spelregels' }).waitFor();
    await p.getByRole('heading', { name: 'Tafelpraat' }).waitFor();
    await p.getByRole('button', { name: 'Versturen' }).waitFor();
    await p.getByRole('heading', { name: 'Wat er gebeurde' }).waitFor();
    await openMatchMenu(p);
    await p.getByRole('heading', { name: 'Instellingen van de partij' }).waitFor();
    await p.getByRole('button', { name: 'Opgeven' }).waitFor();
    await p.getByRole('heading', { name: 'Even weg?' }).waitFor();
    await openPanels(p);
    await p.getByRole('heading', { name: 'Verder op een ander apparaat' }).waitFor();
    await p.getByRole('button', { name: 'Link kopiëren' }).first().waitFor();
    await p.getByRole('heading', { name: 'Dit apparaat' }).waitFor();
    await p.getByLabel('Je eigen e-mailadres').waitFor();

    // A chat line: the sender's own words stay as written, the frame is Dutch.
    await p.getByLabel('Bericht', { exact: true }).fill('Hallo Bob');
    await p.getByRole('button', { name: 'Versturen' }).click();
    await p.locator('.chat-list li', { hasText: 'Hallo Bob' }).waitFor();
    expect(await p.locator('.chat-list li').first().innerText()).toBe('Jij: Hallo Bob');

    // The invite page of a match still open.
    const q = await ctx.newPage();
    await q.goto(open.invites[0]!);
    await q.getByRole('heading', { level: 1, name: /Ann nodigt je uit voor/ }).waitFor();
    await q.getByRole('button', { name: 'Meedoen' }).waitFor();
    expect(await q.locator('[data-fact="seats"]').innerText()).toBe('2 spelers: Ann doet mee; de jouwe is de laatste vrije plaats.');
    await ctx.close();
  });

  it('the pseudo-locale run of the whole match page (generic board) and of the home page with my matches finds no unmarked text', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    await openPseudo(p, m.seats[0]!.url);
    await p.waitForSelector('main.match[data-version]');
    await p.locator('#chat-input').fill('Hello Bob');
    await p.locator('.chat-form button[type="submit"]').click();
    await p.locator('.chat-list li', { hasText: 'Hello Bob' }).waitFor();
    await openPanels(p);
    // The lazily loaded parts are drawn (so an empty list means something), and a move is selected on the board.
    await p.locator('.danger-zone').waitFor();
    await p.locator('.zone.away').waitFor();
    await p.locator('.rules-button').waitFor();
    await p.locator('.generic-board button.move').first().click();
    expect(await p.locator(CHROME.join(', ')).count()).toBeGreaterThanOrEqual(14);
    const inPlay = await unmarkedText(p);
    expect(ownText(inPlay)).toEqual([]);
    expect(othersText(inPlay)).toEqual(['Secret sums (test game)']);
    expect(await p.title()).toMatch(/^⟦.*⟧$/);

    // Finished: the result, the rematch and replay offers.
    await resign(base, m.matchId, m.seats[1]!);
    await p.reload();
    await p.locator('.zone.outcome').waitFor();
    await p.locator('.zone.rematch').waitFor();
    await p.locator('.zone.replay-offer').waitFor();
    const over = await unmarkedText(p);
    expect(ownText(over)).toEqual([]);
    expect(othersText(over)).toContain('Secret sums (test game)');

    // Home: "my matches" of this browser (the finished match, its result worded on display).
    await openPseudo(p, `${base}/`);
    await p.locator(`.my-matches li[data-match="${m.matchId}"] .result`).waitFor();
    expect(ownText(await unmarkedText(p))).toEqual([]);

    // Signed in: the account's list (the seat held here is claimed), its result worded by the page.
    const address = 'ann.mine@example.com';
    await openPseudo(p, `${base}/signin`);
    await p.locator('#signin-address').fill(address);
    await p.locator('form.zone button[type="submit"]').click();
    await p.locator('[data-sent="true"]').waitFor();
    const mail = env.server.outbox!.list().find((x) => x.to === address)!;
    await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0]);
    await p.getByRole('button', { name: 'Sign in on this device' }).click();
    await p.getByRole('heading', { name: 'Signed in' }).waitFor();
    await openPseudo(p, `${base}/`);
    await p.locator(`.my-matches[data-source="account"] li[data-match="${m.matchId}"] .result`).waitFor();
    expect(ownText(await unmarkedText(p))).toEqual([]);
    await ctx.close();
  });

  it('the create form shows a game’s options only once their words are here, not the English names meanwhile', async () => {
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    // The auction's page module and words arrive late, as on a slow line (routing also turns the cache off).
    let holding: () => void = () => {};
    const held = new Promise<void>((r) => {
      holding = r;
    });
    await p.route('**/chunks/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('game.dutch-auction.board.')) {
        holding();
        await new Promise((r) => setTimeout(r, 1500));
      }
      await route.fulfill({ response, body });
    });
    await openPseudo(p, `${env.server.url}/`);
    await held;
    await p.locator('#create-h').waitFor();
    expect(await p.locator('#opt-edition').count()).toBe(0);
    expect(ownText(await unmarkedText(p))).toEqual([]);
    await p.locator('#opt-edition').waitFor();
    expect(ownText(await unmarkedText(p))).toEqual([]);
    await ctx.close();
  });

  it('the pseudo-locale run of the invite page, the sign-in page and the account page finds no unmarked text', async () => {
    const base = env.server.url;
    const open = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob'], { join: false });
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    await openPseudo(p, open.invites[0]!);
    await p.locator('[data-fact="seats"]').waitFor();
    await p.locator('main.join h1', { hasText: 'Ann' }).waitFor();
    expect(await unmarkedText(p)).toEqual([]);

    await openPseudo(p, `${base}/signin`);
    expect(await unmarkedText(p)).toEqual([]);
    const address = 'ann.i18n@example.com';
    await p.locator('#signin-address').fill(address);
    await p.locator('form.zone button[type="submit"]').click();
    await p.locator('[data-sent="true"]').waitFor();
    expect(await unmarkedText(p)).toEqual([]);

    // Signed in by the mailed link (its page is the server's), then the account page.
    const mail = env.server.outbox!.list().find((x) => x.to === address)!;
    await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0]);
    await p.getByRole('button', { name: 'Sign in on this device' }).click();
    await p.getByRole('heading', { name: 'Signed in' }).waitFor();
    await openPseudo(p, `${base}/account`);
    await p.locator('.session-list li').first().waitFor();
    await p.locator('h2#notices-h').waitFor();
    expect(await unmarkedText(p)).toEqual([]);
    await ctx.close();

    // The account page in Dutch.
    const nl = await env.browser.newContext({ locale: 'nl-NL' });
    const q = await nl.newPage();
    await q.goto(`${base}/signin`);
    await q.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    await q.getByRole('button', { name: 'Mail me een inloglink' }).waitFor();
    await q.getByLabel('Je e-mailadres').waitFor();
    await nl.close();
  });
});
