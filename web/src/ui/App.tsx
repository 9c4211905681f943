/** Picks the page for the address: home, a match, the player's own pages, or "not found". */
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { matchIdOf } from '../fragment.js';
import { loadPanels, t, useLang } from '../i18n.js';
import { Home } from './Home.js';
import { MatchPage } from './MatchPage.js';
import { onLinkClick, usePath } from './router.js';
import { SiteBar } from './SiteBar.js';

const ACCOUNT_PAGES = { '/signin': 'SignInPage', '/account': 'AccountPage' } as const;

export function App() {
  const path = usePath();
  if (path === '/' || path === '/index.html') return <Home />;
  const id = matchIdOf(path);
  if (id) return <MatchPage key={id} matchId={id} />;
  if (path in ACCOUNT_PAGES) return <AccountRoute key={path} name={ACCOUNT_PAGES[path as keyof typeof ACCOUNT_PAGES]} />;
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

/** The sign-in and account pages come in their own chunk: the match page never downloads them. */
function AccountRoute({ name }: { name: 'SignInPage' | 'AccountPage' }) {
  const [Page, setPage] = useState<FunctionComponent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    Promise.all([import('./account/AccountPages.js'), loadPanels()]).then(
      ([m]) => setPage(() => m[name]),
      () => setFailed(true),
    );
  }, [name]);
  if (Page) return <Page />;
  return (
    <main class="page" aria-busy={!failed}>
      <SiteBar />
      <p class={failed ? 'notice error' : 'loading'}>{failed ? t('site.pageFailed') : t('site.loading')}</p>
    </main>
  );
}
