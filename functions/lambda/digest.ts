/**
 * The daily digest on AWS Lambda, invoked hourly by EventBridge Scheduler (infra/constructs/notifications.ts).
 * Each run mails the players whose UTC day has no digest yet and a match waiting for them
 * (functions/players/digest.ts), going on along the list where the last run stopped; a second run the same
 * day finds the day's marker and sends nothing. It needs the mail settings but neither the seat key nor the
 * VAPID keys.
 */
import './source-maps.js';
import type { Context } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { emailSenderFromEnv } from '../notify/email.js';
import { DailyDigest, type DigestReport } from '../players/digest.js';
import { DynamoDigestStore } from '../storage/digest-dynamo.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const email = emailSenderFromEnv(process.env);
const publicUrl = process.env.PUBLIC_URL;
if (!email || !publicUrl) throw new Error('The digest needs mail settings (EMAIL_FROM) and PUBLIC_URL.');
const digest = new DailyDigest({
  players: new DynamoPlayerStore(db, tableName),
  digests: new DynamoDigestStore(db, tableName),
  matches: new DynamoMatchStore(db, tableName),
  notify: new DynamoNotifyStore(db, tableName),
  games: gameRegistry,
  email,
  publicUrl,
});

export async function handler(_event?: unknown, context?: Context): Promise<DigestReport> {
  // Leave a margin before the function's timeout; who is left gets the digest on the next run that day.
  const budgetMs = context ? Math.max(1000, context.getRemainingTimeInMillis() - 30_000) : 60_000;
  const report = await digest.run({ budgetMs });
  console.log(JSON.stringify({ level: 'info', message: 'digest', ...report }));
  return report;
}
