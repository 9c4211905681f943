/**
 * Reminders, deadlines and notification settings end to end in real headless Chromium, against
 * the real local app with its notifications part running as under `npm start` (no SMTP_URL, so
 * mail goes to the dev outbox at /dev/outbox):
 * - the create form's reminder and deadline choices reach the match and show in its options,
 *   with the deadline policy and when my move is due;
 * - the notifications panel: a bad address shows the server's own error and changes nothing; my
 *   own address gets exactly one confirmation mail and the panel says it is pending; once the mail's
 *   link is followed, the email switch turns mail off and on again;
 * - pausing my deadlines shows until when, and moves my deadline back by the pause;
 * - "Notify this device" in a browser without a push service ends in a clear sentence, not a crash;
 * - a browser that confirmed an address (and came back by the confirmation page's link) finds it offered
 *   in its next match's panel, and using it takes effect at once, with no second mail;
 * - the web app manifest is linked and allowed by the content security policy.
 * Screenshots go to test-artifacts/web/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite, openMatchMenu, setVisible } from './support/e2e.js';

const env = e2eSite('notify-web', { notify: true });
const DAY = 24 * 3600 * 1000;

/** The seat token this browser keeps for the match (to ask the API what the page should show). */
async function seatToken(p: Page, matchId: string): Promise<string> {
  return p.evaluate((id) => {
    const seats = JSON.parse(localStorage.getItem('dutch:v1:seats') ?? '[]') as { matchId: string; token: string }[];
    return seats.find((s) => s.matchId === id)!.token;
  }, matchId);
}

describe('reminders, deadlines and notifications in the browser', () => {
  it('creates with a deadline, confirms an email address, pauses deadlines and handles push without a push service', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // Permission granted up front, so the push attempt gets as far as the browser's push service.
    await ctx.grantPermissions(['notifications'], { origin: env.server.url });
    const a = await ctx.newPage();
    const errors: string[] = [];
    a.on('pageerror', (e) => errors.push(e.message));
    a.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|manifest/i.test(m.text())) errors.push(m.text());
    });

    // ---- create: 12-hour reminders, 1 day per move, with the policy explained beside it
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Secret sums (test game)').check();
    const reminder = a.getByLabel(/Remind whoever is to move/);
    const deadline = a.getByLabel('Move deadline');
    expect(await reminder.inputValue()).toBe('24');
    expect(await deadline.inputValue()).toBe('0');
    expect(await a.locator('#timing-deadline-hint').innerText()).toContain('simply waits');
    await reminder.selectOption('12');
    await deadline.selectOption('1');
    const hint = await a.locator('#timing-deadline-hint').innerText();
    expect(hint).toContain('1 day to do it');
    expect(hint).toContain('forfeits');
    await a.getByLabel('Your name').fill('Ann');
    await a.screenshot({ path: `${env.artifacts}/40-create-with-deadline-phone.png`, fullPage: true });
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    expect((await env.table.store.get(matchId))?.timing).toEqual({ reminderHours: 12, deadlineDays: 1 });

    // Bob joins through the API with the invite link the page shows.
    const invite = new URL(await a.locator('#invite-1').inputValue()).hash.slice('#invite='.length);
    const joined = await fetch(`${env.server.url}/api/matches/${matchId}/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invite, name: 'Bob' }),
    });
    expect(joined.status).toBe(200);
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 30_000 });

    // ---- the match's options, and when my move is due (in the match menu)
    await openMatchMenu(a);
    const options = a.locator('.match-options');
    expect(await options.locator('[data-option="reminder"]').innerText()).toContain('after 12 hours');
    expect(await options.locator('[data-option="deadline"]').innerText()).toBe('Move deadline: 1 day per move.');
    expect(await options.locator('.policy').innerText()).toContain('forfeits');
    const stored = (await env.table.store.get(matchId))!;
    const dueAt = stored.seats[0]!.waitingSince! + DAY;
    await options.locator('.due').waitFor();
    expect(Number(await options.locator('.due').getAttribute('data-due'))).toBe(dueAt);
    expect(await options.locator('.due').innerText()).toMatch(/^Your move is due by .+ \(due in (24|23) hours\)\.$/);
    expect(await a.locator('.players li', { hasText: 'Ann (you)' }).innerText()).toMatch(/due in (24|23) hours/);

    // ---- the notifications panel, downloaded when opened (here with the keyboard)
    await a.locator('.notify summary').focus();
    await a.keyboard.press('Enter');
    await a.locator('.notify-panel[data-ready="true"]').waitFor();
    const panel = a.locator('.notify');
    const token = await seatToken(a, matchId);
    const summary = async () =>
      (await (
        await fetch(`${env.server.url}/api/matches/${matchId}/seats/0/notifications`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        email: unknown;
        channels: { email: boolean };
      };
    const before = await summary();

    // A bad address: the server's words, and nothing changes.
    await panel.getByLabel('Your own email address').fill('ann at example');
    await panel.getByRole('button', { name: 'Send the confirmation mail' }).click();
    const emailSection = panel.locator('section[aria-labelledby="nt-email-h"]');
    await emailSection.locator('.notice.error').waitFor();
    expect(await emailSection.locator('.notice.error').innerText()).toContain('Enter an email address.');
    expect(await summary()).toEqual(before);
    expect(env.server.outbox!.list()).toEqual([]);
    expect(await panel.getByLabel('Your own email address').inputValue()).toBe('ann at example');
    await a.screenshot({ path: `${env.artifacts}/41-bad-address-phone.png`, fullPage: true });

    // My own address: one confirmation mail, and the panel says it waits for it.
    const address = `ann-${matchId.toLowerCase()}@example.test`;
    await panel.getByLabel('Your own email address').fill(address);
    await panel.getByLabel('Your own email address').press('Enter');
    await panel.locator('[data-email-state="pending"]').waitFor();
    // Focus stays in the section whose form just went away.
    expect(await a.evaluate(() => document.activeElement?.id)).toBe('nt-email-h');
    expect(await panel.locator('.notice.error').count()).toBe(0);
    expect(await panel.locator('.email-line').innerText()).toContain(address);
    expect(await panel.innerText()).toContain('Confirmation pending');
    const outboxPage = await fetch(`${env.server.url}/dev/outbox`);
    expect(outboxPage.status).toBe(200);
    const outboxHtml = await outboxPage.text();
    expect(outboxHtml).toContain(`To ${address}`);
    expect(outboxHtml.split('<article>').length - 1).toBe(1);
    expect(outboxHtml).toContain('Confirm email notices');
    await a.screenshot({ path: `${env.artifacts}/42-email-pending-phone.png`, fullPage: true });

    // ---- confirmed through the mail's link (its page asks with a button), then the panel's email
    // switch: off and on again, each change stored on the server and said in the section
    const confirmUrl = /https?:\/\/\S+\/api\/notify\/confirm\?t=[\w-]+/.exec(env.server.outbox!.list()[0]!.text)![0];
    // The match page goes to the background while the mail's tab is in front, and is shown again
    // afterwards: its panel, still open, shows the address confirmed without a reload.
    await setVisible(a, false);
    const mailTab = await ctx.newPage();
    await mailTab.goto(confirmUrl);
    await mailTab.getByRole('button', { name: 'Yes, send me email' }).click();
    await mailTab.getByText('We will email you when this match needs you.').waitFor();
    await mailTab.close();
    expect(await panel.locator('[data-email-state="pending"]').count()).toBe(1);
    await setVisible(a, true);
    await panel.locator('[data-email-state="confirmed"]').waitFor({ timeout: 10_000 });
    const emailSwitch = panel.getByLabel('Email me about this match');
    expect(await emailSwitch.isChecked()).toBe(true);
    await emailSwitch.uncheck();
    await emailSection.getByText('Email is off for this match.').waitFor();
    expect((await summary()).channels.email).toBe(false);
    expect(await emailSwitch.isChecked()).toBe(false);
    await emailSwitch.check();
    await emailSection.getByText('Email is on for this match.').waitFor();
    expect((await summary()).channels.email).toBe(true);

    // ---- pause my deadlines for two days: shown until when, and my deadline moves back by two days
    await panel.getByLabel('Pause for').selectOption('2');
    await panel.getByRole('button', { name: 'Pause my deadlines' }).click();
    await panel.locator('.paused').waitFor();
    const pausedUntil = (await env.table.store.get(matchId))!.seats[0]!.pausedUntil!;
    expect(Number(await panel.locator('.paused').getAttribute('data-paused-until'))).toBe(pausedUntil);
    expect(await panel.locator('.paused time').getAttribute('datetime')).toBe(new Date(pausedUntil).toISOString());
    expect(pausedUntil - Date.now()).toBeGreaterThan(2 * DAY - 60_000);
    expect(pausedUntil - Date.now()).toBeLessThanOrEqual(2 * DAY);
    expect(await panel.locator('.paused').innerText()).toContain('Your deadlines are paused until');
    expect(await panel.innerText()).toContain('You have 12 days of pause left in this match.');
    await a.waitForFunction(
      (want) => Number(document.querySelector('.match-options .due')?.getAttribute('data-due')) === want,
      dueAt + 2 * DAY,
      { timeout: 20_000 },
    );
    expect(await a.locator('.players li', { hasText: 'Ann (you)' }).innerText()).toContain('away until');
    await a.screenshot({ path: `${env.artifacts}/43-paused-phone.png`, fullPage: true });

    // ---- push: headless Chromium has no push service, so the button ends in a clear sentence
    expect(await panel.locator('[data-push]').count()).toBe(0);
    await panel.getByRole('button', { name: 'Notify this device' }).click();
    const pushSection = panel.locator('section[aria-labelledby="nt-push-h"]');
    await pushSection.locator('.notice.error').waitFor({ timeout: 30_000 });
    expect(await pushSection.locator('.notice.error').innerText()).toContain(
      'Push notifications are not available in this browser right now',
    );
    expect(await panel.getByRole('button', { name: 'Notify this device' }).isEnabled()).toBe(true);
    await a.screenshot({ path: `${env.artifacts}/44-push-unavailable-phone.png`, fullPage: true });

    // Still exactly one mail, to my address, and the seat has no device.
    const mails = env.server.outbox!.list();
    expect(mails.map((m) => m.to)).toEqual([address]);
    expect(((await summary()) as unknown as { push: { devices: number } }).push.devices).toBe(0);

    // ---- the web app manifest: linked, served, allowed by the CSP
    expect(await a.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await fetch(`${env.server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('content-security-policy')).toContain("manifest-src 'self'");
    expect(await manifest.json()).toMatchObject({
      short_name: 'Dutch',
      start_url: '/',
      display: 'standalone',
      icons: expect.arrayContaining([expect.objectContaining({ src: '/favicon.svg' })]),
    });

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('offers an address this browser confirmed in its next match, and uses it at once with no new mail', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 1024, height: 800 } });
    const a = await ctx.newPage();
    const errors: string[] = [];
    a.on('pageerror', (e) => errors.push(e.message));
    const create = async (name: string) => {
      await a.goto(`${env.server.url}/`);
      await a.getByLabel('Secret sums (test game)').check();
      await a.getByLabel('Your name').fill(name);
      await a.getByRole('button', { name: 'Create the match' }).click();
      await a.locator('main.match[data-status="open"]').waitFor();
      await openMatchMenu(a);
      await a.locator('.notify summary').click();
      await a.locator('.notify-panel[data-ready="true"]').waitFor();
      return new URL(a.url()).pathname.split('/')[2]!;
    };
    const first = await create('Di');
    const address = `di-${first.toLowerCase()}@example.test`;
    const mailsTo = () => env.server.outbox!.list().filter((m) => m.to === address);
    const panel = a.locator('.notify');
    expect(await panel.getByLabel('Your own email address').inputValue()).toBe('');
    await panel.getByLabel('Your own email address').fill(address);
    await panel.getByRole('button', { name: 'Send the confirmation mail' }).click();
    await panel.locator('[data-email-state="pending"]').waitFor();

    // The mail's link in another tab: confirm, then back to the match by the page's link.
    const confirmUrl = /https?:\/\/\S+\/api\/notify\/confirm\?t=[\w-]+/.exec(mailsTo()[0]!.text)![0];
    const mailTab = await ctx.newPage();
    await mailTab.goto(confirmUrl);
    await mailTab.getByRole('button', { name: 'Yes, send me email' }).click();
    await mailTab.getByText('it will remember the address').waitFor();
    await mailTab.getByRole('link', { name: 'Back to the match' }).click();
    await mailTab.locator('main.match').waitFor();
    // The proof stays in this browser and leaves the address bar.
    expect(new URL(mailTab.url()).hash).toBe('');
    expect(await mailTab.evaluate(() => localStorage.getItem('dutch:v1:addresses'))).toContain(address);
    await mailTab.close();

    // The next match: the panel offers the address, says it needs no mail, and uses it at once.
    const second = await create('Di');
    expect(second).not.toBe(first);
    const field = panel.getByLabel('Your own email address');
    expect(await field.inputValue()).toBe(address);
    expect(await field.getAttribute('aria-describedby')).toContain('nt-email-known');
    expect(await panel.locator('[data-email-known]').innerText()).toContain('no new confirmation mail');
    await expectAccessible(a, 'the notifications panel offering a confirmed address');
    await a.screenshot({ path: `${env.artifacts}/46-known-address.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Use this address' }).click();
    await panel.locator('[data-email-state="confirmed"]').waitFor();
    expect(await panel.locator('section[aria-labelledby="nt-email-h"] .status-line').innerText()).toBe(
      `Email about this match now goes to ${address}.`,
    );
    expect(await panel.getByLabel('Email me about this match').isChecked()).toBe(true);
    expect(mailsTo()).toHaveLength(1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('says so, with no button, when the browser has no push support', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    // A browser without the Push API (as Safari on an iPhone outside the Home Screen).
    await ctx.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const p = await ctx.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${env.server.url}/`);
    await p.getByLabel('Secret sums (test game)').check();
    await p.getByLabel('Your name').fill('Cy');
    await p.getByRole('button', { name: 'Create the match' }).click();
    await p.locator('main.match[data-status="open"]').waitFor();
    // Without a deadline: the options say so, and the panel has nothing to pause.
    await openMatchMenu(p);
    expect(await p.locator('.match-options [data-option="deadline"]').innerText()).toBe('No move deadline.');
    expect(await p.locator('.match-options [data-option="reminder"]').innerText()).toContain('after 24 hours');
    await p.locator('.notify summary').click();
    await p.locator('.notify-panel[data-ready="true"]').waitFor();
    expect(await p.locator('.notify [data-push="unsupported"]').innerText()).toContain('cannot receive notifications');
    expect(await p.locator('.notify').getByRole('button', { name: 'Notify this device' }).count()).toBe(0);
    expect(await p.locator('#nt-pause-h').count()).toBe(0);
    await p.screenshot({ path: `${env.artifacts}/45-no-push-support-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
