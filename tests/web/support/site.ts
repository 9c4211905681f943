/**
 * The real local app (API + built site) on a free port, and Debian's Chromium, for the browser
 * tests and the web benchmark. Nothing is mocked: the API runs against DynamoDB Local.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createLocalApp, listen } from '../../../functions/local/server.js';
import type { MatchStore } from '../../../functions/storage/port.js';
import { dutchAuction } from '../../../shared/games/dutch-auction/index.js';
import { gameRegistry } from '../../../shared/games/index.js';
import type { AnyGame } from '../../../shared/engine/game.js';
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

export async function startSite(opts: { store: MatchStore; webRoot: string; games?: Map<string, AnyGame> }) {
  const app = createLocalApp({ store: opts.store, games: opts.games ?? siteGames() }, opts.webRoot);
  const server = await listen(app, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}

/** Waits for the apt-installed Chromium (it may still be installing when the tests start). */
export async function launchChromium(): Promise<Browser> {
  const deadline = Date.now() + 120_000;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > deadline) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
