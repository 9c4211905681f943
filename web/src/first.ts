/**
 * The match page's first script: small, a plain (blocking) script ahead of the stylesheet in index.html
 * (web/build.ts), so it runs as soon as it is here, long before the main script and its chunks have
 * loaded and run. On a match page it sends the match read the app's first read would send (the same
 * modules decide it: link.ts reads the address, access.ts the seat, request.ts the request) and asks
 * for what main.tsx asks for only once it has run: the catalog of the language the page will show
 * (lang.ts) and the game's board and words. It stores nothing and changes nothing: main.tsx still
 * takes the secret out of the address, and takes this read's answer if it is that very request.
 */
import { firstReadOf } from './access.js';
import { BEFORE_CATALOG, langToShow } from './lang.js';
import { matchIdOf, parseFragment } from './link.js';
import { acceptLanguage, sendFirstRead } from './request.js';
import { PSEUDO } from '#shared/i18n/index.js';

/** The built chunks (web/build.ts fills this in): each language's site words, each game's board and words. */
declare const FIRST_CHUNKS: {
  site: Record<string, string>;
  boards: Record<string, string>;
  words: Record<string, Record<string, string>>;
};

function start(): void {
  const matchId = matchIdOf(location.pathname);
  const read = matchId ? firstReadOf(matchId, location.hash ? parseFragment(location.hash) : null) : null;
  if (!read) return;
  // As main.tsx's first read goes: before any catalog is here.
  sendFirstRead(read, acceptLanguage(BEFORE_CATALOG));
  const lang = langToShow(location.search);
  // The pseudo-locale's catalog (tests only) holds every game's words: left to the app.
  if (lang === PSEUDO) return;
  const game = read.gameId;
  for (const href of [FIRST_CHUNKS.site[lang], game && FIRST_CHUNKS.boards[game], game && FIRST_CHUNKS.words[game]?.[lang]]) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

start();
