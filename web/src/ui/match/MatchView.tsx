/**
 * One open match, for a seat or a watcher, laid out as a table: in the middle the header with the turn
 * line, the result, the rematch, a computer standing in for this seat, and the board with the player's own
 * cards and actions; beside it (below it on a phone, one link away) the seats, the log and the table chat
 * (not against computers only), and the menu of what is rarely needed (MatchMenu.tsx). `useMatch` holds
 * the state and talks to the server; this only lays the page out.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { ChangedContext } from '../../games/changed.js';
import { againstComputersOnly } from '../../bots.js';
import { t } from '../../i18n.js';
import type { Credentials } from '../../types.js';
import { LogPanel } from '../LogPanel.js';
import { SiteBar } from '../SiteBar.js';
import { MatchHeader, Seats } from './MatchHeader.js';
import { MatchMenu } from './MatchMenu.js';
import { ChatPanel, OutcomePanel, RematchOffer, ShareZone, StandInNotice, UndoControls } from './parts.js';
import { ReplayOffer, SinceBar, useReplayOpen, useSince } from './ReplayBar.js';
import { useSeatLang } from './seatLang.js';
import { useTurnTone } from './tone.js';
import { useMatch } from './useMatch.js';

export function MatchView({ matchId, creds }: { matchId: string; creds: Credentials }) {
  const m = useMatch(matchId, creds);
  const { match, ui, busy } = m;
  const since = useSince(matchId, creds, match, ui, m.log, m.seenUpTo, m.olderDone);
  const replay = useReplayOpen();
  useSeatLang(matchId, creds);
  useTurnTone(m.myTurn);
  const rest = useRestAfterFirstPaint(!!match && !!ui);
  if (m.fatal) {
    return (
      <main class="page">
        <SiteBar matchId={matchId} />
        <h1>{t('match.fatal.title')}</h1>
        <p role="alert">{m.fatal}</p>
      </main>
    );
  }
  if (!match || !ui) {
    return (
      <main class="page" aria-busy="true">
        <SiteBar matchId={matchId} />
        <p class="loading">{m.offline ? t('match.offline.retrying') : t('match.loading')}</p>
      </main>
    );
  }

  const Board = ui.Board;
  const you = creds.kind === 'seat' ? creds.seat : null;
  const mine = you !== null ? match.seats[you] : undefined;
  return (
    <main
      class="page match"
      data-status={match.status}
      data-version={match.version}
      data-my-turn={m.myTurn ? 'true' : 'false'}
      data-busy={busy ? 'true' : 'false'}
      data-game={match.game.id}
      data-drawn={rest ? 'all' : 'first'}
    >
      <SiteBar matchId={matchId} myTurn={m.myTurn} />
      <div class="table">
        <div class="table-main">
          <MatchHeader match={match} ui={ui} creds={creds} myTurn={m.myTurn} announce={m.announce} />
          <a class="to-side" href="#table-side">
            {t('match.side.skip')}
          </a>
          {m.notice && (
            <div class="notice error" role="alert">
              <p>{m.notice}</p>
              <button type="button" onClick={m.dismissNotice}>
                {t('match.notice.dismiss')}
              </button>
            </div>
          )}
          {m.offline && <p class="notice">{t('match.offline.notice')}</p>}
          {mine?.bot?.standIn && match.status === 'active' && <StandInNotice bot={mine.bot} busy={busy} onTakeBack={m.takeBack} />}
          {match.status === 'over' && (
            <>
              <OutcomePanel match={match} Details={ui.Outcome} />
              {creds.kind === 'seat' && <RematchOffer match={match} busy={busy} onRematch={m.rematch} />}
            </>
          )}
          {replay.failure && (
            <p class="notice error" role="alert">
              {replay.failure}
            </p>
          )}
          {!replay.open && since.count > 0 && m.seenUpTo !== null && (
            <SinceBar since={since.since} onStep={() => void replay.start('since', m.seenUpTo!, match.version)} />
          )}
          {!replay.open && match.status === 'over' && <ReplayOffer onReplay={() => void replay.start('full', 1)} />}
          {rest && creds.kind === 'seat' && match.status === 'open' && <ShareZone match={match} seat={creds.seat} token={creds.token} />}
          {replay.open ? (
            <replay.open.Viewer {...replay.open} matchId={matchId} creds={creds} match={match} ui={ui} onClose={replay.close} />
          ) : match.status === 'open' ? (
            <p class="zone note">{t('match.startsWhenFull')}</p>
          ) : (
            <ChangedContext.Provider value={since.changes}>
              <Board match={match} submit={m.submit} busy={busy} />
            </ChangedContext.Provider>
          )}
          {rest && mine && <UndoControls match={match} busy={busy} onUndo={m.undo} />}
        </div>
        <aside class="table-side" id="table-side" tabIndex={-1} aria-label={t('match.side.label')}>
          <Seats match={match} creds={creds} now={m.now} />
          {rest && <Side {...{ creds, m, you, mine }} />}
        </aside>
      </div>
    </main>
  );
}

/**
 * The match's first paint is its head (the turn line) and the board: the rest of the page is drawn in a task
 * after the next frame, i.e. once the browser has painted them (at once in a hidden tab, which paints nothing;
 * after a second should frames not come). On a cold load that rest (the log with its times, the options, chat,
 * sharing, notices: about half the page's elements, several of them lazy parts) had its script, style and
 * layout paid before anything of the match was shown. Not preact's effect timing: it gives up waiting for the
 * frame after 35 ms, which a busy machine often takes. Once shown, it stays.
 */
function useRestAfterFirstPaint(drawn: boolean): boolean {
  const [rest, setRest] = useState(false);
  useLayoutEffect(() => {
    if (!drawn || rest) return;
    if (document.visibilityState === 'hidden') {
      setRest(true);
      return;
    }
    let after: ReturnType<typeof setTimeout> | undefined;
    const painted = () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      after = setTimeout(() => setRest(true));
    };
    const fallback = setTimeout(painted, 1000);
    const frame = requestAnimationFrame(painted);
    return () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      clearTimeout(after);
    };
  }, [drawn, rest]);
  return rest;
}

/**
 * The side column after the first paint: the table chat (not against computers only) and the log, each
 * scrolling on its own on a wide screen, then the menu of what is rarely needed.
 */
function Side({
  creds,
  m,
  you,
  mine,
}: {
  creds: Credentials;
  m: ReturnType<typeof useMatch>;
  you: number | null;
  mine: NonNullable<ReturnType<typeof useMatch>['match']>['seats'][number] | undefined;
}) {
  const { match } = m;
  if (!match) return null;
  return (
    <>
      <LogPanel log={m.log} seats={match.seats} you={you} seenUpTo={m.seenUpTo} now={m.now} onOlder={m.loadOlder} olderDone={m.olderDone} />
      {/* Against computers only there is nobody at the table to talk to, in play or after the end. */}
      {match.status !== 'open' && !againstComputersOnly(match.seats) && (
        <ChatPanel match={match} creds={creds} now={m.now} onChanged={m.pollNow} />
      )}
      <MatchMenu creds={creds} m={m} mine={mine} />
    </>
  );
}
