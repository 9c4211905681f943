/**
 * The Node adapter: the same API app as on Lambda, plus the static web site, on one port.
 * On AWS, CloudFront serves the site and adds the same security headers (infra/).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize, relative, resolve } from 'node:path';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, notFound, type AppDeps } from '../app.js';
import { siteSecurityHeaders } from '../http/security-headers.js';

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

/** Hashed bundles (name.XXXXXXXX.js/css) never change; infra/stack.ts uploads the same files as immutable. */
const HASHED = /\.[0-9a-z]{8}\.(js|css)$/i;

interface SiteFile {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
  etag: string;
}

/**
 * The built site, read once into memory: a file per request from disk cost tens of milliseconds
 * under parallel load. Like S3 behind CloudFront: hashed bundles are cached for good, everything
 * else (pages, the service worker) is revalidated each time with its ETag and answered 304 when unchanged.
 */
function loadSite(webRoot: string): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  if (!existsSync(webRoot)) return files;
  for (const entry of readdirSync(webRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = `/${relative(webRoot, full).split('\\').join('/')}`;
    const body = new Uint8Array(readFileSync(full));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    const headers = {
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
    };
    files.set(path, { body, headers, etag });
  }
  return files;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

/** The API app with the built site (web/dist) behind it; unknown paths get the single page. */
export function createLocalApp(deps: AppDeps, webRoot = resolve('web/dist')): Hono {
  const site = loadSite(resolve(webRoot));
  // The page's inline first script is allowed by its hash, as CloudFront's policy does (infra/constructs/site.ts).
  const index = site.get('/index.html');
  const headers = siteSecurityHeaders(index && new TextDecoder().decode(index.body));
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(headers)) if (!c.res.headers.has(k)) c.header(k, v);
  });
  app.route('/', createApp(deps));
  // An API path no route took is the API's JSON 404, never the single page (as on AWS, where only /api/* reaches the API).
  // These two are fallbacks around the API, not routes of it: nothing to declare in its document.
  app.all('/api/*', (c) => c.json(notFound(c), 404));
  app.get('*', (c) => {
    let path: string;
    try {
      path = normalize(decodeURIComponent(new URL(c.req.url).pathname))
        .split('\\')
        .join('/');
    } catch {
      return c.text('Not found', 404);
    }
    const ext = extname(path);
    // A path without an extension is a page of the single-page app (as infra/edge.ts rewrites it).
    const file = site.get(ext ? path : '/index.html');
    if (!file) return ext ? c.text('Not found', 404) : c.text('The site has not been built: run npm start.', 500);
    if (matches(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, file.headers);
    return c.body(file.body, 200, file.headers);
  });
  return app;
}

export function listen(app: Hono, port: number, hostname = '127.0.0.1'): Promise<ServerType> {
  return new Promise((res) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => res(server));
  });
}

/**
 * Stops taking new connections and waits (at most `graceMs`) for the requests in flight to be
 * answered; keep-alive connections are closed as soon as they are idle, and whatever is still open
 * at the end is cut. Resolves true when everything in flight was answered.
 */
export function drain(server: ServerType, graceMs = 10_000): Promise<boolean> {
  const http = server as Server;
  return new Promise((res) => {
    let clean = true;
    // A request arriving on a kept-alive connection while draining is answered, then the connection closes.
    http.on('request', (_req, r) => r.setHeader('Connection', 'close'));
    // Requests already in flight end on a connection that then idles: close those as they come.
    const idle = setInterval(() => http.closeIdleConnections(), 50);
    const timer = setTimeout(() => {
      clean = false;
      http.closeAllConnections();
    }, graceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(timer);
      res(clean);
    });
    http.closeIdleConnections();
  });
}
