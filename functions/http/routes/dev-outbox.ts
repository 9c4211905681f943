/** Local runs without SMTP only (never on Lambda): GET /dev/outbox, /dev/outbox/:n, what would have been mailed. */
import { Hono } from 'hono';
import { langOf, t } from '../../i18n.js';
import { escapeHtml, timeIn } from '../../notify/compose.js';
import type { DevOutbox } from '../../notify/email.js';
import { form, page } from './pages.js';

/** Mounted under /dev/outbox. Not part of the API document, so its paths are written here, not declared. */
export function devOutboxRoutes(outbox: DevOutbox): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const lang = langOf(c.req);
    const items = outbox
      .list()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>${escapeHtml(t(lang, 'page.outbox.to', { to: m.to }))} · ${escapeHtml(timeIn(lang, m.at))} · ` +
          `<a href="/dev/outbox/${m.id}">${escapeHtml(t(lang, 'page.outbox.html'))}</a></p><pre>${escapeHtml(m.text)}</pre>` +
          `<p>List-Unsubscribe: ${escapeHtml(m.headers['List-Unsubscribe'] ?? '')}</p>` +
          form(m.unsubscribeUrl, t(lang, 'page.outbox.unsubscribe'), { 'List-Unsubscribe': 'One-Click' }) +
          `</article><hr>`,
      )
      .join('\n');
    return c.html(
      page(
        t(lang, 'page.outbox.title'),
        `<p>${escapeHtml(t(lang, 'page.outbox.intro'))}</p>${items || `<p>${escapeHtml(t(lang, 'page.outbox.empty'))}</p>`}`,
        lang,
      ),
    );
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
