/**
 * Words shown around the games: seat names in log lines, whose move it is, times.
 * Every function returns plain strings; the page puts them into text nodes only (never HTML).
 */
import type { SeatInfo } from './types.js';

export function seatName(seats: readonly Pick<SeatInfo, 'name'>[], seat: number): string {
  const name = seats[seat]?.name;
  return name?.trim() ? name : `Seat ${seat + 1}`;
}

/** Puts the players' names in place of `{0}`, `{1}`… Unknown placeholders stay as they are. */
export function fillNames(text: string, seats: readonly Pick<SeatInfo, 'name'>[]): string {
  return text.replace(/\{(\d)\}/g, (whole, n: string) => (Number(n) < seats.length ? seatName(seats, Number(n)) : whole));
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Whose move it is, in words, for any game. */
export function turnText(m: { status: string; toAct: readonly number[]; seats: readonly SeatInfo[]; you: number | null }): string {
  if (m.status === 'open') {
    const open = m.seats.filter((s) => !s.joined && !s.bot).length;
    return open === 1 ? 'Waiting for one more player to join.' : `Waiting for ${open} more players to join.`;
  }
  if (m.status === 'over') return 'The match is over.';
  const mine = m.you !== null && m.toAct.includes(m.you);
  const others = m.toAct.filter((s) => s !== m.you).map((s) => seatName(m.seats, s));
  if (mine && others.length === 0) return 'Your move.';
  if (mine) return `Your move (${listNames(others)} ${others.length === 1 ? 'is' : 'are'} choosing too).`;
  if (others.length === 0) return 'Nobody is to move.';
  return `Waiting for ${listNames(others)}.`;
}

/**
 * Which edition or rule set a match is played with, in words ("Edition: 2018 prototype"); null for
 * games that have only one. Shown on the invite, the match page and "my matches".
 */
export function variantWords(gameId: string | undefined, options: unknown): { label: string; value: string } | null {
  const o = (options ?? {}) as Record<string, unknown>;
  if (gameId === 'dutch-auction') {
    const e = o.edition ?? 'current';
    return { label: 'Edition', value: e === '2018' ? '2018 prototype' : 'current edition' };
  }
  if (gameId === 'dutch-memory' && typeof o.preset === 'string') {
    return { label: 'Rule set', value: o.preset === 'marmot' ? 'Marmot rules' : o.preset === 'bench' ? 'bench rules' : o.preset };
  }
  return null;
}

/** How a finished match ended, from one seat's point of view: "You won 31 to 24", "Bob won (you resigned)". */
export function resultWords(
  end: { winners: readonly number[]; scores?: readonly number[] | undefined; reason?: string | undefined; seat?: number | undefined },
  seats: readonly Pick<SeatInfo, 'name'>[],
  you: number,
): string {
  const won = end.winners.includes(you);
  const others = end.winners.filter((s) => s !== you).map((s) => seatName(seats, s));
  let words = won
    ? others.length
      ? `You shared the win with ${listNames(others)}`
      : 'You won'
    : others.length
      ? `${listNames(others)} won`
      : 'Nobody won';
  if (end.scores && end.scores.length === 2 && end.winners.length === 1) {
    const w = end.winners[0]!;
    words += ` ${end.scores[w]} to ${end.scores[1 - w]}`;
  } else if (end.scores && end.scores[you] !== undefined) words += ` (you scored ${end.scores[you]})`;
  if (end.reason === 'resigned')
    words += end.seat === you ? ' — you resigned' : end.seat !== undefined ? ` — ${seatName(seats, end.seat)} resigned` : ' by resignation';
  if (end.reason === 'forfeit')
    words +=
      end.seat === you
        ? ' — you missed a move deadline'
        : end.seat !== undefined
          ? ` — ${seatName(seats, end.seat)} missed a move deadline`
          : ' — a move deadline passed';
  return `${words}.`;
}

/** "a moment", "5 minutes", "3 hours", "2 days". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 45) return 'a moment';
  const m = Math.round(s / 60);
  if (m < 60) return m === 1 ? 'a minute' : `${m} minutes`;
  const h = Math.round(m / 60);
  if (h < 36) return h === 1 ? 'an hour' : `${h} hours`;
  const d = Math.round(h / 24);
  return d === 1 ? 'a day' : `${d} days`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(then: number, now: number): string {
  const d = duration(now - then);
  return d === 'a moment' ? 'just now' : `${d} ago`;
}

export const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
export const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

/** "Tue 14 Jan, 09:30" in the reader's language and time zone (tests pass both). */
export function formatWhen(ms: number, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

/**
 * The next text of a live region: the same message twice in a row must still change the text, or
 * screen readers stay silent the second time (it alternates with a trailing no-break space).
 */
export function nextAnnouncement(previous: string, message: string): string {
  return previous === message ? `${message}\u00a0` : message;
}
