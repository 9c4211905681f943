/**
 * What a notification says. Built from public facts only: the game's name, the seats' display
 * names, the log lines as a spectator sees them (`viewEvent(event, null)`), the outcome summary and
 * the timers. Nothing from anyone's hand, not even the recipient's own (a lock screen is public).
 * Player text (display names, and the table chat's messages in a `chat` notice) is HTML-escaped in
 * the HTML part (it is built from `html` templates, ./html.ts), and chat text is never read for `{n}`
 * name placeholders.
 */
import type { AnyGame, LogEntry, Seat } from '#shared/engine/game.js';
import * as format from '#shared/i18n/format.js';
import { gameNameIn, type Lang, type MailKey, type Params, seatNamesIn, sayIn, t } from '../i18n.js';
import type { MatchRecord, MatchTiming, NotificationIntent, NotificationKind } from '../matches/port.js';
import { clockStart, deadlineOf, formatTime } from '../matches/timing.js';
import { html, joinHtml } from './html.js';
import type { PushMessage } from './push.js';

export interface Composed {
  subject: string;
  /** Paragraphs of plain text (no footer). */
  paragraphs: string[];
  /** What happened, one line each. */
  lines: string[];
  url: string;
  /** The recipient's language: the mail's frame (greeting, links, footer) is worded in it too. */
  lang?: Lang;
  push: { title: string; body: string; url: string; tag: string };
}

export { formatTime };

export function matchUrl(publicUrl: string, matchId: string): string {
  // No secret in the link: the browser that holds the seat opens it from its own storage.
  return `${publicUrl.replace(/\/+$/, '')}/m/${matchId}`;
}

/**
 * A time in a message: in the recipient seat's own zone when it has one ("Tue 6 Jan, 08:00 (Europe/Amsterdam)");
 * else English as it always was ("2026-01-05 09:00 UTC"), other languages with Intl, in UTC.
 */
export function timeIn(lang: Lang, ms: number, zone?: string): string {
  if (zone) return t(lang, 'mail.inZone', { time: format.when(lang, ms, zone), zone });
  return lang === 'en' ? formatTime(ms) : t(lang, 'mail.utc', { time: format.when(lang, ms, 'UTC') });
}

/** The deadline policy in words (the language's form of matches/timing.ts `policyText`). */
export function policyIn(lang: Lang, timing: MatchTiming): string {
  if (timing.deadlineDays === 0) return t(lang, 'mail.policy.none');
  return t(lang, 'mail.policy.due', { days: timing.deadlineDays }) + t(lang, `mail.policy.${timing.onDeadline ?? 'default-move'}`);
}

interface NoticeText {
  subject: string;
  title: string;
  paragraphs: string[];
  chatLines: string[] | null;
}

/** What one kind of notice says, in `lang`. */
function noticeText(
  lang: Lang,
  intent: NotificationIntent,
  match: MatchRecord,
  gameName: string,
  publicLines: LogEntry[] | null,
): NoticeText {
  const seat: Seat = intent.seat;
  const names = seatNamesIn(lang, match.seats);
  const others = names.filter((n, i): n is string => i !== seat && n !== null);
  const withWhom = others.length > 0 ? t(lang, 'mail.withWhom', { names: format.list(lang, others) }) : '';
  const game = gameName;
  const paragraphs: string[] = [];
  const over = () => `${t(lang, 'mail.matchOver')} ${match.end ? sayIn(lang, match.end, names) : ''}`.trim();
  const kind: NotificationKind = intent.kind;
  const zone = match.seats[seat]?.time?.zone;
  const subject = (extra: Params = {}) => t(lang, `mail.${kind}.subject` as MailKey, { game, withWhom, ...extra });
  const title = (extra: Params = {}) => t(lang, `push.${kind}.title` as MailKey, { game, ...extra });
  switch (kind) {
    case 'your-move':
      return { subject: subject(), title: title(), paragraphs: [t(lang, 'mail.yourMove')], chatLines: null };
    case 'started':
      paragraphs.push(t(lang, 'mail.started.text'));
      if (match.toAct.includes(seat)) paragraphs.push(t(lang, 'mail.yourMove'));
      return { subject: subject(), title: title(), paragraphs, chatLines: null };
    case 'joined':
      return { subject: subject(), title: title(), paragraphs, chatLines: null };
    case 'over':
      return { subject: subject(), title: title(), paragraphs: [over()], chatLines: null };
    case 'reminder': {
      const since = clockStart(match, seat);
      paragraphs.push(since !== null ? t(lang, 'mail.reminder.since', { time: timeIn(lang, since, zone) }) : t(lang, 'mail.yourMove'));
      return { subject: subject(), title: title(), paragraphs, chatLines: null };
    }
    case 'moved-for-you': {
      paragraphs.push(t(lang, 'mail.moved-for-you.text'));
      const next = match.toAct.filter((s) => s !== seat).map((s) => names[s] ?? t(lang, 'mail.anotherPlayer'));
      if (match.status === 'over') paragraphs.push(over());
      else if (match.toAct.includes(seat)) paragraphs.push(t(lang, 'mail.moved-for-you.again'));
      else if (next.length > 0) paragraphs.push(t(lang, 'mail.moved-for-you.next', { names: format.list(lang, next), count: next.length }));
      return { subject: subject(), title: title(), paragraphs, chatLines: null };
    }
    case 'stood-in':
      paragraphs.push(t(lang, 'mail.stood-in.text'), t(lang, 'mail.stood-in.back'));
      return { subject: subject(), title: title(), paragraphs, chatLines: null };
    case 'chat': {
      const chat = intent.chat ?? { count: 1, from: [], messages: [] };
      const from =
        format.list(
          lang,
          chat.from.map((s) => names[s] ?? t(lang, 'mail.aPlayer')),
        ) || t(lang, 'mail.AnotherPlayer');
      paragraphs.push(t(lang, 'mail.chat.text', { from, count: chat.count, authors: Math.max(1, chat.from.length) }));
      // Quoted as typed: names put in for the author only, the text itself never read for placeholders.
      const chatLines = chat.messages.map((m) => `${names[m.seat] ?? t(lang, 'mail.APlayer')}: ${m.text}`);
      return { subject: subject({ from, count: chat.count }), title: title({ count: chat.count }), paragraphs, chatLines };
    }
    case 'nudge': {
      const by = publicLines?.[0]?.seat;
      const who = (by !== undefined ? names[by] : null) ?? t(lang, 'mail.AnotherPlayer');
      paragraphs.push(t(lang, 'mail.nudge.text', { who }));
      return { subject: subject({ who }), title: title({ who }), paragraphs, chatLines: null };
    }
    case 'undo-asked':
      return { subject: subject(), title: title(), paragraphs: [t(lang, 'mail.undo-asked.text')], chatLines: null };
    case 'challenge-declined':
      return { subject: subject(), title: title(), paragraphs: [t(lang, 'mail.challenge-declined.text')], chatLines: null };
    case 'deadline-near': {
      const deadline = deadlineOf(match, seat);
      paragraphs.push(
        deadline !== null ? t(lang, 'mail.deadline-near.by', { time: timeIn(lang, deadline, zone) }) : t(lang, 'mail.deadline-near.soon'),
      );
      if (match.timing) paragraphs.push(policyIn(lang, match.timing));
      return { subject: subject(), title: subject(), paragraphs, chatLines: null };
    }
    case 'quiet': {
      // One notice for all that was held through the quiet hours: each one's own subject, a line each.
      const held = (intent.held ?? []).map((h) => noticeText(lang, { ...h, lines: [] }, match, gameName, null).subject);
      const count = held.length;
      paragraphs.push(t(lang, 'mail.quiet.text', { count }));
      return { subject: subject({ count }), title: title({ count }), paragraphs, chatLines: [...new Set(held)] };
    }
  }
}

/** What a rated match's end did to each seat's rating (functions/ratings' RatedMatch, as far as a notice says it). */
export interface RatingChanges {
  changes: readonly { seat: number; before: number; after: number }[];
}

/** "Rating of Ann: +12 → 1534." for each seat of a rated match's end. */
export function ratingLines(lang: Lang, rated: RatingChanges, names: readonly (string | null)[]): string[] {
  return rated.changes.map((c) =>
    t(lang, 'mail.rating', {
      name: names[c.seat] ?? t(lang, 'mail.AnotherPlayer'),
      delta: format.number(lang, c.after - c.before, { signDisplay: 'exceptZero' }),
      rating: format.number(lang, c.after, { useGrouping: false }),
    }),
  );
}

export function compose(input: {
  intent: NotificationIntent;
  match: MatchRecord;
  game: AnyGame;
  /** The log lines of the intent's version as a spectator sees them; null when there is no log record. */
  publicLines: LogEntry[] | null;
  publicUrl: string;
  /** The recipient's language (the seat's notification settings); English when absent. */
  lang?: Lang;
  /** A rated match's end: what it did to each seat's rating (functions/ratings), said after the result. */
  rated?: RatingChanges | null;
}): Composed {
  const { intent, match, game } = input;
  const lang = input.lang ?? 'en';
  const names = seatNamesIn(lang, match.seats);
  const url = matchUrl(input.publicUrl, match.id);
  // NoticeText as the page says them (shared/i18n/render.ts); lines not yet given keys stay in English.
  const lines = (input.publicLines ?? intent.lines).map((l) => sayIn(lang, l, names)).slice(0, 12);
  const { subject, title, paragraphs, chatLines } = noticeText(
    lang,
    intent,
    match,
    gameNameIn(lang, game.id, game.name),
    input.publicLines,
  );
  const kind = intent.kind;
  if (input.rated && (kind === 'over' || match.status === 'over')) paragraphs.push(...ratingLines(lang, input.rated, names));
  // Timer notices say nothing of the last move: it is not news any more.
  const shownLines = chatLines ?? (kind === 'reminder' || kind === 'deadline-near' ? [] : lines);
  const body = [...paragraphs, ...shownLines].join(' ').slice(0, 240);
  return {
    subject,
    paragraphs,
    lines: shownLines,
    url,
    lang,
    push: { title, body, url, tag: `match-${match.id}` },
  };
}

export function mailText(c: Composed, recipient: string | null, unsubscribeUrl: string): string {
  const lang = c.lang ?? 'en';
  return [
    recipient ? t(lang, 'mail.helloName', { name: recipient }) : t(lang, 'mail.hello'),
    '',
    ...c.paragraphs,
    ...(c.lines.length > 0 ? ['', t(lang, 'mail.whatHappened'), ...c.lines.map((l) => `- ${l}`)] : []),
    '',
    t(lang, 'mail.open', { url: c.url }),
    '',
    '--',
    t(lang, 'mail.why'),
    t(lang, 'mail.stopAll', { url: unsubscribeUrl }),
    '',
  ].join('\n');
}

export function mailHtml(c: Composed, recipient: string | null, unsubscribeUrl: string): string {
  const lang = c.lang ?? 'en';
  const p = (s: string) => html`<p>${s}</p>`;
  const whatHappened = html`<p>${t(lang, 'mail.whatHappened')}</p><ul>${c.lines.map((l) => html`<li>${l}</li>`)}</ul>`;
  return joinHtml(
    [
      html`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body>`,
      p(recipient ? t(lang, 'mail.helloName', { name: recipient }) : t(lang, 'mail.hello')),
      ...c.paragraphs.map(p),
      c.lines.length > 0 ? whatHappened : html``,
      html`<p><a href="${c.url}">${t(lang, 'mail.openLink')}</a></p>`,
      html`<hr><p><small>${t(lang, 'mail.why')} `,
      html`<a href="${unsubscribeUrl}">${t(lang, 'mail.stopAllLink')}</a>.</small></p>`,
      html`</body></html>`,
    ],
    '\n',
  ).toString();
}

const TTL_SECONDS: Record<NotificationKind, number> = {
  'your-move': 2 * 24 * 3600,
  started: 2 * 24 * 3600,
  joined: 24 * 3600,
  over: 7 * 24 * 3600,
  reminder: 12 * 3600,
  'deadline-near': 12 * 3600,
  'moved-for-you': 2 * 24 * 3600,
  'stood-in': 2 * 24 * 3600,
  chat: 12 * 3600,
  nudge: 24 * 3600,
  'undo-asked': 24 * 3600,
  'challenge-declined': 2 * 24 * 3600,
  quiet: 12 * 3600,
};

/** A push topic for a seat of a match: a later push replaces an undelivered earlier one. */
export function topicFor(matchId: string, seat: number): string {
  return `m${matchId}s${seat}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
}

export function pushMessage(c: Composed, intent: NotificationIntent): PushMessage {
  return {
    payload: JSON.stringify(c.push),
    ttl: TTL_SECONDS[intent.kind],
    topic: topicFor(intent.matchId, intent.seat),
    urgency: intent.kind === 'deadline-near' || intent.kind === 'your-move' ? 'high' : 'normal',
  };
}

/** The confirmation mail: no player text at all (the address may have been typed by someone else). */
export function confirmationMail(gameName: string, confirmUrl: string, unsubscribeUrl: string, site: string, lang: Lang = 'en') {
  const game = gameName;
  const subject = t(lang, 'mail.confirm.subject', { game });
  const asked = t(lang, 'mail.confirm.asked', { site, game });
  const ignore = t(lang, 'mail.confirm.ignore');
  const text = [
    t(lang, 'mail.hello'),
    '',
    asked,
    '',
    t(lang, 'mail.confirm.here', { url: confirmUrl }),
    '',
    ignore,
    t(lang, 'mail.confirm.refuse', { url: unsubscribeUrl }),
    '',
  ].join('\n');
  const body = joinHtml(
    [
      html`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body>`,
      html`<p>${t(lang, 'mail.hello')}</p>`,
      html`<p>${asked}</p>`,
      html`<p><a href="${confirmUrl}">${t(lang, 'mail.confirm.button')}</a></p>`,
      html`<p>${ignore}</p>`,
      html`<hr><p><small><a href="${unsubscribeUrl}">${t(lang, 'mail.confirm.refuseLink')}</a>.</small></p>`,
      html`</body></html>`,
    ],
    '\n',
  );
  return { subject, text, html: body.toString() };
}
