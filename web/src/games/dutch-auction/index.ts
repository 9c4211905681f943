/** The page module of Dutch (the auction deck-builder), registered in ../index.ts. */
import type { GameUi, RulesHelp } from '../types.js';
import { DutchBoard } from './Board.js';
import { type DutchView, dutchTurnText } from './logic.js';
import { DutchOutcome } from './Score.js';
import { seatName } from '../../text.js';

export const dutchAuctionUi: GameUi = {
  Board: DutchBoard,
  Outcome: DutchOutcome,
  turnText(match) {
    const view = match.view as DutchView | null;
    if (match.status !== 'active' || !view || view.game !== 'dutch-auction') return null;
    return dutchTurnText(view, match.you, (s) => seatName(match.seats, s));
  },
  // Only the match's own edition: the shared text speaks of both.
  help: async (options?: unknown): Promise<RulesHelp> => {
    const [{ rulesHelp }, { helpForEdition }] = await Promise.all([import('../../../../shared/games/dutch-auction/help.js'), import('./help.js')]);
    return helpForEdition(rulesHelp, (options as { edition?: string } | undefined)?.edition === '2018' ? '2018' : 'current');
  },
  optionLabels: {
    edition: {
      label: 'Edition',
      values: { current: 'Current edition (published rules)', '2018': '2018 prototype' },
    },
  },
};
