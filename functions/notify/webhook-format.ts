/**
 * A notice as each service reads it: a Discord embed, Slack blocks, or this site's own JSON signed with the
 * webhook's secret. The words are the mail's and push's (./compose.ts: public facts only, never a hidden
 * card), in the webhook's language. Player text (names, chat) is escaped for each service's markup, and
 * Discord is told to ping nobody. The signature is documented for receivers in docs/notifications.md.
 */
import { createHmac } from 'node:crypto';
import { type Lang, t } from '../i18n.js';
import type { NotificationIntent } from '../matches/port.js';
import type { Composed } from './compose.js';
import type { WebhookCall } from './webhook-send.js';
import type { WebhookRecord } from './webhooks.js';

/** What one message says: the composed notice, and whose it is when a channel gets every seat's. */
export interface WebhookNotice {
  composed: Composed;
  /** The seat's name, on a match's channel; null on a seat's or a player's own webhook. */
  forName: string | null;
  /** The notice's identity (the same on every attempt): a receiver drops a second copy by it. */
  deliveryId: string;
  intent: Pick<NotificationIntent, 'matchId' | 'version' | 'seat' | 'kind' | 'createdAt'> | null;
}

const DISCORD_COLOUR = 0x2f6f4e;
export const SIGNATURE_HEADER = 'Dutch-Signature';
export const DELIVERY_HEADER = 'Dutch-Delivery';
export const WEBHOOK_HEADER = 'Dutch-Webhook';

/** Discord's markdown characters, escaped so a name cannot format or link. */
const discordText = (s: string) => s.replace(/[\\*_~`|>#[\]()<]/g, (c) => `\\${c}`);
/** Slack's mrkdwn: only &, < and > are special (they make links and mentions). */
const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

function bodyLines(c: Composed): string[] {
  return [...c.paragraphs, ...c.lines.map((l) => `• ${l}`)];
}

export function discordBody(n: WebhookNotice, lang: Lang): object {
  const c = n.composed;
  return {
    username: 'Dutch',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(c.push.title, 256),
        url: c.url,
        description: clip(bodyLines(c).map(discordText).join('\n'), 4000),
        color: DISCORD_COLOUR,
        ...(n.forName ? { footer: { text: clip(t(lang, 'mail.webhook.for', { name: n.forName }), 2048) } } : {}),
      },
    ],
  };
}

export function slackBody(n: WebhookNotice, lang: Lang): object {
  const c = n.composed;
  const text = bodyLines(c).map(slackText).join('\n');
  return {
    text: clip(c.push.title, 150),
    unfurl_links: false,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(c.push.title, 150) } },
      ...(text ? [{ type: 'section', text: { type: 'mrkdwn', text: clip(text, 3000) } }] : []),
      ...(n.forName
        ? [{ type: 'context', elements: [{ type: 'plain_text', text: clip(t(lang, 'mail.webhook.for', { name: n.forName }), 150) }] }]
        : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: t(lang, 'mail.openLink') }, url: c.url }],
      },
    ],
  };
}

/** This site's own JSON: the notice's facts and words, for any receiver. */
export function signedBody(n: WebhookNotice, hook: Pick<WebhookRecord, 'id'>, lang: Lang): object {
  const c = n.composed;
  return {
    type: n.intent ? 'notice' : 'test',
    id: n.deliveryId,
    webhook: hook.id,
    ...(n.intent
      ? { kind: n.intent.kind, match: n.intent.matchId, version: n.intent.version, seat: n.intent.seat, at: n.intent.createdAt }
      : {}),
    lang,
    title: c.push.title,
    subject: c.subject,
    paragraphs: c.paragraphs,
    lines: c.lines,
    url: c.url,
    ...(n.forName ? { for: n.forName } : {}),
  };
}

/** `Dutch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. */
export function signature(secret: string, body: string, nowMs: number): string {
  const ts = Math.floor(nowMs / 1000);
  const mac = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
  return `t=${ts},v1=${mac}`;
}

/** The call for one notice to one webhook, in its service's format. */
export function webhookCall(hook: WebhookRecord, n: WebhookNotice, nowMs: number): WebhookCall {
  const lang = hook.lang;
  const payload = hook.kind === 'discord' ? discordBody(n, lang) : hook.kind === 'slack' ? slackBody(n, lang) : signedBody(n, hook, lang);
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Dutch-Webhooks/1',
    [WEBHOOK_HEADER]: hook.id,
    [DELIVERY_HEADER]: n.deliveryId,
  };
  if (hook.kind === 'signed' && hook.secret) headers[SIGNATURE_HEADER] = signature(hook.secret, body, nowMs);
  return { url: hook.url, body, headers };
}
