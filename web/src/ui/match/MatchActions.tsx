/**
 * What a seat can do beside the board: ask for or join the rematch once the match is over, hand the
 * match on (invite, watch and seat links, kept in this browser), and resign while it is on.
 */
import { useState } from 'preact/hooks';
import { t } from '../../i18n.js';
import * as store from '../../storage.js';
import type { Match } from '../../types.js';
import { ConfirmButton } from '../Confirm.js';
import { SharePanel, type ShareLinks } from '../SharePanel.js';

export function RematchOffer({ match, busy, onRematch }: { match: Match; busy: boolean; onRematch: () => void }) {
  return (
    <div class="zone rematch">
      <p>{match.rematchId ? t('match.rematch.asked') : t('match.rematch.offer')}</p>
      <button type="button" class="primary" disabled={busy} onClick={onRematch}>
        {match.rematchId ? t('match.rematch.join') : t('match.rematch.ask')}
      </button>
    </div>
  );
}

/** The share panel with the links this browser holds for the seat; new links are stored with the seat. */
export function ShareZone({ match, seat, token }: { match: Match; seat: number; token: string }) {
  const matchId = match.matchId;
  const [links, setLinks] = useState<ShareLinks>(() => {
    const stored = store.findSeat(matchId, seat);
    return {
      ...(stored?.invites ? { invites: stored.invites } : {}),
      ...(stored?.spectatorUrl ? { spectatorUrl: stored.spectatorUrl } : {}),
    };
  });
  return (
    <SharePanel
      match={match}
      seat={seat}
      token={token}
      links={links}
      onLinks={(l) => {
        setLinks(l);
        store.saveSeat({
          matchId,
          seat,
          ...(l.invites ? { invites: l.invites } : {}),
          ...(l.spectatorUrl ? { spectatorUrl: l.spectatorUrl } : {}),
        });
      }}
    />
  );
}

export function ResignZone({ busy, onResign }: { busy: boolean; onResign: () => Promise<void> }) {
  return (
    <div class="zone danger-zone">
      <ConfirmButton
        label={t('match.resign.label')}
        question={t('match.resign.question')}
        confirmLabel={t('match.resign.confirm')}
        cancelLabel={t('match.resign.cancel')}
        danger
        disabled={busy}
        onConfirm={onResign}
      />
    </div>
  );
}
