/**
 * The Dutch Golden Age end to end in real headless Chromium against the real local app (API on
 * DynamoDB Local, the built site). Three browser contexts (two desktops and a phone) create and
 * join a 3-player match and play the set-up and three turns only by clicking on the pages:
 * markers, tokens and the Steward placed on the board, dice rolled, a token moved to a
 * neighbouring province, a guild taken over, and an auction with bids from both other pages and a
 * pass. After each step every page is checked for what it shows. The winner's prize card never
 * reaches the other two pages (neither their DOM at any moment nor any API answer they received).
 * Screenshots of the key moments go to test-artifacts/web/golden-age/.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cardName } from '#shared/games/golden-age/cards.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { e2eSite, SNAPSHOT_SCRIPT, type Snap } from './support/e2e.js';
import { catchUp, version } from './support/page-version.js';

const env = e2eSite('ga-web', { artifacts: 'test-artifacts/web/golden-age' });

/** Runs a click sequence that sends one move, and waits until the page shows the answer. */
async function moveBy(p: Page, clicks: () => Promise<void>): Promise<number> {
  const before = await version(p);
  await clicks();
  await p.waitForFunction(
    (old) => {
      const main = document.querySelector('main.match');
      return Number(main?.getAttribute('data-version')) > old && main?.getAttribute('data-busy') !== 'true';
    },
    before,
    { timeout: 20_000 },
  );
  expect(await p.locator('.notice.error').count()).toBe(0);
  return version(p);
}

const province = (p: Page, id: string) => p.locator(`.ga-svg [data-province="${id}"]`);
/** The pieces drawn on a place (kept outside its button: see Deco in BoardSvg.tsx). */
const pieces = (p: Page, place: string) => p.locator(`.ga-svg [data-deco-for="${place}"]`);
const button = (p: Page, name: string | RegExp) => p.locator('.ga-actions').getByRole('button', { name, exact: typeof name === 'string' });
const tokensIn = async (p: Page, id: string) => (await province(p, id).getAttribute('data-tokens'))!.split(',').map(Number);
const money = async (p: Page, seat: number) => Number(await p.locator(`.ga-player[data-seat="${seat}"]`).getAttribute('data-money'));

/** What has the keyboard focus: a place on the board (its data-province etc.) or an element's text. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { place: '', text: '', pressed: null as string | null, label: '', target: false };
    const place = ['data-province', 'data-guild', 'data-colony', 'data-box'].map((a) => el.getAttribute(a)).find((x) => x !== null) ?? '';
    return {
      place,
      text: el.textContent?.trim() ?? '',
      pressed: el.getAttribute('aria-pressed'),
      label: el.getAttribute('aria-label') ?? '',
      target: el.classList.contains('target'),
    };
  });

/** Presses `key` until the focus is where `want` says, at most 40 times (a keyboard player tabbing along). */
async function pressUntil(p: Page, key: 'Tab' | 'Shift+Tab', want: (f: Awaited<ReturnType<typeof focused>>) => boolean) {
  for (let i = 0; i < 40; i++) {
    await p.keyboard.press(key);
    if (want(await focused(p))) return;
  }
  throw new Error(`${key} never reached the wanted element; last focus: ${JSON.stringify(await focused(p))}`);
}

function leaks(text: string, ids: readonly string[]): string[] {
  const found: string[] = [];
  for (const id of ids) {
    const idPattern = new RegExp(`(?<![A-Za-z0-9-])${id}(?![A-Za-z0-9])`);
    if (idPattern.test(text) || text.toLowerCase().includes(cardName(id).toLowerCase())) found.push(id);
  }
  return found;
}

describe('The Dutch Golden Age in the browser', () => {
  it('three players set up and play turns by clicks: a token move, a guild takeover and an auction; hands stay private', async () => {
    const ctxA: BrowserContext = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const ctxB: BrowserContext = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const ctxC: BrowserContext = await env.browser.newContext({ viewport: { width: 1024, height: 800 } });
    const [a, b, c] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxC.newPage()]);
    const pages = [a, b, c] as const;
    const errors: string[] = [];
    const answers: { seat: number; body: Promise<string> }[] = [];
    for (const [seat, p] of pages.entries()) {
      p.on('pageerror', (e) => errors.push(`${seat}: ${e.message}`));
      p.on('response', (r) => {
        if (r.url().includes('/api/') && r.status() === 200) answers.push({ seat, body: r.text() });
      });
      await p.addInitScript(SNAPSHOT_SCRIPT);
    }

    // --- Ann creates a 3-player match; Bob (phone) and Cy join with the invite links
    await a.goto(`${env.server.url}/`);
    await a.getByRole('radio', { name: /The Dutch Golden Age/ }).check();
    await expect.poll(() => a.getByRole('combobox', { name: 'Players' }).inputValue()).toBe('3');
    await a.getByLabel(/Your name/).fill('Ann');
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    const invites = [await a.locator('#invite-1').inputValue(), await a.locator('#invite-2').inputValue()];
    for (const [i, [p, name]] of (
      [
        [b, 'Bob'],
        [c, 'Cy'],
      ] as const
    ).entries()) {
      expect(invites[i]).toMatch(new RegExp(`^${env.server.url}/m/${matchId}#invite=`));
      await p.goto(invites[i]!);
      await p.getByLabel(/Your name/).fill(name);
      await p.getByRole('button', { name: 'Join the match' }).click();
      await p.locator('main.match').waitFor();
    }
    for (const p of pages) await p.locator('main.match[data-status="active"] .ga').waitFor({ timeout: 20_000 });
    await expect.poll(() => a.locator('.turn').textContent()).toContain('Set-up: your move');
    expect(await b.locator('.turn').textContent()).toContain('Ann is placing an influence marker');
    // The board is an SVG: ten provinces, 54 track boxes, five guild columns, six colony boxes.
    expect(await a.locator('svg.ga-svg').count()).toBe(1);
    expect(await a.locator('.ga-svg [data-province]').count()).toBe(10);
    expect(await a.locator('.ga-svg [data-box]').count()).toBe(54);
    expect(await a.locator('.ga-svg [data-guild]').count()).toBe(5);
    expect(await a.locator('.ga-svg [data-colony]').count()).toBe(6);
    // Colour AND letter per player: Ann A, Bob B, Cy C.
    expect(await a.locator('.ga-player[data-seat="1"] .ga-piece-letter').textContent()).toBe('B');

    // --- set-up: markers (Ann in yellow Brabant), two tokens each, the Steward on box 7
    let v = 0;
    const place = async (p: Page, id: string, label: string) => {
      v = await moveBy(p, async () => {
        await province(p, id).click();
        await button(p, label).click();
      });
    };
    const everyoneAt = async (want: number) => {
      for (const p of pages) await catchUp(p, want);
    };
    await place(a, 'brabant', 'Put your influence marker in Brabant');
    await catchUp(b, v);
    await place(b, 'holland', 'Put your influence marker in Holland');
    await catchUp(c, v);
    await place(c, 'friesland', 'Put your influence marker in Friesland');
    await catchUp(a, v);
    await a.screenshot({ path: `${env.artifacts}/01-setup-desktop.png` });
    await place(a, 'utrecht', 'Put a movement token in Utrecht');
    await place(a, 'utrecht', 'Put a movement token in Utrecht');
    await catchUp(b, v);
    await place(b, 'gelderland', 'Put a movement token in Gelderland');
    await place(b, 'gelderland', 'Put a movement token in Gelderland');
    await catchUp(c, v);
    await place(c, 'zeeland', 'Put a movement token in Zeeland');
    await place(c, 'limburg', 'Put a movement token in Limburg');
    v = await moveBy(c, async () => {
      await c.locator('.ga-svg [data-box="7"]').click();
      await button(c, 'Start the Steward on box 7').click();
    });
    await everyoneAt(v);
    for (const p of pages) {
      expect(await p.locator('.ga-svg').getAttribute('data-steward')).toBe('7');
      expect(await province(p, 'brabant').getAttribute('data-marker')).toBe('0');
      expect(await province(p, 'holland').getAttribute('data-marker')).toBe('1');
      expect(await tokensIn(p, 'utrecht')).toEqual([2, 0, 0]);
      expect(await tokensIn(p, 'gelderland')).toEqual([0, 2, 0]);
      // ... drawn, not only told: the Steward at box 7, Ann's marker (A) in Brabant, Bob's tokens (B) in Gelderland.
      expect(await p.locator('.ga-svg .ga-steward').count()).toBe(1);
      expect(await p.locator('.ga-svg .ga-box.steward-here').getAttribute('data-box')).toBe('7');
      expect(await pieces(p, 'province:brabant').locator('.ga-marker .ga-piece-letter').textContent()).toBe('A');
      expect(await pieces(p, 'province:gelderland').locator('.ga-token .ga-piece-letter').textContent()).toBe('B');
    }

    // --- turn 1, Ann: roll; every page shows the dice and where the Steward went
    expect(await a.locator('.turn').textContent()).toContain('Turn 1: your move');
    v = await moveBy(a, () => button(a, 'Roll the dice').click());
    await everyoneAt(v);
    const roll = await a.locator('.ga-roll').getAttribute('data-roll');
    expect(roll).toMatch(/^[1-6]\+[1-6]$/);
    const steps = roll!
      .split('+')
      .map(Number)
      .reduce((x, y) => x + y, 0);
    for (const p of pages) {
      expect(await p.locator('.ga-roll').getAttribute('data-roll')).toBe(roll);
      expect(await p.locator('.ga-svg').getAttribute('data-steward')).toBe(String(7 + steps));
      expect(await p.locator('.ga-steward-line').textContent()).toContain(`box ${7 + steps}`);
      expect(await p.locator('.ga-svg .ga-box.steward-here').getAttribute('data-box')).toBe(String(7 + steps));
    }
    await a.screenshot({ path: `${env.artifacts}/02-rolled-desktop.png` });

    // --- a token from Utrecht to Holland: select Utrecht, click Holland on the map
    const annBefore = await money(a, 0);
    await province(a, 'utrecht').click();
    await expect.poll(() => province(a, 'holland').getAttribute('class')).toContain('target');
    expect(await province(a, 'gelderland').getAttribute('class')).toContain('target');
    expect(await province(a, 'friesland').getAttribute('class')).not.toContain('target');
    // A ½-guilder move goes at once: no question to answer first.
    v = await moveBy(a, () => province(a, 'holland').click());
    expect(await a.locator('.ga-actions .confirm').count()).toBe(0);
    await a.screenshot({ path: `${env.artifacts}/03-move-made-desktop.png` });
    expect(await tokensIn(a, 'holland')).toEqual([1, 0, 0]);
    expect(await tokensIn(a, 'utrecht')).toEqual([1, 0, 0]);
    expect(await money(a, 0)).toBe(annBefore - 1);
    expect(await a.locator('.ga-player[data-seat="0"] .ga-money').textContent()).toMatch(/½ guilders$/);

    // --- a guild takeover: the yellow guild for 3 guilders
    await a.locator('.ga-svg [data-guild="yellow"]').click();
    await button(a, 'Take over the yellow guild for 3 guilders').click();
    await a.locator('.ga-actions .confirm').getByText('Take over the yellow guild for 3 guilders?').waitFor();
    v = await moveBy(a, () => button(a, 'Pay 3 guilders').click());
    expect(await money(a, 0)).toBe(annBefore - 1 - 6);
    await everyoneAt(v);
    for (const p of pages) {
      const g = p.locator('.ga-svg [data-guild="yellow"]');
      expect(await g.getAttribute('data-holder')).toBe('0');
      expect(await g.getAttribute('data-level')).toBe('1');
      // Ann's marker is drawn on the yellow column of the Guilds Chart.
      expect(await pieces(p, 'guild:yellow').locator('.ga-marker .ga-piece-letter').textContent()).toBe('A');
      expect(await tokensIn(p, 'holland')).toEqual([1, 0, 0]);
    }
    await b.screenshot({ path: `${env.artifacts}/04-guild-taken-phone.png` });

    // --- an auction of Brabant's yellow action: Bob bids ½, Cy bids 1, Bob passes, Cy wins
    v = await moveBy(a, async () => {
      await province(a, 'brabant').click();
      await button(a, 'Auction the yellow action of your marker in Brabant').click();
    });
    await everyoneAt(v);
    for (const p of pages) {
      expect(await p.locator('.ga-auction').getAttribute('data-bidder')).toBe('1');
      expect(await province(p, 'brabant').getAttribute('class')).toContain('auctioned');
    }
    expect(await b.locator('.turn').textContent()).toContain('your bid');
    expect(await a.locator('.ga-actions').count()).toBe(0);
    expect(await c.locator('.ga-actions').count()).toBe(0);
    await button(b, 'Bid ½ guilder').click();
    await b
      .locator('.ga-actions .confirm')
      .getByText(/^Bid ½ guilder\? If nobody bids more, you pay it to Ann/)
      .waitFor();
    await b.screenshot({ path: `${env.artifacts}/05-bid-confirm-phone.png` });
    v = await moveBy(b, () => button(b, 'Yes, bid ½ guilder').click());
    await everyoneAt(v);
    for (const p of pages) {
      expect(await p.locator('.ga-auction').getAttribute('data-high')).toBe('1:1');
      expect(await p.locator('.ga-auction').getAttribute('data-bidder')).toBe('2');
      expect(await p.locator('.ga-high').textContent()).toBe('Highest bid: Bob, ½ guilder.');
    }
    // The smallest bid Cy is offered is a raise of ½ guilder.
    expect(await c.locator('.ga-bids button').first().textContent()).toBe('Bid 1 guilder');
    expect(await c.locator('.turn').textContent()).toContain('your bid');
    expect(await a.locator('.ga-actions').count()).toBe(0);
    expect(await b.locator('.ga-actions').count()).toBe(0);
    v = await moveBy(c, async () => {
      await button(c, 'Bid 1 guilder').click();
      await button(c, 'Yes, bid 1 guilder').click();
    });
    await everyoneAt(v);
    await c.screenshot({ path: `${env.artifacts}/06-auction-desktop.png` });
    for (const p of pages) {
      expect(await p.locator('.ga-auction').getAttribute('data-high')).toBe('2:2');
      expect(await p.locator('.ga-auction').getAttribute('data-bidder')).toBe('1');
      expect(await p.locator('.ga-high').textContent()).toBe('Highest bid: Cy, 1 guilder.');
    }
    expect(await b.locator('.turn').textContent()).toContain('your bid');
    expect(await a.locator('.ga-actions').count()).toBe(0);
    expect(await c.locator('.ga-actions').count()).toBe(0);
    const moneyBefore = [await money(b, 0), await money(b, 1), await money(b, 2)];
    v = await moveBy(b, () => button(b, /^Pass/).click());
    await everyoneAt(v);
    for (const p of pages) {
      expect(await p.locator('.ga-auction').count()).toBe(0);
      expect(await money(p, 0)).toBe(moneyBefore[0]! + 2);
      expect(await money(p, 1)).toBe(moneyBefore[1]);
      expect(await money(p, 2)).toBe(moneyBefore[2]! - 2);
      expect(await p.locator('.log').textContent()).toContain('Cy wins the auction for Brabant and pays Ann 1 guilder.');
      expect(await p.locator('.ga-player[data-seat="2"] .ga-hand-count').textContent()).toBe('Hand: 1 (1 yellow)');
    }
    // Cy sees the card in her hand; the marker in Brabant is used up for this turn.
    const prize = await c.locator('.ga-hand [data-card]').getAttribute('data-card');
    expect(prize).toMatch(/^investment-/);
    expect(await c.locator('.ga-hand').textContent()).toContain(cardName(prize!).replace(/^./, (x) => x.toUpperCase()));
    expect(await pieces(a, 'province:brabant').locator('.ga-used').count()).toBe(1);
    await c.screenshot({ path: `${env.artifacts}/07-prize-in-hand-desktop.png`, fullPage: true });

    // --- Ann ends her turn; Bob and Cy roll and end theirs; Ann is to roll again
    v = await moveBy(a, async () => {
      await button(a, 'End my turn').click();
      await button(a, 'Yes, end my turn').click();
    });
    await catchUp(b, v);
    expect(await b.locator('.turn').textContent()).toContain('Turn 2: your move');
    v = await moveBy(b, () => button(b, 'Roll the dice').click());
    await b.locator('.ga-board').screenshot({ path: `${env.artifacts}/08-board-phone.png` });
    v = await moveBy(b, async () => {
      await button(b, 'End my turn').click();
      await button(b, 'Yes, end my turn').click();
    });
    await catchUp(c, v);
    // Cy plays this turn by keyboard only: roll, select Zeeland on the map, move a token into a
    // neighbour. Focus stays where she works and is never dropped on the page body.
    await button(c, 'Roll the dice').focus();
    v = await moveBy(c, () => c.keyboard.press('Enter'));
    // The Roll button is gone: focus goes to the top of the action panel, not to the page body.
    await expect.poll(async () => (await focused(c)).text).toBe('Your move');
    // The map's places are reachable with the keyboard (back from the panel with Shift+Tab).
    await pressUntil(c, 'Shift+Tab', (f) => f.place === 'zeeland');
    expect(await province(c, 'zeeland').getAttribute('role')).toBe('button');
    expect(await province(c, 'zeeland').getAttribute('aria-pressed')).toBe('false');
    await c.keyboard.press('Enter');
    // Selecting a place keeps the focus on it (pressed) and shows its actions in the panel.
    await expect.poll(() => province(c, 'zeeland').getAttribute('aria-pressed')).toBe('true');
    expect((await focused(c)).place).toBe('zeeland');
    expect(await c.locator('.ga-actions .ga-here').getAttribute('data-place')).toBe('province:zeeland');
    expect(await c.locator('.ga-actions .ga-here h3').textContent()).toBe('Zeeland (blue province)');
    expect(await c.locator('.ga-svg .ga-province.target').count()).toBeGreaterThan(0);
    // Tab along the map to a neighbouring province that takes the token.
    await pressUntil(c, 'Tab', (f) => f.target);
    const into = (await focused(c)).place;
    expect(['holland', 'brabant', 'vlaanderen']).toContain(into);
    expect((await focused(c)).label).toMatch(/Move a token here\.$/);
    // A ½-guilder move is made on the key press, without a question.
    v = await moveBy(c, () => c.keyboard.press('Enter'));
    expect(await c.locator('.ga-actions .confirm').count()).toBe(0);
    // After the move the focus is back on the province the token went to.
    await expect.poll(async () => (await focused(c)).place).toBe(into);
    expect((await tokensIn(c, into))[2]).toBeGreaterThanOrEqual(1);
    // A question (ending the turn) gets the focus; Escape withdraws it and hands the focus back.
    await button(c, 'End my turn').focus();
    await c.keyboard.press('Enter');
    await expect.poll(async () => (await focused(c)).text).toBe('Yes, end my turn');
    await c.screenshot({ path: `${env.artifacts}/09-keyboard-confirm-desktop.png` });
    await c.keyboard.press('Escape');
    await expect.poll(async () => (await focused(c)).text).toBe('End my turn');
    expect(await c.locator('.ga-actions .confirm').count()).toBe(0);
    await c.keyboard.press('Enter');
    await expect.poll(async () => (await focused(c)).text).toBe('Yes, end my turn');
    v = await moveBy(c, () => c.keyboard.press('Enter'));
    await everyoneAt(v);
    expect(await a.locator('.turn').textContent()).toContain('Turn 4: your move');
    expect(await b.locator('.turn').textContent()).toContain('Turn 4: waiting for Ann to roll');
    expect((await tokensIn(a, into))[2]).toBeGreaterThanOrEqual(1);
    expect(await pieces(a, `province:${into}`).locator('.ga-token .ga-piece-letter').allTextContents()).toContain('C');
    await a.screenshot({ path: `${env.artifacts}/10-turn-4-desktop.png`, fullPage: true });
    await b.screenshot({ path: `${env.artifacts}/11-turn-4-phone.png`, fullPage: true });
    expect(errors).toEqual([]);

    // --- hands stay private: Cy's cards never reached Ann's or Bob's page
    const record = await env.table.store.get(matchId);
    const state = record!.state as GoldenAgeState;
    const hidden = state.players[2]!.hand;
    expect(hidden).toContain(prize);
    for (const [seat, p] of [
      [0, a],
      [1, b],
    ] as const) {
      const snaps = await p.evaluate(() => (window as unknown as { __snaps: Snap[] }).__snaps);
      expect(snaps.length).toBeGreaterThan(20);
      for (const { html } of snaps) expect(leaks(html, hidden), `page of seat ${seat}`).toEqual([]);
    }
    const bodies = await Promise.all(answers.map(async (r) => ({ seat: r.seat, body: await r.body })));
    expect(bodies.filter((r) => r.seat !== 2).length).toBeGreaterThan(20);
    for (const r of bodies) if (r.seat !== 2) expect(leaks(r.body, hidden), `answer to seat ${r.seat}`).toEqual([]);
    // The detector finds the card where it may be: on Cy's own page and in her answers.
    const cySnaps = await c.evaluate(() => (window as unknown as { __snaps: Snap[] }).__snaps);
    expect(leaks(cySnaps[cySnaps.length - 1]!.html, hidden)).toEqual(hidden);
    expect(bodies.some((r) => r.seat === 2 && leaks(r.body, hidden).length > 0)).toBe(true);

    await ctxA.close();
    await ctxB.close();
    await ctxC.close();
  }, 120_000);
});
