/** Records of the notifications part and their limits (their keys: functions/storage/notify-dynamo.ts). */
import type { Seat } from '#shared/engine/game.js';
import type { Lang } from '../i18n.js';

export const CHANNELS = ['email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A seat's choices for one match. */
export interface SeatPrefs {
  matchId: string;
  seat: Seat;
  channels: Record<Channel, boolean>;
  email: SeatEmail | null;
  /** False: no reminders for this seat (a signed-in player's choice, functions/players); absent means yes. */
  reminders?: boolean;
  /**
   * True: the mail for this seat's turns (DIGESTED_KINDS) is left to its player's daily digest
   * (functions/players/digest.ts); other mail and every push go out as usual.
   */
  digest?: boolean;
  /**
   * The language of this seat's mails and push texts: the page's language when the seat saved its
   * settings, or a signed-in player's (copied like the other choices). Absent: English.
   */
  lang?: Lang;
  updatedAt: number;
}

/** The notices a seat on the daily digest gets no mail for: the digest lists the match instead. */
export const DIGESTED_KINDS: readonly string[] = ['your-move', 'started', 'reminder'];

export interface SeatEmail {
  address: string;
  /** sha256 of the lower-cased address: the key of its EmailAddress record. */
  addressKey: string;
  /** Double opt-in: nothing but the one confirmation mail goes out until this is true. */
  confirmed: boolean;
  requestedAt: number;
  confirmedAt?: number;
}

export interface PushSubscriptionRecord {
  matchId: string;
  seat: Seat;
  /** sha256(endpoint), shortened: names the subscription in keys and dedupe records. */
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: number;
}

/** One per address, shared by every match: suppression and the confirmation rate limit. */
export interface EmailAddressRecord {
  /** Absent on a record made by an unsubscribe before any confirmation mail (a signed-in player's address). */
  address?: string;
  suppressed?: 'unsubscribed' | 'bouncing';
  suppressedAt?: number;
  lastConfirmationAt?: number;
}

/** A confirm or unsubscribe link's secret, stored by its hash only. */
export interface LinkTokenRecord {
  purpose: 'confirm' | 'unsubscribe';
  addressKey: string;
  matchId: string;
  seat: Seat;
  createdAt: number;
  /** The language of the mail the link came in: the page it opens speaks it too. */
  lang?: Lang;
}

export type ClaimState = 'claimed' | 'sent' | 'failed';

export const DAY_SECONDS = 24 * 3600;
/** Kept a year after the last change; a match lasts far less. */
export const PREFS_TTL_SECONDS = 365 * DAY_SECONDS;
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * DAY_SECONDS;
/** How long the address proof a confirming browser keeps stands for the address it confirmed. */
export const ADDRESS_PROOF_TTL_SECONDS = 365 * DAY_SECONDS;
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 365 * DAY_SECONDS;
/** Longer than any redelivery of a stream record or re-drive of an outbox row. */
export const CLAIM_TTL_SECONDS = 35 * DAY_SECONDS;
export const CONFIRMATION_INTERVAL_MS = 24 * 3600 * 1000;

/**
 * Confirmation mails allowed per window, whatever the addresses: per seat, per match, and per client
 * network address (so a seat, a match or one caller cannot make the site mail a list of strangers).
 */
export const CONFIRMATION_CAPS = { seat: 3, match: 8, client: 10 } as const;
export type ConfirmationCap = keyof typeof CONFIRMATION_CAPS;
export const CONFIRMATION_WINDOW_MS = 24 * 3600 * 1000;
export const MAX_PUSH_PER_SEAT = 5;

export const epochSeconds = (ms: number) => Math.floor(ms / 1000);
