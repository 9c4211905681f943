/**
 * The browser test of issue 28, in real headless Chromium against the local app (DynamoDB Local, the dispatcher
 * that rates finished matches, sign-in mails in the dev outbox): two people in two browsers, each signed in with a
 * player name. Ann opens a rated auction game; Bob presses "Play someone now" in the lobby and lands in it. Twenty
 * moves are played through the API with each player's own seat token (random legal moves, seeded), then Bob
 * resigns; both match pages then show each rating's change, and the ratings were changed once. Ann blocks Bob on his player page
 * (axe clean there); then quick match no longer pairs them: each gets a new open game of their own.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { playMove, readMatch, resign, type SeatLink } from './support/matches.js';

const env = e2eSite('safety-web', { notify: true, players: true });

async function signIn(p: Page, address: string, name: string) {
  const base = env.server.url;
  const asked = await p.request.post(`${base}/api/session/link`, { data: { address }, headers: { Origin: base } });
  expect(asked.status()).toBe(202);
  const mail = env.server.outbox!.list().find((m) => m.to === address)!;
  const link = /https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0];
  await p.goto(link);
  await p.getByRole('button', { name: 'Sign in on this device' }).click();
  await p.getByRole('heading', { name: 'Signed in' }).waitFor();
  const named = await p.request.put(`${base}/api/me/name`, { data: { name }, headers: { Origin: base } });
  expect(named.status()).toBe(200);
}

interface Seated {
  matchId: string;
  seat: number;
  token: string;
  url: string;
  joined: boolean;
}

/** "Play someone now" on the lobby page; the seat the answer handed out. */
async function quickMatch(p: Page, name: string): Promise<Seated> {
  await p.goto(`${env.server.url}/lobby`);
  await p.getByRole('heading', { name: 'Lobby' }).waitFor();
  await p.getByLabel('Your name').fill(name);
  // The answer is read on its way to the page (the page moves on to the match at once).
  let seated: Seated | undefined;
  await p.route('**/api/lobby/quick', async (route) => {
    const response = await route.fetch();
    seated = (await response.json()) as Seated;
    await route.fulfill({ response });
  });
  await p.getByRole('button', { name: 'Play someone now' }).click();
  await p.waitForURL(/\/m\/[\w-]{12}/);
  await p.unroute('**/api/lobby/quick');
  return seated!;
}

/** Plays `count` moves: whoever is to act makes a random legal move (a seeded generator), through the API. */
async function playSome(matchId: string, seats: SeatLink[], count: number): Promise<void> {
  let seed = 20261128;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let toAct = (await readMatch(env.server.url, matchId, seats[0]!)).toAct[0]!;
  for (let moves = 0; moves < count; moves++) {
    const seat = seats.find((s) => s.seat === toAct)!;
    const after = await playMove(env.server.url, matchId, seat, (legal) => legal[Math.floor(random() * legal.length)]);
    expect(after.status).toBe('active');
    toAct = after.toAct[0]!;
  }
}

describe('strangers in two browsers', () => {
  // A whole flow of several pages in two browsers: bounded generously, since each step waits on what it needs.
  it('find each other by quick match, play a rated auction game until one resigns, see the ratings change once; after a block quick match keeps them apart', {
    timeout: 240_000,
  }, async () => {
    const contexts: BrowserContext[] = [
      await env.browser.newContext({ viewport: { width: 1280, height: 800 } }),
      await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
    ];
    const base = env.server.url;
    try {
      const [ann, bob] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
      await signIn(ann, 'ann.safety@example.com', 'AnnSafe');
      await signIn(bob, 'bob.safety@example.com', 'BobSafe');

      // Ann opens a rated game; Bob's "Play someone now" finds it.
      const opened = await ann.request.post(`${base}/api/lobby`, {
        headers: { Origin: base },
        data: { game: 'dutch-auction', options: { edition: 'current' }, seats: 2, name: 'AnnSafe', deadlineDays: 3, rated: true },
      });
      expect(opened.status()).toBe(201);
      const annSeat = (await opened.json()) as Seated;
      const bobSeat = await quickMatch(bob, 'BobSafe');
      expect(bobSeat).toMatchObject({ joined: true, matchId: annSeat.matchId });

      // A whole game through the API takes minutes on DynamoDB Local: twenty moves, then Bob resigns (a rated end).
      await playSome(annSeat.matchId, [annSeat, bobSeat], 20);
      await resign(base, annSeat.matchId, bobSeat);
      expect((await readMatch(base, annSeat.matchId, annSeat)).status).toBe('over');
      // Each page shows both seats' rating changes once the dispatcher has rated the end.
      await ann.goto(annSeat.url);
      await bob.goto(bobSeat.url);
      for (const p of [ann, bob]) await expect.poll(() => p.locator('.rating-change').count(), { timeout: 20_000 }).toBe(2);
      const ratings = async () =>
        (await (await ann.request.get(`${base}/api/matches/${annSeat.matchId}/ratings`)).json()) as {
          rated: boolean;
          changes: { before: number; after: number }[];
        };
      const first = await ratings();
      expect(first.rated).toBe(true);
      expect(first.changes).toHaveLength(2);
      for (const c of first.changes) expect(c.after).not.toBe(c.before);
      // Once: the board lines hold each player once, at the rating the match gave.
      expect(await ratings()).toEqual(first);

      // Ann blocks Bob on his page.
      await ann.goto(`${base}/players/BobSafe`);
      await ann.getByRole('button', { name: 'Block BobSafe' }).click();
      await ann.getByText('You blocked BobSafe.').waitFor();
      await expectAccessible(ann, 'a player page with block and report');

      // Quick match no longer pairs them: Ann opens a game, Bob gets a new one instead of joining hers.
      const annNext = await quickMatch(ann, 'AnnSafe');
      const bobNext = await quickMatch(bob, 'BobSafe');
      expect(annNext.joined).toBe(false);
      expect(bobNext.joined).toBe(false);
      expect(bobNext.matchId).not.toBe(annNext.matchId);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
});
