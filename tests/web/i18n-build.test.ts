/**
 * The languages in the build (web/build.ts): each catalog is its own lazily loaded chunk of compiled
 * messages, the page carries no ICU parser, and the match page's JS (the frame, what it imports up
 * front, the largest game board with its imports, and one catalog) stays within 50 KB gzip; the first render
 * asks for few files (web/src/first.ts, then the main script and its one chunk: docs/decisions/first-render.md).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_IDS as GAMES } from '#shared/games/ids.js';
import { LANGS } from '#shared/i18n/index.js';
import { createLocalApp } from '../../functions/local/server.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { buildWeb } from '../../web/build.js';
import { siteGames } from './support/site.js';

const BUDGET = 50 * 1024;
let dir = '';
let meta: Metafile;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dutch-i18n-build-'));
  meta = await buildWeb({ outdir: dir });
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const outputs = () => Object.entries(meta.outputs).filter(([f]) => f.endsWith('.js'));
const gz = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
/** The output `file` and every chunk it imports up front, transitively. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) withStaticImports(i.path, seen);
  return seen;
}
/** The one output whose inputs include `input`. */
const outputOf = (input: string) => outputs().filter(([, o]) => Object.keys(o.inputs).includes(input));

describe('catalogs in the build', () => {
  it('each language is a chunk of its own, loaded lazily, and none is in the main script', () => {
    const main = outputs().find(([, o]) => o.entryPoint === 'web/src/main.tsx')![0];
    const upFront = withStaticImports(main);
    const games = GAMES.flatMap((g) => LANGS.map((l) => `shared/i18n/games/${g}/${l}.ts`));
    for (const input of ['shared/i18n/en.ts', 'shared/i18n/nl.ts', 'web/src/i18n-pseudo.ts', ...games]) {
      const outs = outputOf(input);
      expect(outs, input).toHaveLength(1);
      const [file, out] = outs[0]!;
      expect(Object.keys(out.inputs), `${input} shares its chunk`).toEqual([input]);
      expect(upFront.has(file), `${input} is loaded up front`).toBe(false);
      const lazily = [...upFront].some((f) => meta.outputs[f]!.imports.some((i) => i.path === file && i.kind === 'dynamic-import'));
      expect(lazily, `${input} is imported lazily by the page's frame`).toBe(true);
    }
  });

  it('holds compiled messages and ships no ICU parser', async () => {
    const [nlFile] = outputOf('shared/i18n/nl.ts')[0]!;
    const nl = await readFile(nlFile, 'utf8');
    expect(nl).toContain('"Mijn partijen"');
    expect(nl).not.toContain('{count, plural');
    expect(nl).toMatch(/\["count","plural",\{/);
    // Refusals are said by the server (in the page's language): their words stay out of the page's catalogs.
    expect(nl).not.toContain('"error.');
    const golden = await readFile(outputOf('shared/i18n/games/golden-age/nl.ts')[0]![0], 'utf8');
    expect(golden).toContain('"game.golden-age.log.');
    expect(golden).not.toContain('"game.golden-age.error.');
    const pseudo = await import(pathToFileURL(outputOf('web/src/i18n-pseudo.ts')[0]![0]).href);
    expect(pseudo.messages['home.mine.title']).toEqual(['⟦', 'Mý mátçhéš', '⟧']);
    expect(pseudo.messages['home.mine.with']).toEqual(['⟦', 'wíth ', ['names'], '⟧']);
    for (const [file, out] of outputs()) {
      const parser = Object.keys(out.inputs).filter((i) => /@messageformat|@lingui[\\/]message-utils|compileMessage/.test(i));
      expect(parser, relative(dir, file)).toEqual([]);
    }
  });

  it('the match page JS stays within 50 KB gzip with a catalog', async () => {
    const main = outputs().find(([, o]) => o.entryPoint === 'web/src/main.tsx')![0];
    const sizeOf = async (files: Iterable<string>) => (await Promise.all([...files].map(gz))).reduce((a, b) => a + b, 0);
    const frame = withStaticImports(main);
    const catalog = async (input: string) => Math.max(...(await Promise.all(LANGS.map((l) => gz(outputOf(`${input}/${l}.ts`)[0]![0])))));
    // Each board with what it imports up front and its own words (the larger language), on the frame.
    let worst = 0;
    for (const game of GAMES) {
      const boards = outputs().filter(([f]) => new RegExp(`chunks[\\\\/]${game}\\.`).test(f));
      expect(boards, game).toHaveLength(1);
      const board = await sizeOf(new Set([...frame, ...withStaticImports(boards[0]![0])]));
      worst = Math.max(worst, board + (await catalog(`shared/i18n/games/${game}`)));
    }
    const site = await catalog('shared/i18n');
    const total = worst + site;
    console.log(`match page JS: ${(total / 1024).toFixed(1)} KB gzip (site catalog ${(site / 1024).toFixed(1)} KB)`);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it('the first render asks for few files: the first script (inline, plain, small, no catalog or preact) and one main chunk', async () => {
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline, 'index.html runs the first script inline, and nothing else inline').toHaveLength(1);
    const code = inline[0]![1]!;
    expect(html.indexOf(code)).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(code).toContain('modulepreload');
    expect(code).not.toMatch(/\bimport\s*[{("*]|\bexport\s*\{/);
    // No catalog in it; its size (preact and lingui alone are 15 KB gzip) says it carries neither.
    expect(code).not.toContain('"Mijn partijen"');
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(3 * 1024);
    // The policy the local server sends for this build names exactly that script, by the hash of its text.
    const app = createLocalApp({ store: new MemoryMatchStore(), games: siteGames() }, dir);
    const csp = (await app.request('/m/abc')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(code).digest('base64');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    expect([...html.matchAll(/rel="modulepreload"/g)].length).toBeLessThanOrEqual(2);
  });
});
