/**
 * The site and the CDN: the built web app in a private bucket behind CloudFront with origin access
 * control, the same security headers as the local server, the two CloudFront Functions of infra/edge.ts,
 * `/api/*` routed through the same distribution to the API function's URL (with the secret origin header,
 * infra/constructs/api.ts), and the two uploads of the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { SECURITY_HEADERS, siteSecurityHeaders } from '../../functions/http/security-headers.js';
import { FORWARD_HOST_CODE, ROBOTS_TXT, SPA_REWRITE_CODE } from '../edge.js';
import { LOG_RETENTION } from './function.js';

/**
 * Hashed bundles (name.XXXXXXXX.js/css), as globs for `aws s3 sync` and the same test as a regex.
 * The local server marks the same files immutable (functions/local/server.ts).
 */
export const HASHED_GLOBS = ['*.????????.js', '*.????????.css'];
const HASHED = /\..{8}\.(js|css)$/;

export interface SiteProps {
  /** The built site (absolute); checkSite() has passed it. */
  webDist: string;
  /** The origin of /api/*: the API function's URL with the secret origin header (MatchApi.origin). */
  apiOrigin: cloudfront.IOrigin;
  /** Site host name with an ACM certificate in us-east-1; else the CloudFront name. */
  domainName?: string;
  certificateArn?: string;
  /** The WAF web ACL (in us-east-1) with the site's per-client rate limits (firewall.ts). */
  webAclArn?: string;
}

export class Site {
  readonly distribution: cloudfront.Distribution;
  /** Whether the distribution serves a custom domain with its own certificate. */
  readonly customDomain: boolean;
  /** The address players reach the site at. */
  readonly url: string;

  /**
   * Adds to `scope` (the stack, so the logical ids stay put): `DeployLogs`, `Site`, `SecurityHeaders`,
   * `SpaRewrite`, `ForwardHost`, `Certificate` with a custom domain, `Distribution` and the two deployments.
   */
  constructor(scope: Construct, props: SiteProps) {
    const deployLogs = new logs.LogGroup(scope, 'DeployLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const bucket = new s3.Bucket(scope, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const certificate =
      props.domainName && props.certificateArn ? acm.Certificate.fromCertificateArn(scope, 'Certificate', props.certificateArn) : undefined;
    this.customDomain = Boolean(certificate);
    this.distribution = distribution(
      scope,
      bucket,
      props.apiOrigin,
      certificate && props.domainName ? { certificate, domainName: props.domainName } : undefined,
      props.webAclArn,
      siteSecurityHeaders(readFileSync(join(props.webDist, 'index.html'), 'utf8')),
    );
    this.url = props.domainName ? `https://${props.domainName}` : `https://${this.distribution.distributionDomainName}`;
    deploySite(scope, { bucket, dir: props.webDist, logGroup: deployLogs, distribution: this.distribution });
  }
}

function distribution(
  scope: Construct,
  bucket: s3.IBucket,
  apiOrigin: cloudfront.IOrigin,
  custom: { certificate: acm.ICertificate; domainName: string } | undefined,
  webAclArn: string | undefined,
  headers: Readonly<Record<string, string>>,
): cloudfront.Distribution {
  // The CSP names the built page's inline first script by its hash: the same headers the local server sends.
  const headersPolicy = new cloudfront.ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'Same security headers as the local server (functions/http/security-headers.ts)',
    ...responseHeaders(headers),
  });
  const spaRewrite = new cloudfront.Function(scope, 'SpaRewrite', {
    code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: 'Pages of the single-page app get index.html',
  });
  const forwardHost = new cloudfront.Function(scope, 'ForwardHost', {
    code: cloudfront.FunctionCode.fromInline(FORWARD_HOST_CODE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    comment: 'Passes the site host name to the API in x-forwarded-host',
  });
  return new cloudfront.Distribution(scope, 'Distribution', {
    comment: 'Dutch: site and /api',
    defaultRootObject: 'index.html',
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    ...(webAclArn ? { webAclId: webAclArn } : {}),
    ...(custom
      ? {
          certificate: custom.certificate,
          domainNames: [custom.domainName],
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    defaultBehavior: {
      origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      responseHeadersPolicy: headersPolicy,
      functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    },
    additionalBehaviors: {
      '/api/*': {
        origin: apiOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        // Never cached at the edge; with caching off, AllViewerExceptHostHeader also passes
        // Authorization and If-None-Match through, so 304 polling works end to end. Not Host: the
        // function URL answers only under its own host name.
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        compress: true,
        responseHeadersPolicy: headersPolicy,
        functionAssociations: [{ function: forwardHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
    },
  });
}

/**
 * Two uploads of the built site: hashed bundles as immutable, everything else (pages, the service
 * worker, robots.txt) as no-cache, the same rule as the local server. The second prunes stale pages;
 * old hashed bundles stay for tabs that are still open.
 */
function deploySite(
  scope: Construct,
  {
    bucket,
    dir,
    logGroup,
    distribution,
  }: { bucket: s3.IBucket; dir: string; logGroup: logs.ILogGroup; distribution: cloudfront.IDistribution },
): void {
  const files = filesUnder(dir);
  const hashed = files.filter((f) => HASHED.test(f));
  const sources = [s3deploy.Source.asset(dir)];
  // A site that brings its own robots.txt has been checked by checkSite().
  if (!files.includes('robots.txt')) sources.push(s3deploy.Source.data('robots.txt', ROBOTS_TXT));
  if (hashed.length) {
    new s3deploy.BucketDeployment(scope, 'DeployBundles', {
      destinationBucket: bucket,
      memoryLimit: 256,
      logGroup,
      sources: [s3deploy.Source.asset(dir)],
      exclude: ['*'],
      include: HASHED_GLOBS,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
    });
  }
  new s3deploy.BucketDeployment(scope, 'DeployPages', {
    destinationBucket: bucket,
    memoryLimit: 256,
    logGroup,
    sources,
    // Excluded files are neither uploaded nor pruned here, so older bundles survive for open tabs.
    exclude: HASHED_GLOBS,
    prune: true,
    distribution,
    distributionPaths: ['/*'],
    cacheControl: [s3deploy.CacheControl.noCache()],
  });
}

/** The built site must exist, and a robots.txt of its own must still keep every page out of search engines. */
export function checkSite(dir: string): void {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html is missing: build the site first (npm run synth does).`);
  }
  const robots = join(dir, 'robots.txt');
  if (existsSync(robots) && !/^Disallow:\s*\/\s*$/im.test(readFileSync(robots, 'utf8'))) {
    throw new Error(`${dir}/robots.txt must disallow everything (match links are secrets)`);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
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
      case 'strict-transport-security':
        security.strictTransportSecurity = strictTransportSecurity(value);
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, ...(custom.length ? { customHeadersBehavior: { customHeaders: custom } } : {}) };
}

function strictTransportSecurity(value: string): cloudfront.ResponseHeadersStrictTransportSecurity {
  const parts = value
    .split(';')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const maxAge = /^max-age=(\d+)$/.exec(parts[0] ?? '');
  const rest = new Set(parts.slice(1));
  if (!maxAge || [...rest].some((p) => p !== 'includesubdomains' && p !== 'preload')) {
    throw new Error(`Strict-Transport-Security ${value} has no CloudFront equivalent`);
  }
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
    includeSubdomains: rest.has('includesubdomains'),
    preload: rest.has('preload'),
    override: true,
  };
}
