/**
 * The match page as a table: per game, at 1280×800 the whose-move line, the player's own cards,
 * the primary action and the newest log line are all on the first screen with no scrolling; at 390×844 the
 * whose-move line and the primary action are. The page passes axe in light and dark mode, and under
 * prefers-reduced-motion nothing animates (while without it, what changed does).
 * Screenshots of each page (first screen and whole page) go to $SHOTS_DIR when set (never into the repo).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { GameId } from '#shared/games/ids.js';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch, playMove, readMatch } from './support/matches.js';

const env = e2eSite('table-web');
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const WIDE = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Per game: where the player's own cards are, and the action they would take first. */
const GAMES: Record<GameId, { own: string; primary: string }> = {
  'dutch-auction': { own: '.dutch .mine', primary: '.dutch .actionbar button' },
  'dutch-memory': { own: '.dm-bench.mine', primary: '.dm-actions button' },
  // In its set-up the move is made on the map: the primary action is the panel that asks for it.
  'golden-age': { own: '.ga-hand', primary: '.ga-actions' },
};

/** The Golden Age is played by 3–4. */
const NAMES: Record<string, string[]> = { 'golden-age': ['Ann', 'Bob', 'Cas'] };

/** Moves made before the page is looked at: in the memory game both look at their cards first (no button then). */
const MOVES: Record<string, number> = { 'dutch-memory': 2 };

/** A match of the fewest players in which a move was made (so the log has a line); the seat now to move. */
async function matchWithAMove(game: string) {
  const base = env.server.url;
  const m = await makeMatch(base, game, NAMES[game] ?? ['Ann', 'Bob']);
  for (let i = 0; i < (MOVES[game] ?? 1); i++) {
    const before = await readMatch(base, m.matchId, m.seats[0]!);
    await playMove(base, m.matchId, m.seats[before.toAct[0]!]!);
  }
  const now = await readMatch(base, m.matchId, m.seats[0]!);
  return m.seats[now.toAct[0]!]!;
}

/** The element's box, as the page opens (not scrolled); fails when there is none. */
async function box(p: Page, selector: string) {
  const b = await p.locator(selector).first().boundingBox();
  expect(b, `${selector} is drawn`).not.toBeNull();
  return b!;
}

async function expectOnFirstScreen(p: Page, what: string, selector: string, height: number) {
  const b = await box(p, selector);
  expect(b.y, `${what} (${selector}) starts on the first screen`).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, `${what} (${selector}) ends on the first screen (top ${Math.round(b.y)})`).toBeLessThanOrEqual(height);
}

async function open(p: Page, url: string) {
  await p.goto(url);
  await p.waitForFunction(() => document.querySelector('main.match')?.getAttribute('data-drawn') === 'all');
  await p.evaluate(() => scrollTo(0, 0));
}

async function shoot(p: Page, name: string) {
  if (!SHOTS) return;
  await p.screenshot({ path: `${SHOTS}/${name}.png` });
  await p.screenshot({ path: `${SHOTS}/${name}-whole.png`, fullPage: true });
}

/** The newest log line: the last of "since you last looked" if there is one, else the top of the log. */
const NEWEST_LOG = '.log .since li:last-child, .log details[open] .log-lines li:first-child';

describe('the match page as a table', () => {
  for (const [game, sel] of Object.entries(GAMES)) {
    it(`${game}: wide and phone first screens, axe light and dark`, async () => {
      const seat = await matchWithAMove(game);
      const wide = await env.browser.newContext(WIDE);
      const p = await wide.newPage();
      await open(p, seat.url);
      await shoot(p, `${game}-wide`);
      const phone = await env.browser.newContext(PHONE);
      const q = await phone.newPage();
      await open(q, seat.url);
      await shoot(q, `${game}-phone`);

      await expectOnFirstScreen(p, 'the whose-move line', '#turn-line', 800);
      await expectOnFirstScreen(p, 'the own cards', sel.own, 800);
      await expectOnFirstScreen(p, 'the primary action', sel.primary, 800);
      await expectOnFirstScreen(p, 'the newest log line', NEWEST_LOG, 800);
      await expectAccessible(p, `${game}, 1280×800, light`);
      await p.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(p, `${game}, 1280×800, dark`);
      if (SHOTS) await p.screenshot({ path: `${SHOTS}/${game}-wide-dark.png` });

      await expectOnFirstScreen(q, 'the whose-move line', '#turn-line', 844);
      await expectOnFirstScreen(q, 'the primary action', sel.primary, 844);
      await q.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(q, `${game}, 390×844, dark`);
      await wide.close();
      await phone.close();
    }, 60_000);
  }

  /** Names of the elements animating now (an animation with a duration above zero). */
  const animating = (p: Page) =>
    p.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => {
          const s = getComputedStyle(el);
          return s.animationName !== 'none' && s.animationDuration.split(',').some((d) => Number.parseFloat(d) > 0);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`),
    );

  it('what a move changed animates, and nothing does under prefers-reduced-motion', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'golden-age', NAMES['golden-age']!);
    const runs: Record<string, string[]> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const now = await readMatch(base, m.matchId, m.seats[0]!);
      const actor = m.seats[now.toAct[0]!]!;
      const watcher = m.seats[actor.seat === 0 ? 1 : 0]!;
      const ctx = await env.browser.newContext({ ...WIDE, reducedMotion });
      // Seen once, then the other player moves: opened again, the page marks what changed since.
      const seen = await ctx.newPage();
      await open(seen, watcher.url);
      await seen.close();
      await playMove(base, m.matchId, actor);
      const p = await ctx.newPage();
      await open(p, watcher.url);
      await p.locator('.changed-tag').first().waitFor();
      runs[reducedMotion] = await animating(p);
      await ctx.close();
    }
    expect(runs['no-preference']!.length, 'something animates when motion is welcome').toBeGreaterThan(0);
    expect(runs.reduce, 'nothing animates under prefers-reduced-motion').toEqual([]);
  }, 60_000);

  it('the home page shows each game with a picture and one line of what it is, axe clean in light and dark', async () => {
    const ctx = await env.browser.newContext(WIDE);
    const p = await ctx.newPage();
    await p.goto(`${env.server.url}/`);
    await p.locator('.game-choice').waitFor();
    for (const game of Object.keys(GAMES)) {
      const card = p.locator('.game-card', { has: p.locator(`input[value="${game}"]`) });
      expect(await card.locator('svg.game-picture').count(), `${game}'s picture`).toBe(1);
      // The line is the radio's description, not part of its name.
      expect(await card.locator('input').getAttribute('aria-describedby')).toBe(`game-line-${game}`);
      expect((await card.locator('.game-line').innerText()).length, `${game}'s line`).toBeGreaterThan(20);
    }
    if (SHOTS) await p.screenshot({ path: `${SHOTS}/home-wide.png`, fullPage: true });
    await expectAccessible(p, 'home, light');
    await p.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(p, 'home, dark');
    await ctx.close();
  }, 30_000);
});
