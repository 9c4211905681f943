/**
 * The reminder and deadline sweep on AWS Lambda, invoked on a schedule (EventBridge Scheduler, every
 * minute). It writes timer notices into the outbox (the dispatcher sends them), applies missed deadlines
 * and wakes computers that lost their move; it sends nothing itself. Its workers run side by side in this
 * one invocation, each on its lane of the `due` index's shards from where it stopped; a schedule may hand
 * it `{ part, parts }` so that several invocations split the lanes (functions/notify/reminders.ts). The
 * work is in functions/notify/reminders.ts (the sweep) and functions/matches/deadlines.ts.
 */
import './source-maps.js';
import type { Context } from 'aws-lambda';
import { gameRegistry } from '#shared/games/index.js';
import { MatchService } from '../matches/service.js';
import { WaitingBoards } from '../players/waiting.js';
import { Sweep, type SweepReport } from '../notify/reminders.js';
import { DynamoMatchStore, dynamoClientFromEnv } from '../storage/dynamo.js';
import { DynamoNotifyStore } from '../storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../storage/players-dynamo.js';
import { DynamoVacationStore } from '../storage/vacation-dynamo.js';
import { DEFAULT_TABLE } from '../storage/table.js';
import { lambdaObserve } from './observe.js';

const tableName = process.env.TABLE_NAME ?? DEFAULT_TABLE;
const db = dynamoClientFromEnv(process.env);
const matches = new DynamoMatchStore(db, tableName);
// No mail or push settings here: the sweep only writes into the outbox.
const observe = lambdaObserve('sweep');
const sweep = new Sweep({
  log: observe.log,
  store: new DynamoNotifyStore(db, tableName),
  matches,
  // Signed-in players' vacation days, spent where a deadline would pass (functions/matches/vacation.ts).
  vacation: new DynamoVacationStore(db, tableName),
  // A deadline handled changes whose turn it is: the signed-in players' waiting boards hear of it.
  service: new MatchService({
    store: matches,
    games: gameRegistry,
    clock: Date.now,
    watch: new WaitingBoards({ players: new DynamoPlayerStore(db, tableName), matches, clock: Date.now, log: observe.log }),
  }),
});

/** A run reads no new page after this long: the next run starts a minute after this one did. */
const RUN_BUDGET_MS = 45_000;

export async function handler(event?: { part?: unknown; parts?: unknown }, context?: Context): Promise<SweepReport> {
  return observe.invocation(context, {}, async () => {
    // Leave a margin before the function's timeout; what is left waits for the next run, where it stopped.
    const budgetMs = Math.min(RUN_BUDGET_MS, context ? Math.max(1000, context.getRemainingTimeInMillis() - 15_000) : RUN_BUDGET_MS);
    const { part, parts } = event ?? {};
    const split =
      Number.isInteger(part) && Number.isInteger(parts) && (parts as number) > 1
        ? { index: part as number, of: parts as number }
        : undefined;
    const report = await sweep.run({ budgetMs, ...(split ? { part: split } : {}) });
    observe.log({ level: 'info', message: 'sweep', ...report });
    return report;
  });
}
