/**
 * A flood on the live channel (does it slow other clients' polls?), measured in one run on one local
 * server as `npm start` runs it (API, DynamoDB Local, the live socket on the table's stream): another
 * client's poll (`GET` of its seat with `If-None-Match`, a 304) timed POLLS times while nothing else
 * happens (quiet), then while one client floods: a socket sends FLOOD subscribes at once, and as soon as
 * it is closed or answered the client opens the next (flood: at least POLLS polls, and for as long as
 * the first socket is not done). Printed: both p50 and p99 and the ratio of the p99s. Goal: the flood's
 * p99 within 2× of the quiet one. The flooder's answers are counted too (subscribed, 'unavailable', how
 * its sockets were closed).
 */
import WebSocket from 'ws';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { LIVE_PATH } from '../../functions/live/protocol.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { makeMatch, type MadeMatch } from '../../tests/web/support/matches.js';
import { startSite } from '../../tests/web/support/site.js';

const POLLS = Number(process.env.FLOOD_BENCH_POLLS ?? 400);
const FLOOD = Number(process.env.FLOOD_BENCH_MESSAGES ?? 2000);
const GOAL = 2;

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Conditional reads of seat 1, one after another, at least POLLS and until `more()` says stop; their times in ms, and the answers that were not 304. */
async function polls(base: string, m: MadeMatch, more: () => boolean = () => false) {
  const url = `${base}/api/matches/${m.matchId}/seats/1`;
  const headers = { Authorization: `Bearer ${m.seats[1]!.token}` };
  const first = await fetch(url, { headers });
  const etag = first.headers.get('ETag') ?? '';
  await first.arrayBuffer();
  const times = Object.assign([] as number[], { other: [] as number[] });
  for (let i = 0; i < POLLS || more(); i++) {
    const t = performance.now();
    const r = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
    await r.arrayBuffer();
    if (r.status !== 304) times.other.push(r.status);
    times.push(performance.now() - t);
  }
  return times;
}

/** One socket sending FLOOD subscribes at once; `done` resolves once it closed or all were answered. */
async function floodSocket(base: string, m: MadeMatch, answers: Map<string, number>, closes: Map<string, number>) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PATH}`);
  let answered = 0;
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  ws.on('message', (d) => {
    const msg = JSON.parse(d.toString()) as { type: string; code?: string };
    const k = msg.code ?? msg.type;
    answers.set(k, (answers.get(k) ?? 0) + 1);
    if (++answered >= FLOOD) finish();
  });
  ws.on('close', (code) => {
    closes.set(String(code), (closes.get(String(code)) ?? 0) + 1);
    finish();
  });
  ws.on('error', () => finish());
  await new Promise((res) => ws.once('open', res).once('error', res).once('unexpected-response', res));
  const subscribe = JSON.stringify({ action: 'subscribe', matchId: m.matchId, seat: 0, token: m.seats[0]!.token });
  for (let i = 0; i < FLOOD && ws.readyState === WebSocket.OPEN; i++) ws.send(subscribe);
  await done;
  ws.terminate();
}

/** A client flooding from one socket after another (a new one as soon as the last is done) until `stop`. */
function flooder(base: string, m: MadeMatch) {
  const answers = new Map<string, number>();
  const closes = new Map<string, number>();
  let stopped = false;
  let sockets = 0;
  let firstDone = false;
  const loop = (async () => {
    while (!stopped) {
      sockets++;
      await floodSocket(base, m, answers, closes);
      firstDone = true;
    }
  })();
  return {
    firstDone: () => firstDone,
    stop: async () => {
      stopped = true;
      await loop;
      return { sockets, answers, closes };
    },
  };
}

export async function bench(report: (line: string) => void) {
  const dynamo = await startDynamoLocal();
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  try {
    const raw = localClient(dynamo.endpoint);
    await ensureTable(raw, 'bench-flood');
    raw.destroy();
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    site = await startSite({
      store: new DynamoMatchStore(doc, 'bench-flood'),
      webRoot: '/nonexistent',
      live: { endpoint: dynamo.endpoint, tableName: 'bench-flood' },
    });
    const m = await makeMatch(site.url, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
    await polls(site.url, m); // warm-up
    const quiet = await polls(site.url, m);
    const started = performance.now();
    const f = flooder(site.url, m);
    // Polls while the first flooding socket is not done (bounded), and at least POLLS of them.
    const flooded = await polls(site.url, m, () => !f.firstDone() && performance.now() - started < 120_000);
    const floodMs = performance.now() - started;
    const { sockets, answers, closes } = await f.stop();
    report(`live flood: another client's poll (304), quiet and while one client floods socket after socket with ${FLOOD} subscribes each`);
    const other = (xs: { other: number[] }) =>
      xs.other.length ? ` (${xs.other.length} not 304: ${[...new Set(xs.other)].join(', ')})` : '';
    report(`  quiet: ${quiet.length} polls, p50 ${pct(quiet, 50).toFixed(1)} ms, p99 ${pct(quiet, 99).toFixed(1)} ms${other(quiet)}`);
    report(
      `  flood: ${flooded.length} polls, p50 ${pct(flooded, 50).toFixed(1)} ms, p99 ${pct(flooded, 99).toFixed(1)} ms${other(flooded)}`,
    );
    const ratio = pct(flooded, 99) / pct(quiet, 99);
    report(`  p99 flood ÷ quiet: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'met' : 'NOT met'})`);
    const list = (xs: Map<string, number>) => [...xs].map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
    report(`  the flooder over ${(floodMs / 1000).toFixed(1)} s: ${sockets} sockets; answers ${list(answers)}; closes ${list(closes)}`);
  } finally {
    await site?.close();
    await dynamo.stop();
  }
}
