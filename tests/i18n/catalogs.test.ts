/**
 * The catalogs (shared/i18n) agree: the same keys in every language, every message valid ICU, and
 * each message using exactly the placeholders (names and kinds: plain, plural, select…) of the
 * English one. Also checked on broken catalogs, so the checks themselves are shown to fail.
 */
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en.js';
import { GAME_WORDS } from '#shared/i18n/games/index.js';
import { LANGS } from '#shared/i18n/index.js';
import { nl } from '#shared/i18n/nl.js';
import { en as panelsEn } from '#shared/i18n/panels/en.js';
import { nl as panelsNl } from '#shared/i18n/panels/nl.js';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { CATALOGS as SERVER_SITE, ERROR_CATALOGS, MAIL_CATALOGS, t, type MessageKey } from '../../functions/i18n.js';
import { countsWithoutPlural, faults, placeholders } from './support.js';

const CATALOGS: Record<string, Record<string, string>> = { en, nl };

describe('the catalogs', () => {
  it('has one catalog per language', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...LANGS].sort());
  });

  it('agree on keys, are valid ICU and use the same placeholders as English', () => {
    expect(faults(CATALOGS)).toEqual([]);
    expect(Object.keys(en).length).toBeGreaterThan(30);
  });

  it('the panels’ catalogs (notifications, sign-in and account, the match page’s lazily loaded parts; loaded with them) agree too, and share no key with the page’s', () => {
    expect(faults({ en: panelsEn, nl: panelsNl })).toEqual([]);
    expect(Object.keys(panelsEn).length).toBeGreaterThan(30);
    expect(Object.keys(panelsEn).filter((k) => k in en)).toEqual([]);
    for (const key of Object.keys(panelsEn))
      expect(key).toMatch(
        /^(account|ratings|match\.(notify|rematch|resign|standIn|away|undo|replay|chat|join|outcome|link|share|rules))\.[A-Za-z0-9.-]+$/,
      );
  });

  it('each game’s catalog (loaded with its board) agrees, holds only `game.<id>.*` keys, and shares none with the site’s', () => {
    for (const [id, words] of Object.entries(GAME_WORDS)) {
      expect(faults(words), id).toEqual([]);
      for (const key of Object.keys(words.en)) expect(key).toMatch(new RegExp(`^game\\.${id}\\.[A-Za-z0-9.-]+$`));
      expect(Object.keys(words.en).filter((k) => k in en || k in panelsEn)).toEqual([]);
    }
  });

  it('keys are namespaced', () => {
    for (const key of Object.keys(en))
      expect(key).toMatch(/^(site|home|create|bots|timing|error|match|account|game\.[a-z-]+|mail|push)\.[A-Za-z0-9.-]+$/);
  });

  it('the checks find a missing key, an extra key, broken ICU and a changed placeholder', () => {
    const { 'home.intro': _, ...missing } = nl;
    expect(faults({ en, nl: missing })).toEqual(['nl misses home.intro']);
    expect(faults({ en, nl: { ...nl, 'home.extra': 'x' } })).toEqual(['en misses home.extra']);
    expect(faults({ en, nl: { ...nl, 'home.intro': 'open {brace' } })[0]).toMatch(/^nl home\.intro: not ICU/);
    expect(faults({ en, nl: { ...nl, 'home.mine.with': 'met {namen}' } })).toEqual([
      'nl home.mine.with: placeholders [namen:text] but en has [names:text]',
    ]);
    expect(faults({ en, nl: { ...nl, 'home.mine.waiting': '{count} partijen' } })).toEqual([
      'nl home.mine.waiting: placeholders [count:text] but en has [count:plural]',
    ]);
  });

  describe('counts through plural rules (issue 25: "0 VP from 1 cards")', () => {
    /** Every message of every catalog, by language: the site's, the panels', each game's, the mails' and the refusals'. */
    const every = (lang: 'en' | 'nl') =>
      ({ ...SERVER_SITE[lang], ...MAIL_CATALOGS[lang], ...ERROR_CATALOGS[lang] }) as Record<string, string>;

    it('no catalog puts a number next to a counted noun outside a plural rule, in either language', () => {
      for (const lang of ['en', 'nl'] as const) {
        const found = Object.entries(every(lang)).flatMap(([key, message]) =>
          countsWithoutPlural(message, lang).map((f) => `${lang} ${key}: ${f}`),
        );
        expect(found).toEqual([]);
      }
    });

    it('the check finds a bare count, in English and in Dutch, and a plural with no "one"', () => {
      expect(countsWithoutPlural('{name}: {total} VP from {count} cards', 'en')).toEqual(['{count} cards']);
      expect(countsWithoutPlural('{name}: {total} punten uit {count} kaarten', 'nl')).toEqual(['{total} punten', '{count} kaarten']);
      expect(countsWithoutPlural('{n} card', 'en')).toEqual(['{n} card']);
      expect(countsWithoutPlural('{p, plural, other {{p} points}}', 'en')).toEqual(['{p} points']);
      expect(countsWithoutPlural('{p, plural, one {{p} point} other {{p} points}}', 'en')).toEqual([]);
      expect(countsWithoutPlural('{seat} takes {suit} cards', 'en')).toEqual([]);
    });

    it('the auction’s score caption says one card and one point', () => {
      const caption = 'game.dutch-auction.board.score.caption' as MessageKey;
      expect(t('en', caption, { name: 'Ann', total: 0, count: 1 })).toBe('Ann: 0 VP from 1 card');
      expect(t('en', caption, { name: 'Ann', total: 2, count: 2 })).toBe('Ann: 2 VP from 2 cards');
      expect(t('nl', caption, { name: 'Ann', total: 1, count: 1 })).toBe('Ann: 1 punt uit 1 kaart');
      expect(t('nl', caption, { name: 'Ann', total: 0, count: 0 })).toBe('Ann: 0 punten uit 0 kaarten');
    });

    // Every message with counts, rendered with each count (and each plain placeholder) at 0, 1 and 2.
    const PLURAL = {
      en: 'cards|points|players|days|minutes|seconds|hours|messages|times|matches|seats|devices|characters|bytes|payments|guilders|rounds|moves|turns',
      nl: 'kaarten|punten|spelers|dagen|minuten|seconden|uren|berichten|partijen|plaatsen|apparaten|tekens|betalingen|rondes|zetten|beurten',
    };
    const SINGLE = {
      en: 'card|point|player|day|minute|second|hour|message|time|match|seat|device|character|byte|payment|guilder|round|move|turn',
      nl: 'kaart|punt|speler|dag|minuut|seconde|bericht|partij|plaats|apparaat|teken|betaling|ronde|zet|beurt',
    };
    it('renders every counting message at 0, 1 and 2 without "1 cards" or "2 card" (an adjective between counts too)', () => {
      const wrong: string[] = [];
      for (const lang of ['en', 'nl'] as const) {
        const one = new RegExp(`(^|[^\\d.,])1 (\\p{L}+ )?(${PLURAL[lang]})\\b`, 'u');
        const two = new RegExp(`(^|[^\\d.,])[02] (\\p{L}+ )?(${SINGLE[lang]})\\b`, 'u');
        for (const [key, message] of Object.entries(every(lang))) {
          const names = placeholders(compileMessageOrThrow(message));
          if (!names.some((p) => p.endsWith(':plural'))) continue;
          for (const n of [0, 1, 2]) {
            const params = Object.fromEntries(names.map((p) => [p.split(':')[0]!, p.endsWith(':select') ? 'other' : n]));
            const text = t(lang, key as MessageKey, params);
            if ((n === 1 ? one : two).test(text)) wrong.push(`${lang} ${key} at ${n}: ${text}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});
