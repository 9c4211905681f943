/**
 * Notices in the recipient's language (issue 18): a seat's language is stored with its notification
 * settings and words its mails, push texts and the pages behind the links in them; a signed-in
 * player's language words the sign-in mail and its page (the request's language) and the daily digest.
 * Real parts: the SMTP listener, the push stand-in (payloads decrypted), DynamoDB Local.
 * The game's own log lines and outcome stay as the engine writes them (English) for now.
 */
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY, DEADLINE_DAYS, policyText } from '../../functions/matches/timing.js';
import { policyIn, timeIn } from '../../functions/notify/compose.js';
import { Device, dailyDigest, signInLinks } from '../players/support.js';
import { browserKeys, confirmedEmail, decryptPush, type Harness, harness, mailAndPush, PUBLIC_URL, playUntilTurnOf } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const start = Date.UTC(2026, 0, 5, 9, 0, 0);
const GAME = 'Secret sums (test game)';

const since = (address: string, n: number) => io.smtp.to(address).slice(n);
const linkIn = (m: ParsedMail, path: string) => new RegExp(`${PUBLIC_URL}(${path}\\?t=[A-Za-z0-9_-]{43})`).exec(m.text ?? '')?.[1];

/** Every seat commits, then each adds 1 until `seat` is to move: the counter then stands at `seat`. */
async function commitAll(matchId: string, seats: { seat: number; token: string }[]) {
  for (const s of seats) {
    const v = await h.version(matchId, s);
    expect((await h.api.move(matchId, s, v, { kind: 'commit', secret: 5 })).status).toBe(200);
  }
}

describe('a mixed match: Ann reads English, Bob Dutch', () => {
  it('the same move mails Bob in Dutch and Ann in English, pushes Bob in Dutch, and Bob’s links open Dutch pages', async () => {
    h = await harness({ email: io.sender, push: true, start });
    const { matchId, seats } = await h.started(3, { options: { target: 3 } }, ['Ann', 'Bob', 'Cy']);
    const ann = `ann-${matchId}@example.test`;
    const bob = `bob-${matchId}@example.test`;
    await confirmedEmail(h, matchId, seats[0]!, ann, () =>
      io.smtp
        .to(ann)
        .map((m) => m.text)
        .join('\n'),
    );
    // Bob's page shows Dutch and says so with his address; the confirmation mail and its page are Dutch.
    const put = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address: bob, lang: 'nl' },
    });
    expect(put.status).toBe(202);
    const [confirmation] = io.smtp.to(bob) as [ParsedMail];
    expect(confirmation.subject).toBe(`Bevestig e-mailberichten voor je partij ${GAME}`);
    expect(confirmation.text).toContain('Wil je deze mails krijgen, bevestig dan hier:');
    const confirm = linkIn(confirmation, '/api/notify/confirm')!;
    const shown = await h.app.request(confirm);
    const shownHtml = await shown.text();
    expect(shownHtml).toContain('<html lang="nl">');
    expect(shownHtml).toContain('<h1>E-mailberichten bevestigen</h1>');
    expect(shownHtml).toContain('Ja, stuur me mail');
    const confirmed = await h.app.request(confirm, { method: 'POST' });
    expect(await confirmed.text()).toContain('<h1>Bevestigd</h1>');
    // Bob's push device, subscribed from a Dutch browser (no lang field: the request's Accept-Language).
    const keys = browserKeys();
    const sub = await h.api.call('POST', `/api/matches/${matchId}/seats/1/notifications/push`, {
      token: seats[1]!.token,
      headers: { 'Accept-Language': 'nl-NL,nl;q=0.9,en;q=0.5' },
      body: keys.json(`${io.push.origin}/push/bob-${matchId}`),
    });
    expect(sub.status).toBe(201);

    await commitAll(matchId, seats);
    await h.deliver();
    // The start, queued when Cy joined, reached Bob in Dutch too.
    expect(io.smtp.to(bob).map((m) => m.subject)).toContain(`${GAME} met Ann en Cy is begonnen`);
    // Ann adds 1: Bob's turn, told in Dutch.
    let v = await h.version(matchId, seats[0]!);
    let n = io.smtp.to(bob).length;
    expect((await h.api.move(matchId, seats[0]!, v, { kind: 'add', amount: 1 })).status).toBe(200);
    await h.deliver();
    const [yourMove] = since(bob, n) as [ParsedMail];
    expect(yourMove.subject).toBe(`Jij bent aan zet: ${GAME} met Ann en Cy`);
    expect(yourMove.text).toContain('Hallo Bob,\n\nJe bent aan zet.');
    expect(yourMove.text).toContain('Wat er gebeurde:\n- Ann added 1 (now 1).');

    // Bob adds 1, then Cy's winning move ends the match: the same move tells Ann and Bob, each in their language.
    v = await h.version(matchId, seats[1]!);
    expect((await h.api.move(matchId, seats[1]!, v, { kind: 'add', amount: 1 })).status).toBe(200);
    await h.deliver();
    n = io.smtp.to(bob).length;
    const nAnn = io.smtp.to(ann).length;
    const pushed = io.push.requests.length;
    v = await h.version(matchId, seats[2]!);
    expect((await h.api.move(matchId, seats[2]!, v, { kind: 'add', amount: 1 })).status).toBe(200);
    await h.deliver();

    const [overNl] = since(bob, n) as [ParsedMail];
    expect(since(bob, n)).toHaveLength(1);
    expect(overNl.subject).toBe(`${GAME} met Ann en Cy is afgelopen`);
    const nl = overNl.text ?? '';
    expect(nl).toContain('Hallo Bob,');
    expect(nl).toContain('De partij is afgelopen. Cy wins.');
    expect(nl).toContain('Wat er gebeurde:\n- Cy added 1 (now 3).\n- Cy reached the target.');
    expect(nl).toContain(`Open de partij: ${PUBLIC_URL}/m/${matchId}`);
    expect(nl).toContain('Je krijgt deze mail omdat je om e-mail over deze partij hebt gevraagd.');
    expect(nl).toContain('Wil je helemaal geen mail meer van ons:');
    expect(nl).not.toMatch(/Hello|The match is over|Open the match|What happened/);
    expect(overNl.html).toContain('<html lang="nl">');
    expect(overNl.html).toContain('>Open de partij</a>');

    const [overEn] = since(ann, nAnn) as [ParsedMail];
    expect(since(ann, nAnn)).toHaveLength(1);
    expect(overEn.subject).toBe(`${GAME} with Bob and Cy is over`);
    const en = overEn.text ?? '';
    expect(en).toContain('Hello Ann,');
    expect(en).toContain('The match is over. Cy wins.');
    expect(en).toContain('What happened:\n- Cy added 1 (now 3).');
    expect(en).toContain(`Open the match: ${PUBLIC_URL}/m/${matchId}`);
    expect(en).toContain('You get this mail because you asked for email about this match.');

    const push = io.push.requests
      .slice(pushed)
      .filter((r) => r.path === `/push/bob-${matchId}`)
      .map((r) => JSON.parse(decryptPush(r.body, keys)));
    expect(push).toHaveLength(1);
    expect(push[0]).toMatchObject({ title: `${GAME} is afgelopen`, url: `${PUBLIC_URL}/m/${matchId}` });
    expect(push[0].body).toMatch(/^De partij is afgelopen\. Cy wins\. Cy added 1/);

    // The unsubscribe link in Bob's mail opens a Dutch page, whatever the browser asks for.
    const stop = linkIn(overNl, '/api/notify/unsubscribe')!;
    const page = await (await h.app.request(stop, { headers: { 'Accept-Language': 'en' } })).text();
    expect(page).toContain('<h1>Geen mail meer</h1>');
    expect(page).toContain('Stop alle mail');
    const stopped = await (await h.app.request(stop, { method: 'POST' })).text();
    expect(stopped).toContain('<h1>Afgemeld</h1>');
  });

  it('warns a Dutch seat of its deadline in Dutch, the time in Dutch, the policy in Dutch', async () => {
    h = await harness({ email: io.sender, start });
    const { matchId, seats } = await h.started(2, { timing: { reminderHours: 0, deadlineDays: 1, onDeadline: 'bot' } }, ['Ann', 'Bob']);
    const bob = `late-bob-${matchId}@example.test`;
    const put = await h.api.call('PUT', `/api/matches/${matchId}/seats/1/notifications/email`, {
      token: seats[1]!.token,
      body: { address: bob, lang: 'nl' },
    });
    expect(put.status).toBe(202);
    expect((await h.app.request(linkIn(io.smtp.to(bob)[0]!, '/api/notify/confirm')!, { method: 'POST' })).status).toBe(200);
    await h.deliver();
    const n = io.smtp.to(bob).length;
    h.clock.now = start + 0.85 * DAY;
    await h.sweep.run();
    await h.deliver();
    const [warning] = since(bob, n) as [ParsedMail];
    expect(warning.subject).toBe(`Je zet in ${GAME} moet binnenkort gedaan zijn`);
    expect(warning.text).toContain('Doe je zet uiterlijk di 6 jan, 09:00 UTC.');
    expect(warning.text).toContain('Elke zet moet binnen 1 dag gedaan zijn; kort ervoor krijg je een waarschuwing.');
    expect(warning.text).toContain('neemt een computerspeler die plaats over');
  });

  it('words the deadline policy in English exactly as the match options do', () => {
    for (const deadlineDays of DEADLINE_DAYS)
      for (const onDeadline of [undefined, 'default-move', 'bot', 'forfeit'] as const) {
        const timing = { reminderHours: 24, deadlineDays, ...(onDeadline ? { onDeadline } : {}) };
        expect(policyIn('en', timing)).toBe(policyText(timing));
      }
    expect(timeIn('en', start)).toBe('2026-01-05 09:00 UTC');
    expect(timeIn('nl', start)).toBe('ma 5 jan, 09:00 UTC');
  });

  it('refuses a language it does not speak, and changes nothing', async () => {
    h = await harness({ email: io.sender, push: true, start });
    const { matchId, seats } = await h.started(2, {}, ['Ann', 'Bob']);
    const bad = await h.api.call('PATCH', `/api/matches/${matchId}/seats/1/notifications`, {
      token: seats[1]!.token,
      body: { push: true, lang: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid-request');
    expect((await h.store.seat(matchId, 1)).prefs).toBeNull();
    const ok = await h.api.call('PATCH', `/api/matches/${matchId}/seats/1/notifications`, {
      token: seats[1]!.token,
      body: { push: true },
      headers: { 'Accept-Language': 'nl' },
    });
    expect(ok.status).toBe(200);
    expect((await h.store.seat(matchId, 1)).prefs?.lang).toBe('nl');
    // A client that names no language of ours leaves the stored one alone.
    for (const headers of [{}, { 'Accept-Language': 'fr-FR' }] as Record<string, string>[]) {
      const again = await h.api.call('PATCH', `/api/matches/${matchId}/seats/1/notifications`, {
        token: seats[1]!.token,
        body: { push: false },
        headers,
      });
      expect(again.status).toBe(200);
      expect((await h.store.seat(matchId, 1)).prefs?.lang).toBe('nl');
    }
  });
});

describe('a Dutch player signed in', () => {
  it('gets the sign-in mail and its pages in Dutch, keeps Dutch on the record, and the daily digest in Dutch', async () => {
    h = await harness({ email: io.sender, push: true, start, players: true });
    const address = `piet-${Date.now()}@example.test`;
    const piet = new Device(h);
    const asked = await piet.call('POST', '/api/session/link', { body: { address }, headers: { 'Accept-Language': 'nl' } });
    expect(asked.status).toBe(202);
    expect(asked.json.message).toContain('inloglink');
    const [mail] = io.smtp.to(address) as [ParsedMail];
    expect(mail.subject).toBe('Je inloglink voor Dutch');
    expect(mail.text).toContain('Iemand (hopelijk jij) wil met dit adres inloggen op Dutch.');
    expect(mail.text).toContain('blijft 15 minuten geldig:');
    expect(mail.html).toContain('>Inloggen op Dutch</a>');
    const link = signInLinks(io.smtp, address).at(-1)!;
    // The link's page speaks the language of the request that asked for it, not the opening browser's.
    const opened = await piet.call('GET', link, { headers: { 'Accept-Language': 'en' } });
    expect(opened.text).toContain('<html lang="nl">');
    expect(opened.text).toContain('<h1>Inloggen</h1>');
    expect(opened.text).toContain('Hiermee log je <strong>dit apparaat</strong> in');
    expect(opened.text).toContain('Log in op dit apparaat');
    const done = await piet.call('POST', link);
    expect(done.status).toBe(200);
    expect(done.text).toContain('<h1>Ingelogd</h1>');
    expect((await piet.call('GET', '/api/session')).json.player.lang).toBe('nl');

    expect((await piet.call('PUT', '/api/me/notices', { body: { notices: 'email', reminders: true, mail: 'daily' } })).status).toBe(200);
    const m = await h.started(2, {}, ['Piet', 'Bob']);
    const claimed = await piet.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });
    expect(claimed.json.results[0].claimed).toBe(true);
    expect((await h.store.seat(m.matchId, 0)).prefs?.lang).toBe('nl');
    await playUntilTurnOf(h, m.matchId, m.seats, 0);
    await h.deliver();
    h.clock.advance(3 * 3_600_000);
    const digest = () => dailyDigest(h, io.sender);
    expect((await digest().run({ budgetMs: 60_000 })).sent).toBe(1);
    const daily = io.smtp.to(address).filter((x) => x.messageId?.startsWith('<digest.'));
    expect(daily).toHaveLength(1);
    expect(daily[0]!.subject).toBe(`Jij bent aan zet in ${GAME}`);
    expect(daily[0]!.text).toContain('Eén partij wacht op jouw zet op Dutch:');
    expect(daily[0]!.text).toContain(`- ${GAME} tegen Bob, wacht al 3 uur`);
    expect(daily[0]!.text).toContain('Wil je helemaal geen mail meer van Dutch:');

    // Switched to English while signed in: the record and the claimed seat follow; a bad value changes nothing.
    expect((await piet.call('PUT', '/api/me/lang', { body: { lang: 'de' } })).status).toBe(400);
    expect((await piet.call('GET', '/api/session')).json.player.lang).toBe('nl');
    expect((await piet.call('PUT', '/api/me/lang', { body: { lang: 'en' } })).json).toEqual({ lang: 'en' });
    expect((await piet.call('GET', '/api/session')).json.player.lang).toBe('en');
    expect((await h.store.seat(m.matchId, 0)).prefs?.lang).toBe('en');
    // Notice choices saved on a Dutch page take the page's language along.
    const saved = await piet.call('PUT', '/api/me/notices', {
      body: { notices: 'email', reminders: true, mail: 'daily' },
      headers: { 'Accept-Language': 'nl' },
    });
    expect(saved.status).toBe(200);
    expect((await piet.call('GET', '/api/session')).json.player.lang).toBe('nl');
    expect((await h.store.seat(m.matchId, 0)).prefs?.lang).toBe('nl');
  });
});
