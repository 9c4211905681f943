/**
 * What a seat rarely needs, out of the way in one menu at the foot of the table's side column (a native
 * <details>: a button for the keyboard and screen readers, open and closed with Enter or Space): inviting and
 * sharing, notifications, the match's options, the turn tone, standing in while away, resigning.
 * While the match waits for players, sharing is not rare: MatchView shows it above the board instead.
 */
import { useState } from 'preact/hooks';
import { t } from '../../i18n.js';
import * as store from '../../storage.js';
import type { Credentials, Match } from '../../types.js';
import { MatchOptions, NotifyZone } from '../MatchTiming.js';
import { AwayZone, ResignZone, ShareZone } from './parts.js';
import { playTurnTone } from './tone.js';
import type { useMatch } from './useMatch.js';

export function MatchMenu({
  creds,
  m,
  mine,
}: {
  creds: Credentials;
  m: ReturnType<typeof useMatch>;
  mine: Match['seats'][number] | undefined;
}) {
  const { match, busy } = m;
  if (!match) return null;
  const you = creds.kind === 'seat' ? creds.seat : null;
  return (
    <details class="zone match-menu">
      <summary>
        <h2>{t('match.menu.title')}</h2> <span class="hint">{t('match.menu.hint')}</span>
      </summary>
      {creds.kind === 'seat' && match.status !== 'open' && <ShareZone match={match} seat={creds.seat} token={creds.token} />}
      {creds.kind === 'seat' && match.status !== 'over' && (
        <NotifyZone match={match} seat={creds.seat} token={creds.token} onMatchChanged={m.pollNow} />
      )}
      <MatchOptions match={match} you={you} now={m.now} />
      {creds.kind === 'seat' && match.status !== 'over' && <ToneSetting />}
      {mine && !mine.bot && match.status === 'active' && <AwayZone busy={busy} onStandIn={m.standIn} />}
      {creds.kind === 'seat' && match.status === 'active' && <ResignZone busy={busy} onResign={m.resign} />}
    </details>
  );
}

/** The turn tone, off by default; switching it on plays it once, so the player hears what it will be. */
function ToneSetting() {
  const [on, setOn] = useState(store.turnTone);
  return (
    <p class="check tone-setting">
      <input
        type="checkbox"
        id="turn-tone"
        checked={on}
        onChange={(e) => {
          const next = (e.currentTarget as HTMLInputElement).checked;
          store.saveTurnTone(next);
          setOn(next);
          if (next) playTurnTone();
        }}
      />{' '}
      <label for="turn-tone">{t('match.menu.tone')}</label>
    </p>
  );
}
