/**
 * The CDK stack, synthesized offline: template assertions for every resource and property issue 6 names,
 * cdk-nag's AwsSolutions checks, the CloudFront Functions run as deployed, and the API bundle the stack
 * ships, imported and called. All template assertions live in this one file (loading aws-cdk-lib is slow).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../functions/http/security-headers.js';
import { TABLE } from '../../functions/storage/table.js';
import { LIVE_PATH } from '../../functions/live/protocol.js';
import {
  BOT_FILTERS,
  BOT_TABLE_ACTIONS,
  DIGEST_TABLE_ACTIONS,
  DISPATCH_FILTERS,
  FUNCTION_NAMES,
  FUNCTIONS,
  LIVE_FILTERS,
  LIVE_TABLE_ACTIONS,
  WITH_WORDS,
  esbuildOptions,
} from '../../infra/functions.js';
import { wordsFiles } from '../../functions/i18n.js';
import { en } from '#shared/i18n/en.js';
import { errorsEn } from '#shared/i18n/errors/en.js';
import { en as auctionEn } from '#shared/i18n/games/dutch-auction/en.js';
import { mailEn } from '#shared/i18n/mail/en.js';
import { FORWARD_HOST_CODE, ROBOTS_TXT, SPA_REWRITE_CODE } from '../../infra/edge.js';
import {
  API_RESERVED_CONCURRENCY,
  API_THROTTLE,
  BOT_BATCH_SIZE,
  BOT_RETRY_ATTEMPTS,
  BOTS_RESERVED_CONCURRENCY,
  composeStacks,
  DutchStack,
  EDGE_RATE_LIMITS,
  EDGE_WINDOW_SECONDS,
  HASHED_GLOBS,
  LIVE_POKE_BATCH_SIZE,
  LIVE_STAGE,
  LIVE_THROTTLE,
  LIVE_CONNECT_THROTTLE,
  STREAM_RETRY_ATTEMPTS,
  TABLE_ACTIONS,
  responseHeaders,
} from '../../infra/stack.js';
import type { Json } from '../support/api.js';

const isLive = (name: string) => name === 'liveSocket' || name === 'livePoke';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const WEB_ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/DutchEdge/11111111-2222-3333-4444-555555555555';

/** A built site as web/build.ts makes it: a page, hashed bundles (one in chunks/), a source map. */
function fixtureSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dutch-site-'));
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Dutch</title><script type="module" src="/main.ABCD1234.js"></script>');
  writeFileSync(join(dir, 'main.ABCD1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'main.ABCD1234.js.map'), '{}');
  writeFileSync(join(dir, 'main.WXYZ9876.css'), 'body{}');
  writeFileSync(join(dir, 'chunks', 'rules.QWER5678.js'), 'export{}');
  return dir;
}

function newApp(): App {
  const context = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: Record<string, unknown> }).context;
  return new App({ context, outdir: mkdtempSync(join(tmpdir(), 'dutch-cdk-')) });
}

let app: App;
let stack: DutchStack;
let t: Template;
let domainStack: DutchStack;
let dt: Template;

beforeAll(() => {
  const site = fixtureSite();
  // Both stacks in one app: the app is synthesized (and its assets staged) once.
  app = newApp();
  stack = new DutchStack(app, 'Dutch', { webDist: site, env: { region: 'eu-west-1' }, webAclArn: WEB_ACL });
  domainStack = new DutchStack(app, 'DutchDomain', {
    webDist: site,
    env: { region: 'eu-west-1' },
    domainName: 'play.dutch.example',
    certificateArn: CERT,
    alarmEmail: 'ops@dutch.example',
  });
  t = Template.fromStack(stack);
  dt = Template.fromStack(domainStack);
});

const ref = (s: Stack, c: IConstruct) => ({ Ref: s.getLogicalId(c.node.defaultChild as never) });
const arnOf = (s: Stack, c: IConstruct, attr = 'Arn') => ({ 'Fn::GetAtt': [s.getLogicalId(c.node.defaultChild as never), attr] });
const only = (tpl: Template, type: string): [string, Json] => {
  const all = Object.entries(tpl.findResources(type));
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
/** The HTTP API, or one of its resources of `type` (the live channel's WebSocket API is tests/infra/live.test.ts's). */
const onlyHttp = (tpl: Template, type: string): [string, Json] => {
  const apis = Object.entries(tpl.findResources('AWS::ApiGatewayV2::Api')).filter(([, r]) => r.Properties.ProtocolType === 'HTTP');
  expect(apis).toHaveLength(1);
  if (type === 'AWS::ApiGatewayV2::Api') return apis[0]!;
  const all = Object.entries(tpl.findResources(type)).filter(([, r]) => r.Properties.ApiId?.Ref === apis[0]![0]);
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
/** The one stream mapping that feeds `fn`. */
const mappingOf = (fn: IConstruct): Json => {
  const all = Object.values(t.findResources('AWS::Lambda::EventSourceMapping')).filter(
    (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify(ref(stack, fn)),
  );
  expect(all, fn.node.id).toHaveLength(1);
  return all[0]!.Properties;
};

describe('DynamoDB table', () => {
  it('is the single-table design of functions/storage/table.ts: on demand, PITR, TTL, NEW_IMAGE stream, its indexes', () => {
    const [, table] = only(t, 'AWS::DynamoDB::Table');
    const p = table.Properties;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
    expect(p.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(p.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    const indexes = (TABLE as { indexes?: readonly Json[] }).indexes ?? [];
    expect((p.GlobalSecondaryIndexes ?? []).map((g: Json) => g.IndexName).sort()).toEqual(indexes.map((i) => i.name).sort());
    for (const i of indexes) {
      const g = p.GlobalSecondaryIndexes.find((x: Json) => x.IndexName === i.name);
      const key = (k: Json) => (typeof k === 'string' ? k : k.name);
      expect(g.KeySchema).toEqual([
        { AttributeName: key(i.partitionKey), KeyType: 'HASH' },
        ...(i.sortKey ? [{ AttributeName: key(i.sortKey), KeyType: 'RANGE' }] : []),
      ]);
      expect(g.Projection.ProjectionType).toBe(i.projection ?? 'ALL');
      for (const k of [i.partitionKey, i.sortKey].filter(Boolean)) {
        const type = typeof k === 'string' ? 'S' : (k.type ?? 'S');
        expect(p.AttributeDefinitions).toContainEqual({ AttributeName: key(k), AttributeType: type });
      }
    }
  });
});

describe('Lambda functions', () => {
  it('are Node 22 on arm64, their own log group with retention, and TABLE_NAME', () => {
    const fns = t.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } });
    expect(Object.keys(fns)).toHaveLength(FUNCTION_NAMES.length);
    const groups = t.findResources('AWS::Logs::LogGroup');
    for (const name of FUNCTION_NAMES) {
      const spec = FUNCTIONS[name];
      const fn = stack.functions[name];
      const p = fns[stack.getLogicalId(fn.node.defaultChild as never)]!.Properties;
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      expect(p.MemorySize).toBe(spec.memoryMb);
      expect(p.Timeout).toBe(spec.timeoutSeconds);
      expect(p.Environment.Variables.TABLE_NAME).toEqual(ref(stack, stack.table));
      // Node's own source maps would parse the map at every cold start; functions/lambda/source-maps.ts maps at the first error.
      expect(p.Environment.Variables.NODE_OPTIONS ?? '', name).not.toMatch(/source-maps/);
      expect(p.ReservedConcurrentExecutions).toBeGreaterThan(0);
      const group = groups[p.LoggingConfig.LogGroup.Ref];
      expect(group?.Properties.RetentionInDays, `${name} log group`).toBe(30);
    }
  });

  it("the API answers well inside API Gateway's 30 s and is capped by reserved concurrency", () => {
    const p = t.toJSON().Resources[stack.getLogicalId(stack.functions.api.node.defaultChild as never)].Properties;
    expect(p.Timeout).toBeLessThanOrEqual(10);
    expect(p.ReservedConcurrentExecutions).toBe(API_RESERVED_CONCURRENCY);
  });

  it('every log group in the stack (functions, API access log, site deployment) has a retention period', () => {
    const groups = t.findResources('AWS::Logs::LogGroup');
    // One per function, the API's and the live channel's access logs and the site deployment's.
    expect(Object.keys(groups)).toHaveLength(FUNCTION_NAMES.length + 3);
    for (const g of Object.values(groups)) expect(g.Properties.RetentionInDays).toBe(30);
    // Every function in the stack, the CDK's own deployment handler included, logs into one of them.
    for (const fn of Object.values(t.findResources('AWS::Lambda::Function'))) {
      expect(groups[fn.Properties.LoggingConfig?.LogGroup?.Ref], JSON.stringify(fn.Properties.LoggingConfig)).toBeDefined();
    }
  });

  it('bundles are minified ESM with their source map beside them (no comment pointing to it) and the AWS SDK left external', () => {
    for (const name of FUNCTION_NAMES) {
      const dir = bundleDir(name);
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(existsSync(join(dir, 'index.mjs.map'))).toBe(true);
      // File and line only: the sources themselves are not shipped inside the map.
      const map = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[]; sourcesContent?: unknown[] };
      expect(
        map.sources.some((f) => f.endsWith(FUNCTIONS[name].entry)),
        name,
      ).toBe(true);
      expect(map.sourcesContent ?? []).toEqual([]);
      // Shipped, but not named in the bundle: Node loads it only when asked (tests/infra/source-maps.test.ts).
      expect(code, name).not.toMatch(/sourceMappingURL/);
      // Minified: long lines, no indentation.
      expect(code.length / code.split('\n').length, name).toBeGreaterThan(1000);
      expect(/export\s*\{[^}]*\bhandler\b/.test(code), name).toBe(true);
      // The SDK is imported at run time (the Lambda runtime ships it), never bundled.
      expect(/class DynamoDBClient\b/.test(code), name).toBe(false);
      expect(/from\s*"@aws-sdk\/(client-dynamodb|lib-dynamodb)"/.test(code), name).toBe(true);
      // nodemailer (SMTP, for self-hosting) is not shipped; at most a lazy import the functions never reach.
      expect(code, name).not.toMatch(/MAIL FROM|EHLO/);
      expect(/from\s*"nodemailer"|import\s*"nodemailer"/.test(code), name).toBe(false);
    }
  });

  it('the functions that speak ship their words beside the bundle as JSON, and no bundle holds a catalog or the ICU parser', () => {
    const files = wordsFiles();
    for (const name of FUNCTION_NAMES) {
      const dir = bundleDir(name);
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      // A site word, a refusal, a mail's and a game's log line: none is in any bundle.
      for (const word of [
        en['site.next.none'],
        errorsEn['error.internal'],
        mailEn['mail.your-move.subject'],
        auctionEn['game.dutch-auction.log.drew'],
      ])
        expect(code.includes(word), `${name}: ${word}`).toBe(false);
      // The ICU parser's lexer (@messageformat/parser): the files hold compiled messages.
      expect(/Pat_Syn/.test(code), name).toBe(false);
      expect(existsSync(join(dir, 'words')), name).toBe(WITH_WORDS.includes(name));
      if (!WITH_WORDS.includes(name)) continue;
      for (const [file, json] of Object.entries(files))
        expect(readFileSync(join(dir, 'words', file), 'utf8'), `${name}: ${file}`).toBe(json);
    }
  });

  it('the API bundle leaves out what it never uses: web push sending, and SES until the first mail', () => {
    const code = readFileSync(join(bundleDir('api'), 'index.mjs'), 'utf8');
    // web-push's own code (VAPID JWT signing, RFC 8291 encryption) is not in the API; the dispatcher has it.
    expect(code).not.toMatch(/aes128gcm/);
    expect(readFileSync(join(bundleDir('dispatcher'), 'index.mjs'), 'utf8')).toMatch(/aes128gcm/);
    // The SES client is imported only when a mail goes out, not at start.
    expect(code).not.toMatch(/from\s*"@aws-sdk\/client-sesv2"/);
    expect(code).toMatch(/import\("@aws-sdk\/client-sesv2"\)/);
  });

  it('the shipped API bundle itself answers an HTTP API v2 event', async () => {
    // Copied into the repository so its external @aws-sdk imports resolve from node_modules, as they
    // resolve from the runtime on Lambda.
    const dir = resolve('node_modules/.cache/infra-test', stack.stackName);
    mkdirSync(dir, { recursive: true });
    cpSync(bundleDir('api'), dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    process.env.TABLE_NAME ??= 'not-used';
    const mod = (await import(/* @vite-ignore */ `${join(dir, 'index.mjs')}?t=${Date.now()}`)) as { handler: (e: Json) => Promise<Json> };
    const res = await mod.handler({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/api/games',
      rawQueryString: '',
      headers: { host: 'x.execute-api.eu-west-1.amazonaws.com', 'x-forwarded-host': 'dutch.example' },
      requestContext: {
        domainName: 'x.execute-api.eu-west-1.amazonaws.com',
        http: { method: 'GET', path: '/api/games', protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 't' },
        requestId: 'r',
        routeKey: '$default',
        stage: '$default',
        timeEpoch: Date.now(),
      },
      isBase64Encoded: false,
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).games.length).toBeGreaterThan(0);
  });
});

function bundleDir(name: keyof typeof FUNCTIONS): string {
  const asset = stack.functions[name].node.findChild('Code') as Asset;
  return join(app.outdir, asset.assetPath);
}

describe('least privilege', () => {
  const policiesOf = (name: keyof typeof FUNCTIONS): Json[] => {
    const roleId = stack.getLogicalId(stack.functions[name].role!.node.defaultChild as never);
    return Object.values(t.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
  };

  it('each function has its own role, no managed policies, logs only to its own group, table items only', () => {
    const tableArn = arnOf(stack, stack.table);
    for (const name of FUNCTION_NAMES) {
      const role = t.toJSON().Resources[stack.getLogicalId(stack.functions[name].role!.node.defaultChild as never)];
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      const statements = policiesOf(name);
      for (const s of statements) {
        const actions: string[] = [s.Action].flat();
        expect(
          actions.some((a) => a === '*' || a.endsWith(':*')),
          JSON.stringify(s),
        ).toBe(false);
        if (s.Resource === '*')
          expect(actions, `${name}: only ListStreams lacks resource-level permissions`).toEqual(['dynamodb:ListStreams']);
      }
      const dynamo = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')) && s.Resource !== '*');
      const itemStatements = dynamo.filter((s) => ![s.Action].flat().some((a: string) => /Stream|GetRecords|GetShardIterator/.test(a)));
      expect(itemStatements).toHaveLength(1);
      // The bot players and the digest get fewer actions, on the table alone (their own tests below).
      const granted =
        name === 'bots' ? BOT_TABLE_ACTIONS : name === 'digest' ? DIGEST_TABLE_ACTIONS : isLive(name) ? LIVE_TABLE_ACTIONS : TABLE_ACTIONS;
      expect([itemStatements[0].Action].flat().sort()).toEqual([...granted].sort());
      expect([itemStatements[0].Action].flat()).not.toContain('dynamodb:Scan');
      const resources = [itemStatements[0].Resource].flat();
      expect(resources[0]).toEqual(tableArn);
      const indexes =
        name === 'bots' || name === 'digest' || isLive(name) ? [] : ((TABLE as { indexes?: readonly { name: string }[] }).indexes ?? []);
      expect(resources.slice(1)).toEqual(indexes.map((i) => ({ 'Fn::Join': ['', [tableArn, `/index/${i.name}`]] })));
      const logs = statements.filter((s) => [s.Action].flat().some((a: string) => a.startsWith('logs:')));
      expect(logs).toHaveLength(1);
      const logGroupId =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.LoggingConfig.LogGroup.Ref;
      expect(logs[0].Resource).toEqual({ 'Fn::GetAtt': [logGroupId, 'Arn'] });
    }
  });

  it("grants every AWS call the code in each bundle makes (read from the bundle's own esbuild metafile)", async () => {
    const ACTIONS: Record<string, string[]> = {
      GetCommand: ['dynamodb:GetItem'],
      GetItemCommand: ['dynamodb:GetItem'],
      PutCommand: ['dynamodb:PutItem'],
      PutItemCommand: ['dynamodb:PutItem'],
      UpdateCommand: ['dynamodb:UpdateItem'],
      UpdateItemCommand: ['dynamodb:UpdateItem'],
      DeleteCommand: ['dynamodb:DeleteItem'],
      DeleteItemCommand: ['dynamodb:DeleteItem'],
      QueryCommand: ['dynamodb:Query'],
      BatchGetCommand: ['dynamodb:BatchGetItem'],
      BatchGetItemCommand: ['dynamodb:BatchGetItem'],
      BatchWriteCommand: ['dynamodb:BatchWriteItem'],
      BatchWriteItemCommand: ['dynamodb:BatchWriteItem'],
      TransactWriteCommand: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
      TransactWriteItemsCommand: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
      TransactGetCommand: ['dynamodb:GetItem'],
      TransactGetItemsCommand: ['dynamodb:GetItem'],
      SendEmailCommand: ['ses:SendEmail'],
      GetSecretValueCommand: ['secretsmanager:GetSecretValue'],
      PostToConnectionCommand: ['execute-api:ManageConnections'],
      DeleteConnectionCommand: ['execute-api:ManageConnections'],
    };
    const SDK_CALL = /\b([A-Z][A-Za-z]+Command)\b/g;
    for (const name of FUNCTION_NAMES) {
      const out = await build({
        ...esbuildOptions(FUNCTIONS[name].entry, join(tmpdir(), `meta-${name}.mjs`)),
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const sources = Object.keys(out.metafile.inputs).filter((f) => !f.includes('node_modules'));
      expect(sources).toContain(FUNCTIONS[name].entry);
      const commands = new Set<string>();
      for (const f of sources) {
        const text = readFileSync(f, 'utf8');
        if (!/from\s*'@aws-sdk\/client-|import\('@aws-sdk\/client-|from\s*'@aws-sdk\/lib-dynamodb'/.test(text)) continue;
        for (const m of text.matchAll(SDK_CALL)) commands.add(m[1]!);
      }
      const granted = new Set(policiesOf(name).flatMap((st) => [st.Action].flat()));
      const env =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.Environment.Variables;
      // Mail and push are switched on by their settings (functions/deps.ts): a function that has the
      // setting must have the permission, and one without the setting gets neither.
      const configured: Record<string, boolean> = {
        'ses:SendEmail': 'EMAIL_FROM' in env,
        'secretsmanager:GetSecretValue': 'VAPID_SECRET_ID' in env || 'SEAT_KEY_SECRET_ID' in env,
      };
      for (const c of commands) {
        expect(ACTIONS[c], `${name}: ${c} is called but has no IAM mapping in this test`).toBeDefined();
        for (const a of ACTIONS[c]!) {
          // The bot bundle holds the whole match store, of which the bot path uses a few calls: its
          // DynamoDB actions are checked against the calls that path makes (tests/infra/bots.test.ts).
          // Likewise the digest's bundle holds whole stores; its path is recorded in tests/infra/digest.test.ts.
          // The live functions' bundles hold the match store for its head read; their path is the connection
          // store's calls (tests/platform/live-dynamo.test.ts) and GetItem, LIVE_TABLE_ACTIONS.
          if ((name === 'bots' || name === 'digest' || isLive(name)) && a.startsWith('dynamodb:')) continue;
          expect(granted.has(a), `${name}: ${a} for ${c}`).toBe(configured[a] ?? true);
        }
      }
      for (const [a, on] of Object.entries(configured)) if (!on) expect(granted.has(a), `${name} has ${a} without its setting`).toBe(false);
      if (name === 'api') expect([...commands]).toEqual(expect.arrayContaining(['GetCommand', 'TransactWriteCommand']));
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)).split('\\').join('/'))
    .filter((f) => statSync(f).isFile());
}

describe('HTTP API', () => {
  it('sends every request to the API function (payload v2) on a $default stage with throttling and access logs', () => {
    const [apiId, api] = onlyHttp(t, 'AWS::ApiGatewayV2::Api');
    expect(api.Properties.ProtocolType).toBe('HTTP');
    expect(api.Properties.CorsConfiguration).toBeUndefined();
    const [integrationId] = onlyHttp(t, 'AWS::ApiGatewayV2::Integration');
    t.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: apiId },
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: arnOf(stack, stack.functions.api),
    });
    t.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      ApiId: { Ref: apiId },
      RouteKey: '$default',
      Target: { 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] },
    });
    const [, stage] = onlyHttp(t, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AutoDeploy).toBe(true);
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: API_THROTTLE.rateLimit,
      ThrottlingBurstLimit: API_THROTTLE.burstLimit,
    });
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(Object.values(format)).toContain('$context.requestId');
    // No viewer IPs or headers in the access log.
    expect(JSON.stringify(format)).not.toMatch(/sourceIp|header/i);
    const logGroupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(t.toJSON().Resources[logGroupId].Properties.RetentionInDays).toBe(30);
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
      FunctionName: arnOf(stack, stack.functions.api),
    });
  });
});

describe('dispatcher on the table stream', () => {
  it('has bounded retries, bisect on error, partial batch failures and an SQS on-failure destination', () => {
    const p = mappingOf(stack.functions.dispatcher);
    expect(p.EventSourceArn).toEqual(arnOf(stack, stack.table, 'StreamArn'));
    expect(p.MaximumRetryAttempts).toBe(STREAM_RETRY_ATTEMPTS);
    expect(p.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(p.MaximumRecordAgeInSeconds).toBeGreaterThan(0);
    expect(p.BisectBatchOnFunctionError).toBe(true);
    // Matches are handled side by side: a slow delivery in one does not hold up another's.
    expect(p.ParallelizationFactor).toBe(10);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.DestinationConfig).toEqual({ OnFailure: { Destination: arnOf(stack, stack.deadLetters) } });
    // Only outbox rows reach the dispatcher (the filter is checked against the dispatcher's own test of a
    // record in tests/infra/handlers.test.ts).
    expect(p.FilterCriteria.Filters.map((f: Json) => JSON.parse(f.Pattern))).toEqual(DISPATCH_FILTERS);
    const queue = t.toJSON().Resources[stack.getLogicalId(stack.deadLetters.node.defaultChild as never)];
    expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
  });
});

describe('live channel: WebSocket API and pokes from the stream', () => {
  const liveApi = () => {
    const apis = Object.entries(t.findResources('AWS::ApiGatewayV2::Api')).filter(([, r]) => r.Properties.ProtocolType === 'WEBSOCKET');
    expect(apis).toHaveLength(1);
    return apis[0]!;
  };

  it('routes $connect, $default and $disconnect to the socket function, on a throttled stage `live` with an access log', () => {
    const [apiId, api] = liveApi();
    expect(api.Properties.RouteSelectionExpression).toBe('$request.body.action');
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.ApiId.Ref === apiId);
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    const integrations = Object.values(t.findResources('AWS::ApiGatewayV2::Integration')).filter((r) => r.Properties.ApiId.Ref === apiId);
    for (const i of integrations) expect(JSON.stringify(i.Properties.IntegrationUri)).toContain(ref(stack, stack.live.socket).Ref);
    const [, stage] = Object.entries(t.findResources('AWS::ApiGatewayV2::Stage')).find(([, r]) => r.Properties.ApiId.Ref === apiId)!;
    expect(stage.Properties.StageName).toBe(LIVE_STAGE);
    expect(`/${LIVE_STAGE}`).toBe(LIVE_PATH);
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: LIVE_THROTTLE.rateLimit,
      ThrottlingBurstLimit: LIVE_THROTTLE.burstLimit,
    });
    // New sockets are throttled on their own route, below the messages (issue 25).
    expect(stage.Properties.RouteSettings).toEqual({
      $connect: { ThrottlingRateLimit: LIVE_CONNECT_THROTTLE.rateLimit, ThrottlingBurstLimit: LIVE_CONNECT_THROTTLE.burstLimit },
    });
    expect(LIVE_CONNECT_THROTTLE.rateLimit).toBeLessThan(LIVE_THROTTLE.rateLimit);
    const routeIds = Object.entries(t.findResources('AWS::ApiGatewayV2::Route'))
      .filter(([, r]) => r.Properties.ApiId.Ref === apiId)
      .map(([id]) => id);
    expect(stage.DependsOn).toEqual(expect.arrayContaining(routeIds));
    // Message bodies hold tokens: never logged, nor connection ids or addresses.
    expect(stage.Properties.AccessLogSettings.Format).not.toMatch(/body|connectionId|sourceIp|identity/i);
  });

  it('only the live functions may post to connections, and only on this stage', () => {
    const [apiId] = liveApi();
    for (const name of FUNCTION_NAMES) {
      const roleId = stack.getLogicalId(stack.functions[name].role!.node.defaultChild as never);
      const statements = Object.values(t.findResources('AWS::IAM::Policy'))
        .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
      const manage = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('execute-api:')));
      if (!isLive(name)) {
        expect(manage, name).toEqual([]);
        continue;
      }
      expect(manage).toHaveLength(1);
      expect(manage[0].Action).toBe('execute-api:ManageConnections');
      const resource = JSON.stringify(manage[0].Resource);
      expect(resource).toContain(apiId);
      expect(resource).toContain(`/${LIVE_STAGE}/*/@connections/*`);
      const env =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.Environment.Variables;
      expect(JSON.stringify(env.LIVE_ENDPOINT)).toContain(apiId);
    }
    const socketEnv =
      t.toJSON().Resources[stack.getLogicalId(stack.live.socket.node.defaultChild as never)].Properties.Environment.Variables;
    expect(socketEnv.PUBLIC_URL).toBeDefined();
  });

  it('pokes from match items only, from now on, with one retry, no record older than a minute, a dead-letter queue and alarms', () => {
    const p = mappingOf(stack.live.poke);
    expect(p.EventSourceArn).toEqual(arnOf(stack, stack.table, 'StreamArn'));
    expect(p.StartingPosition).toBe('LATEST');
    expect(p.BatchSize).toBe(LIVE_POKE_BATCH_SIZE);
    expect(p.MaximumRetryAttempts).toBe(1);
    expect(p.MaximumRecordAgeInSeconds).toBe(60);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.DestinationConfig).toEqual({ OnFailure: { Destination: arnOf(stack, stack.live.deadLetters) } });
    expect(p.FilterCriteria.Filters.map((f: Json) => JSON.parse(f.Pattern))).toEqual(LIVE_FILTERS);
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const liveDepth = alarms.find(
      (a) =>
        a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        JSON.stringify(a.Dimensions).includes(stack.getLogicalId(stack.live.deadLetters.node.defaultChild as never)),
    );
    expect(liveDepth).toBeDefined();
    expect(
      alarms.some((a) => a.MetricName === 'IteratorAge' && JSON.stringify(a.Dimensions).includes(ref(stack, stack.live.poke).Ref)),
    ).toBe(true);
  });

  it('CloudFront sends /live of the site to the stage, uncached, with the handshake headers and Origin', () => {
    const [apiId] = liveApi();
    const dist = distributionConfig(t);
    const behaviour = dist.CacheBehaviors.find((b: Json) => b.PathPattern === LIVE_PATH);
    const origin = dist.Origins.find((o: Json) => o.Id === behaviour.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(apiId);
    expect(origin.OriginPath ?? '').toBe('');
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(behaviour.CachePolicyId).toBe(CACHING_DISABLED);
    expect(behaviour.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    expect(behaviour.ViewerProtocolPolicy).toBe('https-only');
  });
});

describe('bot players on the table stream', () => {
  const botsId = () => stack.getLogicalId(stack.functions.bots.node.defaultChild as never);

  it('the bot function runs functions/lambda/bots.ts with CPU for a strong move, TABLE_NAME and nothing to send mail or push with', () => {
    const p = t.toJSON().Resources[botsId()].Properties;
    expect(FUNCTIONS.bots.entry).toBe('functions/lambda/bots.ts');
    expect(p.MemorySize).toBe(FUNCTIONS.bots.memoryMb);
    // At least half a vCPU for a strong move (a full one at 1,769 MB), and no more than one thread can use.
    expect(p.MemorySize).toBeGreaterThanOrEqual(1024);
    expect(p.MemorySize).toBeLessThanOrEqual(1769);
    // Room for a few bot turns of 2 s thinking and 3 s waiting each, within Lambda's 15 minutes.
    expect(p.Timeout).toBeGreaterThanOrEqual(30);
    expect(p.Timeout).toBeLessThanOrEqual(120);
    expect(p.ReservedConcurrentExecutions).toBe(BOTS_RESERVED_CONCURRENCY);
    expect(p.Environment.Variables).toEqual({ TABLE_NAME: ref(stack, stack.table) });
  });

  it('its stream mapping passes only match items with bot seats, reports failed items, bisects, retries a bounded number of times', () => {
    const p = mappingOf(stack.functions.bots);
    expect(p.EventSourceArn).toEqual(arnOf(stack, stack.table, 'StreamArn'));
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.BatchSize).toBe(BOT_BATCH_SIZE);
    // No batching window: a bot's move should land within a second or two of its turn.
    expect(p.MaximumBatchingWindowInSeconds).toBeUndefined();
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(p.MaximumRetryAttempts).toBe(BOT_RETRY_ATTEMPTS);
    expect(p.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(p.MaximumRetryAttempts).toBeLessThanOrEqual(5);
    expect(p.MaximumRecordAgeInSeconds).toBeGreaterThan(0);
    expect(p.ParallelizationFactor).toBe(10);
    // The filter as the contract states it (PLATFORM.md: NewImage.botSeats exists), on the keys of a
    // match item (functions/storage/table.ts keys.match), written out so a change to either shows here.
    const patterns = p.FilterCriteria.Filters.map((f: Json) => JSON.parse(f.Pattern));
    expect(patterns).toEqual(BOT_FILTERS);
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: {
          Keys: { pk: { S: [{ prefix: 'M#' }] }, sk: { S: ['MATCH'] } },
          NewImage: { botSeats: { N: [{ exists: true }] } },
        },
      },
    ]);
  });

  it("what it gives up on goes to a dead-letter queue of its own, not the dispatcher's", () => {
    const p = mappingOf(stack.functions.bots);
    expect(p.DestinationConfig).toEqual({ OnFailure: { Destination: arnOf(stack, stack.botDeadLetters) } });
    expect(stack.botDeadLetters).not.toBe(stack.deadLetters);
    const queue = t.toJSON().Resources[stack.getLogicalId(stack.botDeadLetters.node.defaultChild as never)];
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(Object.keys(t.findResources('AWS::SQS::Queue'))).toHaveLength(3);
    expect(t.toJSON().Outputs.BotDeadLetterQueueUrl.Value).toEqual(ref(stack, stack.botDeadLetters));
  });

  it('its role may do exactly this: read the match and its log, put the move, read the stream, log, dead-letter', () => {
    const roleId = stack.getLogicalId(stack.functions.bots.role!.node.defaultChild as never);
    expect(t.toJSON().Resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(t.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const logGroupId = t.toJSON().Resources[botsId()].Properties.LoggingConfig.LogGroup.Ref;
    const granted = statements.map((s) => ({ effect: s.Effect, actions: [s.Action].flat().sort(), resource: s.Resource }));
    const expected = [
      { effect: 'Allow', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } },
      // The table alone, not its indexes: GetItem (get, head, logAt), Query (the log), PutItem (the move's transaction).
      { effect: 'Allow', actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'], resource: arnOf(stack, stack.table) },
      {
        effect: 'Allow',
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        resource: arnOf(stack, stack.table, 'StreamArn'),
      },
      { effect: 'Allow', actions: ['dynamodb:ListStreams'], resource: '*' },
      {
        effect: 'Allow',
        actions: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
        resource: arnOf(stack, stack.botDeadLetters),
      },
    ];
    const key = (g: Json) => JSON.stringify(g);
    expect(granted.map(key).sort()).toEqual(expected.map(key).sort());
    expect([...BOT_TABLE_ACTIONS].sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']);
    // Nothing of the other functions': no updates, deletes, batch writes, condition checks, indexes, mail, secrets.
    const all = granted.flatMap((g) => g.actions);
    for (const a of [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:Scan',
    ])
      expect(all).not.toContain(a);
    expect(all.some((a) => a.includes('*') || a.startsWith('ses:') || a.startsWith('secretsmanager:'))).toBe(false);
    expect(JSON.stringify(statements)).not.toContain('/index/');
  });
});

describe('alarms', () => {
  const alarms = () => Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);

  it('fire on Lambda errors and throttles of every function, notifying the alarm topic', () => {
    const [topicId] = only(t, 'AWS::SNS::Topic');
    for (const name of FUNCTION_NAMES) {
      for (const metric of ['Errors', 'Throttles']) {
        const a = alarms().find(
          (p) =>
            p.MetricName === metric &&
            p.Namespace === 'AWS/Lambda' &&
            JSON.stringify(p.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: ref(stack, stack.functions[name]) }]),
        );
        expect(a, `${metric} alarm for ${name}`).toBeDefined();
        expect(a.Threshold).toBe(1);
        expect(a.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
        expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
      }
    }
  });

  it('fires when anything waits in the dead-letter queue, and when notifications fall behind', () => {
    const dlq = alarms().find((p) => p.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlq.Namespace).toBe('AWS/SQS');
    expect(dlq.Dimensions).toEqual([{ Name: 'QueueName', Value: arnOf(stack, stack.deadLetters, 'QueueName') }]);
    expect(dlq.Threshold).toBe(1);
    expect(dlq.AlarmActions).toHaveLength(1);
    const age = alarms().find((p) => p.MetricName === 'IteratorAge');
    expect(age.Dimensions).toEqual([{ Name: 'FunctionName', Value: ref(stack, stack.functions.dispatcher) }]);
  });

  it('fire when bot turns wait in their dead-letter queue, when bots fall behind, and when the bot function fails', () => {
    const [topicId] = only(t, 'AWS::SNS::Topic');
    const queueName = (q: IConstruct) => JSON.stringify([{ Name: 'QueueName', Value: arnOf(stack, q, 'QueueName') }]);
    const depth = alarms().filter((p) => p.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(depth.map((p) => JSON.stringify(p.Dimensions)).sort()).toEqual(
      [queueName(stack.deadLetters), queueName(stack.botDeadLetters), queueName(stack.live.deadLetters)].sort(),
    );
    const bots = depth.find((p) => JSON.stringify(p.Dimensions) === queueName(stack.botDeadLetters));
    expect(bots.Namespace).toBe('AWS/SQS');
    expect(bots.Threshold).toBe(1);
    expect(bots.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(bots.AlarmActions).toEqual([{ Ref: topicId }]);
    const behind = alarms().find(
      (p) =>
        p.MetricName === 'IteratorAge' &&
        JSON.stringify(p.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: ref(stack, stack.functions.bots) }]),
    );
    expect(behind.Threshold).toBeLessThanOrEqual(60_000);
    expect(behind.AlarmActions).toEqual([{ Ref: topicId }]);
    const errors = alarms().find(
      (p) =>
        p.MetricName === 'Errors' &&
        JSON.stringify(p.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: ref(stack, stack.functions.bots) }]),
    );
    expect(errors.Threshold).toBe(1);
    expect(errors.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('mail the operator when -c alarmEmail is given', () => {
    dt.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@dutch.example' });
    expect(Object.keys(t.findResources('AWS::SNS::Subscription'))).toHaveLength(0);
  });
});

/** The schedule that invokes `fn`, and the statements of the role it invokes it with. */
function scheduleOf(fn: IConstruct): { schedule: Json; statements: Json[]; role: Json } {
  const all = Object.values(t.findResources('AWS::Scheduler::Schedule')).filter(
    (s) => JSON.stringify(s.Properties.Target.Arn) === JSON.stringify(arnOf(stack, fn)),
  );
  expect(all, fn.node.id).toHaveLength(1);
  const schedule = all[0]!;
  const roleId = schedule.Properties.Target.RoleArn['Fn::GetAtt'][0];
  const statements = Object.values(t.findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
  return { schedule, statements, role: t.toJSON().Resources[roleId] };
}

describe('deadline and reminder sweep', () => {
  it('runs on EventBridge Scheduler every few minutes with a role that may invoke only the sweep', () => {
    expect(Object.keys(t.findResources('AWS::Scheduler::Schedule'))).toHaveLength(2);
    const { schedule, statements, role } = scheduleOf(stack.functions.sweep);
    expect(schedule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(schedule.Properties.State).toBe('ENABLED');
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['lambda:InvokeFunction']);
    const resources = JSON.stringify(statements[0].Resource);
    expect(resources).toContain(stack.getLogicalId(stack.functions.sweep.node.defaultChild as never));
  });
});

describe('daily digest', () => {
  it('runs hourly on EventBridge Scheduler with a role that may invoke only the digest function', () => {
    const { schedule, statements, role } = scheduleOf(stack.functions.digest);
    expect(schedule.Properties.ScheduleExpression).toBe('rate(1 hour)');
    expect(schedule.Properties.State).toBe('ENABLED');
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({
      StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
    });
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['lambda:InvokeFunction']);
    const resources = JSON.stringify(statements.map((s) => s.Resource));
    expect(resources).toContain(stack.getLogicalId(stack.functions.digest.node.defaultChild as never));
    expect(resources).not.toContain(stack.getLogicalId(stack.functions.sweep.node.defaultChild as never));
  });

  it('may send mail and use the table items it names, and nothing else: no push keys, no seat key, no index', () => {
    const env =
      t.toJSON().Resources[stack.getLogicalId(stack.functions.digest.node.defaultChild as never)].Properties.Environment.Variables;
    expect(Object.keys(env).sort()).toEqual(['EMAIL_FROM', 'PUBLIC_URL', 'SES_CONFIGURATION_SET', 'TABLE_NAME']);
    const roleId = stack.getLogicalId(stack.functions.digest.role!.node.defaultChild as never);
    const statements = Object.values(t.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s) => [s.Action].flat()).sort();
    expect(actions).toEqual([...DIGEST_TABLE_ACTIONS, 'ses:SendEmail', 'logs:CreateLogStream', 'logs:PutLogEvents'].sort());
    const ses = statements.find((s) => s.Action === 'ses:SendEmail');
    expect(ses.Condition.StringEquals['ses:FromAddress']).toBeDefined();
    expect(JSON.stringify(statements)).not.toContain('/index/');
  });
});

describe('seat key', () => {
  it('is a generated Secrets Manager secret that only the API function may read, named to it by SEAT_KEY_SECRET_ID', () => {
    const key = stack.node.findChild('SeatKey');
    const keyId = stack.getLogicalId(key.node.defaultChild as never);
    const secret = t.toJSON().Resources[keyId];
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 43, ExcludePunctuation: true, IncludeSpace: false });
    const readers = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(`"Ref":"${keyId}"`),
    );
    expect(readers.flatMap((p) => p.Properties.Roles)).toEqual([
      { Ref: stack.getLogicalId(stack.functions.api.role!.node.defaultChild as never) },
    ]);
    const granted = readers.flatMap((p) => p.Properties.PolicyDocument.Statement).filter((s: Json) => JSON.stringify(s).includes(keyId));
    expect(granted.flatMap((s: Json) => [s.Action].flat()).sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    for (const name of FUNCTION_NAMES) {
      const env =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.Environment.Variables;
      expect('SEAT_KEY_SECRET_ID' in env, name).toBe(name === 'api');
      expect('SEAT_KEY' in env, name).toBe(false);
    }
    expect(Buffer.from('A1b2'.repeat(10).concat('xyz'), 'base64url')).toHaveLength(32);
  });
});

describe('web: private bucket behind CloudFront', () => {
  it('the bucket blocks all public access, enforces TLS and is readable only by this distribution (OAC)', () => {
    const [bucketId, bucket] = only(t, 'AWS::S3::Bucket');
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    const [, policy] = only(t, 'AWS::S3::BucketPolicy');
    const st: Json[] = policy.Properties.PolicyDocument.Statement;
    expect(st.some((s) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false')).toBe(true);
    const allow = st.filter((s) => s.Effect === 'Allow');
    expect(allow).toHaveLength(1);
    expect(allow[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allow[0].Action).toBe('s3:GetObject');
    expect(JSON.stringify(allow[0].Condition)).toContain(stack.getLogicalId(stack.distribution.node.defaultChild as never));
    const [oacId, oac] = only(t, 'AWS::CloudFront::OriginAccessControl');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const dist = distributionConfig(t);
    const s3Origin = dist.Origins.find((o: Json) => o.S3OriginConfig);
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] });
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
  });

  it('routes /api/* through the same distribution to the HTTP API: no caching, all methods, viewer headers but Host', () => {
    const dist = distributionConfig(t);
    const [apiId] = onlyHttp(t, 'AWS::ApiGatewayV2::Api');
    const apiOrigin = dist.Origins.find((o: Json) => o.CustomOriginConfig && JSON.stringify(o.DomainName).includes(apiId));
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(apiId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.eu-west-1.');
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(apiOrigin.CustomOriginConfig.OriginSSLProtocols).toEqual(['TLSv1.2']);
    // Besides /live, the live channel's (tests/infra/live.test.ts).
    expect(dist.CacheBehaviors.map((b: Json) => b.PathPattern).sort()).toEqual(['/api/*', '/live']);
    const api = dist.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/*');
    expect(api.PathPattern).toBe('/api/*');
    expect(api.TargetOriginId).toBe(apiOrigin.Id);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    expect(api.AllowedMethods.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(api.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: cfFunctionArn('ForwardHost') }]);
    const def = dist.DefaultCacheBehavior;
    expect(def.TargetOriginId).not.toBe(apiOrigin.Id);
    expect(def.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(def.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: cfFunctionArn('SpaRewrite') }]);
    expect(dist.DefaultRootObject).toBe('index.html');
    // Error responses would rewrite the API's own 403/404 too; the SPA fallback is a function instead.
    expect(dist.CustomErrorResponses).toBeUndefined();
  });

  it("adds exactly the local server's security headers to every response, site and API", () => {
    const [policyId, policy] = only(t, 'AWS::CloudFront::ResponseHeadersPolicy');
    const dist = distributionConfig(t);
    expect(dist.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(dist.CacheBehaviors[0].ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const c = policy.Properties.ResponseHeadersPolicyConfig;
    const sent: Record<string, string> = {};
    const sh = c.SecurityHeadersConfig;
    sent['Content-Security-Policy'] = sh.ContentSecurityPolicy.ContentSecurityPolicy;
    sent['Referrer-Policy'] = sh.ReferrerPolicy.ReferrerPolicy;
    if (sh.ContentTypeOptions) sent['X-Content-Type-Options'] = 'nosniff';
    sent['X-Frame-Options'] = sh.FrameOptions.FrameOption;
    const hsts = sh.StrictTransportSecurity;
    sent['Strict-Transport-Security'] =
      `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`;
    for (const h of c.CustomHeadersConfig?.Items ?? []) sent[h.Header] = h.Value;
    expect(sent).toEqual(SECURITY_HEADERS);
    for (const v of Object.values(sh) as Json[]) expect(v.Override).toBe(true);
    expect(sh.XSSProtection).toBeUndefined();
    // The list: strict CSP with no third-party origin, no referrer, HSTS, nosniff, no framing.
    const csp = sent['Content-Security-Policy']!;
    expect(csp).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(sent['Referrer-Policy']).toBe('no-referrer');
    expect(hsts.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
  });

  it('maps a header CloudFront cannot express to an error instead of dropping it', () => {
    expect(() => responseHeaders({ 'Referrer-Policy': 'no-referrer, strict-origin' })).toThrow(/Referrer-Policy/);
    expect(() => responseHeaders({ 'Strict-Transport-Security': 'max-age=10; bogus' })).toThrow(/Strict-Transport-Security/);
    expect(responseHeaders({ 'X-Robots-Tag': 'noindex' }).customHeadersBehavior?.customHeaders).toEqual([
      { header: 'X-Robots-Tag', value: 'noindex', override: true },
    ]);
  });

  it('deploys the built site: hashed bundles immutable, pages no-cache with an invalidation, robots.txt', () => {
    const deployments = Object.values(t.findResources('Custom::CDKBucketDeployment')).map((d) => d.Properties);
    expect(deployments).toHaveLength(2);
    const bundles = deployments.find((d) => d.Include);
    const pages = deployments.find((d) => !d.Include);
    expect(bundles.Exclude).toEqual(['*']);
    expect(bundles.Include).toEqual(HASHED_GLOBS);
    expect(bundles.Prune).toBe(false);
    expect(bundles.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(pages.Exclude).toEqual(HASHED_GLOBS);
    expect(pages.Prune).toBe(true);
    expect(pages.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(pages.DistributionId).toEqual(ref(stack, stack.distribution));
    expect(pages.DistributionPaths).toEqual(['/*']);
    // The pages deployment carries a second source: robots.txt keeping every page out of search engines.
    expect(pages.SourceObjectKeys).toHaveLength(2);
    const robots = filesUnder(app.outdir).filter((f) => f.endsWith('/robots.txt'));
    expect(robots.map((f) => readFileSync(f, 'utf8'))).toContain(ROBOTS_TXT);
    expect(ROBOTS_TXT).toMatch(/^User-agent: \*\nDisallow: \/\n$/);
  });

  it('the hashed-file globs pick exactly the bundles the site builds with hashes', () => {
    const glob = (g: string) => new RegExp(`^${g.replace(/[.]/g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
    const hashed = (f: string) => HASHED_GLOBS.some((g) => glob(g).test(f));
    expect(['main.ABCD1234.js', 'main.WXYZ9876.css', 'chunks/rules.QWER5678.js'].every(hashed)).toBe(true);
    expect(['index.html', 'main.ABCD1234.js.map', 'robots.txt', 'sw.js', 'favicon.svg'].some(hashed)).toBe(false);
  });

  it('refuses to synthesize without a built site or with a robots.txt that lets crawlers in', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dutch-empty-'));
    expect(() => new DutchStack(newApp(), 'NoSite', { webDist: empty })).toThrow(/index\.html is missing/);
    const open = fixtureSite();
    writeFileSync(join(open, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    expect(() => new DutchStack(newApp(), 'OpenRobots', { webDist: open })).toThrow(/robots\.txt/);
  });
});

function distributionConfig(tpl: Template): Json {
  return only(tpl, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;
}

function cfFunctionArn(id: string) {
  return { 'Fn::GetAtt': [stack.getLogicalId(stack.node.findChild(id).node.defaultChild as never), 'FunctionARN'] };
}

describe('CloudFront Functions, run as deployed', () => {
  const load = (code: string) => new Function(`${code}; return handler;`)() as (e: Json) => Json;
  const event = (uri: string, headers: Record<string, { value: string }> = {}) => ({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '192.0.2.1' },
    request: { method: 'GET', uri, querystring: {}, headers, cookies: {} },
  });

  it('the template carries the same code, on the JS 2.0 runtime', () => {
    t.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: SPA_REWRITE_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    t.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: FORWARD_HOST_CODE,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('serves the single page for app paths and passes files through', () => {
    const spa = load(SPA_REWRITE_CODE);
    const cases: [string, string][] = [
      ['/', '/index.html'],
      ['/m/AbC123xyz', '/index.html'],
      ['/m/AbC123xyz/', '/index.html'],
      ['/new', '/index.html'],
      ['/main.ABCD1234.js', '/main.ABCD1234.js'],
      ['/chunks/rules.QWER5678.js', '/chunks/rules.QWER5678.js'],
      ['/robots.txt', '/robots.txt'],
      ['/favicon.svg', '/favicon.svg'],
    ];
    for (const [uri, expected] of cases) expect(spa(event(uri)).uri, uri).toBe(expected);
  });

  it("passes the viewer's host to the API and replaces any x-forwarded-host the client sent", () => {
    const fwd = load(FORWARD_HOST_CODE);
    const out = fwd(event('/api/games', { host: { value: 'play.dutch.example' }, 'x-forwarded-host': { value: 'evil.example' } }));
    expect(out.headers['x-forwarded-host']).toEqual({ value: 'play.dutch.example' });
    expect(out.uri).toBe('/api/games');
    const none = fwd(event('/api/games', { 'x-forwarded-host': { value: 'evil.example' } }));
    expect(none.headers['x-forwarded-host']).toBeUndefined();
  });

  it("passes the viewer's IP to the API in x-viewer-address, replacing any the client sent", () => {
    const fwd = load(FORWARD_HOST_CODE);
    const out = fwd(event('/api/games', { host: { value: 'play.dutch.example' }, 'x-viewer-address': { value: '198.51.100.9' } }));
    expect(out.headers['x-viewer-address']).toEqual({ value: '192.0.2.1' });
  });
});

describe('mail, push keys, parameters', () => {
  it('takes the SES sender address and domain as parameters and verifies the domain with DKIM', () => {
    const params = t.toJSON().Parameters;
    expect(params.SenderAddress.Type).toBe('String');
    expect(params.SenderDomain.Type).toBe('String');
    expect(params.SenderAddress.Default).toBeUndefined();
    const [configId, config] = only(t, 'AWS::SES::ConfigurationSet');
    expect(config.Properties.SuppressionOptions.SuppressedReasons.sort()).toEqual(['BOUNCE', 'COMPLAINT']);
    const [, identity] = only(t, 'AWS::SES::EmailIdentity');
    expect(identity.Properties.EmailIdentity).toEqual({ Ref: 'SenderDomain' });
    expect(identity.Properties.ConfigurationSetAttributes).toEqual({ ConfigurationSetName: { Ref: configId } });
    const outputs = Object.keys(t.toJSON().Outputs);
    expect(outputs.filter((o) => o.startsWith('DkimRecord'))).toHaveLength(3);
  });

  it('lets the API and the dispatcher send mail only from the sender address through that identity, and read the VAPID secret', () => {
    // The VAPID keys; the other secret is the seat key, the API's alone (above).
    expect(Object.keys(t.findResources('AWS::SecretsManager::Secret'))).toHaveLength(2);
    const secretId = stack.getLogicalId(stack.node.findChild('VapidKeys').node.defaultChild as never);
    for (const name of ['api', 'dispatcher'] as const) {
      const roleId = stack.getLogicalId(stack.functions[name].role!.node.defaultChild as never);
      const st = Object.values(t.findResources('AWS::IAM::Policy'))
        .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
      const mail = st.find((s) => s.Action === 'ses:SendEmail');
      expect(mail.Condition).toEqual({ StringEquals: { 'ses:FromAddress': { Ref: 'SenderAddress' } } });
      expect(JSON.stringify(mail.Resource)).toContain(':identity/');
      expect(JSON.stringify(mail.Resource)).toContain('SenderDomain');
      const secret = st.find(
        (s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(`"${secretId}"`),
      );
      // The API reads the seat key too, in the same statement; the dispatcher only the VAPID keys.
      const seatKeyId = stack.getLogicalId(stack.node.findChild('SeatKey').node.defaultChild as never);
      expect([secret.Resource].flat()).toEqual(name === 'api' ? [{ Ref: seatKeyId }, { Ref: secretId }] : [{ Ref: secretId }]);
      const env =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.Environment.Variables;
      expect(env.VAPID_SECRET_ID).toEqual({ Ref: secretId });
      expect(env.EMAIL_FROM).toEqual({ 'Fn::Join': ['', ['Dutch <', { Ref: 'SenderAddress' }, '>']] });
      expect(env.SES_CONFIGURATION_SET).toEqual({ Ref: stack.getLogicalId(stack.node.findChild('MailConfig').node.defaultChild as never) });
    }
  });

  it('gives mail and push links the site address: CloudFront name by default, the custom domain when set', () => {
    const env = (tpl: Template, s: DutchStack, fn: IConstruct) =>
      tpl.toJSON().Resources[s.getLogicalId(fn.node.defaultChild as never)].Properties.Environment.Variables;
    expect(env(t, stack, stack.functions.dispatcher).PUBLIC_URL).toEqual({
      'Fn::Join': ['', ['https://', arnOf(stack, stack.distribution, 'DomainName')]],
    });
    expect(env(t, stack, stack.functions.api).PUBLIC_URL).toBeUndefined();
    // Every function that makes links; the bot players make none (their moves' notices go out through the dispatcher).
    for (const fn of [
      domainStack.functions.api,
      domainStack.functions.dispatcher,
      domainStack.functions.sweep,
      domainStack.functions.digest,
    ])
      expect(env(dt, domainStack, fn).PUBLIC_URL).toBe('https://play.dutch.example');
    expect(env(dt, domainStack, domainStack.functions.bots).PUBLIC_URL).toBeUndefined();
  });

  it('with a custom domain, the distribution uses its certificate and TLS 1.2 at least', () => {
    const d = distributionConfig(dt);
    expect(d.Aliases).toEqual(['play.dutch.example']);
    expect(d.ViewerCertificate).toMatchObject({
      AcmCertificateArn: CERT,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  const acknowledgements = (root: IConstruct) =>
    root.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));

  it('reports nothing unacknowledged, errors or warnings, with and without a custom domain', () => {
    for (const s of [stack, domainStack]) {
      const report = new AwsSolutionsChecks().validateScope(s);
      expect(
        report.violations.map((v) => `${v.severity} ${v.ruleName} ${v.violatingResources.map((r) => r.constructPath).join(',')}`),
      ).toEqual([]);
      expect(report.success).toBe(true);
    }
  });

  it('every acknowledgement carries a reason', () => {
    const acks = acknowledgements(stack);
    expect(acks.length).toBeGreaterThan(10);
    for (const [id, reason] of acks) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });

  it('the custom-domain stack needs no acknowledgement for the TLS minimum', () => {
    expect(acknowledgements(stack).map(([id]) => id)).toContainEqual(expect.stringContaining('AwsSolutions-CFR4'));
    expect(
      acknowledgements(domainStack)
        .map(([id]) => id)
        .some((id) => id.includes('CFR4')),
    ).toBe(false);
  });

  it('does find errors where there are some (a plain bucket)', () => {
    const s = new Stack(newApp(), 'Plain');
    new s3.Bucket(s, 'Plain');
    const report = new AwsSolutionsChecks().validateScope(s);
    const errors = report.violations.filter((v) => v.severity === 'error').map((v) => v.ruleName);
    expect(errors).toContain('AwsSolutions-S1');
    expect(errors).toContain('AwsSolutions-S10');
    expect(report.success).toBe(false);
  });
});

describe('the edge firewall (issue 25): per-client rate limits instead of one counter for the whole site', () => {
  // Both stacks as `npm run deploy` makes them, the site in eu-west-1; no bundling (the stack above checks the functions).
  const composed = () => {
    const context = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: Record<string, unknown> }).context;
    const a = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: mkdtempSync(join(tmpdir(), 'dutch-cdk-')) });
    return composeStacks(a, 'Dutch', { webDist: fixtureSite(), env: { region: 'eu-west-1' } });
  };

  it('is a CloudFront web ACL in us-east-1 whose rate rules count per client address, answering 429', () => {
    const { edge, site } = composed();
    expect(edge!.region).toBe('us-east-1');
    const [, acl] = only(Template.fromStack(edge!), 'AWS::WAFv2::WebACL');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const rules = acl.Properties.Rules as Json[];
    const rate = Object.fromEntries(rules.map((r) => [r.Name, r.Statement.RateBasedStatement]));
    // Every rule counts per client address: no rule adds everyone up (CONSTANT), so the limits grow with the players.
    expect(rules.map((r) => rate[r.Name].AggregateKeyType)).toEqual(['IP', 'IP']);
    expect(rate.SignInLinksPerClient.Limit).toBe(EDGE_RATE_LIMITS.signInLinks);
    expect(rate.RequestsPerClient.Limit).toBe(EDGE_RATE_LIMITS.everything);
    for (const r of rules) {
      expect(rate[r.Name].EvaluationWindowSec).toBe(EDGE_WINDOW_SECONDS);
      expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
      expect(r.VisibilityConfig.SampledRequestsEnabled).toBe(false);
    }
    const scope = JSON.stringify(rate.SignInLinksPerClient.ScopeDownStatement);
    expect(scope).toContain('"SearchString":"/api/session/link"');
    expect(scope).toContain('"SearchString":"POST"');
    expect(rate.RequestsPerClient.ScopeDownStatement).toBeUndefined();
    // The site's distribution (eu-west-1) is attached to it, read across regions.
    const webAclId = JSON.stringify(distributionConfig(Template.fromStack(site)).WebACLId);
    expect(webAclId).toMatch(/EdgeFirewall.*Arn/);
  });

  it('both stacks pass cdk-nag with nothing unacknowledged, and the site needs no acknowledgement for having no WAF', () => {
    const { edge, site } = composed();
    for (const s of [edge!, site]) {
      const report = new AwsSolutionsChecks().validateScope(s);
      expect(report.violations.map((v) => `${v.severity} ${v.ruleName}`)).toEqual([]);
    }
    const acks = site.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.keys(m.data as Record<string, string>));
    expect(acks.some((id) => id.includes('CFR2'))).toBe(false);
    expect(distributionConfig(t).WebACLId).toBe(WEB_ACL);
  });
});
