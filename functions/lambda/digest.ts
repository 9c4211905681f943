/**
 * The daily digest on AWS Lambda, invoked every 15 minutes by EventBridge Scheduler
 * (infra/constructs/notifications.ts). Each run mails the players whose UTC day has no digest yet and a
 * match waiting for them (functions/players/digest.ts), 16 workers side by side, each going on along its
 * lane of the list where its last run stopped, mails paced to DIGEST_SENDS_PER_SECOND (SES's send rate;
 * the environment's DIGEST_SENDS_PER_SECOND overrides it); a later run the same day finds the day's marker
 * and sends nothing. It needs the mail settings but neither the seat key nor the
 * VAPID keys.
 */
import './source-maps.js';
import type { Context } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { emailSenderFromEnv } from '../notify/email.js';
import { DailyDigest, DIGEST_SENDS_PER_SECOND, type DigestReport } from '../players/digest.js';
import { DynamoDigestStore } from '../storage/digest-dynamo.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { METRIC } from '../observe.js';
import { lambdaObserve } from './observe.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const email = emailSenderFromEnv(process.env);
const publicUrl = process.env.PUBLIC_URL;
if (!email || !publicUrl) throw new Error('The digest needs mail settings (EMAIL_FROM) and PUBLIC_URL.');
const observe = lambdaObserve('digest');
const digest = new DailyDigest({
  log: observe.log,
  players: new DynamoPlayerStore(db, tableName),
  digests: new DynamoDigestStore(db, tableName),
  matches: new DynamoMatchStore(db, tableName),
  notify: new DynamoNotifyStore(db, tableName),
  games: gameRegistry,
  email,
  publicUrl,
  sendsPerSecond: Number(process.env.DIGEST_SENDS_PER_SECOND ?? DIGEST_SENDS_PER_SECOND),
});

export async function handler(_event?: unknown, context?: Context): Promise<DigestReport> {
  return observe.invocation(context, {}, async () => {
    // Leave a margin before the function's timeout; who is left gets the digest on the next run that day.
    const budgetMs = context ? Math.max(1000, context.getRemainingTimeInMillis() - 30_000) : 60_000;
    const report = await digest.run({ budgetMs });
    observe.log({ level: 'info', message: 'digest', ...report });
    observe.metrics.count(METRIC.noticesSent, report.sent, { channel: 'digest' });
    observe.metrics.count(METRIC.noticesFailed, report.failed, { channel: 'digest' });
    return report;
  });
}
