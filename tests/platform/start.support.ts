/**
 * `npm start` in a child process with its own process group, as a terminal runs it
 * (tests/platform/start.test.ts, start-live.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { START_ARGV } from '../../scripts/start-argv.js';

export function startScript(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  waitFor: (text: string) => Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [...START_ARGV], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of waiters.filter((w) => out.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    output: () => out,
    waitFor: (text) => (out.includes(text) ? Promise.resolve() : new Promise((resolve) => waiters.push({ text, resolve }))),
    exited,
  };
}

/** Processes still alive in a process group (none once `npm start` has stopped cleanly). */
export function groupMembers(pgid: number): string[] {
  const r = spawnSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((l) => l.trim());
}

/** The process that serves `npm start` in its group: the deepest one running scripts/start.ts. */
export function serverPid(pgid: number): number {
  const r = spawnSync('ps', ['-o', 'pid=,ppid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  const rows = r.stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.slice(2).includes('scripts/start.ts'))
    .map(([pid, ppid]) => ({ pid: Number(pid), ppid: Number(ppid) }));
  const pids = new Set(rows.map((p) => p.pid));
  const leaves = rows.filter((p) => !rows.some((q) => q.ppid === p.pid && pids.has(q.pid)));
  if (leaves.length !== 1) throw new Error(`expected one server process in group ${pgid}, found ${leaves.length}`);
  return leaves[0]!.pid;
}
