/**
 * The site's guard as a whole: AWS WAF rate-based rules on the CloudFront distribution, counted per client
 * address, so the limits grow with the number of players instead of one counter for everyone (which anyone
 * with a few networks could fill). A web ACL for CloudFront must live in us-east-1 whatever the site's region,
 * so it is a small stack of its own there; the site's stack takes its ARN across regions (stack.ts
 * `composeStacks`). Blocked requests get a 429, like the API's own caps.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { LIVE_PATH } from '../../functions/live/protocol.js';

/** WAF counts over this window (seconds; one of 60, 120, 300, 600). */
export const EDGE_WINDOW_SECONDS = 300;

/** Requests per client address per window before WAF answers 429 for a while. */
export const EDGE_RATE_LIMITS = {
  /**
   * Sign-in link requests (POST /api/session/link). The API mails a network at most 10 links an hour and
   * an address 3; this stops a flood before it costs a Lambda call and a transaction each.
   */
  signInLinks: 20,
  /**
   * New live sockets (GET /live, the WebSocket handshake; messages on an open socket do not pass CloudFront
   * again). A page opens one per visit and again after a drop: 120 is one every 2.5 s for 5 minutes, many
   * players behind one school address included; a client opening sockets in a loop is held before each costs
   * a function call.
   */
  liveConnects: 120,
  /** Everything else: about 10 requests a second for 5 minutes, far above a page polling or a busy school network. */
  everything: 3000,
} as const;

export const EDGE_REGION = 'us-east-1';

export class EdgeFirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  /** What the distribution's `webAclId` takes. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    this.webAcl = new wafv2.CfnWebACL(this, 'EdgeFirewall', {
      scope: 'CLOUDFRONT',
      description: 'Dutch: per-client rate limits for the whole site, infra/constructs/firewall.ts',
      defaultAction: { allow: {} },
      // Metrics only: sampled requests would keep viewers' addresses.
      visibilityConfig: visibility('EdgeFirewall'),
      rules: [
        rateRule('SignInLinksPerClient', 0, EDGE_RATE_LIMITS.signInLinks, {
          andStatement: {
            statements: [
              { byteMatchStatement: exact('/api/session/link', { uriPath: {} }) },
              { byteMatchStatement: exact('POST', { method: {} }) },
            ],
          },
        }),
        rateRule('LiveConnectsPerClient', 1, EDGE_RATE_LIMITS.liveConnects, {
          byteMatchStatement: {
            searchString: LIVE_PATH,
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        }),
        // Everything else, /api/* included: the API's stage throttle is one counter for all, so this is the per-client cap.
        rateRule('RequestsPerClient', 2, EDGE_RATE_LIMITS.everything),
      ],
    });
    this.webAclArn = this.webAcl.attrArn;
  }
}

function rateRule(name: string, priority: number, limit: number, scopeDownStatement?: wafv2.CfnWebACL.StatementProperty) {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        evaluationWindowSec: EDGE_WINDOW_SECONDS,
        limit,
        ...(scopeDownStatement ? { scopeDownStatement } : {}),
      },
    },
    visibilityConfig: visibility(name),
  } satisfies wafv2.CfnWebACL.RuleProperty;
}

function exact(value: string, fieldToMatch: wafv2.CfnWebACL.FieldToMatchProperty): wafv2.CfnWebACL.ByteMatchStatementProperty {
  return { searchString: value, fieldToMatch, positionalConstraint: 'EXACTLY', textTransformations: [{ priority: 0, type: 'NONE' }] };
}

const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false });
