/**
 * The page's language: chosen from what the player picked before (localStorage), else the first of
 * the browser's languages the site speaks (`navigator.languages`), else English. Its catalog is a
 * lazily loaded chunk of its own, compiled at build time (web/build.ts), so the page ships no ICU
 * parser and only the one language it shows. `t(key, params)` is typed by the English catalog's keys;
 * `fmt` formats numbers, guilders, dates and lists in the language shown.
 *
 * The pseudo-locale (`?lang=en-XA`, kept for the tab in sessionStorage) is for tests only: English
 * with every message marked ⟦…⟧, so text that skipped the catalog stands out.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { useEffect, useState } from 'preact/hooks';
import { type GameId, isGameId } from '#shared/games/ids.js';
import * as format from '#shared/i18n/format.js';
import { type Lang, type MessageKey, PSEUDO } from '#shared/i18n/index.js';
import { BEFORE_CATALOG, CHOSEN, langToShow, PSEUDO_ASKED, type Shown, storage } from './lang.js';

export type { Lang, MessageKey } from '#shared/i18n/index.js';
export type { Shown } from './lang.js';
export type Params = Record<string, string | number | Date>;
/** The language to show (web/src/lang.ts, which the match page's first script reads too). */
export { initialLang } from './lang.js';

// Each import is its own chunk. In the build, shared/i18n/{en,nl}.ts and ./i18n-pseudo.ts hold the
// compiled messages (web/build.ts swaps them in); unbuilt (unit tests), lingui compiles on first use.
const CATALOG: Record<Shown, () => Promise<unknown>> = {
  en: () => import('#shared/i18n/en.js').then((m) => m.en),
  nl: () => import('#shared/i18n/nl.js').then((m) => m.nl),
  [PSEUDO]: () => import('./i18n-pseudo.js').then((m) => m.messages),
};

// The words of the panels loaded only when opened (notifications, sign-in and account): a chunk per
// language of their own, fetched with them (`loadPanels`). The pseudo-locale's catalog has them already.
const PANELS: Record<Lang, () => Promise<unknown>> = {
  en: () => import('#shared/i18n/panels/en.js').then((m) => m.en),
  nl: () => import('#shared/i18n/panels/nl.js').then((m) => m.nl),
};
let panelsWanted = false;

// Each game's words (`game.<id>.*`: board, log lines, rule errors, results): a chunk per game and
// language, fetched with the game's board (`loadGameWords`, called by games/index.ts `loadGameUi`).
export const GAME_WORDS: Readonly<Record<GameId, Record<Lang, () => Promise<unknown>>>> = {
  'dutch-auction': {
    en: () => import('#shared/i18n/games/dutch-auction/en.js').then((m) => m.en),
    nl: () => import('#shared/i18n/games/dutch-auction/nl.js').then((m) => m.nl),
  },
  'dutch-memory': {
    en: () => import('#shared/i18n/games/dutch-memory/en.js').then((m) => m.en),
    nl: () => import('#shared/i18n/games/dutch-memory/nl.js').then((m) => m.nl),
  },
  'golden-age': {
    en: () => import('#shared/i18n/games/golden-age/en.js').then((m) => m.en),
    nl: () => import('#shared/i18n/games/golden-age/nl.js').then((m) => m.nl),
  },
};
const gamesWanted = new Set<GameId>();
const gameWords = (lang: Lang) =>
  Promise.all([...gamesWanted].map((id) => GAME_WORDS[id][lang]() as Promise<Messages>)).then(
    (all) => Object.assign({}, ...all) as Messages,
  );

// Active from the start (with no messages), so a text asked for before the catalog is here is its key, never a throw.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
let shown: Shown = BEFORE_CATALOG;
/** The language startLanguage is loading (shown once its catalog is here). */
let coming: Shown = BEFORE_CATALOG;
const listeners = new Set<(lang: Shown) => void>();

/** Loads the language of this visit (before the first draw; main.tsx). */
export function startLanguage(loc: Pick<Location, 'search'> = location): Promise<void> {
  const asked = new URLSearchParams(loc.search).get('lang');
  try {
    if (asked === PSEUDO) storage('sessionStorage')?.setItem(PSEUDO_ASKED, '1');
  } catch {
    /* refused storage: the pseudo-locale lasts this page load */
  }
  const lang = langToShow(loc.search);
  coming = lang;
  return loadLanguage(lang);
}

/**
 * Makes the list formatter of the language being loaded, so the first render finds it made: a fresh page's
 * first `Intl` object costs 15–20 ms in Chromium (its locale data loaded), and the match page's whose-move
 * line names the seats to act with it. main.tsx calls this while the match read and the catalog are on
 * their way, which takes that work off the path to the first paint.
 */
export function warmFormats(): void {
  format.list(coming, []);
}

/** Loads and shows `lang` (unit tests call it directly: until a catalog is loaded, `t` answers keys). */
export async function loadLanguage(lang: Shown): Promise<void> {
  const [messages, panels, games] = await Promise.all([
    CATALOG[lang]() as Promise<Messages>,
    panelsWanted && lang !== PSEUDO ? (PANELS[lang]() as Promise<Messages>) : {},
    lang !== PSEUDO ? gameWords(lang) : {},
  ]);
  // Copies: lingui merges later loads into the object it holds, and the catalog modules stay as they are.
  i18n.load(lang, { ...messages, ...panels, ...games });
  i18n.activate(lang);
  shown = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

/** Loads the panels' words (with the panel's chunk) in the language shown, and in any chosen later. */
export async function loadPanels(): Promise<void> {
  panelsWanted = true;
  if (shown === PSEUDO) return;
  const lang = shown;
  const panels = (await PANELS[lang]()) as Messages;
  i18n.load(lang, { ...panels });
}

/**
 * Loads a game's words in the language shown, and in any chosen later (the pseudo-locale's catalog
 * has every game's already). A game without a catalog needs nothing.
 */
export async function loadGameWords(id: string): Promise<void> {
  if (!isGameId(id)) return;
  gamesWanted.add(id);
  if (shown === PSEUDO) return;
  const lang = shown;
  const words = (await GAME_WORDS[id][lang]()) as Messages;
  i18n.load(lang, { ...words });
}

/** The player's choice (the switcher in the site bar): kept for next time, shown at once without a reload. */
export async function chooseLang(lang: Lang): Promise<void> {
  try {
    storage('localStorage')?.setItem(CHOSEN, lang);
    storage('sessionStorage')?.removeItem(PSEUDO_ASKED);
  } catch {
    /* shown for this visit only */
  }
  await loadLanguage(lang);
}

/** The message `key` in the language shown, its placeholders filled from `params`. */
export function t(key: MessageKey, params?: Params): string {
  return i18n._(key, params);
}

/** Whether the catalogs loaded have the message `key` (else `t` answers the key itself). */
export const hasWords = (key: string): boolean => Object.hasOwn(i18n.messages, key);

/** A game's name in the language shown (`game.<id>.name`); `fallback` (the server's) for a game the catalog lacks. */
export function gameName(id: string | undefined, fallback: string): string {
  const key = `game.${id}.name`;
  return id && hasWords(key) ? t(key as MessageKey) : fallback;
}

/** The language shown now. */
export const currentLang = (): Shown => shown;

/** The language shown, re-rendering the component when it changes. */
export function useLang(): Shown {
  const [lang, setLang] = useState(shown);
  useEffect(() => {
    listeners.add(setLang);
    setLang(shown);
    return () => void listeners.delete(setLang);
  }, []);
  return lang;
}

/** Numbers, guilders, dates, times, relative times and lists in the language shown (shared/i18n/format.ts). */
export const fmt = {
  number: (n: number, opts?: Intl.NumberFormatOptions) => format.number(shown, n, opts),
  guilders: (amount: number) => format.guilders(shown, amount),
  when: (ms: number, timeZone?: string) => format.when(shown, ms, timeZone),
  date: (ms: number, timeZone?: string) => format.date(shown, ms, timeZone),
  weekday: (ms: number, timeZone?: string) => format.weekday(shown, ms, timeZone),
  time: (ms: number, timeZone?: string) => format.time(shown, ms, timeZone),
  relative: (then: number, now: number) => format.relative(shown, then, now),
  list: (items: readonly string[]) => format.list(shown, items),
  orList: (items: readonly string[]) => format.orList(shown, items),
};
