/**
 * Reminders and move deadlines in words: the choices on the create form, the match's options on
 * the match page, and when a seat's move is due. The server's rules are in functions/matches/timing.ts;
 * the page only offers its choices and shows what the match answers with.
 */
import { t } from './i18n.js';
import { duration } from './text.js';
import type { OnDeadline } from './types.js';

export { days } from './text.js';

/** Hours without a move before the player to move is reminded (0 = never). */
export const REMINDER_CHOICES = [0, 12, 24, 48] as const;
export const DEFAULT_REMINDER_HOURS = 24;
/** Days each move may take (0 = no deadline); the server accepts exactly these. */
export const DEADLINE_CHOICES = [0, 1, 3, 7] as const;
/** How long each player may pause their own deadlines in one match (the server's budget). */
export const PAUSE_BUDGET_DAYS = 14;

export function reminderChoiceLabel(h: number): string {
  return h === 0 ? t('timing.reminder.none') : t('timing.reminder.after', { hours: h });
}

export function deadlineChoiceLabel(d: number): string {
  return d === 0 ? t('timing.deadline.none') : t('timing.deadline.days', { days: d });
}

/** What the chosen deadline means, for the create form, with what a missed one does (`onDeadline`). */
export function deadlineExplained(d: number, onDeadline: OnDeadline = 'default-move'): string {
  if (d === 0) return t('timing.explain.none');
  return t('timing.explain', { days: d, missed: onDeadline, pause: PAUSE_BUDGET_DAYS });
}

/** The reminder setting of a match, as a line in its options. */
export function reminderText(h: number): string {
  return h === 0 ? t('timing.reminder.text.none') : t('timing.reminder.text', { hours: h });
}

/** "due in 23 hours", or "due now" once the time has run out (the site applies it shortly). */
export function dueText(deadlineAt: number, now: number): string {
  return deadlineAt <= now ? t('timing.due.now') : t('timing.due.in', { duration: duration(deadlineAt - now) });
}
