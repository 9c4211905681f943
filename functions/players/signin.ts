/**
 * Signing in by an email link, and sessions. A link is a 256-bit secret, valid for LINK_TTL_MS, used
 * once (its record is deleted by the one request that redeems it), refused once its player signed out
 * everywhere or deleted their record after it was made; only its SHA-256 is stored. The same answer whatever the address (no
 * way to learn whether it has a record); mails are capped per address and per client network per hour. Knows no HTTP: the routes are functions/http/routes/players.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '../i18n.js';
import { newSecret, sameHash, sha256 } from '../matches/tokens.js';
import type { EmailSender } from '../notify/email.js';
import type { AddressBook, LinkTokens } from '../notify/port.js';
import { UNSUBSCRIBE_TOKEN_TTL_SECONDS } from '../notify/model.js';
import { signInMail } from './mail.js';
import { PlayerError } from './errors.js';
import {
  DEFAULT_NOTICES,
  LINK_TTL_MS,
  MAX_SESSIONS,
  SESSION_TTL_MS,
  SIGN_IN_CAPS,
  type PlayerRecord,
  type SessionRecord,
  type SignInCap,
  type SignInLinkRecord,
} from './model.js';
import type { PlayerStore } from './port.js';

export interface SignInDeps {
  players: PlayerStore;
  notify: AddressBook & LinkTokens;
  email?: EmailSender;
  clock: () => number;
  caps?: Record<SignInCap, number>;
  siteName?: string;
}

/** A signed-in caller. */
export interface SignedIn {
  player: PlayerRecord;
  session: SessionRecord;
}

const SESSION_PART = /^[A-Za-z0-9_-]{1,64}$/;
const newId = () => randomBytes(12).toString('base64url');

export class SignIn {
  private readonly caps: Record<SignInCap, number>;

  constructor(private readonly deps: SignInDeps) {
    this.caps = deps.caps ?? SIGN_IN_CAPS;
  }

  /** Mails a sign-in link, within the caps. Says nothing about whether the address has a record. */
  async requestLink(address: string, at: { origin: string; client: string | null; lang?: Lang }): Promise<void> {
    const { players, notify, clock } = this.deps;
    const email = this.deps.email;
    if (!email) throw new PlayerError('email-unavailable', 'error.email-unavailable.signin');
    const now = clock();
    const addressKey = sha256(address.toLowerCase());
    const subjects = { address: addressKey, ...(at.client ? { client: at.client } : {}) };
    const allowance = await players.takeSignInAllowance(subjects, this.caps, now);
    if (!allowance.ok) throw capReached(allowance.cap, allowance.retryAt - now);
    // An address that asked for no mail, or bounces, gets none; the caller is told the same as anyone.
    if ((await notify.address(addressKey))?.suppressed) return;
    const secret = newSecret();
    const lang = at.lang ?? 'en';
    await players.putLink(sha256(secret), { address, addressKey, createdAt: now, expiresAtMs: now + LINK_TTL_MS, lang });
    const stop = newSecret();
    await notify.putToken(
      sha256(stop),
      { purpose: 'unsubscribe', addressKey, matchId: '-', seat: 0, createdAt: now, lang },
      UNSUBSCRIBE_TOKEN_TTL_SECONDS,
    );
    const unsubscribeUrl = `${at.origin}/api/notify/unsubscribe?t=${stop}`;
    const mail = signInMail(`${at.origin}/api/session/open?t=${secret}`, unsubscribeUrl, this.deps.siteName ?? 'Dutch', LINK_TTL_MS, lang);
    // A failed send is not told apart either: the caller may ask again (within the caps).
    await email.send({ to: address, ...mail, unsubscribeUrl });
  }

  /** Whether a link would sign in now (the page behind the link shows its button only then). */
  async linkIsValid(secret: string): Promise<boolean> {
    return (await this.validLink(secret)) !== null;
  }

  /** The link's record while it would sign in now (its `lang` words the pages behind it), else null. */
  async validLink(secret: string): Promise<SignInLinkRecord | null> {
    const link = await this.deps.players.link(sha256(secret));
    return link !== null && link.expiresAtMs > this.deps.clock() && (await this.ownerOf(link)) !== 'void' ? link : null;
  }

  /**
   * The player a link signs in (null: none yet), or 'void' for a link made at or before its player's "sign
   * out everywhere" or the deletion of the address's record.
   */
  private async ownerOf(link: SignInLinkRecord): Promise<PlayerRecord | null | 'void'> {
    const { players } = this.deps;
    const [deleted, player] = await Promise.all([players.linksVoidBefore(link.addressKey), players.playerByAddress(link.addressKey)]);
    const before = Math.max(deleted ?? -1, player?.signedOutAt ?? -1);
    return link.createdAt <= before ? 'void' : player;
  }

  /**
   * Uses a link: the device that sends it is signed in (a new session, returned with its cookie value).
   * The player record is made on the first sign-in. Used, expired and revoked links (by "sign out
   * everywhere" or a deletion of the record) are refused alike.
   */
  async redeem(secret: string, device: string): Promise<{ cookie: string; player: PlayerRecord; lang: Lang }> {
    const { players, clock } = this.deps;
    const link = await players.takeLink(sha256(secret));
    const now = clock();
    if (!link || link.expiresAtMs <= now) throw linkNotValid();
    const owner = await this.ownerOf(link);
    // Checked before a record is made: a link of a deleted record makes no new one.
    if (owner === 'void') throw linkNotValid();
    let player = owner ?? (await players.createPlayer(newPlayer(link, now)));
    if (player.signedOutAt !== undefined && link.createdAt <= player.signedOutAt) throw linkNotValid();
    // A player who never chose a language takes the one they signed in with.
    if (!player.lang && link.lang) {
      await players.setLang(player.id, link.lang);
      player = { ...player, lang: link.lang };
    }
    return { cookie: await this.newSession(player, device), player, lang: link.lang ?? 'en' };
  }

  private async newSession(player: PlayerRecord, device: string): Promise<string> {
    const { players, clock } = this.deps;
    const now = clock();
    const existing = await players.sessions(player.id);
    // The oldest sessions make room: a player never holds more than MAX_SESSIONS.
    const surplus = existing.sort((a, b) => a.createdAt - b.createdAt).slice(0, Math.max(0, existing.length - MAX_SESSIONS + 1));
    for (const s of surplus) await players.deleteSession(player.id, s.id);
    const id = newId();
    const secret = newSecret();
    await players.putSession({
      playerId: player.id,
      id,
      secretHash: sha256(secret),
      createdAt: now,
      expiresAtMs: now + SESSION_TTL_MS,
      device: device.slice(0, 120),
    });
    return `${player.id}.${id}.${secret}`;
  }

  /** The caller of a session cookie, or null (no cookie, malformed, unknown, expired, signed out). */
  async authenticate(cookie: string | undefined): Promise<SignedIn | null> {
    const parts = cookie?.split('.') ?? [];
    if (parts.length !== 3 || !parts.every((p) => SESSION_PART.test(p))) return null;
    const [playerId, id, secret] = parts as [string, string, string];
    const [player, session] = await Promise.all([this.deps.players.player(playerId), this.deps.players.session(playerId, id)]);
    if (!player || !session || !sameHash(session.secretHash, sha256(secret))) return null;
    if (session.expiresAtMs <= this.deps.clock()) return null;
    if (player.signedOutAt !== undefined && session.createdAt <= player.signedOutAt) return null;
    return { player, session };
  }

  async signOut(who: SignedIn): Promise<void> {
    await this.deps.players.deleteSession(who.player.id, who.session.id);
  }

  async signOutEverywhere(who: SignedIn): Promise<void> {
    await this.deps.players.signOutEverywhere(who.player.id, this.deps.clock());
  }

  async sessions(who: SignedIn) {
    const now = this.deps.clock();
    return (await this.deps.players.sessions(who.player.id))
      .filter((s) => s.expiresAtMs > now)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((s) => ({ id: s.id, device: s.device, createdAt: s.createdAt, expiresAt: s.expiresAtMs, current: s.id === who.session.id }));
  }

  async revoke(who: SignedIn, sessionId: string): Promise<void> {
    if (!(await this.deps.players.deleteSession(who.player.id, sessionId))) {
      throw new PlayerError('no-such-session', 'error.no-such-session');
    }
  }
}

function newPlayer(link: SignInLinkRecord, now: number): PlayerRecord {
  const player: PlayerRecord = {
    id: newId(),
    address: link.address,
    addressKey: link.addressKey,
    createdAt: now,
    defaults: DEFAULT_NOTICES,
  };
  if (link.lang) player.lang = link.lang;
  return player;
}

const linkNotValid = () => new PlayerError('link-not-valid', 'error.link-not-valid');

function capReached(cap: SignInCap, waitMs: number): PlayerError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const code = `signin-limit-${cap}` as const;
  return new PlayerError(code, { key: `error.${code}`, params: { minutes } }, seconds);
}
