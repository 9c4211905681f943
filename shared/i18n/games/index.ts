/**
 * The games' catalogs: one per game and language (`game.<id>.*`), loaded with the game's board, so
 * the match page carries only the words of the game it shows. The page imports each file lazily
 * (web/src/i18n.ts); the server and the tests take them all from here.
 */
import { en as auctionEn } from './dutch-auction/en.js';
import { nl as auctionNl } from './dutch-auction/nl.js';
import { en as memoryEn } from './dutch-memory/en.js';
import { nl as memoryNl } from './dutch-memory/nl.js';
import { en as goldenAgeEn } from './golden-age/en.js';
import { nl as goldenAgeNl } from './golden-age/nl.js';
import type { GameId } from '../../games/ids.js';
import type { Lang } from '../index.js';

/** Each game's catalogs by its id, one per language: a game or a language without its catalog does not compile. */
export const GAME_WORDS = {
  'dutch-auction': { en: auctionEn, nl: auctionNl },
  'dutch-memory': { en: memoryEn, nl: memoryNl },
  'golden-age': { en: goldenAgeEn, nl: goldenAgeNl },
} as const satisfies Record<GameId, Record<Lang, Record<string, string>>>;

export type GameWithWords = keyof typeof GAME_WORDS;

/** Every game's keys (`game.<id>.*`), from its English catalog. */
export type GameKey = { [G in GameWithWords]: keyof (typeof GAME_WORDS)[G]['en'] }[GameWithWords];
