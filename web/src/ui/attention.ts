/**
 * The tab's title and icon say when it is this player's move, even from another tab: on a match page
 * "● Your move", and for a signed-in player how many matches wait for them, "(2) Dutch", on every page
 * (the count comes from the one read of GET /api/me/next the site bar makes). An installed app shows the
 * same count as its badge (the Badging API, where the browser has it).
 */
import { t } from '../i18n.js';

export const TURN_ICON = '/favicon-turn.svg';
export const PLAIN_ICON = '/favicon.svg';

interface Attention {
  /** The page's own title, before any mark. */
  base: string;
  myTurn: boolean;
  /** The mark is about any of my matches (the home page), not this one: the count, once known, says it. */
  anyOfMine: boolean;
  /** Matches waiting for my move (0 when not signed in or not known yet). */
  waiting: number;
  /** The title as last written here: anything else in the tab was written by a page since. */
  written: string;
  watching: boolean;
}

const shown = new WeakMap<Document, Attention>();

function stateOf(doc: Document): Attention {
  let s = shown.get(doc);
  if (!s) {
    s = { base: doc.title, myTurn: false, anyOfMine: false, waiting: 0, written: doc.title, watching: false };
    shown.set(doc, s);
  }
  return s;
}

function apply(doc: Document, s: Attention): void {
  const mark = s.myTurn && !(s.anyOfMine && s.waiting > 0);
  const marked = mark ? t('site.title.yourMove', { title: s.base }) : s.base;
  const wanted = s.waiting > 0 ? t('site.title.count', { count: s.waiting, title: marked }) : marked;
  s.written = wanted;
  if (doc.title !== wanted) doc.title = wanted;
  const icon = doc.querySelector('link[rel="icon"]');
  const href = s.myTurn || s.waiting > 0 ? TURN_ICON : PLAIN_ICON;
  if (icon && icon.getAttribute('href') !== href) icon.setAttribute('href', href);
}

/** A match page says whether it is my move there, under its own title. */
export function showAttention(myTurn: boolean, title: string, doc: Document = document): void {
  const s = stateOf(doc);
  s.myTurn = myTurn;
  s.anyOfMine = false;
  s.base = title;
  apply(doc, s);
}

/** The home page says whether any match of mine waits for my move: "● Your move" until the count is known. */
export function showAnyTurn(anyTurn: boolean, title: string, doc: Document = document): void {
  showAttention(anyTurn, title, doc);
  const s = stateOf(doc);
  s.anyOfMine = true;
  apply(doc, s);
}

type Badging = { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * How many matches wait for my move, from /api/me/next: in front of the title on every page, and as the
 * installed app's badge. Pages that set `document.title` themselves keep the count: a change of the
 * title not made here becomes the new base and is marked again.
 */
export function showWaiting(count: number, doc: Document = document, nav: Badging | undefined = globalThis.navigator): void {
  const s = stateOf(doc);
  if (doc.title !== s.written) {
    s.base = doc.title;
    s.myTurn = false;
    s.anyOfMine = false;
  }
  s.waiting = Math.max(0, Math.floor(count));
  apply(doc, s);
  watchTitle(doc, s);
  // Where there is no Badging API (or it refuses, outside an installed app), the title says it all.
  const badge = s.waiting > 0 ? nav?.setAppBadge?.(s.waiting) : nav?.clearAppBadge?.();
  badge?.catch(() => {});
}

function watchTitle(doc: Document, s: Attention): void {
  if (s.watching || typeof MutationObserver === 'undefined' || !doc.head) return;
  s.watching = true;
  new MutationObserver(() => {
    if (doc.title === s.written) return;
    s.base = doc.title;
    s.myTurn = false;
    s.anyOfMine = false;
    apply(doc, s);
  }).observe(doc.head, { subtree: true, childList: true, characterData: true });
}
