/**
 * Entry point. First of all, a secret in the address (a seat, invite or watch link) is moved into
 * storage and the address bar is cleaned, before anything else can show or record it. Then the
 * match (if this is a match page) is requested while the page is being drawn.
 */
import './styles.css';
import { render } from 'preact';
import { startEarlyRead } from './access.js';
import { absorbFragment, matchIdOf } from './fragment.js';
import { App } from './ui/App.js';

absorbFragment(location, history);
const matchId = matchIdOf(location.pathname);
if (matchId) startEarlyRead(matchId);
const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
