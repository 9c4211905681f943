/**
 * What "my matches" keeps of a held seat (web/src/storage.ts), from the match as last received, and
 * its edition and result worded in the language shown. Apart from storage.ts, which stays free of the
 * page's words: the match page's first script (web/src/first.ts) reads storage before any catalog is here.
 */
import { t } from './i18n.js';
import * as store from './storage.js';
import type { StoredEnd, StoredSeat } from './storage.js';
import { resultWords, variantWords } from './text.js';
import type { Match } from './types.js';

/** What "my matches" shows of a held seat, from the match as last received. */
export function rememberMatch(matchId: string, seat: number, m: Match): void {
  store.saveSeat({
    matchId,
    seat,
    gameId: m.game.id,
    gameName: m.game.name,
    names: m.seats.map((s) => s.name),
    ...(m.seats.some((s) => s.bot && !s.bot.standIn)
      ? { computers: m.seats.map((s) => (s.bot && !s.bot.standIn ? s.bot.level : null)) }
      : {}),
    status: m.status,
    myTurn: m.status === 'active' && m.toAct.includes(seat),
    version: m.version,
    ...(variantWords(m.game.id, m.options) ? { options: m.options } : {}),
    ...(m.end ? { end: endOf(m.end) } : {}),
    // Replaces the English words older versions stored.
    variant: undefined,
    result: undefined,
  });
}

const endOf = (e: NonNullable<Match['end']>): StoredEnd => ({
  winners: [...e.winners],
  ...(e.scores ? { scores: [...e.scores] } : {}),
  ...(e.reason ? { reason: e.reason } : {}),
  ...(e.seat !== undefined ? { seat: e.seat } : {}),
});

/** "Edition: 2018 prototype" in the language shown (an older entry's English as stored). */
export function storedVariant(s: StoredSeat): string | undefined {
  const v = s.options !== undefined ? variantWords(s.gameId, s.options) : null;
  return v ? t('match.variant.line', { label: v.label, value: v.value }) : s.variant;
}

/** How the match ended for this seat, in the language shown (an older entry's English as stored). */
export function storedResult(s: StoredSeat): string | undefined {
  if (!s.end) return s.result;
  return resultWords(s.end, store.storedSeats(s), s.seat);
}
