/**
 * Does a move that `npm start` acknowledged survive a kill? A lost acknowledged write, end to
 * end: `npm start` (node --import tsx scripts/start.ts, fresh DATA_DIR, free PORT) runs in a process group of its
 * own; a match is created and joined through the API and a legal move made; a given delay after the
 * move's 200 either the whole process group (node, esbuild and DynamoDB Local's Java: what
 * `kill -9 -<pgid>` or a closed terminal's hard kill does) or only the Java process gets SIGKILL.
 * Then `npm start` runs again on the same DATA_DIR and the match's version is read: the move
 * survived when it is the acknowledged one. Before each restart it also looks for a process of the
 * killed run still alive on that DATA_DIR (an orphaned DynamoDB Local holding the SQLite file).
 *
 * `npm run bench -- durability` (TRIALS=n per delay and kind of kill, default 1, about 50 s;
 * DELAYS=0,5,20,100,300 in ms; KILLS=group,java). Linux only (reads /proc to find the processes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../functions/local/dynamo-local.js';
import { START_ARGV } from '../start-argv.js';

type Kill = 'group' | 'java';

interface Running {
  child: ChildProcess;
  pgid: number;
  base: string;
  output: () => string;
}

interface Match {
  id: string;
  tokens: string[];
  version: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = new Set<number>();
// Whatever this bench started must not outlive it.
process.once('exit', () => {
  for (const pgid of started) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/** `npm start` on `dataDir` in a process group of its own; resolves once it serves. */
async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  delete env.DYNAMODB_ENDPOINT;
  delete env.TABLE_NAME;
  const child = spawn(process.execPath, [...START_ARGV], { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child.pid!);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Dutch is running')) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
    await sleep(20);
  }
  return { child, pgid: child.pid!, base: `http://127.0.0.1:${port}`, output: () => out };
}

interface Proc {
  pid: number;
  comm: string;
  state: string;
  pgid: number;
}

/** Every process (zombies left out: they hold no file and no port). */
function processes(): Proc[] {
  const list: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const [state, , pgid] = stat.slice(close + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      list.push({ pid: Number(name), comm, state: state!, pgid: Number(pgid) });
    } catch {
      /* exited meanwhile */
    }
  }
  return list;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Processes still alive that have the data directory open as their DynamoDB Local's -dbPath. */
function holders(dataDir: string): Proc[] {
  const dbPath = resolve(dataDir, 'dynamodb');
  return processes().filter((p) => cmdline(p.pid).includes(`-dbPath ${dbPath}`));
}

async function waitGone(pred: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (pred()) {
    if (Date.now() > deadline) throw new Error(`${what} still alive after 10 s`);
    await sleep(5);
  }
}

async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function newMatch(base: string): Promise<Match> {
  const created = await api(base, 'POST', '/api/matches', { game: 'dutch-memory', seats: 2, options: {}, name: 'Ann' });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const invite = new URL(created.json.invites[0].url).hash.replace('#invite=', '');
  const joined = await api(base, 'POST', `/api/matches/${created.json.matchId}/join`, { invite, name: 'Bob' });
  if (joined.status !== 200) throw new Error(`join answered ${joined.status}`);
  return { id: created.json.matchId, tokens: [created.json.token, joined.json.token], version: 0 };
}

async function read(base: string, m: Match, seat = 0) {
  const r = await api(base, 'GET', `/api/matches/${m.id}/seats/${seat}`, undefined, m.tokens[seat]);
  if (r.status !== 200) throw new Error(`read answered ${r.status}`);
  return r.json as { version: number; status: string; toAct: number[]; legalMoves: unknown[] };
}

/**
 * Makes the first legal move of a seat to act and calls `acked` synchronously with the new version
 * the moment the 200 is in (so a kill at 0 ms follows the answer with nothing in between).
 * Null when the match has no move left.
 */
async function move(base: string, m: Match, acked: (version: number) => void): Promise<number | null> {
  const view = await read(base, m);
  if (view.status !== 'active' || view.toAct.length === 0) return null;
  const seat = view.toAct[0]!;
  const mine = seat === 0 ? view : await read(base, m, seat);
  if (mine.legalMoves.length === 0) return null;
  const r = await api(
    base,
    'POST',
    `/api/matches/${m.id}/seats/${seat}/moves`,
    { expectedVersion: mine.version, move: mine.legalMoves[0] },
    m.tokens[seat],
  );
  if (r.status !== 200) throw new Error(`move answered ${r.status}: ${JSON.stringify(r.json)}`);
  acked(r.json.version);
  return r.json.version as number;
}

function killGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

interface Outcome {
  survived: boolean;
  orphans: number;
}

/** One trial on a running `npm start`: move, kill, restart; returns the new run and the outcome. */
async function trial(
  dataDir: string,
  run: Running,
  match: Match,
  kill: Kill,
  delayMs: number,
): Promise<{ run: Running; outcome: Outcome } | null> {
  const java = processes().find((p) => p.pgid === run.pgid && p.comm === 'java');
  if (!java) throw new Error('no java in the npm start process group');
  const doKill = (): void => {
    if (kill === 'group') killGroup(run.pgid);
    else process.kill(java.pid, 'SIGKILL');
  };
  let killed: Promise<void> | undefined;
  const version = await move(run.base, match, () => {
    killed = delayMs === 0 ? Promise.resolve(doKill()) : sleep(delayMs).then(doKill);
  });
  if (version === null) return null;
  await killed;
  await waitGone(() => processes().some((p) => p.pid === java.pid), 'java');
  // Java alone killed: the rest of that run is stopped too (Java is dead already, so nothing it holds changes).
  killGroup(run.pgid);
  await waitGone(() => processes().some((p) => p.pgid === run.pgid), 'the npm start process group');
  started.delete(run.pgid);
  const orphans = holders(dataDir).length;
  const next = await start(dataDir);
  const after = await read(next.base, match);
  match.version = after.version;
  return { run: next, outcome: { survived: after.version >= version, orphans } };
}

export async function bench(report: (line: string) => void): Promise<void> {
  if (process.platform !== 'linux') {
    report('durability: Linux only (finds the processes in /proc); skipped');
    return;
  }
  const trials = Number(process.env.TRIALS ?? 1);
  const delays = (process.env.DELAYS ?? '0,5,20,100,300').split(',').map(Number);
  const kills = (process.env.KILLS ?? 'group,java').split(',') as Kill[];
  const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
  const results = new Map<string, { survived: number; total: number; orphans: number }>();
  const key = (k: Kill, d: number) => `${k} ${d}`;
  try {
    let run = await start(dataDir);
    let match = await newMatch(run.base);
    // Round robin over the cases, so a slow phase of the machine does not land on one delay only.
    for (let i = 0; i < trials; i++) {
      for (const delay of delays) {
        for (const kill of kills) {
          let done = await trial(dataDir, run, match, kill, delay);
          if (!done) {
            match = await newMatch(run.base);
            done = await trial(dataDir, run, match, kill, delay);
            if (!done) throw new Error('a new match has no move');
          }
          run = done.run;
          const r = results.get(key(kill, delay)) ?? { survived: 0, total: 0, orphans: 0 };
          r.total++;
          if (done.outcome.survived) r.survived++;
          r.orphans += done.outcome.orphans;
          results.set(key(kill, delay), r);
        }
      }
    }
    killGroup(run.pgid);
    await waitGone(() => processes().some((p) => p.pgid === run.pgid), 'the last npm start');
    started.delete(run.pgid);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(
    `npm start: an acknowledged move after SIGKILL this long after its 200, then npm start again on the same DATA_DIR (${trials} trials each)`,
  );
  report(`  ${'delay'.padStart(6)}  ${'whole process group'.padEnd(22)}  ${'Java only'.padEnd(22)}`);
  for (const delay of delays) {
    const cells = (['group', 'java'] as Kill[]).map((k) => {
      const r = results.get(key(k, delay));
      return (r ? `${r.survived}/${r.total} kept, ${r.orphans} orphan${r.orphans === 1 ? '' : 's'}` : '-').padEnd(22);
    });
    report(`  ${`${delay} ms`.padStart(6)}  ${cells.join('  ')}`);
  }
}
