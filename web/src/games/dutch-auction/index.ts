/** The page module of Dutch (the auction deck-builder), registered in ../index.ts. */
import type { GameUi, RulesHelp } from '../types.js';
import { DutchAuctionBoard } from './Board.js';
import { type DutchAuctionView, dutchAuctionTurnText } from './logic.js';
import { DutchAuctionOutcome } from './Score.js';
import { seatName } from '../../text.js';

export const dutchAuctionUi: GameUi = {
  Board: DutchAuctionBoard,
  Outcome: DutchAuctionOutcome,
  turnText(match) {
    const view = match.view as DutchAuctionView | null;
    if (match.status !== 'active' || !view || view.game !== 'dutch-auction') return null;
    return dutchAuctionTurnText(view, match.you, (s) => seatName(match.seats, s));
  },
  help: async (): Promise<RulesHelp> => (await import('../../../../shared/games/dutch-auction/help.js')).rulesHelp,
  optionLabels: {
    edition: {
      label: 'Edition',
      values: { current: 'Current edition (published rules)', '2018': '2018 prototype' },
    },
  },
};
