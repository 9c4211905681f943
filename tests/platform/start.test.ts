/**
 * `npm start` as a user runs it (scripts/start.ts in a child process with its own process group, as
 * a terminal runs it): Ctrl-C lets the requests in flight finish before the dispatcher and DynamoDB
 * Local stop, and a machine without Java gets one line on what to install instead of a stack trace;
 * without SMTP it starts only where nobody else can reach the dev outbox.
 */
import { mkdtempSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../functions/local/dynamo-local.js';
import { isLoopback, outboxRefusal } from '../../functions/local/exposure.js';
import { groupMembers, serverPid, startScript } from './start.support.js';

const createBody = JSON.stringify({ game: 'dutch-memory', seats: 2, options: {}, name: 'Ann' });

/** A create whose body is sent in two halves: it is in flight from the first half until `finish()`. */
function slowCreate(port: number) {
  const half = Math.floor(createBody.length / 2);
  let finish!: () => void;
  let connected!: Promise<void>;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/matches',
        // With `Expect: 100-continue` the server answers "100 Continue" once it has read the head and taken
        // the request in: the sign that the request is in flight, with no time guessed.
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(createBody), Expect: '100-continue' },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    connected = new Promise((r) => req.once('continue', () => r()));
    req.write(createBody.slice(0, half));
    finish = () => req.end(createBody.slice(half));
  });
  return { answered, connected, finish: () => finish() };
}

describe('npm start', () => {
  it('on Ctrl-C stops taking connections, answers what is in flight, then stops the dispatcher and DynamoDB Local', async () => {
    const port = await freePort();
    // A grace far longer than the test: on a busy machine the in-flight requests may take seconds, and what is
    // tested is the order of the stop, not the length of its grace.
    const run = startScript({
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')),
      DISPATCH_POLL_MS: '100',
      DRAIN_MS: '120000',
    });
    const pgid = run.child.pid!;
    try {
      await run.waitFor('Dutch is running');
      expect(groupMembers(pgid).some((l) => l.includes('DynamoDBLocal.jar'))).toBe(true);
      const base = `http://127.0.0.1:${port}`;
      expect(
        (await fetch(`${base}/api/matches`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: createBody })).status,
      ).toBe(201);

      const slow = [slowCreate(port), slowCreate(port)];
      // Both requests are in flight: the server has read their heads (it said "100 Continue") and waits
      // for the rest of their bodies when the signal arrives.
      await Promise.all(slow.map((s) => s.connected));
      // What a terminal does on Ctrl-C: SIGINT to every process in the foreground group, Java included. The
      // signal finds the server frozen for half a second, as a busy machine can leave it: nothing in the
      // group may take that silence for a hung server and kill it (tsx's CLI did, 60 ms after the signal).
      const server = serverPid(pgid);
      process.kill(server, 'SIGSTOP');
      process.kill(-pgid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 500));
      process.kill(server, 'SIGCONT');
      await run.waitFor('no new connections');
      await expect(fetch(`${base}/api/games`)).rejects.toThrow();

      for (const s of slow) s.finish();
      for (const answered of await Promise.all(slow.map((s) => s.answered))) {
        expect(answered.status, answered.body).toBe(201);
        expect(JSON.parse(answered.body).matchId).toMatch(/\S/);
      }

      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('Stopped.');
      expect(groupMembers(pgid)).toEqual([]);
    } finally {
      if (groupMembers(pgid).length) process.kill(-pgid, 'SIGKILL');
    }
  });

  it('without Java says in one line what to install and exits non-zero', async () => {
    // A PATH holding only node: no java on it.
    const bin = mkdtempSync(join(tmpdir(), 'nojava-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const run = startScript({ PATH: bin, DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')), PORT: String(await freePort()) });
    const code = await run.exited;
    expect(code).not.toBe(0);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('sudo apt install openjdk-17-jre-headless');
    expect(lines[0]).toContain('brew install openjdk@17');
    expect(lines[0]).toContain('winget install Microsoft.OpenJDK.17');
    expect(run.output()).not.toContain('ENOENT');
  });

  it('without SMTP_URL refuses a HOST other machines reach, in one line, before starting anything (issue 25)', async () => {
    const run = startScript({
      HOST: '0.0.0.0',
      SMTP_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')),
      PORT: String(await freePort()),
    });
    const pgid = run.child.pid!;
    try {
      // Either it exits, or (before the fix) it serves the outbox to the network: that is the failure.
      const first = await Promise.race([
        run.exited.then((code) => ({ code })),
        run.waitFor('Dutch is running').then(() => 'running' as const),
      ]);
      expect(first).not.toBe('running');
      expect((first as { code: number | null }).code).not.toBe(0);
      const lines = run.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('HOST=0.0.0.0');
      expect(lines[0]).toContain('SMTP_URL');
      expect(groupMembers(pgid)).toEqual([]);
    } finally {
      if (groupMembers(pgid).length) process.kill(-pgid, 'SIGKILL');
    }
  });
});

describe('where the dev outbox may be reached', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['my-laptop.lan', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
    expect(outboxRefusal(host, undefined) === null).toBe(loopback);
    // With SMTP no mail is shown anywhere, so any address will do.
    expect(outboxRefusal(host, 'smtp://mail.example:587')).toBeNull();
  });
});
