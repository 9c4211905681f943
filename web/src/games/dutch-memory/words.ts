/**
 * The board's words (`game.dutch-memory.board.*`, `.option.*`, and the card nouns `.rank.*`/`.suit.*`)
 * from the game's catalog, shared/i18n/games/dutch-memory/. Call at render only: the language can change.
 */
import { type MessageKey, type Params, t } from '../../i18n.js';

type Under<P extends string> = MessageKey extends infer K ? (K extends `game.dutch-memory.${P}.${infer S}` ? S : never) : never;

/** A board message: `w('turn.mine')` is `t('game.dutch-memory.board.turn.mine')`. */
export const w = (k: Under<'board'>, p?: Params): string => t(`game.dutch-memory.board.${k}` as MessageKey, p);

/** An option's words on the create form: `o('preset.label')`. */
export const o = (k: Under<'option'>, p?: Params): string => t(`game.dutch-memory.option.${k}` as MessageKey, p);
