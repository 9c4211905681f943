/**
 * Every game's page module, by game id. A game without an entry here is played on the plain
 * board (legal moves as buttons). To add a game's page: create `web/src/games/<id>/index.ts`
 * exporting a `GameUi` (see ./types.ts) and put it in place of the game's line below.
 * Rules help is loaded only when asked for, so it never weighs on the first download.
 */
import { dutchAuctionUi } from './dutch-auction/index.js';
import { dutchMemoryUi } from './dutch-memory/index.js';
import { GenericBoard } from './generic/Board.js';
import { goldenAgeUi } from './golden-age/index.js';
import type { GameUi } from './types.js';

export const genericUi: GameUi = { Board: GenericBoard };

export const GAME_UIS: Readonly<Record<string, GameUi>> = {
  'dutch-auction': dutchAuctionUi,
  'dutch-memory': dutchMemoryUi,
  'golden-age': goldenAgeUi,
};

export function gameUi(id: string): GameUi {
  return GAME_UIS[id] ?? genericUi;
}
