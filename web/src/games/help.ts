/**
 * Loading a game's rules help in the page's language: each game lists one lazy import per language
 * (`#shared/games/<id>/help/<lang>.js`, a chunk of its own), and only the one shown is fetched.
 * The pseudo-locale (en-XA) reads the English help.
 */
import { type Lang, type Shown, currentLang } from '../i18n.js';
import { PSEUDO } from '#shared/i18n/index.js';
import type { RulesHelp } from './types.js';

export type HelpModules = Record<Lang, () => Promise<{ rulesHelp: RulesHelp }>>;

/** The language the help is shown in for the page's language. */
export const helpLang = (lang: Shown = currentLang()): Lang => (lang === PSEUDO ? 'en' : lang);

export async function loadHelp(modules: HelpModules, lang?: Shown): Promise<{ help: RulesHelp; lang: Lang }> {
  const l = helpLang(lang);
  return { help: (await modules[l]()).rulesHelp, lang: l };
}
