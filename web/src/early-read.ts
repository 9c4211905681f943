/**
 * The match's first read (and its game's board module), started before the page is drawn so that the
 * network and the first render overlap; the match page takes the read over (useMatch). On a cold load the
 * first script (web/src/first.ts) has usually sent this very read already: its answer is taken instead.
 */
import { firstReadOf } from './access.js';
import { type ReadResult, api } from './api.js';
import { loadGameUi } from './games/index.js';
import { currentLang } from './i18n.js';
import { acceptLanguage, takeSentRead } from './request.js';
import type { Credentials } from './types.js';

const readKey = (matchId: string, creds: Credentials, etag: string | null) =>
  `${matchId}|${creds.kind === 'seat' ? `${creds.seat}|${creds.token}` : `w|${creds.secret}`}|${etag ?? ''}`;

let early: { key: string; read: Promise<ReadResult> } | null = null;

/**
 * Starts the first read of the match at this address, if this browser can open it, and the
 * download of its game's board. Returns that download when the match can be drawn at once from the
 * state kept from the last visit, so the first render can wait for the board instead of drawing
 * "loading" and then the page.
 */
export function startEarlyRead(matchId: string): Promise<unknown> | null {
  const first = firstReadOf(matchId);
  const sent = takeSentRead(first, acceptLanguage(currentLang()));
  if (!first) return null;
  const read = api.read(matchId, first.creds, first.etag, sent);
  // The game's board module too, when this browser knows which game it is.
  const board = first.gameId ? loadGameUi(first.gameId) : null;
  board?.catch(() => {}); // the page shows the plain board and says why
  read.catch(() => {}); // the page handles failures when it takes the read over
  early = { key: readKey(matchId, first.creds, first.etag), read };
  return first.kept ? board : null;
}

/** The read started early for exactly this request, once; otherwise null. */
export function takeEarlyRead(matchId: string, creds: Credentials, etag: string | null): Promise<ReadResult> | null {
  if (!early || early.key !== readKey(matchId, creds, etag)) return null;
  const { read } = early;
  early = null;
  return read;
}
