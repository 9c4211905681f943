/** The way back from a match page: the site's name and the list of this browser's matches. */
import { onLinkClick } from './router.js';

export function SiteBar() {
  return (
    <nav class="sitebar" aria-label="Site">
      <a href="/" class="home-link" onClick={(e) => onLinkClick(e)}>
        Dutch
      </a>
      <a href="/" onClick={(e) => onLinkClick(e)}>
        My matches
      </a>
    </nav>
  );
}
