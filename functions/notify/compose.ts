/**
 * What a notification says. Built from public facts only: the game's name, the seats' display
 * names, the log lines as a spectator sees them (`viewEvent(event, null)`), the outcome summary and
 * the timers. Nothing from anyone's hand, not even the recipient's own (a lock screen is public).
 * Player text (display names, and the table chat's messages in a `chat` notice) is HTML-escaped in
 * the HTML part, and chat text is never read for `{n}` name placeholders.
 */
import type { AnyGame, LogEntry, Seat } from '#shared/engine/game.js';
import type { MatchRecord, NotificationIntent, NotificationKind } from '../matches/port.js';
import type { PushMessage } from './push.js';
import { clockStart, deadlineOf, formatTime, policyText } from '../matches/timing.js';

export interface Composed {
  subject: string;
  /** Paragraphs of plain text (no footer). */
  paragraphs: string[];
  /** What happened, one line each. */
  lines: string[];
  url: string;
  push: { title: string; body: string; url: string; tag: string };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export { formatTime };

/** Puts seat names in place of `{n}`. */
export function named(text: string, names: readonly (string | null)[]): string {
  return text.replace(/\{(\d)\}/g, (_, n: string) => names[Number(n)] ?? 'a player');
}

function andList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function matchUrl(publicUrl: string, matchId: string): string {
  // No secret in the link: the browser that holds the seat opens it from its own storage.
  return `${publicUrl.replace(/\/+$/, '')}/m/${matchId}`;
}

export function compose(input: {
  intent: NotificationIntent;
  match: MatchRecord;
  game: AnyGame;
  /** The log lines of the intent's version as a spectator sees them; null when there is no log record. */
  publicLines: LogEntry[] | null;
  publicUrl: string;
}): Composed {
  const { intent, match, game } = input;
  const seat: Seat = intent.seat;
  const names = match.seats.map((s) => s.name);
  const others = names.filter((n, i): n is string => i !== seat && n !== null);
  const withWhom = others.length > 0 ? ` with ${andList(others)}` : '';
  const url = matchUrl(input.publicUrl, match.id);
  const lines = (input.publicLines?.map((e) => e.text) ?? intent.lines).map((l) => named(l, names)).slice(0, 12);
  const paragraphs: string[] = [];
  let chatLines: string[] | null = null;
  let subject: string;
  let title: string;
  const kind: NotificationKind = intent.kind;
  switch (kind) {
    case 'your-move':
      subject = `Your move: ${game.name}${withWhom}`;
      title = `Your move in ${game.name}`;
      paragraphs.push('It is your move.');
      break;
    case 'started':
      subject = `${game.name}${withWhom} has started`;
      title = `${game.name} has started`;
      paragraphs.push('Everyone has joined, so the match has begun.');
      if (match.toAct.includes(seat)) paragraphs.push('It is your move.');
      break;
    case 'joined':
      subject = `${game.name}: news about your match${withWhom}`;
      title = `${game.name}: news about your match`;
      break;
    case 'over': {
      subject = `${game.name}${withWhom} is over`;
      title = `${game.name} is over`;
      paragraphs.push(`The match is over. ${match.end ? named(match.end.summary, names) : ''}`.trim());
      break;
    }
    case 'reminder': {
      const since = clockStart(match, seat);
      subject = `Reminder: your move in ${game.name}${withWhom}`;
      title = `Still your move in ${game.name}`;
      paragraphs.push(since !== null ? `It has been your move since ${formatTime(since)}.` : 'It is your move.');
      break;
    }
    case 'moved-for-you': {
      subject = `A move was made for you in ${game.name}${withWhom}`;
      title = `A move was made for you in ${game.name}`;
      paragraphs.push('Your time to move ran out, so the standard move of the game was made in your place.');
      const next = match.toAct.filter((s) => s !== seat).map((s) => names[s] ?? 'another player');
      if (match.status === 'over') paragraphs.push(`The match is over. ${match.end ? named(match.end.summary, names) : ''}`.trim());
      else if (match.toAct.includes(seat)) paragraphs.push('It is your move again.');
      else if (next.length > 0) paragraphs.push(`Now it is the turn of ${andList(next)}; you need not do anything until your next move.`);
      break;
    }
    case 'stood-in': {
      subject = `A computer player took your seat in ${game.name}${withWhom}`;
      title = `A computer player took your seat in ${game.name}`;
      paragraphs.push('Your time to move ran out, so a computer player now plays your seat.');
      paragraphs.push('Make any move in the match to take your seat back; until then it plays for you.');
      break;
    }
    case 'chat': {
      const chat = intent.chat ?? { count: 1, from: [], messages: [] };
      const from = andList(chat.from.map((s) => names[s] ?? 'a player')) || 'Another player';
      const what = chat.count === 1 ? 'a message' : `${chat.count} messages`;
      subject = `${from}: ${chat.count === 1 ? 'a new message' : `${chat.count} new messages`} in ${game.name}`;
      title = `${game.name}: ${chat.count === 1 ? 'a new message' : `${chat.count} new messages`}`;
      paragraphs.push(`${from} wrote ${what} in the chat of your match.`);
      // Quoted as typed: names put in for the author only, the text itself never read for placeholders.
      chatLines = chat.messages.map((m) => `${names[m.seat] ?? 'A player'}: ${m.text}`);
      break;
    }
    case 'nudge': {
      const by = input.publicLines?.[0]?.seat;
      const who = (by !== undefined ? names[by] : null) ?? 'Another player';
      subject = `${who} nudged you: your move in ${game.name}`;
      title = `${who} nudged you in ${game.name}`;
      paragraphs.push(`${who} reminds you that it is your move.`);
      break;
    }
    case 'undo-asked': {
      subject = `A player asks to take back their turn in ${game.name}${withWhom}`;
      title = `Take-back asked in ${game.name}`;
      paragraphs.push(
        'A player would like to take back their last turn. Open the match to accept or refuse; the next move made cancels the request.',
      );
      break;
    }
    case 'deadline-near': {
      const deadline = deadlineOf(match, seat);
      subject = `Your move in ${game.name} is due soon`;
      title = subject;
      paragraphs.push(deadline !== null ? `Your move is due by ${formatTime(deadline)}.` : 'Your move is due soon.');
      if (match.timing) paragraphs.push(policyText(match.timing));
      break;
    }
  }
  // Timer notices say nothing of the last move: it is not news any more.
  const shownLines = chatLines ?? (kind === 'reminder' || kind === 'deadline-near' ? [] : lines);
  const body = [...paragraphs, ...shownLines].join(' ').slice(0, 240);
  return {
    subject,
    paragraphs,
    lines: shownLines,
    url,
    push: { title, body, url, tag: `match-${match.id}` },
  };
}

export function mailText(c: Composed, recipient: string | null, unsubscribeUrl: string): string {
  return [
    recipient ? `Hello ${recipient},` : 'Hello,',
    '',
    ...c.paragraphs,
    ...(c.lines.length > 0 ? ['', 'What happened:', ...c.lines.map((l) => `- ${l}`)] : []),
    '',
    `Open the match: ${c.url}`,
    '',
    '--',
    'You get this mail because you asked for email about this match.',
    `To stop all mail from us: ${unsubscribeUrl}`,
    '',
  ].join('\n');
}

export function mailHtml(c: Composed, recipient: string | null, unsubscribeUrl: string): string {
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  return [
    '<!doctype html><html><head><meta charset="utf-8"></head><body>',
    p(recipient ? `Hello ${recipient},` : 'Hello,'),
    ...c.paragraphs.map(p),
    c.lines.length > 0 ? `<p>What happened:</p><ul>${c.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '',
    `<p><a href="${escapeHtml(c.url)}">Open the match</a></p>`,
    `<hr><p><small>You get this mail because you asked for email about this match. `,
    `<a href="${escapeHtml(unsubscribeUrl)}">Stop all mail from us</a>.</small></p>`,
    '</body></html>',
  ].join('\n');
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
export function confirmationMail(gameName: string, confirmUrl: string, unsubscribeUrl: string, site: string) {
  const subject = `Confirm email notices for your ${gameName} match`;
  const text = [
    'Hello,',
    '',
    `Someone, we hope you, asked ${site} to send email to this address when it is their move in a match of ${gameName}.`,
    '',
    `To get these mails, confirm here: ${confirmUrl}`,
    '',
    'If it was not you, ignore this mail: without confirmation we send nothing more.',
    `To refuse all mail from us, use: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"></head><body>',
    '<p>Hello,</p>',
    `<p>Someone, we hope you, asked ${escapeHtml(site)} to send email to this address when it is their move in a match of ${escapeHtml(gameName)}.</p>`,
    `<p><a href="${escapeHtml(confirmUrl)}">Confirm: send me these mails</a></p>`,
    '<p>If it was not you, ignore this mail: without confirmation we send nothing more.</p>',
    `<hr><p><small><a href="${escapeHtml(unsubscribeUrl)}">Refuse all mail from us</a>.</small></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
