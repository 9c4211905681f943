/**
 * What one client may cost the live channel (issue 25), on a real socket of the local server on DynamoDB
 * Local: a connection past its message rate is closed with 1008, one address holds at most
 * SOCKETS_PER_ADDRESS sockets, and a refused subscribe costs no read of the table when it comes again
 * (the match store's calls are counted: the real store, every call passed through).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_REFUSALS, MESSAGE_BURST, POLICY_CLOSE, SOCKETS_PER_ADDRESS } from '../../functions/live/limits.js';
import { LIVE_PATH, ServerMessage } from '../../functions/live/protocol.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { freshTable } from '../support/dynamo.js';
import { makeMatch, type MadeMatch } from '../web/support/matches.js';
import { startSite } from '../web/support/site.js';

let site: Awaited<ReturnType<typeof startSite>>;
let match: MadeMatch;
/** Every call to the match store, by method name. */
const calls: string[] = [];
const reads = () => calls.filter((c) => c === 'head' || c === 'get').length;

beforeAll(async () => {
  const table = await freshTable('live-limits');
  const store = new Proxy(table.store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(key));
        return value.apply(target, args);
      };
    },
  }) as MatchStore;
  site = await startSite({ store, webRoot: '/nonexistent', live: { endpoint: table.endpoint, tableName: table.tableName } });
  match = await makeMatch(site.url, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
}, 60_000);
afterAll(() => site?.close());

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 600 && !cond(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!cond()) throw new Error(`still not: ${what}`);
};

/** An open socket with what it received and how it closed. */
async function socket() {
  const ws = new WebSocket(`${site.url.replace('http', 'ws')}${LIVE_PATH}`);
  const got: ServerMessage[] = [];
  let closed: number | undefined;
  ws.on('message', (d) => got.push(ServerMessage.parse(JSON.parse(d.toString()))));
  ws.on('close', (code) => (closed = code));
  await new Promise((res, rej) => ws.once('open', res).once('error', rej));
  return { ws, got, closed: () => closed, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

const forged = (n: number) => `${'f'.repeat(40)}${String(n).padStart(3, '0')}`;

describe('the live channel past its limits', () => {
  it(`answers a burst of ${MESSAGE_BURST} messages and closes a connection past it with ${POLICY_CLOSE}`, async () => {
    const s = await socket();
    for (let i = 0; i < MESSAGE_BURST; i++) s.send({ action: 'ping' });
    await until(() => s.got.length === MESSAGE_BURST, 'every ping answered');
    expect(s.got.every((m) => m.type === 'pong')).toBe(true);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    for (let i = 0; i < MESSAGE_BURST; i++) s.send({ action: 'ping' });
    await until(() => s.closed() !== undefined, 'closed');
    expect(s.closed()).toBe(POLICY_CLOSE);
    expect(s.got.length).toBeLessThan(2 * MESSAGE_BURST);
  });

  it('a flood of 2,000 subscribes on one socket reads the table at most once per message of its burst', async () => {
    const before = reads();
    const s = await socket();
    const subscribe = JSON.stringify({ action: 'subscribe', matchId: match.matchId, seat: 0, token: match.seats[0]!.token });
    for (let i = 0; i < 2000; i++) s.ws.send(subscribe);
    await until(() => s.closed() !== undefined, 'closed');
    expect(s.closed()).toBe(POLICY_CLOSE);
    expect(reads() - before).toBeLessThanOrEqual(MESSAGE_BURST);
    // Another client is served as before.
    const other = await socket();
    other.send({ action: 'subscribe', matchId: match.matchId, seat: 1, token: match.seats[1]!.token });
    await until(() => other.got.length > 0, 'an answer');
    expect(other.got[0]).toMatchObject({ type: 'subscribed', matchId: match.matchId });
    other.ws.close();
  });

  it('a refused subscribe, asked again, reads nothing', async () => {
    const first = await socket();
    first.send({ action: 'subscribe', matchId: match.matchId, seat: 0, token: forged(1) });
    await until(() => first.got.length > 0, 'an answer');
    expect(first.got[0]).toMatchObject({ type: 'error', code: 'forbidden' });
    const before = calls.length;
    const again = await socket();
    again.send({ action: 'subscribe', matchId: match.matchId, seat: 0, token: forged(1) });
    again.send({ action: 'subscribe', matchId: 'nosuchmatch', seat: 0, token: forged(2) });
    await until(() => again.got.length === 2, 'two answers');
    expect(again.got[0]).toMatchObject({ type: 'error', code: 'forbidden' });
    expect(again.got[1]).toMatchObject({ type: 'error', code: 'no-such-match' });
    const missing = calls.length - before;
    // The unknown match was read once; asked again, nothing.
    again.send({ action: 'subscribe', matchId: 'nosuchmatch', seat: 0, token: forged(2) });
    await until(() => again.got.length === 3, 'a third answer');
    expect(again.got[2]).toMatchObject({ type: 'error', code: 'no-such-match' });
    expect(missing).toBe(1);
    expect(calls.length - before).toBe(1);
    first.ws.close();
    again.ws.close();
  });

  it(`closes a connection refused more than ${MAX_REFUSALS} times, reading no more than that`, async () => {
    const s = await socket();
    const before = reads();
    for (let i = 0; i < MESSAGE_BURST; i++) s.send({ action: 'subscribe', matchId: match.matchId, seat: 0, token: forged(100 + i) });
    await until(() => s.closed() !== undefined, 'closed');
    expect(s.closed()).toBe(POLICY_CLOSE);
    expect(s.got).toHaveLength(MAX_REFUSALS + 1);
    expect(reads() - before).toBe(MAX_REFUSALS + 1);
  });

  it(`lets one address hold ${SOCKETS_PER_ADDRESS} sockets and refuses the next with 429 until one closes`, async () => {
    // The sockets of the tests before are closed on the server's side too.
    await until(() => site.live!.connections() === 0, 'no sockets open');
    const open = await Promise.all(Array.from({ length: SOCKETS_PER_ADDRESS }, () => socket()));
    const refused = new WebSocket(`${site.url.replace('http', 'ws')}${LIVE_PATH}`);
    const status = await new Promise((res) =>
      refused.once('unexpected-response', (_req, r) => res(r.statusCode)).once('open', () => res('open')),
    );
    expect(status).toBe(429);
    open[0]!.ws.close();
    await until(() => open[0]!.closed() !== undefined, 'closed');
    // The server counts the close when it sees it.
    await until(() => site.live!.connections() < SOCKETS_PER_ADDRESS, 'the close counted');
    const again = await socket();
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    for (const s of [...open.slice(1), again]) s.ws.close();
  });
});
