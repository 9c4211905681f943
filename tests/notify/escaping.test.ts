/**
 * Player text arrives escaped in every mail kind and on every page the API serves itself (issue 26:
 * mails and pages come from templates that escape by default). A hostile name or message (`<script>`,
 * `"`, `&`, `'`) shows as typed in plain text and as entities in HTML, never as markup; the pages are
 * checked through the real app (names the API accepts: no `<` or `>`; chat text and addresses as typed).
 */
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../functions/i18n.js';
import type { MatchRecord, NotificationKind } from '../../functions/matches/port.js';
import { compose, confirmationMail, mailHtml, mailText } from '../../functions/notify/compose.js';
import { DevOutbox } from '../../functions/notify/email.js';
import { devOutboxRoutes } from '../../functions/http/routes/dev-outbox.js';
import { form, page } from '../../functions/http/routes/pages.js';
import { digestMail } from '../../functions/players/digest-mail.js';
import { signInMail } from '../../functions/players/mail.js';
import { secretSums } from '../support/test-game.js';
import { harness, PUBLIC_URL } from './support.js';
import { Device } from '../players/support.js';

const HOSTILE = `<script>alert("x")</script> & 'Ann'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Ann&#39;';

/** Every notice kind (the compiler lists a new one here). */
const KINDS = Object.keys({
  'your-move': 1,
  started: 1,
  joined: 1,
  over: 1,
  reminder: 1,
  'deadline-near': 1,
  'moved-for-you': 1,
  'stood-in': 1,
  chat: 1,
  nudge: 1,
  'undo-asked': 1,
  'challenge-declined': 1,
  quiet: 1,
} satisfies Record<NotificationKind, 1>) as NotificationKind[];

/** HTML that holds `HOSTILE` only as entities: no markup from it, no bare quote or apostrophe. */
function escapedIn(html: string) {
  expect(html).toContain(ESCAPED);
  expect(html).not.toContain('<script');
  expect(html).not.toContain(`"x"`);
  expect(html).not.toContain(`'Ann'`);
  expect(html).not.toContain(`</script> &`);
}

const match = {
  id: 'm1',
  gameId: secretSums.id,
  status: 'active',
  seats: [{ name: HOSTILE }, { name: 'Bob' }, { name: `Cy & "Co"` }],
  toAct: [1, 2],
  end: null,
  timing: { deadlineDays: 2, onDeadline: 'default-move', reminders: true },
} as unknown as MatchRecord;

describe('every mail kind escapes player text in its HTML part', () => {
  it.each(KINDS.flatMap((kind) => LANGS.map((lang) => [kind, lang] as [NotificationKind, Lang])))('%s (%s)', (kind, lang) => {
    const composed = compose({
      intent: {
        matchId: match.id,
        version: 3,
        seat: 1,
        kind,
        gameId: secretSums.id,
        lines: [`{0} said: ${HOSTILE}`],
        createdAt: 0,
        ...(kind === 'chat' ? { chat: { count: 1, from: [0], messages: [{ seat: 0, text: HOSTILE }] } } : {}),
      },
      match,
      game: secretSums,
      publicLines: null,
      publicUrl: PUBLIC_URL,
      lang,
    });
    const html = mailHtml(composed, HOSTILE, `${PUBLIC_URL}/api/notify/unsubscribe?t=a&b`);
    escapedIn(html);
    expect(html).toContain('?t=a&amp;b');
    expect(mailText(composed, HOSTILE, `${PUBLIC_URL}/x`)).toContain(HOSTILE);
  });

  it('the confirmation, sign-in and digest mails', () => {
    for (const lang of LANGS) {
      const confirm = confirmationMail(HOSTILE, `${PUBLIC_URL}/c?t="a"`, `${PUBLIC_URL}/u`, HOSTILE, lang);
      escapedIn(confirm.html);
      expect(confirm.html).toContain('href="http://dutch.test/c?t=&quot;a&quot;"');
      expect(confirm.text).toContain(HOSTILE);
      const signIn = signInMail(`${PUBLIC_URL}/s?t='a'`, `${PUBLIC_URL}/u`, HOSTILE, 15 * 60_000, lang);
      escapedIn(signIn.html);
      expect(signIn.html).toContain('href="http://dutch.test/s?t=&#39;a&#39;"');
      const lines = Array.from({ length: 22 }, (_, i) => ({
        matchId: `m${i}`,
        gameName: HOSTILE,
        opponents: [HOSTILE, 'Bob'],
        waitingSince: 0,
        url: `${PUBLIC_URL}/m/${i}?a&b`,
      }));
      const digest = digestMail(lines, 3_600_000 * 50, {
        siteName: HOSTILE,
        matchesUrl: `${PUBLIC_URL}/me?a&b`,
        unsubscribeUrl: `${PUBLIC_URL}/u`,
        lang,
      });
      escapedIn(digest.html);
      expect(digest.html).toContain('/m/0?a&amp;b');
      expect(digest.html).toContain('/me?a&amp;b');
      expect(digest.text).toContain(HOSTILE);
    }
  });
});

describe('every page the API serves escapes what it shows', () => {
  it('the page frame and its form', () => {
    const shown = page(HOSTILE, form(`/a?t="x"&y`, HOSTILE, { [HOSTILE]: HOSTILE }));
    escapedIn(shown);
    expect(shown).toContain(`<title>${ESCAPED}</title>`);
    expect(shown).toContain(`<input type="hidden" name="${ESCAPED}" value="${ESCAPED}">`);
    expect(shown).toContain('action="/a?t=&quot;x&quot;&amp;y"');
  });

  it('the confirm, unsubscribe, sign-in and dev outbox pages, and the refusals', async () => {
    const outbox = new DevOutbox({ announce: () => {}, clock: () => Date.UTC(2026, 0, 5, 9) });
    const h = await harness({ email: outbox, players: true });
    const name = `Ann & "Co" 'x'`;
    const nameEscaped = 'Ann &amp; &quot;Co&quot; &#39;x&#39;';
    const { matchId, seats } = await h.started(2, {}, [name, 'Bob']);
    const pages: Record<string, string> = {};
    const get = async (key: string, path: string, method = 'GET', status = 200) => {
      const res = await h.app.request(path, { method, headers: method === 'GET' ? {} : { Origin: PUBLIC_URL } });
      expect(res.status, key).toBe(status);
      expect(res.headers.get('content-type'), key).toContain('text/html');
      pages[key] = await res.text();
      expect(pages[key], key).not.toContain('<script');
      return pages[key];
    };

    // The confirm and unsubscribe links' pages, in both languages of the mail.
    const address = `o'brien@example.test`;
    const put = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address, lang: 'nl' },
    });
    expect(put.status).toBe(202);
    const confirmation = outbox.list()[0]!;
    const confirmPath = /\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43}/.exec(confirmation.text)![0];
    const unsubscribePath = new URL(confirmation.unsubscribeUrl).pathname + new URL(confirmation.unsubscribeUrl).search;
    await get('confirm', confirmPath);
    await get('confirmed', confirmPath, 'POST');
    expect(pages.confirmed).toMatch(
      /<a href="http:\/\/dutch\.test\/m\/[A-Za-z0-9_-]+#address=o%27brien%40example\.test&amp;address-proof=/,
    );
    await get('unsubscribe', unsubscribePath);
    await get('unsubscribed', unsubscribePath, 'POST');
    await get('resubscribed', unsubscribePath.replace('unsubscribe', 'resubscribe'), 'POST');
    await get('expired', `/api/notify/confirm?t=${'a'.repeat(43)}`, 'GET', 404);
    // A link for an address the seat no longer uses.
    const seat0 = `/api/matches/${matchId}/seats/0/notifications/email`;
    expect((await h.api.call('PUT', seat0, { token: seats[0]!.token, body: { address: 'ann@example.test' } })).status).toBe(202);
    expect((await h.api.call('DELETE', seat0, { token: seats[0]!.token })).status).toBe(200);
    const stale = /\/api\/notify\/confirm\?t=[A-Za-z0-9_-]{43}/.exec(outbox.list()[0]!.text)![0];
    await get('notConfirmed', stale, 'POST', 409);

    // Bob's move mail names Ann; the dev outbox shows its subject, text and HTML.
    await h.api.call('POST', `/api/matches/${matchId}/seats/0/chat`, { token: seats[0]!.token, body: { text: HOSTILE } });
    await h.deliver();
    const notice = outbox.list().find((m) => m.text.includes(HOSTILE));
    expect(notice).toBeDefined();
    escapedIn(notice!.html);
    expect(notice!.html).toContain(nameEscaped);
    const app = devOutboxRoutes(outbox);
    const list = await (await app.request('/')).text();
    escapedIn(list);
    expect(list).toContain(nameEscaped);
    expect(list).not.toContain(name);
    const one = await app.request(`/${notice!.id}`);
    expect(await one.text()).toBe(notice!.html);

    // The sign-in link's pages: the button, the signed-in page naming the address, a used link.
    const device = new Device(h);
    expect((await device.call('POST', '/api/session/link', { body: { address } })).status).toBe(202);
    const signInPath = /\/api\/session\/open\?t=[A-Za-z0-9_-]{43}/.exec(outbox.list()[0]!.text)![0];
    await get('signin', signInPath);
    await get('signedIn', signInPath, 'POST');
    expect(pages.signedIn).toContain('o&#39;brien@example.test');
    expect(pages.signedIn).not.toContain(address);
    await get('notValid', signInPath, 'GET', 410);
    for (const [key, html] of Object.entries(pages)) {
      expect(html, key).toMatch(/^<!doctype html><html lang="(en|nl)">/);
      expect(html.match(/<form /g)?.length ?? 0, key).toBe((html.match(/<\/form>/g) ?? []).length);
    }
    await h.close();
  });
});
