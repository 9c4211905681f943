/**
 * The real local app (API + built site) on a free port, and Debian's Chromium, for the browser
 * tests and the web benchmark. Nothing is mocked: the API runs against DynamoDB Local.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { chromium, type Browser } from 'playwright-core';
import { createLocalApp, listen } from '../../../functions/local/server.js';
import { startLocalBots, type LocalBots } from '../../../functions/local/bots.js';
import { startLocalLive, type IdleTimer, type LocalLive } from '../../../functions/local/live.js';
import { MatchService } from '../../../functions/matches/service.js';
import type { Server } from 'node:http';
import { startLocalNotify, type LocalNotify } from '../../../functions/local/notify.js';
import type { MatchStore } from '../../../functions/matches/port.js';
import { DynamoLobbyStore } from '../../../functions/storage/lobby-dynamo.js';
import { DynamoPlayerStore } from '../../../functions/storage/players-dynamo.js';
import { DynamoChallengeStore } from '../../../functions/storage/challenges-dynamo.js';
import { DynamoVacationStore } from '../../../functions/storage/vacation-dynamo.js';
import { DynamoFollowStore } from '../../../functions/storage/follows-dynamo.js';
import { DynamoProfileStore } from '../../../functions/storage/profiles-dynamo.js';
import { DynamoRatingStore } from '../../../functions/storage/ratings-dynamo.js';
import { DynamoSafetyStore } from '../../../functions/storage/safety-dynamo.js';
import { WaitingBoards } from '../../../functions/players/waiting.js';
import { dynamoClientFromEnv } from '../../../functions/storage/dynamo.js';
import { randomBytes } from 'node:crypto';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import { gameRegistry } from '#shared/games/index.js';
import type { AnyGame } from '#shared/engine/game.js';
import { buildWeb } from '../../../web/build.js';
import { secretSums } from '../../support/test-game.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The registered games, plus Dutch (until the lead registers it) and the test game. */
export function siteGames(): Map<string, AnyGame> {
  const games = new Map<string, AnyGame>(gameRegistry);
  if (!games.has(dutchAuction.id)) games.set(dutchAuction.id, dutchAuction);
  games.set(secretSums.id, secretSums);
  return games;
}

/** Builds the site into a fresh temporary folder. */
export async function builtSite(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dutch-web-'));
  await buildWeb({ outdir: dir });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * With `bots`, the computer players move as under `npm start` (a second reader of the table's stream).
 * With `notify`, the notifications part runs as under `npm start` (functions/local/notify.ts):
 * its routes, the dispatcher loop on the table's stream, the sweep, VAPID keys in a temporary data
 * folder, and, with no SMTP_URL, the dev outbox at /dev/outbox.
 */
export async function startSite(opts: {
  store: MatchStore;
  webRoot: string;
  games?: Map<string, AnyGame>;
  notify?: { endpoint: string; tableName: string; env?: Record<string, string> };
  /** Computer players: the bot runner on the table's stream, as `npm start` runs it (functions/local/bots.ts). */
  bots?: { endpoint: string; tableName: string };
  /** Signed-in players (functions/players), with a fresh seat key; needs `notify` (the sign-in mail). */
  players?: boolean;
  /** The live channel (functions/local/live.ts) as `npm start` runs it, on the table's stream. */
  live?: { endpoint: string; tableName: string; idleMs?: number; maxMs?: number; perAddress?: number; idleTimer?: IdleTimer };
}) {
  const games = opts.games ?? siteGames();
  // The port is known only once listening, and the notifications part wants the site's address
  // for its links: the server answers through `inner`, which is set before the first request.
  let inner: Hono | undefined;
  const outer = new Hono();
  outer.all('*', (c) => inner!.fetch(c.req.raw, c.env));
  const server = await listen(outer, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  let notify: LocalNotify | undefined;
  let dataDir: string | undefined;
  // The sweep's and the computers' commits reach the signed-in players' waiting boards, as under `npm start`.
  const playerStore =
    opts.players && opts.notify
      ? new DynamoPlayerStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName)
      : undefined;
  const watch = playerStore && new WaitingBoards({ players: playerStore, matches: opts.store, clock: Date.now });
  if (opts.notify) {
    dataDir = await mkdtemp(join(tmpdir(), 'dutch-notify-'));
    notify = startLocalNotify({
      env: { DYNAMODB_ENDPOINT: opts.notify.endpoint, DISPATCH_POLL_MS: '200', ...opts.notify.env },
      dataDir,
      tableName: opts.notify.tableName,
      publicUrl: url,
      matches: opts.store,
      games,
      ...(watch ? { watch } : {}),
    });
  }
  let bots: LocalBots | undefined;
  if (opts.bots) {
    bots = startLocalBots({
      env: { DYNAMODB_ENDPOINT: opts.bots.endpoint, DISPATCH_POLL_MS: '200' },
      tableName: opts.bots.tableName,
      matches: opts.store,
      games,
      ...(watch ? { watch } : {}),
    });
  }
  let live: LocalLive | undefined;
  if (opts.live) {
    live = startLocalLive({
      env: { DYNAMODB_ENDPOINT: opts.live.endpoint },
      tableName: opts.live.tableName,
      server: server as Server,
      matches: new MatchService({ store: opts.store, games, clock: Date.now }),
      ...(opts.live.idleMs ? { idleMs: opts.live.idleMs } : {}),
      ...(opts.live.maxMs ? { maxMs: opts.live.maxMs } : {}),
      ...(opts.live.perAddress ? { perAddress: opts.live.perAddress } : {}),
      ...(opts.live.idleTimer ? { idleTimer: opts.live.idleTimer } : {}),
    });
  }
  inner = createLocalApp(
    {
      store: opts.store,
      games,
      ...(notify ? { publicUrl: url, notifications: notify.notifications, webhooks: notify.webhooks } : {}),
      ...(opts.players && opts.notify
        ? {
            players: {
              store: playerStore!,
              seatKey: randomBytes(32),
              profiles: new DynamoProfileStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
              safety: new DynamoSafetyStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
              follows: new DynamoFollowStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
              challenges: new DynamoChallengeStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
              vacation: new DynamoVacationStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
            },
            lobby: new DynamoLobbyStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName),
          }
        : {}),
      // Leaderboards and what a rated match changed (functions/ratings), on the same table.
      ...(opts.notify
        ? { ratings: new DynamoRatingStore(dynamoClientFromEnv({ DYNAMODB_ENDPOINT: opts.notify.endpoint }), opts.notify.tableName) }
        : {}),
    },
    opts.webRoot,
  );
  return {
    url,
    outbox: notify?.outbox,
    live,
    close: async () => {
      await live?.stop();
      await new Promise<void>((res) => server.close(() => res()));
      await bots?.stop();
      await notify?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the apt-installed Chromium (it may still be installing when the tests start). */
export async function waitForChromium(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A Chromium of the caller's own, once installed. */
export async function launchChromium(): Promise<Browser> {
  await waitForChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
