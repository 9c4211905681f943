/**
 * The language switcher decides the language of the player's mails too, in real headless Chromium:
 * on a match page a seat's stored language (its notification settings, which its mails and push
 * texts speak) follows the switch; a signed-in player's own language (their digest, sign-in mails,
 * and copied into seats they claim) follows it on any page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('seat-lang-web', { notify: true, players: true });

/** Waits until `read` gives `want` (the page's request is on its way, not awaited by the click). */
async function until<T>(read: () => Promise<T>, want: T): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const got = await read();
    if (got === want) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

const sessionLang = (p: Page) =>
  p.evaluate(() =>
    fetch('/api/session')
      .then((r) => r.json())
      .then((r: { player: { lang: string } }) => r.player.lang),
  );

describe('the switcher sets the language of the mails', () => {
  it("switching on a match page changes the seat's stored language, both ways", async () => {
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob']);
    const notify = new DynamoNotifyStore(env.table.doc, env.table.tableName);
    const seatLang = async () => (await notify.seat(m.matchId, 0)).prefs?.lang;
    const before = await seatLang();
    expect(before === undefined || before === 'en').toBe(true);
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    await p.goto(m.seats[0]!.url);
    await p.waitForSelector('main.match[data-version]');
    await p.getByRole('button', { name: 'Nederlands' }).click();
    await p.getByRole('heading', { name: 'Tafelpraat' }).waitFor();
    expect(await until(seatLang, 'nl')).toBe('nl');
    // The other seat keeps its own.
    expect((await notify.seat(m.matchId, 1)).prefs?.lang).not.toBe('nl');
    await p.getByRole('button', { name: 'English' }).click();
    await p.getByRole('heading', { name: 'Table chat' }).waitFor();
    expect(await until(seatLang, 'en')).toBe('en');
    await ctx.close();
  });

  it("a signed-in player's switch changes their own language", async () => {
    const base = env.server.url;
    const ctx = await env.browser.newContext({ locale: 'en-GB' });
    const p = await ctx.newPage();
    await p.goto(`${base}/signin`);
    const address = 'ann.lang@example.com';
    await p.locator('#signin-address').fill(address);
    await p.locator('form.zone button[type="submit"]').click();
    await p.locator('[data-sent="true"]').waitFor();
    const mail = env.server.outbox!.list().find((x) => x.to === address)!;
    await p.goto(/https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0]);
    await p.getByRole('button', { name: 'Sign in on this device' }).click();
    await p.getByRole('heading', { name: 'Signed in' }).waitFor();
    await p.goto(`${base}/`);
    await p.locator('nav.sitebar').waitFor();
    expect(await sessionLang(p)).toBe('en');
    await p.getByRole('button', { name: 'Nederlands' }).click();
    expect(await until(() => sessionLang(p), 'nl')).toBe('nl');
    await ctx.close();
  });
});
