/** Bundles the front end with esbuild into web/dist. */
import { cp, mkdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';

export async function buildWeb(opts: { outdir?: string } = {}) {
  const outdir = opts.outdir ?? 'web/dist';
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await cp('web/public', outdir, { recursive: true });
  await build({
    entryPoints: ['web/src/main.ts'],
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: 'es2022',
    outdir,
    logLevel: 'warning',
  });
}
