/**
 * Benchmark for the AWS deployment (infra/): each Lambda bundle built exactly as the stack builds it
 * (infra/functions.ts, with its words files beside it), its minified size and what is largest in it, and its
 * cold import time: a fresh `node <bundle>` against two floors measured in the same run, a bare `node -e 0`
 * and the SDK-only floor: a process that imports the DynamoDB SDK clients every function loads at start and
 * constructs the document client, as every function that talks to DynamoDB must. Goal: the API's cold
 * import ≤ 1.15× the SDK-only floor in CPU time (what our own code adds on top of the SDK).
 *
 * The bundles keep the AWS SDK external, as on Lambda (the runtime ships it); here it resolves from
 * node_modules, so the import time includes loading the SDK modules the handler imports at start.
 * Runs and floors are interleaved and pinned to one core (`taskset -c 0`, when there is one) so that load
 * on the machine affects all alike; each child reports its own CPU time (user + system), which a loaded
 * machine disturbs far less than the wall clock, and the verdict is on CPU. Every child, floors included,
 * runs with no NODE_OPTIONS, as the stack runs the functions (infra/constructs/function.ts): the map ships
 * beside each bundle and is read at the first error (functions/lambda/source-maps.ts), not at the import.
 *
 * Last, the cost of a 100-move match on paper (infra/cost.ts, list prices; goal ≤ $0.002), once with the
 * model's stated profile and once with item sizes measured here: Dutch auction matches played through
 * the API on DynamoDB Local with an Idempotency-Key on every move, each item sized by DynamoDB's rules,
 * as stored (deflated) and as it would be with its JSON stored plain.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { build } from 'esbuild';
import { DUTCH_AUCTION, DUTCH_AUCTION_UNCOMPRESSED, itemBytes, matchCost, pollBudget, wru, type MatchProfile } from '../../infra/cost.js';
import { esbuildOptions, FUNCTION_NAMES, FUNCTIONS, type FunctionName, WITH_WORDS, writeWords } from '../../infra/functions.js';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { LOG_PAGE } from '../../functions/matches/service.js';
import { DynamoMatchStore, dynamoClient, unpackData } from '../../functions/storage/dynamo.js';
import { keys, pad } from '../../functions/storage/table.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';

/** Fresh processes per variant, interleaved: medians of fewer than 15 move by hundredths from run to run. */
const RUNS = 15;
/** The API's cold import ÷ the SDK-only floor, in CPU time (it was 1.11× before the words were bundled, 1.53× with them). */
const API_IMPORT_GOAL = 1.15;

/** What Lambda sets, plus the stack's settings, so the handlers wire themselves as they do there. */
const LAMBDA_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  TABLE_NAME: 'bench',
  PUBLIC_URL: 'https://dutch.example',
  EMAIL_FROM: 'Dutch <turns@dutch.example>',
  SES_CONFIGURATION_SET: 'bench',
  VAPID_SECRET_ID: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench',
  // The consumers' queues (infra/constructs/stream.ts): the stream reader sends to all three, the bots to their own.
  NOTIFY_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-notify',
  BOTS_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-bots',
  LIVE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-live',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // As on Lambda, for every child, the floors too: the stack sets none (infra/constructs/function.ts), and none of ours leaks in.
  NODE_OPTIONS: '',
};

/**
 * The API's own: on Lambda it reads its seat key from Secrets Manager before it wires the app
 * (functions/lambda/seat-key.ts), so signing in is on and the player routes are mounted. Here the key is
 * given as that read leaves it (32 bytes, base64url): the import wires what it wires there, without the call.
 */
const API_ENV = { SEAT_KEY: Buffer.alloc(32, 7).toString('base64url') };

/**
 * The SDK-only floor: the least any function of ours could do at start. Every one talks to DynamoDB, so it
 * imports the SDK's client and document client and constructs them (with the SDK's defaults; our own
 * settings, functions/storage/bounds.ts, count as ours).
 */
const SDK_ONLY =
  "const{DynamoDBClient}=await import('@aws-sdk/client-dynamodb');const{DynamoDBDocumentClient}=await import('@aws-sdk/lib-dynamodb');DynamoDBDocumentClient.from(new DynamoDBClient({}));";

/** Pins every timed child to one core when taskset is there (Linux): steadier ratios on a shared machine. */
const PIN = spawnSync('taskset', ['-c', '0', 'true']).status === 0 ? ['-c', '0'] : null;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Loaded first into every timed child (baseline too): prints the process's CPU time at exit. */
const CPU_HOOK =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook is JavaScript source for the child process, and its template literal is evaluated there.
  "import{writeSync}from'node:fs';process.on('exit',()=>{const u=process.cpuUsage();writeSync(2,`\\ncpu-us ${u.user+u.system}\\n`)});";

function timeNode(args: string[], hook: string, env: Record<string, string> = {}): { wall: number; cpu: number } {
  const node = [process.execPath, '--import', hook, ...args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(PIN ? 'taskset' : node[0]!, PIN ? [...PIN, ...node] : node.slice(1), {
    env: { ...process.env, ...LAMBDA_ENV, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = /cpu-us (\d+)/.exec(r.stderr.toString());
  if (r.status !== 0 || !cpu) throw new Error(`node ${args.join(' ')} failed: ${r.stderr.toString().slice(0, 500)}`);
  return { wall, cpu: Number(cpu[1]) / 1000 };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function bench(report: (line: string) => void): Promise<void> {
  // Inside node_modules, so the external @aws-sdk imports resolve from it; a directory of this run's own, as
  // worktrees may share one node_modules and run the bench at once.
  mkdirSync(resolve('node_modules/.cache'), { recursive: true });
  const root = mkdtempSync(resolve('node_modules/.cache/bench-infra-'));
  try {
    await measure(root, report);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function measure(root: string, report: (line: string) => void): Promise<void> {
  const hook = join(root, 'cpu-hook.mjs');
  writeFileSync(hook, CPU_HOOK);
  const bundles: Record<FunctionName, string> = {} as Record<FunctionName, string>;

  report(
    `infra: Lambda bundles as deployed (ESM, minified, source maps apart, @aws-sdk/* and nodemailer external, node${process.versions.node.split('.')[0]} here, Node 22 on Lambda)`,
  );
  for (const name of FUNCTION_NAMES) {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, 'index.mjs');
    const out = await build({ ...esbuildOptions(FUNCTIONS[name].entry, outfile), metafile: true, logLevel: 'error' });
    if (WITH_WORDS.includes(name)) writeWords(dir);
    bundles[name] = outfile;
    const bytes = statSync(outfile).size;
    const gz = gzipSync(readFileSync(outfile)).length;
    const output = Object.values(out.metafile.outputs).find((o) => o.entryPoint);
    const byPackage = new Map<string, number>();
    for (const [file, info] of Object.entries(output?.inputs ?? {})) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      const key = m ? m[1]! : file.split('/').slice(0, 2).join('/');
      byPackage.set(key, (byPackage.get(key) ?? 0) + info.bytesInOutput);
    }
    const top = [...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${kb(v)}`)
      .join(', ');
    const atStart = [
      ...new Set(
        (output?.imports ?? [])
          .filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('@aws-sdk/'))
          .map((i) => i.path),
      ),
    ];
    report(
      `  ${name.padEnd(10)} ${kb(bytes).padStart(9)} minified, ${kb(gz).padStart(8)} gzip; largest: ${top}; SDK at start: ${atStart.join(', ')}`,
    );
  }

  // For comparison only (not what the stack deploys): the API with the AWS SDK bundled in, one file.
  const apiWithSdk = join(root, 'api-with-sdk', 'index.mjs');
  mkdirSync(join(root, 'api-with-sdk'), { recursive: true });
  await build({ ...esbuildOptions(FUNCTIONS.api.entry, apiWithSdk), external: ['nodemailer'], logLevel: 'error' });
  writeWords(join(root, 'api-with-sdk'));
  report(
    `  ${'(api+SDK)'.padEnd(10)} ${kb(statSync(apiWithSdk).size).padStart(9)} minified: the API with the SDK bundled in, for comparison only`,
  );

  // Warm the file cache once, then interleave: baseline, SDK, api, dispatcher, sweep, api+SDK, baseline, ...
  const variants: { label: string; args: string[]; note: string; env?: Record<string, string> }[] = [
    { label: 'node -e 0', args: ['-e', '0'], note: 'the baseline' },
    { label: '(SDK only)', args: ['--input-type=module', '-e', SDK_ONLY], note: '' },
    ...FUNCTION_NAMES.map((n) => ({ label: n, args: [bundles[n]], note: '', ...(n === 'api' ? { env: API_ENV } : {}) })),
    { label: '(api+SDK)', args: [apiWithSdk], note: 'SDK bundled in, for comparison only', env: API_ENV },
  ];
  for (const { args, env } of variants) timeNode(args, hook, env);
  const runs = variants.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let i = 0; i < RUNS; i++) {
    variants.forEach(({ args, env }, v) => {
      const t = timeNode(args, hook, env);
      runs[v]!.wall.push(t.wall);
      runs[v]!.cpu.push(t.cpu);
    });
  }
  const bw = median(runs[0]!.wall);
  const bc = median(runs[0]!.cpu);
  const fw = median(runs[1]!.wall);
  const fc = median(runs[1]!.cpu);
  report(
    `infra: cold import, median of ${RUNS} fresh processes each, interleaved, ${PIN ? 'pinned to one core (taskset -c 0)' : 'not pinned (no taskset)'}, ` +
      `no NODE_OPTIONS for any (as on Lambda: the source map is read at the first error); ratios in CPU time (user + system: the verdict), wall time beside them`,
  );
  report(
    `  bare \`node -e 0\` = ${bc.toFixed(0)} ms CPU (${bw.toFixed(0)} ms wall); SDK-only floor (import client-dynamodb and lib-dynamodb, ` +
      `construct the document client) = ${fc.toFixed(0)} ms CPU (${fw.toFixed(0)} ms wall)`,
  );
  variants.forEach(({ label, note }, v) => {
    if (v === 0) return;
    const w = median(runs[v]!.wall);
    const c = median(runs[v]!.cpu);
    const vsFloor = v === 1 ? '' : ` = ${(c / fc).toFixed(2)}× the SDK-only floor (wall ${(w / fw).toFixed(2)}×)`;
    const verdict = label === 'api' ? `goal ≤ ${API_IMPORT_GOAL}× the floor in CPU: ${c / fc <= API_IMPORT_GOAL ? 'met' : 'MISSED'}` : note;
    report(
      `  ${label.padEnd(10)} ${c.toFixed(0).padStart(5)} ms CPU = ${(c / bc).toFixed(2)}× bare node${vsFloor}${verdict ? ` (${verdict})` : ''}`,
    );
  });

  const paper = (p: MatchProfile) =>
    [0, 10, 30].map((n) => `${n} polls/move $${matchCost({ ...p, pollsPerMove: n }).total.toFixed(4)}`).join(', ');
  report(`infra: on paper, a ${DUTCH_AUCTION.moves}-move Dutch auction match (infra/cost.ts, list prices, email apart; goal ≤ $0.002)`);
  report(`  stated profile:        ${paper(DUTCH_AUCTION)}; polls the goal leaves room for: ${pollBudget(0.002).toFixed(1)} per move`);
  report(`  as stored before:      ${paper(DUTCH_AUCTION_UNCOMPRESSED)}`);
  const measured = await measureMatches();
  report(
    `  measured here (${measured.games} games, ${measured.moves} moves): match item ${measured.stored.matchItem.toFixed(0)} B (plain JSON ${measured.plain.matchItem.toFixed(0)} B), ` +
      `log record ${measured.logRecord.stored.toFixed(0)} B (plain ${measured.logRecord.plain.toFixed(0)} B), a first read's log page ${(measured.stored.logPageBytes / 1000).toFixed(1)} kB, ` +
      `${measured.stored.moveWru.toFixed(1)} WRU per move (plain ${measured.plain.moveWru.toFixed(1)}), ${measured.stored.intentsPerMove.toFixed(2)} outbox rows per move, ` +
      `responses ${(measured.stored.readBytesOut / 1000).toFixed(1)} kB read / ${(measured.stored.moveBytesOut / 1000).toFixed(1)} kB move`,
  );
  report(`  with these, deflated:  ${paper(measured.stored)}`);
  report(`  with these, plain:     ${paper(measured.plain)}`);
  const c = matchCost();
  report(
    `  per poll (304) $${c.units.poll.toExponential(2)}; email, if every notice goes by mail: +$${c.emailIfAllByMail.toFixed(4)} a match`,
  );
}

/**
 * Plays 2-seat Dutch auction matches through the API on DynamoDB Local, as players would: each move
 * comes from a visit (a full read, then the move with an Idempotency-Key). After every move it reads the
 * items that move wrote, sized twice: as stored, and with their `data` as a plain JSON string (as before
 * it was deflated). Returns a profile for infra/cost.ts of each kind. Any game and number of seats
 * (scripts/bench/capacity.ts measures a Golden Age match the same way).
 */
export async function measureMatches(minMoves = 100, game = 'dutch-auction', seats = 2) {
  const dynamo = await startDynamoLocal();
  try {
    const raw = localClient(dynamo.endpoint);
    const table = 'bench-cost';
    await ensureTable(raw, table);
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const app = createApp({
      store: new DynamoMatchStore(doc, table),
      games: new Map(GAMES.map((g) => [g.id, g])),
      publicUrl: 'https://dutch.example',
    });
    const call = apiCaller(app);
    type Item = Record<string, AttributeValue>;
    /** The item's size as stored, and with `data` stored as plain JSON text. */
    const sizes = (item: Item) => {
      const stored = itemBytes(item);
      const data = item.data?.B ? { S: JSON.stringify(unpackData(item.data.B)) } : item.data;
      return { stored, plain: itemBytes({ ...item, ...(data ? { data } : {}) }) };
    };
    const get = async (key: { pk: string; sk: string }) =>
      (await raw.send(new GetItemCommand({ TableName: table, Key: { pk: { S: key.pk }, sk: { S: key.sk } }, ConsistentRead: true }))).Item!;
    const dueKey = (item: Item) => (item.dueAt ? `${item.dueShard?.S}/${item.dueAt.N}` : null);

    const sum = {
      stored: { match: 0, log: 0, wru: 0, page: 0 },
      plain: { match: 0, log: 0, wru: 0, page: 0 },
      intents: 0,
      indexWru: 0,
      readOut: 0,
      moveOut: 0,
    };
    let moves = 0;
    let games = 0;
    while (moves < minMoves) {
      games++;
      const created = await call('POST', '/api/matches', undefined, { game, seats, name: 'Ann', options: {} });
      const id = created.json.matchId as string;
      const tokens = [created.json.token as string];
      for (const invite of created.json.invites as { seat: number; url: string }[]) {
        const joined = await call('POST', `/api/matches/${id}/join`, undefined, {
          invite: new URL(invite.url).hash.slice('#invite='.length),
          name: `P${invite.seat}`,
        });
        tokens[joined.json.seat as number] = joined.json.token as string;
      }
      const logSizes: { stored: number; plain: number }[] = [];
      for (let v = 1; ; v++) {
        const item = (
          await raw.send(new GetItemCommand({ TableName: table, Key: { pk: { S: keys.log(id, v).pk }, sk: { S: keys.log(id, v).sk } } }))
        ).Item;
        if (!item) break;
        logSizes.push(sizes(item));
      }
      let rng: Rng = seedRng(game === 'dutch-auction' ? `cost-${games}` : `cost-${game}-${games}`);
      let before = await get(keys.match(id));
      for (;;) {
        const seat = (await call('GET', `/api/matches/${id}/seats/0`, tokens[0])).json;
        if (seat.status === 'over') break;
        const s = seat.toAct[0] as number;
        // The visit: the mover's first read (a page of log), then the move.
        const read = await call('GET', `/api/matches/${id}/seats/${s}`, tokens[s]);
        let i: number;
        [i, rng] = nextInt(rng, read.json.legalMoves.length);
        const moved = await call(
          'POST',
          `/api/matches/${id}/seats/${s}/moves`,
          tokens[s],
          { expectedVersion: read.json.version, move: read.json.legalMoves[i] },
          { 'Idempotency-Key': randomUUID() },
        );
        const v = moved.json.version as number;
        const after = await get(keys.match(id));
        const log = await get(keys.log(id, v));
        // The move's notifications ride in its log item (an outbox row of their own only without a log record).
        const rows =
          (
            await raw.send(
              new QueryCommand({
                TableName: table,
                KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
                ExpressionAttributeValues: { ':pk': { S: keys.match(id).pk }, ':sk': { S: `NOTIFY#${pad(v)}#` } },
              }),
            )
          ).Items ?? [];
        // Packed like the match's data since the intents rode in the log item (a list before).
        const packed = log.intents?.B ? unpackData(log.intents.B) : undefined;
        const carried = Array.isArray(packed) ? packed.length : (log.intents?.L?.length ?? 0);
        const page = logSizes.slice(-LOG_PAGE);
        logSizes.push(sizes(log));
        // The `due` index (keys only, < 1 KB an entry): a moved entry is a delete and a put; each outbox entry adds one.
        const moved_ = dueKey(before) === dueKey(after) ? 0 : (dueKey(before) ? 1 : 0) + (dueKey(after) ? 1 : 0);
        const indexWru = moved_ + (dueKey(log) ? 1 : 0) + rows.filter((n) => n.dueAt).length;
        for (const kind of ['stored', 'plain'] as const) {
          const m = sizes(after)[kind];
          sum[kind].match += m;
          sum[kind].log += sizes(log)[kind];
          sum[kind].page += page.reduce((a, x) => a + x[kind], 0);
          sum[kind].wru += 2 * (wru(m) + wru(sizes(log)[kind]) + rows.reduce((a, n) => a + wru(sizes(n)[kind]), 0)) + indexWru;
        }
        sum.intents += carried + rows.length;
        sum.indexWru += indexWru;
        sum.readOut += read.bytes;
        sum.moveOut += moved.bytes;
        before = after;
        moves++;
      }
    }
    return summarise(sum, moves, games);
  } finally {
    await dynamo.stop();
  }
}

/** Requests to the app as a client sends them; an answer of 300 or more is an error. */
function apiCaller(app: ReturnType<typeof createApp>) {
  return async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        // As a browser asks: the bytes counted are those CloudFront would send (the app gzips what it may).
        'Accept-Encoding': 'gzip',
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const wire = Buffer.from(await res.arrayBuffer());
    const text = (res.headers.get('content-encoding') === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads fields of several different API answers straight off the parsed JSON.
    return { json: JSON.parse(text) as any, bytes: wire.length };
  };
}

interface Sums {
  stored: { match: number; log: number; wru: number; page: number };
  plain: { match: number; log: number; wru: number; page: number };
  intents: number;
  indexWru: number;
  readOut: number;
  moveOut: number;
}

/** Per-move averages of the sums, as the cost model's match profile, stored and as plain JSON. */
function summarise(sum: Sums, moves: number, games: number) {
  const profile = (kind: 'stored' | 'plain'): MatchProfile => ({
    ...DUTCH_AUCTION,
    matchItem: sum[kind].match / moves,
    moveWru: sum[kind].wru / moves,
    moveDueWru: sum.indexWru / moves,
    logPageBytes: sum[kind].page / moves,
    intentsPerMove: sum.intents / moves,
    readBytesOut: sum.readOut / moves,
    moveBytesOut: sum.moveOut / moves,
  });
  return {
    games,
    moves,
    stored: profile('stored'),
    plain: profile('plain'),
    logRecord: { stored: sum.stored.log / moves, plain: sum.plain.log / moves },
  };
}
