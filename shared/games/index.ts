/** Every game the site offers. The platform looks games up here by id and knows nothing else of them. */
import type { AnyGame } from '../engine/game.js';
import { dutchAuction } from './dutch-auction/index.js';
import { dutchMemory } from './dutch-memory/index.js';
import { goldenAge } from './golden-age/index.js';

export const GAMES: readonly AnyGame[] = [dutchAuction, dutchMemory, goldenAge];

export const gameRegistry: ReadonlyMap<string, AnyGame> = new Map(GAMES.map((g) => [g.id, g]));
