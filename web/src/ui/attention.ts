/** The tab's title and icon say when it is this player's move, even from another tab. */
import { t } from '../i18n.js';

export const TURN_ICON = '/favicon-turn.svg';
export const PLAIN_ICON = '/favicon.svg';

export function showAttention(myTurn: boolean, title: string, doc: Document = document): void {
  const wanted = myTurn ? t('site.title.yourMove', { title }) : title;
  if (doc.title !== wanted) doc.title = wanted;
  const icon = doc.querySelector('link[rel="icon"]');
  const href = myTurn ? TURN_ICON : PLAIN_ICON;
  if (icon && icon.getAttribute('href') !== href) icon.setAttribute('href', href);
}
