/**
 * Accessibility in real headless Chromium: axe-core (WCAG 2.0/2.1/2.2, A and AA) finds nothing on
 * any main page state — home, the create form of each game (and with a computer seat and a deadline
 * rule), a match with a computer player's badge and the offer to hand one's seat over, an invite,
 * each game's match page waiting for players, at my move, at another's move and finished, the
 * notifications panel, the table chat and the rules help. Also, for keyboard and screen-reader players: the hidden
 * live region stops saying "It is your move." once the move is made, and a move made with the
 * keyboard leaves the focus on the page's content, not on the page body.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GAME_IDS, type GameId } from '#shared/games/ids.js';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch, playMove, readMatch, resign } from './support/matches.js';

const env = e2eSite('a11y-web', { notify: true });

// Keyed by the game ids, so a game without its entry here does not compile.
const BY_GAME: Record<GameId, { label: string | RegExp; names: readonly string[] }> = {
  'dutch-auction': { label: 'Dutch (auction deck-builder)', names: ['Ann', 'Bob'] },
  'dutch-memory': { label: /Dutch \(memory/, names: ['Ann', 'Bob'] },
  'golden-age': { label: /The Dutch Golden Age/, names: ['Ann', 'Bob', 'Cy'] },
};
const GAMES = GAME_IDS.map((id) => ({ id, ...BY_GAME[id] }));

/** Opens the page and waits until it shows the match at `version` or later (idle). */
async function openAt(p: Page, url: string, version: number) {
  await p.goto(url);
  await p.waitForFunction(
    (v) => {
      const main = document.querySelector('main.match');
      return Number(main?.getAttribute('data-version')) >= v && main?.getAttribute('data-busy') !== 'true';
    },
    version,
    { timeout: 20_000 },
  );
}

describe('accessibility of every main page state', () => {
  it('home, create forms, invites, match pages in every state, notifications and rules help pass axe (A/AA)', async () => {
    const ctx: BrowserContext = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guest: BrowserContext = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const a = await ctx.newPage();
    const g = await guest.newPage();
    const base = env.server.url;

    await a.goto(`${base}/`);
    await a.getByRole('button', { name: 'Create the match' }).waitFor();
    await expectAccessible(a, 'home (no matches yet)');
    for (const game of GAMES) {
      await a.getByRole('radio', { name: game.label }).check();
      await a.getByLabel(/Your name/).fill('Ann');
      await expectAccessible(a, `create form: ${game.id}`);
    }
    // The form with a computer in a seat and a deadline (which asks what a missed one does).
    await a.getByRole('combobox', { name: 'Seat 2', exact: true }).selectOption('easy');
    await a.getByLabel('Move deadline').selectOption('3');
    await a.getByLabel('When a deadline passes').selectOption('bot');
    await expectAccessible(a, 'create form: computer seat and missed-deadline rule');

    // A match with a computer player: its badge, and the offer to let a computer play one's seat.
    const vsBot = await makeMatch(base, 'dutch-auction', ['Ann', 'unused'], { bots: [{ seat: 1, level: 'strong' }] });
    await openAt(a, vsBot.seats[0]!.url, 0);
    await a.locator('.players .badge.bot').waitFor();
    await openMatchMenu(a);
    await a.locator('details.away summary').click();
    await expectAccessible(a, 'match with a computer player, the away offer open');

    for (const game of GAMES) {
      // Waiting for players, and the invite as the guest sees it.
      const open = await makeMatch(base, game.id, [...game.names], { join: false });
      await openAt(a, open.seats[0]!.url, 0);
      await a.locator('main.match[data-status="open"]').waitFor();
      await expectAccessible(a, `${game.id}: waiting for players`);
      await g.goto(open.invites[0]!);
      await g.getByRole('button', { name: 'Join the match' }).waitFor();
      await expectAccessible(g, `${game.id}: invite`);

      // A match under way: my move, then another's move.
      const m = await makeMatch(base, game.id, [...game.names]);
      const me = m.seats[0]!;
      // The table chat beside the log, with a message in it (and the nudge where it applies), in both states.
      await fetch(`${base}/api/matches/${m.matchId}/seats/1/chat`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${m.seats[1]!.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: 'Good luck <3 & have fun' }),
      });
      const seen = new Set<string>();
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        const now = await readMatch(base, m.matchId, me);
        const state = now.toAct.includes(0) ? 'my move' : 'another’s move';
        if (!seen.has(state)) {
          seen.add(state);
          await openAt(a, me.url, now.version);
          await a.locator('.chat-list li[data-seq="1"]').waitFor({ timeout: 20_000 });
          await expectAccessible(a, `${game.id}: ${state}, with the table chat`);
        }
        const mover = now.toAct.includes(0) && seen.has('my move') ? 0 : (now.toAct.find((s) => s !== 0) ?? 0);
        await playMove(base, m.matchId, m.seats[mover]!);
      }
      expect([...seen].sort()).toEqual(['another’s move', 'my move']);

      // The rules help, open.
      await a.getByRole('button', { name: 'Rules' }).click();
      await a.locator('dialog.rules .rules-text').waitFor();
      await expectAccessible(a, `${game.id}: rules help`);
      await a.getByRole('button', { name: 'Close' }).click();

      // The notifications panel, open.
      await openMatchMenu(a);
      await a.locator('.notify summary').click();
      await a.locator('.notify-panel[data-ready="true"]').waitFor();
      await expectAccessible(a, `${game.id}: notifications panel`);

      // Finished.
      await resign(base, m.matchId, m.seats[1]!);
      await openAt(a, me.url, (await readMatch(base, m.matchId, me)).version);
      await a.locator('main.match[data-status="over"]').waitFor();
      await expectAccessible(a, `${game.id}: finished`);
    }

    // Home with matches in every state, one of them at my move (its badge: white on orange).
    const waiting = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    await openAt(a, waiting.seats[0]!.url, 0);
    await a.goto(`${base}/`);
    await a.locator('.my-matches .badge.your-move').first().waitFor();
    await a.locator('.my-matches li').first().waitFor();
    await expectAccessible(a, 'home with my matches');
    await ctx.close();
    await guest.close();
  }, 240_000);

  it('the live region stops saying "It is your move." after the move, and a keyboard move keeps the focus on the page', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const a = await ctx.newPage();
    const base = env.server.url;
    const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    await openAt(a, m.seats[0]!.url, 0);
    await a.locator('main.match[data-my-turn="true"]').waitFor();
    const live = a.locator('main.match [aria-live]').first();
    await expect.poll(() => live.textContent()).toContain('It is your move.');

    // Seal a bid by keyboard only: a card of the hand, then "Seal my bid" and its confirmation.
    await a.locator('[data-zone="hand"] button.card').first().focus();
    await a.keyboard.press('Enter');
    await a.getByRole('button', { name: 'Seal my bid' }).focus();
    await a.keyboard.press('Enter');
    await a.getByRole('button', { name: 'Seal', exact: true }).waitFor();
    await expect.poll(() => a.evaluate(() => document.activeElement?.textContent)).toBe('Seal');
    const before = Number(await a.locator('main.match').getAttribute('data-version'));
    await a.keyboard.press('Enter');
    await a.waitForFunction((v) => Number(document.querySelector('main.match')?.getAttribute('data-version')) > v, before);
    await a.locator('main.match[data-my-turn="false"]').waitFor();
    // The turn passed: the live region no longer says it is my move.
    await expect.poll(() => live.textContent()).not.toContain('It is your move.');
    // The focus went to the page's own words about the turn, not the page body.
    await expect
      .poll(() => a.evaluate(() => document.activeElement !== document.body && document.activeElement?.isConnected === true))
      .toBe(true);
    expect(await a.evaluate(() => document.activeElement?.closest('main.match') !== null)).toBe(true);
    await ctx.close();
  }, 120_000);
});
