/**
 * Bundles the front end with esbuild into web/dist.
 *
 * Output: content-hashed `main.<hash>.js` / `main.<hash>.css` (+ lazily loaded chunks such as the
 * rules help), the static files of web/public, and index.html with the hashed names filled in.
 * The local server (and CloudFront) cache hashed files forever and index.html never.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';

export async function buildWeb(opts: { outdir?: string } = {}) {
  const outdir = opts.outdir ?? 'web/dist';
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await cp('web/public', outdir, { recursive: true });
  const result = await build({
    entryPoints: ['web/src/main.tsx'],
    bundle: true,
    splitting: true,
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    outdir,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  let script = '';
  let style = '';
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (out.entryPoint !== 'web/src/main.tsx') continue;
    if (file.endsWith('.js')) {
      script = '/' + relative(outdir, file).split('\\').join('/');
      if (out.cssBundle) style = '/' + relative(outdir, out.cssBundle).split('\\').join('/');
    }
  }
  if (!script || !style) throw new Error('esbuild produced no main script or stylesheet');
  const template = await readFile(join(outdir, 'index.html'), 'utf8');
  const html = template.replace('/main.css', style).replace('/main.js', script);
  if (!html.includes(basename(script)) || !html.includes(basename(style))) throw new Error('index.html lacks the asset placeholders');
  await writeFile(join(outdir, 'index.html'), html);
}
