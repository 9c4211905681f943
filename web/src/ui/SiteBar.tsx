/**
 * The bar on top of every page: the site's name, "my matches", and the player's side — "Sign in",
 * or who is signed in here with the next match waiting for their move and "Sign out".
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure } from '../api.js';
import { currentSession, holdSeat, loadSession, nextWaiting, onSession, type ServerMatch, type SessionState, signOut } from '../player.js';
import { navigate, onLinkClick } from './router.js';

export function useSession(): SessionState {
  const [s, setS] = useState(currentSession);
  useEffect(() => {
    const off = onSession(setS);
    void loadSession().then(setS);
    return off;
  }, []);
  return s;
}

/** `myTurn`: on a match page, whether it is my move there (the next waiting match is asked again when it changes). */
export function SiteBar({ matchId, myTurn }: { matchId?: string; myTurn?: boolean } = {}) {
  const session = useSession();
  return (
    <nav class="sitebar" aria-label="Site">
      <a href="/" class="home-link" onClick={(e) => onLinkClick(e)}>
        Dutch
      </a>
      <a href="/" onClick={(e) => onLinkClick(e)}>
        My matches
      </a>
      {session.kind === 'in' && <NextWaiting key={`${matchId}:${myTurn}`} here={matchId} />}
      <span class="account-nav">
        {session.kind === 'out' && (
          <a href="/signin" onClick={(e) => onLinkClick(e)}>
            Sign in
          </a>
        )}
        {session.kind === 'in' && (
          <>
            <a href="/account" class="account-who" onClick={(e) => onLinkClick(e)} title="Your account">
              {session.player.address}
            </a>
            <button type="button" class="link-like" onClick={() => void signOut().then(() => navigate('/'))}>
              Sign out
            </button>
          </>
        )}
      </span>
    </nav>
  );
}

/** One click to the match that has waited longest for my move; says so when nothing waits. */
function NextWaiting({ here }: { here: string | undefined }) {
  const [next, setNext] = useState<ServerMatch | null | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    nextWaiting().then(
      (n) => live && setNext(n),
      (e) => live && setError(e instanceof ApiFailure ? e.message : 'The server could not be reached.'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <span class="next-waiting muted">{error}</span>;
  if (next === undefined) return null;
  if (!next) return <span class="next-waiting muted">No match waits for your move</span>;
  if (next.matchId === here) return <span class="next-waiting muted">This match has waited longest for you</span>;
  return (
    <button
      type="button"
      class="next-waiting primary"
      onClick={() => {
        holdSeat(next);
        navigate(`/m/${next.matchId}`);
      }}
    >
      Next match waiting for me
      <span class="next-game"> ({next.game.name})</span>
    </button>
  );
}
