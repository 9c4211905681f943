/**
 * The live channel's service: a subscription proves a seat token or the spectator secret of the match
 * (checked against the match's token hashes the same way a poll is, MatchService.authenticate), and a
 * change to a match pokes its subscribers with the new version, nothing else. Runs the same behind the
 * local socket server (functions/local/live.ts) and API Gateway's Lambdas (functions/lambda/live-*.ts).
 */
import { MatchError } from '../matches/errors.js';
import type { MatchService } from '../matches/service.js';
import { ConnectionLimits, RefusalMemo } from './limits.js';
import type { ConnectionStore, LiveSender } from './port.js';
import { ClientMessage, MAX_MESSAGE_BYTES, MAX_SUBSCRIPTIONS, type ServerMessage } from './protocol.js';

export interface LiveDeps {
  /** Only for subscribing (the poke function never reads a match: a subscription was proven when made). */
  matches?: Pick<MatchService, 'head' | 'authenticate'>;
  connections: ConnectionStore;
  sender: LiveSender;
  clock?: () => number;
  log?: (entry: Record<string, unknown>) => void;
}

/** Answers that count against a connection's refusals ('unavailable' is ours, not the client's). */
const REFUSALS = new Set(['bad-message', 'too-large', 'forbidden', 'no-such-match', 'too-many']);

export class LiveService {
  private readonly limits: ConnectionLimits;
  private readonly refusals: RefusalMemo<ServerMessage>;

  constructor(private readonly deps: LiveDeps) {
    this.limits = new ConnectionLimits(() => this.now());
    this.refusals = new RefusalMemo(() => this.now());
  }

  private now() {
    return (this.deps.clock ?? Date.now)();
  }

  /**
   * One message from a connection; the answer goes back through the sender. A connection past its
   * limits (functions/live/limits.ts) gets no answer: the sender closes it, and 'closed' is returned.
   */
  async receive(connectionId: string, raw: string): Promise<'open' | 'closed'> {
    if (!this.admit(connectionId)) return this.closeForPolicy(connectionId, 'too many messages');
    return this.handle(connectionId, raw);
  }

  /** Takes one message from the connection's budget (as it arrives): false when it has none left. */
  admit(connectionId: string): boolean {
    return this.limits.admit(connectionId);
  }

  /** An admitted message: answered, and the connection closed once it has been refused too often. */
  async handle(connectionId: string, raw: string): Promise<'open' | 'closed'> {
    const answer = await this.answer(connectionId, raw);
    await this.deliver(connectionId, answer);
    if (answer.type === 'error' && REFUSALS.has(answer.code) && !this.limits.refused(connectionId)) {
      return this.closeForPolicy(connectionId, 'too many refused messages');
    }
    return 'open';
  }

  async closeForPolicy(connectionId: string, reason: string): Promise<'closed'> {
    this.deps.log?.({ level: 'warn', message: 'live connection closed past its limits', reason });
    await this.deps.sender.close(connectionId, reason);
    await this.disconnect(connectionId);
    return 'closed';
  }

  /** The answer to one message (exported for the tests and the Lambda's own use). */
  async answer(connectionId: string, raw: string): Promise<ServerMessage> {
    if (Buffer.byteLength(raw) > MAX_MESSAGE_BYTES) return failure('too-large', `A message may hold at most ${MAX_MESSAGE_BYTES} bytes.`);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return failure('bad-message', 'The message is not JSON.');
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) return failure('bad-message', 'The message is not one this channel understands.');
    const msg = parsed.data;
    if (msg.action === 'ping') return { type: 'pong' };
    const matches = this.deps.matches;
    if (!matches) throw new Error('this live service takes no subscriptions');
    // A subscribe refused once is refused again without a read.
    const key = RefusalMemo.key(msg.matchId, msg.seat, msg.token);
    const known = this.refusals.get(key);
    if (known) return known;
    try {
      const head = await matches.head(msg.matchId);
      matches.authenticate(head, msg.token, msg.seat === undefined ? 'spectator' : { seat: msg.seat });
      const result = await this.deps.connections.subscribe(connectionId, msg.matchId, this.now());
      if (result === 'full') {
        return failure('too-many', `One connection may follow at most ${MAX_SUBSCRIPTIONS} matches.`, msg.matchId);
      }
      return { type: 'subscribed', matchId: msg.matchId, version: head.version };
    } catch (err) {
      if (err instanceof MatchError && (err.code === 'no-such-match' || err.code === 'forbidden')) {
        const refusal =
          err.code === 'forbidden'
            ? failure('forbidden', 'This link does not open that match.', msg.matchId)
            : failure('no-such-match', 'There is no such match.', msg.matchId);
        this.refusals.remember(key, refusal);
        return refusal;
      }
      this.deps.log?.({ level: 'error', message: 'live subscribe failed', error: String(err) });
      return failure('unavailable', 'The live channel could not subscribe just now; the page keeps polling.', msg.matchId);
    }
  }

  /** The connection closed. */
  disconnect(connectionId: string): Promise<void> {
    this.limits.forget(connectionId);
    return this.deps.connections.drop(connectionId);
  }

  /** Tells every subscriber of a match its new version; connections found gone are dropped. */
  async poke(matchId: string, version: number): Promise<{ sent: number; gone: number }> {
    const ids = await this.deps.connections.subscribers(matchId, this.now());
    // One connection failing (not gone, just an error) does not keep the poke from the others.
    const results = await Promise.all(
      ids.map((id) =>
        this.deliver(id, { type: 'version', matchId, version }).catch((err: unknown) => {
          this.deps.log?.({ level: 'error', message: 'live poke to a connection failed', matchId, error: String(err) });
          return 'failed' as const;
        }),
      ),
    );
    return { sent: results.filter((r) => r === 'sent').length, gone: results.filter((r) => r === 'gone').length };
  }

  private async deliver(connectionId: string, message: ServerMessage): Promise<'sent' | 'gone'> {
    const result = await this.deps.sender.send(connectionId, message);
    if (result === 'gone') await this.deps.connections.drop(connectionId);
    return result;
  }
}

const failure = (code: Extract<ServerMessage, { type: 'error' }>['code'], message: string, matchId?: string): ServerMessage => ({
  type: 'error',
  code,
  message,
  ...(matchId ? { matchId } : {}),
});
