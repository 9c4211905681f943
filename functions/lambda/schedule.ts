/**
 * The reminder and deadline sweep on AWS Lambda, invoked on a schedule (EventBridge, every few
 * minutes). It writes timer notices into the outbox (the dispatcher sends them) and applies missed
 * deadlines; it sends nothing itself. The work is in functions/notify/reminders.ts (the sweep) and
 * functions/matches/deadlines.ts.
 */
import './source-maps.js';
import type { Context } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { MatchService } from '../matches/service.js';
import { Sweep, type SweepReport } from '../notify/reminders.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const matches = new DynamoMatchStore(db, tableName);
// No mail or push settings here: the sweep only writes into the outbox.
const sweep = new Sweep({
  store: new DynamoNotifyStore(db, tableName),
  matches,
  service: new MatchService({ store: matches, games: gameRegistry, clock: Date.now }),
});

export async function handler(_event?: unknown, context?: Context): Promise<SweepReport> {
  // Leave a margin before the function's timeout; what is left waits for the next run.
  const budgetMs = context ? Math.max(1000, context.getRemainingTimeInMillis() - 15_000) : 60_000;
  const report = await sweep.run({ budgetMs });
  console.log(JSON.stringify({ level: 'info', message: 'sweep', ...report }));
  return report;
}
