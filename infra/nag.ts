/**
 * Every cdk-nag AwsSolutions finding this stack accepts, each with its reason. cdk-nag 3 runs as a CDK
 * validation plugin; an acknowledgement is `Validations.of(construct).acknowledge({ id, reason })` on the
 * one construct it concerns, and every IAM wildcard finding is acknowledged one by one.
 */
import { type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export interface Acknowledgement {
  /** Id of a direct child of the stack. */
  path: string;
  id: string;
  reason: string;
}

const NODE_22 =
  'Node 22 is pinned on purpose: it is the runtime the code is typed (@types/node 22) and tested for; moving to a newer runtime is a deliberate upgrade, not a drift.';

export interface AckOptions {
  customDomain: boolean;
  /** Whether the distribution has the WAF web ACL (firewall.ts); without one, CFR2 is acknowledged. */
  firewall?: boolean;
  /** Logical id of the sweep function, which appears in the scheduler role's finding. */
  sweepLogicalId: string;
  /** Logical id of the digest function, likewise. */
  digestLogicalId: string;
}

/** Our own resources: exact rule ids, exact constructs. */
export function ownAcknowledgements(opts: AckOptions): Acknowledgement[] {
  const list: Acknowledgement[] = [
    {
      path: 'VapidKeys',
      id: 'AwsSolutions-SMG4',
      reason:
        "The VAPID key pair identifies this server to the browsers' push services; every push subscription is bound to its public key, so an automatic rotation would silently cut off all web push. Rotation is a manual step (infra/README.md).",
    },
    {
      path: 'SeatKey',
      id: 'AwsSolutions-SMG4',
      reason:
        'The seat key seals the seat tokens kept in signed-in players\' records; a rotation would make every sealed token unreadable (those seats would drop out of "my matches" until claimed again). Rotation is a deliberate manual step.',
    },
    {
      path: 'OriginVerify',
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin secret is the header CloudFront adds to /api/* requests; an automatic rotation would refuse every API call until the distribution is redeployed with the new value. It is rotated by hand in three steps, the old value accepted meanwhile (docs/deploy.md).',
    },
    ...[
      'ApiFunction',
      'StreamReaderFunction',
      'DispatcherFunction',
      'SweepFunction',
      'DigestFunction',
      'BotsFunction',
      'LiveSocketFunction',
      'LivePokeFunction',
    ].map((path) => ({
      path,
      id: 'AwsSolutions-L1',
      reason: NODE_22,
    })),
    ...['StreamReaderRole'].map((path) => ({
      path,
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams (added by the DynamoDB event source) has no resource-level permissions; the stream reads themselves are limited to this table's stream ARN.",
    })),
    {
      path: 'SweepSchedulerRole',
      id: `AwsSolutions-IAM5[Resource::<${opts.sweepLogicalId}.Arn>:*]`,
      reason:
        'The EventBridge Scheduler target grants invoke on the sweep function and its versions (`:*`); it is still this one function, and the role can only be assumed by the scheduler of this account.',
    },
    {
      path: 'DigestSchedulerRole',
      id: `AwsSolutions-IAM5[Resource::<${opts.digestLogicalId}.Arn>:*]`,
      reason:
        'The EventBridge Scheduler target grants invoke on the digest function and its versions (`:*`); it is still this one function, and the role can only be assumed by the scheduler of this account.',
    },
    ...['StreamDeadLetters', 'DispatchDeadLetters', 'BotDeadLetters', 'LiveDeadLetters'].map((path) => ({
      path,
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is itself a dead-letter queue (the stream reader's on-failure destination, or a consumer queue's redrive target); a dead-letter queue behind it would add nothing.",
    })),
    {
      path: 'LiveApi',
      id: 'AwsSolutions-APIG4',
      reason:
        "A WebSocket connection proves nothing by itself and can learn nothing: only a subscribe message carrying a seat token or the spectator secret of that match (checked against its hashes, as every match route does) subscribes it, and what it then receives is the version number alone. $connect refuses other sites' pages by their Origin.",
    },
    {
      path: 'Site',
      id: 'AwsSolutions-S1',
      reason:
        'The bucket is private (block all public access, TLS only) and read only by CloudFront through origin access control; it is written only by the deployment. Server access logs would record nothing an operator needs.',
    },
    {
      path: 'Distribution',
      id: 'AwsSolutions-CFR3',
      reason:
        "CloudFront standard logs would keep every viewer's IP address next to match ids. Operations use CloudFront metrics and the API access log (no IPs, no headers) instead: a privacy choice.",
    },
    {
      path: 'Distribution',
      id: 'AwsSolutions-CFR1',
      reason: 'The site is for players anywhere; there is no legal or business reason to restrict countries.',
    },
  ];
  if (!opts.firewall) {
    list.push({
      path: 'Distribution',
      id: 'AwsSolutions-CFR2',
      reason:
        'Only for a stack synthesized without a region (no us-east-1 firewall stack can be referenced): composeStacks gives every deployed site the WAF web ACL of infra/constructs/firewall.ts.',
    });
  }
  if (!opts.customDomain) {
    list.push({
      path: 'Distribution',
      id: 'AwsSolutions-CFR4',
      reason:
        'Only without a custom domain: the default *.cloudfront.net certificate cannot set a minimum TLS version. With -c domainName and -c certificateArn the distribution enforces TLSv1.2_2021 and this acknowledgement is not made.',
    });
  }
  return list;
}

/**
 * Constructs aws-cdk-lib creates for us (the BucketDeployment handler) whose policies and runtime we do
 * not control: every finding of these rules on them is acknowledged with the reason, each by its own id.
 */
export const CDK_OWNED: { pathPrefix: string; rules: string[]; reason: string }[] = [
  {
    pathPrefix: 'Custom::CDKBucketDeployment',
    rules: ['AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1'],
    reason:
      "The handler of aws-cdk-lib's BucketDeployment: its runtime, managed logging policy and grants (read the CDK asset bucket, write the site bucket, invalidate the distribution, which has no resource-level permission) are set by the CDK, scoped to those two buckets, and run only during a deployment.",
  },
];

export function acknowledgeFindings(stack: Stack, opts: AckOptions): void {
  for (const a of ownAcknowledgements(opts)) {
    const target = stack.node.tryFindChild(a.path);
    if (!target) throw new Error(`cdk-nag acknowledgement for a missing construct: ${a.path}`);
    Validations.of(target).acknowledge({ id: a.id, reason: a.reason });
  }
  // PostToConnection is granted on this API's stage for any connection id (`@connections/*`): connection ids
  // are made by API Gateway at run time, so no narrower resource exists.
  for (const path of ['LiveSocketRole', 'LivePokeRole']) {
    const role = stack.node.tryFindChild(path);
    if (!role) throw new Error(`cdk-nag acknowledgement for a missing construct: ${path}`);
    for (const id of findingIds(role).filter((f) => f.startsWith('AwsSolutions-IAM5[') && f.includes('/@connections/*'))) {
      Validations.of(role).acknowledge({
        id,
        reason:
          "execute-api:ManageConnections on this WebSocket API's stage only, for its connections: their ids are made by API Gateway at run time, so a narrower resource cannot be named.",
      });
    }
  }
  for (const owned of CDK_OWNED) {
    for (const child of stack.node.children.filter((c) => c.node.id.startsWith(owned.pathPrefix))) {
      for (const id of findingIds(child).filter((id) => owned.rules.some((r) => id === r || id.startsWith(`${r}[`)))) {
        Validations.of(child).acknowledge({ id, reason: owned.reason });
      }
    }
  }
}

/** The AwsSolutions rule ids (one per IAM finding) reported under a construct right now. */
export function findingIds(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.map((v) => v.ruleName);
}
