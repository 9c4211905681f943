/**
 * The match page, `/m/<id>`: opens the match with what this browser holds for it — a seat or a watch
 * link (`match/MatchView.tsx`), an invite to answer (`match/JoinForm.tsx`) — or says that it holds none.
 */
import { useEffect, useState } from 'preact/hooks';
import { holdSeat, loadSession, myMatches } from '../player.js';
import { type Access, accessFor } from '../access.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';
import { JoinForm } from './match/parts.js';
import { MatchView } from './match/MatchView.js';
import { SiteBar } from './SiteBar.js';

export function MatchPage({ matchId }: { matchId: string }) {
  // App keys this page by match id, so the access is worked out once per match.
  const [access, setAccess] = useState<Access>(() => accessFor(matchId));
  // No link here, but a signed-in player may hold the seat in their record: open it from there.
  useEffect(() => {
    if (access.kind !== 'none') return;
    let live = true;
    void loadSession()
      .then((s) => (s.kind === 'in' ? myMatches() : []))
      .then((list) => {
        const mine = list.find((x) => x.matchId === matchId);
        if (mine && live) {
          holdSeat(mine);
          setAccess(accessFor(matchId));
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [access.kind]);

  if (access.kind === 'invite') {
    return (
      <JoinForm
        matchId={matchId}
        secret={access.secret}
        onJoined={(seat, token) => setAccess({ kind: 'seat', seat, token })}
        onDismiss={() => {
          store.clearPendingInvite(matchId);
          setAccess(accessFor(matchId));
        }}
      />
    );
  }
  if (access.kind === 'none') {
    return (
      <main class="page">
        <SiteBar matchId={matchId} />
        <h1>{t('match.noLink.title')}</h1>
        <p>{t('match.noLink.text')}</p>
      </main>
    );
  }
  return <MatchView key={`${matchId}:${access.kind === 'seat' ? access.seat : 'watch'}`} matchId={matchId} creds={access} />;
}
