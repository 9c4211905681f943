/**
 * The leaderboards page (/ratings) in real headless Chromium, on a phone: in English and in Dutch, axe finds
 * nothing (WCAG A/AA), the page fits the screen's width, and choosing a game with several seat counts offers them.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';

const env = e2eSite('leaderboards', { notify: true });
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

describe('the leaderboards page', () => {
  for (const { locale, title, game, seats, empty } of [
    { locale: 'en-GB', title: 'Leaderboards', game: 'Game', seats: 'Players', empty: /Nobody is on this board yet/ },
    { locale: 'nl-NL', title: 'Ranglijsten', game: 'Spel', seats: 'Spelers', empty: /Nog niemand op deze ranglijst/ },
  ]) {
    it(`works on a phone in ${locale}, accessible, fitting the screen`, async () => {
      const ctx = await env.browser.newContext({ ...PHONE, locale });
      const p = await ctx.newPage();
      await p.goto(`${env.server.url}/ratings`);
      await p.getByRole('heading', { level: 1, name: title }).waitFor();
      await p.getByText(empty).waitFor();
      await expectAccessible(p, `leaderboards (${locale})`);
      await p.getByLabel(game).selectOption('golden-age');
      await p.getByLabel(seats).selectOption('4');
      await p.getByText(empty).waitFor();
      await expectAccessible(p, `leaderboards, the Golden Age for four (${locale})`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await ctx.close();
    });
  }
});
