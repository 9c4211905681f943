/**
 * The notification store's ports, one per concept: a seat's choices, the address book, the links' secrets,
 * the delivery claims and the outbox. Each consumer asks only for the ports it uses. One real adapter
 * implements them all (DynamoDB, functions/storage/notify-dynamo.ts), tested against DynamoDB Local;
 * tests also use functions/storage/memory/notify.ts. Both are held to tests/contracts/notify-store.contract.ts.
 * The outbox itself is written by the match store, in the same transaction as the change it reports
 * (functions/matches/port.ts `Commit.intents`); this port reads, re-drives and settles it.
 */
import type { Seat } from '#shared/engine/game.js';
import type { NotificationIntent } from '../matches/port.js';
import type { Lane } from './lanes.js';
import type { ClaimState, ConfirmationCap, EmailAddressRecord, LinkTokenRecord, PushSubscriptionRecord, SeatPrefs } from './model.js';

/** Where an outbox entry is, as the adapter names it (the dispatcher only compares and hands it back). */
export interface OutboxKey {
  pk: string;
  sk: string;
}

/** An outbox entry and the notifications it carries. */
export interface OutboxEntry {
  key: OutboxKey;
  intents: NotificationIntent[];
}

/** Something whose timer has come: a match (a reminder, warning or deadline), or an undelivered outbox entry. */
export type DueItem = { kind: 'match'; matchId: string } | { kind: 'outbox'; key: OutboxKey } | { kind: 'held'; key: OutboxKey };
/** Where a walk of the due items goes on; the adapter's own value. */
export type DueCursor = unknown;
/** A place within one shard of the due items (after the last one read); the adapter's own value. */
export type DuePosition = unknown;
/** Where one of the sweep's workers stopped: the shard it was in and its place there. */
export interface SweepCursor {
  shard: number;
  after?: DuePosition;
}
export type { Lane };

export type Claim = { state: 'claimed'; claimId: string } | { state: 'done' | 'busy' };

/** A seat's choices: its notification settings and its push subscriptions. */
export interface SeatChoices {
  /** A seat's choices and push subscriptions. */
  seat(matchId: string, seat: Seat): Promise<{ prefs: SeatPrefs | null; push: PushSubscriptionRecord[] }>;
  putPrefs(prefs: SeatPrefs): Promise<void>;
  /** Marks the seat's address confirmed; false when the seat uses another address by now. */
  confirmEmail(matchId: string, seat: Seat, addressKey: string, now: number): Promise<boolean>;
  addPush(sub: PushSubscriptionRecord): Promise<void>;
  removePush(matchId: string, seat: Seat, id: string): Promise<void>;
}

/** The address book: what is known of each mail address (confirmed, suppressed, proofs) and its confirmation limits. */
export interface AddressBook {
  address(addressKey: string): Promise<EmailAddressRecord | null>;
  /** The address's one confirmation mail a day (CONFIRMATION_INTERVAL_MS), unless it is suppressed. */
  reserveConfirmation(addressKey: string, address: string, now: number): Promise<'ok' | 'limited' | 'suppressed'>;
  releaseConfirmation(addressKey: string, at: number): Promise<void>;
  /** Counts one confirmation mail against every cap, or none: the first full cap and when its window ends. */
  takeConfirmationAllowance(
    subjects: Partial<Record<ConfirmationCap, string>>,
    caps: Record<ConfirmationCap, number>,
    now: number,
  ): Promise<{ ok: true; windowStart: number } | { ok: false; cap: ConfirmationCap; retryAt: number }>;
  returnConfirmationAllowance(subjects: Partial<Record<ConfirmationCap, string>>, windowStart: number): Promise<void>;
  suppress(addressKey: string, reason: 'unsubscribed' | 'bouncing', now: number): Promise<void>;
  /** Keeps the hash of an address proof: the browser holding the proof confirmed this address. */
  putAddressProof(addressKey: string, proofHash: string, now: number): Promise<void>;
  /** Whether a browser was given this address proof (by its hash) when it confirmed the address, within its year. */
  hasAddressProof(addressKey: string, proofHash: string, now: number): Promise<boolean>;
  unsuppress(addressKey: string): Promise<void>;
}

/** The secrets of the links in mails (confirm, unsubscribe, sign in), kept as hashes only. */
export interface LinkTokens {
  putToken(hash: string, record: LinkTokenRecord, ttlSeconds: number): Promise<void>;
  token(hash: string, now: number): Promise<LinkTokenRecord | null>;
}

/** One delivery per notification and channel: claimed for a lease, then settled (the dispatcher's dedupe). */
export interface DeliveryClaims {
  claim(intent: NotificationIntent, channel: string, now: number, leaseMs: number): Promise<Claim>;
  settle(intent: NotificationIntent, channel: string, state: Exclude<ClaimState, 'claimed'>, detail?: string): Promise<void>;
  release(intent: NotificationIntent, channel: string, claimId: string): Promise<void>;
}

/** The outbox and the timers: undelivered notifications, their re-drives, and the matches whose time has come. */
export interface Outbox {
  /** The entry is delivered: it leaves the outbox. */
  settleOutbox(key: OutboxKey): Promise<void>;
  /** The undelivered notifications of a match. */
  pendingIntents(matchId: string): Promise<NotificationIntent[]>;
  /** An outbox entry's timer, or null when it is gone (`dueAt` absent: delivered meanwhile). */
  outboxTimer(key: OutboxKey): Promise<{ dueAt?: number; redrives: number } | null>;
  /** Hands an undelivered entry to the dispatcher again and moves its timer on; false when it is gone. */
  redrive(key: OutboxKey, attempt: number, nextDueAt: number): Promise<boolean>;
  /** Items whose timer has come by `now`, a page at a time (`next` while there are more). */
  due(now: number, limit: number, cursor?: DueCursor): Promise<{ items: DueItem[]; next?: DueCursor }>;
  /** Items of one shard whose timer has come by `now`, oldest first, after `after` (`next`: where to go on). */
  dueIn(shard: number, now: number, limit: number, after?: DuePosition): Promise<{ items: DueItem[]; next?: DuePosition }>;
  /** How many shards the due items are spread over (functions/storage/table.ts DUE_SHARDS). */
  readonly dueShards: number;
  /** Where the worker of this lane stopped last (none: at the lane's start). */
  sweepCursor(lane: Lane): Promise<SweepCursor | undefined>;
  saveSweepCursor(lane: Lane, cursor: SweepCursor): Promise<void>;
}

/**
 * Notices held through a seat's quiet hours (./quiet.ts): one row per seat and end of its quiet hours, with a
 * timer at that end, so the sweep finds it then and turns it into one merged outbox row.
 */
export interface HeldNotices {
  /** Adds a notice to the seat's row for the quiet hours ending at `releaseAt` (made, with that timer, if new). */
  hold(intent: NotificationIntent, releaseAt: number): Promise<void>;
  /** The notices a row holds, or null when it is gone (released meanwhile). */
  held(key: OutboxKey): Promise<{ intents: NotificationIntent[]; releaseAt: number } | null>;
  /**
   * Replaces the row by one outbox row carrying `merged`, in one transaction, if it still holds `count`
   * notices (false: one more came in since it was read, or it is gone).
   */
  releaseHeld(key: OutboxKey, count: number, merged: NotificationIntent): Promise<boolean>;
}

/**
 * The six ports together, as the wiring hands the notifications part's store around (functions/app.ts,
 * functions/deps.ts); each consumer names only the ports it uses.
 */
export interface NotifyStore extends SeatChoices, AddressBook, LinkTokens, DeliveryClaims, Outbox, HeldNotices {}

export const emptyPrefs = (matchId: string, seat: Seat, now: number): SeatPrefs => ({
  matchId,
  seat,
  channels: { email: false, push: false },
  email: null,
  updatedAt: now,
});
