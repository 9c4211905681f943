/** The match page's version as the page shows it, and waiting for the page to catch up with a version. */
import type { Page } from 'playwright-core';

/** The version of the match the page shows (`main.match[data-version]`). */
export const version = async (p: Page) => Number(await p.locator('main.match').getAttribute('data-version'));

/** The player looks at the tab again (a focus event polls at once); waits until it shows version `v` or later, idle. */
export async function catchUp(p: Page, v: number): Promise<void> {
  await p.evaluate(() => dispatchEvent(new Event('focus')));
  await p.waitForFunction(
    (want) => {
      const main = document.querySelector('main.match');
      return Number(main?.getAttribute('data-version')) >= want && main?.getAttribute('data-busy') !== 'true';
    },
    v,
    { timeout: 20_000 },
  );
}

/** Waits until the page shows at least version `v` with no move in flight; a focus event asks it to poll now. */
export async function waitVersion(p: Page, v: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await p.evaluate((want) => {
      const main = document.querySelector('main.match');
      return Number(main?.getAttribute('data-version')) >= want && main?.getAttribute('data-busy') !== 'true';
    }, v);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`page stuck below version ${v} (shows ${await version(p)})`);
    await p.evaluate(() => window.dispatchEvent(new Event('focus')));
    await p.waitForTimeout(200);
  }
}
