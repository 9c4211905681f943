/**
 * The email port and its adapters: Amazon SES v2 (on AWS), SMTP through nodemailer (self-hosting,
 * env SMTP_URL), and the dev outbox (local runs without SMTP; shown at /dev/outbox).
 *
 * Every mail carries a plain-text part, an HTML part, and RFC 8058 one-click unsubscribe headers.
 */
import type { SESv2ClientConfig, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL (POST) for `List-Unsubscribe`. */
  unsubscribeUrl: string;
  /** A stable id (match, version, seat, tag), so a mail client can tell a resend apart. */
  messageId?: string;
}

/**
 * `bounce`: the address itself was refused (it gets nothing more); `failed`: this message will
 * never go (give up on it); `retry`: worth trying again later (throttling, outage, config).
 */
export type SendResult = { ok: true } | { ok: false; kind: 'bounce' | 'failed' | 'retry'; reason: string };

export interface EmailSender {
  readonly kind: 'ses' | 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SendResult>;
}

export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export const DEFAULT_FROM = 'Dutch <no-reply@localhost>';

// ------------------------------------------------------------------ SMTP

/**
 * nodemailer is loaded on the first send, not at start: the Lambda functions mail through SES and
 * their bundles leave nodemailer out (infra/functions.ts), so only a self-hosted server ever loads it.
 */
export class SmtpEmailSender implements EmailSender {
  readonly kind = 'smtp';
  private transport?: Promise<Transporter>;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly from: string = DEFAULT_FROM,
  ) {}

  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((m) => m.createTransport(this.url));
    return this.transport;
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const transport = await this.connect();
      await transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: unsubscribeHeaders(mail.unsubscribeUrl),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      return { ok: true };
    } catch (err) {
      const e = err as { code?: string; responseCode?: number; command?: string; message?: string };
      const reason = `${e.code ?? 'error'} ${e.responseCode ?? ''} ${e.message ?? ''}`.trim().slice(0, 200);
      // Only a permanent refusal of the recipient says the address is bad; a refusal of the
      // sender or of our credentials is our problem, to be fixed and retried.
      if (e.code === 'EENVELOPE' && (e.responseCode ?? 0) >= 500 && /RCPT/i.test(e.command ?? 'RCPT')) {
        return { ok: false, kind: 'bounce', reason };
      }
      if (e.responseCode !== undefined && e.responseCode >= 500 && e.code === 'EMESSAGE') return { ok: false, kind: 'failed', reason };
      return { ok: false, kind: 'retry', reason };
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    void this.transport?.then(
      (t) => t.close(),
      () => undefined,
    );
  }
}

// ------------------------------------------------------------------ Amazon SES v2

/** What SesEmailSender needs of an SESv2Client (a real one, lazySesClient, or a fault injector in tests). */
export interface SesSend {
  send(command: SendEmailCommand): Promise<unknown>;
}

/**
 * An SES client made on the first mail: most API requests send none, so a cold start does not pay
 * for loading @aws-sdk/client-sesv2.
 */
export function lazySesClient(config: SESv2ClientConfig = {}): SesSend {
  let client: Promise<SesSend> | undefined;
  return {
    async send(command) {
      client ??= import('@aws-sdk/client-sesv2').then((m) => new m.SESv2Client(config));
      return (await client).send(command);
    },
  };
}

export class SesEmailSender implements EmailSender {
  readonly kind = 'ses';

  constructor(
    private readonly client: SesSend,
    private readonly from: string,
    private readonly configurationSet?: string,
  ) {}

  async send(mail: OutgoingMail): Promise<SendResult> {
    const headers = Object.entries(unsubscribeHeaders(mail.unsubscribeUrl)).map(([Name, Value]) => ({ Name, Value }));
    try {
      const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
      await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: this.from,
          Destination: { ToAddresses: [mail.to] },
          ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
              Headers: headers,
            },
          },
        }),
      );
      return { ok: true };
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const reason = `${e.name ?? 'error'}: ${e.message ?? ''}`.slice(0, 200);
      // SES refuses a recipient on its suppression list up front; that address bounced before.
      if (e.name === 'MessageRejected' && /suppress/i.test(e.message ?? '')) return { ok: false, kind: 'bounce', reason };
      if (e.name === 'MessageRejected' || e.name === 'BadRequestException') return { ok: false, kind: 'failed', reason };
      // Throttling, sending paused, unverified identity, 5xx: the operator or time fixes these.
      return { ok: false, kind: 'retry', reason };
    }
  }
}

// ------------------------------------------------------------------ the dev outbox

export interface OutboxMessage extends OutgoingMail {
  id: number;
  from: string;
  at: number;
  headers: Record<string, string>;
}

/** Keeps what would have been sent, for the /dev/outbox page of a local run. Never on Lambda. */
export class DevOutbox implements EmailSender {
  readonly kind = 'outbox';
  private readonly messages: OutboxMessage[] = [];
  private nextId = 1;

  private readonly from: string;
  private readonly clock: () => number;
  private readonly announce: (line: string) => void;

  constructor(
    opts: { from?: string; clock?: () => number; announce?: (line: string) => void } = {},
    private readonly limit = 200,
  ) {
    this.from = opts.from ?? DEFAULT_FROM;
    this.clock = opts.clock ?? Date.now;
    this.announce = opts.announce ?? ((line) => console.log(line));
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    const message: OutboxMessage = {
      ...mail,
      id: this.nextId++,
      from: this.from,
      at: this.clock(),
      headers: unsubscribeHeaders(mail.unsubscribeUrl),
    };
    this.messages.push(message);
    if (this.messages.length > this.limit) this.messages.shift();
    this.announce(`[outbox] mail to ${mail.to}: ${mail.subject}  (see /dev/outbox)`);
    return { ok: true };
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages].reverse();
  }

  get(id: number): OutboxMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }
}

// ------------------------------------------------------------------ from the environment

export function emailSenderFromEnv(env: Record<string, string | undefined>): EmailSender | undefined {
  const from = env.EMAIL_FROM ?? DEFAULT_FROM;
  if (env.SMTP_URL) {
    // The Lambda bundles leave nodemailer out (infra/functions.ts): on AWS, mail goes through SES.
    if (env.AWS_LAMBDA_FUNCTION_NAME) throw new Error('SMTP_URL is not supported on Lambda; leave it unset to mail through SES');
    return new SmtpEmailSender(env.SMTP_URL, from);
  }
  if (env.EMAIL_FROM && (env.AWS_LAMBDA_FUNCTION_NAME || env.SES_REGION)) {
    return new SesEmailSender(lazySesClient(env.SES_REGION ? { region: env.SES_REGION } : {}), env.EMAIL_FROM, env.SES_CONFIGURATION_SET);
  }
  return undefined;
}
