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
