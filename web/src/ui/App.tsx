/** Picks the page for the address: home, a match, or "not found". */
import { matchIdOf } from '../fragment.js';
import { Home } from './Home.js';
import { MatchPage } from './MatchPage.js';
import { onLinkClick, usePath } from './router.js';

export function App() {
  const path = usePath();
  if (path === '/' || path === '/index.html') return <Home />;
  const id = matchIdOf(path);
  if (id) return <MatchPage key={id} matchId={id} />;
  return (
    <main class="page">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address.{' '}
        <a href="/" onClick={(e) => onLinkClick(e)}>
          Go to the start page.
        </a>
      </p>
    </main>
  );
}
