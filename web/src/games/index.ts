/**
 * Every game's page module, by game id. A game without an entry here is played on the plain
 * board (legal moves as buttons). To add a game's page: create `web/src/games/<id>/index.ts`
 * exporting a `GameUi` (see ./types.ts) and add one line below. Rules help can be given without
 * a board of one's own: `{ Board: GenericBoard, help: () => import(...).then((m) => m.rulesHelp) }`.
 */
import { dutchAuctionUi } from './dutch-auction/index.js';
import { GenericBoard } from './generic/Board.js';
import type { GameUi } from './types.js';

export const GAME_UIS: Readonly<Record<string, GameUi>> = {
  'dutch-auction': dutchAuctionUi,
};

export const genericUi: GameUi = { Board: GenericBoard };

export function gameUi(id: string): GameUi {
  return GAME_UIS[id] ?? genericUi;
}
