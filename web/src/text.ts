/**
 * Words shown around the games: seat names in log lines, whose move it is, times.
 * Every function returns plain strings; the page puts them into text nodes only (never HTML).
 */
import { computerName, say } from '#shared/i18n/render.js';
import { fmt, hasWords, type MessageKey, type Params, t } from './i18n.js';
import type { SeatInfo } from './types.js';

/** A seat's name: its player's, a computer's in the language shown (numbered when there are several), else "Seat 2". */
export function seatName(seats: readonly (Pick<SeatInfo, 'name'> & Partial<Pick<SeatInfo, 'bot'>>)[], seat: number): string {
  const computer = computerName(seats, seat);
  if (computer) return t(computer.key as MessageKey, computer.params as Params);
  const name = seats[seat]?.name;
  return name?.trim() ? name : t('site.seat', { n: seat + 1 });
}

/** Something the server words by key (a log line, a rule error, a result) in the language shown; its English for older records. */
export type Sayable = { key?: string; params?: unknown; text?: string; message?: string; summary?: string };

/**
 * `x` in the language shown (shared/i18n/render.ts, as the server's mails say it), seats by name. A
 * refusal's words are not in the page's catalogs (web/build.ts `SERVER_ONLY`): its `message` is sayHere
 * in the page's language by the server already.
 */
export function sayHere(x: Sayable, seats: readonly (Pick<SeatInfo, 'name'> & Partial<Pick<SeatInfo, 'bot'>>)[]): string {
  if (x.key && x.message !== undefined && !hasWords(x.key)) return x.message;
  const speaker = {
    t: (key: string, params?: Params) => t(key as MessageKey, params),
    seatName: (n: number) => seatName(seats, n),
    list: fmt.list,
  };
  return say(x as Parameters<typeof say>[0], speaker, seats.length);
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (in the language shown). */
export function listNames(names: readonly string[]): string {
  return fmt.list(names);
}

/** Whose move it is, in words, for any game. */
export function turnText(m: { status: string; toAct: readonly number[]; seats: readonly SeatInfo[]; you: number | null }): string {
  if (m.status === 'open') return t('match.turn.open', { count: m.seats.filter((s) => !s.joined && !s.bot).length });
  if (m.status === 'over') return t('match.turn.over');
  const mine = m.you !== null && m.toAct.includes(m.you);
  const others = m.toAct.filter((s) => s !== m.you).map((s) => seatName(m.seats, s));
  if (mine && others.length === 0) return t('match.turn.mine');
  if (mine) return t('match.turn.mineWith', { names: listNames(others), count: others.length });
  if (others.length === 0) return t('match.turn.nobody');
  return t('match.turn.waiting', { names: listNames(others) });
}

/**
 * Which edition or rule set a match is played with, in words ("Edition: 2018 prototype"); null for
 * games that have only one. Shown on the invite, the match page and "my matches".
 */
export function variantWords(gameId: string | undefined, options: unknown): { label: string; value: string } | null {
  const o = (options ?? {}) as Record<string, unknown>;
  if (gameId === 'dutch-auction') {
    const e = o.edition ?? 'current';
    return { label: t('match.variant.edition'), value: e === '2018' ? t('match.variant.edition2018') : t('match.variant.editionCurrent') };
  }
  if (gameId === 'dutch-memory' && typeof o.preset === 'string') {
    const value = o.preset === 'marmot' ? t('match.variant.marmot') : o.preset === 'bench' ? t('match.variant.bench') : o.preset;
    return { label: t('match.variant.ruleSet'), value };
  }
  return null;
}

/** How a finished match ended, from one seat's point of view: "You won 31 to 24", "Bob won (you resigned)". */
export function resultWords(
  end: { winners: readonly number[]; scores?: readonly number[] | undefined; reason?: string | undefined; seat?: number | undefined },
  seats: readonly (Pick<SeatInfo, 'name'> & Partial<Pick<SeatInfo, 'bot'>>)[],
  you: number,
): string {
  const won = end.winners.includes(you);
  const others = end.winners.filter((s) => s !== you).map((s) => seatName(seats, s));
  const names = listNames(others);
  let words = won
    ? others.length
      ? t('match.result.shared', { names })
      : t('match.result.won')
    : others.length
      ? t('match.result.othersWon', { names, count: others.length })
      : t('match.result.nobody');
  if (end.scores && end.scores.length === 2 && end.winners.length === 1) {
    const w = end.winners[0]!;
    words = t('match.result.score', { words, a: end.scores[w]!, b: end.scores[1 - w]! });
  } else if (end.scores && end.scores[you] !== undefined) words = t('match.result.yourScore', { words, score: end.scores[you]! });
  const name = end.seat !== undefined ? seatName(seats, end.seat) : '';
  if (end.reason === 'resigned')
    words =
      end.seat === you
        ? t('match.result.youResigned', { words })
        : end.seat !== undefined
          ? t('match.result.resigned', { words, name })
          : t('match.result.byResignation', { words });
  if (end.reason === 'forfeit')
    words =
      end.seat === you
        ? t('match.result.youMissed', { words })
        : end.seat !== undefined
          ? t('match.result.missed', { words, name })
          : t('match.result.deadlinePassed', { words });
  return t('match.result.end', { words });
}

/** "a moment", "5 minutes", "3 hours", "2 days". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 45) return t('site.duration.moment');
  const m = Math.round(s / 60);
  if (m < 60) return t('site.duration.minutes', { count: m });
  const h = Math.round(m / 60);
  if (h < 36) return t('site.duration.hours', { count: h });
  return t('site.duration.days', { count: Math.round(h / 24) });
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(then: number, now: number): string {
  return now - then < 44_500 ? t('site.ago.now') : t('site.ago', { duration: duration(now - then) });
}

export const days = (n: number) => t('site.days', { count: n });
export const hours = (n: number) => t('site.hours', { count: n });

/**
 * The next text of a live region: the same message twice in a row must still change the text, or
 * screen readers stay silent the second time (it alternates with a trailing no-break space).
 */
export function nextAnnouncement(previous: string, message: string): string {
  return previous === message ? `${message}\u00a0` : message;
}
