/**
 * Replay in real headless Chromium: a finished match replayed step by step from its first version to
 * its last (buttons and keyboard), each step's board and log lines drawn from the replay route; and a
 * returning player who sees "N moves since you last looked — step through", the change marked on the
 * board in words, and can step from the view they last saw to now. axe finds nothing on any of it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { e2eSite, setVisible } from './support/e2e.js';
import { makeMatch, playMove, readMatch, resign } from './support/matches.js';

const env = e2eSite('replay-web');

async function openAt(p: Page, url: string, version: number) {
  await p.goto(url);
  await p.waitForFunction((v) => Number(document.querySelector('main.match')?.getAttribute('data-version')) >= v, version, {
    timeout: 20_000,
  });
}

const stepVersion = async (p: Page) => Number(await p.locator('section.replay').getAttribute('data-step'));
const stepText = (p: Page) => p.locator('.replay-where').textContent();

describe('replay in the browser', () => {
  it('replays a finished match step by step, first to last, board and log lines of each step', async () => {
    const base = env.server.url;
    const made = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    for (let i = 0; i < 3; i++) {
      const m = await readMatch(base, made.matchId, made.seats[0]!);
      for (const s of m.toAct) await playMove(base, made.matchId, made.seats[s]!);
    }
    await resign(base, made.matchId, made.seats[1]!);
    const final = await readMatch(base, made.matchId, made.seats[0]!);
    expect(final.status).toBe('over');

    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await openAt(p, made.seats[0]!.url, final.version);
    await p.getByRole('button', { name: 'Replay the match move by move' }).click();
    await p.locator('section.replay [data-zone="display"]').waitFor();
    expect(await stepText(p)).toMatch(/^Step 1 of \d+/);
    const first = await stepVersion(p);
    await expectAccessible(p, 'replay: first step');

    // Next, step by step, until the last: versions rise, each step has its log lines, the board is the step's.
    const seen = [first];
    for (let i = 0; i < 40; i++) {
      const next = p.getByRole('button', { name: 'Next', exact: true });
      if (await next.isDisabled()) break;
      await next.click();
      await p.waitForFunction((v) => Number(document.querySelector('section.replay')?.getAttribute('data-step')) > v, seen.at(-1)!);
      seen.push(await stepVersion(p));
      await expect.poll(() => p.locator('.replay-step-log').textContent()).not.toBe('');
    }
    expect(seen.at(-1)).toBe(final.version);
    expect(seen.length).toBeGreaterThan(4);
    await expect.poll(() => p.locator('.replay-step-log').textContent()).toContain('resigned');
    await expectAccessible(p, 'replay: last step');
    await p.screenshot({ path: join(env.artifacts, 'replay-last-step.png'), fullPage: true });

    // The keyboard: Home to the first step, the arrow keys one step each, End to the last.
    await p.locator('section.replay').focus();
    await p.keyboard.press('Home');
    await expect.poll(() => stepVersion(p)).toBe(first);
    await p.keyboard.press('ArrowRight');
    await expect.poll(() => stepVersion(p)).toBe(seen[1]);
    await p.keyboard.press('End');
    await expect.poll(() => stepVersion(p)).toBe(final.version);
    await p.getByRole('button', { name: 'First', exact: true }).click();
    await expect.poll(() => stepVersion(p)).toBe(first);

    // After the end this game offers the replay as the other seat saw it.
    await p.getByLabel('Seen by').selectOption({ label: 'Bob' });
    await p.locator('section.replay [data-zone="display"]').waitFor();
    expect(await stepText(p)).toMatch(/^Step 1 of/);
    await p.getByRole('button', { name: 'Back to the game' }).click();
    await p.getByRole('button', { name: 'Replay the match move by move' }).waitFor();
    await ctx.close();
  }, 120_000);

  it('a returning player sees what happened since they last looked, marked on the board, and steps through it', async () => {
    const base = env.server.url;
    const made = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const start = await readMatch(base, made.matchId, made.seats[0]!);
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await openAt(p, made.seats[0]!.url, start.version);
    expect(await p.getByText(/since you last looked — marked/).count()).toBe(0);
    // Ann leaves; Bob seals his bid meanwhile.
    await setVisible(p, false);
    await p.goto('about:blank');
    const after = await playMove(base, made.matchId, made.seats[1]!);

    await openAt(p, made.seats[0]!.url, after.version);
    const bar = p.getByRole('region', { name: 'Since you last looked' });
    await bar.waitFor();
    expect(await bar.textContent()).toContain('1 move since you last looked');
    // Bob's panel changed (he has sealed a bid): marked in words, not by colour alone.
    const tag = p.locator('main.match .changed-tag[data-changed="seat:1"]');
    await tag.waitFor();
    expect(await tag.textContent()).toBe('changed since you last looked');
    await expectAccessible(p, 'returning player: the bar and the marks');
    await p.screenshot({ path: join(env.artifacts, 'replay-since-bar.png'), fullPage: true });

    await bar.getByRole('button', { name: 'Step through' }).click();
    await p.locator('section.replay [data-zone="display"]').waitFor();
    expect(await stepText(p)).toBe('Step 1 of 2 (as you last saw it)');
    expect(await stepVersion(p)).toBe(start.version);
    await p.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => stepVersion(p)).toBe(after.version);
    await p.locator('section.replay .changed-tag[data-changed="seat:1"]').waitFor();
    expect(await p.locator('.replay-step-log').textContent()).toMatch(/Bob/);
    await expectAccessible(p, 'returning player: stepping through');
    await p.screenshot({ path: join(env.artifacts, 'replay-since-step.png'), fullPage: true });
    await ctx.close();
  }, 120_000);

  it('a replay longer than one page (50 steps) says its real number of steps from the first one', async () => {
    const base = env.server.url;
    const made = await makeMatch(base, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
    // Both commit, then each adds 1 in turn until the counter reaches 50: over 50 logged versions.
    for (let m = await readMatch(base, made.matchId, made.seats[0]!); m.status !== 'over'; ) {
      for (const s of m.toAct) await playMove(base, made.matchId, made.seats[s]!);
      m = await readMatch(base, made.matchId, made.seats[0]!);
    }
    const final = await readMatch(base, made.matchId, made.seats[0]!);
    const ctx = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await openAt(p, made.seats[0]!.url, final.version);
    await p.getByRole('button', { name: 'Replay the match move by move' }).click();
    await expect.poll(() => stepText(p)).toMatch(/^Step 1 of \d+$/);
    const total = Number(/of (\d+)$/.exec((await stepText(p))!)![1]);
    expect(total).toBeGreaterThan(50);
    expect(await p.getByRole('slider', { name: 'Step' }).getAttribute('max')).toBe(String(total - 1));
    // The last step is that number, and is the match as it ended.
    await p.getByRole('button', { name: 'Last', exact: true }).click();
    await expect.poll(() => stepVersion(p)).toBe(final.version);
    expect(await stepText(p)).toBe(`Step ${total} of ${total}`);
    await p.getByRole('button', { name: 'First', exact: true }).click();
    await expect.poll(() => stepText(p)).toBe(`Step 1 of ${total}`);
    await ctx.close();
  }, 120_000);
});
