/**
 * The local server's static site (functions/local/server.ts): the built files held in memory, with
 * the caching rules CloudFront applies on AWS (infra/stack.ts): hashed bundles immutable, pages
 * revalidated by ETag, every page of the single-page app answered with index.html.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalApp } from '../../functions/local/server.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { siteGames } from './support/site.js';

const FIRST = 'window.first=1';
const INDEX = `<!doctype html><title>Dutch</title><script>${FIRST}</script><script type="module" async src="/main.ABCD1234.js"></script>`;
let root: string;
let app: ReturnType<typeof createLocalApp>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(root, 'chunks'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'main.ABCD1234.js'), 'export {};');
  writeFileSync(join(root, 'chunks', 'dutch-auction.WXYZ5678.js'), 'export const x = 1;');
  writeFileSync(join(root, 'sw.js'), '// worker');
  app = createLocalApp({ store: new MemoryMatchStore(), games: siteGames() }, root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static site', () => {
  it('answers every page of the app with index.html, revalidated by its ETag', async () => {
    const first = await app.request('/m/abcDEF123_-x');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(INDEX);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toContain('text/html');
    // The page's one inline script (the first script, web/build.ts) is allowed by the hash of its text, and no other.
    const hash = createHash('sha256').update(FIRST).digest('base64');
    expect(/script-src ([^;]*)/.exec(first.headers.get('content-security-policy') ?? '')?.[1]).toBe(`'self' 'sha256-${hash}'`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await app.request('/', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const stale = await app.request('/', { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('marks hashed bundles immutable, and the service worker no-cache', async () => {
    for (const path of ['/main.ABCD1234.js', '/chunks/dutch-auction.WXYZ5678.js']) {
      const r = await app.request(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('content-type'), path).toContain('text/javascript');
    }
    const sw = await app.request('/sw.js');
    expect(await sw.text()).toBe('// worker');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for files it does not have, however the path is written', async () => {
    for (const path of ['/nothing.js', '/../package.json', '/%2e%2e/package.json', '/chunks/../../etc/passwd.txt']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
    // The API keeps its own answers.
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('says so when the site has not been built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'site-empty-'));
    try {
      const bare = createLocalApp({ store: new MemoryMatchStore(), games: siteGames() }, empty);
      const r = await bare.request('/m/abcDEF123_-x');
      expect(r.status).toBe(500);
      expect(await r.text()).toContain('npm start');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
