/**
 * The Lambda functions the stack deploys: entries, sizes, how each is bundled, what feeds the dispatcher.
 * Plain data with no aws-cdk-lib import, so the benchmark (scripts/bench/infra.ts) and the handler tests
 * use exactly what the stack ships without paying for loading the CDK.
 */

export const FUNCTIONS = {
  /** The hono app behind the HTTP API (hono/aws-lambda). */
  api: { entry: 'functions/lambda/api.ts', memoryMb: 512, timeoutSeconds: 10 },
  /** Drains notification intents from the table's stream. */
  dispatcher: { entry: 'functions/lambda/stream.ts', memoryMb: 256, timeoutSeconds: 60 },
  /** Reminders and turn deadlines, on a schedule. */
  sweep: { entry: 'functions/lambda/schedule.ts', memoryMb: 256, timeoutSeconds: 120 },
} as const;

export type FunctionName = keyof typeof FUNCTIONS;
export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];

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
  sourcemap: true,
  // Maps to file and line without embedding the sources: a third of the size, less to load with
  // --enable-source-maps at a cold start.
  sourcesContent: false,
  external: EXTERNAL_MODULES,
  banner: ESM_REQUIRE_BANNER,
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
    logLevel: 'warning' as const,
  };
}

/**
 * The stream records the dispatcher acts on (functions/storage/stream-records.ts `outboxOfRecord`), as event
 * filter patterns (any one matches): outbox rows inserted or rewritten, and log items carrying the
 * notifications of their change while those are undelivered (`dueAt` set). Everything else (match
 * writes, plain log records, the dispatcher's own dedupe records and deletions) is dropped by the event
 * source mapping before it costs an invocation.
 */
export const DISPATCH_FILTERS = [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: ['intent'] } } } },
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { type: { S: ['log'] }, dueAt: { N: [{ exists: true }] } } } },
] as const;
