/**
 * Bundles the front end with esbuild into web/dist.
 *
 * Output: a content-hashed `main.<hash>.js` (the site's frame) and lazily loaded chunks (each
 * game's board, the rules help), ONE content-hashed stylesheet `site.<hash>.css`, the static files
 * of web/public with the app's PNG icons (web/icons.ts), and index.html with the hashed names filled in. The local server (and
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
import { join, relative, resolve } from 'node:path';
import { type BuildOptions, build, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { inlineScriptHashes, scriptHash } from '../functions/http/security-headers.js';
import { compileCatalog, pseudoCatalog } from '../functions/i18n.js';
import { ICON_SIZES, iconFile, iconPng } from './icons.js';
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

/** The project's own script modules, and those of one game's board or rules (not the plain board's). */
const SHARED_MODULE = /^(web|shared)\/.*\.tsx?$/;
const ONE_GAME = /^(web\/src|shared)\/games\/(?!generic\/)[^/]+\//;

/**
 * The modules every match page loads before its first render: the main script's and, beside them, what the
 * game boards import up front (shared by the boards: Confirm, the help button). Style sheets aside.
 */
function upFront(meta: Metafile): string[] {
  const inputs = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, withOwn: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    const out = meta.outputs[file];
    if (!out) return;
    // The project's own modules (the packages they import come with them), none of one game's board.
    if (withOwn) for (const input of Object.keys(out.inputs)) if (SHARED_MODULE.test(input) && !ONE_GAME.test(input)) inputs.add(input);
    for (const i of out.imports) if (i.kind === 'import-statement' && !i.external) walk(i.path, true);
  };
  for (const [file, out] of Object.entries(meta.outputs)) if (out.entryPoint === ENTRY) walk(file, true);
  for (const [file, out] of Object.entries(meta.outputs)) if (out.entryPoint && GAME_BOARD.test(out.entryPoint)) walk(file, false);
  return [...inputs];
}

/**
 * One chunk for what every match page needs up front. esbuild gives each set of entry points that share a
 * module a chunk of its own, so the main script's modules came in 12 files (each lazy part shares a different
 * few): 12 requests before the first render, over 6 connections on HTTP/1.1. Here the main script and every
 * lazily loaded module of the page (web/src/) import them all, so they share one set and one chunk. It costs
 * a lazy part nothing: the main script has loaded them before any lazy part is asked for.
 */
function oneCore(core: string[]): Plugin {
  const shared = new Set(core.filter((input) => input !== ENTRY).map((input) => resolve(input)));
  const imports = [...shared].map((path) => `import ${JSON.stringify(path)};\n`).join('');
  return {
    name: 'one-core',
    setup(b) {
      b.onLoad({ filter: /[\\/]web[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
        // Not the modules of the core themselves (the catalogs are compiled-catalogs' to answer).
        if (shared.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: imports + source, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** Builds the site; the answer is esbuild's metafile (which input went into which output). */
export async function buildWeb(opts: { outdir?: string } = {}): Promise<Metafile> {
  const outdir = opts.outdir ?? 'web/dist';
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await cp('web/public', outdir, { recursive: true });
  // The installed app's PNG icons (web/public/manifest.webmanifest names them), drawn here, not kept as binaries.
  for (const size of ICON_SIZES) await writeFile(join(outdir, iconFile(size)), iconPng(size));
  const options: BuildOptions = {
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
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  };
  // Twice: the first build finds what every match page needs up front, the second puts it in one chunk.
  const probe = await build({ ...options, metafile: true, write: false, plugins: [compiledCatalogs] });
  const result = await build({ ...options, metafile: true, plugins: [compiledCatalogs, oneCore(upFront(probe.metafile))] });

  const url = (file: string) => `/${relative(outdir, file).split('\\').join('/')}`;
  const firstScript = await buildFirst(firstChunks(result.metafile, url));
  let script = '';
  let preload: string[] = [];
  const staticImports = (out: Metafile['outputs'][string]) =>
    out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => url(i.path));
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js') && out.entryPoint === ENTRY) {
      script = url(file);
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
  if (!script) throw new Error('esbuild produced no main script');
  // The style sheets of the first build, where each module imports only what it says (the second build's
  // imports added for one core chunk would give every entry's style sheet every board's CSS).
  for (const file of Object.keys(result.metafile.outputs)) if (file.endsWith('.css')) await rm(file, { force: true });
  for (const file of Object.keys(result.metafile.outputs)) if (file.endsWith('.css.map')) await rm(file, { force: true });
  const parts = styleSheets(probe.metafile, probe.outputFiles);
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
  // stylesheet, inline (2 KB): it runs while the page is parsed, before any other file is here, so the read
  // leaves with the page's first bytes (docs/decisions/inline-first-script.md). The Content-Security-Policy
  // allows it by its hash (functions/http/security-headers.ts), which the local server and the stack take
  // from this index.html.
  const html = template
    .replace('<link rel="stylesheet" href="/main.css">', () => `<script>${firstScript}</script>\n<link rel="stylesheet" href="${style}">`)
    .replace(/<script type="module" src="\/main\.js"><\/script>/, `<script type="module" async src="${script}"></script>\n${preloads}`);
  if (!html.includes(script) || !html.includes(firstScript))
    throw new Error('index.html lacks <script type="module" src="/main.js"></script>');
  const hashes = inlineScriptHashes(html);
  if (hashes.length !== 1 || hashes[0] !== scriptHash(firstScript))
    throw new Error('index.html must hold the first script as its one inline script');
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
 * into it once more; none of them imports a catalog, lingui or preact, so it stays small. Its text goes into
 * index.html (no file, no source map).
 */
async function buildFirst(chunks: ReturnType<typeof firstChunks>): Promise<string> {
  const first = await build({
    entryPoints: [FIRST],
    bundle: true,
    minify: true,
    format: 'iife',
    define: { FIRST_CHUNKS: JSON.stringify(chunks) },
    target: 'es2022',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = first.outputFiles[0]?.text.trim();
  if (!code) throw new Error('esbuild produced no first script');
  // Inline, a `</script` inside would end the element early.
  if (/<\/script/i.test(code)) throw new Error('the first script holds </script');
  return code;
}

/** The text of each CSS output, the main script's first (then in file order), as the site's one sheet merges them. */
function styleSheets(meta: Metafile, files: OutputFile[]): string[] {
  const text = new Map(files.map((f) => [relative('.', f.path).split('\\').join('/'), f.text]));
  const main = Object.values(meta.outputs).find((o) => o.entryPoint === ENTRY)?.cssBundle;
  if (!main) throw new Error('esbuild produced no main stylesheet');
  const others = Object.keys(meta.outputs)
    .filter((f) => f.endsWith('.css') && f !== main)
    .sort();
  return [main, ...others].map((f) => (text.get(f) ?? '').replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/s, '').trim());
}
