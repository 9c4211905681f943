/**
 * The notification settings of one seat (functions/http/routes/notifications.ts), and web push in this
 * browser: what it supports, subscribing it, and which of this browser's matches use its one
 * push subscription. Loaded with the notifications panel only, never with the match page itself.
 */
// Only types from api.ts: the panel's chunk must not pull the API module out of the page's script.
import type * as z from 'zod/mini';
import type { NotificationSettingsResponse } from '../../functions/http/responses.js';
import type { Api, ApiFailure } from './api.js';
import { type MessageKey, t } from './i18n.js';

export type EmailState = NonNullable<NotifySummary['email']>['state'];

/** The server's answer to every settings request: the seat's settings after the change. */
export type NotifySummary = z.infer<typeof NotificationSettingsResponse>;

export function notifyApi(api: Pick<Api, 'call'>, matchId: string, seat: number, token: string) {
  const base = `/api/matches/${encodeURIComponent(matchId)}/seats/${seat}`;
  const auth = token;
  return {
    summary: () => api.call<NotifySummary>('GET', `${base}/notifications`, { auth }),
    channels: (change: { email?: boolean; push?: boolean }) =>
      api.call<NotifySummary>('PATCH', `${base}/notifications`, { auth, body: change }),
    /** With this browser's proof for the address, when it confirmed it before: no mail then. */
    setEmail: (address: string, proof?: string) =>
      api.call<NotifySummary>('PUT', `${base}/notifications/email`, { auth, body: proof ? { address, proof } : { address } }),
    removeEmail: () => api.call<NotifySummary>('DELETE', `${base}/notifications/email`, { auth }),
    addPush: (subscription: PushSubscriptionJSON) =>
      api.call<NotifySummary>('POST', `${base}/notifications/push`, { auth, body: subscription }),
    removePush: (endpoint: string) => api.call<NotifySummary>('DELETE', `${base}/notifications/push`, { auth, body: { endpoint } }),
    pause: (n: number) => api.call<NotifySummary>('POST', `${base}/pause`, { auth, body: { days: n } }),
    resume: () => api.call<NotifySummary>('DELETE', `${base}/pause`, { auth }),
    /** The seat's time zone and quiet hours ("23:00"–"08:00", or none). */
    setTime: (zone: string, quiet: { from: string; to: string } | null) =>
      api.call<NotifySummary>('PUT', `${base}/time`, { auth, body: { zone, quiet } }),
    publicKey: () => api.call<{ publicKey: string }>('GET', '/api/push/public-key'),
  };
}

export type NotifyApi = ReturnType<typeof notifyApi>;

/** Any failure as one sentence for the player: the server's own message where there is one. */
export function errorText(e: unknown): string {
  if (!(e instanceof Error)) return t('match.notify.wentWrong');
  if (e.name === 'ApiFailure') {
    const f = e as ApiFailure;
    const details = (f.issues ?? []).map((i) => i.message).filter((m) => m && !f.message.includes(m));
    return [f.message, ...details].join(' ');
  }
  // These messages are written for people; any other error's message is not.
  if (e.name === 'NetworkFailure' || e instanceof PushProblem) return e.message;
  return t('match.notify.wentWrong');
}

/** The browser's own time zone (what a seat's time starts from until the player saves one), or UTC. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones a player may choose from: the platform's list, with the seat's own and the browser's in it. */
export function zoneChoices(...own: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...own, 'UTC', ...known])].sort();
}

/** Whole days of pause still allowed, from the server's budget in milliseconds. */
export function pauseDaysLeft(budgetLeftMs: number): number {
  return Math.max(0, Math.floor(budgetLeftMs / (24 * 3600 * 1000)));
}

/** The state of the seat's email address, in words. */
export function emailStateText(email: NonNullable<NotifySummary['email']>, emailOn: boolean): string {
  switch (email.state) {
    case 'pending':
      return t('match.notify.state.pendingText', { address: email.address });
    case 'confirmed':
      return emailOn ? t('match.notify.state.confirmedText', { address: email.address }) : t('match.notify.state.confirmedOff');
    case 'unsubscribed':
      return t('match.notify.state.unsubscribedText', { address: email.address });
    case 'bouncing':
      return t('match.notify.state.bouncingText', { address: email.address });
  }
}

/** The state's badge: a key of the catalog (shown with `t`). */
export const EMAIL_STATE_LABEL: Record<EmailState, MessageKey> = {
  pending: 'match.notify.state.pending',
  confirmed: 'match.notify.state.confirmed',
  unsubscribed: 'match.notify.state.unsubscribed',
  bouncing: 'match.notify.state.bouncing',
};

/** "You have 14 days of pause left in this match." */
export function pauseBudgetText(daysLeft: number): string {
  return daysLeft === 0 ? t('match.notify.budget.none') : t('match.notify.budget.left', { days: daysLeft });
}

// ------------------------------------------------------------------ web push in this browser

/** What the page can tell about this browser before trying to subscribe. */
export interface PushEnv {
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  /** iPhone, iPad or iPod (iPadOS reports itself as a Mac with a touch screen). */
  appleMobile: boolean;
  /** Opened from the Home Screen (display-mode standalone). */
  standalone: boolean;
}

export type PushSupport = 'ok' | 'add-to-home-screen' | 'insecure' | 'unsupported';

export function pushSupport(env: PushEnv): PushSupport {
  if (env.serviceWorker && env.pushManager && env.secure) return 'ok';
  // Safari on iPhone and iPad offers push only to sites added to the Home Screen.
  if (env.appleMobile && !env.standalone) return 'add-to-home-screen';
  if (!env.secure) return 'insecure';
  return 'unsupported';
}

export function pushUnsupportedText(s: Exclude<PushSupport, 'ok'>): string {
  switch (s) {
    case 'add-to-home-screen':
      return t('match.notify.push.homeScreen');
    case 'insecure':
      return t('match.notify.push.insecure');
    case 'unsupported':
      return t('match.notify.push.unsupported');
  }
}

export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

export function readPushEnv(w: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window): PushEnv {
  if (!w) return { secure: false, serviceWorker: false, pushManager: false, appleMobile: false, standalone: false };
  const nav = w.navigator;
  return {
    secure: w.isSecureContext,
    serviceWorker: 'serviceWorker' in nav,
    pushManager: 'PushManager' in w,
    appleMobile: isAppleMobile(nav.userAgent, nav.maxTouchPoints ?? 0),
    standalone:
      w.matchMedia?.('(display-mode: standalone)').matches === true || (nav as Navigator & { standalone?: boolean }).standalone === true,
  };
}

/** The VAPID public key (base64url, as the server gives it) as the bytes `subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/** A failure of the browser's side of push, with words for the player. */
export class PushProblem extends Error {}

/** What a failed `subscribe` (or permission request) means for the player. */
export function pushFailureText(e: unknown): string {
  if ((e instanceof DOMException || e instanceof Error) && e.name === 'NotAllowedError') {
    return t('match.notify.push.blocked');
  }
  return t('match.notify.push.noService');
}

/**
 * This browser's push subscription for the site's key: asks for permission, registers the
 * service worker, and reuses an existing subscription made with the same key.
 */
export async function subscribeBrowser(publicKey: string, timeoutMs = 15_000): Promise<PushSubscription> {
  const key = keyBytes(publicKey);
  try {
    if (typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') throw new DOMException('permission', 'NotAllowedError');
    }
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const reg = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => setTimeout(() => reject(new DOMException('no active worker', 'AbortError')), timeoutMs)),
    ]);
    const existing = await reg.pushManager.getSubscription();
    if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
    if (existing) await existing.unsubscribe();
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (e) {
    throw new PushProblem(pushFailureText(e));
  }
}

/** This browser's current push subscription, if it has one (without asking anything). */
export async function currentBrowserSubscription(): Promise<PushSubscription | null> {
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    return (await reg?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ which matches use this device

/**
 * The browser has one push subscription for the whole site; each match seat that uses it is
 * remembered here, so turning one match off leaves the others working.
 */
const DEVICES = 'dutch:v1:push-devices'; // also read by ./storage.ts carryPushDevice (a rematch)

export type DeviceMap = Record<string, string>;

export const deviceKey = (matchId: string, seat: number) => `${matchId}:${seat}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadDevices(s: Storage | null = storage()): DeviceMap {
  try {
    const v = JSON.parse(s?.getItem(DEVICES) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v)
      ? (Object.fromEntries(Object.entries(v).filter(([, e]) => typeof e === 'string')) as DeviceMap)
      : {};
  } catch {
    return {};
  }
}

export function saveDevices(map: DeviceMap, s: Storage | null = storage()): void {
  try {
    s?.setItem(DEVICES, JSON.stringify(map));
  } catch {
    /* storage refused: this visit still works */
  }
}

/** The map without this seat, and whether any other seat still uses the same endpoint. */
export function withoutDevice(map: DeviceMap, key: string): { map: DeviceMap; stillUsed: boolean } {
  const endpoint = map[key];
  const { [key]: _gone, ...rest } = map;
  return { map: rest, stillUsed: endpoint !== undefined && Object.values(rest).includes(endpoint) };
}
