/**
 * npm start without SMTP_URL puts every mail, sign-in links included, on the dev outbox page (/dev/outbox),
 * which asks nobody who they are. That is safe only while nobody but this machine can reach the server: on
 * any other address it would hand out every account, so the start is refused.
 */
import { isIP } from 'node:net';

/** Whether `host` only takes connections from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** The one line npm start refuses with, or null when it may start. */
export function outboxRefusal(host: string, smtpUrl: string | undefined): string | null {
  if (smtpUrl || isLoopback(host)) return null;
  return `Not starting: HOST=${host} lets other machines reach the dev outbox (/dev/outbox), which shows every sign-in link to anyone; set SMTP_URL to send mail for real, or leave HOST unset (127.0.0.1).`;
}
