/**
 * The polling schedule (pure) and the polling loop driven by a fake clock and fake timers:
 * quick after activity or while others act, slowing to one poll a minute, none while hidden,
 * one at once when shown, and nothing parsed or redrawn on a 304.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type Api, ApiFailure, createApi, idempotencyKey } from '../../web/src/api.js';
import { Poller } from '../../web/src/poll/poller.js';
import { CALM_MS, FAST_MS, LIVE_SAFETY_MS, MAX_MS, nextPollDelay, othersMayAct } from '../../web/src/poll/schedule.js';

const S = 1000;
const MIN = 60 * S;

describe('nextPollDelay', () => {
  const base = { visible: true, now: 1_000_000, lastActivity: 1_000_000, othersMayAct: true, failures: 0 };
  it.each([
    // [what, input change, expected delay]
    ['hidden tab: no poll at all', { visible: false }, null],
    ['just after activity, others may act: quick', {}, FAST_MS],
    ['just after activity, only I can act: calm', { othersMayAct: false }, CALM_MS],
    ['30 s of quiet: slower', { lastActivity: 1_000_000 - 30 * S }, 10 * S],
    ['3 minutes of quiet: once a minute', { lastActivity: 1_000_000 - 3 * MIN }, MAX_MS],
    ['a day of quiet: still once a minute', { lastActivity: 1_000_000 - 24 * 60 * MIN }, MAX_MS],
    ['two failures in a row: back off', { failures: 2 }, FAST_MS * 4],
    ['many failures: capped at a minute', { failures: 30 }, MAX_MS],
    ['the server asked for 5 s (503 with Retry-After): then', { failures: 3, retryAfterMs: 5 * S }, 5 * S],
    ['Retry-After is kept within a minute', { failures: 1, retryAfterMs: 10 * MIN }, MAX_MS],
    ['hidden beats everything', { visible: false, failures: 3, othersMayAct: true }, null],
    ['live channel subscribed: only the safety net', { live: true }, LIVE_SAFETY_MS],
    ['live channel subscribed, hidden: none', { live: true, visible: false }, null],
    ['live channel subscribed but reads fail: back off as without it', { live: true, failures: 2 }, FAST_MS * 4],
  ] as const)('%s', (_what, change, expected) => {
    expect(nextPollDelay({ ...base, ...change })).toBe(expected);
  });

  it('never exceeds a minute and never shrinks as the quiet grows', () => {
    let last = 0;
    for (let quiet = 0; quiet <= 60 * MIN; quiet += 7 * S) {
      const d = nextPollDelay({ ...base, lastActivity: base.now - quiet })!;
      expect(d).toBeLessThanOrEqual(MAX_MS);
      expect(d).toBeGreaterThanOrEqual(last);
      last = d;
    }
  });
});

describe('othersMayAct', () => {
  const seats = [{ joined: true }, { joined: true }];
  it.each([
    ['open seat waiting for a player', { status: 'open', toAct: [], seats: [{ joined: true }, { joined: false }] }, 0, true],
    ['opponent to move', { status: 'active', toAct: [1], seats }, 0, true],
    ['both sealing at once', { status: 'active', toAct: [0, 1], seats }, 0, true],
    ['only me to move', { status: 'active', toAct: [0], seats }, 0, false],
    ['match over', { status: 'over', toAct: [], seats }, 0, false],
    ['spectator while anyone acts', { status: 'active', toAct: [0], seats }, null, true],
  ] as const)('%s', (_what, match, you, expected) => {
    expect(othersMayAct(match, you)).toBe(expected);
  });
});

/** A fake clock with timers, and a poller whose reads are scripted. */
function harness(opts: { othersMayAct?: boolean } = {}) {
  let now = 0;
  let visible = true;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const reads: number[] = [];
  const changes: unknown[] = [];
  let answer: () => Promise<unknown> = async () => null;
  const poller = new Poller<unknown>({
    read: () => {
      reads.push(now);
      return answer() as Promise<unknown>;
    },
    onChange: (v) => changes.push(v),
    onError: () => {},
    othersMayAct: () => opts.othersMayAct ?? true,
    visible: () => visible,
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (h) => void timers.delete(h as number),
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  /** Advances the fake clock, firing due timers in order and letting each read settle. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      await flush();
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      await flush();
    }
    now = end;
  }
  return {
    poller,
    reads,
    changes,
    timers,
    advance,
    flush,
    setAnswer: (f: () => Promise<unknown>) => (answer = f),
    setVisible: (v: boolean) => {
      visible = v;
      poller.visibilityChanged();
    },
  };
}

describe('Poller', () => {
  it('polls at once on start, quickly at first, then at most once a minute when nothing happens', async () => {
    const h = harness();
    h.poller.start();
    await h.flush();
    expect(h.reads).toEqual([0]);
    await h.advance(FAST_MS);
    expect(h.reads).toHaveLength(2);
    await h.advance(30 * MIN);
    const late = h.reads.filter((t) => t >= 10 * MIN);
    // From ten quiet minutes on, one poll a minute.
    expect(late.length).toBeGreaterThanOrEqual(19);
    expect(late.length).toBeLessThanOrEqual(21);
    for (let i = 1; i < late.length; i++) expect(late[i]! - late[i - 1]!).toBe(MAX_MS);
    expect(h.changes).toEqual([]);
  });

  it('sends nothing while hidden, however long, and polls at once when shown again', async () => {
    const h = harness();
    h.poller.start();
    await h.advance(5 * S);
    const before = h.reads.length;
    h.setVisible(false);
    expect(h.timers.size).toBe(0);
    await h.advance(6 * 60 * MIN);
    expect(h.reads).toHaveLength(before);
    h.setVisible(true);
    await h.flush();
    expect(h.reads).toHaveLength(before + 1);
    expect(h.reads.at(-1)).toBe(6 * 60 * MIN + 5 * S);
  });

  it('a change seen or a move made brings quick polling back', async () => {
    const h = harness();
    h.poller.start();
    await h.advance(10 * MIN);
    const gapBefore = h.poller.nextDelay();
    expect(gapBefore).toBe(MAX_MS);
    let fresh = true;
    h.setAnswer(async () => {
      if (!fresh) return null;
      fresh = false;
      return { version: 9 };
    });
    const k = h.reads.length;
    await h.advance(MAX_MS);
    expect(h.changes).toEqual([{ version: 9 }]);
    // Read k brought the change; the next one follows quickly.
    expect(h.reads[k + 1]! - h.reads[k]!).toBe(FAST_MS);
    await h.advance(10 * MIN);
    h.poller.activity();
    expect(h.poller.nextDelay()).toBe(FAST_MS);
  });

  it('when only this player can act it starts calm, not quick', async () => {
    const h = harness({ othersMayAct: false });
    h.poller.start();
    await h.flush();
    expect(h.poller.nextDelay()).toBe(CALM_MS);
    await h.advance(CALM_MS - 1);
    expect(h.reads).toHaveLength(1);
    await h.advance(1);
    expect(h.reads).toHaveLength(2);
  });

  it('after a 503 with Retry-After the next read comes when the server asked, not on the backoff', async () => {
    const h = harness();
    let busy = true;
    h.setAnswer(async () => {
      if (busy) throw new ApiFailure(503, 'database-unavailable', 'The database did not answer in time.', undefined, undefined, 5 * S);
      return null;
    });
    h.poller.start();
    await h.flush();
    await h.advance(5 * S);
    await h.advance(5 * S);
    await h.advance(5 * S);
    expect(h.reads).toEqual([0, 5 * S, 10 * S, 15 * S]);
    busy = false;
    await h.advance(5 * S);
    expect(h.reads).toEqual([0, 5 * S, 10 * S, 15 * S, 20 * S]);
    // Answered again: back to the usual schedule.
    expect(h.poller.nextDelay()).toBe(nextPollDelay({ visible: true, now: 20 * S, lastActivity: 0, othersMayAct: true, failures: 0 }));
  });

  it('a focus while a read is in flight reads once more afterwards, never twice at once', async () => {
    const h = harness();
    let release: (v: unknown) => void = () => {};
    h.setAnswer(() => new Promise((r) => (release = r)));
    h.poller.start();
    await h.flush();
    h.poller.visibilityChanged();
    h.poller.visibilityChanged();
    expect(h.reads).toHaveLength(1);
    release(null);
    await h.flush();
    expect(h.reads).toHaveLength(2);
  });
});

describe('conditional reads', () => {
  const who = { kind: 'seat' as const, seat: 1, token: 'T'.repeat(43) };

  it('sends the last ETag and on 304 neither reads nor parses the body', async () => {
    const seen: RequestInit[] = [];
    let touched = false;
    const notModified = {
      status: 304,
      ok: false,
      headers: new Headers(),
      json: () => {
        touched = true;
        return Promise.reject(new Error('parsed a 304'));
      },
      text: () => {
        touched = true;
        return Promise.reject(new Error('read a 304'));
      },
    } as unknown as Response;
    const api = createApi(async (_url, init) => {
      seen.push(init!);
      return notModified;
    });
    const r = await api.read('abcdefghijkl', who, '"7"');
    expect(r).toEqual({ changed: false });
    expect(touched).toBe(false);
    const headers = seen[0]!.headers as Record<string, string>;
    expect(headers['If-None-Match']).toBe('"7"');
    expect(headers.Authorization).toBe(`Bearer ${who.token}`);
    expect(seen[0]!.cache).toBe('no-store');
  });

  it('returns the match and its ETag on 200, and a typed failure with the rule message on 422', async () => {
    const api = createApi(async (url) =>
      url.endsWith('/moves')
        ? new Response(JSON.stringify({ error: { code: 'not-your-turn', message: 'It is not your turn: {0} is buying.', version: 8 } }), {
            status: 422,
          })
        : new Response(JSON.stringify({ version: 8, status: 'active' }), { status: 200, headers: { ETag: '"8"' } }),
    );
    const r = await api.read('abcdefghijkl', who, null);
    expect(r).toMatchObject({ changed: true, etag: '"8"', match: { version: 8 } });
    await expect(api.move('abcdefghijkl', 1, who.token, 8, { kind: 'done' }, 'key-12345678')).rejects.toMatchObject({
      status: 422,
      code: 'not-your-turn',
      message: 'It is not your turn: {0} is buying.',
      version: 8,
    });
  });

  it('sends a move with its expected version and an Idempotency-Key', async () => {
    let body = '';
    let headers: Record<string, string> = {};
    const api = createApi(async (_url, init) => {
      body = String(init!.body);
      headers = init!.headers as Record<string, string>;
      return new Response('{"version":5}', { status: 200 });
    });
    await api.move('abcdefghijkl', 0, who.token, 4, { kind: 'done' }, 'key-12345678');
    expect(JSON.parse(body)).toEqual({ expectedVersion: 4, move: { kind: 'done' } });
    expect(headers['Idempotency-Key']).toBe('key-12345678');
  });
});

describe('503 with Retry-After (the database did not answer in time)', () => {
  /** A real HTTP server that answers 503 + Retry-After `busyFor` times, then 200. */
  async function flakyServer(busyFor: number) {
    const seen: { method: string; url: string; key: string | undefined }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined });
      req.resume();
      req.on('end', () => {
        if (seen.length <= busyFor) {
          res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
          res.end(JSON.stringify({ error: { code: 'database-unavailable', message: 'The database did not answer in time.' } }));
        } else {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ version: 8 }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const waits: number[] = [];
    const api = createApi(
      (path, init) => fetch(base + path, init),
      async (ms) => void waits.push(ms),
    );
    return { api, seen, waits, close: () => new Promise((r) => server.close(r)) };
  }

  it('a move is sent again after the wait asked for, with the same Idempotency-Key', async () => {
    const s = await flakyServer(2);
    try {
      const res = await s.api.move('m1', 1, 'T'.repeat(43), 7, { kind: 'pass' }, 'key-1');
      expect(res).toEqual({ version: 8 });
      expect(s.waits).toEqual([5000, 5000]);
      expect(s.seen.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-1']);
    } finally {
      await s.close();
    }
  });

  it('gives up after two resends and hands the wait on with the error', async () => {
    const s = await flakyServer(10);
    try {
      const err = await s.api.move('m1', 1, 'T'.repeat(43), 7, { kind: 'pass' }, 'key-1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiFailure);
      expect((err as ApiFailure).status).toBe(503);
      expect((err as ApiFailure).retryAfterMs).toBe(5000);
      expect(s.seen).toHaveLength(3);
    } finally {
      await s.close();
    }
  });

  it('a write without an Idempotency-Key is not sent again (it may have been made)', async () => {
    const s = await flakyServer(1);
    try {
      // Pausing is one of the changes beside the game that take no key.
      const err = await s.api
        .call('POST', '/api/matches/m1/seats/1/pause', { auth: 'T'.repeat(43), body: { days: 1 } })
        .catch((e: unknown) => e);
      expect((err as ApiFailure).status).toBe(503);
      expect(s.seen).toHaveLength(1);
      expect(s.seen[0]!.key).toBeUndefined();
      expect(s.waits).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a create is sent again after the wait asked for, with the key made for it (long enough for a create)', async () => {
    const s = await flakyServer(2);
    try {
      const key = idempotencyKey();
      expect(key).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
      await s.api.create({ game: 'secret-sums', seats: 2, options: {}, name: 'Ann' }, key);
      expect(s.waits).toEqual([5000, 5000]);
      expect(s.seen.map((r) => [r.method, r.url, r.key])).toEqual(Array(3).fill(['POST', '/api/matches', key]));
    } finally {
      await s.close();
    }
  });

  it('a resign is sent again after the wait asked for, with the same key', async () => {
    const s = await flakyServer(1);
    try {
      const key = idempotencyKey();
      const res = await s.api.resign('m1', 1, 'T'.repeat(43), key);
      expect(res).toEqual({ version: 8 });
      expect(s.waits).toEqual([5000]);
      expect(s.seen.map((r) => [r.url, r.key])).toEqual(Array(2).fill(['/api/matches/m1/seats/1/resign', key]));
    } finally {
      await s.close();
    }
  });

  it.each([
    ['join', (a: Api, key: string) => a.join('m1', 'I'.repeat(43), 'Bob', key), '/api/matches/m1/join'],
    ['new links', (a: Api, key: string) => a.links('m1', 0, 'T'.repeat(43), key), '/api/matches/m1/seats/0/links'],
    ['rematch', (a: Api, key: string) => a.rematch('m1', 0, 'T'.repeat(43), key), '/api/matches/m1/seats/0/rematch'],
  ] as const)('a %s is sent again with the same key', async (_what, call, path) => {
    const s = await flakyServer(1);
    try {
      const key = idempotencyKey();
      await call(s.api, key);
      expect(s.seen.map((r) => [r.url, r.key])).toEqual([
        [path, key],
        [path, key],
      ]);
    } finally {
      await s.close();
    }
  });

  it('each user action gets a key of its own', () => {
    const keys = new Set(Array.from({ length: 100 }, () => idempotencyKey()));
    expect(keys.size).toBe(100);
  });
});
