/**
 * Web front end benchmark, measured in one run against the real local app (API on DynamoDB Local,
 * the built site) in headless Chromium:
 * - the JS and CSS the match page downloads, gzip bytes: what its first render needs, i.e. what it asked for
 *   before its first read answered (goal: JS ≤ 50 KB, the budget tests/web/i18n-build.test.ts checks in the
 *   build), and apart from it the lazy parts the match view then asks for (chat, undo, share, stand-in, rules:
 *   web/src/ui/match/parts.ts), which come after the first paint;
 * - time to first render of the match page (its whose-move line painted) ÷ the same for a blank
 *   page (one painted line of static text), both measured with the Element Timing API from
 *   navigation start. Cold: a fresh browser context per load, so the match comes from the API.
 *   Warm: a returning player (assets cached, the last state of the match kept by the page, then
 *   checked with a conditional poll). Goals: cold ≤ 4.1×, warm ≤ 1.9× (where they stood four days
 *   before issue 26 was filed, which found 6.1× and 2.5×). The API read time is reported beside it.
 * - the floor, cold, interleaved with the two pages above: a page whose one script sends the very read the
 *   match page sends and paints a line of its answer (FLOOR_SCRIPT). On this machine the read alone (DynamoDB
 *   Local, a JVM, on the same two cores as Chromium) often puts the floor above 4.1× the blank page; then the
 *   cold goal is judged as the match page ÷ the floor ≤ 1.5× (what the app adds to the read it cannot avoid),
 *   as the issue that set the goal allows (docs/decisions/first-render-floor.md).
 * - the spread: each cold median with its quartiles, the ratios also paired (loads made one after the other), and
 *   how long the match store (DynamoDB Local) was busy during each load: on this shared machine most of a cold
 *   load is waiting for a core, not the read (docs/decisions/inline-first-script.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { builtSite, launchChromium, startSite } from '../../tests/web/support/site.js';

/**
 * Loads of each page per kind (cold, warm), the pages interleaved. 21 rather than 15: on the loaded machine the
 * median of 15 moved by 20% from run to run; the spread (quartiles) is printed beside each median.
 */
const RUNS = 21;
const JS_GOAL = 50 * 1024;
/** First render of the match page ÷ a blank page's, per kind of load. */
const RATIO_GOALS = { cold: 4.1, warm: 1.9 } as const;
/** Cold, where the floor itself is above 4.1× the blank page: the match page ÷ the floor (what the app adds to the read). */
const FLOOR_GOAL = 1.5;

/**
 * The floor's script: the least a page can do to show a match. A plain script in the page's head (as the match
 * page's first script is) sends the very read the match page's first script sends (same path, bearer token and
 * headers; the address's fragment says which), parses the answer and paints one line of it. No app, no
 * stylesheet, no board: what is left of the match page's cold time above it is the app's own.
 */
const FLOOR_SCRIPT = `const p = new URLSearchParams(location.hash.slice(1));
fetch(p.get('path'), { headers: { Accept: 'application/json', 'Accept-Language': 'en', Authorization: 'Bearer ' + p.get('token') }, cache: 'no-store', credentials: 'same-origin' })
  .then((r) => r.json())
  .then((m) => {
    const line = document.createElement('p');
    line.setAttribute('elementtiming', 'floor');
    line.textContent = 'Version ' + m.version + ': ' + JSON.stringify(m).slice(0, 120);
    document.body.append(line);
  });
`;

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const quantile = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.round((xs.length - 1) * q)]!;
/** A median with its quartiles: `m (q1–q3)`. */
const spread = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${quantile(xs, 0.25).toFixed(digits)}–${quantile(xs, 0.75).toFixed(digits)})`;
/** Ratios of loads made one after the other (same iteration of the loop): steadier than a ratio of medians. */
const paired = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The match store with every call timed (start and end, ms on this process's clock): the store's part of a page
 * load, i.e. DynamoDB Local's, is what makes the floor swing (docs/decisions/inline-first-script.md).
 */
function timedStore<T extends object>(store: T, calls: { start: number; end: number }[]): T {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const start = performance.now();
        const result = value.apply(target, args);
        if (result instanceof Promise) {
          return result.finally(() => {
            calls.push({ start, end: performance.now() });
          });
        }
        return result;
      };
    },
  });
}
/** Milliseconds during [from, to] in which at least one store call was out. */
function storeTime(calls: { start: number; end: number }[], from: number, to: number): number {
  let busy = 0;
  let until = from;
  for (const c of calls.filter((c) => c.end >= from && c.start <= to).sort((a, b) => a.start - b.start)) {
    const s = Math.max(c.start, until);
    const e = Math.min(c.end, to);
    if (e > s) busy += e - s;
    until = Math.max(until, e);
  }
  return busy;
}

/** Where a match page load spent its time: ms from navigation start (NaN when the step did not happen). */
interface Timeline {
  html: number;
  scripts: number;
  apiStart: number;
  apiEnd: number;
  board: number;
}

function timelineOf(page: Page): Promise<Timeline> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const api = res.find((e) => new URL(e.name).pathname.startsWith('/api/matches/'));
    const board = res.find((e) => /^\/chunks\/(dutch|golden)/.test(new URL(e.name).pathname));
    // The scripts the first render waited for: those asked for before the read answered (the lazy parts the
    // match view asks for once drawn, and their chunks, come after the paint and are not counted).
    const answered = api?.responseEnd ?? Number.POSITIVE_INFINITY;
    const scripts = res.filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime <= answered).map((e) => e.responseEnd);
    return {
      html: nav.responseEnd,
      scripts: scripts.length ? Math.max(...scripts) : NaN,
      apiStart: api?.startTime ?? NaN,
      apiEnd: api?.responseEnd ?? NaN,
      board: board?.responseEnd ?? NaN,
    };
  });
}

function describeTimeline(ts: Timeline[], painted: number[]): string {
  const m = (pick: (t: Timeline) => number) => median(ts.map(pick)).toFixed(0);
  return (
    `page HTML ${m((t) => t.html)} · scripts ${m((t) => t.scripts)} · API read ${m((t) => t.apiStart)}→${m((t) => t.apiEnd)} · ` +
    `board module ${m((t) => t.board)} · whose-move line painted ${median(painted).toFixed(0)}`
  );
}

/** Milliseconds from navigation start until the element marked `elementtiming=id` was painted. */
function paintedAt(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (want) =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number })[]) {
            if (e.identifier === want) resolve(e.renderTime || e.loadTime);
          }
        }).observe({ type: 'element', buffered: true });
      }),
    id,
  );
}

/**
 * Bytes: every script and stylesheet the match page fetches on its first load, split where its first read
 * answers: what was asked for before (the frame, the board, the catalogs: what the first render needs) and
 * what the render of the match then asks for (its lazy parts), which comes after the first paint.
 */
async function firstLoadBytes(browser: Browser, siteDir: string, matchUrl: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(matchUrl);
  await paintedAt(page, 'match-ready');
  await page.waitForLoadState('networkidle');
  const fetched = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );
  await ctx.close();
  const answered = fetched.find((e) => e.path.startsWith('/api/matches/'))?.end ?? Number.POSITIVE_INFINITY;
  const bytes = { before: { js: 0, css: 0, files: 0 }, after: { js: 0, css: 0, files: 0 } };
  for (const { path, start } of fetched) {
    if (!/\.(js|css)$/.test(path)) continue;
    const gz = gzipSync(await readFile(join(siteDir, path)), { level: 9 }).length;
    const part = start <= answered ? bytes.before : bytes.after;
    part[path.endsWith('.js') ? 'js' : 'css'] += gz;
    part.files++;
  }
  return bytes;
}

/**
 * The floor's figures and the spread, and why: medians with quartiles, ratios of loads made one after the other, and
 * `inStore`: per cold load of the floor and the match page, the ms the store (DynamoDB Local) was busy meanwhile.
 */
function reportSpread(
  report: (line: string) => void,
  cold: { blank: number[]; floor: number[]; match: number[] },
  inStore: { floor: number[]; match: number[] },
  floorRead: number[],
) {
  const floor = median(cold.floor);
  report(
    `web: the floor, cold: a page whose one script sends the same read and paints a line of its answer, painted at ${floor.toFixed(0)} ms ` +
      `= ${(floor / median(cold.blank)).toFixed(2)}× the blank page (its read answered at ${median(floorRead).toFixed(0)} ms; median of ${RUNS})`,
  );
  report(
    `web: spread, cold, ms (median (quartiles) of ${RUNS}): blank ${spread(cold.blank)} · floor ${spread(cold.floor)} · match ${spread(cold.match)}; ` +
      `paired ratios: floor ÷ blank ${spread(paired(cold.floor, cold.blank), 2)} · match ÷ blank ${spread(paired(cold.match, cold.blank), 2)} · ` +
      `match ÷ floor ${spread(paired(cold.match, cold.floor), 2)}`,
  );
  report(
    `web: the store (DynamoDB Local) busy during a cold load, ms: floor ${spread(inStore.floor)}, match ${spread(inStore.match)}; ` +
      `the floor's load less its store time ${spread(cold.floor.map((f, i) => f - inStore.floor[i]!))} ms`,
  );
}

export async function bench(report: (line: string) => void) {
  const dynamo = await startDynamoLocal();
  const site = await builtSite();
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startSite>> | undefined;
  try {
    const raw = localClient(dynamo.endpoint);
    await ensureTable(raw, 'bench-web');
    raw.destroy();
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const storeCalls: { start: number; end: number }[] = [];
    const store = timedStore(new DynamoMatchStore(doc, 'bench-web'), storeCalls);
    // The yardstick page: served by the same server, one line of text, nothing else.
    await writeFile(
      join(site.dir, 'blank.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p elementtiming="blank">Blank page.</p></body></html>',
    );
    // The floor (see FLOOR_SCRIPT): a page and its one script, served by the same server.
    await writeFile(
      join(site.dir, 'floor.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title><script src="/floor.js"></script></head><body></body></html>',
    );
    await writeFile(join(site.dir, 'floor.js'), FLOOR_SCRIPT);
    server = await startSite({ store, webRoot: site.dir });

    // A match of Dutch in play, opened by its first seat.
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(server!.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as { matchId: string; url: string; invites: { url: string }[] };
    const created = await post('/api/matches', { game: 'dutch-auction', seats: 2, options: {}, name: 'Ann' });
    await post(`/api/matches/${created.matchId}/join`, {
      invite: new URL(created.invites[0]!.url).hash.slice('#invite='.length),
      name: 'Bob',
    });
    // The seat link exactly as the API hands it to the player (its fragment names the seat, the token and the game).
    const matchUrl = created.url;
    if (!matchUrl.startsWith(`${server.url}/m/${created.matchId}#seat=0&token=`)) throw new Error(`unexpected seat link ${matchUrl}`);
    const blankUrl = `${server.url}/blank.html`;
    // The same read the match page's first script sends (path, bearer token, headers), by the floor page.
    const floorUrl = `${server.url}/floor.html#path=${encodeURIComponent(`/api/matches/${created.matchId}/seats/0`)}&token=${new URL(matchUrl).hash.match(/token=([^&]+)/)![1]}`;

    browser = await launchChromium();

    const bytes = await firstLoadBytes(browser, site.dir, matchUrl);
    report(
      `web: match page JS for its first render ${kb(bytes.before.js)} + CSS ${kb(bytes.before.css)} gzip (${bytes.before.files} files, asked for before the match read answered); ` +
        `goal JS ≤ ${kb(JS_GOAL)}: ${bytes.before.js <= JS_GOAL ? 'met' : 'MISSED'}; ` +
        `then the lazy parts the match view draws: JS ${kb(bytes.after.js)} (${bytes.after.files} files)`,
    );

    // Time to first render, cold: a fresh context (empty cache) per load, pages alternating.
    const cold = { match: [] as number[], blank: [] as number[], floor: [] as number[] };
    const floorRead: number[] = [];
    const inStore = { floor: [] as number[], match: [] as number[] };
    const timelines = { cold: [] as Timeline[], warm: [] as Timeline[] };
    const urls = { blank: blankUrl, floor: floorUrl, match: matchUrl };
    const marks = { blank: 'blank', floor: 'floor', match: 'match-ready' };
    for (let i = 0; i < RUNS; i++) {
      for (const kind of ['blank', 'floor', 'match'] as const) {
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        const from = performance.now();
        await page.goto(urls[kind]);
        cold[kind].push(await paintedAt(page, marks[kind]));
        if (kind !== 'blank') inStore[kind].push(storeTime(storeCalls, from, performance.now()));
        if (kind === 'match') timelines.cold.push(await timelineOf(page));
        if (kind === 'floor') floorRead.push((await timelineOf(page)).apiEnd);
        await ctx.close();
      }
    }
    // Warm: one context, assets cached, the seat already stored (as for a returning player).
    const warm = { match: [] as number[], blank: [] as number[] };
    {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(matchUrl);
      await paintedAt(page, 'match-ready');
      for (let i = 0; i < RUNS; i++) {
        await page.goto(blankUrl);
        warm.blank.push(await paintedAt(page, 'blank'));
        await page.goto(`${server.url}/m/${created.matchId}`);
        warm.match.push(await paintedAt(page, 'match-ready'));
        timelines.warm.push(await timelineOf(page));
      }
      await ctx.close();
    }
    report(
      `web: the match page's first API read took ${median(timelines.cold.map((t) => t.apiEnd - t.apiStart)).toFixed(0)} ms (median, cold loads)`,
    );
    // Where the time goes (medians, ms from navigation start; files from the cache count as instant).
    report(`web: timeline, cold: ${describeTimeline(timelines.cold, cold.match)}`);
    report(`web: timeline, warm: ${describeTimeline(timelines.warm, warm.match)}`);
    const floor = median(cold.floor);
    const floorRatio = floor / median(cold.blank);
    reportSpread(report, cold, inStore, floorRead);
    for (const [name, t] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      const m = median(t.match);
      const b = median(t.blank);
      const goal = RATIO_GOALS[name];
      // Cold: when the floor alone is above the blank-page goal, the goal is on what the app adds to the floor.
      const verdict =
        name === 'cold' && floorRatio > goal
          ? `goal ≤ ${goal}× is below the floor (${floorRatio.toFixed(2)}×); ÷ the floor ${(m / floor).toFixed(2)}×, goal ≤ ${FLOOR_GOAL}×: ${m / floor <= FLOOR_GOAL ? 'met' : 'MISSED'}`
          : `goal ≤ ${goal}×: ${m / b <= goal ? 'met' : 'MISSED'}${name === 'cold' ? `; ÷ the floor ${(m / floor).toFixed(2)}×` : ''}`;
      report(
        `web: first render, ${name}: match page ${m.toFixed(0)} ms ÷ blank page ${b.toFixed(0)} ms = ${(m / b).toFixed(2)}× (median of ${RUNS}; ${verdict})`,
      );
    }
  } finally {
    await browser?.close();
    await server?.close();
    await site.remove();
    await dynamo.stop();
  }
}
