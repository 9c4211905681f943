/**
 * The load run (issue 27): `npm start` as a terminal runs it (scripts/start.ts in its own process group: DynamoDB
 * Local, the three stream readers, the bots, the live socket), driven through the HTTP API with real seat tokens
 * by many 2-seat Dutch auction matches at once: people on both seats, or a person against an easy computer
 * (one match in COMPUTER_EVERY). Every seat a person holds has its page's live WebSocket open and subscribed
 * (from its own loopback address, 127.0.x.y: the server allows 16 sockets per address) and renews its subscription
 * every 9 minutes as the page does; a poke is answered by the page's conditional read (If-None-Match). A
 * finished match is replaced by a new one.
 *
 * The offered load is a fixed total rate (RATE moves/s, default 6) spread over however many matches are open; for
 * each move: the mover's visit (a full read) half the time, the move with an Idempotency-Key, the other page's
 * read after its poke, half a poll (304 or 200) by some open page, a chat line one time in twenty.
 *
 * Two phases in one run: 10 matches, then 1,000 (LOAD_MATCHES), each after a warm-up. The cost of one move is
 * the server's CPU time (user + system of the node process that runs start.ts, from /proc) over the phase ÷ the
 * moves made in it, with everything the mix adds per move (its reads, polls, pokes, chat, the bots' moves). CPU
 * time, not wall latency: on this 2-core machine shared with other work, latency measures the neighbours as
 * much as the server, while the CPU a process spends on a fixed mix of work is what grows if a data
 * structure grows with the number of matches or sockets. The same offered rate in both phases keeps the
 * mix and the machine's load alike; only the number of open matches (and sockets, subscriptions, items) differs.
 * DynamoDB Local's CPU per move (the java process) is reported beside it: on AWS that part is not ours.
 *
 * Memory: the server's RSS (from /proc) and V8 heap (a preloaded hook, NODE_OPTIONS=--import) every 2 s over
 * the 1,000-match phase; after its warm-up, flat = the median of the last third within 5 % of the first
 * third's. `npm run bench -- load --minutes 10` runs the issue's 10-minute phase; the default is 2 minutes.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../../functions/local/dynamo-local.js';
import { LIVE_PATH } from '../../functions/live/protocol.js';
import { LIVE_PAGE } from '../../infra/cost.js';
import { START_ARGV } from '../start-argv.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? Number(process.argv[i + 1]) : fallback;
};
/** Length of the 1,000-match phase (after its warm-up), minutes. */
const MINUTES = arg('minutes', 2);
const RATE = arg('rate', Number(process.env.LOAD_RATE ?? 6));
const SMALL = 10;
const LARGE = arg('matches', Number(process.env.LOAD_MATCHES ?? 1000));
const SMALL_SECONDS = arg('small-seconds', 60);
const WARMUP_SECONDS = 45;
const COMPUTER_EVERY = 5;
const COST_GOAL = 1.2;
const FLAT_WITHIN = 0.05;
const SAMPLE_MS = 2000;
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : Number.NaN;
};

/** Written beside the server: its V8 heap every SAMPLE_MS, one line per sample, from the process that runs start.ts. */
const HEAP_HOOK = `import{appendFileSync}from'node:fs';
if(process.argv.some(a=>a.endsWith('scripts/start.ts'))&&!process.argv.some(a=>a.includes('tsx/dist/cli'))){
setInterval(()=>{const m=process.memoryUsage();appendFileSync(process.env.LOAD_HEAP_FILE,process.pid+' '+Date.now()+' '+m.heapUsed+' '+m.rss+'\\n')},${SAMPLE_MS}).unref()}`;

// ------------------------------------------------------------------ the server and its processes

interface Server {
  base: string;
  port: number;
  child: ChildProcess;
  heapFile: string;
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const hook = join(dataDir, 'heap-hook.mjs');
  writeFileSync(hook, HEAP_HOOK);
  const heapFile = join(dataDir, 'heap.log');
  const child = spawn(process.execPath, [...START_ARGV], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOAD_HEAP_FILE: heapFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${hook}`.trim(),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Dutch is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}): ${out.slice(-2000)}`)));
  });
  return { base: `http://127.0.0.1:${port}`, port, child, heapFile, dataDir };
}

async function stopServer(s: Server): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  process.kill(-s.child.pid!, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-s.child.pid!, 'SIGKILL');
    } catch {}
  }, 30_000);
  await exited;
  clearTimeout(timer);
  rmSync(s.dataDir, { recursive: true, force: true });
}

/** The node process that runs start.ts (not tsx's launcher) and DynamoDB Local's java, in the server's process group. */
function processes(pgid: number): { server: number; java: number } {
  const rows = spawnSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => ({ pid: Number(l.split(/\s+/)[0]), args: l.slice(l.indexOf(' ') + 1) }));
  const server = rows.find((r) => r.args.includes('scripts/start.ts') && !r.args.includes('tsx/dist/cli'));
  const java = rows.find((r) => r.args.includes('java'));
  if (!server || !java) throw new Error(`server processes not found: ${JSON.stringify(rows)}`);
  return { server: server.pid, java: java.pid };
}

/** CPU seconds (user + system) a process has used. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / CLK_TCK;
}
function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

// ------------------------------------------------------------------ the players

interface Seat {
  seat: number;
  token: string;
  version: number;
  toAct: number[];
  legalMoves: unknown[];
  reading: boolean;
  again: boolean;
  socket?: WebSocket;
}
interface Table {
  id: string;
  seats: Seat[];
  computer: boolean;
  busy: boolean;
  over: boolean;
  movedAt?: { version: number; at: number; by: number };
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads fields of several different API answers straight off the parsed JSON.
  json: any;
}

class Load {
  readonly latency = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  moves = 0;
  tables: Table[] = [];
  private addresses = 0;
  private stopped = false;

  constructor(private readonly server: Server) {}

  private record(kind: string, ms: number, ok: boolean) {
    if (ok) {
      const l = this.latency.get(kind) ?? [];
      l.push(ms);
      this.latency.set(kind, l);
    } else this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
  }

  resetCounts() {
    this.latency.clear();
    this.failures.clear();
    this.moves = 0;
  }

  private async call(
    kind: string,
    method: string,
    path: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.server.base}${path}`, {
        method,
        headers: {
          ...(o.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(o.token ? { Authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      });
      const text = await res.text();
      this.record(kind, performance.now() - t0, res.status < 400);
      return { status: res.status, json: text ? JSON.parse(text) : null } as Answer;
    } catch (err) {
      this.record(kind, performance.now() - t0, false);
      return { status: 0, json: { error: String(err) } } as Answer;
    }
  }

  private take(seat: Seat, a: Answer) {
    if (a.status !== 200 || !a.json || typeof a.json.version !== 'number' || a.json.version < seat.version) return;
    seat.version = a.json.version;
    seat.toAct = a.json.toAct ?? [];
    seat.legalMoves = a.json.legalMoves ?? [];
  }

  /** Creates a match (a person against a computer one time in COMPUTER_EVERY), joins it, opens the pages. */
  async open(): Promise<Table> {
    const computer = (this.tables.length + 1) % COMPUTER_EVERY === 0;
    const created = await this.call('create', 'POST', '/api/matches', {
      body: { game: 'dutch-auction', seats: 2, options: {}, name: 'Ann', ...(computer ? { bots: [{ seat: 1, level: 'easy' }] } : {}) },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
    const seats: Seat[] = [{ seat: 0, token: created.json.token, version: 0, toAct: [], legalMoves: [], reading: false, again: false }];
    for (const inv of created.json.invites as { seat: number; url: string }[]) {
      const joined = await this.call('join', 'POST', `/api/matches/${created.json.matchId}/join`, {
        body: { invite: new URL(inv.url).hash.slice('#invite='.length), name: 'Bo' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (joined.status !== 200 && joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.json)}`);
      seats.push({ seat: joined.json.seat, token: joined.json.token, version: 0, toAct: [], legalMoves: [], reading: false, again: false });
    }
    const table: Table = { id: created.json.matchId, seats, computer, busy: false, over: false };
    for (const s of seats) {
      this.take(s, await this.call('visit', 'GET', `/api/matches/${table.id}/seats/${s.seat}`, { token: s.token }));
      await this.subscribe(table, s);
    }
    this.tables.push(table);
    return table;
  }

  /**
   * The page's live socket, from a loopback address of its own every 16 sockets, renewing its subscription as the
   * page does (every LIVE_PAGE.keepaliveMinutes: the server closes a socket idle for 10 minutes).
   */
  private async subscribe(table: Table, s: Seat) {
    const n = this.addresses++;
    const localAddress = `127.0.${1 + Math.floor(n / 16 / 250)}.${1 + (Math.floor(n / 16) % 250)}`;
    let sentAt = performance.now();
    let subscribed = false;
    const ws = new WebSocket(`ws://127.0.0.1:${this.server.port}${LIVE_PATH}`, { origin: this.server.base, localAddress });
    s.socket = ws;
    const subscribe = () => {
      sentAt = performance.now();
      ws.send(JSON.stringify({ action: 'subscribe', matchId: table.id, seat: s.seat, token: s.token }));
    };
    const keepalive = setInterval(() => ws.readyState === WebSocket.OPEN && subscribe(), LIVE_PAGE.keepaliveMinutes * 60_000);
    ws.on('close', () => {
      clearInterval(keepalive);
      // Only the bench closes sockets (a finished match, the end): any other close is the server's.
      if (!this.stopped && !table.over) this.record('socket closed by the server', 0, false);
    });
    await new Promise<void>((resolve) => {
      ws.once('open', subscribe);
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        if (m.type === 'subscribed') {
          this.record(subscribed ? 'keep-alive subscribe' : 'subscribe', performance.now() - sentAt, true);
          subscribed = true;
          resolve();
        } else if (m.type === 'version') this.poked(table, s, m.version);
        else if (m.type === 'error') {
          this.record(subscribed ? 'keep-alive subscribe' : 'subscribe', performance.now() - sentAt, false);
          resolve();
        }
      });
      ws.once('error', () => {
        this.record('subscribe', performance.now() - sentAt, false);
        resolve();
      });
    });
  }

  /** A poke: the page reads the match again, conditionally, unless it already shows that version. */
  private poked(table: Table, s: Seat, version: number) {
    if (this.stopped || version <= s.version) return;
    if (table.movedAt && version >= table.movedAt.version && s.seat !== table.movedAt.by) {
      this.record('poke (move sent → other page poked)', performance.now() - table.movedAt.at, true);
      table.movedAt = undefined;
    }
    void this.readAfterPoke(table, s);
  }

  private async readAfterPoke(table: Table, s: Seat) {
    if (s.reading) {
      s.again = true;
      return;
    }
    s.reading = true;
    do {
      s.again = false;
      const a = await this.call('read after poke', 'GET', `/api/matches/${table.id}/seats/${s.seat}`, {
        token: s.token,
        headers: { 'If-None-Match': `"${s.version}"` },
      });
      this.take(s, a);
      if (a.json?.status === 'over') table.over = true;
    } while (s.again && !this.stopped);
    s.reading = false;
  }

  /** One move of the offered load, by a person whose turn it is in some match not already moving. */
  async move(): Promise<boolean> {
    const ready = this.tables.filter((t) => !t.busy && !t.over && t.seats.some((s) => s.toAct.includes(s.seat) && s.legalMoves.length));
    if (!ready.length) return false;
    const table = ready[Math.floor(Math.random() * ready.length)]!;
    const s = table.seats.find((x) => x.toAct.includes(x.seat) && x.legalMoves.length)!;
    table.busy = true;
    try {
      if (Math.random() < 0.5)
        this.take(s, await this.call('visit', 'GET', `/api/matches/${table.id}/seats/${s.seat}`, { token: s.token }));
      if (!s.toAct.includes(s.seat) || !s.legalMoves.length) return false;
      const move = s.legalMoves[Math.floor(Math.random() * s.legalMoves.length)];
      const other = table.seats.find((x) => x !== s);
      if (other && !table.computer) table.movedAt = { version: s.version + 1, at: performance.now(), by: s.seat };
      const a = await this.call('move', 'POST', `/api/matches/${table.id}/seats/${s.seat}/moves`, {
        token: s.token,
        body: { expectedVersion: s.version, move },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (a.status === 200) {
        this.moves++;
        this.take(s, a);
        if (a.json.status === 'over') table.over = true;
      } else if (a.status === 409) {
        this.take(s, await this.call('visit', 'GET', `/api/matches/${table.id}/seats/${s.seat}`, { token: s.token }));
      }
      if (Math.random() < 0.05)
        await this.call('chat', 'POST', `/api/matches/${table.id}/seats/${s.seat}/chat`, { token: s.token, body: { text: 'well played' } });
      return a.status === 200;
    } finally {
      table.busy = false;
    }
  }

  /** Some open page's poll. */
  async poll(): Promise<void> {
    const table = this.tables[Math.floor(Math.random() * this.tables.length)];
    const s = table?.seats[Math.floor(Math.random() * table.seats.length)];
    if (!table || !s || s.reading) return;
    const a = await this.call('poll', 'GET', `/api/matches/${table.id}/seats/${s.seat}`, {
      token: s.token,
      headers: { 'If-None-Match': `"${s.version}"` },
    });
    this.take(s, a);
  }

  /** Finished matches leave (their sockets closed) and new ones take their places. */
  async replaceFinished(): Promise<void> {
    const done = this.tables.filter((t) => t.over && !t.busy);
    if (!done.length) return;
    this.tables = this.tables.filter((t) => !done.includes(t));
    for (const t of done) for (const s of t.seats) s.socket?.close();
    for (const _ of done) await this.open();
  }

  /** Opens matches until `n` are open, a few at a time. */
  async grow(n: number): Promise<void> {
    const pending: Promise<unknown>[] = [];
    while (this.tables.length + pending.length < n) {
      const p = this.open().finally(() => pending.splice(pending.indexOf(p), 1));
      pending.push(p);
      if (pending.length >= 8) await Promise.race(pending);
    }
    await Promise.all(pending);
  }

  /** Offers RATE moves/s and half as many polls for `seconds`; finished matches are replaced as it goes. */
  async drive(seconds: number): Promise<void> {
    const end = performance.now() + seconds * 1000;
    const gap = 1000 / RATE;
    let next = performance.now();
    const inflight = new Set<Promise<unknown>>();
    const keep = (p: Promise<unknown>) => {
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    };
    let tick = 0;
    while (performance.now() < end) {
      next += gap;
      keep(this.move());
      if (tick++ % 2 === 0) keep(this.poll());
      if (tick % Math.max(1, Math.round(RATE)) === 0) keep(this.replaceFinished());
      await sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(inflight);
  }

  close() {
    this.stopped = true;
    for (const t of this.tables) for (const s of t.seats) s.socket?.terminate();
  }
}

// ------------------------------------------------------------------ the phases

interface Phase {
  matches: number;
  seconds: number;
  moves: number;
  serverCpu: number;
  javaCpu: number;
  latency: Map<string, number[]>;
  failures: Map<string, number>;
}

async function phase(load: Load, pids: { server: number; java: number }, seconds: number, onSample?: () => void): Promise<Phase> {
  load.resetCounts();
  const c0 = { server: cpuSeconds(pids.server), java: cpuSeconds(pids.java) };
  const t0 = performance.now();
  const sampler = onSample ? setInterval(onSample, SAMPLE_MS) : undefined;
  await load.drive(seconds);
  if (sampler) clearInterval(sampler);
  const elapsed = (performance.now() - t0) / 1000;
  return {
    matches: load.tables.length,
    seconds: elapsed,
    moves: load.moves,
    serverCpu: cpuSeconds(pids.server) - c0.server,
    javaCpu: cpuSeconds(pids.java) - c0.java,
    latency: new Map(load.latency),
    failures: new Map(load.failures),
  };
}

function reportPhase(p: Phase, report: (line: string) => void) {
  report(
    `  ${p.matches} matches, ${p.seconds.toFixed(0)} s: ${p.moves} moves (${(p.moves / p.seconds).toFixed(1)}/s offered ${RATE}/s); ` +
      `server CPU ${((p.serverCpu / p.moves) * 1000).toFixed(1)} ms per move (${((p.serverCpu / p.seconds) * 100).toFixed(0)} % of a core), ` +
      `DynamoDB Local ${((p.javaCpu / p.moves) * 1000).toFixed(1)} ms per move (${((p.javaCpu / p.seconds) * 100).toFixed(0)} % of a core)`,
  );
  for (const [kind, xs] of [...p.latency.entries()].sort()) {
    const failed = p.failures.get(kind) ?? 0;
    report(
      `    ${kind.padEnd(38)} ${(xs.length / p.seconds).toFixed(2).padStart(7)}/s  p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms  p99 ${pct(xs, 99).toFixed(0).padStart(5)} ms` +
        (failed ? `  (${failed} failed)` : ''),
    );
  }
  for (const [kind, n] of p.failures) if (!p.latency.has(kind)) report(`    ${kind.padEnd(38)} ${n} failed, none answered`);
}

export async function bench(report: (line: string) => void): Promise<void> {
  const server = await startServer();
  const load = new Load(server);
  try {
    const pids = processes(server.child.pid!);
    report(
      `load: npm start (pid ${pids.server}, DynamoDB Local pid ${pids.java}) driven over HTTP and the live socket; ` +
        `${RATE} moves/s offered in both phases; 1 match in ${COMPUTER_EVERY} against an easy computer`,
    );
    await load.grow(SMALL);
    await load.drive(WARMUP_SECONDS);
    const small = await phase(load, pids, SMALL_SECONDS);
    reportPhase(small, report);

    const opened = performance.now();
    await load.grow(LARGE);
    report(`  (opened ${LARGE - SMALL} more matches with their sockets in ${((performance.now() - opened) / 1000).toFixed(0)} s)`);
    await load.drive(WARMUP_SECONDS);
    const samples: { rss: number; t: number }[] = [];
    const heapFrom = Date.now();
    const large = await phase(load, pids, MINUTES * 60, () => samples.push({ rss: rssBytes(pids.server), t: Date.now() }));
    reportPhase(large, report);

    const perMove = (p: Phase) => p.serverCpu / p.moves;
    const ratio = perMove(large) / perMove(small);
    report(
      `  cost of one move (server CPU) at ${LARGE} matches ÷ at ${SMALL}: ${ratio.toFixed(2)}× (goal ≤ ${COST_GOAL}×: ${ratio <= COST_GOAL ? 'met' : 'MISSED'}); ` +
        `DynamoDB Local's: ${(large.javaCpu / large.moves / (small.javaCpu / small.moves)).toFixed(2)}×`,
    );

    const heap = readFileSync(server.heapFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ').map(Number))
      .filter(([pid, t]) => pid === pids.server && t! >= heapFrom)
      .map(([, , used]) => used!);
    const thirds = (xs: number[]) =>
      [median(xs.slice(0, Math.floor(xs.length / 3))), median(xs.slice(-Math.floor(xs.length / 3)))] as const;
    const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
    for (const [label, xs] of [
      ['RSS', samples.map((s) => s.rss)],
      ['V8 heap used', heap],
    ] as const) {
      const [first, last] = thirds(xs);
      const change = last / first - 1;
      report(
        `  server ${label} over the ${MINUTES}-minute phase (${xs.length} samples): first third median ${mb(first)}, last third ${mb(last)} ` +
          `(${(change * 100).toFixed(1)} %): ${Math.abs(change) <= FLAT_WITHIN || change < 0 ? 'flat' : 'GROWING'} (within ${FLAT_WITHIN * 100} %)`,
      );
    }
    report(`  DynamoDB Local RSS at the end: ${mb(rssBytes(pids.java))}`);
  } finally {
    load.close();
    await stopServer(server);
  }
}
