/**
 * Which language the page shows, read with no other module (no catalog, no lingui): the pseudo-locale if
 * asked for (`?lang=en-XA`, kept for the tab), else the player's stored choice, else the first of the
 * browser's languages the site speaks. web/src/i18n.ts loads and shows it; the match page's first script
 * (web/src/first.ts) reads it the same way to ask early for that language's catalog.
 */
import { isLang, type Lang, PSEUDO, pickLang } from '#shared/i18n/index.js';

export type Shown = Lang | typeof PSEUDO;

/** What the page shows before any catalog is here (and asks the server to speak until then). */
export const BEFORE_CATALOG: Shown = 'en';
export const CHOSEN = 'dutch:v1:lang';
export const PSEUDO_ASKED = 'dutch:v1:pseudo';

/** The language to show: the pseudo-locale if asked for, else the stored choice, else the browser's. */
export function initialLang(o: { pseudo: boolean; stored: string | null; languages: readonly string[] }): Shown {
  if (o.pseudo) return PSEUDO;
  if (isLang(o.stored)) return o.stored;
  return pickLang(o.languages);
}

export function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined;
  }
}

/** The language this visit shows, from the address's query (`search`), this tab, this browser. */
export function langToShow(search: string): Shown {
  return initialLang({
    pseudo: new URLSearchParams(search).get('lang') === PSEUDO || storage('sessionStorage')?.getItem(PSEUDO_ASKED) === '1',
    stored: storage('localStorage')?.getItem(CHOSEN) ?? null,
    languages: navigator.languages ?? [navigator.language],
  });
}
