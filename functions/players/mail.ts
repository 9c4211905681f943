/** The sign-in mail, in plain text and HTML. */
import { escapeHtml } from '../notify/compose.js';

export function signInMail(link: string, unsubscribeUrl: string, siteName: string, ttlMs: number) {
  const minutes = Math.round(ttlMs / 60_000);
  const lines = [
    `Someone (we hope you) asked to sign in to ${siteName} with this address.`,
    `Open this link on the device you want to use; it signs in that device, works once, and lasts ${minutes} minutes:`,
  ];
  const ignore = 'If you did not ask for it, ignore this mail: nothing happens without the link.';
  const stop = `To receive no mail at all from ${siteName}:`;
  return {
    subject: `Your sign-in link for ${siteName}`,
    text: [...lines, link, '', ignore, '', stop, unsubscribeUrl].join('\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(siteName)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">stop all mail</a></p>`,
    ].join(''),
  };
}
