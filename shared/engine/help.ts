/**
 * A game's rules help as players read it: one module per game and language
 * (`shared/games/<id>/help/<lang>.ts`, each exporting `rulesHelp`), all of the same shape — the
 * same sections in the same order with the same number of paragraphs (tests/i18n/help.test.ts).
 * Written for each language in the project's own words; it stays out of the message catalogs.
 */
export interface RulesHelp {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}
