/** The page module of Dutch (the auction deck-builder), registered in ../index.ts. */
import { type HelpModules, loadHelp } from '../help.js';
import { type Shown, t } from '../../i18n.js';
import type { GameUi, RulesHelp } from '../types.js';
import { DutchAuctionBoard } from './Board.js';
import { dutchAuctionChanged } from './changed.js';
import { type DutchAuctionView, dutchAuctionTurnText } from './logic.js';
import { DutchAuctionOutcome } from './Score.js';
import { seatName } from '../../text.js';

/** The rules help, one lazily loaded chunk per language (both editions in one text; ./help.ts picks one). */
const HELP: HelpModules = {
  en: () => import('#shared/games/dutch-auction/help/en.js'),
  nl: () => import('#shared/games/dutch-auction/help/nl.js'),
};

export const dutchAuctionUi: GameUi = {
  Board: DutchAuctionBoard,
  Outcome: DutchAuctionOutcome,
  changed: dutchAuctionChanged,
  turnText(match) {
    const view = match.view as DutchAuctionView | null;
    if (match.status !== 'active' || !view || view.game !== 'dutch-auction') return null;
    return dutchAuctionTurnText(view, match.you, (s) => seatName(match.seats, s));
  },
  // Only the match's own edition: the shared text speaks of both.
  help: async (options?: unknown, lang?: Shown): Promise<RulesHelp> => {
    const [{ help, lang: l }, { helpForEdition }] = await Promise.all([loadHelp(HELP, lang), import('./help.js')]);
    return helpForEdition(help, (options as { edition?: string } | undefined)?.edition === '2018' ? '2018' : 'current', l);
  },
  optionLabels: () => ({
    edition: {
      label: t('game.dutch-auction.option.edition'),
      values: { current: t('game.dutch-auction.option.edition.current'), '2018': t('game.dutch-auction.option.edition.2018') },
    },
  }),
};
