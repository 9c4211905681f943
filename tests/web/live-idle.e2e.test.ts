/**
 * The live channel against a server that closes idle sockets, as API Gateway does after 10 minutes (here
 * after 3 s, and the page's clock runs fast): the page's keep-alive keeps its socket open; a hidden tab
 * sends nothing, lets the server close its socket and does not reconnect until it is shown again.
 */
import type { WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSite, setVisible } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

const IDLE_MS = 3_000;
const env = e2eSite('live-idle-web', { live: { idleMs: IDLE_MS } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle sockets', () => {
  it('the keep-alive holds the socket; a hidden tab lets it close and reconnects once shown', async () => {
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext();
    const page = await ctx.newPage();
    await page.clock.install();
    const sockets: PageSocket[] = [];
    const closed: PageSocket[] = [];
    // Subscribed answers per socket (the keep-alive renewals are answered too).
    const subscribed = new Map<PageSocket, number>();
    let http = 0;
    page.on('request', () => http++);
    page.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('close', () => closed.push(ws));
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"subscribed"')) subscribed.set(ws, (subscribed.get(ws) ?? 0) + 1);
      });
    });
    await page.goto(m.seats[0]!.url);
    await page.locator('main.match[data-version]').waitFor();
    while (!subscribed.get(sockets[0]!)) await sleep(50);

    // Three minutes of the page's time every half second of the server's: a keep-alive (every 9 minutes)
    // every 1.5 s, inside the server's 3 s. Over four idle periods the socket stays open.
    for (let i = 0; i < 8 * (IDLE_MS / 1000); i++) {
      await page.clock.runFor(3 * 60_000);
      await sleep(500);
    }
    expect(closed).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    expect(subscribed.get(sockets[0]!)).toBeGreaterThan(4);

    // Hidden: no keep-alive, so the server closes the socket; nothing is sent and nothing reconnects.
    await setVisible(page, false);
    const before = http;
    for (let i = 0; i < 4 * (IDLE_MS / 1000); i++) {
      await page.clock.runFor(3 * 60_000);
      await sleep(500);
    }
    expect(closed).toHaveLength(1);
    expect(sockets).toHaveLength(1);
    expect(http).toBe(before);

    // Shown again: it reads at once and reconnects.
    await setVisible(page, true);
    while (!sockets[1] || !subscribed.get(sockets[1])) {
      await page.clock.runFor(1_000);
      await sleep(50);
    }
    expect(sockets).toHaveLength(2);
    expect(http).toBeGreaterThan(before);
    await ctx.close();
  }, 120_000);
});
