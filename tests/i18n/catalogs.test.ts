/**
 * The catalogs (shared/i18n) agree: the same keys in every language, every message valid ICU, and
 * each message using exactly the placeholders (names and kinds: plain, plural, select…) of the
 * English one. Also checked on broken catalogs, so the checks themselves are shown to fail.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en.js';
import { LANGS } from '#shared/i18n/index.js';
import { nl } from '#shared/i18n/nl.js';

const CATALOGS: Record<string, Record<string, string>> = { en, nl };

/** Every placeholder of a compiled message, nested ones included, as `name:kind`, sorted. */
function placeholders(tokens: CompiledMessage): string[] {
  const out = new Set<string>();
  const walk = (ts: CompiledMessage) => {
    for (const tok of ts) {
      if (typeof tok === 'string') continue;
      const [name, kind, format] = tok;
      out.add(`${name}:${kind ?? 'text'}`);
      if (format && typeof format === 'object' && !Array.isArray(format)) {
        for (const [k, v] of Object.entries(format)) if (k !== 'offset' && Array.isArray(v)) walk(v as CompiledMessage);
      }
    }
  };
  walk(tokens);
  return [...out].sort();
}

/** What is wrong with `catalogs` measured against `reference` (one line per fault). */
function faults(catalogs: Record<string, Record<string, string>>, reference = 'en'): string[] {
  const found: string[] = [];
  const all = new Set(Object.values(catalogs).flatMap((c) => Object.keys(c)));
  const ref = catalogs[reference]!;
  for (const [lang, catalog] of Object.entries(catalogs)) {
    for (const key of all) if (!(key in catalog)) found.push(`${lang} misses ${key}`);
    for (const [key, message] of Object.entries(catalog)) {
      let tokens: CompiledMessage;
      try {
        tokens = compileMessageOrThrow(message);
      } catch (e) {
        found.push(`${lang} ${key}: not ICU (${(e as Error).message.split('\n')[0]})`);
        continue;
      }
      const refMessage = ref[key];
      if (lang === reference || refMessage === undefined) continue;
      const mine = placeholders(tokens).join(', ');
      const theirs = placeholders(compileMessageOrThrow(refMessage)).join(', ');
      if (mine !== theirs) found.push(`${lang} ${key}: placeholders [${mine}] but ${reference} has [${theirs}]`);
    }
  }
  return found;
}

describe('the catalogs', () => {
  it('has one catalog per language', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...LANGS].sort());
  });

  it('agree on keys, are valid ICU and use the same placeholders as English', () => {
    expect(faults(CATALOGS)).toEqual([]);
    expect(Object.keys(en).length).toBeGreaterThan(30);
  });

  it('keys are namespaced', () => {
    for (const key of Object.keys(en))
      expect(key).toMatch(/^(site|home|create|bots|timing|error|game\.[a-z-]+|mail|push)\.[A-Za-z0-9.-]+$/);
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
