/**
 * Bundles the front end with esbuild into web/dist.
 *
 * Output: a content-hashed `main.<hash>.js` (the site's frame) and lazily loaded chunks (each
 * game's board, the rules help), ONE content-hashed stylesheet `site.<hash>.css`, the static files
 * of web/public, and index.html with the hashed names filled in. The local server (and
 * CloudFront) cache hashed files forever and index.html never.
 *
 * esbuild gives CSS imported by a lazily loaded chunk a file of its own and never loads it, so
 * every CSS output is merged (main's first) into the one stylesheet the page links.
 *
 * The language catalogs (shared/i18n/en.ts, nl.ts, and the pseudo-locale's web/src/i18n-pseudo.ts)
 * are compiled here, each into its own lazily loaded chunk: the page gets ready-made messages and
 * never the ICU parser (tests/web/i18n-build.test.ts checks both, and the match page's JS budget).
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { compileCatalog, pseudoCatalog } from '../functions/i18n.js';
import { en } from '#shared/i18n/en.js';
import { GAME_WORDS, type GameWithWords } from '#shared/i18n/games/index.js';
import { type Catalog, LANGS, type Lang } from '#shared/i18n/index.js';
import { nl } from '#shared/i18n/nl.js';
import { en as panelsEn } from '#shared/i18n/panels/en.js';
import { nl as panelsNl } from '#shared/i18n/panels/nl.js';

const SITE: Record<Lang, Readonly<Record<string, string>>> = { en, nl };
const PANELS: Record<Lang, Readonly<Record<string, string>>> = { en: panelsEn, nl: panelsNl };
/** A catalog module's file name is its language (`en.ts`, `nl.ts`, …). */
const LANG_FILE = LANGS.join('|');

const ENTRY = 'web/src/main.tsx';
/** The match page's first script (sends the match read before the main script is here): a plain script of its own. */
const FIRST = 'web/src/first.ts';
/** A game's board module (web/src/games/index.ts loads it when a match of that game is opened). */
const GAME_BOARD = /^web\/src\/games\/([^/]+)\/index\.ts$/;

/**
 * Words only the server says: refusals (`error.*`, `game.<id>.error.*`) come in the answer's `message`,
 * already in the page's language (every request sends it), so the page's catalogs leave them out.
 * The pseudo-locale's catalog keeps them (tests only).
 */
export const SERVER_ONLY = /^(error\.|game\.[a-z-]+\.error\.)/;
const pageWords = (catalog: Catalog) => Object.fromEntries(Object.entries(catalog).filter(([key]) => !SERVER_ONLY.test(key)));

/** Swaps each catalog module for its compiled messages (the same export name, ready for lingui). */
const compiledCatalogs: Plugin = {
  name: 'compiled-catalogs',
  setup(b) {
    b.onLoad(
      {
        filter: new RegExp(
          `[\\\\/](shared[\\\\/]i18n[\\\\/](panels[\\\\/]|games[\\\\/][a-z-]+[\\\\/])?(${LANG_FILE})|web[\\\\/]src[\\\\/]i18n-pseudo)\\.ts$`,
        ),
      },
      (args) => {
        const lang = new RegExp(`(${LANG_FILE})\\.ts$`).exec(args.path)?.[1] as Lang | undefined;
        const name = lang ?? 'messages';
        // The page's catalog, the panels' and each game's compile their own messages; the pseudo-locale has all.
        const game = /[\\/]games[\\/]([a-z-]+)[\\/]/.exec(args.path)?.[1] as GameWithWords | undefined;
        const source = game ? GAME_WORDS[game] : /[\\/]panels[\\/]/.test(args.path) ? PANELS : SITE;
        const messages = lang ? compileCatalog(pageWords(source[lang] as Catalog)) : pseudoCatalog();
        return { contents: `export const ${name} = ${JSON.stringify(messages)};`, loader: 'js' };
      },
    );
  },
};

/** Builds the site; the answer is esbuild's metafile (which input went into which output). */
export async function buildWeb(opts: { outdir?: string } = {}): Promise<Metafile> {
  const outdir = opts.outdir ?? 'web/dist';
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await cp('web/public', outdir, { recursive: true });
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'assets/[name].[hash]',
    outdir,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    plugins: [compiledCatalogs],
  });

  const url = (file: string) => `/${relative(outdir, file).split('\\').join('/')}`;
  const firstScript = await buildFirst(outdir, firstChunks(result.metafile, url));
  let script = '';
  let mainCss = '';
  let preload: string[] = [];
  const otherCss: string[] = [];
  const staticImports = (out: Metafile['outputs'][string]) =>
    out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => url(i.path));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js') && out.entryPoint === ENTRY) {
      script = url(file);
      if (out.cssBundle) mainCss = out.cssBundle;
      // Chunks the main script imports up front: fetched alongside it, not after it.
      preload = staticImports(out);
    }
  }
  // And the few small chunks a game's board module imports beside those (shared by the boards, not by the
  // main script): a match page asks for its board with the first read, and they would otherwise be asked
  // for only once the board module is here, one more round trip before the first render (under 1 KB).
  for (const out of Object.values(result.metafile.outputs)) {
    if (!out.entryPoint || !GAME_BOARD.test(out.entryPoint)) continue;
    for (const path of staticImports(out)) if (!preload.includes(path)) preload.push(path);
  }
  for (const file of Object.keys(result.metafile.outputs)) {
    if (file.endsWith('.css') && file !== mainCss) otherCss.push(file);
  }
  if (!script || !mainCss) throw new Error('esbuild produced no main script or stylesheet');

  const parts: string[] = [];
  for (const file of [mainCss, ...otherCss.sort()]) {
    parts.push((await readFile(file, 'utf8')).replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/s, '').trim());
    await rm(file, { force: true });
    await rm(`${file}.map`, { force: true });
  }
  const css = `${parts.join('\n')}\n`;
  const hash = createHash('sha256')
    .update(css)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  const style = `/site.${hash}.css`;
  await writeFile(join(outdir, style.slice(1)), css);
  // The same sheet under a fixed name, for the few pages the API serves itself (the sign-in link's
  // page), which cannot know the hash; it is revalidated like index.html.
  await writeFile(join(outdir, 'site.css'), css);

  const template = await readFile(join(outdir, 'index.html'), 'utf8');
  if (!template.includes('<link rel="stylesheet" href="/main.css">') || !template.includes('/main.js'))
    throw new Error('index.html lacks the asset placeholders');
  const preloads = preload.map((href) => `<link rel="modulepreload" href="${href}">\n`).join('');
  // async: the script runs as soon as it is here, not after the browser has first laid out and
  // painted the static "Loading…" (tens of milliseconds on a cold load), so the match is requested
  // sooner. main.tsx waits for the document itself before it draws. The first script comes before the
  // stylesheet and is a plain async one: it runs the moment it is here, with no module chunks to wait for.
  const html = template
    .replace(
      '<link rel="stylesheet" href="/main.css">',
      `<script async src="${firstScript}"></script>\n<link rel="stylesheet" href="${style}">`,
    )
    .replace(/<script type="module" src="\/main\.js"><\/script>/, `<script type="module" async src="${script}"></script>\n${preloads}`);
  if (!html.includes(script) || !html.includes(firstScript))
    throw new Error('index.html lacks <script type="module" src="/main.js"></script>');
  await writeFile(join(outdir, 'index.html'), html);
  return result.metafile;
}

/** The chunks the first script asks for early (web/src/first.ts): each language's site words, each game's board and words. */
function firstChunks(meta: Metafile, url: (file: string) => string) {
  const chunks = {
    site: {} as Record<string, string>,
    boards: {} as Record<string, string>,
    words: {} as Record<string, Record<string, string>>,
  };
  const site = new RegExp(`^shared/i18n/(${LANG_FILE})\\.ts$`);
  const words = new RegExp(`^shared/i18n/games/([a-z-]+)/(${LANG_FILE})\\.ts$`);
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (!file.endsWith('.js') || !out.entryPoint) continue;
    const s = site.exec(out.entryPoint);
    const b = GAME_BOARD.exec(out.entryPoint);
    const w = words.exec(out.entryPoint);
    if (s) chunks.site[s[1]!] = url(file);
    if (b) chunks.boards[b[1]!] = url(file);
    if (w) chunks.words[w[1]!] = { ...chunks.words[w[1]!], [w[2]!]: url(file) };
  }
  return chunks;
}

/**
 * The first script, bundled apart with no chunks and no module syntax, so that it waits for no file the main
 * script shares: the modules it imports (link, access, storage, lang, request) are the app's own, compiled
 * into it once more; none of them imports a catalog, lingui or preact, so it stays small.
 */
async function buildFirst(outdir: string, chunks: ReturnType<typeof firstChunks>): Promise<string> {
  const first = await build({
    entryPoints: [FIRST],
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    format: 'iife',
    define: { FIRST_CHUNKS: JSON.stringify(chunks) },
    target: 'es2022',
    entryNames: '[name].[hash]',
    outdir,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const file = Object.keys(first.metafile.outputs).find((f) => f.endsWith('.js'));
  if (!file) throw new Error('esbuild produced no first script');
  return `/${relative(outdir, file).split('\\').join('/')}`;
}
