/**
 * Challenges by name in real headless Chromium on a phone, against the local app (DynamoDB Local, sign-in mails in
 * the dev outbox): Ann challenges Bob from his player page and lands at her seat, Bob accepts from his account page
 * and lands at his; the match has started with both names; axe finds nothing on either page.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, signInAs } from './support/e2e.js';

const env = e2eSite('challenges-web', { notify: true, players: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

describe('challenges by name', () => {
  // A whole flow of several pages in two browsers: bounded generously, since each step waits on what it needs.
  it('challenges from the player page, accepted from the account page: both land in the started match (phone)', {
    timeout: 240_000,
  }, async () => {
    const [annCtx, bobCtx] = await Promise.all([env.browser.newContext(PHONE), env.browser.newContext(PHONE)]);
    const [ann, bob] = await Promise.all([annCtx.newPage(), bobCtx.newPage()]);
    try {
      await signInAs(env, bob, 'bob.challenges@example.com', 'Bob Challenged');
      await signInAs(env, ann, 'ann.challenges@example.com', 'Ann Challenger');

      await ann.goto(`${env.server.url}/players/${encodeURIComponent('Bob Challenged')}`);
      await ann.getByRole('heading', { name: 'Bob Challenged', level: 1 }).waitFor();
      const button = ann.getByRole('button', { name: /^Challenge to / });
      await button.waitFor();
      await expectAccessible(ann, 'the player page with its Challenge button');
      await button.click();
      const landed = await Promise.race([
        ann.waitForURL(/\/m\/[\w-]+/).then(() => ''),
        ann.locator('p.challenge [role=alert]').innerText(),
      ]);
      expect(landed).toBe('');
      const matchId = /\/m\/([\w-]+)/.exec(ann.url())![1]!;

      await bob.goto(`${env.server.url}/account`);
      const challenges = bob.locator('section.challenges');
      await challenges.getByText('Ann Challenger challenges you').waitFor();
      await expectAccessible(bob, 'the account page with a challenge');
      await challenges.getByRole('button', { name: 'Accept' }).click();
      await bob.waitForURL(new RegExp(`/m/${matchId}`));

      const view = await bob.evaluate(async (id) => {
        const r = await fetch('/api/challenges');
        return { lists: await r.json(), id };
      }, matchId);
      expect(view.lists).toEqual({ incoming: [], outgoing: [] });
      await bob.getByText('Ann Challenger').first().waitFor();
      await ann.reload();
      await ann.getByText('Bob Challenged').first().waitFor();
    } finally {
      await Promise.all([annCtx.close(), bobCtx.close()]);
    }
  });
});
