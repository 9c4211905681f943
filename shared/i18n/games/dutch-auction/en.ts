/**
 * The English words of the auction deck-builder (both editions): its board, log lines (`game.dutch-auction.log.*`), rule errors
 * (`game.dutch-auction.error.*`) and results (`game.dutch-auction.outcome.*`). A catalog of its own, loaded with the
 * game's board (web/src/i18n.ts `loadGameWords`); the server has every game's. Same rules as ../../en.ts. Data only.
 */
export const en = {} as const satisfies Record<`game.dutch-auction.${string}`, string>;

export type Key = keyof typeof en;
