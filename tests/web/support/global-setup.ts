/**
 * The browser project's global setup: the site is built once and one Chromium runs for all the
 * browser test files (tests/web/support/e2e.ts connects to it), instead of a build and a browser per file.
 */
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { builtSite, CHROMIUM, CHROMIUM_ARGS, waitForChromium } from './site.js';

let site: Awaited<ReturnType<typeof builtSite>> | undefined;
let server: BrowserServer | undefined;

export async function setup(project: TestProject) {
  await waitForChromium();
  [site, server] = await Promise.all([builtSite(), chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })]);
  project.provide('webRoot', site.dir);
  project.provide('chromiumEndpoint', server.wsEndpoint());
}

export async function teardown() {
  await server?.close();
  await site?.remove();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The site built once for the run (absent outside the browser project). */
    webRoot: string;
    /** The shared Chromium's address for `chromium.connect`. */
    chromiumEndpoint: string;
  }
}
