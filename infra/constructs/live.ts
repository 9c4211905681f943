/**
 * The live channel on AWS: an API Gateway WebSocket API (stage `live`) whose $connect, $default and
 * $disconnect routes run one function (functions/lambda/live-socket.ts), subscriptions kept in the table
 * with a TTL, and a poke function (functions/lambda/live-poke.ts) on its own queue, fed with the match items
 * written by the one stream reader (./stream.ts), that posts "match X is at version N" to each subscriber. CloudFront routes `/live` of the site to
 * the stage, so the page opens `wss://<site>/live` as it opens `/live` under `npm start`.
 *
 * Least privilege: both functions get the live actions on the table alone (no index); only they may
 * PostToConnection, and only on this API's stage. Pokes are not worth retrying (a late one is stale,
 * and the pages' safety-net polling covers a lost one): two receives, messages older than a minute dropped,
 * what still fails goes to a dead-letter queue of its own, as for the other consumers.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { FRONT_DOOR, type FrontDoorLimits } from '../front-door.js';
import { LIVE_PATH } from '../../functions/live/protocol.js';
import { FUNCTIONS, LIVE_TABLE_ACTIONS } from '../functions.js';
import type { DataTable } from './data.js';
import { DutchFunction, LOG_RETENTION } from './function.js';
import { ConsumerQueue, concurrencyParameter } from './stream.js';

/** The stage's name is the path CloudFront forwards: `/live` on the site is the stage `live`. */
export const LIVE_STAGE = LIVE_PATH.slice(1);
/** Messages per second to the WebSocket API (connects, subscribes, disconnects), steady and burst, by default for 1 M DAU (infra/front-door.ts). */
export const LIVE_THROTTLE = { rateLimit: FRONT_DOOR.liveRateLimit, burstLimit: FRONT_DOOR.liveBurstLimit } as const;
/**
 * New sockets per second ($connect), for the whole site, by default for 1 M DAU: a page opens one, and again
 * after a drop or 2 hours. A client opening sockets in a loop is held by WAF per address (LiveConnectsPerClient,
 * infra/constructs/firewall.ts); per connection, the socket function closes one past its message rate
 * (functions/live/limits.ts).
 */
export const LIVE_CONNECT_THROTTLE = { rateLimit: FRONT_DOOR.liveConnectRateLimit, burstLimit: FRONT_DOOR.liveConnectBurstLimit } as const;
/**
 * Pokes side by side at most (the parameter `LivePokeConcurrency`'s default). At 1 M DAU: 22 match writes per
 * player a day (20 moves, 2 computer moves), 5× at the peak hour ≈ 1,273/s of ~0.03 s each (a Query and a post
 * per subscriber) ≈ 38 at once (infra/capacity.ts, counting no folding within a batch); 50 leaves 1.3× room,
 * more with folding.
 */
export const LIVE_POKE_RESERVED_CONCURRENCY = 50;
export const LIVE_POKE_BATCH_SIZE = 10;

export class LiveChannel {
  readonly socket: DutchFunction;
  readonly poke: DutchFunction;
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly consumer: ConsumerQueue;

  /**
   * Adds to `scope` (the stack) `LiveSocketFunction`, `LivePokeFunction`, `LiveApi`, `LiveStage`, `LiveAccessLogs`,
   * `LivePokeQueue`, `LiveDeadLetters` and the parameter `LivePokeConcurrency`.
   */
  constructor(scope: Construct, { data, limits = FRONT_DOOR }: { data: DataTable; limits?: FrontDoorLimits }) {
    const reserved = limits.liveSocketReservedConcurrency;
    this.socket = new DutchFunction(scope, { name: 'liveSocket', ...(reserved !== undefined ? { reservedConcurrency: reserved } : {}) });
    const pokes = concurrencyParameter(scope, 'LivePokeConcurrency', LIVE_POKE_RESERVED_CONCURRENCY, 'the live channel pokes');
    this.poke = new DutchFunction(scope, { name: 'livePoke', reservedConcurrency: pokes.valueAsNumber });
    for (const fn of [this.socket, this.poke]) fn.bindTable(data, { actions: LIVE_TABLE_ACTIONS, indexes: false });

    const integration = (id: string) => new WebSocketLambdaIntegration(id, this.socket);
    this.api = new apigw.WebSocketApi(scope, 'LiveApi', {
      description: 'The live channel: pokes with the new version of a match',
      connectRouteOptions: { integration: integration('LiveConnect') },
      disconnectRouteOptions: { integration: integration('LiveDisconnect') },
      defaultRouteOptions: { integration: integration('LiveDefault') },
    });
    const accessLogs = new logs.LogGroup(scope, 'LiveAccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new apigw.WebSocketStage(scope, 'LiveStage', {
      webSocketApi: this.api,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: limits.liveRateLimit, burstLimit: limits.liveBurstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        // No connection ids, no IPs, no message bodies (which hold tokens).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            route: '$context.routeKey',
            status: '$context.status',
            integrationLatencyMs: '$context.integrationLatency',
            error: '$context.error.message',
          }),
        ),
      },
    });
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = {
      $connect: { ThrottlingRateLimit: limits.liveConnectRateLimit, ThrottlingBurstLimit: limits.liveConnectBurstLimit },
    };
    // A route's settings need the route to exist first.
    for (const route of this.api.node.findAll().filter((c) => c instanceof apigw.CfnRoute)) cfnStage.node.addDependency(route);
    for (const fn of [this.socket, this.poke]) {
      this.stage.grantManagementApiAccess(fn);
      fn.addEnvironment('LIVE_ENDPOINT', this.stage.callbackUrl);
    }

    this.consumer = new ConsumerQueue(scope, {
      id: 'LivePoke',
      deadLetterId: 'LiveDeadLetters',
      fn: this.poke,
      concurrency: pokes,
      batchSize: LIVE_POKE_BATCH_SIZE,
      visibility: Duration.seconds(FUNCTIONS.livePoke.timeoutSeconds),
      maxReceiveCount: 2,
      // A poke older than a minute is worth nothing: SQS drops it.
      retention: Duration.minutes(1),
      alarms: {
        maxAge: Duration.seconds(30),
        maxDepth: 10_000,
        behind: 'Live pokes are more than 30 s behind the moves',
        deadLetter: 'Pokes of the live channel failed twice: open pages rely on polling',
      },
    });
  }

  get deadLetters(): sqs.Queue {
    return this.consumer.deadLetters;
  }

  /** The site's origin for $connect's Origin check, and `/live` on the site routed to the stage. */
  linkSite(siteUrl: string, distribution: cloudfront.Distribution): void {
    this.socket.addEnvironment('PUBLIC_URL', siteUrl);
    const stack = Stack.of(this.api);
    distribution.addBehavior(
      LIVE_PATH,
      new origins.HttpOrigin(`${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      {
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        // The WebSocket handshake headers (Sec-WebSocket-*) and Origin pass; Host is the API's own.
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
    );
  }
}
