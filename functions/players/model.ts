/** The records of a player's identity and their limits (their keys: functions/storage/players-dynamo.ts). */
import type { Seat } from '#shared/engine/game.js';
import type { Lang } from '../i18n.js';

/** How a player wants to hear about their matches, unless a match says otherwise. */
export const NOTICE_CHOICES = ['email', 'push', 'both', 'none'] as const;
export type NoticeChoice = (typeof NOTICE_CHOICES)[number];

/** Mail for every turn, or at most one mail a day listing every match waiting (functions/players/digest.ts). */
export const MAIL_RHYTHMS = ['each-turn', 'daily'] as const;
export type MailRhythm = (typeof MAIL_RHYTHMS)[number];

export interface NoticeDefaults {
  notices: NoticeChoice;
  /** Reminders after a while without a move (when the match has them). */
  reminders: boolean;
  /** Absent: each turn. Push stays per turn either way. */
  mail?: MailRhythm;
}

export const DEFAULT_NOTICES: NoticeDefaults = { notices: 'email', reminders: true };

/** One per player: the signed-in address counts as confirmed for every claimed seat. */
export interface PlayerRecord {
  id: string;
  address: string;
  /** sha256 of the lower-cased address (the key of the address's pointer to this record). */
  addressKey: string;
  createdAt: number;
  defaults: NoticeDefaults;
  /** "Sign out everywhere": sessions and sign-in links made at or before this time are refused. */
  signedOutAt?: number;
  /** The language of the player's mails: the page's at the first sign-in, then as chosen (PUT /api/me/lang). Absent: English. */
  lang?: Lang;
}

/** A signed-in device. The cookie holds the secret; only its hash is stored. */
export interface SessionRecord {
  playerId: string;
  /** Public name of the session (listing, revoking); not a secret. */
  id: string;
  secretHash: string;
  createdAt: number;
  expiresAtMs: number;
  /** The browser's own description (User-Agent), shortened, so the list can be told apart. */
  device: string;
}

/** A sign-in link's secret, stored by its hash only, for LINK_TTL_MS. */
export interface SignInLinkRecord {
  address: string;
  addressKey: string;
  createdAt: number;
  expiresAtMs: number;
  /** The language of the request that asked for it: the mail and the link's pages speak it. */
  lang?: Lang;
}

/** A seat that joined a player's record. The seat token is kept sealed (functions/players/vault.ts), never raw. */
export interface ClaimedSeat {
  matchId: string;
  seat: Seat;
  claimedAt: number;
  sealedToken: string;
  /** sha256 of the seat token, so the daily digest can tell a seat still held without opening the seal. */
  tokenHash?: string;
  /** This match's own choice, over the player's defaults. */
  override?: NoticeDefaults;
}

export const LINK_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
export const MAX_SESSIONS = 20;
export const MAX_SEATS = 500;

/**
 * Sign-in mails per hour: per address and per client network. No cap for the whole site: one counter
 * anyone can fill locks everyone out; the site as a whole is guarded by per-client rate rules at the
 * edge (infra/constructs/firewall.ts), which grow with the number of players.
 */
export const SIGN_IN_CAPS = { address: 3, client: 10 } as const;
export type SignInCap = keyof typeof SIGN_IN_CAPS;
export const SIGN_IN_WINDOW_MS = 3600 * 1000;
