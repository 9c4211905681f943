/**
 * The chat-app webhook settings in real headless Chromium, on a phone, in Dutch and in English, with axe
 * (WCAG A/AA) finding nothing: add a Discord webhook for my notices and a signed one for the whole match (its
 * secret shown once), pause and resume, remove. Adding makes no call to the address, so no network is needed;
 * sending is tested against a local HTTPS stand-in in tests/notify/webhooks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('webhooks-web', { notify: true });

const WORDS = {
  nl: {
    address: 'Webhookadres',
    everyone: /Die van iedereen/,
    add: 'Webhook toevoegen',
    pause: 'Pauzeren',
    resume: 'Hervatten',
    remove: 'Weghalen',
    paused: 'Gepauzeerd',
    secret: /ondertekeningsgeheim/,
  },
  en: {
    address: 'Webhook address',
    everyone: /Everyone's in this match/,
    add: 'Add the webhook',
    pause: 'Pause',
    resume: 'Resume',
    remove: 'Remove',
    paused: 'Paused',
    secret: /signing secret/,
  },
} as const;

async function openPanel(p: Page, url: string) {
  await p.goto(url);
  await p.locator('main.match').waitFor();
  await openMatchMenu(p);
  await p.locator('.notify summary').click();
  await p.locator('.notify-panel[data-ready="true"]').waitFor();
  await p.locator('#nt-hooks-h').waitFor();
}

describe('chat-app webhook settings in the browser', () => {
  it('adds, pauses, resumes and removes webhooks on a phone in Dutch, and shows them in English, axe clean', async () => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const ctx = await env.browser.newContext({ ...phone, locale: 'nl-NL' });
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob']);
    await openPanel(p, m.seats[0]!.url);
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('nl');
    const w = WORDS.nl;

    const section = p.locator('section[aria-labelledby="nt-hooks-h"]');
    await section.getByLabel(w.address).fill('https://discord.com/api/webhooks/123456/abc-DEF');
    await section.getByRole('button', { name: w.add }).click();
    await section.locator('.hook').first().waitFor();
    await section.getByLabel(w.address).fill('https://hooks.example.org/dutch');
    await section.getByRole('radio', { name: w.everyone }).check();
    await section.getByRole('button', { name: w.add }).click();
    await section.locator('.hook-secret code').waitFor();
    await expect.poll(() => section.locator('.hook').count()).toBe(2);
    expect(await section.locator('.hook-secret').innerText()).toMatch(w.secret);
    expect(await section.locator('.hook-secret code').innerText()).toMatch(/^whsec_/);
    // The Discord address's secret path is never shown again.
    expect(await section.innerText()).not.toContain('abc-DEF');

    const first = section.locator('.hook').first();
    await first.getByRole('button', { name: w.pause }).click();
    await expect.poll(() => first.locator('.hook-state').innerText()).toBe(w.paused);
    await expectAccessible(p, 'webhooks (nl): two added, one paused, the secret shown');
    await first.getByRole('button', { name: w.resume }).click();
    await first.getByRole('button', { name: w.pause }).waitFor();
    await first.getByRole('button', { name: w.remove }).click();
    await expect.poll(() => section.locator('.hook').count()).toBe(1);
    // Nothing wider than the phone's screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // The same seat in English: the match's webhook, in English words.
    const en = await env.browser.newContext({ ...phone, locale: 'en-GB' });
    const q = await en.newPage();
    q.on('pageerror', (e) => errors.push(e.message));
    await openPanel(q, m.seats[0]!.url);
    const inEnglish = q.locator('section[aria-labelledby="nt-hooks-h"]');
    expect(await inEnglish.locator('h3').innerText()).toBe('Chat apps');
    await expect.poll(() => inEnglish.locator('.hook').innerText()).toMatch(/Signed JSON[\s\S]*everyone's notices[\s\S]*Working/);
    await inEnglish.getByRole('button', { name: WORDS.en.pause }).waitFor();
    await expectAccessible(q, 'webhooks (en): the match webhook');
    expect(errors).toEqual([]);
    await Promise.all([ctx.close(), en.close()]);
  });
});
