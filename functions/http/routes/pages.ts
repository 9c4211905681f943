/** The few HTML pages the API serves itself (the links in mails, the local dev outbox): a title, a body, a form. */
import type { Lang } from '../../i18n.js';
import { type Html, html } from '../../notify/html.js';

/**
 * The site's look, for the sign-in link's pages (players.ts): its stylesheet (web/build.ts writes
 * /site.css) and its bar (`nav`: the bar's accessible name). The meta referrer matters: under the site-wide
 * `Referrer-Policy: no-referrer` a browser sends `Origin: null` with a form's POST, which the same-site
 * guard refuses; `strict-origin` lets the form send this site's origin (and a Referer of the origin only,
 * never the link's secret).
 */
export interface SiteLook {
  nav: string;
}

export function page(title: string, body: Html, lang: Lang = 'en', site?: SiteLook): string {
  const look = site ? html`<meta name="referrer" content="strict-origin"><link rel="stylesheet" href="/site.css">` : html``;
  const main = site
    ? html`<main class="page"><nav class="sitebar" aria-label="${site.nav}"><a href="/" class="home-link">Dutch</a></nav>`
    : html`<main>`;
  return html`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>${look}</head><body>${main}<h1>${title}</h1>${body}</main></body></html>`.toString();
}

/** A form that POSTs `fields` to `action`; a `primary` button has the site's main-button look. */
export function form(action: string, label: string, fields: Record<string, string> = {}, button: 'plain' | 'primary' = 'plain'): Html {
  const hidden = Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  const open = button === 'primary' ? html`<button type="submit" class="primary">` : html`<button type="submit">`;
  return html`<form method="post" action="${action}">${hidden}${open}${label}</button></form>`;
}
