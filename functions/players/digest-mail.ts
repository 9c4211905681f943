/**
 * The daily digest's mail, in plain text and HTML: one line per match waiting, longest waiting first,
 * in the player's language (PlayerRecord.lang).
 */
import * as format from '#shared/i18n/format.js';
import { type Lang, t } from '../i18n.js';
import { html, joinHtml } from '../notify/html.js';

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

export function waited(ms: number, lang: Lang = 'en'): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return t(lang, 'mail.digest.underHour');
  if (hours < 48) return t(lang, 'mail.digest.hours', { hours });
  return t(lang, 'mail.digest.days', { days: Math.floor(hours / 24) });
}

const against = (l: DigestLine, lang: Lang) =>
  l.opponents.length ? t(lang, 'mail.digest.against', { names: format.list(lang, l.opponents) }) : t(lang, 'mail.digest.alone');

export function digestMail(
  lines: DigestLine[],
  now: number,
  opts: { siteName: string; matchesUrl: string; unsubscribeUrl: string; lang?: Lang },
) {
  const lang = opts.lang ?? 'en';
  const site = opts.siteName;
  const shown = lines.slice(0, DIGEST_MAX_LISTED);
  const more = lines.length - shown.length;
  const intro = t(lang, 'mail.digest.intro', { count: lines.length, site });
  const moreLine = more > 0 ? t(lang, 'mail.digest.more', { count: more, url: opts.matchesUrl }) : '';
  const why = t(lang, 'mail.digest.why');
  const stop = t(lang, 'mail.noMail', { site });
  const waiting = (l: DigestLine) => waited(now - l.waitingSince, lang);
  const text = [
    intro,
    '',
    ...shown.flatMap((l) => [
      `- ${t(lang, 'mail.digest.line', { game: l.gameName, against: against(l, lang), waited: waiting(l) })}`,
      `  ${l.url}`,
    ]),
    ...(moreLine ? ['', moreLine] : []),
    '',
    why,
    '',
    stop,
    opts.unsubscribeUrl,
  ].join('\n');
  const page = t(lang, 'mail.digest.matchesPage');
  const body = joinHtml([
    html`<p>${intro}</p><ul>`,
    ...shown.map(
      (l) =>
        html`<li><a href="${l.url}">${l.gameName}</a> ${against(l, lang)}, ${t(lang, 'mail.digest.waiting', { waited: waiting(l) })}</li>`,
    ),
    html`</ul>`,
    more > 0 ? html`<p>${t(lang, 'mail.digest.moreHtml', { count: more })} <a href="${opts.matchesUrl}">${page}</a>.</p>` : html``,
    html`<p>${why}</p>`,
    html`<p>${stop} <a href="${opts.unsubscribeUrl}">${t(lang, 'mail.noMailLink')}</a></p>`,
  ]);
  const subject =
    lines.length === 1
      ? t(lang, 'mail.digest.subjectOne', { game: shown[0]!.gameName })
      : t(lang, 'mail.digest.subjectMany', { count: lines.length });
  return { subject, text, html: body.toString() };
}
