/**
 * Handing the match on: invite links for the open seats, the watch link, and one's own seat link
 * for continuing on another device.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, api, idempotencyKey } from '../api.js';
import { againstComputersOnly, openSeats } from '../bots.js';
import { seatLink } from '../fragment.js';
import { gameName, t } from '../i18n.js';
import { seatName } from '../text.js';
import type { Match } from '../types.js';
import { ConfirmButton } from './Confirm.js';
import { CopyLink } from './CopyLink.js';

export interface ShareLinks {
  invites?: { seat: number; url: string }[];
  spectatorUrl?: string;
}

export function SharePanel({
  match,
  seat,
  token,
  links,
  onLinks,
}: {
  match: Match;
  seat: number;
  token: string;
  links: ShareLinks;
  onLinks: (links: ShareLinks) => void;
}) {
  const [error, setError] = useState('');
  // Seats a friend can still take: never a computer player's.
  const open = openSeats(match.seats);
  const missing = open.some((s) => !links.invites?.some((i) => i.seat === s.seat));
  const renew = async () => {
    setError('');
    try {
      onLinks(await api.links(match.matchId, seat, token, idempotencyKey()));
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : t('create.unreachable'));
    }
  };
  const game = gameName(match.game.id, match.game.name);
  // Against computers only there is nobody to invite: a watch link and one's own seat link remain.
  const solo = againstComputersOnly(match.seats);

  return (
    <details class="zone share" open={match.status === 'open'}>
      <summary>
        <h2>{t(solo ? 'match.share.titleSolo' : 'match.share.title')}</h2>
      </summary>
      {open.length > 0 && (
        <div class="share-block">
          <p>{t('match.share.send', { count: open.length })}</p>
          {open.map((s) => {
            const invite = links.invites?.find((i) => i.seat === s.seat);
            return invite ? (
              <CopyLink
                key={s.seat}
                id={`invite-${s.seat}`}
                label={open.length === 1 ? t('match.share.invite') : t('match.share.inviteFor', { n: s.seat + 1 })}
                url={invite.url}
                shareText={t('match.share.inviteText', { game })}
              />
            ) : null;
          })}
        </div>
      )}
      {links.spectatorUrl && (
        <CopyLink id="watch" label={t('match.share.watch')} url={links.spectatorUrl} shareText={t('match.share.watchText', { game })} />
      )}
      {(missing || !links.spectatorUrl) && (
        <div class="share-block">
          <p>{missing ? t('match.share.invitesMissing') : t('match.share.watchMissing')}</p>
          <ConfirmButton
            label={t('match.share.renew')}
            question={t(solo ? 'match.share.renewWatchQuestion' : 'match.share.renewQuestion')}
            confirmLabel={t('match.share.renew')}
            onConfirm={renew}
          />
        </div>
      )}
      <div class="share-block">
        <h3>{t('match.share.device')}</h3>
        <p>{t('match.share.deviceText', { name: seatName(match.seats, seat) })}</p>
        <CopyLink
          id="own-seat"
          label={t('match.share.seatLink')}
          url={seatLink(location.origin, match.matchId, seat, token, match.game.id)}
          concealed
        />
      </div>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}
