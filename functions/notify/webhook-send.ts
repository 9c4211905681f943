/**
 * The webhook sender: one HTTPS POST, to an address checked just before the call. The name is resolved
 * here, every address it resolves to must be public (./webhook-hosts.ts), and the connection is made to the
 * address that was checked (the socket's `lookup` answers with it), so a second DNS answer cannot point the
 * call inside (DNS rebinding). No redirects are followed, the call is bounded by a timeout, and at most
 * MAX_ANSWER_BYTES of the answer are read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { checkWebhookUrl, isPublicAddress } from './webhook-hosts.js';

export interface WebhookCall {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export type WebhookResult =
  | { ok: true; status: number }
  | { ok: false; kind: 'refused' | 'gone' | 'failed' | 'retry'; status?: number; reason: string };

export interface WebhookSender {
  send(call: WebhookCall, signal?: AbortSignal): Promise<WebhookResult>;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface HttpsWebhookOptions {
  /** The name's addresses (injected in tests); node's resolver by default. */
  resolve?: Resolver;
  timeoutMs?: number;
  /**
   * For tests only, never set by the wiring: the local stand-in's certificate authority, the port it listens
   * on, and the one address allowed although it is not public (the stand-in's loopback address).
   */
  testOnly?: { ca: string; port: number; permit: (address: string) => boolean };
}

/** A call that has not answered by then has failed for now. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of an answer read at most (an error's text for the log); the rest is dropped unread. */
export const MAX_ANSWER_BYTES = 4096;

const resolveReal: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export class HttpsWebhookSender implements WebhookSender {
  constructor(private readonly opts: HttpsWebhookOptions = {}) {}

  async send(call: WebhookCall, signal?: AbortSignal): Promise<WebhookResult> {
    const checked = checkWebhookUrl(call.url);
    if (!checked.ok) return { ok: false, kind: 'refused', reason: `address refused: ${checked.reason}` };
    const host = checked.url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    try {
      const family = isIP(host);
      addresses = family ? [{ address: host, family: family === 6 ? 6 : 4 }] : await (this.opts.resolve ?? resolveReal)(host);
    } catch (err) {
      return { ok: false, kind: 'retry', reason: `resolve: ${String(err).slice(0, 150)}` };
    }
    const allowed = (a: string) => isPublicAddress(a) || (this.opts.testOnly?.permit(a) ?? false);
    // Every answer must be public: a name that also points inside is refused, whichever answer would be used.
    if (addresses.length === 0) return { ok: false, kind: 'retry', reason: 'resolve: no address' };
    const inside = addresses.find((a) => !allowed(a.address));
    if (inside) return { ok: false, kind: 'refused', reason: `address refused: ${inside.address} is not public` };
    return this.post(checked.url, addresses[0]!, call, signal);
  }

  private post(url: URL, to: ResolvedAddress, call: WebhookCall, signal?: AbortSignal): Promise<WebhookResult> {
    const timeoutMs = this.opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const test = this.opts.testOnly;
    return new Promise<WebhookResult>((resolve) => {
      const req = request(
        {
          method: 'POST',
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: test?.port ?? (url.port ? Number(url.port) : 443),
          path: `${url.pathname}${url.search}`,
          headers: { ...call.headers, 'Content-Length': String(Buffer.byteLength(call.body)) },
          // The address checked above, whatever the name would resolve to now.
          lookup: (_name, options, callback) => {
            const cb = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
            if ((options as { all?: boolean }).all) cb(null, [{ address: to.address, family: to.family }]);
            else cb(null, to.address, to.family);
          },
          agent: false,
          timeout: timeoutMs,
          ...(test ? { ca: test.ca } : {}),
          ...(signal ? { signal } : {}),
        },
        (res) => {
          let read = 0;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (read < MAX_ANSWER_BYTES) chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - read));
            read += chunk.length;
            if (read >= MAX_ANSWER_BYTES) res.destroy();
          });
          const done = () => resolve(resultOf(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          res.on('end', done);
          res.on('close', done);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (err) => resolve({ ok: false, kind: 'retry', reason: `network: ${String(err).slice(0, 150)}` }));
      req.end(call.body);
    });
  }
}

/** What an answer means: 2xx arrived; 404/410 the webhook is gone; 429, 5xx retried; other answers failed. */
function resultOf(status: number, text: string): WebhookResult {
  if (status >= 200 && status < 300) return { ok: true, status };
  const reason = `answered ${status}${text ? `: ${text.slice(0, 120)}` : ''}`;
  if (status === 404 || status === 410) return { ok: false, kind: 'gone', status, reason };
  if (status === 429 || status >= 500) return { ok: false, kind: 'retry', status, reason };
  return { ok: false, kind: 'failed', status, reason };
}
