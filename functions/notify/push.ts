/**
 * The web push port and its adapter: RFC 8291 encryption and VAPID (RFC 8292) by the `web-push`
 * package, sent with fetch (so a plain-HTTP stand-in works in tests). `TTL` and `Topic` on every
 * push; 404/410 mean the subscription is gone; 429 and 5xx are retried with backoff.
 */
import type { VapidKeys } from './vapid.js';

/** web-push and its crypto dependencies load with the first push, not with the dispatcher's start. */
let webpushModule: Promise<typeof import('web-push')> | undefined;
const loadWebPush = () => (webpushModule ??= import('web-push').then((m) => (m as { default?: typeof import('web-push') }).default ?? m));

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** JSON text, encrypted for the subscription. */
  payload: string;
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
  /** Replaces an undelivered earlier push with the same topic (≤ 32 base64url characters). */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

export type PushResult = { ok: true; status: number } | { ok: false; kind: 'gone' | 'failed' | 'retry'; status?: number; reason: string };

export interface PushSender {
  /** `signal`: the caller gives up (its timeout); no further attempt is made. */
  send(target: PushTarget, message: PushMessage, signal?: AbortSignal): Promise<PushResult>;
}

export interface WebPushOptions {
  vapid: () => Promise<VapidKeys>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per send, counting the first. */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

const sleepReal = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class WebPushSender implements PushSender {
  constructor(private readonly opts: WebPushOptions) {}

  async send(target: PushTarget, message: PushMessage, signal?: AbortSignal): Promise<PushResult> {
    const keys = await this.opts.vapid();
    const webpush = await loadWebPush();
    const doFetch = this.opts.fetch ?? fetch;
    const sleep = this.opts.sleep ?? sleepReal;
    const attempts = this.opts.attempts ?? 3;
    const base = this.opts.baseDelayMs ?? 500;
    const cap = this.opts.maxDelayMs ?? 10_000;
    let last: PushResult = { ok: false, kind: 'retry', reason: 'not sent' };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (signal?.aborted) return { ok: false, kind: 'retry', reason: 'given up by the caller' };
      // Encrypted afresh per attempt: each request has its own salt and VAPID signature.
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: message.ttl,
          topic: message.topic,
          urgency: message.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      let res: Response;
      try {
        res = await doFetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000),
        });
      } catch (err) {
        last = { ok: false, kind: 'retry', reason: `network: ${String(err).slice(0, 150)}` };
        if (attempt < attempts) await sleep(Math.min(cap, base * 2 ** (attempt - 1)));
        continue;
      }
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
      if (res.status === 404 || res.status === 410)
        return { ok: false, kind: 'gone', status: res.status, reason: `push service answered ${res.status}` };
      if (res.status === 429 || res.status >= 500) {
        last = { ok: false, kind: 'retry', status: res.status, reason: `push service answered ${res.status}` };
        if (attempt < attempts) await sleep(Math.min(cap, retryAfterMs(res.headers.get('Retry-After')) ?? base * 2 ** (attempt - 1)));
        continue;
      }
      // 400 (bad request), 403 (VAPID refused), 413 (too large): sending again will not help.
      return { ok: false, kind: 'failed', status: res.status, reason: `push service answered ${res.status}` };
    }
    return last;
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export { isBrowserPushEndpoint } from './push-hosts.js';
