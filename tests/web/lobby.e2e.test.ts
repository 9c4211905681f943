/**
 * Quick match in real headless Chromium against the local app (DynamoDB Local, sign-in mails in the dev outbox):
 * two people, each signed in in a browser of their own (one a phone), open the lobby, type a name and press
 * "Play someone now"; the first opens a game and lands on its match page, the second joins that game and lands on
 * the same match. axe finds nothing on the lobby page. (Playing it to the end with ratings, and blocking, come
 * with the ratings and blocking work.)
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';

const env = e2eSite('lobby-web', { notify: true, players: true });

/** Signs the page's browser in as `address` by the mailed link. */
async function signIn(p: Page, address: string) {
  const base = env.server.url;
  const asked = await p.request.post(`${base}/api/session/link`, { data: { address }, headers: { Origin: base } });
  expect(asked.status()).toBe(202);
  const mail = env.server.outbox!.list().find((m) => m.to === address)!;
  const link = /https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0];
  await p.goto(link);
  await p.getByRole('button', { name: 'Sign in on this device' }).click();
  await p.getByRole('heading', { name: 'Signed in' }).waitFor();
}

async function quickMatch(p: Page, name: string): Promise<string> {
  await p.goto(`${env.server.url}/lobby`);
  await p.getByRole('heading', { name: 'Lobby' }).waitFor();
  await p.getByLabel('Your name').fill(name);
  await p.getByRole('button', { name: 'Play someone now' }).click();
  await p.waitForURL(/\/m\/[\w-]{12}/);
  return /\/m\/([\w-]{12})/.exec(p.url())![1]!;
}

describe('quick match in two browsers', () => {
  it('two signed-in people find each other by "Play someone now" and reach the same match', async () => {
    const contexts: BrowserContext[] = [
      await env.browser.newContext({ viewport: { width: 1280, height: 800 } }),
      await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
    ];
    try {
      const [ann, bob] = await Promise.all(contexts.map((c) => c.newPage()));
      await signIn(ann!, 'ann.lobby@example.com');
      await signIn(bob!, 'bob.lobby@example.com');
      await bob!.goto(`${env.server.url}/lobby`);
      await bob!.getByRole('heading', { name: 'Open games' }).waitFor();
      await expectAccessible(bob!, 'lobby');
      const first = await quickMatch(ann!, 'Ann');
      const second = await quickMatch(bob!, 'Bob');
      expect(second).toBe(first);
      // Both pages show the match with both names once it has started.
      for (const p of [ann!, bob!]) await p.getByText('Bob').first().waitFor();
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
});
