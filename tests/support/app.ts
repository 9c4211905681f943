/**
 * Drives the real hono app (createApp) with web-standard requests, on the in-memory match store (`memoryApp`,
 * unit tier); ./api.ts `testApp` puts it on DynamoDB Local. No DynamoDB Local helper is imported here
 * (tests/platform/tiers.test.ts).
 */
import { createApp, type AppDeps } from '../../functions/app.js';
import type { AnyGame } from '#shared/engine/game.js';
import type { CommitResult, MatchStore } from '../../functions/matches/port.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { secretSums } from './test-game.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers in tests are read field by field straight off the parsed JSON; the tests themselves check their shape.
export type Json = any;

export interface Seat {
  seat: number;
  token: string;
}

/**
 * A `wrapStore` for `testApp` that hands the result of every commit (after it reached DynamoDB) to
 * `after`, which may count it, or throw to play a response lost after the write.
 */
export function afterCommit(after: (result: CommitResult) => void) {
  return (store: MatchStore): MatchStore =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (prop !== 'commit') return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<MatchStore['commit']>) => {
          const result = await target.commit(...args);
          after(result);
          return result;
        };
      },
    });
}

export interface AppOptions {
  games?: AnyGame[];
  clock?: () => number;
  wrapStore?: (s: MatchStore) => MatchStore;
  notifications?: AppDeps['notifications'];
}

/**
 * The app on the in-memory match store (functions/storage/memory/, held to the same contract as the
 * DynamoDB one): for tests of the app's behaviour, in the unit tier. `table.store` is the store unwrapped.
 */
export async function memoryApp(opts: AppOptions = {}) {
  return appOn({ store: new MemoryMatchStore() }, opts);
}

export function appOn<T extends { store: MatchStore }>(table: T, opts: AppOptions) {
  const store = opts.wrapStore ? opts.wrapStore(table.store) : table.store;
  const games = new Map((opts.games ?? [secretSums]).map((g) => [g.id, g]));
  const app = createApp({ store, games, clock: opts.clock, publicUrl: 'http://dutch.test', notifications: opts.notifications });
  return { app, table, store, api: client(app) };
}

/** Plays both sealed commits of the test game, so its sequential "count" phase begins; returns that version. */
export async function toCountPhase(api: ReturnType<typeof client>, matchId: string, seats: Seat[]) {
  let v = (await api.read(matchId, seats[0]!)).json.version as number;
  for (const s of seats) v = (await api.move(matchId, s, v, { kind: 'commit', secret: 5 })).json.version;
  return v;
}

export function client(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }) {
  async function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    } else if (opts.raw !== undefined && !headers['Content-Type']) {
      headers['Content-Type'] = 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let json: Json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  return {
    call,
    async create(game: string, seats: number, options: Json = {}, name = 'Ann') {
      const r = await call('POST', '/api/matches', { body: { game, seats, options, name } });
      if (r.status !== 201) throw new Error(`create failed ${r.status} ${r.text}`);
      return r.json as { matchId: string; token: string; seat: number; invites: { seat: number; url: string }[]; spectatorUrl: string };
    },
    async join(matchId: string, inviteUrl: string, name: string) {
      const invite = new URL(inviteUrl).hash.replace('#invite=', '');
      return call('POST', `/api/matches/${matchId}/join`, { body: { invite, name } });
    },
    /** Creates a match and fills every seat; returns the seats' tokens. */
    async started(game: string, seats: number, options: Json = {}): Promise<{ matchId: string; seats: Seat[]; spectator: string }> {
      const created = await this.create(game, seats, options);
      const all: Seat[] = [{ seat: 0, token: created.token }];
      for (const inv of created.invites) {
        const j = await this.join(created.matchId, inv.url, `P${inv.seat}`);
        if (j.status !== 200) throw new Error(`join failed ${j.status} ${j.text}`);
        all.push({ seat: j.json.seat, token: j.json.token });
      }
      return { matchId: created.matchId, seats: all, spectator: new URL(created.spectatorUrl).hash.replace('#watch=', '') };
    },
    read(matchId: string, s: Seat, headers: Record<string, string> = {}) {
      return call('GET', `/api/matches/${matchId}/seats/${s.seat}`, { token: s.token, headers });
    },
    move(matchId: string, s: Seat, expectedVersion: number, move: unknown, key?: string) {
      return call('POST', `/api/matches/${matchId}/seats/${s.seat}/moves`, {
        token: s.token,
        body: { expectedVersion, move },
        headers: key ? { 'Idempotency-Key': key } : {},
      });
    },
  };
}
