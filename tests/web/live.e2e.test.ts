/**
 * The live channel in real headless Chromium against the local server (functions/local/live.ts on
 * DynamoDB Local's stream):
 * - a move reaches the other open page through a poke, which holds the version and nothing else;
 * - when the server drops the sockets and refuses new ones (a restart), the pages poll again and still
 *   see the move; once it takes sockets again they reconnect and pokes resume;
 * - an idle open tab sends at most 12 requests an hour (HTTP requests, socket opens and the messages
 *   it sends), counted over two hours on a fast-forwarded clock, with the socket closed by the server
 *   in between as at API Gateway's 2-hour limit; a hidden tab sends nothing.
 */
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ServerMessage } from '../../functions/live/protocol.js';
import { e2eSite, setVisible } from './support/e2e.js';
import { makeMatch, playMove, readMatch, type MadeMatch } from './support/matches.js';

const env = e2eSite('live-web', { live: true });

interface Watched {
  page: Page;
  /** Every message the page's sockets received, parsed strictly (an extra field fails). */
  received: ServerMessage[];
  raw: string[];
  sent: string[];
  sockets: PageSocket[];
  http: string[];
}

async function open(url: string, opts: { clock?: boolean } = {}): Promise<Watched> {
  const ctx = await env.browser.newContext();
  const page = await ctx.newPage();
  if (opts.clock) await page.clock.install();
  const w: Watched = { page, received: [], raw: [], sent: [], sockets: [], http: [] };
  page.on('request', (r) => w.http.push(`${r.method()} ${r.url()}`));
  page.on('websocket', (ws) => {
    w.sockets.push(ws);
    ws.on('framereceived', (f) => {
      w.raw.push(String(f.payload));
      w.received.push(ServerMessage.parse(JSON.parse(String(f.payload))));
    });
    ws.on('framesent', (f) => w.sent.push(String(f.payload)));
  });
  await page.goto(url);
  return w;
}

const until = async (what: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const subscribed = (w: Watched, n = 1) => until(() => w.received.filter((m) => m.type === 'subscribed').length >= n);
const shows = (w: Watched, version: number) => w.page.locator(`main.match[data-version="${version}"]`).waitFor({ timeout: 15_000 });
const poked = (w: Watched, version: number) => w.received.some((m) => m.type === 'version' && m.version === version);

async function moveByWhoeverIsToAct(m: MadeMatch) {
  const now = await readMatch(env.server.url, m.matchId, m.seats[0]!);
  return playMove(env.server.url, m.matchId, m.seats[now.toAct[0]!]!);
}

describe('the live channel in the browser', () => {
  it('a move reaches the other page by a poke that carries the version only; a dropped socket falls back to polling', async () => {
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
    const a = await open(m.seats[0]!.url);
    const b = await open(m.seats[1]!.url);
    await Promise.all([subscribed(a), subscribed(b)]);

    const first = await moveByWhoeverIsToAct(m);
    await until(() => poked(a, first.version) && poked(b, first.version));
    await Promise.all([shows(a, first.version), shows(b, first.version)]);
    for (const w of [a, b]) {
      for (const raw of w.raw) {
        const keys = Object.keys(JSON.parse(raw)).sort();
        expect(keys).toEqual(['matchId', 'type', 'version']);
      }
    }

    // The server drops every socket and takes no new ones, as while it restarts.
    env.server.live!.closeAll({ refuse: true });
    const dropped = await moveByWhoeverIsToAct(m);
    await Promise.all([shows(a, dropped.version), shows(b, dropped.version)]);
    expect(poked(a, dropped.version) || poked(b, dropped.version)).toBe(false);

    // Back: the pages reconnect on their own (backoff) and subscribe again; pokes resume.
    env.server.live!.accept();
    await until(() => env.server.live!.connections() === 2, 120_000);
    await Promise.all([subscribed(a, 2), subscribed(b, 2)]);
    const again = await moveByWhoeverIsToAct(m);
    await until(() => poked(a, again.version) && poked(b, again.version));
    await Promise.all([shows(a, again.version), shows(b, again.version)]);
    await a.page.context().close();
    await b.page.context().close();
  }, 180_000);

  it('an idle open tab sends at most 12 requests an hour, and a hidden one none', async () => {
    const m = await makeMatch(env.server.url, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
    await moveByWhoeverIsToAct(m);
    const a = await open(m.seats[0]!.url, { clock: true });
    await subscribed(a);
    await a.page.locator('main.match[data-version]').waitFor();
    const count = () => a.http.length + a.sockets.length + a.sent.length;
    const hour = async () => {
      const before = count();
      // Minute by minute, with a real pause for each minute's reads and messages to be answered.
      for (let minute = 0; minute < 60; minute++) {
        await a.page.clock.runFor(60_000);
        await new Promise((r) => setTimeout(r, 30));
      }
      return count() - before;
    };
    const firstHour = await hour();
    // As at API Gateway's 2-hour limit: the server closes the socket, the page reconnects.
    env.server.live!.closeAll();
    const secondHour = await hour();
    await until(() => a.received.filter((x) => x.type === 'subscribed').length >= 2);
    expect(a.sockets.length).toBe(2);
    expect(firstHour).toBeLessThanOrEqual(12);
    expect(secondHour).toBeLessThanOrEqual(12);
    // Not zero either: the keep-alive and the safety net are there.
    expect(firstHour).toBeGreaterThan(0);

    await setVisible(a.page, false);
    expect(await hour()).toBe(0);
    await a.page.context().close();
  }, 240_000);
});
