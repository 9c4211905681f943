/**
 * The Node adapter: the same API app as on Lambda, plus the static web site, on one port.
 * On AWS, CloudFront serves the site and adds the same security headers (infra/).
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, type AppDeps } from '../app.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** The API app with the built site (web/dist) behind it; unknown paths get the single page. */
export function createLocalApp(deps: AppDeps, webRoot = resolve('web/dist')): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!c.res.headers.has(k)) c.header(k, v);
  });
  app.route('/', createApp(deps));
  app.get('*', async (c) => {
    const path = normalize(decodeURIComponent(new URL(c.req.url).pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(webRoot, path);
    if (!file.startsWith(webRoot)) return c.text('Not found', 404);
    const ext = extname(file);
    try {
      const body = await readFile(ext ? file : join(webRoot, 'index.html'));
      const type = TYPES[ext || '.html'] ?? 'application/octet-stream';
      // Hashed bundles never change; pages and the service worker must always be fresh.
      const cache = /\.[0-9a-z]{8}\.(js|css)$/i.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
      return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': cache });
    } catch {
      return ext ? c.text('Not found', 404) : c.text('The site has not been built: run npm start.', 500);
    }
  });
  return app;
}

export function listen(app: Hono, port: number, hostname = '127.0.0.1'): Promise<ServerType> {
  return new Promise((res) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => res(server));
  });
}
