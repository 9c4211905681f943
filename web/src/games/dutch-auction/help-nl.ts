/** The Dutch rules help of one edition (see ./help.ts). Filled in with the Dutch text. */
import type { Edition } from '#shared/games/dutch-auction/cards.js';
import type { RulesHelp } from '../types.js';

export function helpForEditionNl(help: RulesHelp, _edition: Edition): RulesHelp {
  return help;
}
