/**
 * The site's languages and the catalog type. Catalogs are data (en.ts, nl.ts); compiling them is
 * the build's (web/build.ts) and the server's (functions/i18n.ts) job, so nothing here parses ICU.
 */
import type { MessageKey } from './en.js';

export type { MessageKey, SiteKey } from './en.js';

/** The languages a player can choose; the first is the default. */
export const LANGS = ['en', 'nl'] as const;
export type Lang = (typeof LANGS)[number];

/** The pseudo-locale (tests/web/support/pseudo.ts): English with every message marked, never chosen by players. */
export const PSEUDO = 'en-XA';

export type Catalog = Record<MessageKey, string>;

/** The language names, each in its own language (the switcher shows them so, in every language). */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', nl: 'Nederlands' };

/**
 * The first of `wanted` (BCP 47 tags, most wanted first, as `navigator.languages` or a parsed
 * Accept-Language) that the site speaks; English when none is.
 */
export function pickLang(wanted: readonly string[]): Lang {
  for (const tag of wanted) {
    const base = tag.trim().toLowerCase().split('-')[0];
    const hit = LANGS.find((l) => l === base);
    if (hit) return hit;
  }
  return LANGS[0];
}

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);
