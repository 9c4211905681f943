/**
 * What a player needs is never under the sticky action bar of Dutch (the auction game): at a
 * desktop (1280×800) and a phone (390×844), with the page scrolled to the bottom and with each of
 * the player's own cards scrolled into view, every own card of the hand and the bid can be hit
 * where it is drawn (elementFromPoint finds the card, not the bar).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch, playMove, readMatch } from './support/matches.js';

const env = e2eSite('layout-web');

/** Own cards whose middle is inside the viewport but covered by something else (the bar). */
function coveredCards(p: Page) {
  return p.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[data-zone="hand"] .card, [data-zone="my-bid"] .card')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      // The top part of the card (its rank and band) must be reachable, and its middle.
      for (const y of [r.top + Math.min(12, r.height / 4), r.top + r.height / 2]) {
        if (y < 0 || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !el.contains(hit))
          out.push(`${el.getAttribute('data-card')} at y=${Math.round(y)} under ${hit?.closest('[class]')?.className ?? 'nothing'}`);
      }
    }
    return out;
  });
}

async function check(p: Page, where: string) {
  await p.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  expect(await coveredCards(p), `${where}, scrolled to the bottom`).toEqual([]);
  const ids = await p
    .locator('[data-zone="hand"] .card, [data-zone="my-bid"] .card')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    // Scrolled down from the top just until the card shows (at the bottom edge of the screen), as
    // a player scrolling down to it would.
    await p.evaluate((c) => {
      scrollTo(0, 0);
      document
        .querySelector(`[data-zone="hand"] [data-card="${c}"], [data-zone="my-bid"] [data-card="${c}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    }, id);
    expect(await coveredCards(p), `${where}, ${id} scrolled into view`).toEqual([]);
  }
}

describe('the action bar of Dutch covers none of the player’s own cards', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}: the hand while sealing, the bid and kept cards while acting`, async () => {
      const phone = viewport.width < 600;
      const ctx = await env.browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
      const p = await ctx.newPage();
      const base = env.server.url;
      const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob'], { options: { edition: '2018' } });
      await p.goto(m.seats[0]!.url);
      await p.locator('.dutch[data-phase="commit"] .actionbar').waitFor();
      // Select a card so that the bar shows its full contents.
      await p.locator('[data-zone="hand"] button.card').first().click();
      await check(p, 'sealing');

      // Both seal (a bid of cards, others kept); then whoever acts first is looked at.
      const sealWithKept = (legal: unknown[]) =>
        (legal as { kind: string; bid?: string[] }[]).find((x) => x.kind === 'commit' && x.bid?.length === 2) ?? legal[0];
      for (const s of m.seats) await playMove(base, m.matchId, s, sealWithKept);
      const now = await readMatch(base, m.matchId, m.seats[0]!);
      const actor = m.seats[now.toAct[0]!]!;
      const ctx2 = await env.browser.newContext({ viewport, ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
      const q = await ctx2.newPage();
      await q.goto(actor.url);
      await q.locator('.dutch[data-phase="actions"] .actionbar').waitFor();
      await q.locator('[data-zone="my-bid"] button.card').first().click();
      await check(q, 'acting');
      // The 2018 cards (powers in words on their faces) pass axe too.
      await expectAccessible(q, `2018 edition, acting, ${viewport.width}×${viewport.height}`);
      await ctx.close();
      await ctx2.close();
    }, 120_000);
  }
});

describe('on a phone, what the player must act on comes first', () => {
  it('at 390×844: the hand and "Seal my bid" start within the first screen while sealing, the bid (above the auction) while acting', async () => {
    const ctx = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const p = await ctx.newPage();
    const m = await makeMatch(env.server.url, 'dutch-auction', ['Ann', 'Bob']);
    await p.goto(m.seats[0]!.url);
    const seal = p.getByRole('button', { name: 'Seal my bid' });
    await seal.waitFor();
    await p.evaluate(() => scrollTo(0, 0));
    // From the top of the page, as it opens (the page is not scrolled).
    const top = async (what: string) => (await p.locator(what).first().boundingBox())!.y;
    const hand = await top('[data-zone="hand"]');
    const button = (await seal.boundingBox())!.y;
    const page = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.screenshot({ path: `${env.artifacts}/phone-sealing-first-screen.png` });
    expect(hand, `the hand's top (page ${page} px long)`).toBeLessThan(844);
    expect(button, `"Seal my bid"'s top (page ${page} px long)`).toBeLessThan(844);
    await expectAccessible(p, 'phone, sealing, own zone first');

    // Bids shown, the one to act sees first the bid they act with, then the auction they buy from.
    for (const s of m.seats) await playMove(env.server.url, m.matchId, s);
    const now = await readMatch(env.server.url, m.matchId, m.seats[0]!);
    // A page of its own: going to the same seat link again would only change the fragment (no new load),
    // and this measures the page as it opens, not how soon a poke arrives.
    const q = await ctx.newPage();
    await q.goto(m.seats[now.toAct[0]!]!.url);
    await q.locator('.dutch[data-phase="actions"] .actionbar').waitFor();
    await q.evaluate(() => scrollTo(0, 0));
    const topOf = async (what: string) => (await q.locator(what).first().boundingBox())!.y;
    const bid = await topOf('[data-zone="my-bid"]');
    const display = await topOf('[data-zone="display"]');
    expect(bid, "the bid's top").toBeLessThan(844);
    expect(display, 'below the bid').toBeGreaterThan(bid);
    await ctx.close();
  }, 120_000);
});
