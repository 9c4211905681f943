/**
 * Numbers, guilders, dates, times, relative times and lists in each language (shared/i18n/format.ts),
 * and how the page picks its language (web/src/i18n.ts `initialLang`): the pseudo-locale only when
 * asked for, then the stored choice, then the browser's languages, else English.
 */
import { describe, expect, it } from 'vitest';
import * as f from '#shared/i18n/format.js';
import { pickLang } from '#shared/i18n/index.js';
import { initialLang } from '../../web/src/i18n.js';

// Tuesday 13 January 2026, 08:30 UTC (09:30 in Amsterdam).
const AT = Date.UTC(2026, 0, 13, 8, 30);

describe('formats in each language', () => {
  it.each([
    ['en', '12,345.5', 'ƒ3', 'ƒ2.50', 'Tue 13 Jan, 09:30', '13 January 2026', '2 hours ago', 'yesterday', 'now', 'Ann, Bob and Cy'],
    [
      'nl',
      '12.345,5',
      'ƒ\u00a03',
      'ƒ\u00a02,50',
      'di 13 jan, 09:30',
      '13 januari 2026',
      '2 uur geleden',
      'gisteren',
      'nu',
      'Ann, Bob en Cy',
    ],
  ])('%s', (lang, n, g3, g25, when, date, hours, yesterday, now, list) => {
    expect(f.number(lang, 12345.5)).toBe(n);
    expect(f.guilders(lang, 3)).toBe(g3);
    expect(f.guilders(lang, 2.5)).toBe(g25);
    expect(f.when(lang, AT, 'Europe/Amsterdam')).toBe(when);
    expect(f.date(lang, AT, 'UTC')).toBe(date);
    expect(f.time(lang, AT, 'Europe/Amsterdam')).toBe('09:30');
    expect(f.relative(lang, AT - 2 * 3_600_000, AT)).toBe(hours);
    expect(f.relative(lang, AT - 86_400_000, AT)).toBe(yesterday);
    expect(f.relative(lang, AT - 10_000, AT)).toBe(now);
    expect(f.list(lang, ['Ann', 'Bob', 'Cy'])).toBe(list);
  });
});

describe('the language of a page', () => {
  it('the first of the browser languages the site speaks, else English', () => {
    expect(pickLang(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(pickLang(['en-US', 'nl'])).toBe('en');
    expect(pickLang(['fr', 'de'])).toBe('en');
    expect(pickLang([])).toBe('en');
  });

  it('a stored choice wins over the browser; the pseudo-locale only when asked for', () => {
    expect(initialLang({ pseudo: false, stored: null, languages: ['nl-NL', 'en'] })).toBe('nl');
    expect(initialLang({ pseudo: false, stored: 'en', languages: ['nl-NL'] })).toBe('en');
    expect(initialLang({ pseudo: false, stored: 'en-XA', languages: ['nl-NL'] })).toBe('nl');
    expect(initialLang({ pseudo: false, stored: 'xx', languages: [] })).toBe('en');
    expect(initialLang({ pseudo: true, stored: 'nl', languages: ['nl'] })).toBe('en-XA');
  });
});
