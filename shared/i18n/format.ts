/**
 * Numbers, guilders, dates, times, relative times and lists in a language, with `Intl` — the one
 * place the site formats them (the pages through web/src/i18n.ts `fmt`, the server's mails with
 * the recipient's language). English is British English (as the site's words are): "14 Jan",
 * "Ann, Bob and Cy".
 */
import { type Lang, PSEUDO } from './index.js';

/** The Intl locale of each language (the pseudo-locale formats as English): a language without one does not compile. */
const INTL: Record<Lang | typeof PSEUDO, string> = { en: 'en-GB', nl: 'nl-NL', [PSEUDO]: 'en-GB' };
const locale = (lang: Lang | string) => INTL[lang as Lang] ?? 'en-GB';

/** Where each language puts the guilder sign: "ƒ3" in English, "ƒ 3" in Dutch. */
const GUILDERS: Record<Lang, (n: string) => string> = { en: (n) => `ƒ${n}`, nl: (n) => `ƒ\u00a0${n}` };

const cache = new Map<string, object>();
function memo<T extends object>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function number(lang: Lang | string, n: number, opts: Intl.NumberFormatOptions = {}): string {
  return memo(`n|${lang}|${JSON.stringify(opts)}`, () => new Intl.NumberFormat(locale(lang), opts)).format(n);
}

/** An amount of guilders: "ƒ3", "ƒ2.50" in English, "ƒ 3", "ƒ 2,50" in Dutch (halves and quarters kept). */
export function guilders(lang: Lang | string, amount: number): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const n = number(lang, amount, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (GUILDERS[lang as Lang] ?? GUILDERS.en)(n);
}

/** "Tue 14 Jan, 09:30" / "di 14 jan, 09:30", in `timeZone` when given (tests), else the reader's. */
export function when(lang: Lang | string, ms: number, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  if (timeZone) opts.timeZone = timeZone;
  return memo(`w|${lang}|${timeZone}`, () => new Intl.DateTimeFormat(locale(lang), opts)).format(ms);
}

/** "Tue" / "di": the day of the week alone ("on vacation until Tue"). */
export function weekday(lang: Lang | string, ms: number, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { weekday: 'short' };
  if (timeZone) opts.timeZone = timeZone;
  return memo(`wd|${lang}|${timeZone}`, () => new Intl.DateTimeFormat(locale(lang), opts)).format(ms);
}

/** "14 January 2026" / "14 januari 2026". */
export function date(lang: Lang | string, ms: number, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
  if (timeZone) opts.timeZone = timeZone;
  return memo(`d|${lang}|${timeZone}`, () => new Intl.DateTimeFormat(locale(lang), opts)).format(ms);
}

/** "09:30" in both. */
export function time(lang: Lang | string, ms: number, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  if (timeZone) opts.timeZone = timeZone;
  return memo(`t|${lang}|${timeZone}`, () => new Intl.DateTimeFormat(locale(lang), opts)).format(ms);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `then` seen from `now`: "now" / "nu" (under 45 s), "5 minutes ago", "in 2 hours", "yesterday" / "gisteren". */
export function relative(lang: Lang | string, then: number, now: number): string {
  const rtf = memo(`r|${lang}`, () => new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' }));
  const diff = then - now;
  if (Math.abs(diff) < 45_000) return rtf.format(0, 'second');
  const [unit, ms] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? ['minute', 60_000];
  return rtf.format(Math.round(diff / ms), unit);
}

/** "Ann, Bob and Cy" / "Ann, Bob en Cy". */
export function list(lang: Lang | string, items: readonly string[]): string {
  return memo(`l|${lang}`, () => new Intl.ListFormat(locale(lang), { type: 'conjunction' })).format(items);
}

/** "Ann, Bob or Cy" / "Ann, Bob of Cy". */
export function orList(lang: Lang | string, items: readonly string[]): string {
  return memo(`o|${lang}`, () => new Intl.ListFormat(locale(lang), { type: 'disjunction' })).format(items);
}

/**
 * The wall clock in an IANA zone at an instant, as numbers (functions/matches/zones.ts: quiet hours, weekends):
 * the date, the minute of the day and the day of the week (0 = Sunday). Throws a RangeError for a zone the
 * platform does not know.
 */
export function wallClockIn(zone: string, ms: number) {
  const f = memo(
    `z|${zone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }),
  );
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
  };
}
