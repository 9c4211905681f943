/**
 * The single table in memory (functions/storage/table.ts's keys): the memory adapters beside it keep the
 * same items under the same keys as their DynamoDB twins (built by the same functions), so the outbox the
 * match store writes is the one the notification side reads, as in the table. Items are copied in and out,
 * so no caller holds a stored object. For tests and benchmarks: one
 * process, no TTL (expired items stay until deleted, as DynamoDB may keep them for a while), no item
 * size limit, no stream.
 */

import type { CounterTake } from '../rate-counters.js';

export type Item = Record<string, unknown>;
export interface Key {
  pk: string;
  sk: string;
}

/** A deep copy without `undefined` values, as DynamoDB's marshalling (`removeUndefinedValues`) stores an item. */
function copy<T>(value: T): T {
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(copy) as T;
  if (value !== null && typeof value === 'object') {
    const out: Item = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copy(v);
    return out as T;
  }
  return value;
}

export class MemoryTable {
  private readonly partitions = new Map<string, Map<string, Item>>();

  get(key: Key): Item | null {
    const item = this.partitions.get(key.pk)?.get(key.sk);
    return item ? copy(item) : null;
  }

  has(key: Key): boolean {
    return this.partitions.get(key.pk)?.has(key.sk) ?? false;
  }

  put(item: Item & Key): void {
    const partition = this.partitions.get(item.pk) ?? new Map<string, Item>();
    partition.set(item.sk, copy(item));
    this.partitions.set(item.pk, partition);
  }

  delete(key: Key): boolean {
    const partition = this.partitions.get(key.pk);
    const had = partition?.delete(key.sk) ?? false;
    if (partition?.size === 0) this.partitions.delete(key.pk);
    return had;
  }

  /** The items of a partition whose sort key lies in [from, to] (string order, as DynamoDB sorts), ascending. */
  range(pk: string, from: string, to: string): Item[] {
    const partition = this.partitions.get(pk);
    if (!partition) return [];
    return [...partition.keys()]
      .filter((sk) => sk >= from && sk <= to)
      .sort()
      .map((sk) => copy(partition.get(sk)!));
  }

  /** The items of a partition whose sort key begins with `prefix`, ascending. */
  prefixed(pk: string, prefix: string): Item[] {
    return this.range(pk, prefix, `${prefix}\uffff`).filter((i) => (i.sk as string).startsWith(prefix));
  }

  /** Every item, for the sparse-index walks (`due`), in no particular order. */
  *all(): Iterable<Item> {
    for (const partition of this.partitions.values()) for (const item of partition.values()) yield copy(item);
  }
}

/** A write refused by its condition (where the DynamoDB adapter lets ConditionalCheckFailedException through). */
export class ConditionFailed extends Error {
  constructor(what: string) {
    super(`condition failed: ${what}`);
    this.name = 'ConditionFailed';
  }
}

/** ../rate-counters.ts `takeCounters` in memory: counts one against every cap, or none. */
export function takeCounters<C extends string>(table: MemoryTable, take: CounterTake<C>): { ok: true } | { ok: false; full: C } {
  const entries = (Object.entries(take.subjects) as [C, string | undefined][]).filter((e): e is [C, string] => e[1] !== undefined);
  const counted = entries.map(([cap, subject]) => {
    const key = take.key(cap, subject);
    return { cap, key, n: (table.get(key)?.n as number | undefined) ?? 0 };
  });
  const full = counted.find((c) => c.n >= take.caps[c.cap]);
  if (full) return { ok: false, full: full.cap };
  for (const c of counted) table.put({ ...c.key, n: c.n + 1, expiresAt: take.expiresAt, type: 'rate-counter' });
  return { ok: true };
}

/** ../lease.ts in memory, with its one rule: a lease is over from `leaseUntil` on, or when the claim has none. */
export function claimLease(
  table: MemoryTable,
  key: Key,
  claim: { claimId: string; now: number; leaseMs: number; fields: Item },
): 'claimed' | 'held' | 'settled' {
  const there = table.get(key);
  const over = (item: Item) => item.leaseUntil === undefined || (item.leaseUntil as number) <= claim.now;
  if (there === null || (there.state === 'claimed' && over(there))) {
    table.put({ ...key, ...claim.fields, state: 'claimed', claimId: claim.claimId, leaseUntil: claim.now + claim.leaseMs });
    return 'claimed';
  }
  return there.state === 'claimed' ? 'held' : 'settled';
}

export function releaseLease(table: MemoryTable, key: Key, claimId: string): void {
  const there = table.get(key);
  if (there?.state === 'claimed' && there.claimId === claimId) table.delete(key);
}
