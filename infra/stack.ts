/**
 * The whole site as one CDK stack, composed of a few parts (infra/constructs/): the function defaults
 * every Lambda shares (function.ts), the single-table DynamoDB design (data.ts), the hono API on Lambda
 * behind its function URL, usable only through CloudFront (api.ts), mail, push keys, the notification dispatcher and the
 * reminder/deadline sweep and the daily-digest run on EventBridge Scheduler (notifications.ts), the computer players
 * (bots.ts), the live channel's WebSocket API and its pokes (live.ts), the table's one stream reader sending to a queue
 * per consumer (stream.ts), the static site in a private bucket behind CloudFront, which also routes
 * /api/* (site.ts), alarms (alarms.ts) and the operator's dashboard (dashboard.ts); the front door's limits are
 * parameters sized for 1 M daily players (front-door.ts). It deploys the same code the local server runs.
 */
import { resolve } from 'node:path';
import { type App, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { Alarms } from './constructs/alarms.js';
import { OpsDashboard } from './constructs/dashboard.js';
import { MatchApi } from './constructs/api.js';
import { BotPlayers } from './constructs/bots.js';
import { DataTable } from './constructs/data.js';
import { LiveChannel } from './constructs/live.js';
import { Notifications } from './constructs/notifications.js';
import { EDGE_REGION, EdgeFirewallStack } from './constructs/firewall.js';
import { checkSite, Site } from './constructs/site.js';
import { StreamFanOut } from './constructs/stream.js';
import type { FunctionName } from './functions.js';
import { type FrontDoorLimits, frontDoor } from './front-door.js';
import { acknowledgeFindings } from './nag.js';

export { ORIGIN_VERIFY_GENERATION_HEADER, ORIGIN_VERIFY_HEADER } from './constructs/api.js';
export {
  API_MEAN_SECONDS,
  API_MIN_RESERVATION,
  FRONT_DOOR,
  FRONT_DOOR_KEYS,
  type FrontDoorLimits,
  frontDoor,
  PER_DAU_DAY,
  PEAK_FACTOR,
  peakPerSecond,
} from './front-door.js';
export { BOT_BATCH_SIZE, BOT_MAX_RECEIVES, BOT_VISIBILITY, BOTS_RESERVED_CONCURRENCY } from './constructs/bots.js';
export { STREAM_BATCH_SIZE, STREAM_READER_CONCURRENCY, STREAM_RETRY_ATTEMPTS } from './constructs/stream.js';
export { tableIndexes } from './constructs/data.js';
export { LIVE_CONNECT_THROTTLE, LIVE_POKE_BATCH_SIZE, LIVE_STAGE, LIVE_THROTTLE } from './constructs/live.js';
export { LOG_RETENTION, TABLE_ACTIONS } from './constructs/function.js';
export {
  DIGEST_RATE,
  DIGEST_RESERVED_CONCURRENCY,
  DISPATCHER_RESERVED_CONCURRENCY,
  DISPATCH_MAX_RECEIVES,
  SENDER_NAME,
  SWEEP_RATE,
  SWEEP_RESERVED_CONCURRENCY,
} from './constructs/notifications.js';
export { HASHED_GLOBS, responseHeaders } from './constructs/site.js';
export { EDGE_RATE_LIMITS, EDGE_WINDOW_SECONDS, EdgeFirewallStack } from './constructs/firewall.js';

export interface DutchStackProps extends StackProps {
  /** The built site; defaults to web/dist. It must exist (infra/app.ts builds it first). */
  webDist?: string;
  /** Site host name (e.g. play.dutch.example) with an ACM certificate in us-east-1; else the CloudFront name. */
  domainName?: string;
  certificateArn?: string;
  /** Alarm notifications go to this address (an SNS e-mail subscription) when given. */
  alarmEmail?: string;
  /** The front door's throttles and reservations (infra/front-door.ts); each absent one takes its 1 M DAU default. */
  frontDoor?: Partial<FrontDoorLimits>;
  /** Raise after rotating the origin secret (docs/deploy.md): CloudFront then sends the new value. Default 1. */
  originVerifyGeneration?: number;
  /** The WAF web ACL of the CloudFront distribution (EdgeFirewallStack, us-east-1): per-client rate limits for the site. */
  webAclArn?: string;
}

export class DutchStack extends Stack {
  readonly table: dynamodb.Table;
  readonly functions: Record<FunctionName, nodejs.NodejsFunction>;
  readonly distribution: cloudfront.Distribution;
  readonly deadLetters: sqs.Queue;
  readonly botDeadLetters: sqs.Queue;
  readonly live: LiveChannel;
  /** The one stream reader and the queue of each consumer (infra/constructs/stream.ts). */
  readonly stream: StreamFanOut;

  /**
   * Every part adds its resources to this stack itself rather than to a child construct of its own: a
   * child's id would become part of every logical id below it, and a new logical id replaces the resource
   * on the next deploy (the table with all its items). The ids are those of the one-constructor stack.
   */
  constructor(scope: Construct, id: string, props: DutchStackProps = {}) {
    super(scope, id, props);
    const webDist = resolve(props.webDist ?? 'web/dist');
    checkSite(webDist);

    const limits = frontDoor(props.frontDoor);
    const data = new DataTable(this);
    const api = new MatchApi(this, {
      data,
      ...(limits.apiReservedConcurrency !== undefined ? { reservedConcurrency: limits.apiReservedConcurrency } : {}),
      publicUrl: props.domainName ? `https://${props.domainName}` : undefined,
      ...(props.originVerifyGeneration !== undefined ? { originVerifyGeneration: props.originVerifyGeneration } : {}),
    });
    const notifications = new Notifications(this, { data });
    // Confirmation mail goes out from the API, everything else from the dispatcher; both serve or use the VAPID keys.
    notifications.allowMessaging(api.function);
    const site = new Site(this, {
      webDist,
      apiOrigin: api.origin,
      domainName: props.domainName,
      certificateArn: props.certificateArn,
      webAclArn: props.webAclArn,
    });
    notifications.linkSite(site.url);
    const bots = new BotPlayers(this, { data });
    // The live channel: a WebSocket API at /live of the site, poked from the table's stream.
    const live = new LiveChannel(this, { data, limits });
    live.linkSite(site.url, site.distribution);
    this.live = live;
    // The one reader of the table's stream, sending to the consumers' queues.
    this.stream = new StreamFanOut(this, { data, queues: { notify: notifications.consumer, bots: bots.consumer, live: live.consumer } });

    this.table = data.table;
    this.functions = {
      api: api.function,
      streamReader: this.stream.reader,
      dispatcher: notifications.dispatcher,
      sweep: notifications.sweep,
      digest: notifications.digest,
      bots: bots.function,
      liveSocket: live.socket,
      livePoke: live.poke,
    };
    this.distribution = site.distribution;
    this.deadLetters = notifications.deadLetters;
    this.botDeadLetters = bots.deadLetters;
    const alarms = new Alarms(this, {
      functions: this.functions,
      queues: [notifications.consumer, bots.consumer, live.consumer],
      streamDeadLetters: this.stream.deadLetters,
      alarmEmail: props.alarmEmail,
      api: api.function,
      data,
    });
    // Last: it finds every queue and stream reader made above.
    const dashboard = new OpsDashboard(this, { api: api.function, data, functions: this.functions });

    new CfnOutput(this, 'SiteUrl', { value: site.url });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'VapidSecretArn', { value: notifications.vapidKeys.secretArn });
    new CfnOutput(this, 'SeatKeySecretArn', { value: api.seatKey.secretArn });
    new CfnOutput(this, 'OriginVerifySecretArn', { value: api.originVerify.secretArn });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: this.deadLetters.queueUrl });
    new CfnOutput(this, 'BotDeadLetterQueueUrl', { value: this.botDeadLetters.queueUrl });
    new CfnOutput(this, 'StreamDeadLetterQueueUrl', { value: this.stream.deadLetters.queueUrl });
    new CfnOutput(this, 'LiveApiUrl', { value: live.stage.url });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: dashboard.dashboard.dashboardName });
    notifications.mailIdentity.dkimRecords.forEach(
      (r, i) =>
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${r.name} CNAME ${r.value}`, description: 'Add to the SenderDomain DNS zone' }),
    );

    acknowledgeFindings(this, {
      customDomain: site.customDomain,
      firewall: props.webAclArn !== undefined,
      sweepLogicalId: this.getLogicalId(notifications.sweep.node.defaultChild as lambda.CfnFunction),
      digestLogicalId: this.getLogicalId(notifications.digest.node.defaultChild as lambda.CfnFunction),
    });
  }
}

/**
 * The stacks `cdk deploy --all` deploys: the site in its region and, in us-east-1 (where a web ACL for
 * CloudFront must be), its firewall, whose ARN the site's stack reads across regions. Without a region
 * (a synth with no AWS profile) the site has no firewall.
 */
export function composeStacks(app: App, name: string, props: DutchStackProps): { site: DutchStack; edge?: EdgeFirewallStack } {
  const region = props.env?.region;
  if (!region) return { site: new DutchStack(app, name, props) };
  const edge = new EdgeFirewallStack(app, `${name}Edge`, {
    description: 'Dutch: the CloudFront firewall (per-client rate limits), in us-east-1 as WAF requires',
    env: { account: props.env?.account, region: EDGE_REGION },
    crossRegionReferences: true,
  });
  const site = new DutchStack(app, name, { ...props, crossRegionReferences: true, webAclArn: edge.webAclArn });
  return { site, edge };
}
