/**
 * Computer players in the page's words: what each seat of a new match will be (a friend who gets
 * an invite link, or a computer player of a level), what a missed move deadline does, and how a
 * seat held or stood in for by a computer is described. The server decides who moves; this only
 * offers its choices and describes what a match answers with.
 */
import { t } from './i18n.js';
import type { BotLevel, OnDeadline, SeatBot, SeatInfo } from './types.js';

/** The levels offered, the default first. */
export const BOT_LEVELS = ['strong', 'easy', 'beginner'] as const satisfies readonly BotLevel[];
export const DEFAULT_BOT_LEVEL: BotLevel = 'strong';

export function levelLabel(level: BotLevel): string {
  return level === 'strong' ? t('bots.level.strong') : level === 'beginner' ? t('bots.level.beginner') : t('bots.level.easy');
}

/** Who takes one of the other seats of a new match. */
export type SeatChoice = 'friend' | BotLevel;
export const SEAT_CHOICES = ['friend', 'beginner', 'easy', 'strong'] as const satisfies readonly SeatChoice[];

export function seatChoiceLabel(c: SeatChoice): string {
  if (c === 'friend') return t('bots.seat.friend');
  return c === 'easy' ? t('bots.seat.easy') : c === 'beginner' ? t('bots.seat.beginner') : t('bots.seat.strong');
}

/**
 * The `bots` of a create request: `choices[i]` is what seat i + 1 will be (seat 0 is the creator's).
 * Seats past the number of players are left out.
 */
export function botsFor(choices: readonly SeatChoice[], players: number): { seat: number; level: BotLevel }[] {
  const out: { seat: number; level: BotLevel }[] = [];
  for (let seat = 1; seat < players; seat++) {
    const c = choices[seat - 1] ?? 'friend';
    if (c !== 'friend') out.push({ seat, level: c });
  }
  return out;
}

/** Every seat but the creator's a computer player: the match starts at once. */
export function allComputer(players: number, level: BotLevel): SeatChoice[] {
  return Array.from({ length: Math.max(0, players - 1) }, () => level);
}

export const ON_DEADLINE_CHOICES = ['default-move', 'bot', 'forfeit'] as const satisfies readonly OnDeadline[];

export function onDeadlineLabel(c: OnDeadline): string {
  if (c === 'bot') return t('bots.missed.bot');
  if (c === 'forfeit') return t('bots.missed.forfeit');
  return t('bots.missed.default');
}

/** The badge of a seat with a computer player (its whole text is what screen readers say). */
export function botBadge(bot: SeatBot, you: boolean): string {
  if (!bot.standIn) return t('bots.badge', { level: bot.level });
  return t(you ? 'bots.badge.forYou' : 'bots.badge.forThem', { level: bot.level });
}

/** Is this seat held by a computer player since the match was made (no person behind it)? */
export const isComputerSeat = (s: Pick<SeatInfo, 'bot'> | undefined): boolean => !!s?.bot && !s.bot.standIn;

/** Seats still waiting for a friend to take them with an invite link. */
export const openSeats = <S extends Pick<SeatInfo, 'joined' | 'bot'>>(seats: readonly S[]): S[] => seats.filter((s) => !s.joined && !s.bot);

/** Every seat but one held by a computer player: nobody to invite or to talk to at the table. */
export const againstComputersOnly = (seats: readonly Pick<SeatInfo, 'bot'>[]): boolean =>
  seats.filter((s) => !isComputerSeat(s)).length <= 1;
