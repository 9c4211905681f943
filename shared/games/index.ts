/** Every game the site offers. The platform looks games up here by id and knows nothing else of them. */
import type { AnyGame } from '../engine/game.js';

export const GAMES: readonly AnyGame[] = [];

export const gameRegistry: ReadonlyMap<string, AnyGame> = new Map(GAMES.map((g) => [g.id, g]));
