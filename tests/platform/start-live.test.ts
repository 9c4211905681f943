/**
 * `npm start`'s live socket under requests of any shape (issue 25): raw WebSocket upgrades on node:net
 * sockets — Origins that are not URLs, odd paths, broken handshake headers, other protocols, sockets reset
 * or half-closed mid-request — never stop the process (before, `Origin: null` threw in the upgrade handler
 * and took DynamoDB Local down with it); after each one a normal request is answered. And when `npm start`
 * stops, an open socket gets a proper close, 1001 (going away), not a cut connection (1006).
 */
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../functions/local/dynamo-local.js';
import { LIVE_PATH } from '../../functions/live/protocol.js';
import { testRng } from '../support/rng.js';
import { groupMembers, startScript } from './start.support.js';

type Ending = 'read' | 'reset' | 'half-close' | 'partial' | 'garbage-frame';

let port: number;
let run: ReturnType<typeof startScript>;
let pgid: number;

beforeAll(async () => {
  port = await freePort();
  run = startScript({ PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'start-live-')) });
  pgid = run.child.pid!;
  await run.waitFor('Dutch is running');
}, 180_000);
afterAll(() => {
  if (pgid && groupMembers(pgid).length) process.kill(-pgid, 'SIGKILL');
});

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

function upgradeLines(o: { path?: string; origin?: string | null; headers?: string[]; method?: string; version?: string }) {
  return [
    `${o.method ?? 'GET'} ${o.path ?? LIVE_PATH} ${o.version ?? 'HTTP/1.1'}`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${KEY}`,
    'Sec-WebSocket-Version: 13',
    ...(o.origin === null ? [] : [`Origin: ${o.origin ?? `http://127.0.0.1:${port}`}`]),
    ...(o.headers ?? []),
  ];
}

/** Sends one raw request and ends the socket as `ending` says; resolves with the status line seen, if any. */
function raw(request: string, ending: Ending = 'read'): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const done = () => {
      clearTimeout(bound);
      socket.destroy();
      resolve(got.split('\r\n')[0] ?? '');
    };
    // A bound, not a wait: every request here is answered or closed in milliseconds on a quiet machine.
    const bound = setTimeout(done, 15_000);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (!got.includes('\r\n\r\n')) return;
      if (ending === 'garbage-frame' && got.startsWith('HTTP/1.1 101')) {
        // A frame no client may send: unmasked, a reserved opcode, a length past the end.
        socket.write(Buffer.from([0x8b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]));
        socket.once('close', done);
        return;
      }
      done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.on('connect', () => {
      if (ending === 'partial') {
        socket.write(request.slice(0, Math.floor(request.length / 2)));
        return done();
      }
      socket.write(request);
      if (ending === 'reset') {
        socket.resetAndDestroy();
        done();
      } else if (ending === 'half-close') socket.end();
    });
  });
}

const req = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

/** The process is up and answers: an API read, and a live socket that answers a ping. */
async function answers(): Promise<void> {
  expect(run.child.exitCode, run.output()).toBeNull();
  expect((await fetch(`http://127.0.0.1:${port}/api/games`)).status).toBe(200);
  const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, { origin: `http://127.0.0.1:${port}` });
  await new Promise((res, rej) => ws.once('open', res).once('error', rej));
  const pong = new Promise((res) => ws.once('message', (d) => res(JSON.parse(d.toString()))));
  ws.send(JSON.stringify({ action: 'ping' }));
  expect(await pong).toEqual({ type: 'pong' });
  ws.close();
}

const ORIGINS = [
  'null',
  'http://127.0.0.1:PORT.evil.test',
  'http://[x',
  '',
  'file://',
  'http://',
  '://',
  'http://127.0.0.1:PORT/../../',
  'javascript:alert(1)',
  'http://%zz',
  `http://${'a'.repeat(4000)}`,
  'http://[::1]:PORT',
  'http://localhost:PORT',
];
const PATHS = ['//', '/live?x=1', '/live/', '/%', '/live%00', '*', 'http://[x/live', `/${'l'.repeat(6000)}`, '/live#x', '?', ''];
const HEADERS = [
  ['Sec-WebSocket-Protocol: ,,,'],
  ['Sec-WebSocket-Protocol: a b'],
  ['Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=x'],
  ['Sec-WebSocket-Extensions: ;;;=;'],
  ['Origin: http://127.0.0.1:PORT', 'Origin: null'],
  ['Sec-WebSocket-Version: 8'],
  ['Sec-WebSocket-Key: short'],
  [`X-Long: ${'x'.repeat(8000)}`],
];

describe('npm start under any upgrade request', () => {
  it.each([
    ['null', 'null'],
    ['a host with a port that is not one', 'http://127.0.0.1:PORT.evil.test'],
    ['an unclosed IPv6 bracket', 'http://[x'],
  ])('refuses an Origin that is %s with 403 and keeps serving', async (_what, origin) => {
    expect(await raw(req(upgradeLines({ origin: origin.replace('PORT', String(port)) })))).toBe('HTTP/1.1 403 Forbidden');
    await answers();
  });

  it('stays up through origins, paths, headers, protocols and half-open sockets, answering after each', async () => {
    const p = (s: string) => s.replaceAll('PORT', String(port));
    const cases: [string, string, Ending][] = [
      ...ORIGINS.map((o): [string, string, Ending] => [`origin ${o.slice(0, 40)}`, req(upgradeLines({ origin: p(o) })), 'read']),
      ...PATHS.map((path): [string, string, Ending] => [`path ${path.slice(0, 40)}`, req(upgradeLines({ path })), 'read']),
      ...HEADERS.map((h): [string, string, Ending] => [`headers ${h[0]!.slice(0, 40)}`, req(upgradeLines({ headers: h.map(p) })), 'read']),
      ['HTTP/1.0', req(upgradeLines({ version: 'HTTP/1.0' })), 'read'],
      ['POST', req(upgradeLines({ method: 'POST' })), 'read'],
      ['no Host', req(upgradeLines({}).filter((l) => !l.startsWith('Host'))), 'read'],
      ['upgrade to h2c', req(upgradeLines({}).map((l) => (l === 'Upgrade: websocket' ? 'Upgrade: h2c' : l))), 'read'],
      ['reset right after the request', req(upgradeLines({})), 'reset'],
      ['reset with a bad Origin', req(upgradeLines({ origin: 'null' })), 'reset'],
      ['half-closed after the request', req(upgradeLines({})), 'half-close'],
      ['half-closed with a bad Origin', req(upgradeLines({ origin: 'http://[x' })), 'half-close'],
      ['half a request, then gone', req(upgradeLines({})), 'partial'],
      ['a broken frame after the handshake', req(upgradeLines({})), 'garbage-frame'],
      ['a TLS hello on the plain port', Buffer.from('16030100a5010000a10303', 'hex').toString('latin1'), 'read'],
      ['bytes that are no protocol', '\u0000\u00ff\r\n\r\nUpgrade: websocket\r\n\r\n', 'read'],
      ['an upgrade header with no line end', upgradeLines({}).join('\n'), 'half-close'],
    ];
    for (const [what, request, ending] of cases) {
      await raw(request, ending);
      await answers().catch((err: unknown) => {
        throw new Error(`after ${what}: ${String(err)}`);
      });
    }
    // Then a seeded mix of all of them, several at once.
    const rng = testRng(25);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const endings: Ending[] = ['read', 'reset', 'half-close', 'partial', 'garbage-frame'];
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 8 }, () => {
          const lines = upgradeLines({
            ...(rng() < 0.5 ? { origin: p(pick(ORIGINS)) } : {}),
            ...(rng() < 0.4 ? { path: pick(PATHS) } : {}),
            ...(rng() < 0.4 ? { headers: pick(HEADERS).map(p) } : {}),
            ...(rng() < 0.1 ? { method: pick(['POST', 'OPTIONS', 'GET\u0000']) } : {}),
          });
          return raw(req(lines), pick(endings));
        }),
      );
      await answers();
    }
  }, 300_000);

  it('closes an open live socket with 1001 (going away) when it stops', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((res, rej) => ws.once('open', res).once('error', rej));
    const closed = new Promise<number>((res) => ws.once('close', (code) => res(code)));
    process.kill(-pgid, 'SIGINT');
    expect(await closed).toBe(1001);
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('Stopped.');
  }, 60_000);
});
