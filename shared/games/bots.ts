/**
 * The computer players of every game, by game id. Kept apart from ./index.ts so that pages which only
 * draw a game never bundle its search. The platform (functions/bots/) asks them for moves and knows
 * nothing else about them: each sees only its seat's view and legal moves (../engine/bot.ts).
 */
import type { BotPlayer } from '../engine/bot.js';
import { botPlayer as dutchAuction } from './dutch-auction/bots.js';
import { botPlayer as dutchMemory } from './dutch-memory/bots.js';
import { botPlayer as goldenAge } from './golden-age/bots.js';
import type { GameId } from './ids.js';

// biome-ignore lint/suspicious/noExplicitAny: each game's player is typed by its own view and move; the platform holds them by id, as it holds AnyGame.
type AnyBotPlayer = BotPlayer<any, any>;

/** Each game's computer player by its id: a game without one does not compile. */
export const BOT_PLAYERS: Readonly<Record<GameId, AnyBotPlayer>> = {
  'dutch-auction': dutchAuction,
  'dutch-memory': dutchMemory,
  'golden-age': goldenAge,
};

/** The same, as the platform looks them up (by any id a match may hold). */
export const botPlayers: ReadonlyMap<string, AnyBotPlayer> = new Map<string, AnyBotPlayer>(Object.entries(BOT_PLAYERS));
