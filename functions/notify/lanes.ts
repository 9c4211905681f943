/**
 * Work split for jobs that walk a sharded list in parallel (the sweep on the `due` index, ./reminders.ts;
 * the daily digest on its list, functions/players/digest.ts): the shards cut into lanes, one worker each,
 * and a pool that keeps a few items of a page in flight at once.
 */

/** A contiguous range of shards one worker walks: [from, to). */
export interface Lane {
  from: number;
  to: number;
}

/** `shards` split into `workers` lanes of (nearly) equal size, every shard in exactly one. */
export function lanesOf(shards: number, workers: number): Lane[] {
  const n = Math.max(1, Math.min(shards, Math.floor(workers)));
  return Array.from({ length: n }, (_, w) => ({ from: Math.floor((w * shards) / n), to: Math.floor(((w + 1) * shards) / n) }));
}

/** Runs `visit` on every item with at most `width` of them in flight at once. */
export async function inPool<T>(items: readonly T[], width: number, visit: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await visit(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
}
