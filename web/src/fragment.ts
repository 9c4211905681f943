/**
 * Match links carry their secret in the URL fragment, which browsers never send to a server:
 * `/m/<id>#seat=<n>&token=<t>&game=<gameId>`, `/m/<id>#invite=<s>`, `/m/<id>#watch=<s>`.
 * The page reads the fragment once, stores the secret, and takes it out of the address bar.
 * A seat link's game id (optional, not a secret) lets the page download the game's board while
 * the match is being read, instead of after. The link back from a confirmed address,
 * `/m/<id>#address=<a>&address-proof=<p>`, leaves the address and its proof in this browser.
 */
import { type LinkSecret, matchIdOf, parseFragment, SECRET } from './link.js';
import * as store from './storage.js';

export { type LinkSecret, MATCH_PATH, matchIdOf, parseFragment } from './link.js';

/**
 * Moves a link's secret into storage and replaces the address with the bare match path, so the
 * secret shows in neither screenshots nor the history. Returns what was found.
 */
export function absorbFragment(loc: { pathname: string; hash: string }, history: Pick<History, 'replaceState'>): LinkSecret | null {
  if (!loc.hash) return null;
  const id = matchIdOf(loc.pathname);
  if (id) absorbAddressProof(loc.hash);
  const secret = id ? parseFragment(loc.hash) : null;
  if (id && secret) {
    if (secret.kind === 'seat') {
      store.saveSeat({ matchId: id, seat: secret.seat, token: secret.token, ...(secret.game ? { gameId: secret.game } : {}) });
      store.setCurrentSeat(id, secret.seat);
    } else if (secret.kind === 'invite') {
      store.savePendingInvite(id, secret.secret);
    } else {
      store.saveWatch(id, secret.secret);
    }
  }
  // Whatever the fragment held, it does not stay in the address bar.
  history.replaceState(null, '', loc.pathname);
  return secret;
}

/** Keeps an address this browser just confirmed, with its proof, for the seats of its next matches. */
function absorbAddressProof(hash: string): void {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const address = params.get('address');
  const proof = params.get('address-proof');
  if (address && address.length <= 254 && address.includes('@') && proof && SECRET.test(proof)) {
    store.saveConfirmedAddress({ address, proof });
  }
}

/** The link that opens one's own seat elsewhere (another device, another browser). */
export function seatLink(origin: string, matchId: string, seat: number, token: string, gameId?: string): string {
  return `${origin}/m/${matchId}#seat=${seat}&token=${token}${gameId ? `&game=${encodeURIComponent(gameId)}` : ''}`;
}
