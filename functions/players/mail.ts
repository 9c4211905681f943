/** The sign-in mail, in plain text and HTML, in the language of the request that asked for it. */
import { type Lang, t } from '../i18n.js';
import { escapeHtml } from '../notify/compose.js';

export function signInMail(link: string, unsubscribeUrl: string, siteName: string, ttlMs: number, lang: Lang = 'en') {
  const site = siteName;
  const minutes = Math.round(ttlMs / 60_000);
  const lines = [t(lang, 'mail.signin.asked', { site }), t(lang, 'mail.signin.open', { minutes })];
  const ignore = t(lang, 'mail.signin.ignore');
  const stop = t(lang, 'mail.noMail', { site });
  return {
    subject: t(lang, 'mail.signin.subject', { site }),
    text: [...lines, link, '', ignore, '', stop, unsubscribeUrl].join('\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t(lang, 'mail.signin.button', { site }))}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(stop)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t(lang, 'mail.noMailLink'))}</a></p>`,
    ].join(''),
  };
}
