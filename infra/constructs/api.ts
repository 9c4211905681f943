/**
 * The match API: the hono app (functions/lambda/api.ts) on Lambda behind an HTTP API whose `$default` stage
 * throttles (a stack parameter sized for 1 M DAU by default, infra/front-door.ts) and writes a JSON access log. CloudFront reaches it at `originDomainName` (infra/constructs/site.ts).
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogField, AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { FRONT_DOOR } from '../front-door.js';
import type { DataTable } from './data.js';
import { DutchFunction, LOG_RETENTION } from './function.js';

/** HTTP API stage throttling by default: steady requests per second and burst, for 1 M DAU (infra/front-door.ts). */
export const API_THROTTLE = { rateLimit: FRONT_DOOR.apiRateLimit, burstLimit: FRONT_DOOR.apiBurstLimit } as const;

export interface MatchApiProps {
  data: DataTable;
  /** The stage's throttle (a stack parameter); API_THROTTLE when absent. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** Absent: no reservation (the default, infra/front-door.ts says why). */
  reservedConcurrency?: number;
  /** The site's address when it is known before CloudFront exists (a custom domain). */
  publicUrl?: string;
}

export class MatchApi {
  readonly function: DutchFunction;
  readonly httpApi: apigw.HttpApi;
  /** The key that seals the seat tokens of signed-in players' records (functions/players/vault.ts). */
  readonly seatKey: secrets.Secret;

  /** Adds `ApiFunction` (with its log group and role), `SeatKey`, `ApiAccessLogs` and `HttpApi` to `scope`. */
  constructor(scope: Construct, { data, throttle = API_THROTTLE, reservedConcurrency, publicUrl }: MatchApiProps) {
    // Without a custom domain the API takes the site's host from the request (x-forwarded-host):
    // referencing the distribution here would be a cycle, since the distribution references the API.
    this.function = new DutchFunction(scope, {
      name: 'api',
      ...(reservedConcurrency !== undefined ? { reservedConcurrency } : {}),
      environment: publicUrl ? { PUBLIC_URL: publicUrl } : {},
    });
    this.function.bindTable(data);
    // Made at deploy time, read by the API alone at cold start (functions/lambda/seat-key.ts): 43 letters
    // and digits are 256 random bits and read as base64url, 32 bytes. Kept out of the table, so a leaked
    // table opens no seat.
    this.seatKey = new secrets.Secret(scope, 'SeatKey', {
      description: 'Seals the seat tokens of signed-in players (AES-256-GCM); made at deploy time, never rotated automatically.',
      generateSecretString: { passwordLength: 43, excludePunctuation: true, includeSpace: false },
    });
    this.seatKey.grantRead(this.function);
    this.function.addEnvironment('SEAT_KEY_SECRET_ID', this.seatKey.secretArn);

    const accessLogs = new logs.LogGroup(scope, 'ApiAccessLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.httpApi = new apigw.HttpApi(scope, 'HttpApi', {
      description: 'Dutch match API (reached through CloudFront /api/*)',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('Api', this.function, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      }),
    });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: throttle.rateLimit, burstLimit: throttle.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        // No source IP and no headers: the path holds only match ids; secrets never leave the fragment.
        format: accessLogFormat(),
      },
    });
  }

  /** The host name CloudFront forwards /api/* to. */
  get originDomainName(): string {
    const stack = Stack.of(this.httpApi);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

/** JSON access log lines; HTTP APIs take the same $context variables as the v1 helper builds. */
function accessLogFormat(): AccessLogFormat {
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
