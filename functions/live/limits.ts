/**
 * What one client may cost the live channel. A page sends a subscribe when its socket opens and one
 * every 9 minutes after (web/src/live.ts), so a few messages a minute is already far more than any page
 * needs: a connection past MESSAGE_BURST at once, or past MESSAGES_PER_MINUTE steadily, is closed
 * (1008, policy violation). A page never repeats a refused subscribe, so a connection refused
 * MAX_REFUSALS times is closed too, and a refusal is remembered (RefusalMemo): the same forged token
 * again is answered without a read. Locally (functions/local/live.ts) every limit is exact; on AWS
 * the stage's throttling bounds the whole API and these hold per Lambda instance
 * (functions/lambda/live-socket.ts).
 */
import { createHash } from 'node:crypto';

export const MESSAGE_BURST = 10;
export const MESSAGES_PER_MINUTE = 30;
export const MAX_REFUSALS = 4;
/** Open sockets from one address (a player's tabs and devices behind one router). */
export const SOCKETS_PER_ADDRESS = 16;
/** The close code for a connection past its limits (RFC 6455: policy violation). */
export const POLICY_CLOSE = 1008;

interface Budget {
  tokens: number;
  at: number;
  refusals: number;
}

/** Per connection: a token bucket of messages and a count of refused subscribes (a bounded map, oldest dropped). */
export class ConnectionLimits {
  private readonly budgets = new Map<string, Budget>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly tracked = 10_000,
  ) {}

  private budget(id: string): Budget {
    let b = this.budgets.get(id);
    if (!b) {
      b = { tokens: MESSAGE_BURST, at: this.clock(), refusals: 0 };
      if (this.budgets.size >= this.tracked) this.budgets.delete(this.budgets.keys().next().value as string);
      this.budgets.set(id, b);
    }
    return b;
  }

  /** Takes one message from the connection's budget: false when it has none left (close it). */
  admit(id: string): boolean {
    const b = this.budget(id);
    const now = this.clock();
    b.tokens = Math.min(MESSAGE_BURST, b.tokens + ((now - b.at) * MESSAGES_PER_MINUTE) / 60_000);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Counts a refused subscribe: false once the connection has had more than MAX_REFUSALS. */
  refused(id: string): boolean {
    const b = this.budget(id);
    b.refusals += 1;
    return b.refusals <= MAX_REFUSALS;
  }

  forget(id: string): void {
    this.budgets.delete(id);
  }
}

/**
 * Subscribes refused for good: a token that does not open a match never will (tokens are random and
 * issued before they are used), nor does a match id that is not there become one someone can guess.
 * Kept as hashes (no tokens in memory), for MEMO_MS, at most `size` of them.
 */
export const MEMO_MS = 10 * 60 * 1000;

export class RefusalMemo<T> {
  private readonly refused = new Map<string, { answer: T; until: number }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly size = 10_000,
  ) {}

  static key(matchId: string, seat: number | undefined, token: string): string {
    return createHash('sha256')
      .update(`${matchId}\n${seat ?? 'spectator'}\n${token}`)
      .digest('base64url');
  }

  get(key: string): T | undefined {
    const hit = this.refused.get(key);
    if (!hit) return undefined;
    if (hit.until > this.clock()) return hit.answer;
    this.refused.delete(key);
    return undefined;
  }

  remember(key: string, answer: T): void {
    this.refused.delete(key);
    if (this.refused.size >= this.size) this.refused.delete(this.refused.keys().next().value as string);
    this.refused.set(key, { answer, until: this.clock() + MEMO_MS });
  }
}
