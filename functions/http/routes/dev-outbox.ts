/** Local runs without SMTP only (never on Lambda): GET /dev/outbox, /dev/outbox/:n, what would have been mailed. */
import { Hono } from 'hono';
import { langOf, t } from '../../i18n.js';
import { timeIn } from '../../notify/compose.js';
import type { DevOutbox } from '../../notify/email.js';
import { html, joinHtml } from '../../notify/html.js';
import { form, page } from './pages.js';

/** Mounted under /dev/outbox. Not part of the API document, so its paths are written here, not declared. */
export function devOutboxRoutes(outbox: DevOutbox): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const lang = langOf(c.req);
    const messages = outbox.list();
    const items = messages.map((m) => {
      const about = html`<p>${t(lang, 'page.outbox.to', { to: m.to })} · ${timeIn(lang, m.at)} · <a href="/dev/outbox/${m.id}">${t(lang, 'page.outbox.html')}</a></p>`;
      const unsubscribe = form(m.unsubscribeUrl, t(lang, 'page.outbox.unsubscribe'), { 'List-Unsubscribe': 'One-Click' });
      return html`<article><h2>${m.subject}</h2>${about}<pre>${m.text}</pre><p>List-Unsubscribe: ${m.headers['List-Unsubscribe'] ?? ''}</p>${unsubscribe}</article><hr>`;
    });
    const list = messages.length > 0 ? joinHtml(items, '\n') : html`<p>${t(lang, 'page.outbox.empty')}</p>`;
    return c.html(page(t(lang, 'page.outbox.title'), html`<p>${t(lang, 'page.outbox.intro')}</p>${list}`, lang));
  });
  app.get('/:n', (c) => {
    const m = outbox.get(Number(c.req.param('n')));
    if (!m) return c.text(t(langOf(c.req), 'page.outbox.none'), 404);
    // The mail's own HTML, sandboxed: no scripts, nothing fetched.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    return c.html(m.html);
  });
  return app;
}
