/**
 * The checks every pair of catalogs must pass (tests/i18n/*catalogs.test.ts): the same keys, valid ICU,
 * and each message using exactly the placeholders (names and kinds) of the reference language's.
 */
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** Every placeholder of a compiled message, nested ones included, as `name:kind`, sorted. */
export function placeholders(tokens: CompiledMessage): string[] {
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
export function faults(catalogs: Record<string, Record<string, string>>, reference = 'en'): string[] {
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

/** Placeholders that hold words (a name, a card, a suit), never a count: "{seat} bids", "{suit} cards". */
const WORDS_PARAMS = new Set(
  'seat seat0 seat1 name names winner winners dealer auctioneer who game label card cards deck suit province place colour action address from withWhom next'.split(
    ' ',
  ),
);
/** Counted nouns (both languages) whose singular does not end like a plural, so "{n} card" and "{n} kaart" are caught too. */
const COUNTED = new Set(
  'card cards point points player players day days minute minutes second seconds hour hours message messages time times match matches seat seats device devices character characters byte bytes payment payments guilder guilders round rounds move moves turn turns kaart kaarten punt punten speler spelers dag dagen minuut minuten seconde seconden bericht berichten partij partijen plaats plaatsen apparaat apparaten teken tekens betaling betalingen ronde rondes zet zetten beurt beurten'.split(
    ' ',
  ),
);

/** English verbs and words ending in "s" that follow a number without counting it ("position {slot} costs", "pay {amount} towards"). */
const NOT_NOUNS = new Set(['costs', 'towards']);

/**
 * Numbers next to nouns outside ICU plural rules: each plain placeholder that may hold a count
 * followed by a counted noun ("{cards} cards", "{n} punten"), which reads "1 cards" or "1 punten" for
 * one. Such a count belongs in `{n, plural, one {# card} other {# cards}}`. Nested messages (plural and
 * select branches) are checked too; inside `{n, plural, …}` the number itself (`#`, or `{n}` in a
 * branch that only holds for some numbers: `one`, `=0`, or `other` beside a `one`) is fine.
 */
export function countsWithoutPlural(message: string, lang: string): string[] {
  const found: string[] = [];
  const counted = (word: string) => {
    const w = word.toLowerCase();
    return COUNTED.has(w) || (lang === 'en' && /^[a-z]{3,}s$/.test(w) && !/(ss|us|is)$/.test(w) && !NOT_NOUNS.has(w));
  };
  const walk = (ts: CompiledMessage, settled: ReadonlySet<string>) => {
    ts.forEach((tok, i) => {
      if (typeof tok === 'string') return;
      const [name, kind, format] = tok;
      const next = ts[i + 1];
      if (kind === undefined && typeof next === 'string' && !WORDS_PARAMS.has(name) && !settled.has(name)) {
        const word = /^[\s\u00a0]+(\p{L}+)/u.exec(next)?.[1];
        if (word && counted(word)) found.push(`{${name}} ${word}`);
      }
      if (format && typeof format === 'object' && !Array.isArray(format)) {
        const branches = format as Record<string, unknown>;
        for (const [k, v] of Object.entries(branches)) {
          if (k === 'offset' || !Array.isArray(v)) continue;
          const exact = kind === 'plural' && (k !== 'other' || 'one' in branches);
          walk(v as CompiledMessage, exact ? new Set([...settled, name]) : settled);
        }
      }
    });
  };
  walk(compileMessageOrThrow(message), new Set());
  return found;
}
