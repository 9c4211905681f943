/**
 * A seat's notification settings: which channels it wants, its email address (double opt-in, with
 * confirmation mails capped per seat, match, client and address) and its push devices, and what the
 * links in mails do (confirm, unsubscribe, undo). Refuses with MatchErrors; knows no HTTP (the routes
 * are functions/http/routes/notifications.ts).
 *
 * A browser that confirms an address is given an address proof (a secret, stored only as its hash
 * beside the address): shown with the address for a seat in a later match, it counts as that address
 * confirmed, with no mail. Someone who only knows the address gets the usual capped confirmation. A
 * rematch takes each seat's choices with it (`carryOver`): the same player confirmed that address.
 */
import type { Seat } from '#shared/engine/game.js';
import { gameNameIn, type Lang } from '../i18n.js';
import { MatchError } from '../matches/errors.js';
import type { MatchService } from '../matches/service.js';
import { PAUSE_BUDGET_MS } from '../matches/timing.js';
import { hhmmOf } from '../matches/zones.js';
import { newSecret, sha256 } from '../matches/tokens.js';
import { confirmationMail } from './compose.js';
import type { EmailSender } from './email.js';
import {
  CONFIRM_TOKEN_TTL_SECONDS,
  CONFIRMATION_CAPS,
  CONFIRMATION_INTERVAL_MS,
  MAX_PUSH_PER_SEAT,
  type ConfirmationCap,
  type LinkTokenRecord,
  type SeatPrefs,
} from './model.js';
import { type AddressBook, emptyPrefs, type LinkTokens, type SeatChoices } from './port.js';
import { isBrowserPushEndpoint } from './push-hosts.js';

export interface SettingsDeps {
  store: SeatChoices & AddressBook & LinkTokens;
  email?: EmailSender;
  /** Web push is set up (the VAPID keys are there). */
  pushAvailable?: boolean;
  clock?: () => number;
  /** Which push endpoints the server will post to; the browsers' push services by default. */
  allowPushEndpoint?: (url: URL) => boolean;
  siteName?: string;
  /** Confirmation mails per window, per seat, match and client address (CONFIRMATION_CAPS). */
  confirmationCaps?: Record<ConfirmationCap, number>;
  /**
   * True when the seat belongs to a signed-in player whose address this is (functions/players): that
   * address is confirmed already, for every seat the player claimed, with no mail and no daily limit.
   */
  signedInAddress?: (matchId: string, seat: Seat, addressKey: string) => Promise<boolean>;
}

export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The language to store with a seat's settings, when the request named one. */
const langOf = (lang: Lang | undefined): { lang?: Lang } => (lang ? { lang } : {});

/** Names a push subscription in keys: a shortened hash of its endpoint. */
const pushIdOf = (endpoint: string) => sha256(endpoint).slice(0, 24);

export class NotificationSettings {
  private readonly clock: () => number;
  private readonly caps: Record<ConfirmationCap, number>;
  readonly siteName: string;

  constructor(
    private readonly deps: SettingsDeps,
    private readonly matches: MatchService,
  ) {
    this.clock = deps.clock ?? Date.now;
    this.caps = deps.confirmationCaps ?? CONFIRMATION_CAPS;
    this.siteName = deps.siteName ?? 'Dutch';
  }

  /** What the settings panel shows: channels, the address and its state, devices, the pause. */
  async summary(id: string, seat: Seat) {
    const { store } = this.deps;
    const [{ prefs, push }, match] = await Promise.all([store.seat(id, seat), this.matches.mustGet(id)]);
    const address = prefs?.email ? await store.address(prefs.email.addressKey) : null;
    const s = match.seats[seat];
    const now = this.clock();
    return {
      channels: prefs?.channels ?? { email: false, push: false },
      email: prefs?.email
        ? {
            address: prefs.email.address,
            state: address?.suppressed ?? (prefs.email.confirmed ? ('confirmed' as const) : ('pending' as const)),
          }
        : null,
      emailAvailable: this.deps.email !== undefined,
      push: { devices: push.length, available: this.deps.pushAvailable === true },
      pause: {
        pausedUntil: s?.pausedUntil !== undefined && s.pausedUntil > now ? s.pausedUntil : null,
        budgetLeftMs: Math.max(0, PAUSE_BUDGET_MS - (s?.pauseUsedMs ?? 0)),
      },
      time: {
        zone: s?.time?.zone ?? null,
        quiet: s?.time?.quiet ? { from: hhmmOf(s.time.quiet.from), to: hhmmOf(s.time.quiet.to) } : null,
      },
    };
  }

  private async prefsOf(id: string, seat: Seat): Promise<SeatPrefs> {
    return (await this.deps.store.seat(id, seat)).prefs ?? emptyPrefs(id, seat, this.clock());
  }

  async setChannels(
    id: string,
    seat: Seat,
    input: { email?: boolean | undefined; push?: boolean | undefined; lang?: Lang | undefined },
  ): Promise<void> {
    const prefs = await this.prefsOf(id, seat);
    await this.deps.store.putPrefs({
      ...prefs,
      ...langOf(input.lang),
      channels: { email: input.email ?? prefs.channels.email, push: input.push ?? prefs.channels.push },
      updatedAt: this.clock(),
    });
  }

  requireEmail(): EmailSender {
    if (!this.deps.email) throw new MatchError('email-unavailable', 'error.email-unavailable');
    return this.deps.email;
  }

  requirePush(): void {
    if (!this.deps.pushAvailable) throw new MatchError('push-unavailable', 'error.push-unavailable');
  }

  /**
   * Sets the seat's address. An address the seat has confirmed before is switched on at once
   * ('confirmed'); otherwise the one confirmation mail goes out ('sent'), within the caps.
   * `origin` makes the links in the mail; `client` is the caller's network, for its cap.
   */
  async setEmail(
    id: string,
    seat: Seat,
    address: string,
    at: { origin: string; client: string | null; lang?: Lang | undefined; proof?: string | undefined },
  ): Promise<'confirmed' | 'sent'> {
    const { store } = this.deps;
    const email = this.requireEmail();
    const addressKey = sha256(address.toLowerCase());
    const [prefs, match] = await Promise.all([this.prefsOf(id, seat), this.matches.mustGet(id)]);
    const confirmed =
      (prefs.email?.addressKey === addressKey && prefs.email.confirmed) ||
      (at.proof !== undefined && (await store.hasAddressProof(addressKey, sha256(at.proof), this.clock()))) ||
      (await this.deps.signedInAddress?.(id, seat, addressKey));
    if (confirmed) {
      if (prefs.email?.addressKey !== addressKey) prefs.email = { address, addressKey, confirmed: true, requestedAt: this.clock() };
      await store.putPrefs({ ...prefs, ...langOf(at.lang), channels: { ...prefs.channels, email: true }, updatedAt: this.clock() });
      return 'confirmed';
    }
    const now = this.clock();
    // Per seat, match and caller first (all or none counted), then the address's one mail a day.
    const subjects = { seat: `${id}#${seat}`, match: id, ...(at.client ? { client: at.client } : {}) };
    const allowance = await store.takeConfirmationAllowance(subjects, this.caps, now);
    if (!allowance.ok) throw this.capReached(allowance.cap, allowance.retryAt - now);
    const reserved = await store.reserveConfirmation(addressKey, address, now);
    if (reserved !== 'ok') {
      await store.returnConfirmationAllowance(subjects, allowance.windowStart);
      if (reserved === 'suppressed') {
        throw new MatchError('address-suppressed', 'error.address-suppressed');
      }
      const last = (await store.address(addressKey))?.lastConfirmationAt ?? now;
      const retryAfter = Math.max(1, Math.ceil((last + CONFIRMATION_INTERVAL_MS - now) / 1000));
      throw new MatchError('confirmation-limit', 'error.confirmation-limit', {}, retryAfter);
    }
    const secret = newSecret();
    const lang = at.lang ?? prefs.lang ?? 'en';
    await store.putToken(
      sha256(secret),
      { purpose: 'confirm', addressKey, matchId: id, seat, createdAt: now, lang },
      CONFIRM_TOKEN_TTL_SECONDS,
    );
    await store.putPrefs({
      ...prefs,
      ...langOf(at.lang),
      channels: { ...prefs.channels, email: true },
      email: { address, addressKey, confirmed: false, requestedAt: now },
      updatedAt: now,
    });
    const unsubscribeUrl = `${at.origin}/api/notify/unsubscribe?t=${secret}`;
    const mail = confirmationMail(
      gameNameIn(lang, match.gameId, this.matches.game(match.gameId).name),
      `${at.origin}/api/notify/confirm?t=${secret}`,
      unsubscribeUrl,
      this.siteName,
      lang,
    );
    const sent = await email.send({ to: address, ...mail, unsubscribeUrl });
    if (!sent.ok) {
      await store.releaseConfirmation(addressKey, now);
      await store.returnConfirmationAllowance(subjects, allowance.windowStart);
      if (sent.kind === 'bounce') await store.suppress(addressKey, 'bouncing', now);
      throw new MatchError('email-failed', 'error.email-failed');
    }
    return 'sent';
  }

  /** The cap that is full, with the seconds until its window ends (said only in Retry-After). */
  private capReached(cap: ConfirmationCap, waitMs: number): MatchError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const hours = Math.max(1, Math.ceil(waitMs / 3_600_000));
    const code = `confirmation-limit-${cap}` as const;
    return new MatchError(code, { key: `error.${code}`, params: { count: this.caps[cap], hours } }, {}, seconds);
  }

  async removeEmail(id: string, seat: Seat): Promise<void> {
    const prefs = await this.prefsOf(id, seat);
    await this.deps.store.putPrefs({ ...prefs, email: null, channels: { ...prefs.channels, email: false }, updatedAt: this.clock() });
  }

  async addPush(id: string, seat: Seat, sub: PushSubscription, lang?: Lang): Promise<void> {
    const { store } = this.deps;
    if (!(this.deps.allowPushEndpoint ?? isBrowserPushEndpoint)(new URL(sub.endpoint))) {
      throw new MatchError('invalid-request', 'error.invalid.pushEndpoint', {
        issues: [{ path: 'endpoint', message: 'error.invalid.pushService' }],
      });
    }
    const pushId = pushIdOf(sub.endpoint);
    const [prefs, { push }] = await Promise.all([this.prefsOf(id, seat), store.seat(id, seat)]);
    if (!push.some((p) => p.id === pushId) && push.length >= MAX_PUSH_PER_SEAT) {
      throw new MatchError('too-many-devices', { key: 'error.too-many-devices', params: { max: MAX_PUSH_PER_SEAT } });
    }
    const now = this.clock();
    await store.addPush({
      matchId: id,
      seat,
      id: pushId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      createdAt: now,
    });
    await store.putPrefs({ ...prefs, ...langOf(lang), channels: { ...prefs.channels, push: true }, updatedAt: now });
  }

  async removePush(id: string, seat: Seat, endpoint: string): Promise<void> {
    await this.deps.store.removePush(id, seat, pushIdOf(endpoint));
  }

  // ---------------------------------------------------------------- the links in mails

  /** The record a mail link's secret stands for, while it is valid. */
  linkToken(secret: string): Promise<LinkTokenRecord | null> {
    return this.deps.store.token(sha256(secret), this.clock());
  }

  /**
   * Confirms the address and gives the confirming browser its address proof (returned once, kept as a
   * hash); null when the seat uses another address by now.
   */
  async confirm(record: LinkTokenRecord): Promise<{ remember: { address: string; proof: string } | null } | null> {
    const { store } = this.deps;
    const now = this.clock();
    const ok = await store.confirmEmail(record.matchId, record.seat, record.addressKey, now);
    if (!ok) return null;
    // The owner just asked for mail: an earlier "stop all mail" no longer stands.
    await store.unsuppress(record.addressKey);
    const address = (await store.seat(record.matchId, record.seat)).prefs?.email?.address;
    if (address === undefined) return { remember: null };
    const proof = newSecret();
    await store.putAddressProof(record.addressKey, sha256(proof), now);
    return { remember: { address, proof } };
  }

  /**
   * The rematch seat gets the old seat's choices: channels, a confirmed address (the same player confirmed
   * it), language, and this seat's push devices. An address still waiting for its confirmation stays behind:
   * its link confirms the old seat only. A seat that has settings of its own keeps them.
   */
  async carryOver(from: { matchId: string; seat: Seat }, to: { matchId: string; seat: Seat }): Promise<void> {
    const { store } = this.deps;
    const [old, fresh] = await Promise.all([store.seat(from.matchId, from.seat), store.seat(to.matchId, to.seat)]);
    if (!old.prefs || fresh.prefs) return;
    const now = this.clock();
    for (const sub of old.push.slice(0, MAX_PUSH_PER_SEAT)) await store.addPush({ ...sub, ...to, createdAt: now });
    const confirmed = old.prefs.email?.confirmed === true;
    const email = confirmed ? old.prefs.email : null;
    const channels = { ...old.prefs.channels, email: old.prefs.channels.email && confirmed };
    await store.putPrefs({ ...old.prefs, ...to, email, channels, updatedAt: now });
  }

  async unsubscribe(record: LinkTokenRecord): Promise<void> {
    await this.deps.store.suppress(record.addressKey, 'unsubscribed', this.clock());
  }

  async resubscribe(record: LinkTokenRecord): Promise<void> {
    await this.deps.store.unsuppress(record.addressKey);
  }
}
