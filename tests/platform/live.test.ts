/**
 * The live channel over a real socket of the local server (functions/local/live.ts) on DynamoDB Local's
 * stream: a subscription needs the match's seat token or spectator secret, refused ones subscribe
 * nothing, and a poke says only "match X is at version N" — no game data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, MAX_SUBSCRIPTIONS, ServerMessage } from '../../functions/live/protocol.js';
import { freshTable } from '../support/dynamo.js';
import { makeMatch, playMove, type MadeMatch } from '../web/support/matches.js';
import { startSite } from '../web/support/site.js';
import { LIVE_PATH as WEB_LIVE_PATH } from '../../web/src/live.js';

let site: Awaited<ReturnType<typeof startSite>>;
let match: MadeMatch;
let spectator: string;

beforeAll(async () => {
  const table = await freshTable('live');
  site = await startSite({
    store: table.store,
    webRoot: '/nonexistent',
    live: { endpoint: table.endpoint, tableName: table.tableName },
  });
  match = await makeMatch(site.url, 'secret-sums', ['Ann', 'Bob'], { options: { target: 50 } });
  const links = await fetch(`${site.url}/api/matches/${match.matchId}/seats/0/links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${match.seats[0]!.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  spectator = new URL(((await links.json()) as { spectatorUrl: string }).spectatorUrl).hash.slice('#watch='.length);
}, 60_000);
afterAll(() => site?.close());

/** A socket with every message it received, parsed and checked against the protocol (strict: no extra fields). */
async function socket() {
  const ws = new WebSocket(`${site.url.replace('http', 'ws')}${LIVE_PATH}`);
  const got: ServerMessage[] = [];
  const raw: string[] = [];
  ws.on('message', (d) => {
    raw.push(d.toString());
    got.push(ServerMessage.parse(JSON.parse(d.toString())));
  });
  await new Promise((res, rej) => ws.once('open', res).once('error', rej));
  const next = async (count: number) => {
    for (let i = 0; i < 200 && got.length < count; i++) await new Promise((r) => setTimeout(r, 25));
    return got[count - 1];
  };
  const until = async (pred: (m: ServerMessage) => boolean) => {
    for (let i = 0; i < 200 && !got.some(pred); i++) await new Promise((r) => setTimeout(r, 25));
    return got.find(pred);
  };
  return { ws, got, raw, next, until, send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}

describe('the live channel', () => {
  it('serves the path the page connects to', () => {
    expect(WEB_LIVE_PATH).toBe(LIVE_PATH);
  });

  it('pokes a seat and a spectator with the version only', async () => {
    const seat = await socket();
    const watcher = await socket();
    seat.send({ action: 'subscribe', matchId: match.matchId, seat: 0, token: match.seats[0]!.token });
    watcher.send({ action: 'subscribe', matchId: match.matchId, token: spectator });
    const sub = await seat.next(1);
    expect(sub).toMatchObject({ type: 'subscribed', matchId: match.matchId });
    expect(await watcher.next(1)).toMatchObject({ type: 'subscribed', matchId: match.matchId });
    const moved = await playMove(site.url, match.matchId, match.seats[0]!);
    const poke = { type: 'version', matchId: match.matchId, version: moved.version };
    expect(await seat.until((m) => m.type === 'version' && m.version === moved.version)).toEqual(poke);
    expect(await watcher.until((m) => m.type === 'version' && m.version === moved.version)).toEqual(poke);
    // Every message after the answer, whole: a version and nothing else (no state, no move, no log line).
    for (const s of [seat, watcher]) {
      for (const raw of s.raw.slice(1)) expect(Object.keys(JSON.parse(raw)).sort()).toEqual(['matchId', 'type', 'version']);
    }
    seat.ws.close();
    watcher.ws.close();
  });

  it.each([
    ['a wrong seat token', () => ({ action: 'subscribe', matchId: match.matchId, seat: 0, token: match.seats[1]!.token }), 'forbidden'],
    [
      'a seat token for another seat',
      () => ({ action: 'subscribe', matchId: match.matchId, seat: 1, token: match.seats[0]!.token }),
      'forbidden',
    ],
    [
      'a seat token as the spectator secret',
      () => ({ action: 'subscribe', matchId: match.matchId, token: match.seats[0]!.token }),
      'forbidden',
    ],
    [
      'a token of the right shape, made up',
      () => ({ action: 'subscribe', matchId: match.matchId, seat: 0, token: 'x'.repeat(43) }),
      'forbidden',
    ],
    ['an unknown match', () => ({ action: 'subscribe', matchId: 'nosuchmatch', seat: 0, token: match.seats[0]!.token }), 'no-such-match'],
    ['a token of the wrong shape', () => ({ action: 'subscribe', matchId: match.matchId, seat: 0, token: 'short' }), 'bad-message'],
    [
      'an extra field',
      () => ({ action: 'subscribe', matchId: match.matchId, seat: 0, token: match.seats[0]!.token, all: true }),
      'bad-message',
    ],
    ['an unknown action', () => ({ action: 'state', matchId: match.matchId }), 'bad-message'],
    ['not JSON', () => '{subscribe', 'bad-message'],
    ['too large', () => JSON.stringify({ action: 'ping', pad: 'x'.repeat(2000) }), 'too-large'],
  ])('refuses %s and pokes nothing', async (_what, message, code) => {
    const s = await socket();
    const control = await socket();
    control.send({ action: 'subscribe', matchId: match.matchId, seat: 1, token: match.seats[1]!.token });
    expect(await control.next(1)).toMatchObject({ type: 'subscribed' });
    s.send(message());
    expect(await s.next(1)).toMatchObject({ type: 'error', code });
    const moved = await playMove(site.url, match.matchId, match.seats[await currentSeat()]!);
    // Once a subscribed socket has its poke, the refused one would have had it too.
    expect(await control.until((m) => m.type === 'version' && m.version === moved.version)).toBeDefined();
    control.ws.close();
    s.send({ action: 'ping' });
    expect(await s.next(2)).toEqual({ type: 'pong' });
    expect(s.got).toHaveLength(2);
    s.ws.close();
  });

  it(`caps a connection at ${MAX_SUBSCRIPTIONS} matches`, async () => {
    const s = await socket();
    const others = await Promise.all(Array.from({ length: MAX_SUBSCRIPTIONS + 1 }, () => makeMatch(site.url, 'secret-sums', ['A', 'B'])));
    // Answers only: pokes of the matches just made may come in between.
    const answers = () => s.got.filter((m) => m.type !== 'version');
    const answer = async (n: number) => {
      for (let i = 0; i < 200 && answers().length < n; i++) await new Promise((r) => setTimeout(r, 25));
      return answers()[n - 1];
    };
    for (const [i, m] of others.entries()) {
      s.send({ action: 'subscribe', matchId: m.matchId, seat: 0, token: m.seats[0]!.token });
      await answer(i + 1);
    }
    expect(
      answers()
        .slice(0, MAX_SUBSCRIPTIONS)
        .every((m) => m.type === 'subscribed'),
    ).toBe(true);
    expect(answers()[MAX_SUBSCRIPTIONS]).toMatchObject({ type: 'error', code: 'too-many' });
    // Renewing one it has is fine.
    s.send({ action: 'subscribe', matchId: others[0]!.matchId, seat: 0, token: others[0]!.seats[0]!.token });
    expect(await answer(MAX_SUBSCRIPTIONS + 2)).toMatchObject({ type: 'subscribed' });
    s.ws.close();
  });

  it("refuses another site's page", async () => {
    const ws = new WebSocket(`${site.url.replace('http', 'ws')}${LIVE_PATH}`, { headers: { Origin: 'https://evil.example' } });
    const status = await new Promise((res) =>
      ws.once('unexpected-response', (_req, r) => res(r.statusCode)).once('open', () => res('open')),
    );
    expect(status).toBe(403);
  });
});

async function currentSeat(): Promise<number> {
  const r = await fetch(`${site.url}/api/matches/${match.matchId}/seats/0`, {
    headers: { Authorization: `Bearer ${match.seats[0]!.token}` },
  });
  return ((await r.json()) as { toAct: number[] }).toAct[0]!;
}
