/**
 * The live table, measured in one run: two browser contexts per match on one local server as `npm start`
 * runs it (API, built site, DynamoDB Local, the live channel on the table's stream), each holding a seat.
 * Whoever is to act makes a move from their page (a fetch inside it); the time until the other page shows
 * the move's version (a MutationObserver on `main.match[data-version]` stamps it, both clocks the same
 * machine's) is taken for every move.
 *
 * Moves come in two kinds, reported apart:
 * - quick: one match, moves 1–3 s apart (LIVE_BENCH_MOVES, default 24);
 * - after quiet: LIVE_BENCH_TABLES matches (default 10), each with its own two contexts, quiet at the same
 *   time for QUIET_MS, longer than the polling's longest gap (MAX_MS, 60 s), really waited; then each makes
 *   one move; LIVE_BENCH_ROUNDS rounds (default 2), so 20 moves after quiet in about three minutes.
 *   The first round comes after the whole server was quiet; the quick match plays during the second
 *   round's quiet (another table busy, as on a real site), so there only the table itself was quiet.
 * The same runs at the same time against a second server without the live channel: today's polling alone.
 * Goal: with the live channel, p95 ≤ 1 s, after quiet as well as quick.
 */
import type { Browser, Page } from 'playwright-core';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { MAX_MS } from '../../web/src/poll/schedule.js';
import { DUTCH_AUCTION, liveMatchCost, matchCost } from '../../infra/cost.js';
import { makeMatch, readMatch, type MadeMatch } from '../../tests/web/support/matches.js';
import { builtSite, launchChromium, startSite } from '../../tests/web/support/site.js';

const MOVES = Number(process.env.LIVE_BENCH_MOVES ?? 24);
const TABLES = Number(process.env.LIVE_BENCH_TABLES ?? 10);
const ROUNDS = Number(process.env.LIVE_BENCH_ROUNDS ?? 2);
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

/** One match with both seats' pages open, each in its own browser context. */
interface Table {
  base: string;
  m: MadeMatch;
  pages: Page[];
}

async function openTable(browser: Browser, base: string): Promise<Table> {
  const m = await makeMatch(base, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
  const pages: Page[] = [];
  for (const seat of m.seats) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.addInitScript(SHOWN_SCRIPT);
    await page.goto(seat.url);
    await page.locator('main.match[data-version]').waitFor();
    pages.push(page);
  }
  return { base, m, pages };
}

const closeTable = async (t: Table) => {
  for (const p of t.pages) await p.context().close();
};

/** Whoever is to act moves from their page; ms until the other page shows it, or null when the match is over. */
async function moveAndWatch({ base, m, pages }: Table): Promise<number | null> {
  const now = await readMatch(base, m.matchId, m.seats[0]!);
  if (now.status !== 'active') return null;
  const seat = now.toAct[0]!;
  const legal = await readMatch(base, m.matchId, m.seats[seat]!);
  const sent = await pages[seat]!.evaluate(
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
  // The page stamps the moment it showed the version; how often this asks does not change the figure.
  const shownAt = (await (
    await pages[1 - seat]!.waitForFunction(
      (v) => (window as unknown as { __shown: Record<string, number> }).__shown[String(v)],
      sent.version,
      { timeout: 120_000, polling: 100 },
    )
  ).jsonValue()) as number;
  return shownAt - sent.t0;
}

/** Quick moves on one table, 1–3 s apart. */
async function quickMoves(browser: Browser, base: string): Promise<number[]> {
  const table = await openTable(browser, base);
  const out: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    await sleep(1_000 + Math.random() * 2_000);
    const ms = await moveAndWatch(table);
    if (ms === null) break;
    out.push(ms);
  }
  await closeTable(table);
  return out;
}

/**
 * TABLES tables, each quiet QUIET_MS and then one move, ROUNDS times. A table's quiet starts as soon as
 * its pages are open, so the tables' moves come a page opening apart (a second or two), not all in the
 * same instant: ten moves at once on two shared cores would measure the queue, not the quiet. The quick
 * moves start once every table made its first move, so the first round comes after the whole server
 * was quiet.
 */
async function measure(browser: Browser, base: string): Promise<{ quick: number[]; quiet: number[] }> {
  const quiet: number[] = [];
  let firstRoundLeft = TABLES;
  let firstRoundDone!: () => void;
  const firstRound = new Promise<void>((r) => (firstRoundDone = r));
  const play = async (table: Table) => {
    for (let round = 0; round < ROUNDS; round++) {
      await sleep(QUIET_MS);
      const ms = await moveAndWatch(table);
      if (ms !== null) quiet.push(ms);
      if (round === 0 && --firstRoundLeft === 0) firstRoundDone();
    }
    await closeTable(table);
  };
  const playing: Promise<void>[] = [];
  for (let i = 0; i < TABLES; i++) playing.push(play(await openTable(browser, base)));
  const quick = firstRound.then(() => quickMoves(browser, base));
  await Promise.all(playing);
  return { quick: await quick, quiet };
}

const stats = (xs: number[]) =>
  xs.length ? `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms` : '—';

function lines(name: string, r: { quick: number[]; quiet: number[] }): string[] {
  return [
    `  ${name}:`,
    `    quick moves (${r.quick.length}): ${stats(r.quick)}`,
    `    after ${QUIET_MS / 1000} s quiet (${r.quiet.length}): ${stats(r.quiet)}`,
  ];
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
      // Every page of every table is on this one machine: more sockets than one address may hold (SOCKETS_PER_ADDRESS).
      live: { endpoint: dynamo.endpoint, tableName: 'bench-live', perAddress: 4 * TABLES + 4 },
    });
    servers.push(live);
    const poll = await startSite({ store: new DynamoMatchStore(doc, 'bench-poll'), webRoot: site.dir });
    servers.push(poll);
    browser = await launchChromium();
    report(
      `live table: a move shown on the other open page (${MOVES} quick moves on one match; ${TABLES} matches quiet ${QUIET_MS / 1000} s at once, then a move each, ${ROUNDS} rounds; both servers at once)`,
    );
    const [withLive, pollingOnly] = await Promise.all([measure(browser, live.url), measure(browser, poll.url)]);
    for (const l of lines('live channel + safety-net polling', withLive)) report(l);
    for (const l of lines('polling only (today)', pollingOnly)) report(l);
    const p95Quick = pct(withLive.quick, 95);
    const p95Quiet = pct(withLive.quiet, 95);
    const met = p95Quick <= GOAL_MS && p95Quiet <= GOAL_MS;
    report(
      `  goal p95 ≤ ${GOAL_MS} ms with the live channel, quick and after quiet: ${met ? 'met' : 'NOT met'} (quick ${p95Quick.toFixed(0)} ms, after quiet ${p95Quiet.toFixed(0)} ms = ${(p95Quiet / GOAL_MS).toFixed(2)}× the goal; polling only after quiet ${(pct(pollingOnly.quiet, 95) / p95Quiet).toFixed(0)}× slower)`,
    );
  } finally {
    await browser?.close();
    for (const s of servers) await s.close();
    await site.remove();
    await dynamo.stop();
  }
}
