/**
 * Every game's page module, by game id, loaded when first needed: the match page downloads the
 * site's frame and the one game it shows, never the others. A game without an entry here is
 * played on the plain board (legal moves as buttons). A game's words (shared/i18n/games/<id>) come
 * with its module.
 *
 * To add a game's page: create `web/src/games/<id>/index.ts` exporting a `GameUi` (see
 * ./types.ts) and add one line below. CSS imported by a game's module is merged into the site's
 * one stylesheet by web/build.ts.
 */
import { loadGameWords } from '../i18n.js';
import { GenericBoard } from './generic/Board.js';
import type { GameUi } from './types.js';

export const genericUi: GameUi = { Board: GenericBoard };

export const GAME_UIS: Readonly<Record<string, () => Promise<GameUi>>> = {
  'dutch-auction': () => import('./dutch-auction/index.js').then((m) => m.dutchAuctionUi),
  'dutch-memory': () => import('./dutch-memory/index.js').then((m) => m.dutchMemoryUi),
  'golden-age': () => import('./golden-age/index.js').then((m) => m.goldenAgeUi),
};

const loading = new Map<string, Promise<GameUi>>();
const loaded = new Map<string, GameUi>();

/** The game's page module (the plain board for games without one). */
export function loadGameUi(id: string): Promise<GameUi> {
  const load = GAME_UIS[id];
  if (!load) return Promise.resolve(genericUi);
  let p = loading.get(id);
  if (!p) {
    // The board is drawn once its words are here too (a catalog per game and language).
    p = Promise.all([load(), loadGameWords(id)]).then(([ui]) => {
      loaded.set(id, ui);
      return ui;
    });
    // A failed download may be retried later.
    p.catch(() => loading.delete(id));
    loading.set(id, p);
  }
  return p;
}

/** The module if it is already here, so a page can draw without waiting a tick. */
export function loadedGameUi(id: string): GameUi | undefined {
  return GAME_UIS[id] ? loaded.get(id) : genericUi;
}
