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
import { faults } from './support.js';

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
        /^(account|match\.(notify|rematch|resign|standIn|away|undo|replay|chat|join|outcome|link|share|rules))\.[A-Za-z0-9.-]+$/,
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
});
