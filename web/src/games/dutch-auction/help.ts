/**
 * The rules help of one edition: the shared help text describes both editions side by side
 * ("Current edition: …", "2018 edition: …", "(… in 2018 …)"); a match is played with one, so its
 * page shows only that edition's words.
 */
import type { Edition } from '#shared/games/dutch-auction/cards.js';
import type { Lang } from '../../i18n.js';
import type { RulesHelp } from '../types.js';
import { helpForEditionNl } from './help-nl.js';

const WORDS: Record<Edition, { other: string; name: string }> = {
  current: { other: '2018', name: 'the current edition' },
  '2018': { other: 'current', name: 'the 2018 prototype' },
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Does this bit of text speak of `edition`? ("2018", "current edition", "in 2018"). */
const mentions = (text: string, edition: Edition) => (edition === '2018' ? /\b2018\b/.test(text) : /\bcurrent edition\b/i.test(text));

/** One paragraph as it reads for `edition`: sentences and asides about the other edition go. */
function forEdition(paragraph: string, edition: Edition): string {
  const { other } = WORDS[edition];
  const otherEd = edition === 'current' ? '2018' : 'current';
  // A paragraph that opens with the other edition is about it throughout.
  if (new RegExp(`^(${other} edition:|in the ${other} edition\\b|in ${other}\\b)`, 'i').test(paragraph)) {
    // …except the site's notes, whose later sentences may be about this edition.
    if (!/offering/.test(paragraph) || edition === '2018') return '';
  }
  // "(9 cards in the current edition, 8 in 2018)": the count of this edition only.
  let text = paragraph.replace(
    /\((\d+) cards in the current edition, (\d+) in 2018\)/g,
    (_, cur: string, old: string) => `(${edition === 'current' ? cur : old} cards)`,
  );
  // Asides (in brackets, or "or, in the 2018 edition, …") about the other edition.
  text = text.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
    if ((mentions(inner, otherEd) && !mentions(inner, edition)) || /both editions/.test(inner)) return '';
    return whole.replace(new RegExp(`,? in (the )?${edition === 'current' ? 'current edition' : '2018( edition)?'},?`, 'i'), '');
  });
  text = text.replace(new RegExp(` or, in the ${other} edition, [^)]*`, 'i'), '');
  text = text.replace(new RegExp(`,? in the ${edition === 'current' ? 'current' : '2018'} edition,`, 'i'), '');
  const sentences = text.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [text];
  const kept = sentences.flatMap((s) => {
    const t = s.trim();
    const otherStart = new RegExp(`^(${other} edition:|in the ${other} edition\\b|in ${other}\\b)`, 'i');
    if (otherStart.test(t)) return [];
    // Words only one edition uses: the 2018 "offering", the current edition's change of suit.
    if (edition === 'current' && /\boffering\b/.test(t)) return [];
    if (edition === '2018' && /\bchange of suit\b/.test(t)) return [];
    const mine = new RegExp(
      `^(${edition === 'current' ? 'current' : '2018'} edition:\\s*|in the ${edition === 'current' ? 'current' : '2018'} edition,?\\s*|in ${edition === 'current' ? 'the current edition' : '2018'},?\\s*)`,
      'i',
    );
    return [cap(t.replace(mine, ''))];
  });
  return kept.join(' ');
}

/** The help for one edition, by the language it is written in (each language's help has its own markers). */
const FOR_EDITION: Record<Lang, (help: RulesHelp, edition: Edition) => RulesHelp> = { en: helpForEditionEn, nl: helpForEditionNl };

export function helpForEdition(help: RulesHelp, edition: Edition, lang: Lang = 'en'): RulesHelp {
  return FOR_EDITION[lang](help, edition);
}

function helpForEditionEn(help: RulesHelp, edition: Edition): RulesHelp {
  const { name } = WORDS[edition];
  const otherHeading = edition === 'current' ? /2018 edition/i : /current edition/i;
  const intro = help.intro.replace(/\s*Two editions are offered:[^.]*\./, '');
  return {
    title: help.title,
    intro: `${intro} This match is played with ${name}; only its rules are shown here.`,
    sections: help.sections
      .filter((s) => !otherHeading.test(s.heading))
      .map((s) => ({
        heading: s.heading.replace(/,\s*(current|2018) edition$/i, ''),
        paragraphs: s.paragraphs.map((p) => forEdition(p, edition)).filter((p) => p.trim() !== ''),
      })),
  };
}
