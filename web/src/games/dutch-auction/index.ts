/** The page module of Dutch (the auction deck-builder), registered in ../index.ts. */
import type { GameUi, RulesHelp } from '../types.js';
import { DutchAuctionBoard } from './Board.js';
import { dutchAuctionChanged } from './changed.js';
import { type DutchAuctionView, dutchAuctionTurnText } from './logic.js';
import { DutchAuctionOutcome } from './Score.js';
import { seatName } from '../../text.js';

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
  help: async (options?: unknown): Promise<RulesHelp> => {
    const [{ rulesHelp }, { helpForEdition }] = await Promise.all([import('#shared/games/dutch-auction/help.js'), import('./help.js')]);
    return helpForEdition(rulesHelp, (options as { edition?: string } | undefined)?.edition === '2018' ? '2018' : 'current');
  },
  optionLabels: {
    edition: {
      label: 'Edition',
      values: { current: 'Current edition (published rules)', '2018': '2018 prototype' },
    },
  },
};
