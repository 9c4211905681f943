/**
 * HTML from templates that escape by default, for the mails and the API's own pages (hono's `html` tag):
 * every string put into a template is escaped (& < > " '), so player text never becomes markup. Only what
 * a template made (the `Html` type) goes in as it is; a plain string cannot be passed where `Html` is asked.
 */
import { html as honoHtml, raw } from 'hono/html';

/** Markup a template made: safe to put into another. */
export type Html = ReturnType<typeof raw>;

/** What a template takes: text (escaped), numbers, markup, lists of them (one after another); nothing async. */
type Part = string | number | Html | null | undefined | false | readonly Part[];

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  const out = honoHtml(strings, ...values);
  // hono's tag is async only when a value is a promise, which `Part` rules out.
  if (out instanceof Promise) throw new Error('html: a template value was a promise');
  return out;
}

/** Fragments one after another, on one line or one a line: still markup. */
export const joinHtml = (parts: readonly Html[], separator: '' | '\n' = ''): Html => raw(parts.join(separator));
