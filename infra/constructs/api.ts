/**
 * The match API: the hono app (functions/lambda/api.ts) on Lambda, reached through a function URL (auth type
 * NONE) that only CloudFront can use: the distribution adds a secret origin header (`OriginVerify`, a Secrets
 * Manager secret `{"current","previous"}`) which the function checks before any other work
 * (functions/lambda/origin-verify.ts). No API Gateway in front: no stage throttle; the function's reserved
 * concurrency (a stack parameter, infra/front-door.ts), WAF's per-client rules and the app's own caps stand in
 * for it (docs/decisions/function-url.md). CloudFront reaches it at `origin` (infra/constructs/site.ts).
 */
import { Duration, Fn } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lambda/origin-verify.js';
import type { DataTable } from './data.js';
import { DutchFunction } from './function.js';

export { ORIGIN_VERIFY_HEADER };
/** Sent beside the secret header: raising it (`-c originVerifyGeneration=`) makes CloudFront read the secret again. */
export const ORIGIN_VERIFY_GENERATION_HEADER = 'x-origin-verify-generation';

export interface MatchApiProps {
  data: DataTable;
  /** Absent: no reservation (the default, infra/front-door.ts says why). With one, it is also the API's ceiling. */
  reservedConcurrency?: number;
  /** The site's address when it is known before CloudFront exists (a custom domain). */
  publicUrl?: string;
  /** Raised by an operator after rotating the origin secret, so that CloudFront takes the new value (docs/deploy.md). */
  originVerifyGeneration?: number;
}

export class MatchApi {
  readonly function: DutchFunction;
  /** The function's URL (auth type NONE): CloudFront's origin for /api/*. */
  readonly url: lambda.FunctionUrl;
  /** `{"current","previous"}`: the header CloudFront sends and the function accepts. */
  readonly originVerify: secrets.Secret;
  private readonly generation: number;
  /** The key that seals the seat tokens of signed-in players' records (functions/players/vault.ts). */
  readonly seatKey: secrets.Secret;

  /** Adds `ApiFunction` (with its log group and role), `SeatKey`, `OriginVerify` and the function's URL to `scope`. */
  constructor(scope: Construct, { data, reservedConcurrency, publicUrl, originVerifyGeneration = 1 }: MatchApiProps) {
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

    // 40 letters and digits (238 bits): guessing it is hopeless, and it is sent only from CloudFront to Lambda over TLS.
    this.originVerify = new secrets.Secret(scope, 'OriginVerify', {
      description:
        'The header CloudFront adds to /api/* requests and the API function requires: {"current","previous"}; rotation in docs/deploy.md.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ previous: '' }),
        generateStringKey: 'current',
        passwordLength: 40,
        excludePunctuation: true,
        includeSpace: false,
      },
    });
    this.originVerify.grantRead(this.function);
    this.function.addEnvironment('ORIGIN_VERIFY_SECRET_ID', this.originVerify.secretArn);
    this.generation = originVerifyGeneration;
    // Auth type NONE: origin access control would sign each request, but Lambda then requires the body's SHA-256
    // from the viewer on POST and PUT, which the server's own HTML forms cannot send (docs/decisions/function-url.md).
    this.url = this.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE, invokeMode: lambda.InvokeMode.BUFFERED });
  }

  /** CloudFront's origin for /api/*: the function URL's host, over TLS, with the secret header. */
  get origin(): cloudfront.IOrigin {
    return new origins.FunctionUrlOrigin(this.url, {
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: this.originVerify.secretValueFromJson('current').unsafeUnwrap(),
        [ORIGIN_VERIFY_GENERATION_HEADER]: String(this.generation),
      },
      readTimeout: Duration.seconds(30),
    });
  }

  /** The host name CloudFront forwards /api/* to (`<id>.lambda-url.<region>.on.aws`). */
  get originDomainName(): string {
    return Fn.select(2, Fn.split('/', this.url.url));
  }
}
