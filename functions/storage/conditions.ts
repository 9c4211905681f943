/**
 * How the adapters recognise a conditional write that DynamoDB refused: a single write's
 * `ConditionalCheckFailedException`, or a `TransactionCanceledException` whose `CancellationReasons` (one per
 * item, in the order written) name the item whose condition failed. The one place that knows those shapes.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

const CONDITION = 'ConditionalCheckFailed';

const reasons = (e: unknown) => (e instanceof TransactionCanceledException ? (e.CancellationReasons ?? []) : []);

/** A transaction was cancelled, for any reason (a failed condition, a conflict with another write, ...). */
export const cancelled = (e: unknown): boolean => e instanceof TransactionCanceledException;

/** A single (non-transactional) write refused by its condition. */
export const refused = (e: unknown): boolean => e instanceof ConditionalCheckFailedException;

/** The index of the first item of a cancelled transaction whose condition failed; -1 if none did (or `e` is no cancelled transaction). */
export const cancelledAt = (e: unknown): number => reasons(e).findIndex((r) => r.Code === CONDITION);

/** A transaction cancelled because the condition of its item `index` failed. */
export const cancelledFor = (e: unknown, index: number): boolean => reasons(e)[index]?.Code === CONDITION;

/** A transaction cancelled because another transaction wrote one of its items at the same moment. */
export const cancelledByConflict = (e: unknown): boolean => reasons(e).some((r) => r.Code === 'TransactionConflict');

/** The condition failed: a single write refused, or a transaction cancelled because one of its conditions failed. */
export const conditionFailed = (e: unknown): boolean => refused(e) || cancelledAt(e) >= 0;
