/**
 * The English words of the memory card game (both rule sets): its board, log lines (`game.dutch-memory.log.*`), rule errors
 * (`game.dutch-memory.error.*`) and results (`game.dutch-memory.outcome.*`). A catalog of its own, loaded with the
 * game's board (web/src/i18n.ts `loadGameWords`); the server has every game's. Same rules as ../../en.ts. Data only.
 */
export const en = {} as const satisfies Record<`game.dutch-memory.${string}`, string>;

export type Key = keyof typeof en;
