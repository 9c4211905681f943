/**
 * The English words of The Dutch Golden Age: its board, log lines (`game.golden-age.log.*`), rule errors
 * (`game.golden-age.error.*`) and results (`game.golden-age.outcome.*`). A catalog of its own, loaded with the
 * game's board (web/src/i18n.ts `loadGameWords`); the server has every game's. Same rules as ../../en.ts. Data only.
 */
export const en = {} as const satisfies Record<`game.golden-age.${string}`, string>;

export type Key = keyof typeof en;
