/** Local runs without SMTP only (never on Lambda): GET /dev/outbox, /dev/outbox/:n, what would have been mailed. */
import { Hono } from 'hono';
import { escapeHtml, formatTime } from '../../notify/compose.js';
import type { DevOutbox } from '../../notify/email.js';
import { form, page } from './pages.js';

/** Mounted under /dev/outbox. */
export function devOutboxRoutes(outbox: DevOutbox): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const items = outbox
      .list()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(formatTime(m.at))} · ` +
          `<a href="/dev/outbox/${m.id}">HTML part</a></p><pre>${escapeHtml(m.text)}</pre>` +
          `<p>List-Unsubscribe: ${escapeHtml(m.headers['List-Unsubscribe'] ?? '')}</p>` +
          form(m.unsubscribeUrl, 'One-click unsubscribe (POST)', { 'List-Unsubscribe': 'One-Click' }) +
          `</article><hr>`,
      )
      .join('\n');
    return c.html(
      page(
        'Dev outbox',
        `<p>Mail this local server would have sent (newest first; no SMTP_URL is set).</p>${items || '<p>Nothing yet.</p>'}`,
      ),
    );
  });
  app.get('/:n', (c) => {
    const m = outbox.get(Number(c.req.param('n')));
    if (!m) return c.text('No such mail.', 404);
    // The mail's own HTML, sandboxed: no scripts, nothing fetched.
    c.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    return c.html(m.html);
  });
  return app;
}
