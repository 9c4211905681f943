/**
 * Entry point. First of all, a secret in the address (a seat, invite or watch link) is moved into
 * storage and the address bar is cleaned, before anything else can show or record it.
 */
import './styles.css';
import { render } from 'preact';
import { absorbFragment } from './fragment.js';
import { App } from './ui/App.js';

absorbFragment(location, history);
const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
