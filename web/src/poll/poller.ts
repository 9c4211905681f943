/**
 * The polling loop around `nextPollDelay`. Everything it touches (reading, the clock, timers,
 * visibility) is passed in, so tests drive it with a fake clock.
 */
import { nextPollDelay } from './schedule.js';

export interface PollerDeps<T> {
  /** One conditional read: the new value, or null when unchanged (a 304). */
  read(): Promise<T | null>;
  onChange(value: T): void;
  onError(error: unknown): void;
  othersMayAct(): boolean;
  visible(): boolean;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export class Poller<T> {
  private timer: unknown = null;
  private inFlight = false;
  private again = false;
  private stopped = true;
  private lastActivity = 0;
  private failures = 0;
  /** The wait the server asked for with the last failure (Retry-After), if any. */
  private retryAfter: number | undefined;
  /** The live channel is connected: changes arrive as pokes, polling is only a safety net. */
  private live = false;

  constructor(private readonly deps: PollerDeps<T>) {}

  /** Starts polling with an immediate read. */
  start(): void {
    this.stopped = false;
    this.lastActivity = this.deps.now();
    void this.pollNow();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  /** Something happened here (a move was sent and answered): poll quickly again. */
  activity(): void {
    this.lastActivity = this.deps.now();
    this.schedule();
  }

  /**
   * The live channel connected or dropped. Dropped: read at once (pokes may have been missed) and poll
   * as before; connected: the next read is the safety net's.
   */
  setLive(connected: boolean): void {
    if (this.live === connected) return;
    this.live = connected;
    if (this.stopped) return;
    if (connected) this.schedule();
    else void this.pollNow();
  }

  /** Call on visibilitychange and focus: a visible tab polls at once, a hidden one stops. */
  visibilityChanged(): void {
    if (this.stopped) return;
    if (this.deps.visible()) {
      this.lastActivity = this.deps.now();
      void this.pollNow();
    } else {
      this.clear();
    }
  }

  /** Reads now (or right after the read in flight), then schedules the next read. */
  async pollNow(): Promise<void> {
    this.clear();
    if (this.stopped || !this.deps.visible()) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    try {
      const value = await this.deps.read();
      this.failures = 0;
      this.retryAfter = undefined;
      if (value !== null && !this.stopped) {
        this.lastActivity = this.deps.now();
        this.deps.onChange(value);
      }
    } catch (e) {
      this.failures++;
      const asked = (e as { retryAfterMs?: unknown } | null)?.retryAfterMs;
      this.retryAfter = typeof asked === 'number' ? asked : undefined;
      if (!this.stopped) this.deps.onError(e);
    } finally {
      this.inFlight = false;
    }
    if (this.again) {
      this.again = false;
      return this.pollNow();
    }
    this.schedule();
  }

  /** The delay the loop would wait now (null: paused). */
  nextDelay(): number | null {
    return nextPollDelay({
      visible: this.deps.visible(),
      now: this.deps.now(),
      lastActivity: this.lastActivity,
      othersMayAct: this.deps.othersMayAct(),
      failures: this.failures,
      ...(this.retryAfter !== undefined ? { retryAfterMs: this.retryAfter } : {}),
      live: this.live,
    });
  }

  private schedule(): void {
    this.clear();
    if (this.stopped || this.inFlight) return;
    const delay = this.nextDelay();
    if (delay === null) return;
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.pollNow();
    }, delay);
  }

  private clear(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
