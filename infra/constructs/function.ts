/**
 * The defaults every function of the stack shares, held by one construct as the Powertools example app's
 * FunctionWithLogGroup holds them: Node 22 pinned, arm64, JSON logs into a log group of its own with a
 * retention period, a role of its own that may write only there, a source map beside each bundle, and the
 * bundling settings of infra/functions.ts BUNDLE. `bindTable` is the one way a function gets at the table.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLE, FUNCTIONS, type FunctionName, WITH_WORDS, writeWords } from '../functions.js';

/** CloudWatch Logs retention for every function and the API access log. */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/** Every DynamoDB action the functions may use on the table: items only, never Scan or table admin. */
export const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
] as const;

/** A table with the names of its indexes, as `bindTable` grants it (infra/constructs/data.ts). */
export interface BindableTable {
  readonly table: dynamodb.ITable;
  readonly indexNames: readonly string[];
}

/** Which item actions `bindTable` grants, and whether on the indexes too. */
export interface TableAccess {
  readonly actions: readonly string[];
  readonly indexes: boolean;
}

export interface DutchFunctionProps {
  /** Which of infra/functions.ts FUNCTIONS: its entry, memory and timeout. */
  name: FunctionName;
  /** Absent: none (the function draws from the account's unreserved pool). */
  reservedConcurrency?: number;
  environment?: Record<string, string>;
}

/** esbuild's `sourcemap` values as NodejsFunction names them. */
const SOURCE_MAP_MODES = {
  linked: nodejs.SourceMapMode.DEFAULT,
  external: nodejs.SourceMapMode.EXTERNAL,
  inline: nodejs.SourceMapMode.INLINE,
  both: nodejs.SourceMapMode.BOTH,
} as const;

const NO_HOOKS = { beforeBundling: () => [], beforeInstall: () => [] };

/** The words files, written once per synthesis into a directory of their own, then copied into each bundle that ships them. */
let wordsDir: string | undefined;
function copyWords(_inputDir: string, outputDir: string): string[] {
  if (!wordsDir) {
    wordsDir = mkdtempSync(join(tmpdir(), 'dutch-words-'));
    writeWords(wordsDir);
  }
  return [`cp -R "${join(wordsDir, 'words')}" "${outputDir}/words"`];
}

export class DutchFunction extends nodejs.NodejsFunction {
  /**
   * The log group and the role go into `scope` beside the function (as in the Powertools example), not
   * inside it, and the function's id is `<Name>Function`: the logical ids of the one-constructor stack.
   */
  constructor(scope: Construct, { name, reservedConcurrency, environment = {} }: DutchFunctionProps) {
    const spec = FUNCTIONS[name];
    const id = name.charAt(0).toUpperCase() + name.slice(1);
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: LOG_RETENTION,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${name} function`,
    });
    logGroup.grantWrite(role);
    super(scope, `${id}Function`, {
      entry: resolve(spec.entry),
      handler: 'handler',
      projectRoot: resolve('.'),
      depsLockFilePath: resolve('package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
      reservedConcurrentExecutions: reservedConcurrency,
      logGroup,
      role,
      loggingFormat: lambda.LoggingFormat.JSON,
      // No NODE_OPTIONS: stack traces in the logs point into the TypeScript sources all the same, through the map
      // beside the bundle, read at the first error (functions/lambda/source-maps.ts), not at every cold start.
      environment,
      bundling: {
        forceDockerBundling: false,
        format: BUNDLE.format === 'esm' ? nodejs.OutputFormat.ESM : nodejs.OutputFormat.CJS,
        target: BUNDLE.target,
        mainFields: [...BUNDLE.mainFields],
        minify: BUNDLE.minify,
        sourceMap: true,
        sourceMapMode: SOURCE_MAP_MODES[BUNDLE.sourcemap],
        sourcesContent: BUNDLE.sourcesContent,
        externalModules: [...BUNDLE.external],
        banner: BUNDLE.banner,
        define: { ...BUNDLE.define },
        logLevel: nodejs.LogLevel.WARNING,
        // The words of a function that speaks go beside its bundle as JSON files (infra/functions.ts WITH_WORDS).
        ...(WITH_WORDS.includes(name) ? { commandHooks: { ...NO_HOOKS, afterBundling: copyWords } } : {}),
      },
    });
  }

  /**
   * Least privilege on the table: the item actions above on the table and its indexes, nothing else; or
   * fewer, as `access` names them (`indexes: false`: the table alone, for a function that never queries one).
   */
  bindTable({ table, indexNames }: BindableTable, access: TableAccess = { actions: TABLE_ACTIONS, indexes: true }): void {
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...access.actions],
        resources: [table.tableArn, ...(access.indexes ? indexNames.map((n) => `${table.tableArn}/index/${n}`) : [])],
      }),
    );
    this.addEnvironment('TABLE_NAME', table.tableName);
  }
}
