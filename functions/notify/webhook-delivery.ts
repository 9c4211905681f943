/**
 * Notices to webhooks, for the dispatcher (./dispatcher.ts): which webhooks a notice goes to, and one
 * delivery with the same claims as mail and push (`webhook:<id>` as the channel), so a redelivered outbox
 * entry or a second dispatcher sends nothing twice, and a sender that died mid-send is taken over after
 * the lease (the receiver may then get a second copy with the same `Dutch-Delivery` id).
 * A webhook that keeps failing (PAUSE_AFTER_FAILURES in a row, or for PAUSE_AFTER_FAILING_MS) or is gone
 * (404/410) is paused; its owner sees why in the settings, and resumes it there.
 */
import type { Lang } from '../i18n.js';
import type { MatchRecord, NotificationIntent, NotificationKind } from '../matches/port.js';
import type { Composed } from './compose.js';
import type { DeliveryClaims } from './port.js';
import { type WebhookNotice, webhookCall } from './webhook-format.js';
import type { WebhookResult, WebhookSender } from './webhook-send.js';
import { shouldPause, type WebhookRecord, type WebhookStore } from './webhooks.js';

export interface WebhookDeliveryDeps {
  store: WebhookStore;
  claims: DeliveryClaims;
  sender: WebhookSender;
  clock: () => number;
  leaseMs: number;
  timeoutMs: number;
  /** The signed-in player holding a seat, if any (their own webhooks get the seat's notices too). */
  ownerOf?: (matchId: string, seat: number) => Promise<string | null>;
  /** Fault injection for tests: runs after the message left and before its claim is settled. */
  afterSend?: (what: { intent: NotificationIntent; channel: string }) => void | Promise<void>;
  log: (entry: Record<string, unknown>) => void;
}

/** A webhook a notice goes to, and the notice as claimed for it. */
export interface WebhookTarget {
  hook: WebhookRecord;
  /** The notice as claimed: a match's channel gets a shared event (start, join, end) once, not once per seat. */
  claimed: NotificationIntent;
  /** Whose notice it says it is, on a match's channel. */
  forSeat: number | null;
}

/** Every seat is told of these; a match's channel hears of them once. */
const SHARED_KINDS: readonly NotificationKind[] = ['started', 'joined', 'over'];
/** Channel-wide, the table chat is already there for everyone: not repeated per seat. */
const NOT_ON_CHANNELS: readonly NotificationKind[] = ['chat'];

export type WebhookDelivered = 'sent' | 'duplicate' | 'in-flight' | 'skipped' | 'gone' | 'failed' | 'retry';

export class WebhookDelivery {
  constructor(private readonly deps: WebhookDeliveryDeps) {}

  /** The webhooks a notice goes to: the seat's, the match's channel's, and its signed-in player's (not paused). */
  async targets(intent: NotificationIntent): Promise<WebhookTarget[]> {
    const [inMatch, player] = await Promise.all([
      this.deps.store.matchWebhooks(intent.matchId),
      this.deps.ownerOf ? this.deps.ownerOf(intent.matchId, intent.seat) : Promise.resolve(null),
    ]);
    const own = player ? await this.deps.store.webhooks({ kind: 'player', playerId: player }) : [];
    const out: WebhookTarget[] = [];
    for (const hook of [...inMatch, ...own]) {
      if (hook.paused) continue;
      const o = hook.owner;
      if (o.kind === 'seat' && o.seat !== intent.seat) continue;
      if (o.kind === 'match') {
        if (NOT_ON_CHANNELS.includes(intent.kind)) continue;
        const shared = SHARED_KINDS.includes(intent.kind);
        out.push({ hook, claimed: shared ? { ...intent, seat: -1 } : intent, forSeat: shared ? null : intent.seat });
        continue;
      }
      out.push({ hook, claimed: intent, forSeat: null });
    }
    return out;
  }

  /** One notice to one webhook, claimed first; the composed words in the webhook's language. */
  async deliver(target: WebhookTarget, match: MatchRecord, composeIn: (lang: Lang) => Composed): Promise<WebhookDelivered> {
    const { hook, claimed } = target;
    const channel = `webhook:${hook.id}`;
    const claim = await this.deps.claims.claim(claimed, channel, this.deps.clock(), this.deps.leaseMs);
    if (claim.state !== 'claimed') return claim.state === 'done' ? 'duplicate' : 'in-flight';
    const notice: WebhookNotice = {
      composed: composeIn(hook.lang),
      forName: target.forSeat !== null ? (match.seats[target.forSeat]?.name ?? null) : null,
      deliveryId: deliveryIdOf(claimed, hook.id),
      intent: claimed,
    };
    const result = await this.deps.sender.send(webhookCall(hook, notice, this.deps.clock()), AbortSignal.timeout(this.deps.timeoutMs));
    await this.deps.afterSend?.({ intent: claimed, channel });
    if (result.ok) {
      await this.deps.claims.settle(claimed, channel, 'sent');
      if (hook.failures > 0) await this.deps.store.webhookSucceeded(hook.owner, hook.id);
      return 'sent';
    }
    return this.failed(target, claim.claimId, result);
  }

  private async failed(target: WebhookTarget, claimId: string, result: Exclude<WebhookResult, { ok: true }>): Promise<WebhookDelivered> {
    const { hook, claimed } = target;
    const channel = `webhook:${hook.id}`;
    const now = this.deps.clock();
    this.deps.log({
      level: 'warn',
      message: 'webhook failed',
      webhook: hook.id,
      matchId: claimed.matchId,
      kind: result.kind,
      reason: result.reason,
    });
    if (result.kind === 'gone') {
      await this.deps.store.setWebhookPause(hook.owner, hook.id, { at: now, reason: 'gone' });
      await this.deps.claims.settle(claimed, channel, 'failed', result.reason);
      return 'gone';
    }
    const after = await this.deps.store.webhookFailed(hook.owner, hook.id, now);
    const pause = after !== null && shouldPause(after, now);
    if (pause) await this.deps.store.setWebhookPause(hook.owner, hook.id, { at: now, reason: 'failing' });
    // Retried (the outbox entry stays) while the webhook is not paused; a refused address or a refusal by the
    // receiver would fail the same way again.
    if (result.kind === 'retry' && !pause) {
      await this.deps.claims.release(claimed, channel, claimId);
      return 'retry';
    }
    await this.deps.claims.settle(claimed, channel, 'failed', result.reason);
    return 'failed';
  }
}

/** The same on every attempt at one notice to one webhook: `<match>.<version>.<seat>.<tag>.<webhook>`. */
export function deliveryIdOf(intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'tag'>, hookId: string): string {
  return `${intent.matchId}.${intent.version}.${intent.seat < 0 ? 'all' : intent.seat}.${intent.tag ?? 'n'}.${hookId}`;
}
