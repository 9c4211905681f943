/**
 * "My time" on the notifications panel, in real headless Chromium on a phone, in English and in Dutch: the
 * time zone starts as the browser's own (the context says Europe/Amsterdam), the player turns on quiet hours,
 * saves, and the server keeps exactly that; the panel stays free of axe findings. Screenshots go to
 * test-artifacts/web/.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('quiet-web', { notify: true });

const WORDS = {
  en: { title: 'My time', zone: 'Time zone', quiet: 'Quiet hours: no mail or push then', save: 'Save my time', saved: 'Saved.' },
  nl: {
    title: 'Mijn tijd',
    zone: 'Tijdzone',
    quiet: 'Stille uren: dan geen mail of pushberichten',
    save: 'Mijn tijd bewaren',
    saved: 'Bewaard.',
  },
} as const;

describe('my time zone and quiet hours on a phone', () => {
  it.each(['en', 'nl'] as const)('are set from the panel (%s), taken from the browser at first, and axe finds nothing', async (lang) => {
    const words = WORDS[lang];
    const ctx = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: lang === 'nl' ? 'nl-NL' : 'en-GB',
      timezoneId: 'Europe/Amsterdam',
    });
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob']);
    await p.goto(m.seats[1]!.url);
    await p.locator('main.match[data-status="active"]').waitFor({ timeout: 30_000 });
    await openMatchMenu(p);
    await p.locator('.notify summary').click();
    await p.locator('.notify-panel[data-ready="true"]').waitFor();

    const section = p.locator('section[aria-labelledby="nt-time-h"]');
    expect(await section.locator('h3').innerText()).toBe(words.title);
    const zone = section.getByLabel(words.zone);
    expect(await zone.inputValue()).toBe('Europe/Amsterdam');
    await section.getByLabel(words.quiet).check();
    await section.locator('#nt-quiet-from').fill('22:30');
    await section.locator('#nt-quiet-to').fill('07:30');
    await expectAccessible(p, `the panel's time section (${lang}, phone)`);
    await section.getByRole('button', { name: words.save }).click();
    await section.locator('.status-line', { hasText: words.saved }).waitFor();
    await p.screenshot({ path: `${env.artifacts}/quiet-hours-${lang}-phone.png`, fullPage: true });

    const summary = await fetch(`${env.server.url}/api/matches/${m.matchId}/seats/1/notifications`, {
      headers: { Authorization: `Bearer ${m.seats[1]!.token}` },
    });
    expect(((await summary.json()) as { time: unknown }).time).toEqual({ zone: 'Europe/Amsterdam', quiet: { from: '22:30', to: '07:30' } });
    expect((await env.table.store.get(m.matchId))?.seats[1]?.time).toEqual({ zone: 'Europe/Amsterdam', quiet: { from: 1350, to: 450 } });
    await expectAccessible(p, `the panel after saving (${lang}, phone)`);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
