/**
 * "Take me to the next match after my move": when a signed-in player who chose it (on the account page,
 * remembered on this device) has made a move that ends their turn, the page asks GET /api/me/next (one read;
 * the move's commit has already told the waiting board) and opens the match that has waited longest for them.
 * Nothing waits, or the question fails: the player stays where they are, the bar says what waits.
 */
import { currentSession, holdSeat, nextWaiting } from '../../player.js';
import { nextAfterMove } from '../../storage.js';
import { navigate } from '../router.js';

export async function goToNextAfterMove(here: string): Promise<boolean> {
  if (!nextAfterMove() || currentSession().kind !== 'in') return false;
  try {
    const { next } = await nextWaiting();
    if (!next || next.matchId === here) return false;
    holdSeat(next);
    navigate(`/m/${next.matchId}`);
    return true;
  } catch {
    return false;
  }
}
