/** The page module of The Dutch Golden Age, registered in ../index.ts. */
import { seatName } from '../../text.js';
import { type HelpModules, loadHelp } from '../help.js';
import type { Shown } from '../../i18n.js';
import type { GameUi, RulesHelp } from '../types.js';
import { GoldenAgeBoard } from './Board.js';
import { goldenAgeChanged } from './changed.js';
import { type GoldenAgeView, goldenAgeTurnText } from './logic.js';
import { GoldenAgeOutcome } from './Outcome.js';

/** The rules help, one lazily loaded chunk per language. */
const HELP: HelpModules = {
  en: () => import('#shared/games/golden-age/help/en.js'),
  nl: () => import('#shared/games/golden-age/help/nl.js'),
};

export const goldenAgeUi: GameUi = {
  Board: GoldenAgeBoard,
  Outcome: GoldenAgeOutcome,
  changed: goldenAgeChanged,
  turnText(match) {
    const view = match.view as GoldenAgeView | null;
    if (match.status !== 'active' || !view || view.game !== 'golden-age') return null;
    return goldenAgeTurnText(view, (s) => seatName(match.seats, s));
  },
  help: async (_options?: unknown, lang?: Shown): Promise<RulesHelp> => (await loadHelp(HELP, lang)).help,
};
