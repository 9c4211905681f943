/**
 * The match page's doors into a replay (the replay itself, ./Replay.tsx, is downloaded when first
 * opened): "N moves since you last looked — step through" for a returning player, and "Replay" on a
 * finished match. `useSince` also works out what changed on the board since the view last seen: the
 * game's `changed(before, now)` keys, which the board marks (web/src/games/changed.tsx).
 */
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api } from '../../api.js';
import type { Changes } from '../../games/changed.js';
import type { GameUi } from '../../games/types.js';
import { loadPanels, t } from '../../i18n.js';
import type { Credentials, LogRecord, Match } from '../../types.js';
import type { ReplayProps } from './Replay.js';
import { countSince, type ExactSince, type SinceCount, sinceWords } from './since.js';

const NO_CHANGES: Changes = { keys: new Set(), words: '' };

/**
 * What came since `seenUpTo` from the others: how many changes (./since.ts), and the board's changes
 * since that view. The one replay read (of the view last seen) also brings the exact count for a gap
 * longer than the log page.
 */
export function useSince(
  matchId: string,
  creds: Credentials,
  match: Match | null,
  ui: GameUi | undefined,
  log: LogRecord[],
  seenUpTo: number | null,
  olderDone = false,
) {
  const you = creds.kind === 'seat' ? creds.seat : null;
  const [exact, setExact] = useState<ExactSince | null>(null);
  const since: SinceCount = countSince(log, seenUpTo, you, olderDone, exact);
  const count = since.count;
  const wanted = count > 0 || since.atLeast;
  // The version the page opened at: the highlight compares the view last seen with this one only.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [before, setBefore] = useState<{ version: number; view: unknown } | null>(null);
  useEffect(() => {
    if (!match || !wanted || seenUpTo === null || before?.version === seenUpTo) return;
    setOpenedAt(match.version);
    let live = true;
    api
      .replay(matchId, creds, { from: seenUpTo, to: seenUpTo })
      .then((p) => {
        if (!live) return;
        setExact({ from: seenUpTo, version: p.version, since: p.since });
        if (p.steps[0]) setBefore({ version: seenUpTo, view: p.steps[0].view });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [matchId, seenUpTo, wanted, match === null]);
  const changes = useMemo<Changes>(() => {
    if (!match || !before || !ui?.changed || match.version !== openedAt) return NO_CHANGES;
    return { keys: new Set(ui.changed(before.view, match.view)), words: t('match.since.changed') };
  }, [match, before, ui, openedAt]);
  return { count, since, changes };
}

type Viewer = ComponentType<ReplayProps>;
let loaded: Viewer | null = null;
const loadViewer = async (): Promise<Viewer> => {
  loaded ??= (await Promise.all([import('./Replay.js'), loadPanels()]))[0].ReplayViewer;
  return loaded;
};

/** The replay being shown instead of the board, or null; and the means to open one (downloading its module). */
export function useReplayOpen() {
  const [open, setOpen] = useState<{ Viewer: Viewer; from: number; to?: number; mode: ReplayProps['mode'] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async (mode: ReplayProps['mode'], from: number, to?: number) => {
    try {
      setFailure(null);
      setOpen({ Viewer: await loadViewer(), from, ...(to === undefined ? {} : { to }), mode });
    } catch {
      setFailure(t('match.replay.downloadFailed'));
    }
  };
  return { open, failure, start, close: () => setOpen(null) };
}

export function SinceBar({ since, onStep }: { since: SinceCount; onStep: () => void }) {
  return (
    <section class="zone since-bar" aria-label={t('match.since.label')}>
      <p class="since-bar-text">{sinceWords(since)}</p>
      <button type="button" onClick={onStep}>
        {t('match.since.step')}
      </button>
    </section>
  );
}

export function ReplayOffer({ onReplay }: { onReplay: () => void }) {
  return (
    <section class="zone replay-offer" aria-label={t('match.replay.title')}>
      <button type="button" onClick={onReplay}>
        {t('match.replay.offer')}
      </button>
    </section>
  );
}
