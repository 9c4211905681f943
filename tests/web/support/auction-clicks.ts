/**
 * Playing Dutch (the auction game) on a page by clicks only, as a simple player would: seal the
 * first card of the hand, buy the cheapest card the bid pays for, else finish the turn.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const pageVersion = async (p: Page) => Number(await p.locator('main.match').getAttribute('data-version'));

/** Waits until the page shows a newer version than `v` and has no move in flight. */
export async function waitForVersionAbove(p: Page, v: number, timeout = 20_000) {
  await p.waitForFunction(
    (old) => {
      const main = document.querySelector('main.match');
      return Number(main?.getAttribute('data-version')) > old && main?.getAttribute('data-busy') !== 'true';
    },
    v,
    { timeout },
  );
}

/**
 * One step for the player on this page, if it is their move: returns whether it acted. `shots` names
 * files for screenshots of the sealed choice and of a purchase about to be made.
 */
export async function playAuctionStep(p: Page, shots: { commit?: string; buy?: string } = {}): Promise<boolean> {
  const main = p.locator('main.match');
  if ((await main.getAttribute('data-my-turn')) !== 'true') return false;
  if ((await p.locator('.actionbar').count()) === 0) return false;
  const before = await pageVersion(p);
  const phase = await p.locator('.dutch').getAttribute('data-phase');
  if (phase === 'commit') {
    if (!(await clickUnlessMovedOn(p, p.locator('[data-zone="hand"] button.card').first(), before))) return false;
    if (shots.commit) await p.screenshot({ path: shots.commit, fullPage: true });
    await p.getByRole('button', { name: 'Seal my bid' }).click();
    await p.getByRole('button', { name: 'Seal', exact: true }).click();
  } else {
    const bid = await p.locator('[data-zone="my-bid"] [data-card]').count();
    const slots = await p
      .locator('[data-zone="display"] li[data-slot]')
      .evaluateAll((lis) => lis.filter((li) => li.querySelector('button[data-card]')).map((li) => Number(li.getAttribute('data-slot'))));
    const slot = slots.filter((s) => s <= bid).sort((x, y) => x - y)[0];
    if (slot !== undefined) {
      await p.locator(`[data-zone="display"] li[data-slot="${slot}"] button.card`).click();
      const payers = p.locator('[data-zone="my-bid"] button.card');
      for (let i = 0; i < slot; i++) await payers.nth(i).click();
      const buy = p.getByRole('button', { name: /^Buy the / });
      await expect.poll(() => buy.count()).toBe(1);
      if (shots.buy) await p.screenshot({ path: shots.buy, fullPage: true });
      await buy.click();
    } else {
      await p.getByRole('button', { name: 'Finish my turn' }).click();
      await p.getByRole('button', { name: 'Finish', exact: true }).click();
    }
  }
  await waitForVersionAbove(p, before);
  expect(await p.locator('.notice.error').allInnerTexts()).toEqual([]);
  return true;
}

/**
 * Clicks, unless the page moves on to a newer version first (its polling can bring one between
 * reading the page and the click, on a slow machine): then the caller looks again. A page that
 * stays put and still offers nothing to click fails as before.
 */
async function clickUnlessMovedOn(p: Page, target: ReturnType<Page['locator']>, version: number): Promise<boolean> {
  try {
    await target.click({ timeout: 10_000 });
    return true;
  } catch (err) {
    if ((await pageVersion(p)) !== version) return false;
    throw err;
  }
}

/** Asks the page to poll now (a focus event), as a player coming back to the tab would. */
export const nudge = (p: Page) => p.evaluate(() => window.dispatchEvent(new Event('focus')));
