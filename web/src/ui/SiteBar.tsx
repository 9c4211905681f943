/**
 * The bar on top of every page: the site's name, "my matches", and the player's side — "Sign in",
 * or who is signed in here with the next match waiting for their move and "Sign out" — and the
 * language switcher (English / Nederlands).
 */
import { useEffect, useState } from 'preact/hooks';
import { LANGS, LANG_NAMES } from '#shared/i18n/index.js';
import { ApiFailure } from '../api.js';
import { chooseLang, gameName, t, useLang } from '../i18n.js';
import {
  currentSession,
  holdSeat,
  keepLang,
  loadSession,
  nextWaiting,
  onSession,
  type NextMatch,
  type SessionState,
  signOut,
} from '../player.js';
import { showWaiting } from './attention.js';
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
  // Signed out (or no player part at all): no count in the title or on the app's badge.
  useEffect(() => {
    if (session.kind === 'out' || session.kind === 'off') showWaiting(0);
  }, [session.kind]);
  return (
    <nav class="sitebar" aria-label={t('site.nav.label')}>
      <a href="/" class="home-link" onClick={(e) => onLinkClick(e)}>
        {t('site.name')}
      </a>
      <a href="/" onClick={(e) => onLinkClick(e)}>
        {t('site.nav.myMatches')}
      </a>
      <a href="/ratings" onClick={(e) => onLinkClick(e)}>
        {t('site.nav.ratings')}
      </a>
      {session.kind === 'in' && <NextWaiting key={`${matchId}:${myTurn}`} here={matchId} />}
      <span class="account-nav">
        {session.kind === 'out' && (
          <a href="/signin" onClick={(e) => onLinkClick(e)}>
            {t('site.signIn')}
          </a>
        )}
        {session.kind === 'in' && (
          <>
            <a href="/account" class="account-who" onClick={(e) => onLinkClick(e)} title={t('site.account.title')}>
              <span translate={false}>{session.player.address}</span>
            </a>
            <button type="button" class="link-like" onClick={() => void signOut().then(() => navigate('/'))}>
              {t('site.signOut')}
            </button>
          </>
        )}
      </span>
      <LanguageSwitch />
    </nav>
  );
}

/**
 * One click to the match that has waited longest for my move; says so when nothing waits. On that
 * match's own page the same words stay, marked as the page one is on: one wording everywhere.
 */
function NextWaiting({ here }: { here: string | undefined }) {
  const [next, setNext] = useState<NextMatch | null | undefined>(undefined);
  const [waiting, setWaiting] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    nextWaiting().then(
      (n) => {
        if (!live) return;
        setNext(n.next);
        setWaiting(n.waiting);
        showWaiting(n.waiting);
      },
      (e) => live && setError(e instanceof ApiFailure ? e.message : t('site.unreachable')),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <span class="next-waiting muted">{error}</span>;
  if (next === undefined) return null;
  if (!next) return <span class="next-waiting muted">{t('site.next.none')}</span>;
  const words = (
    <>
      {t('site.next.button')}
      <span class="next-game"> {t('site.next.game', { game: gameName(next.game.id, next.game.name) })}</span>
      {waiting > 1 && <span class="next-count"> {t('site.next.count', { count: waiting })}</span>}
    </>
  );
  if (next.matchId === here)
    return (
      <span class="next-waiting muted" aria-current="page">
        {words}
      </span>
    );
  return (
    <button
      type="button"
      class="next-waiting primary"
      onClick={() => {
        holdSeat(next);
        navigate(`/m/${next.matchId}`);
      }}
    >
      {words}
    </button>
  );
}

/**
 * English / Nederlands, each name in its own language (so a reader of either finds theirs), marked
 * `translate="no"` (Preact's `translate={false}`) as the address is: not words of the catalog. The
 * shown one is pressed. A press loads that catalog, keeps the choice and draws the page again.
 */
function LanguageSwitch() {
  const shown = useLang();
  return (
    <span class="lang-switch" role="group" aria-label={t('site.lang.label')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          class="link-like"
          lang={lang}
          translate={false}
          aria-pressed={shown === lang}
          onClick={() => void chooseLang(lang).then(() => keepLang(lang))}
        >
          {LANG_NAMES[lang]}
        </button>
      ))}
    </span>
  );
}
