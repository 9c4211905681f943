/**
 * The server's own catalogs (shared/i18n/mail: mails, push texts, the API's pages) agree like the
 * site's: the same keys in every language, valid ICU, the same placeholders as English; their keys
 * are `mail.*`, `push.*` or `page.*` and none clashes with a site key; and the web never imports them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en.js';
import { LANGS } from '#shared/i18n/index.js';
import { mailEn } from '#shared/i18n/mail/en.js';
import { mailNl } from '#shared/i18n/mail/nl.js';
import { MAIL_CATALOGS, t } from '../../functions/i18n.js';
import { faults } from './support.js';

const CATALOGS: Record<string, Record<string, string>> = { en: mailEn, nl: mailNl };

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });

describe('the server catalogs', () => {
  it('has one per language, the ones the server uses', () => {
    expect(Object.keys(MAIL_CATALOGS).sort()).toEqual([...LANGS].sort());
    expect(MAIL_CATALOGS.nl).toBe(mailNl);
  });

  it('agree on keys, are valid ICU and use the same placeholders as English', () => {
    expect(faults(CATALOGS)).toEqual([]);
    expect(Object.keys(mailEn).length).toBeGreaterThan(60);
  });

  it('finds a missing key and a changed placeholder (the check itself)', () => {
    const { 'mail.hello': _, ...missing } = mailNl;
    expect(faults({ en: mailEn, nl: missing })).toEqual(['nl misses mail.hello']);
    const changed = { ...mailNl, 'mail.helloName': 'Hallo {naam},' };
    expect(faults({ en: mailEn, nl: changed })).toEqual(['nl mail.helloName: placeholders [naam:text] but en has [name:text]']);
  });

  it('keys are mail.*, push.* or page.*, and none is a site key', () => {
    for (const key of Object.keys(mailEn)) {
      expect(key).toMatch(/^(mail|push|page)\.[A-Za-z0-9.-]+$/);
      expect(key in en).toBe(false);
    }
  });

  it('the server speaks them in both languages', () => {
    expect(t('en', 'mail.chat.text', { from: 'Ann', count: 2 })).toBe('Ann wrote 2 messages in the chat of your match.');
    expect(t('nl', 'mail.chat.text', { from: 'Ann', count: 1, authors: 1 })).toBe('Ann schreef een bericht in de chat van je partij.');
  });

  it('the web never imports them', () => {
    const importers = files('web/src').filter((f) => /i18n\/mail\//.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
    expect(readFileSync('web/build.ts', 'utf8')).not.toMatch(/MAIL_CATALOGS|i18n\/mail/);
  });
});
