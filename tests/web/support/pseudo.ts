/**
 * The pseudo-locale check: a page opened in `en-XA` (web/src/i18n.ts) shows every catalog message
 * wrapped in ⟦…⟧ (placeholders — names, numbers, dates — inside them). Any letter outside the
 * markers, in visible text or in an aria-label, title, placeholder or alt, came from somewhere other
 * than the catalog: that is untranslated text. Names and addresses are marked `translate="no"` in
 * the page and are left out (the HTML meaning of that attribute), as are hidden elements; the text
 * of a <select>'s options counts when the select is visible.
 */
import type { Page } from 'playwright-core';

export const PSEUDO = 'en-XA';

/** `url` asking for the pseudo-locale (in the query, before any fragment, so seat links still work). */
export function pseudoUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('lang', PSEUDO);
  return u.href;
}

/** Opens `url` in the pseudo-locale and waits until the page is drawn in it. */
export async function openPseudo(page: Page, url: string): Promise<void> {
  await page.goto(pseudoUrl(url));
  await page.waitForFunction(
    (lang) => document.documentElement.lang === lang && !document.querySelector('#app > main > p.loading'),
    PSEUDO,
  );
}

export interface Unmarked {
  /** The element: tag, id or classes, and which attribute (or "text", or "document.title"). */
  where: string;
  /** The letters found outside the markers (the marked parts cut out). */
  text: string;
}

/**
 * Every visible text (and translatable attribute) on the page with letters outside ⟦…⟧.
 * `within`: only these parts of the page (CSS selectors); by default the whole body and the title.
 */
export function unmarkedText(page: Page, opts: { within?: string[] } = {}): Promise<Unmarked[]> {
  return page.evaluate(({ within }) => {
    const OPEN = '⟦';
    const CLOSE = '⟧';
    const ATTRS = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-placeholder', 'title', 'placeholder', 'alt'];
    /** The text with every marked part removed; '' when no letter is left. */
    const outside = (s: string) => {
      let depth = 0;
      let out = '';
      for (const ch of s) {
        if (ch === OPEN) depth++;
        else if (ch === CLOSE) depth = Math.max(0, depth - 1);
        else if (depth === 0) out += ch;
      }
      return /\p{L}/u.test(out) ? out.replace(/\s+/g, ' ').trim() : '';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    const visible = (el: Element) => {
      const shown = el.closest('select') ?? el;
      return shown.checkVisibility ? shown.checkVisibility() : true;
    };
    const exempt = (el: Element) => el.closest('[translate="no"], script, style, noscript, template') !== null;
    const roots = within ? within.flatMap((sel) => [...document.querySelectorAll(sel)]) : [document.body];
    const found: { where: string; text: string }[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || exempt(el) || !visible(el)) continue;
        const text = outside(n.textContent ?? '');
        if (text) found.push({ where: `${name(el)} text`, text });
      }
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (exempt(el)) continue;
        for (const attr of ATTRS) {
          const v = el.getAttribute(attr);
          const text = v ? outside(v) : '';
          if (text) found.push({ where: `${name(el)} [${attr}]`, text });
        }
      }
    }
    if (!within) {
      const title = outside(document.title);
      if (title) found.push({ where: 'document.title', text: title });
    }
    return found;
  }, opts);
}
