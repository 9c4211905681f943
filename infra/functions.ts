/**
 * The Lambda functions the stack deploys: entries, sizes, how each is bundled, what the one stream reader
 * reads and what of it goes to the dispatcher, the bot players and the live pokes, and the table actions the bot players may use. Plain data with no aws-cdk-lib
 * import, so the benchmark (scripts/bench/infra.ts) and the handler tests use exactly what the stack ships
 * without paying for loading the CDK.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { wordsFiles } from '../functions/i18n.js';
import { keys } from '../functions/storage/table.js';

export const FUNCTIONS = {
  /** The hono app, called by CloudFront through its function URL (hono/aws-lambda, payload v2). */
  api: { entry: 'functions/lambda/api.ts', memoryMb: 512, timeoutSeconds: 10 },
  /**
   * The table's one stream reader (docs/decisions/stream-fan-out.md): reads the records STREAM_FILTERS pass and
   * sends each change to the queues of the consumers below that want it. SendMessageBatch calls only.
   */
  streamReader: { entry: 'functions/lambda/stream.ts', memoryMb: 256, timeoutSeconds: 30 },
  /** Delivers notification intents, from its queue (fed by the stream reader). */
  dispatcher: { entry: 'functions/lambda/dispatch.ts', memoryMb: 256, timeoutSeconds: 60 },
  /** Reminders and turn deadlines, on a schedule. */
  sweep: { entry: 'functions/lambda/schedule.ts', memoryMb: 256, timeoutSeconds: 120 },
  /**
   * The daily digest, every 15 minutes (functions/lambda/digest.ts): a few reads and one mail per player who
   * chose it, 16 workers side by side; a run uses up to 14 of Lambda's 15 minutes (≈ 336,000 mails at 400/s).
   */
  digest: { entry: 'functions/lambda/digest.ts', memoryMb: 256, timeoutSeconds: 900 },
  /**
   * Computer players' moves, from their queue (fed by the stream reader, and by their own delayed messages
   * for a snap's human-like moment). Memory buys CPU (a full vCPU only at 1,769 MB): at
   * 1,024 MB a strong move of 100 ms CPU (p99 250 ms: the strong level's think-time budget) takes about
   * 170 ms (p99 430 ms), far inside the 2 s a bot may think (BOT_TIME_LIMIT_MS) and the 1–2 s a turn
   * should take to land; 512 MB would make that p99 about 860 ms. More than 1,769 MB buys nothing (the
   * search uses one thread). A reaction's wait (1.5–3 s before a snap) is a delayed message, not billed time.
   * 45 s covers a run (functions/bots/runner.ts RUN_LIMITS: 30 s) and its last move; the queue's visibility
   * timeout is longer (infra/constructs/bots.ts).
   */
  bots: { entry: 'functions/lambda/bots.ts', memoryMb: 1024, timeoutSeconds: 45 },
  /** The live channel's WebSocket routes ($connect, $default, $disconnect): a head read and a write or two. */
  liveSocket: { entry: 'functions/lambda/live-socket.ts', memoryMb: 256, timeoutSeconds: 10 },
  /** The live channel's pokes, from their queue: one Query and a PostToConnection per subscriber. */
  livePoke: { entry: 'functions/lambda/live-poke.ts', memoryMb: 256, timeoutSeconds: 20 },
} as const;

export type FunctionName = keyof typeof FUNCTIONS;
export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];

/**
 * The functions that speak (functions/i18n.ts: refusals, mails, push texts, the digest). Their words are not
 * in the bundle (BUNDLE.define): each ships a `words/` directory of JSON files beside its entry, one per
 * language and part, read when a message of that part is first needed (`writeWords`).
 */
export const WITH_WORDS: readonly FunctionName[] = ['api', 'dispatcher', 'digest'];

/** Writes the words a function of WITH_WORDS ships into `<dir>/words/` (the directory of its bundle). */
export function writeWords(dir: string): void {
  for (const [file, json] of Object.entries(wordsFiles())) {
    const path = join(dir, 'words', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, json);
  }
}

/** The Lambda runtime's Node major; esbuild targets it. */
export const NODE_MAJOR = 22;

/**
 * ESM bundles may still hold CommonJS packages (web-push in the dispatcher) that call `require` for Node
 * built-ins; esbuild's shim needs a real `require` in scope for that.
 */
export const ESM_REQUIRE_BANNER = "import{createRequire as __cjsRequire}from'node:module';const require=__cjsRequire(import.meta.url);";

/**
 * Left out of every bundle: the AWS SDK v3, which the Node 22 Lambda runtime ships; and nodemailer, the
 * SMTP adapter of self-hosted servers, which the functions never load (they mail through SES; the SMTP
 * adapter imports it on first use, and functions/notify/email.ts refuses SMTP_URL on Lambda).
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*', 'nodemailer'];

/**
 * How every function is bundled: the one place for these settings. infra/constructs/function.ts hands them to
 * NodejsFunction, esbuildOptions below to esbuild directly (the benchmark and the tests).
 */
export const BUNDLE = {
  format: 'esm',
  target: `node${NODE_MAJOR}`,
  mainFields: ['module', 'main'],
  minify: true,
  // The map ships beside the bundle without the `sourceMappingURL` comment, and the functions run without
  // --enable-source-maps: functions/lambda/source-maps.ts reads the map at the first error, not at every cold
  // start (docs/decisions/api-cold-start.md).
  sourcemap: 'external',
  // Maps to file and line without embedding the sources: a third of the size.
  sourcesContent: false,
  external: EXTERNAL_MODULES,
  banner: ESM_REQUIRE_BANNER,
  // functions/i18n.ts reads its words, compiled, from the files beside the bundle (WITH_WORDS), so the catalog
  // modules are left out: 240 KB less to load and evaluate at every cold start. As on the page (web/build.ts),
  // lingui runs in production mode: it takes compiled messages only, so its ICU parser is left out too (its
  // only use of NODE_ENV in any bundle).
  define: { 'process.env.DUTCH_WORDS': '"files"', 'process.env.NODE_ENV': '"production"' },
} as const;

/** esbuild options equal to what NodejsFunction runs for the stack (see infra/constructs/function.ts). */
export function esbuildOptions(entry: string, outfile: string) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node' as const,
    format: BUNDLE.format,
    target: BUNDLE.target,
    mainFields: [...BUNDLE.mainFields],
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    external: [...BUNDLE.external],
    banner: { js: BUNDLE.banner },
    define: { ...BUNDLE.define },
    logLevel: 'warning' as const,
  };
}

/**
 * The stream records the dispatcher acts on (functions/storage/stream-records.ts `outboxOfRecord`), as event
 * filter patterns (any one matches): outbox rows inserted or rewritten, and log items carrying the
 * notifications of their change while those are undelivered (`dueAt` set). Part of the one stream
 * reader's filter (STREAM_FILTERS), whose records of this kind go to the dispatcher's queue.
 */
export const DISPATCH_FILTERS = [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: ['intent'] } } } },
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: ['log'] }, dueAt: { N: [{ exists: true }] } } } },
] as const;

/**
 * The stream records that may need a computer player to move (PLATFORM.md; functions/storage/stream-records.ts
 * reads them as changes with `wakesBots`): match items written with the
 * `botSeats` attribute, which functions/storage/dynamo.ts sets only on an active match with at least one
 * bot seat, and only by a write that changes its game or who plays a seat (matches/bot-seats.ts
 * `wakesBots`): chat messages, nudges, new links, pauses and the sweep's updates never reach the bots. Keys as
 * functions/storage/table.ts makes them (pk `M#<id>`, sk `MATCH`). No longer an event source's filter: the one
 * stream reader sends to the bots' queue exactly the records this pattern passes (functions/fan-out.ts via
 * `botMatchOf`; tests/platform/bots-wake.test.ts and tests/infra/bots.test.ts hold the two to each other).
 */
const MATCH_KEY = keys.match('');
export const BOT_FILTERS = [
  {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: {
      Keys: { pk: { S: [{ prefix: MATCH_KEY.pk }] }, sk: { S: [MATCH_KEY.sk] } },
      NewImage: { botSeats: { N: [{ exists: true }] } },
    },
  },
] as const;

/**
 * The only DynamoDB actions the bot function gets, on the table alone (not its indexes): the bot path
 * reads the match and its log (functions/storage/dynamo.ts `get`, `head`, `logAt`: GetItem; `log`:
 * Query on the table's own key) and commits a move as one TransactWriteItems of conditional Puts (the
 * match, its log record carrying the notifications): IAM checks a transaction's Put as PutItem.
 * No UpdateItem, DeleteItem, BatchWriteItem or ConditionCheckItem: those are the sweep's and the
 * dispatcher's. tests/infra/bots.test.ts records the calls that path makes against DynamoDB Local.
 */
export const BOT_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem'] as const;

/**
 * The only DynamoDB actions the digest function gets, on the table alone (it reads no index): GetItem (the
 * player, the match, the address's suppression, the day's marker after a lost claim), Query (the digest's
 * list, a player's claimed seats), PutItem (the day's claim, the unsubscribe link's hash), UpdateItem
 * (the day marked sent, an address suppressed after a bounce), DeleteItem (a claim given back, a player
 * taken off the list). No BatchWriteItem, no transactions.
 */
export const DIGEST_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
] as const;

/**
 * The stream records that poke the live channel's subscribers (functions/storage/stream-records.ts `changeOf`, read by
 * functions/live/records.ts `pokeOf`): match
 * items written; part of the one stream reader's filter (STREAM_FILTERS), whose match changes go to the pokes' queue.
 * With a NEW_IMAGE stream an unchanged version (a sweep's cursor) cannot be told apart here; such a poke
 * repeats a version the pages already show, and they ignore it.
 */
export const LIVE_FILTERS = [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: MATCH_KEY.pk }] }, sk: { S: [MATCH_KEY.sk] } } } },
] as const;

/**
 * The one stream reader's filter (infra/constructs/stream.ts): what any consumer may want, so that nothing
 * else costs an invocation. The dispatcher's records and the live channel's (all match items, of which the
 * bots' are a part: the reader sends a match item to the bots' queue only when it wakes them,
 * functions/fan-out.ts). Three patterns, within the event source mapping's five.
 */
export const STREAM_FILTERS = [...DISPATCH_FILTERS, ...LIVE_FILTERS] as const;

/**
 * The live functions' DynamoDB actions, on the table alone: GetItem (the match's head, to check a
 * subscription's token), Query (a match's subscribers), PutItem (a subscription), UpdateItem (the
 * connection's list of matches, with the cap), DeleteItem and BatchWriteItem (a connection forgotten).
 */
export const LIVE_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;
