/**
 * The games' catalogs: one per game and language (`game.<id>.*`), loaded with the game's board, so
 * the match page carries only the words of the game it shows. The page imports each file lazily
 * (web/src/i18n.ts); the server and the tests take them all from here.
 */
import { en as auctionEn, type Key as AuctionKey } from './dutch-auction/en.js';
import { nl as auctionNl } from './dutch-auction/nl.js';
import { en as memoryEn, type Key as MemoryKey } from './dutch-memory/en.js';
import { nl as memoryNl } from './dutch-memory/nl.js';
import { en as goldenAgeEn, type Key as GoldenAgeKey } from './golden-age/en.js';
import { nl as goldenAgeNl } from './golden-age/nl.js';

export type GameKey = AuctionKey | MemoryKey | GoldenAgeKey;

/** The games that have catalogs, by id. */
export const GAME_WORDS = {
  'dutch-auction': { en: auctionEn, nl: auctionNl },
  'dutch-memory': { en: memoryEn, nl: memoryNl },
  'golden-age': { en: goldenAgeEn, nl: goldenAgeNl },
} as const satisfies Record<string, { en: Record<string, string>; nl: Record<string, string> }>;

export type GameWithWords = keyof typeof GAME_WORDS;
