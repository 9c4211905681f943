/**
 * Engine words as an English-speaking player reads them (the real catalogs, shared/i18n), for tests
 * that look at log lines, rule errors and results: seats are named Ann, Bob, Cy… unless `names` says.
 */
import type { Param, Params } from '#shared/engine/game.js';
import { CATALOGS, sayIn } from '../../functions/i18n.js';

export const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'] as const;

type Said = { key?: string; params?: Params; text?: string; message?: string; summary?: string };

/** The words (or an older record's English) in English, seats named from `names`. */
export const english = (x: Said | null | undefined, names: readonly string[] = NAMES): string => (x ? sayIn('en', x, names) : '');

/** Every key in `x` (its own and nested ones) that the English catalog does not have: [] when all are worded. */
export function unworded(x: Said): string[] {
  const out: string[] = [];
  const visit = (key: string | undefined, params: Params | undefined) => {
    if (key !== undefined && !Object.hasOwn(CATALOGS.en, key)) out.push(key);
    for (const v of Object.values(params ?? {})) param(v);
  };
  const param = (v: Param) => {
    if (typeof v !== 'object') return;
    if ('key' in v) visit(v.key, v.params);
    else if ('list' in v)
      for (const item of v.list) {
        if (typeof item !== 'object' && v.each) visit(`${v.each}.${item}`, undefined);
        else param(item);
      }
  };
  visit(x.key, x.params);
  return out;
}
