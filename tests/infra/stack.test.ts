/**
 * The CDK stack, synthesized offline: template assertions for every resource and property issue 6 names,
 * cdk-nag's AwsSolutions checks, the CloudFront Functions run as deployed, and the API bundle the stack
 * ships, imported and called. All template assertions live in this one file (loading aws-cdk-lib is slow).
 */
import { createHash } from 'node:crypto';
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
  BOT_TABLE_ACTIONS,
  DIGEST_TABLE_ACTIONS,
  FUNCTION_NAMES,
  FUNCTIONS,
  LIVE_TABLE_ACTIONS,
  STREAM_FILTERS,
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
  API_MEAN_SECONDS,
  API_MIN_RESERVATION,
  ORIGIN_VERIFY_GENERATION_HEADER,
  ORIGIN_VERIFY_HEADER,
  FRONT_DOOR,
  frontDoor,
  PER_DAU_DAY,
  peakPerSecond,
  BOT_BATCH_SIZE,
  BOT_MAX_RECEIVES,
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
  STREAM_BATCH_SIZE,
  STREAM_RETRY_ATTEMPTS,
  TABLE_ACTIONS,
  responseHeaders,
} from '../../infra/stack.js';
import { DASHBOARD_WIDGETS } from '../../infra/constructs/dashboard.js';
import type { Json } from '../support/api.js';

const isLive = (name: string) => name === 'liveSocket' || name === 'livePoke';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const WEB_ACL = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/DutchEdge/11111111-2222-3333-4444-555555555555';

/** A built site as web/build.ts makes it: a page, hashed bundles (one in chunks/), a source map. */
/** The fixture page's inline script: the policy must name it by its hash, as it does the built first script. */
const FIRST_SCRIPT = 'window.first=1';

function fixtureSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dutch-site-'));
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Dutch</title><script>${FIRST_SCRIPT}</script><script type="module" src="/main.ABCD1234.js"></script>`,
  );
  writeFileSync(join(dir, 'main.ABCD1234.js'), 'console.log(1)');
  writeFileSync(join(dir, 'main.ABCD1234.js.map'), '{}');
  writeFileSync(join(dir, 'main.WXYZ9876.css'), 'body{}');
  writeFileSync(join(dir, 'chunks', 'rules.QWER5678.js'), 'export{}');
  return dir;
}

/** An app as cdk.json configures it; `bundled` names the stacks whose functions esbuild bundles (all by default). */
function newApp(bundled?: string[]): App {
  const context = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: Record<string, unknown> }).context;
  const only = bundled ? { 'aws:cdk:bundling-stacks': bundled } : {};
  return new App({ context: { ...context, ...only }, outdir: mkdtempSync(join(tmpdir(), 'dutch-cdk-')) });
}

let app: App;
let stack: DutchStack;
let t: Template;
let domainStack: DutchStack;
let dt: Template;

beforeAll(() => {
  const site = fixtureSite();
  // Both stacks in one app: the app is synthesized (and its assets staged) once. Only the first stack's eight
  // functions are bundled (the bundle checks read those); the custom-domain stack's tests read its template,
  // which names the same code, so bundling it again doubled the file's time for nothing.
  app = newApp(['Dutch']);
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
  // Eight esbuild bundles: about 10 s on an idle 2-core machine, over a minute on a busy one (a bound, not a wait).
}, 300_000);

const ref = (s: Stack, c: IConstruct) => ({ Ref: s.getLogicalId(c.node.defaultChild as never) });
/** A number in the template, or the default of the stack parameter it refers to. */
const paramValue = (v: Json): Json => (v && typeof v === 'object' && 'Ref' in v ? t.toJSON().Parameters[v.Ref].Default : v);
const arnOf = (s: Stack, c: IConstruct, attr = 'Arn') => ({ 'Fn::GetAtt': [s.getLogicalId(c.node.defaultChild as never), attr] });
const only = (tpl: Template, type: string): [string, Json] => {
  const all = Object.entries(tpl.findResources(type));
  expect(all, type).toHaveLength(1);
  return all[0]!;
};
/** The one event source mapping that feeds `fn` (the stream reader's from the table's stream, the consumers' from their queues). */
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
      // The stream reader only sends to the queues: it knows no table.
      expect(p.Environment.Variables.TABLE_NAME).toEqual(name === 'streamReader' ? undefined : ref(stack, stack.table));
      // Node's own source maps would parse the map at every cold start; functions/lambda/source-maps.ts maps at the first error.
      expect(p.Environment.Variables.NODE_OPTIONS ?? '', name).not.toMatch(/source-maps/);
      // The front door reserves nothing by default (infra/front-door.ts); the rest cap their own work.
      if (name === 'api' || name === 'liveSocket') expect(p.ReservedConcurrentExecutions, name).toBeUndefined();
      else expect(paramValue(p.ReservedConcurrentExecutions)).toBeGreaterThan(0);
      const group = groups[p.LoggingConfig.LogGroup.Ref];
      expect(group?.Properties.RetentionInDays, `${name} log group`).toBe(30);
    }
  });

  it("the API answers well inside API Gateway's 30 s and reserves no concurrency by default (it would take from the account's pool)", () => {
    const p = t.toJSON().Resources[stack.getLogicalId(stack.functions.api.node.defaultChild as never)].Properties;
    expect(p.Timeout).toBeLessThanOrEqual(10);
    expect(p.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('every log group in the stack (functions, the live access log, site deployment) has a retention period', () => {
    const groups = t.findResources('AWS::Logs::LogGroup');
    // One per function, the live channel's access log and the site deployment's (the HTTP API's went with it).
    expect(Object.keys(groups)).toHaveLength(FUNCTION_NAMES.length + 2);
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

  it('the shipped API bundle itself answers a function URL event (payload v2)', async () => {
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
      headers: { host: 'x.lambda-url.eu-west-1.on.aws', 'x-forwarded-host': 'dutch.example' },
      requestContext: {
        domainName: 'x.lambda-url.eu-west-1.on.aws',
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
      if (name === 'streamReader') {
        expect(itemStatements).toHaveLength(0);
        continue;
      }
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
      SendMessageBatchCommand: ['sqs:SendMessage'],
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
          // The stream reader's bundle holds the notification store for reading an outbox row out of a stream
          // record (functions/storage/stream-records.ts); it calls no table at all (its role has no table action).
          if ((name === 'bots' || name === 'digest' || isLive(name) || name === 'streamReader') && a.startsWith('dynamodb:')) continue;
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

describe('the API: a function URL that only CloudFront can use', () => {
  it('has one function URL, auth type NONE, on the API function, and no HTTP API (the live WebSocket API stays)', () => {
    const [, url] = only(t, 'AWS::Lambda::Url');
    expect(url.Properties.AuthType).toBe('NONE');
    expect(url.Properties.TargetFunctionArn).toEqual(arnOf(stack, stack.functions.api));
    expect(url.Properties.Cors).toBeUndefined();
    // Anyone may call the URL; the function refuses whatever lacks CloudFront's secret header (functions/lambda/origin-verify.ts).
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: '*',
      FunctionUrlAuthType: 'NONE',
      FunctionName: arnOf(stack, stack.functions.api),
    });
    const kinds = Object.values(t.findResources('AWS::ApiGatewayV2::Api')).map((r) => r.Properties.ProtocolType);
    expect(kinds).toEqual(['WEBSOCKET']);
    // Nothing but the WebSocket API's stage, and nothing of API Gateway invokes the API function.
    expect(
      Object.values(t.findResources('AWS::ApiGatewayV2::Integration')).map((r) => JSON.stringify(r.Properties.IntegrationUri)),
    ).not.toContain(JSON.stringify(arnOf(stack, stack.functions.api)));
    const gatewayCalls = Object.values(t.findResources('AWS::Lambda::Permission')).filter(
      (p) =>
        p.Properties.Principal === 'apigateway.amazonaws.com' &&
        JSON.stringify(p.Properties.FunctionName) === JSON.stringify(arnOf(stack, stack.functions.api)),
    );
    expect(gatewayCalls).toEqual([]);
  });

  it('the origin secret: made at deploy as {"current","previous"}, read by the API function alone, named in its environment', () => {
    const secretId = stack.getLogicalId(stack.node.findChild('OriginVerify').node.defaultChild as never);
    const secret = t.toJSON().Resources[secretId].Properties.GenerateSecretString;
    expect(JSON.parse(secret.SecretStringTemplate)).toEqual({ previous: '' });
    expect(secret.GenerateStringKey).toBe('current');
    expect(secret.PasswordLength).toBeGreaterThanOrEqual(32);
    for (const name of FUNCTION_NAMES) {
      const env =
        t.toJSON().Resources[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties.Environment.Variables;
      expect(env.ORIGIN_VERIFY_SECRET_ID, name).toEqual(name === 'api' ? { Ref: secretId } : undefined);
      expect('ORIGIN_VERIFY' in env, name).toBe(false);
    }
    const readers = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(`"Ref":"${secretId}"`),
    );
    expect(readers.flatMap((p) => p.Properties.Roles)).toEqual([
      { Ref: stack.getLogicalId(stack.functions.api.role!.node.defaultChild as never) },
    ]);
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
    expect(paramValue(p.ReservedConcurrentExecutions)).toBe(BOTS_RESERVED_CONCURRENCY);
    // Its own queue, for the delayed message of a snap's human-like moment.
    expect(p.Environment.Variables).toEqual({
      TABLE_NAME: ref(stack, stack.table),
      BOTS_QUEUE_URL: ref(stack, stack.stream.queues.bots.queue),
    });
  });

  it('its role may do exactly this: read the match and its log, put the move, take and send its own messages, log', () => {
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
      // Take its messages (the event source) and send itself delayed ones (a snap's moment).
      {
        effect: 'Allow',
        actions: [
          'sqs:ChangeMessageVisibility',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
          'sqs:ReceiveMessage',
          'sqs:SendMessage',
        ],
        resource: arnOf(stack, stack.stream.queues.bots.queue),
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

describe('one reader of the table stream, a queue per consumer (issue 27)', () => {
  const resources = () => t.toJSON().Resources as Record<string, Json>;
  const alarms = () => Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
  const queueName = (id: string) => JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id, 'QueueName'] } }]);
  const consumers = () =>
    [
      ['dispatcher', stack.stream.queues.notify],
      ['bots', stack.stream.queues.bots],
      ['livePoke', stack.stream.queues.live],
    ] as const;

  it('exactly one event source mapping reads the table stream: the stream reader, filtered, bounded, with its own dead-letter queue', () => {
    const streamArn = JSON.stringify(arnOf(stack, stack.table, 'StreamArn'));
    const onStream = Object.values(t.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties.EventSourceArn) === streamArn,
    );
    expect(onStream).toHaveLength(1);
    const p = onStream[0]!.Properties;
    expect(p.FunctionName).toEqual(ref(stack, stack.functions.streamReader));
    expect(p.FilterCriteria.Filters.map((f: Json) => JSON.parse(f.Pattern))).toEqual(STREAM_FILTERS);
    expect(p.FilterCriteria.Filters.length).toBeLessThanOrEqual(5);
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.BatchSize).toBe(STREAM_BATCH_SIZE);
    expect(p.MaximumRetryAttempts).toBe(STREAM_RETRY_ATTEMPTS);
    expect(p.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(p.MaximumRecordAgeInSeconds).toBeGreaterThan(0);
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.DestinationConfig).toEqual({ OnFailure: { Destination: arnOf(stack, stack.stream.deadLetters) } });
    // No other mapping reads a DynamoDB stream at all.
    for (const m of Object.values(t.findResources('AWS::Lambda::EventSourceMapping'))) {
      if (m !== onStream[0]) expect(JSON.stringify(m.Properties.EventSourceArn)).not.toContain('StreamArn');
    }
  });

  it('the reader may send to the three queues and read the stream, nothing of the table; it knows each queue by URL', () => {
    const roleId = stack.getLogicalId(stack.functions.streamReader.role!.node.defaultChild as never);
    const statements = Object.values(t.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    const sends = statements
      .filter((st) => [st.Action].flat().includes('sqs:SendMessage'))
      .flatMap((st) => [st.Resource].flat().map((r) => JSON.stringify(r)));
    // The three queues, and the reader's own dead-letter queue (the event source's on-failure destination).
    const queues = [...consumers().map(([, q]) => q.queue), stack.stream.deadLetters];
    expect(sends.sort()).toEqual(queues.map((q) => JSON.stringify(arnOf(stack, q))).sort());
    expect(JSON.stringify(statements)).not.toContain('dynamodb:GetItem');
    const env = resources()[stack.getLogicalId(stack.functions.streamReader.node.defaultChild as never)].Properties.Environment.Variables;
    expect(env.NOTIFY_QUEUE_URL).toEqual(ref(stack, stack.stream.queues.notify.queue));
    expect(env.BOTS_QUEUE_URL).toEqual(ref(stack, stack.stream.queues.bots.queue));
    expect(env.LIVE_QUEUE_URL).toEqual(ref(stack, stack.stream.queues.live.queue));
  });

  it('each consumer takes its own queue: partial batch responses, a maximum concurrency that is a parameter, visibility past its timeout', () => {
    for (const [name, q] of consumers()) {
      const p = mappingOf(stack.functions[name]);
      expect(p.EventSourceArn, name).toEqual(arnOf(stack, q.queue));
      expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(p.BatchSize).toBeLessThanOrEqual(10);
      const concurrency = p.ScalingConfig.MaximumConcurrency;
      expect(concurrency.Ref, `${name}: a stack parameter`).toBeDefined();
      expect(t.toJSON().Parameters[concurrency.Ref].MinValue).toBe(2);
      expect(paramValue(concurrency)).toBeGreaterThanOrEqual(2);
      const fn = resources()[stack.getLogicalId(stack.functions[name].node.defaultChild as never)].Properties;
      // Reserved as much as the queue may use at once, so the mapping is never throttled below its maximum.
      expect(fn.ReservedConcurrentExecutions).toEqual(concurrency);
      const queue = resources()[stack.getLogicalId(q.queue.node.defaultChild as never)].Properties;
      expect(queue.VisibilityTimeout, name).toBeGreaterThanOrEqual(fn.Timeout);
      expect(queue.RedrivePolicy.maxReceiveCount).toBeGreaterThanOrEqual(1);
      expect(queue.RedrivePolicy.maxReceiveCount).toBeLessThanOrEqual(5);
      expect(queue.RedrivePolicy.deadLetterTargetArn).toEqual(arnOf(stack, q.deadLetters));
      expect(queue.FifoQueue).toBeUndefined();
    }
    expect(paramValue(mappingOf(stack.functions.bots).ScalingConfig.MaximumConcurrency)).toBe(BOTS_RESERVED_CONCURRENCY);
    expect(mappingOf(stack.functions.bots).BatchSize).toBe(BOT_BATCH_SIZE);
    expect(mappingOf(stack.functions.livePoke).BatchSize).toBe(LIVE_POKE_BATCH_SIZE);
    const bots = resources()[stack.getLogicalId(stack.stream.queues.bots.queue.node.defaultChild as never)].Properties;
    expect(bots.RedrivePolicy.maxReceiveCount).toBe(BOT_MAX_RECEIVES);
  });

  it('every queue has a dead-letter queue or is one; every queue alarms on its oldest message and its depth; every dead-letter queue on its depth', () => {
    const queues = t.findResources('AWS::SQS::Queue');
    const targets = new Set(
      Object.values(queues)
        .map((q) => q.Properties.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0])
        .filter(Boolean),
    );
    // The stream reader's on-failure destination is a dead-letter queue too.
    targets.add(stack.getLogicalId(stack.stream.deadLetters.node.defaultChild as never));
    const [topicId] = only(t, 'AWS::SNS::Topic');
    const alarmOn = (metric: string, id: string) =>
      alarms().find((a) => a.Namespace === 'AWS/SQS' && a.MetricName === metric && JSON.stringify(a.Dimensions) === queueName(id));
    expect(Object.keys(queues)).toHaveLength(7);
    for (const [id, q] of Object.entries(queues)) {
      if (targets.has(id)) {
        expect(q.Properties.RedrivePolicy, id).toBeUndefined();
        expect(q.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
        const depth = alarmOn('ApproximateNumberOfMessagesVisible', id);
        expect(depth, `${id}: depth alarm`).toBeDefined();
        expect(depth.Threshold).toBe(1);
        expect(depth.AlarmActions).toEqual([{ Ref: topicId }]);
      } else {
        expect(q.Properties.RedrivePolicy, `${id}: a dead-letter queue`).toBeDefined();
        for (const metric of ['ApproximateAgeOfOldestMessage', 'ApproximateNumberOfMessagesVisible']) {
          const a = alarmOn(metric, id);
          expect(a, `${id}: ${metric} alarm`).toBeDefined();
          expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
        }
      }
      expect(q.Properties.SqsManagedSseEnabled).toBe(true);
    }
    // A computer's move more than a minute late means a person is waiting.
    const botAge = alarmOn('ApproximateAgeOfOldestMessage', stack.getLogicalId(stack.stream.queues.bots.queue.node.defaultChild as never));
    expect(botAge.Threshold).toBeLessThanOrEqual(60);
  });

  it('alarms when the stream reader falls behind the writes', () => {
    const age = alarms().find(
      (a) =>
        a.MetricName === 'IteratorAge' &&
        JSON.stringify(a.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: ref(stack, stack.functions.streamReader) }]),
    );
    expect(age).toBeDefined();
    expect(age.Threshold).toBeLessThanOrEqual(60_000);
    expect(alarms().filter((a) => a.MetricName === 'IteratorAge')).toHaveLength(1);
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
    expect(schedule.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(schedule.Properties.State).toBe('ENABLED');
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(['lambda:InvokeFunction']);
    const resources = JSON.stringify(statements[0].Resource);
    expect(resources).toContain(stack.getLogicalId(stack.functions.sweep.node.defaultChild as never));
  });
});

describe('daily digest', () => {
  it('runs every 15 minutes on EventBridge Scheduler with a role that may invoke only the digest function', () => {
    const { schedule, statements, role } = scheduleOf(stack.functions.digest);
    expect(schedule.Properties.ScheduleExpression).toBe('rate(15 minutes)');
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

  it("routes /api/* through the same distribution to the API function's URL with the secret header: no caching, all methods, viewer headers but Host", () => {
    const dist = distributionConfig(t);
    const [urlId] = only(t, 'AWS::Lambda::Url');
    const apiOrigin = dist.Origins.find((o: Json) => o.CustomOriginConfig && JSON.stringify(o.DomainName).includes(urlId));
    // The URL's host: https://<id>.lambda-url.<region>.on.aws/ split on '/', the third part.
    expect(apiOrigin.DomainName).toEqual({ 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [urlId, 'FunctionUrl'] }] }] });
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(apiOrigin.CustomOriginConfig.OriginSSLProtocols).toEqual(['TLSv1.2']);
    // No origin access control on it (its signing needs the body's hash from the viewer: docs/decisions/function-url.md).
    expect(apiOrigin.OriginAccessControlId).toBeUndefined();
    const secretId = stack.getLogicalId(stack.node.findChild('OriginVerify').node.defaultChild as never);
    const headers = Object.fromEntries((apiOrigin.OriginCustomHeaders as Json[]).map((h) => [h.HeaderName, h.HeaderValue]));
    expect(Object.keys(headers).sort()).toEqual([ORIGIN_VERIFY_GENERATION_HEADER, ORIGIN_VERIFY_HEADER].sort());
    // The value is the secret's current one, resolved by CloudFormation at deploy: never in the template itself.
    expect(headers[ORIGIN_VERIFY_HEADER]).toEqual({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:current::}}']],
    });
    expect(headers[ORIGIN_VERIFY_GENERATION_HEADER]).toBe('1');
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
    // The page's inline first script, allowed by the hash of its text (computed here, apart from the stack's helper).
    const hash = createHash('sha256').update(FIRST_SCRIPT).digest('base64');
    const csp = SECURITY_HEADERS['Content-Security-Policy']!.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`);
    expect(sent).toEqual({ ...SECURITY_HEADERS, 'Content-Security-Policy': csp });
    for (const v of Object.values(sh) as Json[]) expect(v.Override).toBe(true);
    expect(sh.XSSProtection).toBeUndefined();
    // The list: strict CSP with no third-party origin, no referrer, HSTS, nosniff, no framing.
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
    // The VAPID keys; the others are the seat key and the origin secret, the API's alone (above).
    expect(Object.keys(t.findResources('AWS::SecretsManager::Secret'))).toHaveLength(3);
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
      const originId = stack.getLogicalId(stack.node.findChild('OriginVerify').node.defaultChild as never);
      expect([secret.Resource].flat()).toEqual(
        name === 'api' ? [{ Ref: originId }, { Ref: seatKeyId }, { Ref: secretId }] : [{ Ref: secretId }],
      );
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
    expect(rules.map((r) => rate[r.Name].AggregateKeyType)).toEqual(['IP', 'IP', 'IP']);
    expect(rate.SignInLinksPerClient.Limit).toBe(EDGE_RATE_LIMITS.signInLinks);
    // The live WebSocket's handshakes (GET /live through CloudFront) have a cap of their own per address.
    expect(rate.LiveConnectsPerClient.Limit).toBe(EDGE_RATE_LIMITS.liveConnects);
    expect(rate.LiveConnectsPerClient.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      SearchString: LIVE_PATH,
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
    });
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

describe('the front door (issue 27): no fixed small caps, limits as stack parameters sized for 1 M daily players', () => {
  // The model at 1 M DAU: ≈ 3,400 API requests/s at peak; the live stage's messages and new sockets from the same model.
  const API_PEAK_1M = 3_400;
  const livePeak = peakPerSecond(PER_DAU_DAY.liveMessages);
  const connectPeak = peakPerSecond(PER_DAU_DAY.sockets);

  /** Every stage's default throttle and every route's, with what it admits. */
  const throttles = (tpl: Template) =>
    Object.values(tpl.findResources('AWS::ApiGatewayV2::Stage')).flatMap((s) => {
      const api = tpl.toJSON().Resources[s.Properties.ApiId.Ref].Properties;
      const stage = { kind: api.ProtocolType as string, route: '(stage)', ...s.Properties.DefaultRouteSettings };
      const routes = Object.entries((s.Properties.RouteSettings ?? {}) as Record<string, Json>).map(([route, r]) => ({
        kind: api.ProtocolType,
        route,
        ...r,
      }));
      return [stage, ...routes];
    });

  it('no stage or route throttle is below the peak it admits at 1 M DAU; the API has none (its URL has no stage) and reserves nothing by default', () => {
    const all = throttles(t);
    expect(all.map((x) => `${x.kind} ${x.route}`).sort()).toEqual(['WEBSOCKET $connect', 'WEBSOCKET (stage)']);
    for (const x of all) {
      const peak = x.route === '$connect' ? connectPeak : livePeak;
      expect(x.ThrottlingRateLimit, `${x.kind} ${x.route}`).toBeGreaterThanOrEqual(peak);
      expect(x.ThrottlingBurstLimit, `${x.kind} ${x.route}`).toBeGreaterThanOrEqual(peak);
    }
    // The model's own arithmetic, as front-door.ts writes it beside each default.
    expect(Math.round(peakPerSecond(PER_DAU_DAY.apiRequests))).toBe(3_414);
    expect(peakPerSecond(PER_DAU_DAY.apiRequests)).toBeGreaterThanOrEqual(API_PEAK_1M);
    // A reservation, when an operator sets one, must hold the peak: 10 requests/s per environment and the mean duration both.
    expect(API_MIN_RESERVATION * 10).toBeGreaterThanOrEqual(2 * API_PEAK_1M);
    expect(API_MIN_RESERVATION).toBeGreaterThanOrEqual(2 * API_PEAK_1M * API_MEAN_SECONDS);
    expect(FRONT_DOOR.apiReservedConcurrency).toBeUndefined();
    expect(FRONT_DOOR.liveRateLimit).toBe(2_600);
    expect(FRONT_DOOR.liveConnectRateLimit).toBe(600);
  });

  it('an operator sets each limit at deploy: the template takes the parameters, and nonsense is refused', () => {
    const context = (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context: Record<string, unknown> }).context;
    const a = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: mkdtempSync(join(tmpdir(), 'dutch-cdk-')) });
    const custom = new DutchStack(a, 'DutchTen', {
      webDist: fixtureSite(),
      env: { region: 'eu-west-1' },
      originVerifyGeneration: 2,
      frontDoor: {
        liveConnectRateLimit: 3_000,
        apiReservedConcurrency: 300,
        liveSocketReservedConcurrency: 50,
      },
    });
    const ct = Template.fromStack(custom);
    const byRoute = Object.fromEntries(throttles(ct).map((x) => [`${x.kind} ${x.route}`, x]));
    expect(Object.keys(byRoute).sort()).toEqual(['WEBSOCKET $connect', 'WEBSOCKET (stage)']);
    expect(byRoute['WEBSOCKET $connect']).toMatchObject({
      ThrottlingRateLimit: 3_000,
      ThrottlingBurstLimit: FRONT_DOOR.liveConnectBurstLimit,
    });
    expect(byRoute['WEBSOCKET (stage)']).toMatchObject({ ThrottlingRateLimit: FRONT_DOOR.liveRateLimit });
    const fn = (name: 'api' | 'liveSocket') =>
      ct.toJSON().Resources[custom.getLogicalId(custom.functions[name].node.defaultChild as never)].Properties;
    expect(fn('api').ReservedConcurrentExecutions).toBe(300);
    expect(fn('liveSocket').ReservedConcurrentExecutions).toBe(50);
    // A rotated origin secret reaches CloudFront: the generation header changes, so the distribution is updated.
    const origin = distributionConfig(ct).Origins.find((o: Json) => o.OriginCustomHeaders);
    expect(origin.OriginCustomHeaders.find((h: Json) => h.HeaderName === ORIGIN_VERIFY_GENERATION_HEADER).HeaderValue).toBe('2');
    expect(() => frontDoor({ apiReservedConcurrency: 0 })).toThrow(/apiReservedConcurrency/);
    expect(() => frontDoor({ liveBurstLimit: 2.5 })).toThrow(/liveBurstLimit/);
  });
});

describe("the operator's dashboard (issue 27)", () => {
  /** The dashboard as CloudWatch reads it: its Fn::Join put together, each reference as `@{"Ref":…}@` text. */
  const widgets = (): { title: string; metrics: Json[][] }[] => {
    const [, dash] = only(t, 'AWS::CloudWatch::Dashboard');
    const [, parts] = dash.Properties.DashboardBody['Fn::Join'] as [string, Json[]];
    const text = parts.map((p) => (typeof p === 'string' ? p : `@${JSON.stringify(p).replace(/"/g, "'")}@`)).join('');
    return (JSON.parse(text).widgets as Json[]).map((w) => ({ title: w.properties.title, metrics: w.properties.metrics ?? [] }));
  };
  const of = (title: string) => widgets().find((w) => w.title === title)!.metrics;
  /** The metric names a widget graphs (a metric row is [namespace, name, dimension, value, …, options]). */
  const names = (title: string) => of(title).flatMap((m) => (typeof m[0] === 'string' ? [m[1] as string] : []));
  const expressions = (title: string) =>
    of(title).flatMap((m) => m.flatMap((x) => (x && typeof x === 'object' && x.expression ? [x.expression as string] : [])));

  it('has every widget the issue names', () => {
    expect(
      widgets()
        .map((w) => w.title)
        .sort(),
    ).toEqual([...DASHBOARD_WIDGETS].sort());
  });

  it("graphs the site's own metrics, the API's, every queue's age and depth, the stream readers' iterator age, the table and each index, every function", () => {
    // The function URL's own metrics, what CloudFront sent it (the HTTP API's are gone with it).
    expect(names('API: requests')).toEqual(['UrlRequestCount']);
    expect(names('API: errors (4xx, 5xx)')).toEqual(['Url4xxCount', 'Url5xxCount']);
    expect(names('API: latency p99')).toEqual(['UrlRequestLatency', 'Duration']);
    expect(of('API: latency p99').every((m) => JSON.stringify(m).includes('"stat":"p99"'))).toBe(true);
    expect(JSON.stringify(of('Moves per second'))).toContain('"Dutch","MovesAccepted","service","api"');
    expect(JSON.stringify(of('Moves per second'))).toContain('"Dutch","ComputerMoves","service","bots"');
    expect(names('Computer think time')).toEqual(['ComputerThinkTime', 'ComputerThinkTime', 'ComputerThinkTime']);
    expect(expressions('Refusals by code')).toEqual([`SEARCH('{Dutch,service,code} MetricName="Refusals"', 'Sum', 60)`]);
    expect(expressions('Notices sent and failed, by channel')).toEqual([
      `SEARCH('{Dutch,service,channel} MetricName="NoticesSent"', 'Sum', 60)`,
      `SEARCH('{Dutch,service,channel} MetricName="NoticesFailed"', 'Sum', 60)`,
    ]);
    // Every queue in the stack (dead-letter queues included), for its oldest message and its depth.
    const queues = Object.keys(t.findResources('AWS::SQS::Queue')).sort();
    const queuesIn = (title: string) =>
      of(title)
        .map((m) => /Fn::GetAtt':\['(\w+)'/.exec(String(m[3]))?.[1])
        .sort();
    expect(queuesIn('Queues: oldest message age')).toEqual(queues);
    expect(queuesIn('Queues: depth (dead-letter queues included)')).toEqual(queues);
    // Each function that reads the table's stream has its iterator age on the dashboard.
    const readers = Object.values(t.findResources('AWS::Lambda::EventSourceMapping')).filter((m) => m.Properties.StartingPosition);
    expect(names('Table stream: iterator age')).toEqual(readers.map(() => 'IteratorAge'));
    // The table and each index: read and write throttles, consumed write and read units.
    const parts =
      1 + (t.toJSON().Resources[stack.getLogicalId(stack.table.node.defaultChild as never)].Properties.GlobalSecondaryIndexes?.length ?? 0);
    expect(parts).toBeGreaterThan(1);
    const count = (title: string, name: string) => names(title).filter((n) => n === name).length;
    for (const m of ['ReadThrottleEvents', 'WriteThrottleEvents'])
      expect(count('DynamoDB: throttles (table and indexes)', m), m).toBe(parts);
    for (const m of ['ConsumedReadCapacityUnits', 'ConsumedWriteCapacityUnits'])
      expect(count('DynamoDB: consumed capacity (table and indexes)', m), m).toBe(parts);
    // Every function: its concurrency and its throttles.
    // Each function's, then the account's pool on the right (what functions without a reservation share).
    expect(names('Lambda: concurrency')).toEqual([
      ...FUNCTION_NAMES.map(() => 'ConcurrentExecutions'),
      'ConcurrentExecutions',
      'UnreservedConcurrentExecutions',
    ]);
    expect(names('Lambda: throttles')).toEqual(FUNCTION_NAMES.map(() => 'Throttles'));
  });

  it('alarms on the API failing or slow and on the table throttling, beside the per-function ones', () => {
    const props = Object.entries(t.findResources('AWS::CloudWatch::Alarm'));
    const ids = props.map(([id]) => id);
    for (const id of ['ApiServerErrors', 'ApiLatencyP99', 'TableThrottles'])
      expect(
        ids.some((x) => x.startsWith(id)),
        id,
      ).toBe(true);
    // What the HTTP API's metrics carried, the API function now does: its URL's 5xx, its duration, its throttles.
    const on = (id: string) => props.find(([x]) => x.startsWith(id))![1].Properties;
    const apiFn = { Ref: stack.getLogicalId(stack.functions.api.node.defaultChild as never) };
    for (const [id, metric] of [
      ['ApiServerErrors', 'Url5xxCount'],
      ['ApiLatencyP99', 'Duration'],
      ['ApiThrottles', 'Throttles'],
      ['ApiErrors', 'Errors'],
    ] as const) {
      expect(on(id).Namespace, id).toBe('AWS/Lambda');
      expect(on(id).MetricName, id).toBe(metric);
      expect(on(id).Dimensions, id).toEqual([{ Name: 'FunctionName', Value: apiFn }]);
    }
    expect(on('ApiLatencyP99').ExtendedStatistic).toBe('p99');
    const throttles = props.find(([id]) => id.startsWith('TableThrottles'))![1].Properties;
    const names = (throttles.Metrics as Json[]).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
    expect(names.filter((n) => n === 'WriteThrottleEvents').length).toBeGreaterThan(1);
  });
});
