/**
 * The games the site offers, as one closed list. Every registry of games (the engines here in
 * index.ts, the bots in bots.ts, the words in ../i18n/games/, the page modules and their words in
 * web/src/) is a `Record<GameId, …>`, so an id added here without its entries does not compile
 * (tests/platform/structure.test.ts shows which files the compiler then names). Kept apart from
 * index.ts so that pages can name the ids without bundling an engine.
 */
export const GAME_IDS = ['dutch-auction', 'dutch-memory', 'golden-age'] as const;
export type GameId = (typeof GAME_IDS)[number];

export const isGameId = (v: unknown): v is GameId => typeof v === 'string' && (GAME_IDS as readonly string[]).includes(v);
