/**
 * The table chat in real headless Chromium, two players in two browser contexts: one sends, the other's
 * page shows the message after its poll, as text (markup in a message is never run or rendered); the
 * length cap is shown and enforced; muting folds the chat away; the nudge shows in both logs and then
 * says when it is next possible; a spectator reads but has no input. The chat states pass axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/axe.js';
import { e2eSite } from './support/e2e.js';
import { makeMatch, readMatch } from './support/matches.js';

const env = e2eSite('chat-web');

async function openAt(p: Page, url: string) {
  await p.goto(url);
  await p.locator('main.match[data-status="active"]').waitFor({ timeout: 20_000 });
  await p.locator('section.chat').waitFor();
}

describe('table chat', () => {
  it('one page sends, the other shows it after a poll, as text; the cap, mute and nudge work', async () => {
    const base = env.server.url;
    const m = await makeMatch(base, 'dutch-auction', ['Ann', 'Bob']);
    const [annCtx, bobCtx, watchCtx] = await Promise.all([env.browser.newContext(), env.browser.newContext(), env.browser.newContext()]);
    const ann = await annCtx.newPage();
    const bob = await bobCtx.newPage();
    await Promise.all([openAt(ann, m.seats[0]!.url), openAt(bob, m.seats[1]!.url)]);

    const nasty = '<script>window.__pwned = 1</script> & <b>bold</b> <img src=x onerror="window.__pwned = 2">';
    await ann.getByRole('textbox', { name: 'Message' }).fill(nasty);
    await ann.getByRole('button', { name: 'Send' }).click();
    await ann.locator('.chat-list li[data-seq="1"]').waitFor();
    expect(await ann.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

    // Bob's page learns of it from its normal poll (match.chat.count grew) and fetches it.
    const line = bob.locator('.chat-list li[data-seq="1"]');
    await line.waitFor({ timeout: 20_000 });
    expect(await line.locator('.chat-text').textContent()).toBe(nasty);
    expect(await line.locator('.chat-who').textContent()).toBe('Ann');
    expect(await bob.locator('.chat-list b, .chat-list img, .chat-list script').count()).toBe(0);
    expect(await bob.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await bob.locator('.chat-list').getAttribute('role')).toBe('log');
    await expectAccessible(bob, 'match page with a chat message');

    // The cap is shown, and a message over it cannot be sent.
    await bob.getByRole('textbox', { name: 'Message' }).fill('x'.repeat(501));
    await expect.poll(() => bob.locator('#chat-chars').textContent()).toBe('501 of 500 characters');
    expect(await bob.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await bob.getByRole('textbox', { name: 'Message' }).fill('hello Ann');
    await bob.getByRole('button', { name: 'Send' }).click();
    await ann.locator('.chat-list li[data-seq="2"]').waitFor({ timeout: 20_000 });
    expect(await ann.locator('.chat-list li[data-seq="2"] .chat-text').textContent()).toBe('hello Ann');

    // A spectator reads both messages and has no input.
    const watch = await watchCtx.newPage();
    const spectate = (await fetch(`${base}/api/matches/${m.matchId}/seats/0/links`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${m.seats[0]!.token}` },
    }).then((r) => r.json())) as { spectatorUrl: string };
    await openAt(watch, spectate.spectatorUrl);
    await watch.locator('.chat-list li[data-seq="2"]').waitFor({ timeout: 20_000 });
    expect(await watch.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await watch.locator('section.chat').textContent()).toContain('You are watching');

    // Bob mutes: his chat folds away (and stays folded after a reload).
    await bob.getByRole('button', { name: 'Mute the chat' }).click();
    await bob.locator('section.chat[data-muted="true"]').waitFor({ timeout: 20_000 });
    expect(await bob.locator('.chat-list').count()).toBe(0);
    await bob.reload();
    await bob.locator('section.chat[data-muted="true"]').waitFor({ timeout: 20_000 });
    expect(await bob.locator('section.chat').textContent()).toContain('You muted this chat (2 messages)');
    await expectAccessible(bob, 'match page with the chat muted');
    await bob.getByRole('button', { name: 'Show the chat' }).click();
    await bob.locator('.chat-list li[data-seq="2"]').waitFor();

    // The nudge: Ann reminds Bob (the auction's bids are sealed at once, so both are to move).
    const state = await readMatch(base, m.matchId, m.seats[0]!);
    expect(state.toAct).toContain(1);
    await ann.getByRole('button', { name: 'Nudge Bob' }).click();
    await ann.locator('[data-nudge="waiting"]').waitFor({ timeout: 20_000 });
    expect(await ann.locator('[data-nudge="waiting"]').textContent()).toMatch(/You can nudge again from /);
    await bob.locator('.log-text', { hasText: 'Ann nudged Bob.' }).first().waitFor({ timeout: 20_000 });
    await Promise.all([annCtx.close(), bobCtx.close(), watchCtx.close()]);
  }, 120_000);
});
