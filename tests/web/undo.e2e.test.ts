/**
 * Undo in the browser (issue 17, "Take back a slip"): in the auction game a player seals a bid by
 * clicking, the page offers "Undo" while the other player has not sealed yet, and one click takes the
 * bid back: the hand is whole again, it is their move again, and the log says so on both pages. Once
 * both bids are shown, nothing is offered.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { pageVersion, playAuctionStep, waitForVersionAbove } from './support/auction-clicks.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const env = e2eSite('web-undo');

describe('undo in the browser', () => {
  it('a sealed bid is taken back with the Undo button; the log shows it to both players', async () => {
    const made = await makeMatch(env.server.url, 'dutch-auction', ['Ann', 'Bob']);
    const ctxA = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const ctxB = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await a.goto(made.seats[0]!.url);
    await b.goto(made.seats[1]!.url);
    await a.locator('.dutch[data-phase="commit"]').waitFor();
    const handBefore = await a.locator('[data-zone="hand"] button.card').count();
    expect(await a.getByRole('button', { name: 'Undo' }).count()).toBe(0);

    expect(await playAuctionStep(a)).toBe(true);
    const undo = a.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    expect(await a.locator('main.match').getAttribute('data-my-turn')).toBe('false');
    await expectAccessible(a, 'undo offered');
    await a.screenshot({ path: `${env.artifacts}/undo-offered.png`, fullPage: true });

    const sealedAt = await pageVersion(a);
    await undo.click();
    await waitForVersionAbove(a, sealedAt);
    expect(await a.locator('.notice.error').allInnerTexts()).toEqual([]);
    expect(await a.locator('main.match').getAttribute('data-my-turn')).toBe('true');
    expect(await a.locator('[data-zone="hand"] button.card').count()).toBe(handBefore);
    expect(await a.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await expect.poll(() => a.locator('.log-lines').innerText()).toContain('Ann took back their last move.');
    // Bob's page hears of it on its next poll.
    await b.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => b.locator('.log-lines').innerText(), { timeout: 20_000 }).toContain('Ann took back their last move.');
    expect(await b.getByRole('button', { name: 'Undo' }).count()).toBe(0);

    // Sealed again, and Bob seals too: the bids are shown, and nothing can be taken back.
    expect(await playAuctionStep(a)).toBe(true);
    await a.getByRole('button', { name: 'Undo' }).waitFor();
    await expect.poll(async () => (await b.locator('main.match').getAttribute('data-my-turn')) === 'true', { timeout: 20_000 }).toBe(true);
    expect(await playAuctionStep(b)).toBe(true);
    await a.evaluate(() => window.dispatchEvent(new Event('focus')));
    await a.locator('.dutch[data-phase="actions"]').waitFor({ timeout: 20_000 });
    expect(await a.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await ctxA.close();
    await ctxB.close();
  });

  it('with undo requests chosen on the create form, a finished turn is asked back and the other player accepts it by clicking', async () => {
    const ctxA = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const ctxB = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await a.goto(`${env.server.url}/`);
    await a.getByLabel('Dutch (auction deck-builder)').check();
    await a.getByLabel('Your name').fill('Ann');
    await a.getByLabel(/Players may ask to take back a finished turn/).check();
    const created = a.waitForResponse((r) => r.url().endsWith('/api/matches') && r.request().method() === 'POST');
    await a.getByRole('button', { name: 'Create the match' }).click();
    const answer = await created;
    expect(JSON.parse(answer.request().postData() ?? '{}').undoRequests).toBe(true);
    const { matchId, invites } = (await answer.json()) as { matchId: string; invites: { url: string }[] };
    const invite = new URL(invites[0]!.url).hash.slice('#invite='.length);
    const joined = await fetch(`${env.server.url}/api/matches/${matchId}/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invite, name: 'Bob' }),
    });
    const bob = (await joined.json()) as { url: string };
    await b.goto(bob.url);
    await a.locator('.dutch[data-phase="commit"]').waitFor();
    await b.locator('.dutch[data-phase="commit"]').waitFor();
    expect(await playAuctionStep(a)).toBe(true);
    expect(await playAuctionStep(b)).toBe(true);
    await a.evaluate(() => window.dispatchEvent(new Event('focus')));
    await a.locator('.dutch[data-phase="actions"]').waitFor({ timeout: 20_000 });
    // The bid winner plays phase 3 to its end; its turn then passes to the other player.
    const winner = (await a.locator('main.match').getAttribute('data-my-turn')) === 'true' ? a : b;
    const other = winner === a ? b : a;
    while ((await winner.locator('main.match').getAttribute('data-my-turn')) === 'true') {
      expect(await playAuctionStep(winner)).toBe(true);
    }
    const ask = winner.getByRole('button', { name: 'Ask to undo' });
    await ask.waitFor();
    await ask.click();
    await winner.getByText(/You asked to take back your last turn; waiting for/).waitFor();
    await other.evaluate(() => window.dispatchEvent(new Event('focus')));
    const accept = other.getByRole('button', { name: 'Accept' });
    await accept.waitFor({ timeout: 20_000 });
    await expectAccessible(other, 'undo request');
    await other.screenshot({ path: `${env.artifacts}/undo-request.png`, fullPage: true });
    await accept.click();
    await expect.poll(() => other.locator('.log-lines').innerText()).toContain('took back their last turn, as the others agreed.');
    await winner.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect
      .poll(async () => (await winner.locator('main.match').getAttribute('data-my-turn')) === 'true', { timeout: 20_000 })
      .toBe(true);
    await ctxA.close();
    await ctxB.close();
  });
});
