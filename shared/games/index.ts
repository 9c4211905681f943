/** Every game the site offers. The platform looks games up here by id and knows nothing else of them. */
import type { AnyGame } from '../engine/game.js';
import { dutchAuction } from './dutch-auction/index.js';
import { dutchMemory } from './dutch-memory/index.js';
import { goldenAge } from './golden-age/index.js';
import { GAME_IDS, type GameId } from './ids.js';

export { GAME_IDS, type GameId, isGameId } from './ids.js';

/** Each game's engine by its id (each `Game`'s own `id` is its key: tests/platform/structure.test.ts). */
export const GAMES_BY_ID: Readonly<Record<GameId, AnyGame>> = {
  'dutch-auction': dutchAuction,
  'dutch-memory': dutchMemory,
  'golden-age': goldenAge,
};

/** The games in the order of GAME_IDS (the order /api/games lists them in). */
export const GAMES: readonly AnyGame[] = GAME_IDS.map((id) => GAMES_BY_ID[id]);

export const gameRegistry: ReadonlyMap<string, AnyGame> = new Map(GAMES.map((g) => [g.id, g]));
