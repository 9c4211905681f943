/**
 * Friends in real headless Chromium on a phone, against the local app (DynamoDB Local, sign-in mails in the dev
 * outbox): Ann follows Bob from his player page, her account page lists him online with the game he opened, and
 * one click seats her in it; axe finds nothing on either page.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, signInAs } from './support/e2e.js';

const env = e2eSite('friends-web', { notify: true, players: true });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };

describe('friends', () => {
  // A whole flow of several pages in two browsers: bounded generously, since each step waits on what it needs.
  it('follows a player from their page, sees them online with their open game, and joins it in one click (phone)', {
    timeout: 240_000,
  }, async () => {
    const [annCtx, bobCtx] = await Promise.all([env.browser.newContext(PHONE), env.browser.newContext(PHONE)]);
    const [ann, bob] = await Promise.all([annCtx.newPage(), bobCtx.newPage()]);
    try {
      await signInAs(env, bob, 'bob.friends@example.com', 'Bob Friend');
      await signInAs(env, ann, 'ann.friends@example.com', 'Ann Friend');
      const opened = await bob.evaluate(async () => {
        const r = await fetch('/api/lobby', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            game: 'dutch-auction',
            options: { edition: 'current' },
            seats: 2,
            name: 'Bob Friend',
            deadlineDays: 3,
            rated: false,
          }),
        });
        return { status: r.status, matchId: ((await r.json()) as { matchId: string }).matchId };
      });
      expect(opened.status).toBe(201);

      await ann.goto(`${env.server.url}/players/${encodeURIComponent('Bob Friend')}`);
      await ann.getByRole('heading', { name: 'Bob Friend', level: 1 }).waitFor();
      await ann.getByRole('button', { name: 'Follow' }).click();
      await ann.getByText('You follow this player.').waitFor();
      await expectAccessible(ann, 'the player page with its Follow button');

      await ann.goto(`${env.server.url}/account`);
      const friends = ann.locator('section.friends');
      await friends.getByRole('link', { name: 'Bob Friend' }).waitFor();
      expect(await friends.innerText()).toContain('online now');
      await expectAccessible(ann, 'the account page with its friends list');
      await friends.getByRole('button', { name: 'Join' }).click();
      await ann.waitForURL(new RegExp(`/m/${opened.matchId}`));
    } finally {
      await Promise.all([annCtx.close(), bobCtx.close()]);
    }
  });
});
