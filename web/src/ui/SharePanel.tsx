/**
 * Handing the match on: invite links for the open seats, the watch link, and one's own seat link
 * for continuing on another device.
 */
import { useState } from 'preact/hooks';
import { ApiFailure, api, idempotencyKey } from '../api.js';
import { openSeats } from '../bots.js';
import { seatLink } from '../fragment.js';
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
      setError(e instanceof ApiFailure ? e.message : 'The server could not be reached; try again.');
    }
  };

  return (
    <details class="zone share" open={match.status === 'open'}>
      <summary>
        <h2>Invite and share</h2>
      </summary>
      {open.length > 0 && (
        <div class="share-block">
          <p>
            Send {open.length === 1 ? 'this link' : 'these links'} to the {open.length === 1 ? 'player' : 'players'} you want to play with.
            Each link works once: whoever opens it picks a name and takes the seat.
          </p>
          {open.map((s) => {
            const invite = links.invites?.find((i) => i.seat === s.seat);
            return invite ? (
              <CopyLink
                key={s.seat}
                id={`invite-${s.seat}`}
                label={open.length === 1 ? 'Invite link' : `Invite link for seat ${s.seat + 1}`}
                url={invite.url}
                shareText={`Join my match of ${match.game.name}`}
              />
            ) : null;
          })}
        </div>
      )}
      {links.spectatorUrl && (
        <CopyLink
          id="watch"
          label="Watch link (follow the match without playing)"
          url={links.spectatorUrl}
          shareText={`Watch a match of ${match.game.name}`}
        />
      )}
      {(missing || !links.spectatorUrl) && (
        <div class="share-block">
          <p>{missing ? 'The invite links are not stored in this browser.' : 'The watch link is not stored in this browser.'}</p>
          <ConfirmButton
            label="Make new links"
            question="New invite and watch links replace the old ones, which stop working. Go ahead?"
            confirmLabel="Make new links"
            onConfirm={renew}
          />
        </div>
      )}
      <div class="share-block">
        <h3>Continue on another device</h3>
        <p>
          This link opens your seat ({seatName(match.seats, seat)}) in any browser. Anyone who has it can play as you, so keep it to
          yourself.
        </p>
        <CopyLink
          id="own-seat"
          label="Your seat link"
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
