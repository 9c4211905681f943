/**
 * Telling people things: SES for mail (sender address and domain as deploy-time parameters), the VAPID
 * keys for web push, the dispatcher on its own queue (fed by the one stream reader, ./stream.ts) with its dead-letter queue, the reminder and
 * deadline sweep on EventBridge Scheduler, and the daily digest on an hourly schedule of its own. `allowMessaging` lets another function (the API, for
 * confirmation mail and the public VAPID key) use mail and push the same way the dispatcher does.
 */
import { CfnParameter, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DIGEST_TABLE_ACTIONS, FUNCTIONS } from '../functions.js';
import type { DataTable } from './data.js';
import { DutchFunction } from './function.js';
import { ConsumerQueue, concurrencyParameter } from './stream.js';

/**
 * Dispatchers side by side at most (the parameter `DispatchConcurrency`'s default). At 1 M DAU: 8 notices per
 * player a day, 5× at the peak hour ≈ 463 notices/s of ~0.15 s each, DISPATCH_IN_FLIGHT (4) of a batch at once:
 * 463 × 0.15 ÷ 4 ≈ 17 at once (infra/capacity.ts); 50 leaves 2.9× room.
 */
export const DISPATCHER_RESERVED_CONCURRENCY = 50;
/** Receives of a notice's message before it goes to the dead-letter queue (the sweep re-drives its outbox row anyway). */
export const DISPATCH_MAX_RECEIVES = 5;
/**
 * Sweeps never overlap: a slow sweep makes the next tick wait instead of racing it. One invocation keeps
 * 16 × 8 items in flight of ~30 ms: ≈ 4,300 items/s, against 4 visits per player a day, 5× at the peak hour:
 * 231/s at 1 M DAU (0.05 of it), 2,315/s at 10 M (0.54).
 */
export const SWEEP_RESERVED_CONCURRENCY = 1;
/**
 * How often the sweep looks for due reminders, deadlines, lost notices and computers that lost their move.
 * Each run walks every lane of the `due` index from where it stopped, 16 workers side by side, for at
 * most 45 s (functions/notify/reminders.ts has the arithmetic: ≈ 4,300 items/s against ≈ 2,500 due at
 * 10 M daily players).
 */
export const SWEEP_RATE = Duration.minutes(1);
/**
 * Digest runs never overlap either. One invocation serves min(16 × 4 in flight ÷ ~0.15 s, 400 mails/s) = 400
 * players/s: 20 % of 1 M DAU within the hour is 56/s (0.14 of it); of 10 M, 556/s (1.4: the list then takes
 * ≈ 83 minutes, beyond the hour, unless DIGEST_SENDS_PER_SECOND and SES's sending rate go up).
 */
export const DIGEST_RESERVED_CONCURRENCY = 1;
/**
 * How often the digest runs. A player's day is the UTC day: the first run of the day that finds a match
 * waiting for them sends their digest, a later one that day finds it sent (functions/players/digest.ts).
 * Every 15 minutes, for up to 14 of them (Lambda's limit is 15): 1 M players by the third run of the day
 * at 400 mails/s (functions/players/digest.ts has the arithmetic).
 */
export const DIGEST_RATE = Duration.minutes(15);
/** The display name in the From header of every mail (the address is the SenderAddress parameter). */
export const SENDER_NAME = 'Dutch';

export class Notifications {
  readonly mailIdentity: ses.EmailIdentity;
  readonly vapidKeys: secrets.Secret;
  readonly dispatcher: DutchFunction;
  readonly sweep: DutchFunction;
  readonly digest: DutchFunction;
  readonly consumer: ConsumerQueue;
  /** Mail only from the stated sender, only through this identity and configuration set. */
  private readonly sendMail: iam.PolicyStatement;
  /** The settings functions/deps.ts reads to switch mail and push on. */
  private readonly messagingEnv: Record<string, string>;

  /**
   * Adds to `scope` (the stack, so the logical ids stay put): the parameters `SenderAddress` and
   * `SenderDomain`, `MailConfig`, `MailIdentity`, `VapidKeys`, the `Dispatcher…` and `Sweep…` functions,
   * `DispatchQueue`, `DispatchDeadLetters`, the parameter `DispatchConcurrency`, `SweepSchedulerRole` and `SweepSchedule`, the `Digest…` function,
   * `DigestSchedulerRole` and `DigestSchedule`.
   */
  constructor(scope: Construct, { data }: { data: DataTable }) {
    const stack = Stack.of(scope);
    const senderAddress = new CfnParameter(scope, 'SenderAddress', {
      type: 'String',
      description: 'The From address of notification mail, e.g. play@dutch.example (must be in SenderDomain).',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'an e-mail address',
    });
    const senderDomain = new CfnParameter(scope, 'SenderDomain', {
      type: 'String',
      description: 'The domain SES sends from, e.g. dutch.example (verified through the DKIM records in the outputs).',
      allowedPattern: '^[a-z0-9.-]+\\.[a-z]{2,}$',
      constraintDescription: 'a lower-case domain name',
    });
    // Bounces and complaints land on SES's suppression list for this configuration set, so a bouncing
    // address is not mailed again even before the app learns of it.
    const mailConfig = new ses.ConfigurationSet(scope, 'MailConfig', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.mailIdentity = new ses.EmailIdentity(scope, 'MailIdentity', {
      identity: ses.Identity.domain(senderDomain.valueAsString),
      configurationSet: mailConfig,
    });
    this.vapidKeys = new secrets.Secret(scope, 'VapidKeys', {
      description: 'Web push VAPID key pair as JSON {"publicKey","privateKey","subject"}; set after the first deploy (infra/README.md).',
    });
    this.sendMail = new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: senderDomain.valueAsString }),
        stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: mailConfig.configurationSetName }),
      ],
      conditions: { StringEquals: { 'ses:FromAddress': senderAddress.valueAsString } },
    });
    this.messagingEnv = {
      EMAIL_FROM: `${SENDER_NAME} <${senderAddress.valueAsString}>`,
      SES_CONFIGURATION_SET: mailConfig.configurationSetName,
    };

    const concurrency = concurrencyParameter(scope, 'DispatchConcurrency', DISPATCHER_RESERVED_CONCURRENCY, 'the notification dispatcher');
    this.dispatcher = new DutchFunction(scope, { name: 'dispatcher', reservedConcurrency: concurrency.valueAsNumber });
    this.dispatcher.bindTable(data);
    this.allowMessaging(this.dispatcher);
    this.consumer = dispatchFromQueue(scope, this.dispatcher, concurrency);

    // The sweep only writes timer notices into the outbox (the dispatcher sends them), so it gets neither
    // the mail settings nor the VAPID keys.
    this.sweep = new DutchFunction(scope, { name: 'sweep', reservedConcurrency: SWEEP_RESERVED_CONCURRENCY });
    this.sweep.bindTable(data);
    scheduleSweep(scope, this.sweep);

    // The digest mails (no push, so no VAPID keys), and touches only the table's items it names.
    this.digest = new DutchFunction(scope, { name: 'digest', reservedConcurrency: DIGEST_RESERVED_CONCURRENCY });
    this.digest.bindTable(data, { actions: DIGEST_TABLE_ACTIONS, indexes: false });
    this.allowMail(this.digest);
    scheduleDigest(scope, this.digest);
  }

  /** The dispatcher's dead-letter queue. */
  get deadLetters(): sqs.Queue {
    return this.consumer.deadLetters;
  }

  /** Mail settings and permission to send, and read access to the VAPID keys. */
  allowMessaging(fn: lambda.Function): void {
    this.allowMail(fn);
    fn.addEnvironment('VAPID_SECRET_ID', this.vapidKeys.secretArn);
    this.vapidKeys.grantRead(fn);
  }

  /** Mail settings and permission to send only. */
  private allowMail(fn: lambda.Function): void {
    for (const [key, value] of Object.entries(this.messagingEnv)) fn.addEnvironment(key, value);
    fn.addToRolePolicy(this.sendMail);
  }

  /** Where mail and push links point: the dispatcher, the sweep and the digest write them. */
  linkSite(siteUrl: string): void {
    for (const fn of [this.dispatcher, this.sweep, this.digest]) fn.addEnvironment('PUBLIC_URL', siteUrl);
  }
}

/** The dispatcher takes the outbox's changes from its own queue (fed by the stream reader, infra/constructs/stream.ts). */
function dispatchFromQueue(scope: Construct, dispatcher: lambda.Function, concurrency: CfnParameter): ConsumerQueue {
  return new ConsumerQueue(scope, {
    id: 'Dispatch',
    deadLetterId: 'DispatchDeadLetters',
    fn: dispatcher,
    concurrency,
    batchSize: 10,
    // A failed notice comes back after two minutes: a push service or SES that refused may have recovered.
    visibility: Duration.seconds(FUNCTIONS.dispatcher.timeoutSeconds * 2),
    maxReceiveCount: DISPATCH_MAX_RECEIVES,
    retention: Duration.days(1),
    alarms: {
      maxAge: Duration.minutes(10),
      maxDepth: 10_000,
      behind: 'Notifications are more than 10 minutes behind the moves',
      deadLetter: 'Notices gave up after their receives and wait in the dead-letter queue (the sweep re-drives their outbox rows)',
    },
  });
}

/** EventBridge Scheduler invokes the sweep every SWEEP_RATE through a role of its own. */
function scheduleSweep(scope: Construct, sweep: lambda.IFunction): void {
  new scheduler.Schedule(scope, 'SweepSchedule', {
    description: 'Reminders and turn deadlines',
    schedule: scheduler.ScheduleExpression.rate(SWEEP_RATE),
    // A missed tick is covered by the next one; retrying an old tick would only overlap it.
    target: new schedulerTargets.LambdaInvoke(sweep, {
      role: schedulerRole(scope, 'SweepSchedulerRole', 'the sweep'),
      retryAttempts: 0,
      maxEventAge: Duration.minutes(1),
    }),
  });
}

/** The digest every DIGEST_RATE, through a role of its own that may invoke only the digest function. */
function scheduleDigest(scope: Construct, digest: lambda.IFunction): void {
  new scheduler.Schedule(scope, 'DigestSchedule', {
    description: 'The daily digest of matches waiting (each player at most once per UTC day)',
    schedule: scheduler.ScheduleExpression.rate(DIGEST_RATE),
    // A missed hour is covered by the next one: the day's marker makes a late or repeated run harmless.
    target: new schedulerTargets.LambdaInvoke(digest, {
      role: schedulerRole(scope, 'DigestSchedulerRole', 'the daily digest'),
      retryAttempts: 1,
      maxEventAge: Duration.minutes(10),
    }),
  });
}

/** Assumable by the scheduler of this account only; the schedule's target grants it invoke on its function. */
function schedulerRole(scope: Construct, id: string, what: string): iam.Role {
  return new iam.Role(scope, id, {
    assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
      conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } },
    }),
    description: `EventBridge Scheduler invokes ${what}`,
  });
}
