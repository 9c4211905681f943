/**
 * Fixed-window rate counters (the confirmation mails' caps, the sign-in mails' caps): one counter item
 * per cap and subject and window, all counted in one transaction, so a request refused by any cap
 * uses up none of the others. DynamoDB's TTL removes a counter after `expiresAt`.
 */
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancelledAt } from './conditions.js';

export interface CounterTake<C extends string> {
  /** The subjects to count, by cap (a cap without a subject is not counted). */
  subjects: Partial<Record<C, string>>;
  caps: Record<C, number>;
  /** The counter item's key (the table's pk and sk) for a cap and subject in this window. */
  key: (cap: C, subject: string) => { pk: string; sk: string };
  /** When the counters may go (epoch seconds). */
  expiresAt: number;
}

/**
 * The counters of the fixed window `now` falls in: what to take, and the refusal a full cap gives (that cap,
 * and when its window ends). The DynamoDB adapters and their in-memory twins take the same plan.
 */
export function inWindow<C extends string>(
  now: number,
  windowMs: number,
  plan: {
    subjects: Partial<Record<C, string>>;
    caps: Record<C, number>;
    key: (cap: C, subject: string, windowStart: number) => { pk: string; sk: string };
    expiresAt: (windowStart: number) => number;
  },
) {
  const windowStart = now - (now % windowMs);
  const take: CounterTake<C> = {
    subjects: plan.subjects,
    caps: plan.caps,
    key: (cap, subject) => plan.key(cap, subject, windowStart),
    expiresAt: plan.expiresAt(windowStart),
  };
  return { windowStart, take, refused: (cap: C) => ({ ok: false as const, cap, retryAt: windowStart + windowMs }) };
}

/** Counts one against every cap, or none: `full` names the first cap that was already at its maximum. */
export async function takeCounters<C extends string>(
  db: DynamoDBDocumentClient,
  tableName: string,
  take: CounterTake<C>,
): Promise<{ ok: true } | { ok: false; full: C }> {
  const entries = (Object.entries(take.subjects) as [C, string | undefined][]).filter((e): e is [C, string] => e[1] !== undefined);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: entries.map(([cap, subject]) => ({
          Update: {
            TableName: tableName,
            Key: take.key(cap, subject),
            UpdateExpression: 'ADD n :one SET expiresAt = :exp, #t = :t',
            ConditionExpression: 'attribute_not_exists(n) OR n < :max',
            ExpressionAttributeNames: { '#t': 'type' },
            ExpressionAttributeValues: { ':one': 1, ':max': take.caps[cap], ':exp': take.expiresAt, ':t': 'rate-counter' },
          },
        })),
      }),
    );
    return { ok: true };
  } catch (err) {
    const full = cancelledAt(err);
    if (full < 0) throw err;
    return { ok: false, full: entries[full]![0] };
  }
}
