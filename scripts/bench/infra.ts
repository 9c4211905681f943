/**
 * Benchmark for the AWS deployment (infra/): each Lambda bundle built exactly as the stack builds it
 * (infra/functions.ts), its minified size (goal for the API: ≤ 150 KB), and its cold import time, i.e. a
 * fresh `node <bundle>` divided by a bare `node -e 0` measured in the same run (goal ≤ 1.5×).
 *
 * The bundles keep the AWS SDK external, as on Lambda (the runtime ships it); here it resolves from
 * node_modules, so the import time includes loading the SDK modules the handler imports at start.
 * Runs and baselines are interleaved so that load on the machine affects both alike. Last, the cost of a
 * 100-move match on paper (infra/cost.ts, list prices; goal ≤ $0.002).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DUTCH_AUCTION, matchCost } from '../../infra/cost.js';
import { esbuildOptions, FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../infra/functions.js';

const RUNS = 7;
const API_GOAL_BYTES = 150 * 1024;
const IMPORT_GOAL = 1.5;

/** What Lambda sets, plus the stack's settings, so the handlers wire themselves as they do there. */
const LAMBDA_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  TABLE_NAME: 'bench',
  PUBLIC_URL: 'https://dutch.example',
  EMAIL_FROM: 'Dutch <turns@dutch.example>',
  SES_CONFIGURATION_SET: 'bench',
  VAPID_SECRET_ID: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

function timeNode(args: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env: { ...process.env, ...LAMBDA_ENV }, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${r.stderr.toString().slice(0, 500)}`);
  return ms;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function bench(report: (line: string) => void): Promise<void> {
  // Inside the repository, so the external @aws-sdk imports resolve from node_modules.
  const root = resolve('node_modules/.cache/bench-infra');
  rmSync(root, { recursive: true, force: true });
  const bundles: Record<FunctionName, string> = {} as Record<FunctionName, string>;

  report(`infra: Lambda bundles as deployed (ESM, minified, source maps apart, @aws-sdk/* external, node${process.versions.node.split('.')[0]} here, Node 22 on Lambda)`);
  for (const name of FUNCTION_NAMES) {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, 'index.mjs');
    const out = await build({ ...esbuildOptions(FUNCTIONS[name].entry, outfile), metafile: true, logLevel: 'error' });
    bundles[name] = outfile;
    const bytes = statSync(outfile).size;
    const gz = gzipSync(readFileSync(outfile)).length;
    const inputs = Object.values(out.metafile.outputs).find((o) => o.entryPoint)?.inputs ?? {};
    const byPackage = new Map<string, number>();
    for (const [file, info] of Object.entries(inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const key = m ? m[1]! : file.split('/').slice(0, 2).join('/');
      byPackage.set(key, (byPackage.get(key) ?? 0) + info.bytesInOutput);
    }
    const top = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${kb(v)}`).join(', ');
    const goal = name === 'api' ? ` (goal ≤ ${kb(API_GOAL_BYTES)}: ${bytes <= API_GOAL_BYTES ? 'met' : 'NOT met'})` : '';
    report(`  ${name.padEnd(10)} ${kb(bytes).padStart(9)} minified, ${kb(gz).padStart(8)} gzip${goal}; largest: ${top}`);
  }

  // For comparison only (not what the stack deploys): the API with the AWS SDK bundled in, one file.
  const apiWithSdk = join(root, 'api-with-sdk', 'index.mjs');
  mkdirSync(join(root, 'api-with-sdk'), { recursive: true });
  await build({ ...esbuildOptions(FUNCTIONS.api.entry, apiWithSdk), external: [], logLevel: 'error' });
  report(`  ${'(api+SDK)'.padEnd(10)} ${kb(statSync(apiWithSdk).size).padStart(9)} minified: the API with the SDK bundled in, for comparison only`);

  // Warm the file cache once, then interleave: baseline, api, dispatcher, sweep, baseline, ...
  timeNode(['-e', '0']);
  for (const name of FUNCTION_NAMES) timeNode([bundles[name]]);
  // For attribution: only the SDK clients every handler imports at start (the runtime's share).
  const sdkOnly = ['--input-type=module', '-e', "await import('@aws-sdk/client-dynamodb'); await import('@aws-sdk/lib-dynamodb')"];
  const base: number[] = [];
  const sdk: number[] = [];
  const withSdk: number[] = [];
  const runs: Record<FunctionName, number[]> = { api: [], dispatcher: [], sweep: [] };
  for (let i = 0; i < RUNS; i++) {
    base.push(timeNode(['-e', '0']));
    sdk.push(timeNode(sdkOnly));
    for (const name of FUNCTION_NAMES) runs[name].push(timeNode([bundles[name]]));
    withSdk.push(timeNode([apiWithSdk]));
  }
  const b = median(base);
  report(`infra: cold import, median of ${RUNS} fresh processes; bare \`node -e 0\` = ${b.toFixed(0)} ms`);
  report(`  ${'(SDK only)'.padEnd(10)} ${median(sdk).toFixed(0).padStart(5)} ms = ${(median(sdk) / b).toFixed(2)}× node -e 0 (client-dynamodb + lib-dynamodb alone)`);
  for (const name of FUNCTION_NAMES) {
    const m = median(runs[name]);
    const ratio = m / b;
    report(`  ${name.padEnd(10)} ${m.toFixed(0).padStart(5)} ms = ${ratio.toFixed(2)}× node -e 0 (goal ≤ ${IMPORT_GOAL}×: ${ratio <= IMPORT_GOAL ? 'met' : 'NOT met'})`);
  }
  report(`  ${'(api+SDK)'.padEnd(10)} ${median(withSdk).toFixed(0).padStart(5)} ms = ${(median(withSdk) / b).toFixed(2)}× node -e 0 (SDK bundled in, for comparison only)`);

  const paper = [0, 10, 30].map((p) => `${p} polls/move $${matchCost({ ...DUTCH_AUCTION, pollsPerMove: p }).total.toFixed(4)}`);
  const c = matchCost();
  report(
    `infra: on paper, a ${DUTCH_AUCTION.moves}-move Dutch auction match (infra/cost.ts, list prices, email apart): ${paper.join(', ')} ` +
      `(goal ≤ $0.002: ${c.total <= 0.002 ? 'met' : 'NOT met'}); by mail too: +$${c.emailIfAllByMail.toFixed(4)}`,
  );
}
