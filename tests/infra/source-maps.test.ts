/**
 * Stack traces of a Lambda bundle point into the TypeScript sources without `--enable-source-maps`
 * (functions/lambda/source-maps.ts): an entry bundled as the stack bundles it (infra/functions.ts
 * esbuildOptions: the map beside it, no `sourceMappingURL` comment) is run in a fresh Node without flags, made to
 * throw, and its stack compared with what Node's own source-map support writes for the same code. The map is
 * read at the first error, once, never at import; without it the plain trace stays.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions, FUNCTION_NAMES, FUNCTIONS } from '../../infra/functions.js';

/** The stream reader: its handler reads the records first, so an event without them throws in stream-records.ts. */
const ENTRY = FUNCTIONS.streamReader.entry;

/** Imports the bundle named on the command line; unless told `import-only`, calls its handler twice with an event without records. */
const RUN = `
const mod = await import(process.argv[2]);
if (process.argv[3] !== 'import-only') {
  for (let i = 0; i < 2; i++) {
    try { await mod.handler({}); console.log('no error'); } catch (e) { console.log(e.stack); }
  }
}
`;

/** Loaded before the bundle: says on stderr each time a source map is read. */
const COUNT_MAP_READS = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const read = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  if (String(path).endsWith('.map')) process.stderr.write('map read\\n');
  return read.call(this, path, ...rest);
};
syncBuiltinESMExports();
`;

let dir: string;
let bundle: string;

beforeAll(async () => {
  // Inside node_modules, so the bundle's external @aws-sdk imports resolve, as they do from the runtime on Lambda.
  mkdirSync(resolve('node_modules/.cache'), { recursive: true });
  dir = mkdtempSync(resolve('node_modules/.cache/source-maps-'));
  bundle = join(dir, 'index.mjs');
  await build({ ...esbuildOptions(ENTRY, bundle), logLevel: 'error' });
  writeFileSync(join(dir, 'run.mjs'), RUN);
  writeFileSync(join(dir, 'count.mjs'), COUNT_MAP_READS);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(file: string, args: { flags?: string[]; mode?: string } = {}) {
  const r = spawnSync(process.execPath, [...(args.flags ?? []), join(dir, 'run.mjs'), file, ...(args.mode ? [args.mode] : [])], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      TABLE_NAME: 'not-used',
      NOTIFY_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/1/not-used',
      BOTS_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/1/not-used',
      LIVE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/1/not-used',
      AWS_REGION: 'eu-west-1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return { out: r.stdout, err: r.stderr };
}

/** The line of the entry's handler that hands the records on (1-based). */
const handlerLine = () =>
  readFileSync(ENTRY, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes('changesOf(event.Records)')) + 1;

describe('stack traces of a bundle without --enable-source-maps', () => {
  it('the bundle ships its map beside it, without the comment that would make Node load it at start', () => {
    expect(existsSync(`${bundle}.map`)).toBe(true);
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/sourceMappingURL/);
  });

  it('name the TypeScript files and lines, and no frame of the minified bundle', () => {
    const { out } = run(bundle);
    expect(handlerLine()).toBeGreaterThan(0);
    expect(out).toMatch(/^TypeError: /);
    expect(out).toMatch(/at \S+ \(\/\S+\/functions\/storage\/stream-records\.ts:\d+:\d+\)/);
    expect(out).toContain(`/${ENTRY}:${handlerLine()}:`);
    expect(out).not.toMatch(/index\.mjs:\d/);
    // Frames outside the bundle are left as they were.
    expect(out).toMatch(/at file:\/\/\S+\/run\.mjs:\d+:\d+/);
  });

  it("are what Node's own source-map support writes for the same code", () => {
    const linked = join(dir, 'linked.mjs');
    writeFileSync(linked, `${readFileSync(bundle, 'utf8')}\n//# sourceMappingURL=linked.mjs.map\n`);
    copyFileSync(`${bundle}.map`, `${linked}.map`);
    const ours = run(bundle).out;
    const node = run(linked, { flags: ['--enable-source-maps'] }).out;
    expect(node).toContain(`/${ENTRY}:${handlerLine()}:`);
    expect(ours).toBe(node);
  });

  it('read the map at the first error, once, and not at import', () => {
    expect(run(bundle, { flags: ['--import', join(dir, 'count.mjs')], mode: 'import-only' }).err).not.toContain('map read');
    const twice = run(bundle, { flags: ['--import', join(dir, 'count.mjs')] });
    expect(twice.out.match(/stream-records\.ts/g)).toHaveLength(2);
    expect(twice.err.match(/map read/g)).toHaveLength(1);
  });

  it('stay plain when the map is missing, and the error is still the error', () => {
    renameSync(`${bundle}.map`, join(dir, 'away.map'));
    try {
      const { out } = run(bundle);
      expect(out).toMatch(/^TypeError: Cannot read properties of undefined/);
      expect(out).toMatch(/index\.mjs:\d+:\d+/);
      expect(out).not.toContain('.ts:');
    } finally {
      renameSync(join(dir, 'away.map'), `${bundle}.map`);
    }
  });

  it('every Lambda entry imports functions/lambda/source-maps.ts before anything else', () => {
    for (const name of FUNCTION_NAMES) {
      const imports = readFileSync(FUNCTIONS[name].entry, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('import '));
      expect(imports[0], name).toBe("import './source-maps.js';");
    }
  });
});
