/**
 * End to end in real headless Chromium against the real local app (API on DynamoDB Local, the
 * built site): two players play a complete game of Dutch (current edition) only by clicking and
 * typing on the pages. Along the way:
 * - player A's page (every DOM state and every API answer it received) never holds a card of
 *   player B's that A has not legitimately seen, checked against the stored match replayed move
 *   by move;
 * - a hidden tab sends no polls (its clock is run ten minutes ahead), and polls at once when shown.
 * Screenshots of the key moments go to test-artifacts/web/.
 */
import { existsSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { english } from '../support/words.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { pageVersion as version, playAuctionStep as playStep, waitForVersionAbove } from './support/auction-clicks.js';
import { e2eSite, SNAPSHOT_SCRIPT, setVisible } from './support/e2e.js';

const env = e2eSite('web');

/** Card ids and names of B's that A may not know at each version, from the stored match replayed. */
async function hiddenFromA(matchId: string, seatB: number) {
  const record = await env.table.store.get(matchId);
  const log = await env.table.store.fullLog(matchId);
  expect(record?.seed).toBeTruthy();
  const start = log.find((l) => l.kind === 'start')!;
  let state: DutchAuctionState = dutchAuction.setup(2, record!.options as { edition: 'current' }, record!.seed!);
  const publicCards = new Set<string>();
  const hidden = new Map<number, Set<string>>();
  const handsA = new Map<number, Set<string>>();
  const note = (v: number, s: DutchAuctionState) => {
    s.display.forEach((c) => c && publicCards.add(c));
    s.auctionDiscards.forEach((c) => publicCards.add(c));
    for (const p of s.seats) {
      p.bid.forEach((c) => publicCards.add(c.id));
      p.cashedIn.forEach((c) => publicCards.add(c));
    }
    const b = s.seats[seatB]!;
    const mine = new Set([...b.hand, ...b.deck, ...b.discards, ...(b.setAside ? [b.setAside] : []), ...(b.sealed?.bid ?? [])]);
    hidden.set(v, new Set([...mine].filter((c) => !publicCards.has(c))));
    handsA.set(v, new Set(s.seats[1 - seatB]!.hand));
  };
  note(start.version, state);
  for (const l of log) {
    if (l.kind !== 'move') continue;
    const r = dutchAuction.apply(state, l.seat!, l.move as never, { now: l.at });
    if (!r.ok) throw new Error(`replay failed at ${l.version}: ${r.error.code}`);
    state = r.value.state;
    note(l.version, state);
  }
  // The replay reproduces the stored match, so the hidden sets are those of the real game.
  expect(state).toEqual(record!.state);
  const at = <T>(m: Map<number, T>, v: number, none: T): T => {
    let best = none;
    for (const [when, value] of m) if (when <= v) best = value;
    return best;
  };
  return { hiddenAt: (v: number) => at(hidden, v, new Set<string>()), handOfAAt: (v: number) => at(handsA, v, new Set<string>()) };
}

function leaks(text: string, hidden: Set<string>): string[] {
  const found: string[] = [];
  for (const id of hidden) {
    const idPattern = new RegExp(`(?<![A-Za-z0-9-])${id}(?![A-Za-z0-9])`);
    if (idPattern.test(text) || text.includes(english({ key: `game.dutch-auction.card.${id}` }))) found.push(id);
  }
  return found;
}

describe('Dutch in the browser', () => {
  it('two players create, share, join and play a whole game; A never sees B’s hidden cards; a hidden tab does not poll', async () => {
    const ctxA: BrowserContext = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    const ctxB: BrowserContext = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await a.addInitScript(SNAPSHOT_SCRIPT);
    const answersA: Promise<{ url: string; body: string }>[] = [];
    a.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 200) answersA.push(r.text().then((body) => ({ url: r.url(), body })));
    });
    const errors: string[] = [];
    for (const p of [a, b]) p.on('pageerror', (e) => errors.push(e.message));

    // --- A creates a match of Dutch, current edition
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Dutch (auction deck-builder)').check();
    await expect.poll(() => a.getByLabel('Edition').inputValue()).toBe('current');
    await a.getByLabel('Your name').fill('Ann');
    await a.screenshot({ path: `${env.artifacts}/01-home-desktop.png`, fullPage: true });
    await a.getByRole('button', { name: 'Create the match' }).click();
    await a.locator('main.match[data-status="open"]').waitFor();
    const matchId = new URL(a.url()).pathname.split('/')[2]!;
    expect(a.url()).toBe(`${env.server.url}/m/${matchId}`);
    await a.screenshot({ path: `${env.artifacts}/02-created-share-desktop.png`, fullPage: true });

    // --- A copies the invite link; B opens it, picks a name and joins
    await a.locator('.copy-link', { hasText: 'Invite link' }).getByRole('button', { name: 'Copy link' }).click();
    await a.getByText('Copied.').waitFor();
    const invite = await a.evaluate(() => navigator.clipboard.readText());
    expect(invite).toMatch(new RegExp(`^${env.server.url}/m/${matchId}#invite=[A-Za-z0-9_-]{43}$`));
    await b.goto(invite);
    // The secret left the address bar before anything else happened.
    expect(b.url()).toBe(`${env.server.url}/m/${matchId}`);
    await b.getByLabel(/Your name/).fill('Bob');
    await b.screenshot({ path: `${env.artifacts}/03-join-phone.png`, fullPage: true });
    await b.getByRole('button', { name: 'Join the match' }).click();
    await b.locator('main.match[data-status="active"]').waitFor();
    await a.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
    const seatB = 1;

    // --- B opens the rules help from the match page
    await b.getByRole('button', { name: 'Rules' }).click();
    await b.getByRole('heading', { name: 'Tied bids' }).waitFor();
    await b.screenshot({ path: `${env.artifacts}/04-rules-phone.png` });
    await b.getByRole('button', { name: 'Close' }).click();

    // --- the game, only by clicks, until the final scores
    let hiddenChecked = false;
    let shotBuy = false;
    rmSync(`${env.artifacts}/07-buy-phone.png`, { force: true });
    let steps = 0;
    let idleRounds = 0;
    while (
      (await a.locator('main.match').getAttribute('data-status')) !== 'over' ||
      (await b.locator('main.match').getAttribute('data-status')) !== 'over'
    ) {
      expect(steps).toBeLessThan(400);
      const first = steps === 0;
      const actedA = await playStep(a, first ? { commit: `${env.artifacts}/05-commit-desktop.png` } : {});
      const actedB = await playStep(
        b,
        first ? { commit: `${env.artifacts}/06-commit-phone.png` } : shotBuy ? {} : { buy: `${env.artifacts}/07-buy-phone.png` },
      );
      if (!first && actedB && existsSync(`${env.artifacts}/07-buy-phone.png`)) shotBuy = true;
      if (actedA || actedB) {
        steps++;
        idleRounds = 0;
      } else {
        expect(++idleRounds).toBeLessThan(200);
        await a.waitForTimeout(150);
      }
      if (steps === 4 && !hiddenChecked) {
        hiddenChecked = true;
        await a.screenshot({ path: `${env.artifacts}/08-actions-desktop.png`, fullPage: true });
        await b.screenshot({ path: `${env.artifacts}/09-actions-phone.png`, fullPage: true });
        // --- an idle hidden tab sends no polls; shown again, it polls at once
        // A second tab of A's, in its own context (same storage) so that its fake clock is its own.
        const ctxA2 = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await ctxA.storageState() });
        const a2 = await ctxA2.newPage();
        await a2.clock.install();
        let polls = 0;
        a2.on('request', (r) => {
          if (r.url().includes(`/api/matches/${matchId}/`)) polls++;
        });
        await a2.goto(`${env.server.url}/m/${matchId}`);
        await a2.locator('main.match').waitFor();
        // The page may first draw the state kept from the other tab; idle means its first read has landed.
        await waitForVersionAbove(a2, (await env.table.store.get(matchId))!.version - 1);
        await setVisible(a2, false);
        const hiddenAt = polls;
        const seenVersion = await version(a2);
        // The game goes on meanwhile, so there would be something to fetch.
        let moved = 0;
        while (moved < 2) {
          if ((await playStep(a, {})) || (await playStep(b, {}))) moved++;
          else await a.waitForTimeout(150);
          steps++;
        }
        await a2.clock.runFor(10 * 60_000);
        await a2.waitForTimeout(500);
        expect(polls).toBe(hiddenAt);
        expect(await version(a2)).toBe(seenVersion);
        await setVisible(a2, true);
        await waitForVersionAbove(a2, seenVersion);
        expect(polls).toBeGreaterThan(hiddenAt);
        await ctxA2.close();
      }
    }
    expect(errors).toEqual([]);

    // --- final scores on both pages
    for (const p of [a, b]) {
      await p.getByRole('heading', { name: 'Final result' }).waitFor();
      expect(await p.locator('.score-table').count()).toBe(2);
      await p.getByRole('button', { name: 'Ask for a rematch' }).waitFor();
    }
    const record = await env.table.store.get(matchId);
    expect(record?.status).toBe('over');
    const scores = record!.end!.scores!;
    const tables = await a.locator('.score-table caption').allTextContents();
    expect(tables.join(' ')).toContain(`Ann: ${scores[0]} VP`);
    expect(tables.join(' ')).toContain(`Bob: ${scores[1]} VP`);
    await a.screenshot({ path: `${env.artifacts}/10-final-desktop.png`, fullPage: true });
    await b.screenshot({ path: `${env.artifacts}/11-final-phone.png` });
    await b.locator('.outcome').screenshot({ path: `${env.artifacts}/12-final-breakdown-phone.png` });

    // --- nothing of B's hidden cards ever reached A
    const { hiddenAt, handOfAAt } = await hiddenFromA(matchId, seatB);
    const snaps =
      (await a.evaluate(() => (window as unknown as { __snaps: { version: number; status: string; html: string }[] }).__snaps)) ?? [];
    const answers = await Promise.all(answersA);
    let checked = 0;
    for (const s of snaps) {
      if (s.status === 'over' || s.version === 0) continue;
      const hidden = hiddenAt(s.version);
      if (hidden.size) checked++;
      expect(leaks(s.html, hidden), `DOM at version ${s.version}`).toEqual([]);
    }
    for (const r of answers) {
      const body = JSON.parse(r.body) as { version?: number; status?: string };
      if (typeof body.version !== 'number' || body.status === 'over') continue;
      const hidden = hiddenAt(body.version);
      if (hidden.size) checked++;
      expect(leaks(r.body, hidden), `answer ${r.url} at version ${body.version}`).toEqual([]);
    }
    // The check had something to find: many states with hidden cards; and the detector does find
    // cards that are on show (A's own hand on A's page during the first commit).
    expect(checked).toBeGreaterThan(20);
    const firstCommit = snaps.find((s) => s.status === 'active' && s.html.includes('data-phase="commit"'))!;
    const handA = handOfAAt(firstCommit.version);
    expect(handA.size).toBe(5);
    expect(leaks(firstCommit.html, handA).sort()).toEqual([...handA].sort());

    await ctxA.close();
    await ctxB.close();
  }, 300_000);
});
