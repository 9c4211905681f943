/**
 * The CDK app (cdk.json runs it with tsx). Builds the site first so the stack always ships the current
 * site, then synthesizes one stack with cdk-nag's AwsSolutions checks as a CDK validation plugin: any
 * finding without an acknowledgement (infra/nag.ts) stops `cdk synth` and `cdk deploy`.
 *
 * Context (all optional): -c stackName=Dutch -c domainName=play.dutch.example -c certificateArn=arn:...
 *   -c alarmEmail=ops@dutch.example -c skipWebBuild=true -c webDist=web/dist
 * The front door's limits (infra/front-door.ts; defaults for 1 M daily players): -c liveRateLimit=2600
 *   -c liveBurstLimit=2600 -c liveConnectRateLimit=600 -c liveConnectBurstLimit=1200
 *   -c apiReservedConcurrency=700 -c liveSocketReservedConcurrency=50
 * After rotating the API's origin secret (docs/deploy.md): -c originVerifyGeneration=<one more than before>
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildWeb } from '../web/build.js';
import { FRONT_DOOR_KEYS, type FrontDoorLimits } from './front-door.js';
import { composeStacks } from './stack.js';

const app = new App();
const ctx = (key: string): string | undefined => {
  const v: unknown = app.node.tryGetContext(key);
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

// The site is built into its own folder so a synth never disturbs web/dist while someone works on web/.
// With -c skipWebBuild=true an existing build is used as it is (-c webDist=web/dist).
const skipWebBuild = ctx('skipWebBuild') === 'true';
const webDist = ctx('webDist') ?? (skipWebBuild ? 'web/dist' : 'dist/site');
if (!skipWebBuild) await buildWeb({ outdir: webDist });

// Each limit given in context, as a number (the stack checks each is a whole number ≥ 1).
const frontDoor: Partial<FrontDoorLimits> = Object.fromEntries(
  FRONT_DOOR_KEYS.flatMap((key) => (ctx(key) === undefined ? [] : [[key, Number(ctx(key))]])),
);
// The site and, in us-east-1, its firewall (WAF rate limits per client); `npm run deploy` deploys both.
composeStacks(app, ctx('stackName') ?? 'Dutch', {
  description: 'Dutch play-by-web: site, API, notifications (infra/)',
  webDist,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  ...(ctx('domainName') ? { domainName: ctx('domainName') } : {}),
  ...(ctx('certificateArn') ? { certificateArn: ctx('certificateArn') } : {}),
  ...(ctx('alarmEmail') ? { alarmEmail: ctx('alarmEmail') } : {}),
  frontDoor,
  ...(ctx('originVerifyGeneration') ? { originVerifyGeneration: Number(ctx('originVerifyGeneration')) } : {}),
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
