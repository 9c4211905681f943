/** The daily digest's mail, in plain text and HTML: one line per match waiting, longest waiting first. */
import { escapeHtml } from '../notify/compose.js';

export interface DigestLine {
  matchId: string;
  gameName: string;
  opponents: string[];
  waitingSince: number;
  /** Opens the match page; a signed-in page opens the claimed seat from there. */
  url: string;
}

/** At most this many matches are listed in one mail; the rest are counted ("and 3 more"). */
export const DIGEST_MAX_LISTED = 20;

export function waited(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const against = (l: DigestLine) => (l.opponents.length ? `against ${l.opponents.join(', ')}` : 'on your own');

export function digestMail(lines: DigestLine[], now: number, opts: { siteName: string; matchesUrl: string; unsubscribeUrl: string }) {
  const shown = lines.slice(0, DIGEST_MAX_LISTED);
  const more = lines.length - shown.length;
  const count = lines.length === 1 ? 'One match is' : `${lines.length} matches are`;
  const intro = `${count} waiting for your move on ${opts.siteName}:`;
  const moreLine = more > 0 ? `…and ${more} more; all are on your matches page: ${opts.matchesUrl}` : '';
  const why = 'You get at most one mail like this a day because you chose a daily summary; change it on your matches page.';
  const stop = `To receive no mail at all from ${opts.siteName}:`;
  const text = [
    intro,
    '',
    ...shown.flatMap((l) => [`- ${l.gameName} ${against(l)}, waiting ${waited(now - l.waitingSince)}`, `  ${l.url}`]),
    ...(moreLine ? ['', moreLine] : []),
    '',
    why,
    '',
    stop,
    opts.unsubscribeUrl,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p><ul>`,
    ...shown.map(
      (l) =>
        `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.gameName)}</a> ${escapeHtml(against(l))}, waiting ${escapeHtml(waited(now - l.waitingSince))}</li>`,
    ),
    '</ul>',
    more > 0 ? `<p>…and ${more} more on <a href="${escapeHtml(opts.matchesUrl)}">your matches page</a>.</p>` : '',
    `<p>${escapeHtml(why)}</p>`,
    `<p>${escapeHtml(stop)} <a href="${escapeHtml(opts.unsubscribeUrl)}">stop all mail</a></p>`,
  ].join('');
  const subject = lines.length === 1 ? `Your move in ${shown[0]!.gameName}` : `${lines.length} matches wait for your move`;
  return { subject, text, html };
}
