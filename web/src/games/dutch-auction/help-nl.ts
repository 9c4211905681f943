/**
 * The Dutch rules help of one edition (see ./help.ts for the English). The Dutch text
 * (shared/games/dutch-auction/help/nl.ts) is written so that picking an edition needs no guessing:
 * a paragraph or sentence that opens with "Huidige editie:" or "Editie 2018:" belongs to that
 * edition, "(in 2018: …)" is a 2018 aside, an aside naming "beide edities" is about the two, and
 * "inzet" (the 2018 offering) and "kleurwissel" (the current edition's power) are one edition's words.
 */
import type { Edition } from '#shared/games/dutch-auction/cards.js';
import type { RulesHelp } from '../types.js';

const PREFIX: Record<Edition, RegExp> = { current: /^Huidige editie:\s*/i, '2018': /^Editie 2018:\s*/i };
const HEADING: Record<Edition, RegExp> = { current: /,\s*huidige editie$/i, '2018': /,\s*editie 2018$/i };
/** Sentences with these words are about one edition only. */
const ONLY_OTHER: Record<Edition, RegExp> = { current: /\binzet\b/i, '2018': /\bkleurwissel/i };
const NAME: Record<Edition, string> = { current: 'de huidige editie', '2018': 'het prototype van 2018' };

const other = (e: Edition): Edition => (e === 'current' ? '2018' : 'current');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The asides in brackets as they read for `edition`. */
function asides(text: string, edition: Edition): string {
  return text
    .replace(
      /\((\d+) kaarten in de huidige editie, (\d+) in 2018\)/g,
      (_, cur: string, old: string) => `(${edition === 'current' ? cur : old} kaarten)`,
    )
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
      if (/beide edities/.test(inner)) return '';
      if (/^in 2018:\s*/i.test(inner)) return edition === '2018' ? ` (${inner.replace(/^in 2018:\s*/i, '')})` : '';
      return whole;
    });
}

function forEdition(paragraph: string, edition: Edition): string {
  if (PREFIX[other(edition)].test(paragraph)) return '';
  if (PREFIX[edition].test(paragraph)) return cap(asides(paragraph.replace(PREFIX[edition], ''), edition));
  const sentences = asides(paragraph, edition).match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [paragraph];
  return sentences
    .map((s) => s.trim())
    .filter((s) => !PREFIX[other(edition)].test(s) && !ONLY_OTHER[edition].test(s))
    .map((s) => cap(s.replace(PREFIX[edition], '')))
    .join(' ');
}

export function helpForEditionNl(help: RulesHelp, edition: Edition): RulesHelp {
  const intro = help.intro.replace(/\s*Er zijn twee edities:[^.]*\./, '');
  return {
    title: help.title,
    intro: `${intro} Deze partij speel je met ${NAME[edition]}; je ziet hier alleen de regels daarvan.`,
    sections: help.sections
      .filter((s) => !HEADING[other(edition)].test(s.heading))
      .map((s) => ({
        heading: s.heading.replace(HEADING[edition], ''),
        paragraphs: s.paragraphs.map((p) => forEdition(p, edition)).filter((p) => p.trim() !== ''),
      })),
  };
}
