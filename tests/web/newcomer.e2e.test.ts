/**
 * What a new player meets, in real headless Chromium against the local app with its player part
 * (DynamoDB Local, sign-in mails in the dev outbox), axe on each page that changed:
 * - the home page's buttons, greyed out while no name is typed, say why (a visible hint tied to
 *   each by aria-describedby), and the hint goes once a name is there;
 * - a match whose every other seat is a computer offers no invite and no table chat, in play and
 *   after the end; its watch link and seat link stay;
 * - signed in on a new device with the matches still in another browser, "my matches" says where
 *   they are and how they come over;
 * - the site bar's link to the next match waiting for one's move reads the same on the home page and
 *   on that match's page, in Dutch and in English.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch, resign } from './support/matches.js';

const env = e2eSite('newcomer-web', { notify: true, players: true });

/** The text of what an element's aria-describedby points at, and whether all of it is shown. */
const description = (button: Locator) =>
  button.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const parts = ids.map((id) => document.getElementById(id));
    return {
      text: parts
        .map((d) => d?.textContent ?? '')
        .join(' ')
        .trim(),
      shown: parts.length > 0 && parts.every((d) => d?.checkVisibility()),
    };
  });

/** Signs this browser in by the mailed link (the `nth` mail to `address`). */
async function signIn(p: Page, address: string, nth: number) {
  await p.goto(`${env.server.url}/signin`);
  await p.locator('#signin-address').fill(address);
  await p.locator('form.zone button[type="submit"]').click();
  await p.locator('[data-sent="true"]').waitFor();
  const mails = env.server.outbox!.list().filter((m) => m.to === address);
  expect(mails.length).toBe(nth);
  await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mails[0]!.text)![0]);
  await p.getByRole('button', { name: /Sign in on this device|Log in op dit apparaat/ }).click();
  await p.getByRole('heading', { level: 1, name: /Signed in|Ingelogd/ }).waitFor();
}

describe('what a new player meets', () => {
  it('the greyed-out buttons of the home page say that a name is wanted, until one is typed', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await ctx.newPage();
    await p.goto(`${env.server.url}/`);
    await p.getByRole('radio', { name: 'Dutch (auction deck-builder)' }).check();
    const create = p.getByRole('button', { name: 'Create the match' });
    const vs = p.locator('section.vs-computer').getByRole('button', { name: 'Play against the computer' });
    await vs.waitFor();
    for (const [button, which] of [
      [create, 'Create the match'],
      [vs, 'Play against the computer'],
    ] as const) {
      expect(await button.isDisabled(), which).toBe(true);
      const said = await description(button);
      expect(said.text, which).toMatch(/name/i);
      expect(said.shown, `${which}: the reason is on the screen`).toBe(true);
    }
    await expectAccessible(p, 'home page, no name typed');
    await p.getByLabel(/Your name/).fill('Ann');
    expect(await create.isEnabled()).toBe(true);
    expect(await vs.isEnabled()).toBe(true);
    expect((await description(create)).text).toBe('');
    expect((await description(vs)).text).toBe('');
    await ctx.close();
  }, 120_000);

  it('a match against computers only offers no invite and no table chat, in play and after the end', async () => {
    const base = env.server.url;
    const solo = await makeMatch(base, 'dutch-auction', ['Ann', 'Computer'], { bots: [{ seat: 1, level: 'easy' }] });
    const friends = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    // Both seats in this browser; the friends' match first, so the chat's and the sharing's parts are
    // loaded when the page moves on to the other match (a part once loaded draws at once).
    await p.goto(solo.seats[0]!.url);
    await p.locator('main.match[data-status="active"]').waitFor();
    await p.goto(friends.seats[0]!.url);
    await p.getByRole('heading', { name: 'Table chat' }).waitFor();
    await openMatchMenu(p);
    await p.getByRole('heading', { name: 'Invite and share' }).waitFor();
    const toSolo = async () => {
      await p.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'My matches' }).click();
      await p.locator(`.my-matches li[data-match="${solo.matchId}"] a`).click();
      await p.locator(`main.match[data-version]`).waitFor();
      await p.waitForURL(`${base}/m/${solo.matchId}`);
      await openMatchMenu(p);
      await p.locator('main.match details.share').waitFor();
    };
    await toSolo();
    const headings = () => p.locator('main h2').allTextContents();
    expect(await headings()).not.toContain('Table chat');
    expect(await headings()).not.toContain('Invite and share');
    // Still a watch link to hand on, and the seat link for another device.
    const share = p.locator('details.share');
    expect(await share.locator('summary').innerText()).toBe('Links to this match');
    expect(await share.textContent()).toContain('Your seat link');
    await expectAccessible(p, 'match against a computer, in play');

    await resign(base, solo.matchId, solo.seats[0]!);
    await p.goto(friends.seats[0]!.url);
    await p.getByRole('heading', { name: 'Table chat' }).waitFor();
    await toSolo();
    await p.locator('main.match[data-status="over"]').waitFor();
    expect(await headings()).not.toContain('Table chat');
    expect(await headings()).not.toContain('Invite and share');
    await expectAccessible(p, 'match against a computer, over');
    await ctx.close();
  }, 120_000);

  it('signed in first on a new device, "my matches" says where the matches are and how they come over', async () => {
    const base = env.server.url;
    const address = 'new.device@example.com';
    const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
    // The old browser holds the seat but has not been signed in since.
    const old = await env.browser.newContext();
    const o = await old.newPage();
    await o.goto(m.seats[0]!.url);
    await o.locator('main.match[data-version]').waitFor();

    const fresh = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await fresh.newPage();
    await signIn(p, address, 1);
    await p.goto(`${base}/`);
    const mine = p.locator('.my-matches[data-source=account]');
    await mine.waitFor();
    const text = await mine.innerText();
    expect(text).toMatch(/other browser/i);
    expect(text).toMatch(/signed in/i);
    await expectAccessible(p, 'home, signed in on a new device, nothing listed');

    // Done as it says: the old browser opens the site signed in once, and the match comes over.
    await signIn(o, address, 2);
    await o.goto(`${base}/`);
    await o.locator(`.my-matches[data-source=account] li[data-match="${m.matchId}"]`).waitFor();
    await p.reload();
    await p.locator(`.my-matches[data-source=account] li[data-match="${m.matchId}"]`).waitFor();
    await old.close();
    await fresh.close();
  }, 120_000);

  for (const [lang, locale, words] of [
    ['Dutch', 'nl-NL', /^Volgende partij die op je wacht/],
    ['English', 'en-GB', /^Next match waiting for you/],
  ] as const) {
    it(`the site bar's link to the next waiting match reads the same on the home page and on that match, in ${lang}`, async () => {
      const base = env.server.url;
      const address = `next.${locale}@example.com`;
      const ctx = await env.browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
      const p = await ctx.newPage();
      const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob']);
      await p.goto(m.seats[0]!.url);
      await p.locator('main.match[data-version]').waitFor();
      await signIn(p, address, 1);
      await p.goto(`${base}/`);
      const next = p.locator('nav.sitebar .next-waiting');
      await next.waitFor();
      const onHome = (await next.innerText()).trim();
      expect(onHome).toMatch(words);
      await next.click();
      await p.waitForURL(`${base}/m/${m.matchId}`);
      await p.locator('main.match[data-my-turn="true"]').waitFor();
      await expect.poll(async () => (await next.innerText()).trim()).toBe(onHome);
      await expectAccessible(p, `match page with the next-match link, ${lang}`);
      await ctx.close();
    }, 120_000);
  }
});
