/**
 * Devices for the player tests: each is a browser's cookie jar talking to the real app from a page of
 * the site (Origin set), and signing in reads the link from the mail the real SMTP listener received.
 */
import type { ParsedMail } from 'mailparser';
import type { EmailSender } from '../../functions/notify/email.js';
import { DailyDigest, type DigestDeps } from '../../functions/players/digest.js';
import { DynamoDigestStore } from '../../functions/storage/digest-dynamo.js';
import type { Json } from '../support/api.js';
import { secretSums } from '../support/test-game.js';
import { PUBLIC_URL, type Harness, type SmtpListener } from '../notify/support.js';

/** The daily digest job over the harness's table and clock, mailing through `email` (the test game only). */
export function dailyDigest(h: Harness, email: EmailSender, extra: Partial<DigestDeps> = {}): DailyDigest {
  return new DailyDigest({
    players: h.playerStore!,
    digests: new DynamoDigestStore(h.table.doc, h.table.tableName),
    matches: h.table.store,
    notify: h.store,
    games: new Map([[secretSums.id, secretSums]]),
    email,
    publicUrl: PUBLIC_URL,
    clock: h.clock.fn,
    log: () => {},
    ...extra,
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  json: Json;
  text: string;
}

export class Device {
  cookie: string | null = null;
  constructor(
    readonly h: Harness,
    readonly userAgent = 'Test browser',
  ) {}

  async call(method: string, path: string, opts: { body?: unknown; origin?: string | null; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'User-Agent': this.userAgent, ...(opts.headers ?? {}) };
    if (opts.origin !== null) headers.Origin = opts.origin ?? PUBLIC_URL;
    if (this.cookie) headers.Cookie = this.cookie;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await this.h.app.request(path, { method, headers, body });
    const set = res.headers.get('Set-Cookie');
    if (set) {
      const [pair] = set.split(';');
      this.cookie = /=$/.test(pair!) ? null : pair!;
    }
    const text = await res.text();
    let json: Json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text } satisfies Answer;
  }
}

const LINK = /http:\/\/dutch\.test(\/api\/session\/open\?t=[A-Za-z0-9_-]{43})/;

export function signInLinks(smtp: SmtpListener, address: string): string[] {
  return smtp.to(address).flatMap((m: ParsedMail) => {
    const found = LINK.exec(m.text ?? '');
    return found ? [found[1]!] : [];
  });
}

/** Asks for a link for `address` and opens the newest one on `device`; returns the link's path. */
export async function signIn(device: Device, smtp: SmtpListener, address: string): Promise<string> {
  const asked = await device.call('POST', '/api/session/link', { body: { address } });
  if (asked.status !== 202) throw new Error(`sign-in request failed ${asked.status} ${asked.text}`);
  const link = signInLinks(smtp, address).at(-1);
  if (!link) throw new Error('no sign-in mail');
  const opened = await device.call('POST', link);
  if (opened.status !== 200) throw new Error(`sign-in failed ${opened.status} ${opened.text}`);
  return link;
}
