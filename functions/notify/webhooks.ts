/**
 * Chat-app webhooks: where a seat, a whole match (a group that plays in one channel) or a signed-in player
 * sends its notices besides mail and push. Discord and Slack incoming webhooks by their own hosts, or any
 * HTTPS endpoint as JSON signed with the webhook's own secret (docs/notifications.md, "Webhooks").
 * The records, their limits, and the store's port; the DynamoDB adapter is functions/storage/webhooks-dynamo.ts,
 * its twin functions/storage/memory/webhooks.ts, both held to tests/contracts/webhook-store.contract.ts.
 */
import type { Seat } from '#shared/engine/game.js';
import type { Lang } from '../i18n.js';

export const WEBHOOK_KINDS = ['discord', 'slack', 'signed'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Whose notices a webhook carries: one seat's, every seat's of a match (a channel), or a signed-in player's. */
export type WebhookOwner =
  | { kind: 'seat'; matchId: string; seat: Seat }
  | { kind: 'match'; matchId: string }
  | { kind: 'player'; playerId: string };

export interface WebhookRecord {
  owner: WebhookOwner;
  /** Random, short: names the webhook in keys, claims (`webhook:<id>`) and the `Dutch-Webhook` header. */
  id: string;
  kind: WebhookKind;
  url: string;
  /** The key of a `signed` webhook's HMAC (shown once, when it is made); absent for Discord and Slack. */
  secret?: string;
  /** The language its messages are worded in: the page's when it was made. */
  lang: Lang;
  createdAt: number;
  /** Failed deliveries in a row, and when the first of them failed; reset by a success or a resume. */
  failures: number;
  failingSince?: number;
  /** Set while paused: by its owner, or by the server after repeated failures (the owner sees why). */
  paused?: { at: number; reason: WebhookPause };
}

export type WebhookPause = 'owner' | 'failing' | 'gone';

/** At most this many webhooks per owner (a seat, a match, a player). */
export const MAX_WEBHOOKS_PER_OWNER = 3;
/** Test sends per owner and hour: a test is sent at once, not from the outbox, so it is capped apart. */
export const TEST_SENDS_PER_HOUR = 5;
export const TEST_WINDOW_MS = 3600 * 1000;
/** Paused by the server after this many failed deliveries in a row, or after failing this long. */
export const PAUSE_AFTER_FAILURES = 5;
export const PAUSE_AFTER_FAILING_MS = 24 * 3600 * 1000;

/** The store of webhooks: kept with their owner (a match's partition, or a player's). */
export interface WebhookStore {
  /** The webhooks of an owner, oldest first. */
  webhooks(owner: WebhookOwner): Promise<WebhookRecord[]>;
  /** Every webhook kept with a match: each seat's and the match's own (one read per notice). */
  matchWebhooks(matchId: string): Promise<WebhookRecord[]>;
  webhook(owner: WebhookOwner, id: string): Promise<WebhookRecord | null>;
  /** Adds it unless its owner already has `cap` webhooks (counted in the same write). */
  addWebhook(record: WebhookRecord, cap: number): Promise<'added' | 'full'>;
  /** False when there was none. */
  removeWebhook(owner: WebhookOwner, id: string): Promise<boolean>;
  /** Pauses it (`pause`) or resumes it (null: its failures forgotten); false when there is none. */
  setWebhookPause(owner: WebhookOwner, id: string, pause: WebhookRecord['paused'] | null): Promise<boolean>;
  /** Counts one failed delivery; the record after it, or null when it is gone. */
  webhookFailed(owner: WebhookOwner, id: string, now: number): Promise<WebhookRecord | null>;
  /** A delivery arrived: the failures in a row are forgotten. */
  webhookSucceeded(owner: WebhookOwner, id: string): Promise<void>;
  /** Counts one test send in the owner's window of TEST_WINDOW_MS; false when `cap` are already used. */
  takeWebhookTest(owner: WebhookOwner, now: number, cap: number): Promise<boolean>;
}

/** Whether a run of failures should pause the webhook. */
export function shouldPause(record: Pick<WebhookRecord, 'failures' | 'failingSince'>, now: number): boolean {
  return (
    record.failures >= PAUSE_AFTER_FAILURES || (record.failingSince !== undefined && now - record.failingSince >= PAUSE_AFTER_FAILING_MS)
  );
}

/** Owners as one string (claims, logs): `s:<match>:<seat>`, `m:<match>`, `p:<player>`. */
export function ownerKey(owner: WebhookOwner): string {
  if (owner.kind === 'seat') return `s:${owner.matchId}:${owner.seat}`;
  return owner.kind === 'match' ? `m:${owner.matchId}` : `p:${owner.playerId}`;
}
