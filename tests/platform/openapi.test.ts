/**
 * Every route the app serves is in its OpenAPI document (/api/openapi.json). The routes are read from the
 * hono app itself, built with every part switched on (notifications, push, players, the lobby, the dev outbox), so a
 * route added without its declaration in its route module (functions/http/api-route.ts, made into the
 * document by functions/http/openapi.ts) fails here, and so does a declaration no route serves. And no API
 * route is registered by a path of its own: each comes from its declaration (`on`), so its method and path
 * are written once.
 * No database: nothing is called.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import type { LobbyStore } from '../../functions/matches/lobby-port.js';
import type { MatchStore } from '../../functions/matches/port.js';
import type { WebhookStore } from '../../functions/notify/webhooks.js';
import type { NotifyStore } from '../../functions/notify/port.js';
import type { ChallengeStore } from '../../functions/matches/challenge-port.js';
import type { VacationStore } from '../../functions/matches/vacation.js';
import type { FollowStore } from '../../functions/players/follow-port.js';
import type { PlayerStore, ProfileStore } from '../../functions/players/port.js';
import type { SafetyStore } from '../../functions/players/safety-port.js';
import type { DevOutbox } from '../../functions/notify/email.js';
import { openApiDocument } from '../../functions/http/openapi.js';
import { secretSums } from '../support/test-game.js';
import type { RatingStore } from '../../functions/ratings/port.js';

/** Served, but not part of the API: the local page of mails not sent. */
const NOT_API = [/^\/dev\/outbox(\/|$)/];

/** `METHOD /path` of every route the app answers, hono's `:id` written as OpenAPI's `{id}`. */
function servedRoutes(): string[] {
  const unused = {} as never;
  const app = createApp({
    store: unused as MatchStore,
    games: new Map([[secretSums.id, secretSums]]),
    publicUrl: 'http://dutch.test',
    notifications: {
      store: unused as NotifyStore,
      vapidPublicKey: async () => 'key',
      publicUrl: 'http://dutch.test',
      devOutbox: unused as DevOutbox,
      clientAddress: () => null,
    },
    players: {
      store: unused as PlayerStore,
      seatKey: Buffer.alloc(32),
      profiles: unused as ProfileStore,
      safety: unused as SafetyStore,
      follows: unused as FollowStore,
      challenges: unused as ChallengeStore,
      vacation: unused as VacationStore,
    },
    webhooks: { store: unused as WebhookStore },
    ratings: unused as RatingStore,
    lobby: unused as LobbyStore,
  });
  const routes = app.routes
    .filter((r) => r.method !== 'ALL' && !NOT_API.some((p) => p.test(r.path)))
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

/** Files that register a route by a path written in place (`app.get('/…'`), rather than from a declaration. */
function pathsWrittenInPlace(): string[] {
  const files = ['functions/app.ts', ...readdirSync('functions/http/routes').map((f) => `functions/http/routes/${f}`)];
  const inPlace = [/\.(get|post|put|patch|delete|all)\(\s*['`"]\//, /\.on\(\s*[^,()]+,\s*['`"]\//];
  return files.filter((f) => inPlace.some((re) => re.test(readFileSync(f, 'utf8'))));
}

/** `METHOD /path` of every operation in the document. */
async function documentedRoutes(): Promise<string[]> {
  const paths = (await openApiDocument([secretSums])).paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}

describe('the OpenAPI document', () => {
  it('lists every route the app serves, with its method', async () => {
    const documented = new Set(await documentedRoutes());
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('serves every API route from its declaration (the dev outbox is no part of the API)', () => {
    expect(pathsWrittenInPlace()).toEqual(['functions/http/routes/dev-outbox.ts']);
  });

  it('documents no route the app does not serve', async () => {
    const served = new Set(servedRoutes());
    expect((await documentedRoutes()).filter((r) => !served.has(r))).toEqual([]);
  });
});
