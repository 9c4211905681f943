/**
 * A replay in the page, drawn in place of the live board (downloaded only when opened): steps fetched
 * page by page from GET …/replay, the game's own board drawn from each step's view with what changed
 * in that step marked, and the step's log lines. First / previous / next / last buttons, a slider, and
 * the arrow keys (Home / End too) while the replay has the focus.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiFailure, api } from '../../api.js';
import { ChangedContext, type Changes } from '../../games/changed.js';
import type { GameUi } from '../../games/types.js';
import { t } from '../../i18n.js';
import { sayHere, seatName } from '../../text.js';
import type { Credentials, Match, ReplayPage, ReplayStep } from '../../types.js';

export interface ReplayProps {
  matchId: string;
  creds: Credentials;
  match: Match;
  ui: GameUi;
  /** 'since': from the version last seen to now; 'full': the whole finished match. */
  mode: 'since' | 'full';
  from: number;
  to?: number;
  onClose(): void;
}

interface Loaded {
  steps: ReplayStep[];
  /** Where the next page starts; null once every step of the range is here. */
  next: number | null;
  page: ReplayPage | null;
  /** Steps in the whole range, as the server counts them (known from the first page on). */
  total: number;
}

/** The steps of the range, fetched a page at a time as far as `want` (an index) asks. */
function useSteps(props: ReplayProps, as: number | undefined) {
  const { matchId, creds, from, to } = props;
  const [loaded, setLoaded] = useState<Loaded>({ steps: [], next: from, page: null, total: 0 });
  const [error, setError] = useState<string | null>(null);
  const [want, setWant] = useState(0);
  const busy = useRef(false);
  useEffect(() => {
    if (busy.current || loaded.next === null || (loaded.steps.length > want && loaded.page)) return;
    busy.current = true;
    api
      .replay(matchId, creds, { from: loaded.next, ...(to === undefined ? {} : { to }), ...(as === undefined ? {} : { as }) })
      .then((p) => {
        busy.current = false;
        // Each page starts with the step in effect at `from`: after the first page that is the one already here.
        const fresh = p.steps.filter((s) => !loaded.steps.some((x) => x.version === s.version));
        // The page counts from its own `from`: what is here already, plus its steps not yet here.
        const total = loaded.steps.length + p.total - (p.steps.length - fresh.length);
        setLoaded({ steps: [...loaded.steps, ...fresh], next: p.next, page: p, total });
      })
      .catch((e) => {
        busy.current = false;
        setError(e instanceof ApiFailure ? e.message : t('match.replay.failed'));
      });
  }, [loaded, want]);
  return { ...loaded, error, want, setWant };
}

export function ReplayViewer(props: ReplayProps) {
  const [as, setAs] = useState<number | undefined>(undefined);
  // Another seat's eyes is another replay: drawn afresh from its first step.
  return <ReplayBody key={as ?? 'own'} {...props} as={as} setAs={setAs} />;
}

function ReplayBody(props: ReplayProps & { as: number | undefined; setAs(as: number | undefined): void }) {
  const { match, ui, mode, onClose, as, setAs } = props;
  const { steps, next, page, error, want, setWant, total: counted } = useSteps(props, as);
  const [at, setAt] = useState(0);
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), []);
  // "Last" asks for every page; the index follows once they are here.
  useEffect(() => {
    if (want > at && steps.length > at + 1) setAt(Math.min(want, steps.length - 1));
  }, [steps.length, want]);
  const total = Math.max(counted, steps.length);
  const step = steps[Math.min(at, steps.length - 1)];
  const prev = at > 0 ? steps[at - 1] : undefined;
  const changes = useMemo<Changes>(
    () => ({ keys: new Set(step && prev && ui.changed ? ui.changed(prev.view, step.view) : []), words: t('match.replay.changed') }),
    [step, prev, ui],
  );
  const go = (i: number) => {
    const j = Math.max(0, i);
    setWant(j);
    if (j < steps.length) setAt(j);
  };
  const last = () => go(next === null ? steps.length - 1 : Number.MAX_SAFE_INTEGER);
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement | null)?.tagName === 'INPUT' || (e.target as HTMLElement | null)?.tagName === 'SELECT') return;
    const keys: Record<string, () => void> = { ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), Home: () => go(0), End: last };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  };
  const Board = ui.Board;
  const title = mode === 'since' ? t('match.replay.sinceTitle') : t('match.replay.title');
  const where = t(at === 0 && mode === 'since' ? 'match.replay.stepFirstSeen' : 'match.replay.step', {
    at: at + 1,
    total,
  });
  return (
    <section class="zone replay" aria-labelledby="replay-h" ref={region} tabIndex={-1} onKeyDown={onKey} data-step={step?.version}>
      <h2 id="replay-h">{title}</h2>
      {error && <p role="alert">{error}</p>}
      {page?.everySeat && <SeatChoice match={match} as={as} onChange={setAs} />}
      <div class="replay-controls" role="group" aria-label={t('match.replay.steps')}>
        <button type="button" onClick={() => go(0)} disabled={at === 0}>
          {t('match.replay.first')}
        </button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>
          {t('match.replay.previous')}
        </button>
        <input
          type="range"
          min={0}
          max={Math.max(0, total - 1)}
          value={at}
          aria-label={t('match.replay.stepLabel')}
          aria-valuetext={t('match.replay.step', { at: at + 1, total })}
          onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
        />
        <button type="button" onClick={() => go(at + 1)} disabled={next === null && at >= steps.length - 1}>
          {t('match.replay.next')}
        </button>
        <button type="button" onClick={last} disabled={next === null && at >= steps.length - 1}>
          {t('match.replay.last')}
        </button>
        <button type="button" onClick={onClose}>
          {t('match.replay.back')}
        </button>
      </div>
      <p class="replay-where" aria-live="polite">
        {step ? where : t('site.loading')}
      </p>
      {step && <StepLog step={step} match={match} />}
      {step && step.view !== null && (
        <ChangedContext.Provider value={changes}>
          <Board key={`${as ?? 'own'}-${step.version}`} match={stepMatch(match, page, step)} submit={async () => false} busy={false} />
        </ChangedContext.Provider>
      )}
    </section>
  );
}

/** The match as it stood at the step: its view, nobody to act, no moves to make. */
function stepMatch(match: Match, page: ReplayPage | null, step: ReplayStep): Match {
  const now = step.version >= match.version;
  return {
    ...match,
    version: step.version,
    view: step.view,
    legalMoves: [],
    toAct: [],
    log: step.log,
    status: now ? match.status : 'active',
    end: now ? match.end : null,
    you: page ? page.viewer : match.you,
  };
}

function StepLog({ step, match }: { step: ReplayStep; match: Match }) {
  const lines = step.log.flatMap((r) => r.entries);
  return (
    <div class="replay-step-log">
      {lines.length === 0 ? (
        <p class="note">{t('match.replay.nothingLogged')}</p>
      ) : (
        <ol class="log-lines">
          {lines.map((e, i) => (
            <li key={`${step.version}-${i}`}>{sayHere(e, match.seats)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** After the end, where the game offers it: the replay as any seat saw the game. */
function SeatChoice({ match, as, onChange }: { match: Match; as: number | undefined; onChange(as: number | undefined): void }) {
  return (
    <p>
      <label>
        {t('match.replay.seenBy')}{' '}
        <select
          value={as === undefined ? '' : String(as)}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            onChange(v === '' ? undefined : Number(v));
          }}
        >
          <option value="">{match.you === null ? t('match.replay.spectators') : t('match.replay.you')}</option>
          {match.seats.map((s) => (
            <option key={s.seat} value={String(s.seat)} translate={false}>
              {seatName(match.seats, s.seat)}
            </option>
          ))}
        </select>
      </label>
    </p>
  );
}
