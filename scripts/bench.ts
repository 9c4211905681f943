/** `npm run bench`: runs every benchmark module in scripts/bench/ and prints its figures. */
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const only = process.argv.slice(2);
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
