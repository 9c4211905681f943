/**
 * Table chat: short plain-text messages between the seats of a match, stored with it (one item per
 * message beside its log). Posting is a change beside the game: it raises the match's `version`, so
 * open pages learn of it through their normal poll or the live poke, and leaves `gameVersion`, so it
 * never makes a pending move stale. Spectators read, seats post, a computer never does.
 *
 * Notices go out batched: the first message after a quiet spell queues one `chat` notice per other
 * player (mail or push, whatever they chose), none again to that seat for CHAT.noticeEveryMs, none to
 * a seat that fetched the chat in the last few minutes (it is at the table) or muted it. A notice
 * counts every message the seat has not read, and names who wrote them.
 */
import type { Seat, Viewer } from '#shared/engine/game.js';
import { isComputerSeat } from './bot-seats.js';
import { type ChangeDeps, type Decide, runChange } from './change.js';
import { type ErrorWords, MatchError } from './errors.js';
import type { ChatMessage, MatchRecord, MatchStore, NotificationIntent, SeatChat, SeatRecord } from './port.js';

export const CHAT = {
  /** Characters (code points) in one message. */
  maxChars: 500,
  /** Messages (and mute toggles) a seat may send per minute… */
  perMinute: 5,
  /** …and messages per UTC day in one match. */
  perDay: 200,
  /** At most one chat notice per seat this often. */
  noticeEveryMs: 15 * 60 * 1000,
  /** A seat that fetched the chat this recently is reading it: no notice. */
  seenRecentlyMs: 3 * 60 * 1000,
  /** Messages per fetch. */
  page: 50,
  /** Messages quoted in one notice (the newest). */
  noticeMessages: 5,
} as const;

/** A seat may nudge once in this long. */
export const NUDGE_EVERY_MS = 24 * 3600 * 1000;

const MINUTE = 60 * 1000;
const DAY = 24 * 3600 * 1000;

/**
 * Why a (trimmed) message cannot be posted, or null. Control characters (line breaks included: a
 * message is one line) and the bidirectional overrides that could make a message read as another are
 * refused; everything else is kept as typed and shown as text, never as HTML.
 */
export function chatTextProblem(text: string): ErrorWords | null {
  if (text.length === 0) return 'error.invalid-chat.empty';
  const chars = [...text].length;
  if (chars > CHAT.maxChars) return { key: 'error.invalid-chat.long', params: { max: CHAT.maxChars, chars } };
  if (/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text)) return 'error.invalid-chat.control';
  return null;
}

/** What a match read says of the chat, so a page knows when to fetch (and when a nudge is next possible). */
export function chatSummary(match: MatchRecord, viewer: Viewer, now: number) {
  const mine = viewer === null ? undefined : match.seats[viewer]?.chat;
  const nudgeAt = mine?.nudgedAt !== undefined ? mine.nudgedAt + NUDGE_EVERY_MS : 0;
  return {
    count: match.chatCount ?? 0,
    muted: mine?.muted === true,
    ...(viewer !== null && nudgeAt > now ? { nudgeAt } : {}),
  };
}

/** The seat's chat record with one more action counted, or too-many-messages (with retryAfter). */
export function countChatAction(chat: SeatChat | undefined, now: number, message: boolean): SeatChat {
  const recent = (chat?.recent ?? []).filter((t) => t > now - MINUTE && t <= now);
  if (recent.length >= CHAT.perMinute) {
    const retryAfter = Math.max(1, Math.ceil((Math.min(...recent) + MINUTE - now) / 1000));
    throw new MatchError(
      'too-many-messages',
      { key: 'error.too-many-messages', params: { count: CHAT.perMinute, seconds: retryAfter } },
      { retryAfter },
    );
  }
  if (!message) return { ...chat, recent: [...recent, now] };
  const day = Math.floor(now / DAY);
  const used = chat?.day?.[0] === day ? chat.day[1] : 0;
  if (used >= CHAT.perDay) {
    const retryAfter = Math.max(1, Math.ceil(((day + 1) * DAY - now) / 1000));
    throw new MatchError('too-many-messages', { key: 'error.too-many-messages.day', params: { count: CHAT.perDay } }, { retryAfter });
  }
  return { ...chat, recent: [...recent, now], day: [day, used + 1] };
}

/** The seat a chat or nudge request names, if a person holds it (a computer's seat never talks). */
export function talkingSeat(match: MatchRecord, seat: Seat): SeatRecord {
  const s = match.seats[seat];
  if (!s || s.tokenHash === null || isComputerSeat(s)) throw new MatchError('forbidden', 'error.forbidden');
  return s;
}

/** Who has read the chat lately: each seat's last fetch (MatchStore.chatSeen). */
type Seen = { seat: Seat; seq: number; at: number }[];

/** Posting, reading and muting the table chat of a match. */
export class TableChat {
  constructor(private readonly deps: ChangeDeps) {}

  /** Posts a message: one transaction with the match's version bump, and the batched notices. */
  async post(matchId: string, seat: Seat, raw: string): Promise<Posted> {
    const text = raw.trim();
    const problem = chatTextProblem(text);
    if (problem) throw new MatchError('invalid-chat', problem);
    // A move, or another message, may come first: the runner reads again (the move is kept, this message follows it).
    return runChange(this.deps, matchId, decidePost(this.deps.store, seat, text), { alongside: (id) => this.deps.store.chatSeen(id) });
  }

  /** Messages after `after`, oldest first; a seat's fetch also notes how far it has read. */
  async messages(matchId: string, viewer: Viewer, after: number): Promise<{ messages: ChatMessage[]; more: boolean }> {
    const { store, clock } = this.deps;
    const page = await store.chatMessages(matchId, { after, limit: CHAT.page });
    // Even an empty page says the seat is at the table (its notices stop for a while).
    if (viewer !== null) await store.markChatSeen(matchId, viewer, page.at(-1)?.seq ?? after, clock());
    return { messages: page, more: page.length === CHAT.page };
  }

  /** Mutes (or unmutes) the chat of this match for this seat: no notices, and the page folds it away. */
  mute(matchId: string, seat: Seat, muted: boolean): Promise<{ version: number }> {
    return runChange(this.deps, matchId, decideMute(seat, muted));
  }
}

/** A message posted: it and the version it made. */
export interface Posted {
  message: ChatMessage;
  version: number;
}

/** The decision of posting `text` (checked already) from the seat, with its notices. */
export function decidePost(store: Pick<MatchStore, 'chatMessages'>, seat: Seat, text: string): Decide<Posted, Seen> {
  return async (match, now, seen) => {
    const s = talkingSeat(match, seat);
    const seq = (match.chatCount ?? 0) + 1;
    const message: ChatMessage = { seq, seat, text, at: now, version: match.version + 1 };
    const seats = match.seats.map((x, i) => (i === seat ? { ...x, chat: { ...countChatAction(s.chat, now, true), readSeq: seq } } : x));
    const intents = await notices(store, match, seats, seen, message);
    const next: MatchRecord = { ...match, seats, chatCount: seq, version: message.version, updatedAt: now };
    return { commit: { match: next, chat: message, intents }, result: { message, version: next.version } };
  };
}

/** The decision of muting (or unmuting) the chat for the seat; nothing to write when it already is. */
export function decideMute(seat: Seat, muted: boolean): Decide<{ version: number }> {
  return (match, now) => {
    const s = talkingSeat(match, seat);
    if ((s.chat?.muted === true) === muted) return { done: { version: match.version } };
    const { muted: _was, ...counted } = countChatAction(s.chat, now, false);
    const chat: SeatChat = muted ? { ...counted, muted: true } : counted;
    const next: MatchRecord = {
      ...match,
      seats: match.seats.map((x, i) => (i === seat ? { ...x, chat } : x)),
      version: match.version + 1,
      updatedAt: now,
    };
    return { commit: { match: next }, result: { version: next.version } };
  };
}

/**
 * The chat notices this message causes (and, in `seats`, each notified seat's noticeAt moved on).
 * Reads the unread messages only when some seat is due a notice.
 */
async function notices(
  store: Pick<MatchStore, 'chatMessages'>,
  match: MatchRecord,
  seats: SeatRecord[],
  seen: Seen,
  message: ChatMessage,
): Promise<NotificationIntent[]> {
  const now = message.at;
  const due = seats.flatMap((s, i) => {
    if (i === message.seat || s.tokenHash === null || isComputerSeat(s) || s.chat?.muted) return [];
    const read = seen.find((x) => x.seat === i);
    if (read && read.at > now - CHAT.seenRecentlyMs) return [];
    if (s.chat?.noticeAt !== undefined && s.chat.noticeAt > now - CHAT.noticeEveryMs) return [];
    const readSeq = Math.min(message.seq - 1, Math.max(read?.seq ?? 0, s.chat?.readSeq ?? 0));
    return [{ seat: i, readSeq }];
  });
  if (due.length === 0) return [];
  const from = Math.max(Math.min(...due.map((d) => d.readSeq)), message.seq - 1 - CHAT.page);
  const earlier = from < message.seq - 1 ? await store.chatMessages(match.id, { after: from, limit: CHAT.page }) : [];
  const unread = [...earlier.filter((m) => m.seq < message.seq), message];
  return due.map(({ seat, readSeq }) => {
    const mine = unread.filter((m) => m.seq > readSeq);
    seats[seat] = { ...seats[seat]!, chat: { ...seats[seat]!.chat, noticeAt: now } };
    return {
      matchId: match.id,
      version: message.version,
      seat,
      kind: 'chat',
      gameId: match.gameId,
      lines: [],
      createdAt: now,
      chat: {
        count: message.seq - readSeq,
        from: [...new Set(mine.map((m) => m.seat))],
        messages: mine.slice(-CHAT.noticeMessages).map((m) => ({ seat: m.seat, text: m.text })),
      },
    } satisfies NotificationIntent;
  });
}
