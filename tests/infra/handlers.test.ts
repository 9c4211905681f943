/**
 * The Lambda entry points as AWS calls them, against DynamoDB Local: the API with payload v2 events (its
 * function URL's as CloudFront calls it, with the secret origin header refused or accepted; the HTTP API's shape
 * too, the same payload), the dispatcher with records read from the table's real stream (filtered as the event source
 * mapping filters them), mail through a real SMTP listener.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { handle } from 'hono/aws-lambda';
import type { DynamoDBRecord } from 'aws-lambda';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/app.js';
import { outboxOfRecord } from '../../functions/storage/stream-records.js';
import { DISPATCH_FILTERS, STREAM_FILTERS } from '../../infra/functions.js';
import { gameRegistry } from '#shared/games/index.js';
import type { Json } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { secretSums } from '../support/test-game.js';
import {
  ORIGIN_VERIFY_HEADER,
  ORIGIN_VERIFY_REFRESH_MS,
  FORBIDDEN,
  guardOrigin,
  originMatches,
  originSecretsFromEnv,
  parseOriginSecrets,
} from '../../functions/lambda/origin-verify.js';
import { API_HOST, invoke, passesFilters, queueEvent, readStream, URL_HOST, type V2Handler } from './events.js';

type Table = Awaited<ReturnType<typeof freshTable>>;

const SITE = 'dutch.example';

let table: Table;
let production: V2Handler;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];

beforeAll(async () => {
  table = await freshTable('infra');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        mails.push(m);
        done();
      }, done);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  // The entry points wire themselves from the environment when first imported, as on Lambda.
  process.env.TABLE_NAME = table.tableName;
  process.env.DYNAMODB_ENDPOINT = table.endpoint;
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  process.env.EMAIL_FROM = 'Dutch <turns@dutch.example>';
  delete process.env.PUBLIC_URL;
  production = (await import('../../functions/lambda/api.js')).handler as unknown as V2Handler;
});

afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
});

/** A client that speaks to a Lambda handler through v2 events, as CloudFront → API Gateway would. */
function viaGateway(handler: V2Handler, forwardedHost: string | null = SITE) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}), ...extra });
  return {
    get: (path: string, opts: { token?: string; headers?: Record<string, string>; query?: string } = {}) =>
      invoke(handler, {
        method: 'GET',
        path,
        ...(opts.query ? { query: opts.query } : {}),
        headers: headers({ ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) }),
      }),
    put: (path: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
      invoke(handler, {
        method: 'PUT',
        path,
        body,
        headers: headers({ ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) }),
      }),
    post: (path: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
      invoke(handler, {
        method: 'POST',
        path,
        body,
        headers: headers({ ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.headers ?? {}) }),
      }),
  };
}

describe('API Lambda (hono/aws-lambda) with HTTP API v2 events on DynamoDB Local', () => {
  it('plays a whole match of the test game: create, join, sealed commits, turns, 304 polls, a retried move, the end', async () => {
    const handler = handle(createApp({ store: table.store, games: new Map([[secretSums.id, secretSums]]) })) as unknown as V2Handler;
    const api = viaGateway(handler, null);

    const created = await api.post('/api/matches', { game: 'secret-sums', seats: 2, options: { target: 6 }, name: 'Ann' });
    expect(created.status).toBe(201);
    const matchId: string = created.json.matchId;
    // Without x-forwarded-host the links carry the host API Gateway was called on.
    expect(new URL(created.json.url).host).toBe(API_HOST);
    const invite = new URL(created.json.invites[0].url).hash.replace('#invite=', '');
    const joined = await api.post(`/api/matches/${matchId}/join`, { invite, name: 'Bob' });
    expect(joined.status).toBe(200);
    const seats = [
      { seat: 0, token: created.json.token as string },
      { seat: 1, token: joined.json.token as string },
    ];
    const path = (s: number) => `/api/matches/${matchId}/seats/${s}`;

    const first = await api.get(path(0), { token: seats[0]!.token });
    expect(first.status).toBe(200);
    expect(first.json.status).toBe('active');
    expect(first.headers.etag).toBe(`"${first.json.version}"`);
    const poll = await api.get(path(0), { token: seats[0]!.token, headers: { 'if-none-match': first.headers.etag! } });
    expect(poll.status).toBe(304);
    expect(poll.text).toBe('');

    let version: number = first.json.version;
    const move = (s: number, m: unknown, key: string) =>
      api.post(`${path(s)}/moves`, { expectedVersion: version, move: m }, { token: seats[s]!.token, headers: { 'idempotency-key': key } });

    let r = await move(0, { kind: 'commit', secret: 5 }, 'k-commit-0');
    expect(r.status).toBe(200);
    // Seat 1 must not see seat 0's sealed secret yet.
    const peek = await api.get(path(1), { token: seats[1]!.token });
    expect(peek.json.view.secrets[0]).toBe('hidden');
    version = r.json.version;
    r = await move(1, { kind: 'commit', secret: 2 }, 'k-commit-1');
    expect(r.status).toBe(200);
    expect(r.json.events.map((e: Json) => e.type)).toEqual(['committed', 'revealed']);
    version = r.json.version;

    // A lost response: the same Idempotency-Key answers the same, and the move is not applied twice.
    const add = await move(0, { kind: 'add', amount: 2 }, 'key-add-0');
    expect(add.status).toBe(200);
    const again = await move(0, { kind: 'add', amount: 2 }, 'key-add-0');
    expect(again.status).toBe(200);
    expect(again.json.version).toBe(add.json.version);
    expect(again.json.view.counter).toBe(2);
    // A stale version for the next turn is refused with the current one.
    const stale = await move(1, { kind: 'add', amount: 1 }, 'key-stale');
    expect(stale.status).toBe(409);
    version = add.json.version;

    let turn = 1;
    let last = add;
    while (last.json.status !== 'over') {
      last = await move(turn, { kind: 'add', amount: 2 }, `key-add-${version}`);
      expect(last.status).toBe(200);
      version = last.json.version;
      turn = 1 - turn;
    }
    expect(last.json.view.counter).toBeGreaterThanOrEqual(6);
    expect(last.json.end.reason).toBe('finished');

    const final = await api.get(path(1), { token: seats[1]!.token });
    expect(final.json.status).toBe('over');
    expect(final.json.log.length).toBeGreaterThan(4);
    // Wrong token → 401/403, never the match.
    const intruder = await api.get(path(1), { token: seats[0]!.token });
    expect([401, 403]).toContain(intruder.status);
    expect(intruder.json.view).toBeUndefined();
  });

  it('functions/lambda/api.ts answers /api/games with the registered games and creates a match of each', async () => {
    const api = viaGateway(production);
    const games = await api.get('/api/games');
    expect(games.status).toBe(200);
    expect(games.headers['x-content-type-options']).toBe('nosniff');
    expect(games.json.games.map((g: Json) => g.id).sort()).toEqual([...gameRegistry.keys()].sort());
    // The test game is not shipped.
    const test = await api.post('/api/matches', { game: secretSums.id, seats: 2, options: {}, name: 'Ann' });
    expect(test.status).toBeGreaterThanOrEqual(400);
    expect(test.status).toBeLessThan(500);

    for (const game of gameRegistry.values()) {
      const created = await api.post('/api/matches', { game: game.id, seats: game.minSeats, options: {}, name: 'Ann' });
      expect(created.status, `${game.id}: ${created.text}`).toBe(201);
      // Behind CloudFront the links point at the site, not at API Gateway.
      expect(new URL(created.json.url).host).toBe(SITE);
      expect(new URL(created.json.invites[0].url).host).toBe(SITE);
      const read = await api.get(`/api/matches/${created.json.matchId}/seats/0`, { token: created.json.token });
      expect(read.status).toBe(200);
      expect(read.json.game.id).toBe(game.id);
      expect(read.json.status).toBe('open');
    }
  });

  it('functions/lambda/api.ts gzips answers of 1 KB or more for clients that accept it, base64-encoded for payload 2.0', async () => {
    const api = viaGateway(production);
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    // A small answer goes plain whatever the client accepts.
    const health = await api.get('/api/health', { headers: gzip });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.isBase64Encoded).toBe(false);

    const created = await api.post('/api/matches', { game: 'golden-age', seats: 3, options: {}, name: 'Ann' });
    expect(created.status, created.text).toBe(201);
    const matchId: string = created.json.matchId;
    const tokens = [created.json.token as string];
    for (const { seat, url } of created.json.invites as { seat: number; url: string }[]) {
      const joined = await api.post(`/api/matches/${matchId}/join`, {
        invite: new URL(url).hash.replace('#invite=', ''),
        name: `P${seat}`,
      });
      tokens[joined.json.seat as number] = joined.json.token as string;
    }
    const path = (s: number) => `/api/matches/${matchId}/seats/${s}`;

    const plain = await api.get(path(0), { token: tokens[0] });
    const packed = await api.get(path(0), { token: tokens[0], headers: gzip });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.isBase64Encoded).toBe(false);
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.isBase64Encoded).toBe(true);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(packed.wire).toBeLessThan(plain.wire / 3);
    expect(packed.text).toBe(plain.text);
    // Other bytes, the same version: a weak tag, and a poll with it is still answered 304.
    expect(packed.headers.etag).toBe(`W/"${plain.json.version}"`);
    const poll = await api.get(path(0), { token: tokens[0], headers: { ...gzip, 'if-none-match': packed.headers.etag! } });
    expect(poll.status).toBe(304);
    expect(poll.text).toBe('');

    // A keyed move and its retry: the same bytes once decompressed, gzipped or not.
    const s = plain.json.toAct[0] as number;
    const read = await api.get(path(s), { token: tokens[s], headers: gzip });
    const body = { expectedVersion: read.json.version, move: read.json.legalMoves[0] };
    const moved = await api.post(`${path(s)}/moves`, body, { token: tokens[s], headers: { ...gzip, 'idempotency-key': 'gz-move-1' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.headers['content-encoding']).toBe('gzip');
    const retry = await api.post(`${path(s)}/moves`, body, { token: tokens[s], headers: { ...gzip, 'idempotency-key': 'gz-move-1' } });
    expect(retry.text).toBe(moved.text);
    const plainRetry = await api.post(`${path(s)}/moves`, body, { token: tokens[s], headers: { 'idempotency-key': 'gz-move-1' } });
    expect(plainRetry.headers['content-encoding']).toBeUndefined();
    expect(plainRetry.text).toBe(moved.text);
  });

  it('functions/lambda/api.ts ignores a malformed x-forwarded-host and keeps the API host', async () => {
    const game = [...gameRegistry.values()][0]!;
    const api = viaGateway(production, 'evil.example/<script>');
    const created = await api.post('/api/matches', { game: game.id, seats: game.minSeats, options: {}, name: 'Ann' });
    expect(created.status).toBe(201);
    expect(new URL(created.json.url).host).toBe(API_HOST);
  });
});

/** Every JSON line the code under `run` writes to stdout (Powertools' logger and EMF metrics write there). */
async function stdoutLines(run: () => Promise<unknown>): Promise<Json[]> {
  const written: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return write(chunk, ...(rest as []));
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Json] : []));
}

/** The embedded-metric-format lines among `lines` that carry metric `name` in the `Dutch` namespace. */
const emf = (lines: Json[], name: string) =>
  lines.filter((l) =>
    l._aws?.CloudWatchMetrics?.some((d: Json) => d.Namespace === 'Dutch' && d.Metrics.some((m: Json) => m.Name === name)),
  );

describe('functions/lambda/api.ts through its function URL, as CloudFront calls it', () => {
  const CURRENT = `${'c'.repeat(20)}current`;
  const PREVIOUS = `${'p'.repeat(20)}previous`;
  const viaUrl = (handler: V2Handler, origin?: string) => ({
    get: (path: string) =>
      invoke(handler, {
        url: true,
        method: 'GET',
        path,
        headers: { 'x-forwarded-host': SITE, ...(origin !== undefined ? { [ORIGIN_VERIFY_HEADER]: origin } : {}) },
      }),
    post: (path: string, body: unknown, base64 = false) =>
      invoke(handler, {
        url: true,
        base64,
        method: 'POST',
        path,
        body,
        headers: { 'x-forwarded-host': SITE, ...(origin !== undefined ? { [ORIGIN_VERIFY_HEADER]: origin } : {}) },
      }),
  });

  it('reads a function URL event (payload 2.0) as it reads an HTTP API one: the site host, a base64 body, the same answers', async () => {
    const api = viaUrl(production);
    const games = await api.get('/api/games');
    expect(games.status).toBe(200);
    expect(games.json.games.length).toBe(gameRegistry.size);
    for (const base64 of [false, true]) {
      const created = await api.post('/api/matches', { game: 'golden-age', seats: 3, options: {}, name: 'Ann' }, base64);
      expect(created.status, created.text).toBe(201);
      // The links point at the site (x-forwarded-host), never at the URL's own host.
      expect(new URL(created.json.url).host).toBe(SITE);
      expect(created.text).not.toContain(URL_HOST);
      const read = await api.get(`/api/matches/${created.json.matchId}/seats/0`);
      expect(read.status).toBe(401);
    }
  });

  it('with origin values set, refuses a request without the header, with a wrong one or an empty one (403, the app never runs); takes the current and the previous one', async () => {
    const seen: Json[] = [];
    const app: V2Handler = async (event) => {
      seen.push(event);
      return production(event);
    };
    const guarded = guardOrigin(
      originSecretsFromEnv({ ORIGIN_VERIFY: JSON.stringify({ current: CURRENT, previous: PREVIOUS }) }),
      app,
    ) as V2Handler;
    for (const origin of [undefined, '', 'wrong', CURRENT.slice(0, -1), `${CURRENT}x`, CURRENT.toUpperCase()]) {
      const r = await viaUrl(guarded, origin).post('/api/matches', { game: 'golden-age', seats: 3, options: {}, name: 'Ann' });
      expect(r.status, String(origin)).toBe(403);
      expect(r.json).toEqual({ error: 'forbidden' });
    }
    expect(seen).toEqual([]);
    for (const origin of [CURRENT, PREVIOUS]) {
      const r = await viaUrl(guarded, origin).get('/api/games');
      expect(r.status, origin).toBe(200);
    }
    // The app is given the request without the secret header: it cannot leak into a log line.
    expect(seen).toHaveLength(2);
    for (const e of seen) expect(Object.keys(e.headers)).not.toContain(ORIGIN_VERIFY_HEADER);
    // After the previous value is dropped (a second rotation), it is refused too.
    const rotated = guardOrigin(
      originSecretsFromEnv({ ORIGIN_VERIFY: JSON.stringify({ current: CURRENT, previous: '' }) }),
      app,
    ) as V2Handler;
    expect((await viaUrl(rotated, PREVIOUS).get('/api/games')).status).toBe(403);
    expect((await viaUrl(rotated, CURRENT).get('/api/games')).status).toBe(200);
  });

  it('the guard: nothing set means no guard (npm start, tests); a secret without a current value of 16 or more is refused at start', async () => {
    const open = guardOrigin(originSecretsFromEnv({}), production) as V2Handler;
    expect((await viaUrl(open).get('/api/games')).status).toBe(200);
    expect(() => parseOriginSecrets('{"current":"short"}')).toThrow(/current/);
    expect(parseOriginSecrets(' plainvalue0123456789 ')).toEqual({ current: 'plainvalue0123456789' });
    expect(originMatches({ current: CURRENT }, undefined)).toBe(false);
    expect(originMatches({ current: CURRENT, previous: PREVIOUS }, PREVIOUS)).toBe(true);
    expect(FORBIDDEN.statusCode).toBe(403);
  });

  it('from Secrets Manager: read once, again after 5 minutes (a rotation reaches warm containers), and a failed read tried again at once', async () => {
    let clock = 0;
    const reads: string[] = [];
    let answer: () => Promise<{ current: string; previous?: string }> = async () => ({ current: CURRENT });
    const load = originSecretsFromEnv(
      { ORIGIN_VERIFY_SECRET_ID: 'arn:origin' },
      {
        now: () => clock,
        read: (id) => {
          reads.push(id);
          return answer();
        },
      },
    );
    expect(await load()).toEqual({ current: CURRENT });
    clock = ORIGIN_VERIFY_REFRESH_MS - 1;
    expect(await load()).toEqual({ current: CURRENT });
    expect(reads).toEqual(['arn:origin']);
    // Rotated: the new value with the old one as previous, seen after the refresh interval.
    answer = async () => ({ current: PREVIOUS, previous: CURRENT });
    clock = ORIGIN_VERIFY_REFRESH_MS;
    expect(await load()).toEqual({ current: PREVIOUS, previous: CURRENT });
    expect(reads).toHaveLength(2);
    // A failed read is not kept: the next request reads again.
    answer = async () => {
      throw new Error('throttled');
    };
    clock = 2 * ORIGIN_VERIFY_REFRESH_MS;
    await expect(load()).rejects.toThrow('throttled');
    answer = async () => ({ current: CURRENT });
    expect(await load()).toEqual({ current: CURRENT });
    expect(reads).toHaveLength(4);
  });

  it('the shipped entry refuses requests without the header when the environment names origin values', async () => {
    process.env.ORIGIN_VERIFY = JSON.stringify({ current: CURRENT, previous: PREVIOUS });
    try {
      const guarded = (await import('../../functions/lambda/api.js?origin-verify' as string)).handler as unknown as V2Handler;
      expect((await viaUrl(guarded).get('/api/games')).status).toBe(403);
      expect((await viaUrl(guarded, 'wrong').get('/api/games')).status).toBe(403);
      expect((await viaUrl(guarded, PREVIOUS).get('/api/games')).status).toBe(200);
      expect((await viaUrl(guarded, CURRENT).get('/api/games')).status).toBe(200);
    } finally {
      delete process.env.ORIGIN_VERIFY;
    }
  });
});

describe('functions/lambda/api.ts tells its operator: JSON lines with correlation keys, embedded metrics per invocation', () => {
  it("a refused move logs a line with the caller's x-request-id and the match, echoes the id, and emits Refusals by code; an accepted move emits MovesAccepted", async () => {
    const api = viaGateway(production);
    const game = [...gameRegistry.values()][0]!;
    const created = await api.post('/api/matches', { game: game.id, seats: 2, options: {}, name: 'Ann' });
    const matchId: string = created.json.matchId;
    const invite = new URL(created.json.invites[0].url).hash.replace('#invite=', '');
    const joined = await api.post(`/api/matches/${matchId}/join`, { invite, name: 'Bob' });
    const tokens = [created.json.token as string, joined.json.token as string];
    const view = await api.get(`/api/matches/${matchId}/seats/0`, { token: tokens[0] });
    const seat = view.json.toAct.includes(0) ? 0 : 1;
    const mine = seat === 0 ? view : await api.get(`/api/matches/${matchId}/seats/1`, { token: tokens[1] });

    let stale: Awaited<ReturnType<typeof api.post>> | undefined;
    const refusedLines = await stdoutLines(async () => {
      stale = await api.post(
        `/api/matches/${matchId}/seats/${seat}/moves`,
        { expectedVersion: mine.json.version + 5, move: mine.json.legalMoves[0] },
        { token: tokens[seat], headers: { 'x-request-id': 'ops-test-42' } },
      );
    });
    expect(stale!.status).toBe(409);
    expect(stale!.headers['x-request-id']).toBe('ops-test-42');
    const refused = refusedLines.find((l) => l.message === 'refused');
    expect(refused, JSON.stringify(refusedLines)).toMatchObject({ correlationId: 'ops-test-42', matchId, service: 'api', status: 409 });
    expect(typeof refused.apiRequestId).toBe('string');
    const [refusal] = emf(refusedLines, 'Refusals');
    expect(refusal, 'an EMF line for Refusals').toBeDefined();
    expect(refusal._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'code']]);
    expect(refusal).toMatchObject({ service: 'api', code: refused.code, Refusals: 1 });

    let moved: Awaited<ReturnType<typeof api.post>> | undefined;
    const movedLines = await stdoutLines(async () => {
      moved = await api.post(
        `/api/matches/${matchId}/seats/${seat}/moves`,
        { expectedVersion: mine.json.version, move: mine.json.legalMoves[0] },
        { token: tokens[seat] },
      );
    });
    expect(moved!.status, moved!.text).toBe(200);
    // Without the caller's id, API Gateway's request id is the correlation id.
    expect(moved!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const [accepted] = emf(movedLines, 'MovesAccepted');
    expect(accepted, JSON.stringify(movedLines)).toMatchObject({ service: 'api', MovesAccepted: 1 });
    expect(accepted._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
    expect(emf(movedLines, 'Refusals')).toEqual([]);
  });
});

/** The dispatcher's filters (infra/functions.ts), applied as Lambda applies them. */
const passesFilter = (r: DynamoDBRecord) => passesFilters(DISPATCH_FILTERS, r);

async function waitForMail(count: number): Promise<void> {
  for (let i = 0; i < 200 && mails.length < count; i++) await new Promise((r) => setTimeout(r, 25));
}

describe("dispatcher Lambda with records from DynamoDB Local's stream", () => {
  it('a player confirms email through the API Lambda; the dispatcher mails them once per turn, also when records come twice', async () => {
    const api = viaGateway(production);
    const game = [...gameRegistry.values()][0]!;
    const created = await api.post('/api/matches', { game: game.id, seats: 2, options: {}, name: 'Ann' });
    expect(created.status).toBe(201);
    const matchId: string = created.json.matchId;
    const invite = new URL(created.json.invites[0].url).hash.replace('#invite=', '');
    const joined = await api.post(`/api/matches/${matchId}/join`, { invite, name: 'Bob' });
    expect(joined.status).toBe(200);
    const tokens = [created.json.token as string, joined.json.token as string];

    // Bob asks for mail: the API Lambda sends the one confirmation mail, with a link to the site.
    const before = mails.length;
    const asked = await api.put(
      `/api/matches/${matchId}/seats/1/notifications/email`,
      { address: 'bob@player.example' },
      { token: tokens[1] },
    );
    expect(asked.status, asked.text).toBe(202);
    await waitForMail(before + 1);
    const confirmation = mails[before]!;
    expect(confirmation.to && 'text' in confirmation.to ? confirmation.to.text : '').toContain('bob@player.example');
    const link = new URL(/https:\/\/[^\s"<>]+\/api\/notify\/confirm\?t=[A-Za-z0-9_-]+/.exec(confirmation.text ?? '')![0]);
    expect(link.host).toBe(SITE);
    const confirmed = await invoke(production, {
      method: 'POST',
      path: link.pathname,
      query: link.search.slice(1),
      headers: { 'x-forwarded-host': SITE },
    });
    expect(confirmed.status).toBe(200);

    // Play (first legal move each time) until the outbox holds a notice for Bob: it becomes his move.
    const forBobIn = (rs: DynamoDBRecord[]) =>
      rs.filter(
        (r) => r.dynamodb?.Keys?.pk?.S === `M#${matchId}` && passesFilter(r) && outboxOfRecord(r)?.intents.some((n) => n.seat === 1),
      );
    let records: DynamoDBRecord[] = [];
    for (let round = 0; round < 12 && forBobIn(records).length === 0; round++) {
      for (const seat of [0, 1]) {
        const view = await api.get(`/api/matches/${matchId}/seats/${seat}`, { token: tokens[seat] });
        if (!view.json.toAct.includes(seat) || view.json.legalMoves.length === 0) continue;
        const moved = await api.post(
          `/api/matches/${matchId}/seats/${seat}/moves`,
          { expectedVersion: view.json.version, move: view.json.legalMoves[0] },
          { token: tokens[seat], headers: { 'idempotency-key': `infra-${round}-${seat}-${view.json.version}` } },
        );
        expect(moved.status, moved.text).toBe(200);
      }
      // The real stream, as the event source mapping reads it.
      records = await readStream(table.raw, table.endpoint, table.tableName);
    }
    const forBob = forBobIn(records);
    expect(forBob.length, 'an outbox row for Bob').toBeGreaterThan(0);

    // Filtered as the event source mapping filters it: exactly the outbox rows pass.
    for (const r of records) expect(passesFilter(r), `${r.eventName} ${r.dynamodb?.Keys?.sk?.S}`).toBe(outboxOfRecord(r) !== null);
    const delivered = records.filter(passesFilter);

    // The dispatcher module reads PUBLIC_URL when it is loaded, as on Lambda. It takes what the one stream
    // reader sends to its queue, ten messages at most per event.
    process.env.PUBLIC_URL = `https://${SITE}`;
    const { handler } = await import('../../functions/lambda/dispatch.js');
    const messages = queueEvent(
      'notify',
      records.filter((r) => passesFilters(STREAM_FILTERS, r)),
    ).Records;
    expect(messages.length).toBe(delivered.length);
    const mailsBefore = mails.length;
    const lines = await stdoutLines(async () => {
      for (let i = 0; i < messages.length; i += 10) {
        const result = await handler({ Records: messages.slice(i, i + 10) });
        expect(result.batchItemFailures).toEqual([]);
      }
    });
    await waitForMail(mailsBefore + 1);
    // Each invocation writes its notices as embedded metrics, by channel, with the dispatcher's line per notice.
    const sent = emf(lines, 'NoticesSent');
    expect(sent.length, JSON.stringify(lines)).toBeGreaterThan(0);
    expect(sent[0]).toMatchObject({ service: 'dispatcher', channel: 'email' });
    expect(sent.reduce((n, l) => n + l.NoticesSent, 0)).toBe(mails.length - mailsBefore);
    expect(lines.find((l) => l.message === 'notification')).toMatchObject({ service: 'dispatcher', matchId, delivery: 'sent' });
    const turnMails = mails.slice(mailsBefore);
    expect(turnMails.length, 'mail to Bob').toBeGreaterThan(0);
    expect(turnMails.length).toBeLessThanOrEqual(forBob.length);
    for (const m of turnMails) {
      expect(m.to && 'text' in m.to ? m.to.text : '').toContain('bob@player.example');
      expect(m.text).toContain(`https://${SITE}/m/${matchId}`);
      const header = (key: string) => m.headerLines.find((h) => h.key === key)?.line ?? '';
      expect(header('list-unsubscribe')).toContain(`<https://${SITE}/api/notify/unsubscribe?t=`);
      expect(header('list-unsubscribe-post')).toMatch(/List-Unsubscribe=One-Click/);
    }

    // At-least-once in: the same records again change nothing and send nothing.
    for (let i = 0; i < messages.length; i += 10) {
      expect((await handler({ Records: messages.slice(i, i + 10) })).batchItemFailures).toEqual([]);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(mails.length).toBe(mailsBefore + turnMails.length);
    // The outbox of the match is drained.
    const left = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
        ExpressionAttributeValues: { ':pk': `M#${matchId}`, ':n': 'NOTIFY#' },
      }),
    );
    expect(left.Items ?? []).toEqual([]);
  });
});
