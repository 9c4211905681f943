/**
 * The fixture every browser test file starts with: its own table on the shared DynamoDB Local,
 * the built site, the local server on them, and headless Chromium — made before the file's tests
 * and closed after them. In the browser project the site is built once and one Chromium serves
 * every file (tests/web/support/global-setup.ts); run any other way, the file builds and launches its own.
 * Screenshots go to `artifacts` (test-artifacts/web by default, never committed).
 */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { IdleTimer } from '../../../functions/local/live.js';
import { freshTable } from '../../support/dynamo.js';
import { builtSite, launchChromium, startSite } from './site.js';

export interface E2eSite {
  table: Awaited<ReturnType<typeof freshTable>>;
  server: Awaited<ReturnType<typeof startSite>>;
  browser: Browser;
  /** Folder for this file's screenshots. */
  artifacts: string;
}

/** The site built for the run, or one of this file's own (removed after it). */
async function site(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const shared = inject('webRoot');
  return shared ? { dir: shared, remove: async () => {} } : builtSite();
}

/** The run's Chromium (closing it only disconnects this file), or one of this file's own. */
export async function browserForFile(): Promise<Browser> {
  const shared = inject('chromiumEndpoint');
  return shared ? chromium.connect(shared) : launchChromium();
}

export function e2eSite(
  tableName: string,
  opts: {
    notify?: boolean;
    bots?: boolean;
    players?: boolean;
    live?: boolean | { idleMs?: number; maxMs?: number; idleTimer?: IdleTimer };
    artifacts?: string;
  } = {},
): E2eSite {
  const env = { artifacts: opts.artifacts ?? 'test-artifacts/web' } as E2eSite;
  mkdirSync(env.artifacts, { recursive: true });
  let built: Awaited<ReturnType<typeof site>> | undefined;
  beforeAll(async () => {
    [env.table, built, env.browser] = await Promise.all([freshTable(tableName), site(), browserForFile()]);
    env.server = await startSite({
      store: env.table.store,
      webRoot: built.dir,
      ...(opts.notify ? { notify: { endpoint: env.table.endpoint, tableName: env.table.tableName } } : {}),
      ...(opts.players ? { players: true } : {}),
      ...(opts.bots ? { bots: { endpoint: env.table.endpoint, tableName: env.table.tableName } } : {}),
      ...(opts.live
        ? { live: { endpoint: env.table.endpoint, tableName: env.table.tableName, ...(opts.live === true ? {} : opts.live) } }
        : {}),
    });
  }, 180_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
    await built?.remove();
  });
  return env;
}

/** A page's DOM at one moment, with the match version and status it showed. */
export interface Snap {
  version: number;
  status: string;
  html: string;
}

/**
 * An init script that records every distinct DOM state of the page (as `Snap`s in `window.__snaps`;
 * a state the same as the one before is not kept again).
 */
export const SNAPSHOT_SCRIPT = `
  window.__snaps = [];
  let last = '';
  const take = () => {
    const html = document.documentElement.outerHTML;
    if (html === last) return;
    last = html;
    const main = document.querySelector('main.match');
    window.__snaps.push({ version: Number(main?.getAttribute('data-version') ?? 0), status: main?.getAttribute('data-status') ?? '', html });
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; take(); });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

/** Hides or shows a page as the browser would report it (document.visibilityState + the event); a hidden page stops polling. */
export async function setVisible(p: Page, visible: boolean) {
  await p.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !v });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

/**
 * Opens the match page's menu (web/src/ui/match/MatchMenu.tsx: sharing, notifications, the options, away,
 * resigning) once it is drawn, as a player clicking "Match menu" would; left open if it is.
 */
export async function openMatchMenu(p: Page): Promise<void> {
  const menu = p.locator('main.match details.match-menu');
  await menu.waitFor({ state: 'attached' });
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator(':scope > summary').click();
}

/** Signs the page in through the link mailed to `address` (the dev outbox lists the newest first). */
export async function signInByLink(env: E2eSite, p: Page, address: string): Promise<void> {
  const asked = await fetch(`${env.server.url}/api/session/link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: env.server.url },
    body: JSON.stringify({ address }),
  });
  expect(asked.status).toBe(202);
  const mail = env.server.outbox!.list().find((m) => m.to === address)!;
  const link = /https?:\/\/\S+\/api\/session\/open\?t=[\w-]+/.exec(mail.text)![0];
  await p.goto(link);
  await p.locator('form button').click();
  await p.waitForURL(/\/api\/session\/open/);
  await p.locator('main p a[href="/"]').waitFor();
}

/** Signs the page in by link, then names the player on the account page. */
export async function signInAs(env: E2eSite, p: Page, address: string, name: string): Promise<void> {
  await signInByLink(env, p, address);
  await p.goto(`${env.server.url}/account`);
  await p.getByRole('textbox', { name: 'Player name', exact: true }).fill(name);
  await p.getByRole('button', { name: 'Save name' }).click();
  await p.getByText('Saved.').waitFor();
}
