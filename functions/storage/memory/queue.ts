/**
 * The consumer queue (functions/queues.ts) in memory, for `npm start` and the tests: what SQS does for a
 * standard queue with a Lambda consumer, in one process. A message waits out its delay, is handed to the
 * consumer in batches (several batches at once, up to `concurrency`, as the event source's maximum
 * concurrency allows), is deleted when handled, and one the consumer names for retry (or whose batch threw)
 * comes back after the visibility timeout; after `maxReceives` it goes to the dead-letter list instead.
 * Held to the same contract as the SQS adapter (tests/contracts/queue.contract.ts). Nothing survives a
 * restart: locally the sweep re-drives undelivered notices and re-wakes idle computer matches.
 */
import { randomUUID } from 'node:crypto';
import type { ChangeFailures, TableChange } from '../../changes.js';
import { type ChangeQueue, decodeChange, encodeChange, type OutgoingMessage } from '../../queues.js';

interface Held {
  id: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receives: number;
}

export interface MemoryQueueOptions {
  clock?: () => number;
  /** How long a received message stays hidden; a failed one comes back after it. */
  visibilityMs?: number;
  /** Receives before a failing message goes to the dead-letter list (SQS maxReceiveCount). */
  maxReceives?: number;
  /** Messages per batch handed to the consumer (the event source's batch size). */
  batchSize?: number;
  /** Batches handled at once (the event source's maximum concurrency). */
  concurrency?: number;
}

export class MemoryChangeQueue implements ChangeQueue {
  private readonly held = new Map<string, Held>();
  /** Messages given up on after their receives, oldest first (the dead-letter queue). */
  readonly deadLetters: TableChange[] = [];
  private readonly clock: () => number;
  private inFlight = new Set<Promise<unknown>>();
  private wake: (() => void) | null = null;

  constructor(private readonly options: MemoryQueueOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async send(messages: readonly OutgoingMessage[]): Promise<string[]> {
    const now = this.clock();
    for (const m of messages) {
      const id = randomUUID();
      this.held.set(id, { id, body: encodeChange(m.change), sentAt: now, visibleAt: now + (m.delaySeconds ?? 0) * 1000, receives: 0 });
    }
    this.wake?.();
    return [];
  }

  /** Messages waiting (visible or delayed or in flight), and the age of the oldest (ms; 0 when empty). */
  stats(): { depth: number; oldestAgeMs: number; deadLetters: number } {
    const now = this.clock();
    const ages = [...this.held.values()].map((h) => now - h.sentAt);
    return { depth: this.held.size, oldestAgeMs: ages.length ? Math.max(...ages) : 0, deadLetters: this.deadLetters.length };
  }

  /**
   * Hands every message visible now to `handle`, in batches side by side up to the concurrency, and waits
   * until they are handled. Answers how many messages were handed over.
   */
  async drain(handle: (changes: TableChange[]) => Promise<ChangeFailures>): Promise<number> {
    let handed = 0;
    for (let batch = this.take(); batch.length > 0; batch = this.take()) {
      handed += batch.length;
      this.start(batch, handle);
      if (this.inFlight.size >= (this.options.concurrency ?? 4)) await Promise.race(this.inFlight);
    }
    await Promise.all(this.inFlight);
    return handed;
  }

  /** Hands messages to `handle` as they become visible until the signal aborts, then waits for what is in flight. */
  async consume(handle: (changes: TableChange[]) => Promise<ChangeFailures>, signal: AbortSignal, pollMs = 1000): Promise<void> {
    while (!signal.aborted) {
      for (let batch = this.take(); batch.length > 0; batch = this.take()) {
        this.start(batch, handle);
        if (this.inFlight.size >= (this.options.concurrency ?? 4)) await Promise.race(this.inFlight);
      }
      const next = Math.min(...[...this.held.values()].filter((h) => h.visibleAt > this.clock()).map((h) => h.visibleAt));
      const waitMs = Math.max(1, Math.min(pollMs, next - this.clock()));
      await new Promise<void>((resolve) => {
        let waiting = true;
        const done = () => {
          if (!waiting) return;
          waiting = false;
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          // A later wait may have set its own wake by now: only this wait's is taken down.
          if (this.wake === done) this.wake = null;
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
        // A batch finishing may free a slot for messages already visible.
        for (const p of this.inFlight) p.then(done, done);
      });
    }
    await Promise.all(this.inFlight);
  }

  /** The next batch of visible messages, now hidden for the visibility timeout. */
  private take(): Held[] {
    const now = this.clock();
    const batch: Held[] = [];
    for (const h of this.held.values()) {
      if (batch.length >= (this.options.batchSize ?? 10)) break;
      if (h.visibleAt > now) continue;
      h.receives++;
      h.visibleAt = now + (this.options.visibilityMs ?? 30_000);
      batch.push(h);
    }
    return batch;
  }

  private start(batch: Held[], handle: (changes: TableChange[]) => Promise<ChangeFailures>): void {
    const work = handle(batch.map((h) => decodeChange(h.body, h.id))).then(
      (answer) => new Set(answer.batchItemFailures.map((f) => f.itemIdentifier)),
      () => new Set(batch.map((h) => h.id)),
    );
    const settled = work.then((failed) => {
      for (const h of batch) {
        if (!failed.has(h.id)) this.held.delete(h.id);
        else if (h.receives >= (this.options.maxReceives ?? 5)) {
          this.held.delete(h.id);
          this.deadLetters.push(decodeChange(h.body, h.id));
        }
      }
      this.inFlight.delete(settled);
    });
    this.inFlight.add(settled);
  }
}
