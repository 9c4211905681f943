/**
 * A seat's own time: its time zone, its quiet hours (no notices then, and no deadline passes inside them),
 * and the match option "no deadlines at weekends". Pure arithmetic on epoch milliseconds with the
 * platform's Intl time-zone data, so a change of summer time (Europe/Amsterdam's last Sunday of March and
 * October) moves the quiet hours' end with the clocks on the wall, never by a fixed offset.
 */
import { wallClockIn } from '#shared/i18n/format.js';
import type { SeatTime } from './port.js';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** True when the platform knows the zone by this IANA name ("Europe/Amsterdam", "UTC"). */
export function isZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    wallClockIn(zone, 0);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in a zone at an instant: the minute of its day, the day of its week (0 = Sunday), its offset from UTC. */
export function wallClock(ms: number, zone: string): { minute: number; weekday: number; offsetMinutes: number } {
  const w = wallClockIn(zone, ms);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, Math.floor(w.minute / 60), w.minute % 60);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
  return { minute: w.minute, weekday: w.weekday, offsetMinutes };
}

/**
 * The first instant at or after `ms` whose wall clock in `zone` has moved on by `minutes` (on the wall).
 * Across a change of summer time the instant is an hour nearer or further; a wall time the change skips
 * (02:30 on the last Sunday of March in Amsterdam) is read as the first minute after it.
 */
export function afterWallMinutes(ms: number, zone: string, minutes: number): number {
  const start = Math.floor(ms / MINUTE) * MINUTE;
  const offset = wallClock(start, zone).offsetMinutes;
  let at = start + minutes * MINUTE;
  // Twice: the offset at the guess may differ from the offset at the start (a change in between).
  for (let i = 0; i < 2; i++) at = start + (minutes - (wallClock(at, zone).offsetMinutes - offset)) * MINUTE;
  return Math.max(at, start);
}

/** Whether a minute of the day lies in the quiet hours `from`..`to` (minutes after midnight; `to` may be the next day). */
function inWindow(minute: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** When the quiet hours around `ms` end, or null when `ms` is not inside them. */
export function quietEnd(ms: number, time: SeatTime | undefined): number | null {
  const quiet = time?.quiet;
  if (!time || !quiet) return null;
  const { minute } = wallClock(ms, time.zone);
  if (!inWindow(minute, quiet.from, quiet.to)) return null;
  return afterWallMinutes(ms, time.zone, (quiet.to - minute + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES);
}

/** When the weekend around `ms` ends in `zone` (Monday 00:00 on the wall), or null on a weekday. */
export function weekendEnd(ms: number, zone: string): number | null {
  const { minute, weekday } = wallClock(ms, zone);
  if (weekday !== 0 && weekday !== 6) return null;
  const days = weekday === 6 ? 2 : 1;
  return afterWallMinutes(ms, zone, days * DAY_MINUTES - minute);
}

/**
 * A deadline as the seat lives it: out of its quiet hours (moved to their end), and, with the match's
 * "no deadlines at weekends", out of its weekend (moved to Monday, then out of Monday's quiet hours).
 * Without a zone the seat lives in UTC.
 */
export function settleDeadline(at: number, time: SeatTime | undefined, noWeekends: boolean): number {
  const zone = time?.zone ?? 'UTC';
  let t = at;
  // Each step only moves later; two rounds settle any quiet window that runs into a weekend and back.
  for (let round = 0; round < 4; round++) {
    const weekend = noWeekends ? weekendEnd(t, zone) : null;
    if (weekend !== null) t = weekend;
    const quiet = quietEnd(t, time);
    if (quiet !== null) t = quiet;
    if (weekend === null && quiet === null) break;
  }
  return t;
}

/** "23:00" → 1380: a time of day on the wall, in minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 1380 → "23:00". */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
