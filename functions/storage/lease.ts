/**
 * Claims with a lease, for the deliveries (./notify-dynamo.ts) and the daily digests (./digest-dynamo.ts): one
 * conditional write marks an item `claimed` by one attempt until `leaseUntil`, before anything is sent. A
 * holder that dies leaves its claim; once the lease has run out the next attempt takes it over. A settled item
 * (sent, given up) is never taken. Settling stays with each store: what it writes differs.
 *
 * One rule for when a lease is over, for both: from `leaseUntil` on (a lease that ends at the claim's `now`
 * is over), and a claim with no `leaseUntil` (written before leases existed) is stale by now. The digest's
 * markers used to wait one millisecond longer (`leaseUntil < now`); nothing depended on that millisecond.
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionFailed } from './conditions.js';

type Key = Record<string, unknown>;

/** The claimed item: where it is and who writes it. */
export interface LeaseTarget {
  db: DynamoDBDocumentClient;
  tableName: string;
  key: Key;
}

/** When a claim's lease counts as run out (`:now` is the claim's time): from `leaseUntil` on, or it has none. */
const LEASE_OVER = '(attribute_not_exists(leaseUntil) OR leaseUntil <= :now)';

/** `claimed`: ours; `held`: another attempt holds a live lease; `settled`: the item is no claim any more. */
export type LeaseOutcome = 'claimed' | 'held' | 'settled';

/** Claims `target` for `leaseMs`: a new item, or a claim whose lease is over, written with `fields`. */
export async function claimLease(
  target: LeaseTarget,
  claim: { claimId: string; now: number; leaseMs: number; fields: Record<string, unknown> },
): Promise<LeaseOutcome> {
  const { db, tableName, key } = target;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...key, ...claim.fields, state: 'claimed', claimId: claim.claimId, leaseUntil: claim.now + claim.leaseMs },
        ConditionExpression: `attribute_not_exists(pk) OR (#s = :claimed AND ${LEASE_OVER})`,
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':now': claim.now },
      }),
    );
    return 'claimed';
  } catch (err) {
    if (!conditionFailed(err)) throw err;
  }
  const held = await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return held.Item?.state === 'claimed' ? 'held' : 'settled';
}

/** Gives a claim back (deletes it) if it is still ours and still a claim; otherwise leaves the item as it is. */
export async function releaseLease(target: LeaseTarget, claimId: string): Promise<void> {
  try {
    await target.db.send(
      new DeleteCommand({
        TableName: target.tableName,
        Key: target.key,
        ConditionExpression: '#s = :claimed AND claimId = :id',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':id': claimId },
      }),
    );
  } catch (err) {
    if (!conditionFailed(err)) throw err;
  }
}
