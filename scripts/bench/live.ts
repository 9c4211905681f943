/**
 * The live table, measured in one run: two browser contexts on one local server as `npm start` runs it
 * (API, built site, DynamoDB Local, the live channel on the table's stream), each holding a seat of one
 * match. Whoever is to act makes a move from their page (a fetch inside it); the time until the other
 * page shows the move's version (a MutationObserver on `main.match[data-version]`, both clocks the same
 * machine's) is taken for every move, on both pages' behalf.
 *
 * Moves come in two kinds: right after each other (1–3 s apart), and after the table was quiet longer
 * than the polling's longest gap (MAX_MS, 60 s; QUIET_MS below). The same is run at the same time against
 * a second server without the live channel: today's polling alone, for comparison.
 * Goal: with the live channel, p95 ≤ 1 s over all moves, quiet ones included.
 * LIVE_BENCH_MOVES (default 24) and LIVE_BENCH_QUIET (default 3) set the counts.
 */
import type { Browser, Page } from 'playwright-core';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { MAX_MS } from '../../web/src/poll/schedule.js';
import { DUTCH_AUCTION, liveMatchCost, matchCost } from '../../infra/cost.js';
import { makeMatch, readMatch, type MadeMatch } from '../../tests/web/support/matches.js';
import { builtSite, launchChromium, startSite } from '../../tests/web/support/site.js';

const MOVES = Number(process.env.LIVE_BENCH_MOVES ?? 24);
const QUIET = Number(process.env.LIVE_BENCH_QUIET ?? 3);
const QUIET_MS = MAX_MS + 5_000;
const GOAL_MS = 1_000;

const SHOWN_SCRIPT = `
  window.__shown = {};
  const seen = () => {
    const v = document.querySelector('main.match')?.getAttribute('data-version');
    if (v && !(v in window.__shown)) window.__shown[v] = Date.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-version'] });
`;

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  ms: number;
  quiet: boolean;
}

/** Plays `MOVES + QUIET` moves between two pages of one match and returns how long each took to show on the other page. */
async function measure(browser: Browser, base: string, live: boolean): Promise<Sample[]> {
  const m: MadeMatch = await makeMatch(base, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
  const pages: Page[] = [];
  for (const seat of m.seats) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.addInitScript(SHOWN_SCRIPT);
    await page.goto(seat.url);
    await page.locator('main.match[data-version]').waitFor();
    pages.push(page);
  }
  if (live) await sleep(1_000);
  const samples: Sample[] = [];
  // The quiet moves spread over the run: every few quick moves, one after a long silence.
  const quietAt = new Set(Array.from({ length: QUIET }, (_, i) => Math.floor(((i + 1) * (MOVES + QUIET)) / (QUIET + 1))));
  for (let i = 0; i < MOVES + QUIET; i++) {
    const quiet = quietAt.has(i);
    await sleep(quiet ? QUIET_MS : 1_000 + Math.random() * 2_000);
    const now = await readMatch(base, m.matchId, m.seats[0]!);
    if (now.status !== 'active') break;
    const seat = now.toAct[0]!;
    const mover = pages[seat]!;
    const watcher = pages[1 - seat]!;
    const legal = await readMatch(base, m.matchId, m.seats[seat]!);
    const sent = await mover.evaluate(
      async ({ url, token, body }) => {
        const t0 = Date.now();
        const r = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body,
        });
        return { t0, status: r.status, version: ((await r.json()) as { version: number }).version };
      },
      {
        url: `/api/matches/${m.matchId}/seats/${seat}/moves`,
        token: m.seats[seat]!.token,
        body: JSON.stringify({ expectedVersion: legal.version, move: legal.legalMoves[0] }),
      },
    );
    if (sent.status !== 200) throw new Error(`move refused: ${sent.status}`);
    const shownAt = (await (
      await watcher.waitForFunction((v) => (window as unknown as { __shown: Record<string, number> }).__shown[String(v)], sent.version, {
        timeout: 120_000,
        polling: 20,
      })
    ).jsonValue()) as number;
    samples.push({ ms: shownAt - sent.t0, quiet });
  }
  for (const p of pages) await p.context().close();
  return samples;
}

function line(name: string, samples: Sample[]): string {
  const all = samples.map((s) => s.ms);
  const quiet = samples.filter((s) => s.quiet).map((s) => s.ms);
  const busy = samples.filter((s) => !s.quiet).map((s) => s.ms);
  const f = (xs: number[]) =>
    xs.length ? `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms` : '—';
  return `  ${name}: all ${all.length} moves ${f(all)} · quick ${busy.length}: ${f(busy)} · after ${QUIET_MS / 1000} s quiet ${quiet.length}: ${f(quiet)}`;
}

/** The cost model's answer for the live table (infra/cost.ts), beside the measurement. */
function costLines(report: (line: string) => void) {
  const usd = (x: number) => `$${x.toFixed(5)}`;
  const live = liveMatchCost(DUTCH_AUCTION, { tabHours: 2 });
  report('live table on AWS, on paper (infra/cost.ts): a 100-move Dutch auction match, both tabs open 2 hours in all');
  report(
    `  ${usd(live.total)} = ${Object.entries(live.parts)
      .map(([k, v]) => `${k} ${usd(v)}`)
      .join(' + ')}`,
  );
  report(
    `  vs the match with no reads ${usd(live.noReads)}: ${live.ratio.toFixed(2)}× (goal ≤ 1.25×; floor, one read per move by the other page: ${live.floorRatio.toFixed(2)}×); today at 10 polls per move ${usd(matchCost(DUTCH_AUCTION).total)}; tabs open 4 hours: ${liveMatchCost(DUTCH_AUCTION, { tabHours: 4 }).ratio.toFixed(2)}×`,
  );
}

export async function bench(report: (line: string) => void) {
  costLines(report);
  const dynamo = await startDynamoLocal();
  const site = await builtSite();
  let browser: Browser | undefined;
  const servers: Awaited<ReturnType<typeof startSite>>[] = [];
  try {
    const raw = localClient(dynamo.endpoint);
    for (const t of ['bench-live', 'bench-poll']) await ensureTable(raw, t);
    raw.destroy();
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const live = await startSite({
      store: new DynamoMatchStore(doc, 'bench-live'),
      webRoot: site.dir,
      live: { endpoint: dynamo.endpoint, tableName: 'bench-live' },
    });
    servers.push(live);
    const poll = await startSite({ store: new DynamoMatchStore(doc, 'bench-poll'), webRoot: site.dir });
    servers.push(poll);
    browser = await launchChromium();
    report(
      `live table: a move shown on the other open page (${MOVES} quick moves + ${QUIET} after ${QUIET_MS / 1000} s of quiet, both runs at once)`,
    );
    const [withLive, pollingOnly] = await Promise.all([measure(browser, live.url, true), measure(browser, poll.url, false)]);
    report(line('live channel + safety-net polling', withLive));
    report(line('polling only (today)', pollingOnly));
    const p95 = pct(
      withLive.map((s) => s.ms),
      95,
    );
    report(`  goal p95 ≤ ${GOAL_MS} ms with the live channel: ${p95 <= GOAL_MS ? 'met' : 'NOT met'} (${p95.toFixed(0)} ms)`);
  } finally {
    await browser?.close();
    for (const s of servers) await s.close();
    await site.remove();
    await dynamo.stop();
  }
}
