/**
 * The live channel against a server that closes idle sockets after 10 minutes, as API Gateway does: the page's
 * keep-alive (every 9 minutes) keeps its socket open; a hidden tab sends nothing, lets the server close its
 * socket and does not reconnect until it is shown again.
 * Both clocks are the test's: the page's (playwright's clock) and the server's idle close (a queue of timers
 * moved by hand), so the test waits only for what the browser does, and a busy machine cannot turn a late
 * keep-alive into a closed socket or a slow reconnect into a missing one.
 */
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDLE_CLOSE_MS, type IdleTimer } from '../../functions/local/live.js';
import { KEEPALIVE_MS } from '../../web/src/live.js';
import { e2eSite, setVisible } from './support/e2e.js';
import { makeMatch } from './support/matches.js';

/** The server's idle timers on a clock the test moves: `advance` fires, in order, each timer falling due. */
class ServerClock {
  private now = 0;
  private readonly timers = new Set<{ at: number; fire: () => void }>();
  fired = 0;
  readonly timer: IdleTimer = (fire, ms) => {
    const t = { at: this.now + ms, fire };
    this.timers.add(t);
    return () => void this.timers.delete(t);
  };
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due);
      this.now = due.at;
      this.fired++;
      due.fire();
    }
    this.now = until;
  }
}

/** What the page sent, counted in the page as it happens (no wait for the browser's events to arrive). */
interface Sent {
  fetches: number;
  sockets: number;
  frames: number;
  closes: number;
}
function countSent() {
  const w = window as unknown as { sent: Sent };
  w.sent = { fetches: 0, sockets: 0, frames: 0, closes: 0 };
  const fetchBefore = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.sent.fetches++;
    return fetchBefore(...args);
  };
  const Socket = window.WebSocket;
  const send = Socket.prototype.send;
  Socket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    w.sent.frames++;
    send.call(this, data);
  };
  window.WebSocket = class extends Socket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      w.sent.sockets++;
      // Added before the page's own onclose: counted first, in the same dispatch.
      this.addEventListener('close', () => w.sent.closes++);
    }
  };
}
const sent = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { sent: Sent }).sent }));

const server = new ServerClock();
const env = e2eSite('live-idle-web', { live: { idleTimer: server.timer } });

describe('idle sockets', () => {
  it('the keep-alive holds the socket; a hidden tab lets it close and reconnects once shown', async () => {
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob']);
    const ctx = await env.browser.newContext();
    await ctx.addInitScript(countSent);
    const page = await ctx.newPage();
    await page.clock.install();
    const sockets: PageSocket[] = [];
    const closed: PageSocket[] = [];
    // Subscribed answers per socket (the keep-alive renewals are answered too).
    const subscribed = new Map<PageSocket, number>();
    const answers = (i: number) => (sockets[i] ? (subscribed.get(sockets[i]) ?? 0) : 0);
    page.on('websocket', (ws) => {
      sockets.push(ws);
      ws.on('close', () => closed.push(ws));
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"subscribed"')) subscribed.set(ws, (subscribed.get(ws) ?? 0) + 1);
      });
    });
    await page.goto(m.seats[0]!.url);
    await page.locator('main.match[data-version]').waitFor();
    await expect.poll(() => answers(0)).toBeGreaterThan(0);

    // Five keep-alive periods on both clocks, 45 minutes, over four of the server's idle periods: each period
    // the page renews its subscription, the server answers on the same socket (its idle close restarted when
    // the renewal arrived), and only then does the server's clock move on. It never closes the socket.
    const first = answers(0);
    for (let i = 1; i <= 5; i++) {
      await page.clock.runFor(KEEPALIVE_MS);
      await expect.poll(() => answers(0)).toBeGreaterThanOrEqual(first + i);
      server.advance(KEEPALIVE_MS);
    }
    expect(5 * KEEPALIVE_MS).toBeGreaterThan(4 * IDLE_CLOSE_MS);
    expect(server.fired).toBe(0);
    expect(closed).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    expect(answers(0)).toBeGreaterThan(4);

    // Hidden: no keep-alive over two of its periods, so the server's idle close comes; the page sends nothing,
    // neither then nor in the hour after, and opens no socket.
    await setVisible(page, false);
    const before = await sent(page);
    await page.clock.runFor(2 * KEEPALIVE_MS);
    expect(await sent(page)).toEqual(before);
    server.advance(IDLE_CLOSE_MS);
    expect(server.fired).toBe(1);
    await expect.poll(async () => (await sent(page)).closes).toBe(before.closes + 1);
    await page.clock.runFor(60 * 60_000);
    expect(await sent(page)).toEqual({ ...before, closes: before.closes + 1 });
    await expect.poll(() => closed.length).toBe(1);
    expect(sockets).toHaveLength(1);

    // Shown again: it reads at once and reconnects.
    await setVisible(page, true);
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return answers(1);
      })
      .toBeGreaterThan(0);
    expect(sockets).toHaveLength(2);
    expect((await sent(page)).fetches).toBeGreaterThan(before.fetches);
    await ctx.close();
  }, 120_000);
});
