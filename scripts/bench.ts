/** `npm run bench`: runs every benchmark module in scripts/bench/ and prints its figures. */
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Names of benchmarks to run; `--flag value` pairs after them are the benchmarks' own (load: `--minutes 10`).
const args = process.argv.slice(2);
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const dir = resolve('scripts/bench');
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

console.log(`node ${process.version}, ${new Date().toISOString()}`);
for (const file of modules) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { bench: (report: (line: string) => void) => Promise<void> };
  const started = performance.now();
  await mod.bench((line) => console.log(line));
  console.log(`  (${file} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
