/**
 * Every game's page module, by game id, loaded when first needed: the match page downloads the
 * site's frame and the one game it shows, never the others. A game's words (shared/i18n/games/<id>)
 * come with its module. An id that is no game of ours (a test's fixture game) is played on the plain
 * board (legal moves as buttons).
 *
 * To add a game's page: create `web/src/games/<id>/index.ts` exporting a `GameUi` (see
 * ./types.ts) and add its line below; the list is keyed by `GameId`, so a game without one does not
 * compile (a game with no board of its own yet may answer `genericUi`). CSS imported by a game's
 * module is merged into the site's one stylesheet by web/build.ts.
 */
import { type GameId, isGameId } from '#shared/games/ids.js';
import { loadGameWords } from '../i18n.js';
import { GenericBoard } from './generic/Board.js';
import type { GameUi } from './types.js';

export const genericUi: GameUi = { Board: GenericBoard };

export const GAME_UIS: Readonly<Record<GameId, () => Promise<GameUi>>> = {
  'dutch-auction': () => import('./dutch-auction/index.js').then((m) => m.dutchAuctionUi),
  'dutch-memory': () => import('./dutch-memory/index.js').then((m) => m.dutchMemoryUi),
  'golden-age': () => import('./golden-age/index.js').then((m) => m.goldenAgeUi),
};

const loading = new Map<string, Promise<GameUi>>();
const loaded = new Map<string, GameUi>();

/** The game's page module (the plain board for an id that is no game of ours). */
export function loadGameUi(id: string): Promise<GameUi> {
  if (!isGameId(id)) return Promise.resolve(genericUi);
  const load = GAME_UIS[id];
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
  return isGameId(id) ? loaded.get(id) : genericUi;
}
