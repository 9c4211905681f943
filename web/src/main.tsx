/**
 * Entry point. First of all, a secret in the address (a seat, invite or watch link) is moved into
 * storage and the address bar is cleaned, before anything else can show or record it. Then the
 * match (if this is a match page) and its game's board are requested while the page is being drawn,
 * and so is the catalog of the page's language (web/src/i18n.ts); the page is drawn once both are here.
 * On a cold load the first script (web/src/first.ts) has usually sent that read and asked for the board
 * and the catalog already, before this script and its chunks were here: early-read.ts takes its answer.
 */
import './styles.css';
import { render } from 'preact';
import { startEarlyRead } from './early-read.js';
import { absorbFragment, matchIdOf } from './fragment.js';
import { startLanguage, useLang, warmFormats } from './i18n.js';
import { App } from './ui/App.js';

// The query (`?lang=en-XA`) is read before the address bar is cleaned (which drops it with the secret).
const asked = { search: location.search };
absorbFragment(location, history);
const matchId = matchIdOf(location.pathname);
const board = matchId ? startEarlyRead(matchId) : null;
const language = startLanguage(asked);
// While the read and the catalog are on their way (a task of its own, after this one has sent them).
if (matchId) setTimeout(warmFormats, 0);
/** Draws the whole page again when the player picks another language (no reload, nothing lost). */
function Root() {
  useLang();
  return <App />;
}
function draw() {
  const root = document.getElementById('app')!;
  root.textContent = '';
  render(<Root />, root);
}
// A returning player's match is drawn from the kept state as soon as its board module is here
// (from the cache, a few milliseconds): one complete first render, not "loading" and then the page.
// Should the module or the catalog be slow to come, the page is drawn anyway after a second (it shows
// "loading"; a catalog that comes later draws the page again in its language).
const settled = Promise.all([board?.catch(() => undefined), language.catch(() => undefined)]);
const start = () => Promise.race([settled, new Promise((r) => setTimeout(r, 1000))]).then(draw, draw);
// The script is async (web/build.ts): the document may, in principle, still be arriving.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
