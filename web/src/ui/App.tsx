/** Picks the page for the address: home, a match, the player's own pages, or "not found". */
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { matchIdOf } from '../fragment.js';
import { loadPanels, t, useLang } from '../i18n.js';
import { MatchPage } from './MatchPage.js';
import { onLinkClick, usePath } from './router.js';
import { SiteBar } from './SiteBar.js';

export function App() {
  const path = usePath();
  if (path === '/' || path === '/index.html') return <LazyRoute key="home" load={loadHome} />;
  const id = matchIdOf(path);
  if (id) return <MatchPage key={id} matchId={id} />;
  const account = ACCOUNT_PAGES[path];
  if (account) return <LazyRoute key={path} load={account} />;
  if (/^\/players\/[^/]+\/?$/.test(path)) return <LazyRoute key={path} load={loadPlayerPage} />;
  return <NotFound />;
}

function NotFound() {
  const lang = useLang();
  useEffect(() => {
    document.title = t('site.notFound.title');
  }, [lang]);
  return (
    <main class="page">
      <SiteBar />
      <h1>{t('site.notFound.title')}</h1>
      <p>
        {t('site.notFound.text')}{' '}
        <a href="/" onClick={(e) => onLinkClick(e)}>
          {t('site.notFound.link')}
        </a>
      </p>
    </main>
  );
}

type PageLoader = () => Promise<FunctionComponent>;

/**
 * The home page (with its create form) and the sign-in and account pages come in chunks of their own:
 * the match page, the one a player opens most, never downloads them.
 */
const loadHome: PageLoader = () => import('./Home.js').then((m) => m.Home);
const loadAccount =
  (name: 'SignInPage' | 'AccountPage'): PageLoader =>
  () =>
    Promise.all([import('./account/AccountPages.js'), loadPanels()]).then(([m]) => m[name]);
const loadLeaderboards: PageLoader = () =>
  Promise.all([import('./ratings/Leaderboards.js'), loadPanels()]).then(([m]) => m.LeaderboardsPage);
const loadLobby: PageLoader = () => Promise.all([import('./LobbyPage.js'), loadPanels()]).then(([m]) => m.LobbyPage);
const ACCOUNT_PAGES: Partial<Record<string, PageLoader>> = {
  '/signin': loadAccount('SignInPage'),
  '/account': loadAccount('AccountPage'),
  '/ratings': loadLeaderboards,
  '/lobby': loadLobby,
};
/** A player's page, `/players/<name>`, with the account pages' words. */
const loadPlayerPage: PageLoader = () => Promise.all([import('./account/PlayerPage.js'), loadPanels()]).then(([m]) => m.PlayerPage);

function LazyRoute({ load }: { load: PageLoader }) {
  const [Page, setPage] = useState<FunctionComponent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    load().then(
      (page) => setPage(() => page),
      () => setFailed(true),
    );
  }, [load]);
  if (Page) return <Page />;
  return (
    <main class="page" aria-busy={!failed}>
      <SiteBar />
      <p class={failed ? 'notice error' : 'loading'}>{failed ? t('site.pageFailed') : t('site.loading')}</p>
    </main>
  );
}
