/**
 * `npm run moderate -- <command>`: the operator's moderation (scripts/moderate-commands.ts has the commands).
 * Where the table is:
 *   (default, --local)  DYNAMODB_ENDPOINT if set (a running `npm start` prints it), else DynamoDB Local started
 *                       here over DATA_DIR's data (default .data/; stop `npm start` first: one process per folder)
 *   --aws --table <name>  the AWS table, with the usual AWS credentials and region (AWS_PROFILE, AWS_REGION…)
 */
import { join } from 'node:path';
import { DEFAULT_TABLE } from '../functions/deps.js';
import { type DynamoLocal, ensureTable, localClient, startDynamoLocal } from '../functions/local/dynamo-local.js';
import { dynamoClientFromEnv } from '../functions/storage/dynamo.js';
import { DynamoProfileStore } from '../functions/storage/profiles-dynamo.js';
import { DynamoSafetyStore } from '../functions/storage/safety-dynamo.js';
import { moderate, parseArgs, USAGE } from './moderate-commands.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const argv = process.argv.slice(2);
const { words, flags } = parseArgs(argv);
if (words.length === 0) {
  console.log(USAGE);
  process.exit(0);
}

let local: DynamoLocal | undefined;
const env = { ...process.env };
let tableName = flags.get('table') ?? env.TABLE_NAME ?? DEFAULT_TABLE;
if (flags.has('aws')) {
  if (!flags.get('table')) {
    console.error('--aws needs --table <the stack’s table name> (its output TableName).');
    process.exit(2);
  }
  delete env.DYNAMODB_ENDPOINT;
} else {
  if (!env.DYNAMODB_ENDPOINT) {
    local = await startDynamoLocal({ dataDir: join(env.DATA_DIR ?? '.data', 'dynamodb') });
    env.DYNAMODB_ENDPOINT = local.endpoint;
  }
  const raw = localClient(env.DYNAMODB_ENDPOINT!);
  await ensureTable(raw, tableName);
  raw.destroy();
  tableName = flags.get('table') ?? tableName;
}

const db = dynamoClientFromEnv(env);
try {
  console.log(
    await moderate(
      { safety: new DynamoSafetyStore(db, tableName), profiles: new DynamoProfileStore(db, tableName), clock: Date.now },
      argv,
    ),
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  db.destroy();
  await local?.stop();
}
