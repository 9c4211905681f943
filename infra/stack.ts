/**
 * The whole site as one CDK stack: the single-table DynamoDB design, the hono API on Lambda behind an
 * HTTP API, the notification dispatcher on the table's stream, the reminder/deadline sweep on EventBridge
 * Scheduler, the static site in a private bucket behind CloudFront (which also routes /api/*), SES for
 * mail, the VAPID keys in Secrets Manager, and alarms. It deploys the same code the local server runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CfnOutput, CfnParameter, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubs from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SECURITY_HEADERS } from '../functions/http/security-headers.js';
import { TABLE } from '../functions/storage/table.js';
import { BUNDLE, DISPATCH_FILTERS, FUNCTIONS, type FunctionName } from './functions.js';
import { FORWARD_HOST_CODE, ROBOTS_TXT, SPA_REWRITE_CODE } from './edge.js';
import { acknowledgeFindings } from './nag.js';

/** Stated in the README: the most API invocations running at once (also caps the bill under abuse). */
export const API_RESERVED_CONCURRENCY = 20;
/** One dispatcher per stream shard is enough; a small cap keeps a poison batch from fanning out. */
export const DISPATCHER_RESERVED_CONCURRENCY = 5;
/** Sweeps never overlap: a slow sweep makes the next tick wait instead of racing it. */
export const SWEEP_RESERVED_CONCURRENCY = 1;
/** CloudWatch Logs retention for every function and the API access log. */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;
/** How often the sweep looks for due reminders and deadlines. */
export const SWEEP_RATE = Duration.minutes(5);
/** Stream batches retried this often before they go to the dead-letter queue. */
export const STREAM_RETRY_ATTEMPTS = 3;
/** The display name in the From header of every mail (the address is the SenderAddress parameter). */
export const SENDER_NAME = 'Dutch';
/** HTTP API stage throttling: steady requests per second and burst. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

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

export interface DutchStackProps extends StackProps {
  /** The built site; defaults to web/dist. It must exist (infra/app.ts builds it first). */
  webDist?: string;
  /** Site host name (e.g. play.dutch.example) with an ACM certificate in us-east-1; else the CloudFront name. */
  domainName?: string;
  certificateArn?: string;
  /** Alarm notifications go to this address (an SNS e-mail subscription) when given. */
  alarmEmail?: string;
  apiReservedConcurrency?: number;
}

/** The secondary indexes the notifications work may add to TABLE, read as data so they cannot drift. */
type KeyAttr = string | { name: string; type?: 'S' | 'N' | 'B' };
interface IndexDef {
  name?: string;
  indexName?: string;
  partitionKey: KeyAttr;
  sortKey?: KeyAttr;
  projection?: 'ALL' | 'KEYS_ONLY' | readonly string[];
}

export function tableIndexes(table: unknown = TABLE): { name: string; def: IndexDef }[] {
  const raw = (table as { indexes?: unknown }).indexes;
  if (raw === undefined) return [];
  const list: { name: string; def: IndexDef }[] = Array.isArray(raw)
    ? (raw as IndexDef[]).map((d) => ({ name: d.name ?? d.indexName ?? '', def: d }))
    : Object.entries(raw as Record<string, IndexDef>).map(([name, d]) => ({ name: d.name ?? d.indexName ?? name, def: d }));
  for (const { name, def } of list) if (!name || !def.partitionKey) throw new Error(`TABLE.indexes: each index needs a name and a partitionKey`);
  return list;
}

function attribute(a: KeyAttr): dynamodb.Attribute {
  const { name, type = 'S' } = typeof a === 'string' ? { name: a } : a;
  const t = { S: dynamodb.AttributeType.STRING, N: dynamodb.AttributeType.NUMBER, B: dynamodb.AttributeType.BINARY }[type];
  return { name, type: t };
}

/**
 * Maps the shared header list onto CloudFront's response-headers policy: the security headers CloudFront
 * knows by name go to `securityHeadersBehavior`, any other one (Permissions-Policy) to custom headers.
 * Throws on a value it cannot express, so a change in the shared list cannot be dropped silently.
 */
export function responseHeaders(headers: Readonly<Record<string, string>> = SECURITY_HEADERS): {
  securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior;
  customHeadersBehavior?: cloudfront.ResponseCustomHeadersBehavior;
} {
  const security: {
    -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'referrer-policy': {
        const policy = Object.values(cloudfront.HeadersReferrerPolicy).find((p) => p === value);
        if (!policy) throw new Error(`Referrer-Policy ${value} has no CloudFront equivalent`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`X-Content-Type-Options ${value} has no CloudFront equivalent`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const option = Object.values(cloudfront.HeadersFrameOption).find((o) => o === value.toUpperCase());
        if (!option) throw new Error(`X-Frame-Options ${value} has no CloudFront equivalent`);
        security.frameOptions = { frameOption: option, override: true };
        break;
      }
      case 'strict-transport-security': {
        const parts = value.split(';').map((p) => p.trim().toLowerCase()).filter(Boolean);
        const maxAge = /^max-age=(\d+)$/.exec(parts[0] ?? '');
        const rest = new Set(parts.slice(1));
        if (!maxAge || [...rest].some((p) => p !== 'includesubdomains' && p !== 'preload')) {
          throw new Error(`Strict-Transport-Security ${value} has no CloudFront equivalent`);
        }
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
          includeSubdomains: rest.has('includesubdomains'),
          preload: rest.has('preload'),
          override: true,
        };
        break;
      }
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, ...(custom.length ? { customHeadersBehavior: { customHeaders: custom } } : {}) };
}

/** Least privilege on the table: the item actions above on the table and its indexes, nothing else. */
export function bindTable(fn: lambda.IFunction, table: dynamodb.ITable, indexNames: string[]): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_ACTIONS],
      resources: [table.tableArn, ...indexNames.map((n) => `${table.tableArn}/index/${n}`)],
    }),
  );
  if (fn instanceof lambda.Function) fn.addEnvironment('TABLE_NAME', table.tableName);
}

/**
 * Hashed bundles (name.XXXXXXXX.js/css), as globs for `aws s3 sync` and the same test as a regex.
 * The local server marks the same files immutable (functions/local/server.ts).
 */
export const HASHED_GLOBS = ['*.????????.js', '*.????????.css'];
const HASHED = /\..{8}\.(js|css)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

export class DutchStack extends Stack {
  readonly table: dynamodb.Table;
  readonly functions: Record<FunctionName, nodejs.NodejsFunction>;
  readonly distribution: cloudfront.Distribution;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: DutchStackProps = {}) {
    super(scope, id, props);

    const webDist = resolve(props.webDist ?? 'web/dist');
    checkSite(webDist);

    // ---- Parameters: what an operator gives at deploy time ---------------------------------------
    const senderAddress = new CfnParameter(this, 'SenderAddress', {
      type: 'String',
      description: 'The From address of notification mail, e.g. play@dutch.example (must be in SenderDomain).',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'an e-mail address',
    });
    const senderDomain = new CfnParameter(this, 'SenderDomain', {
      type: 'String',
      description: 'The domain SES sends from, e.g. dutch.example (verified through the DKIM records in the outputs).',
      allowedPattern: '^[a-z0-9.-]+\\.[a-z]{2,}$',
      constraintDescription: 'a lower-case domain name',
    });

    // ---- Table: the single-table design from functions/storage/table.ts ---------------------------
    const indexes = tableIndexes();
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const { name, def } of indexes) {
      const projection = def.projection ?? 'ALL';
      this.table.addGlobalSecondaryIndex({
        indexName: name,
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        ...(projection === 'ALL'
          ? { projectionType: dynamodb.ProjectionType.ALL }
          : projection === 'KEYS_ONLY'
            ? { projectionType: dynamodb.ProjectionType.KEYS_ONLY }
            : { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...projection] }),
      });
    }

    // ---- Mail and push ----------------------------------------------------------------------------
    // Bounces and complaints land on SES's suppression list for this configuration set, so a bouncing
    // address is not mailed again even before the app learns of it.
    const mailConfig = new ses.ConfigurationSet(this, 'MailConfig', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    const mailIdentity = new ses.EmailIdentity(this, 'MailIdentity', {
      identity: ses.Identity.domain(senderDomain.valueAsString),
      configurationSet: mailConfig,
    });
    const vapidKeys = new secrets.Secret(this, 'VapidKeys', {
      description:
        'Web push VAPID key pair as JSON {"publicKey","privateKey","subject"}; set after the first deploy (infra/README.md).',
    });

    // ---- Functions --------------------------------------------------------------------------------
    // Names as functions/notify/env.ts reads them. The sweep only writes timer notices into the outbox
    // (the dispatcher sends them), so it gets neither the mail settings nor the VAPID keys.
    const baseEnv = {
      // Stack traces in the logs point into the TypeScript sources (the bundles ship with source maps).
      NODE_OPTIONS: '--enable-source-maps',
      ...(props.domainName ? { PUBLIC_URL: `https://${props.domainName}` } : {}),
    };
    const messagingEnv = {
      EMAIL_FROM: `${SENDER_NAME} <${senderAddress.valueAsString}>`,
      SES_CONFIGURATION_SET: mailConfig.configurationSetName,
      VAPID_SECRET_ID: vapidKeys.secretArn,
    };
    const envOf: Record<FunctionName, Record<string, string>> = {
      api: { ...baseEnv, ...messagingEnv },
      dispatcher: { ...baseEnv, ...messagingEnv },
      sweep: { ...baseEnv },
    };
    const concurrency: Record<FunctionName, number> = {
      api: props.apiReservedConcurrency ?? API_RESERVED_CONCURRENCY,
      dispatcher: DISPATCHER_RESERVED_CONCURRENCY,
      sweep: SWEEP_RESERVED_CONCURRENCY,
    };
    const make = (name: FunctionName) => {
      const spec = FUNCTIONS[name];
      const logGroup = new logs.LogGroup(this, `${cap(name)}Logs`, {
        retention: LOG_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      // An own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
      const role = new iam.Role(this, `${cap(name)}Role`, {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `Runs the ${name} function`,
      });
      logGroup.grantWrite(role);
      const fn = new nodejs.NodejsFunction(this, `${cap(name)}Function`, {
        entry: resolve(spec.entry),
        handler: 'handler',
        projectRoot: resolve('.'),
        depsLockFilePath: resolve('package-lock.json'),
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: spec.memoryMb,
        timeout: Duration.seconds(spec.timeoutSeconds),
        reservedConcurrentExecutions: concurrency[name],
        logGroup,
        role,
        loggingFormat: lambda.LoggingFormat.JSON,
        environment: envOf[name],
        // The settings of infra/functions.ts BUNDLE, which the benchmark and the tests build with too.
        bundling: {
          forceDockerBundling: false,
          format: BUNDLE.format === 'esm' ? nodejs.OutputFormat.ESM : nodejs.OutputFormat.CJS,
          target: BUNDLE.target,
          mainFields: [...BUNDLE.mainFields],
          minify: BUNDLE.minify,
          sourceMap: BUNDLE.sourcemap,
          sourcesContent: BUNDLE.sourcesContent,
          externalModules: [...BUNDLE.external],
          banner: BUNDLE.banner,
          logLevel: nodejs.LogLevel.WARNING,
        },
      });
      bindTable(fn, this.table, indexes.map((i) => i.name));
      return fn;
    };
    this.functions = { api: make('api'), dispatcher: make('dispatcher'), sweep: make('sweep') };
    const { api: apiFn, dispatcher, sweep } = this.functions;

    // Confirmation mail goes out from the API, everything else from the dispatcher; both serve or use the
    // VAPID keys. Mail only from the stated sender, only through this identity and configuration set.
    const sendMail = new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        this.formatArn({ service: 'ses', resource: 'identity', resourceName: senderDomain.valueAsString }),
        this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: mailConfig.configurationSetName }),
      ],
      conditions: { StringEquals: { 'ses:FromAddress': senderAddress.valueAsString } },
    });
    for (const fn of [apiFn, dispatcher]) {
      fn.addToRolePolicy(sendMail);
      vapidKeys.grantRead(fn);
    }

    // ---- Dispatcher on the table stream -----------------------------------------------------------
    this.deadLetters = new sqs.Queue(this, 'DispatchDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    dispatcher.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(6),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // Up to 10 batches per shard at once, split by partition key (a match): one match's slow
        // push service holds up only that match's notices (its order is kept), not everyone's.
        parallelizationFactor: 10,
        onFailure: new SqsDlq(this.deadLetters),
        filters: DISPATCH_FILTERS.map((pattern) => lambda.FilterCriteria.filter(pattern)),
      }),
    );

    // ---- Sweep on a schedule ----------------------------------------------------------------------
    // Its own role, assumable by the scheduler of this account only; the target grants it invoke on the sweep.
    const schedulerRole = new iam.Role(this, 'SweepSchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: 'EventBridge Scheduler invokes the sweep',
    });
    new scheduler.Schedule(this, 'SweepSchedule', {
      description: 'Reminders and turn deadlines',
      schedule: scheduler.ScheduleExpression.rate(SWEEP_RATE),
      // A missed tick is covered by the next one; retrying an old tick would only overlap it.
      target: new schedulerTargets.LambdaInvoke(sweep, { role: schedulerRole, retryAttempts: 0, maxEventAge: Duration.minutes(1) }),
    });

    // ---- HTTP API -----------------------------------------------------------------------------------
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Dutch match API (reached through CloudFront /api/*)',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('Api', apiFn, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      }),
    });
    httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { ...API_THROTTLE },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        // No source IP and no headers: the path holds only match ids; secrets never leave the fragment.
        format: apigwAccessLogFormat(),
      },
    });

    // ---- Static site + CloudFront ------------------------------------------------------------------
    const deployLogs = new logs.LogGroup(this, 'DeployLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const headersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Same security headers as the local server (functions/http/security-headers.ts)',
      ...responseHeaders(),
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Pages of the single-page app get index.html',
    });
    const forwardHost = new cloudfront.Function(this, 'ForwardHost', {
      code: cloudfront.FunctionCode.fromInline(FORWARD_HOST_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Passes the site host name to the API in x-forwarded-host',
    });
    const certificate =
      props.domainName && props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Dutch: site and /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(certificate && props.domainName
        ? { certificate, domainNames: [props.domainName], minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        compress: true,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(`${httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // Never cached at the edge; with caching off, AllViewerExceptHostHeader also passes
          // Authorization and If-None-Match through, so 304 polling works end to end.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy: headersPolicy,
          functionAssociations: [{ function: forwardHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    const siteUrl = props.domainName ? `https://${props.domainName}` : `https://${this.distribution.distributionDomainName}`;
    // The dispatcher and the sweep write links into mail and pushes; the API takes its host from the
    // request (x-forwarded-host), since referencing the distribution there would be a cycle.
    dispatcher.addEnvironment('PUBLIC_URL', siteUrl);
    sweep.addEnvironment('PUBLIC_URL', siteUrl);

    this.deploySite(site, webDist, deployLogs);

    // ---- Alarms -----------------------------------------------------------------------------------
    const alarmTopic = new sns.Topic(this, 'Alarms', { displayName: 'Dutch alarms', enforceSSL: true });
    if (props.alarmEmail) alarmTopic.addSubscription(new snsSubs.EmailSubscription(props.alarmEmail));
    const notify = new cwActions.SnsAction(alarmTopic);
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const a = new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(notify);
      return a;
    };
    const fiveMinutes = { period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM };
    for (const [name, fn] of Object.entries(this.functions)) {
      alarm(`${cap(name)}Errors`, fn.metricErrors(fiveMinutes), 1, `The ${name} function failed at least once in 5 minutes`);
      alarm(`${cap(name)}Throttles`, fn.metricThrottles(fiveMinutes), 1, `The ${name} function was throttled (reserved concurrency reached)`);
    }
    alarm(
      'DeadLetterDepth',
      this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM }),
      1,
      'Notification batches gave up after their retries and wait in the dead-letter queue',
    );
    alarm(
      'DispatcherIteratorAge',
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'IteratorAge',
        dimensionsMap: { FunctionName: dispatcher.functionName },
        period: Duration.minutes(5),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      10 * 60 * 1000,
      'Notifications are more than 10 minutes behind the moves',
    );

    // ---- Outputs ----------------------------------------------------------------------------------
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'VapidSecretArn', { value: vapidKeys.secretArn });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.deadLetters.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarmTopic.topicArn });
    mailIdentity.dkimRecords.forEach((r, i) =>
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${r.name} CNAME ${r.value}`, description: 'Add to the SenderDomain DNS zone' }),
    );

    acknowledgeFindings(this, {
      customDomain: Boolean(certificate),
      sweepLogicalId: this.getLogicalId(sweep.node.defaultChild as lambda.CfnFunction),
    });
  }

  /**
   * Two uploads of the built site: hashed bundles as immutable, everything else (pages, the service
   * worker, robots.txt) as no-cache, the same rule as the local server. The second prunes stale pages;
   * old hashed bundles stay for tabs that are still open.
   */
  private deploySite(site: s3.IBucket, dir: string, logGroup: logs.ILogGroup) {
    const files = filesUnder(dir);
    const hashed = files.filter((f) => HASHED.test(f));
    const sources = [s3deploy.Source.asset(dir)];
    // A site that brings its own robots.txt has been checked by checkSite().
    if (!files.includes('robots.txt')) sources.push(s3deploy.Source.data('robots.txt', ROBOTS_TXT));
    if (hashed.length) {
      new s3deploy.BucketDeployment(this, 'DeployBundles', {
        destinationBucket: site,
        memoryLimit: 256,
        logGroup,
        sources: [s3deploy.Source.asset(dir)],
        exclude: ['*'],
        include: HASHED_GLOBS,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
    }
    new s3deploy.BucketDeployment(this, 'DeployPages', {
      destinationBucket: site,
      memoryLimit: 256,
      logGroup,
      sources,
      // Excluded files are neither uploaded nor pruned here, so older bundles survive for open tabs.
      exclude: HASHED_GLOBS,
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      cacheControl: [s3deploy.CacheControl.noCache()],
    });
  }
}

/** The built site must exist, and a robots.txt of its own must still keep every page out of search engines. */
function checkSite(dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the site first (npm run synth does).`);
  }
  const robots = join(dir, 'robots.txt');
  if (existsSync(robots) && !/^Disallow:\s*\/\s*$/im.test(readFileSync(robots, 'utf8'))) {
    throw new Error(`${dir}/robots.txt must disallow everything (match links are secrets)`);
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** JSON access log lines; HTTP APIs take the same $context variables as the v1 helper builds. */
function apigwAccessLogFormat(): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: AccessLogField.contextRequestId(),
      time: AccessLogField.contextRequestTime(),
      method: AccessLogField.contextHttpMethod(),
      path: AccessLogField.contextPath(),
      status: AccessLogField.contextStatus(),
      latencyMs: AccessLogField.contextResponseLatency(),
      integrationLatencyMs: AccessLogField.contextIntegrationLatency(),
      error: AccessLogField.contextErrorMessage(),
    }),
  );
}
