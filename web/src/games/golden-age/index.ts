/** The page module of The Dutch Golden Age, registered in ../index.ts. */
import { seatName } from '../../text.js';
import type { GameUi, RulesHelp } from '../types.js';
import { GoldenAgeBoard } from './Board.js';
import { goldenAgeChanged } from './changed.js';
import { type GoldenAgeView, goldenAgeTurnText } from './logic.js';
import { GoldenAgeOutcome } from './Outcome.js';

export const goldenAgeUi: GameUi = {
  Board: GoldenAgeBoard,
  Outcome: GoldenAgeOutcome,
  changed: goldenAgeChanged,
  turnText(match) {
    const view = match.view as GoldenAgeView | null;
    if (match.status !== 'active' || !view || view.game !== 'golden-age') return null;
    return goldenAgeTurnText(view, (s) => seatName(match.seats, s));
  },
  help: async (): Promise<RulesHelp> => (await import('#shared/games/golden-age/help.js')).rulesHelp,
};
