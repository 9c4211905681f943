/** The sign-in mail, in plain text and HTML, in the language of the request that asked for it. */
import { type Lang, t } from '../i18n.js';
import { html, joinHtml } from '../notify/html.js';

export function signInMail(link: string, unsubscribeUrl: string, siteName: string, ttlMs: number, lang: Lang = 'en') {
  const site = siteName;
  const minutes = Math.round(ttlMs / 60_000);
  const lines = [t(lang, 'mail.signin.asked', { site }), t(lang, 'mail.signin.open', { minutes })];
  const ignore = t(lang, 'mail.signin.ignore');
  const stop = t(lang, 'mail.noMail', { site });
  return {
    subject: t(lang, 'mail.signin.subject', { site }),
    text: [...lines, link, '', ignore, '', stop, unsubscribeUrl].join('\n'),
    html: joinHtml([
      ...lines.map((l) => html`<p>${l}</p>`),
      html`<p><a href="${link}">${t(lang, 'mail.signin.button', { site })}</a></p>`,
      html`<p>${ignore}</p>`,
      html`<p>${stop} <a href="${unsubscribeUrl}">${t(lang, 'mail.noMailLink')}</a></p>`,
    ]).toString(),
  };
}
