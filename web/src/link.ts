/**
 * What a match link says, read with no other module: the match id in its path and the secret in its
 * fragment. web/src/fragment.ts stores what it finds; the match page's first script (web/src/first.ts)
 * reads a link with these same functions, before the app is here, without storing anything.
 */
export type LinkSecret =
  | { kind: 'seat'; seat: number; token: string; game?: string }
  | { kind: 'invite'; secret: string }
  | { kind: 'watch'; secret: string };

export const SECRET = /^[A-Za-z0-9_-]{43}$/;
const GAME_ID = /^[a-z0-9-]{1,40}$/;
export const MATCH_PATH = /^\/m\/([A-Za-z0-9_-]{12})\/?$/;

export function parseFragment(hash: string): LinkSecret | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  const seat = params.get('seat');
  if (token !== null && seat !== null) {
    const n = Number(seat);
    if (!/^[0-7]$/.test(seat) || !SECRET.test(token)) return null;
    // Only a hint: a malformed game id is ignored, the link still opens the seat.
    const game = params.get('game');
    return game !== null && GAME_ID.test(game) ? { kind: 'seat', seat: n, token, game } : { kind: 'seat', seat: n, token };
  }
  const invite = params.get('invite');
  if (invite !== null) return SECRET.test(invite) ? { kind: 'invite', secret: invite } : null;
  const watch = params.get('watch');
  if (watch !== null) return SECRET.test(watch) ? { kind: 'watch', secret: watch } : null;
  return null;
}

export function matchIdOf(pathname: string): string | null {
  return MATCH_PATH.exec(pathname)?.[1] ?? null;
}
