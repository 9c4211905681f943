/**
 * The seat's language follows the switcher: when the player shown a match chooses another language,
 * the seat's notification settings take it (`PATCH …/notifications {lang}`), so its mails and push
 * texts speak it from then on. Only a change made on the page counts (the seat got the page's
 * language when it was created or joined); the pseudo-locale is no language to mail in.
 */
import { useEffect, useRef } from 'preact/hooks';
import { LANGS, type Lang } from '#shared/i18n/index.js';
import { api } from '../../api.js';
import { useLang } from '../../i18n.js';
import type { Credentials } from '../../types.js';

export function useSeatLang(matchId: string, creds: Credentials): void {
  const lang = useLang();
  const before = useRef(lang);
  useEffect(() => {
    if (before.current === lang) return;
    before.current = lang;
    if (creds.kind !== 'seat' || !(LANGS as readonly string[]).includes(lang)) return;
    const path = `/api/matches/${encodeURIComponent(matchId)}/seats/${creds.seat}/notifications`;
    // Best effort: a failure leaves the mails in the seat's earlier language, nothing on the page to fix.
    api.call('PATCH', path, { auth: creds.token, body: { lang: lang as Lang } }).catch(() => {});
  }, [lang]);
}
