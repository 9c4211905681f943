/**
 * The table of Dutch, the memory card game: every player's face-down cards in their fixed
 * positions, the deck, the discard pile, the drawn card, whose turn and step it is, powers waiting,
 * the Dutch call and its final turns, the snap window, and the score sheet.
 *
 * Acting is direct: select cards on the table (see logic.ts) and press the action that appears;
 * drawing, discarding, skipping and calling Dutch are buttons. Everything offered comes from the
 * legal moves the server sent. Faces shown once (a look, a peek, a penalty card one may see) come
 * from the move's `reveal`; they stay on screen until hidden, the next own move, or a Jack moving
 * the card, and are never stored by this board.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CardFace } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryReveal } from '#shared/games/dutch-memory/rules.js';
import { ConfirmButton } from '../../ui/Confirm.js';
import { fmt } from '../../i18n.js';
import { duration, sayHere, seatName } from '../../text.js';
import type { LogRecord } from '../../types.js';
import { ChangedTag, changedLabel, useChanged } from '../changed.js';
import type { BoardProps } from '../types.js';
import { EmptySlot, PlayingCard, faceWords } from './Card.js';
import {
  type Move,
  type Names,
  type Pos,
  type View,
  actionLabel,
  cardName,
  coveredSnaps,
  listWords,
  pendingWords,
  owner,
  posKey,
  positionWords,
  pruneSelection,
  readyMoves,
  seatOrder,
  selectablePositions,
  selectionHint,
  rankWords,
  toggle,
} from './logic.js';
import { ScoreSheet } from './ScoreSheet.js';
import { w } from './words.js';
import './board.css';

type Revealed = DutchMemoryReveal['cards'][number];

interface Seen {
  version: number;
  round: number;
  cards: readonly Revealed[];
}

interface MoveOutcome {
  lines: string[];
  good: boolean;
}

export function DutchMemoryBoard({ match, submit, busy }: BoardProps) {
  const view = match.view as View | null;
  if (view?.game !== 'dutch-memory') return <p>{w('waiting')}</p>;
  return <Table match={match} view={view} submit={submit} busy={busy} />;
}

/** Positions that a logged move changed after `since` (a Jack's swap, a snap, a give-back). */
function touchedSince(log: readonly LogRecord[], since: number): Set<string> {
  const out = new Set<string>();
  for (const r of log) {
    if (r.version <= since) continue;
    for (const e of r.entries) {
      const d = (e.data ?? {}) as Record<string, unknown>;
      const add = (p: unknown) => {
        const q = p as Pos | undefined;
        if (q && typeof q.seat === 'number' && typeof q.slot === 'number') out.add(posKey(q));
      };
      if (e.type === 'swapped') {
        add(d.a);
        add(d.b);
      } else if (e.type === 'snapped' && typeof e.seat === 'number') {
        add({ seat: typeof d.owner === 'number' ? d.owner : e.seat, slot: d.slot });
      } else if (e.type === 'gave-back' && typeof e.seat === 'number') {
        add({ seat: e.seat, slot: d.from });
        add({ seat: d.to, slot: d.slot });
      }
    }
  }
  return out;
}

function Table({ match, view, submit, busy }: BoardProps & { view: View }) {
  const me = view.viewer;
  const name = (s: number) => seatName(match.seats, s);
  const names: Names = { name, me };
  const [selection, setSelection] = useState<Pos[]>([]);
  const { seen, setSeen, outcome, setOutcome } = useMoveResults(match, view);
  const [now, setNow] = useState(() => Date.now());

  const coveredOpen = view.snap.covered.some((c) => c.until > now);
  useEffect(() => {
    if (!view.snap.covered.length) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [view.snap.covered.length, match.version]);

  const legal = useMemo(() => {
    const base = (match.legalMoves as Move[]) ?? [];
    return me === null ? [] : [...base, ...coveredSnaps(view, me, now)];
  }, [match.legalMoves, view, me, now]);
  const sel = useMemo(() => (me === null ? [] : pruneSelection(legal, me, selection)), [legal, me, selection]);
  const selectable = useMemo(() => (me === null ? new Set<string>() : selectablePositions(legal, me)), [legal, me]);
  const ready = me === null ? [] : readyMoves(legal, me, sel);

  // Faces from a reveal, while the card is still where it was seen.
  const overlay = useMemo(() => revealOverlay(seen, view, match.log), [seen, view, match.log]);

  const send = async (m: Move) => {
    setSeen(null);
    setOutcome(null);
    if (await submit(m)) setSelection([]);
  };
  const onToggle = (p: Pos) => {
    if (me !== null) setSelection(toggle(legal, me, sel, p));
  };

  const mustAct = me !== null && view.toAct.includes(me);
  const order = seatOrder(view);
  const others = order.filter((s) => s !== me);

  return (
    <div
      class={`dm dm-layout-${view.layout}`}
      data-phase={view.phase}
      data-round={view.round}
      data-step={view.step ?? ''}
      data-turn={view.turn ?? ''}
    >
      <StatusLine view={view} names={names} />
      <RoundOverBanner view={view} names={names} />
      <SnapBanner view={view} names={names} legal={legal} now={now} coveredOpen={coveredOpen} />
      <DutchBanner view={view} names={names} />
      <PendingList view={view} names={names} />

      {outcome && <OutcomePanel outcome={outcome} onHide={() => setOutcome(null)} />}
      {seen && overlay.size > 0 && me !== null && (
        <RevealPanel view={view} names={names} cards={seen.cards.filter((c) => overlay.has(posKey(c)))} onHide={() => setSeen(null)} />
      )}

      <div class="dm-others">
        {others.map((s) => (
          <Bench
            key={s}
            seat={s}
            view={view}
            names={names}
            size={view.seats > 4 ? 'sm' : 'md'}
            selection={sel}
            selectable={selectable}
            overlay={overlay}
            onToggle={onToggle}
            busy={busy}
          />
        ))}
      </div>

      <Centre view={view} names={names} />

      {me !== null && (
        <Bench
          seat={me}
          view={view}
          names={names}
          size="lg"
          selection={sel}
          selectable={selectable}
          overlay={overlay}
          onToggle={onToggle}
          busy={busy}
          mine
        />
      )}

      {me !== null && view.phase !== 'over' && (mustAct || sel.length > 0) && (
        <ActionBar
          view={view}
          names={names}
          legal={legal}
          selection={sel}
          ready={ready}
          busy={busy}
          send={send}
          clear={() => setSelection([])}
        />
      )}

      {view.phase !== 'over' && <ScoresZone view={view} names={names} />}
      <RulesNote view={view} />
    </div>
  );
}

function useMoveResults(match: BoardProps['match'], view: View) {
  const mountedAt = useRef(match.version);
  const [seen, setSeen] = useState<Seen | null>(null);
  const [outcome, setOutcome] = useState<MoveOutcome | null>(null);

  // A reveal or a move's events arrive only in the answer to this page's own move. A match taken
  // from the browser's cache when the page opened may still carry them: those are not shown again.
  useEffect(() => {
    if (match.version <= mountedAt.current) return;
    const r = match.reveal as DutchMemoryReveal | undefined;
    if (r && Array.isArray(r.cards) && r.cards.length > 0) setSeen({ version: match.version, round: view.round, cards: r.cards });
    const events = match.events ?? [];
    const snaps = events.filter((e) => e.type === 'snapped' || e.type === 'snap-failed');
    if (snaps.length > 0) {
      const lines = events
        .filter((e) => e.type === 'snapped' || e.type === 'snap-failed' || e.type === 'penalty')
        .map((e) => sayHere(e, match.seats));
      setOutcome({ lines, good: !snaps.some((e) => e.type === 'snap-failed') });
    }
  }, [match]);

  return { seen, setSeen, outcome, setOutcome };
}

function revealOverlay(seen: Seen | null, view: View, log: readonly LogRecord[]): Map<string, CardFace> {
  const out = new Map<string, CardFace>();
  if (!seen || seen.round !== view.round || view.phase === 'over') return out;
  const moved = touchedSince(log, seen.version);
  for (const c of seen.cards) {
    const k = posKey(c);
    if (!moved.has(k) && view.benches[c.seat]?.[c.slot]) out.set(k, c.card);
  }
  return out;
}

function RoundOverBanner({ view, names }: { view: View; names: Names }) {
  const { name } = names;
  const lastRound = view.rounds[view.rounds.length - 1];
  if (!(view.phase === 'look' && lastRound && lastRound.round === view.round - 1)) return null;
  return (
    <p class="dm-banner dm-info" data-banner="round-over">
      {w('roundOver', {
        round: lastRound.round,
        scores: lastRound.scores.map((s, i) => `${name(i)} ${fmt.number(s)}`).join(', '),
        totals: view.totals.map((t, i) => `${name(i)} ${fmt.number(t)}`).join(', '),
        next: view.round,
      })}
    </p>
  );
}

function OutcomePanel({ outcome, onHide }: { outcome: MoveOutcome; onHide: () => void }) {
  return (
    <div class={`dm-outcome ${outcome.good ? 'dm-good' : 'dm-bad'}`} role="status" data-outcome={outcome.good ? 'snapped' : 'failed'}>
      <p class="dm-outcome-head">{outcome.good ? w('snap.counted') : w('snap.notCounted')}</p>
      {outcome.lines.map((l, i) => (
        <p key={i}>{l}</p>
      ))}
      <button type="button" onClick={onHide}>
        {w('ok')}
      </button>
    </div>
  );
}

function ScoresZone({ view, names }: { view: View; names: Names }) {
  return (
    <section class="zone dm-scores" aria-labelledby="dm-scores-h">
      <h2 id="dm-scores-h">{w('scores')}</h2>
      <ScoreSheet
        rounds={view.rounds}
        totals={view.totals}
        seatCount={view.seats}
        name={names.name}
        rules={view.rules}
        openLast={view.phase === 'look'}
        you={names.me}
      />
    </section>
  );
}

/** A player's name: not words of the catalog (`translate="no"`). */
function Name({ children }: { children: string }) {
  return <span translate={false}>{children}</span>;
}

function StatusLine({ view, names }: { view: View; names: Names }) {
  const step = w('step', {
    step:
      view.phase === 'look'
        ? 'look'
        : view.phase === 'over'
          ? 'over'
          : view.pending.length > 0
            ? 'power'
            : view.step === 'start' || view.step === 'drawn'
              ? view.step
              : 'done',
  });
  return (
    <ul class="dm-status" aria-label={w('status.label')}>
      <li>
        {w('status.round')} <strong>{view.round}</strong>
      </li>
      <li>{w('status.dealer', { name: names.name(view.dealer) })}</li>
      {view.turn !== null && (
        <li data-status="turn">
          {w('status.turn')} <strong>{view.turn === names.me ? w('you') : <Name>{names.name(view.turn)}</Name>}</strong> · {step}
        </li>
      )}
      {view.phase === 'look' && <li>{step}</li>}
      <li>{w('status.aid', { on: view.rules.memoryAid ? 'yes' : 'no' })}</li>
      <li>{w('status.rules', { preset: view.rules.preset })}</li>
    </ul>
  );
}

function SnapBanner({
  view,
  names,
  legal,
  now,
  coveredOpen,
}: {
  view: View;
  names: Names;
  legal: readonly Move[];
  now: number;
  coveredOpen: boolean;
}) {
  if (view.phase !== 'play') return null;
  const card = view.snap.card;
  const canSnap = legal.some((m) => m.kind === 'snap');
  const penalty = view.rules.penaltyCards;
  const turn = view.turn;
  const closer =
    turn === null
      ? ''
      : turn === names.me
        ? view.pending.length === 0 && view.step !== 'done'
          ? w('snap.youClose')
          : ''
        : w('snap.closes', { name: names.name(turn) });
  const windowMs = view.rules.snapWindowMs;
  const kept = windowMs > 0 ? w('snap.kept', { time: windowWords(windowMs) }) : '';
  const others =
    view.rules.snapOthers && view.rules.othersSnap === 'replace-and-penalty'
      ? w('snap.othersReplace')
      : view.rules.snapOthers
        ? w('snap.othersDouble')
        : '';
  const sentences = (...xs: string[]) => xs.filter(Boolean).join(' ');
  return (
    <>
      {view.snap.open && card && (
        <div class="dm-banner dm-snap" role="status" data-banner="snap" data-on={view.snap.on ?? ''}>
          <p>
            <strong>{w('snap.open')}</strong> {sentences(w('snap.openText', { card: cardName(card) }), closer, kept)}
          </p>
          {canSnap && (
            <p class="dm-small">
              {sentences(
                w('snap.think', {
                  rank:
                    card.rank === 'K' ? w('king', { red: card.suit === 'H' || card.suit === 'D' ? 'yes' : 'no' }) : rankWords(card.rank),
                  count: penalty,
                }),
                others,
              )}
            </p>
          )}
        </div>
      )}
      {coveredOpen &&
        view.snap.covered
          .filter((c) => c.until > now)
          .map((c) => (
            <p class="dm-banner dm-snap" role="status" key={c.on} data-banner="snap-covered">
              {w('snap.covered', { card: cardName(c.card), time: windowWords(c.until - now) })}
            </p>
          ))}
    </>
  );
}

function DutchBanner({ view, names }: { view: View; names: Names }) {
  if (view.phase !== 'play' || view.caller === null) return null;
  const left = view.finalTurns.map((s, i) => {
    const who = s === names.me ? w('youObj') : names.name(s);
    return i === 0 && view.turn === s ? w('dutch.now', { who }) : who;
  });
  return (
    <p class="dm-banner dm-dutch" data-banner="dutch">
      <strong>{w('dutch.called', owner(names, view.caller))}</strong>{' '}
      {left.length > 0 ? w('dutch.left', { names: listWords(left) }) : w('dutch.counting')}
    </p>
  );
}

function PendingList({ view, names }: { view: View; names: Names }) {
  if (view.pending.length === 0) return null;
  return (
    <div class="dm-banner dm-pending" data-banner="pending">
      <p>
        <strong>{w('pending.head', { count: view.pending.length })}</strong>
      </p>
      <ol>
        {view.pending.map((p, i) => (
          <li key={i}>
            {p.seat === names.me ? w('You') : <Name>{names.name(p.seat)}</Name>} — {pendingWords(p)}
            {p.kind === 'give-back' && p.to !== null && <> ({p.to === names.me ? w('youObj') : <Name>{names.name(p.to)}</Name>})</>}
            {i === 0 ? ` · ${w('now')}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

function RevealPanel({ view, names, cards, onHide }: { view: View; names: Names; cards: readonly Revealed[]; onHide: () => void }) {
  const why = cards[0]?.why;
  const head = why === 'penalty' ? w('reveal.penalty') : w('reveal.looked', { count: cards.length });
  return (
    <section class="dm-reveal" aria-labelledby="dm-reveal-h" data-reveal="open">
      <h2 id="dm-reveal-h">{head}</h2>
      <ul class="dm-row">
        {cards.map((c) => {
          const where = w('reveal.where', { ...owner(names, c.seat), pos: positionWords(view, c.slot) });
          return (
            <li key={posKey(c)} class="dm-reveal-card">
              <PlayingCard face={c.card} size="lg" label={`${where}: ${faceWords(c.card)}`} marks={['revealed']} />
              <span>{where}</span>
            </li>
          );
        })}
      </ul>
      <p class="dm-small">{view.rules.memoryAid ? w('reveal.aidOn') : w('reveal.aidOff')}</p>
      <button type="button" onClick={onHide}>
        {view.rules.memoryAid ? w('ok') : w('reveal.hide')}
      </button>
    </section>
  );
}

function seenNote(
  seenBy: readonly number[],
  seats: number,
  names: Names,
  memoryAid: boolean,
  faceShown: boolean,
): { note?: string; words: string } {
  const meSeen = names.me !== null && seenBy.includes(names.me);
  const others = seenBy.filter((s) => s !== names.me);
  const words =
    seenBy.length === 0
      ? w('seen.nobody')
      : w('seen.by', { names: listWords(seenBy.map((s) => (s === names.me ? w('youObj') : names.name(s)))) });
  let note: string | undefined;
  if (seenBy.length > 1 && seenBy.length === seats) note = w('seen.all');
  else if (meSeen && !faceShown) note = memoryAid ? w('seen.seen') : w('seen.youSaw');
  else if (others.length > 0)
    note = others.length === 1 ? w('seen.by', { names: names.name(others[0]!) }) : w('seen.byCount', { count: others.length });
  return note ? { note, words } : { words };
}

function Bench({
  seat,
  view,
  names,
  size,
  selection,
  selectable,
  overlay,
  onToggle,
  busy,
  mine,
}: {
  seat: number;
  view: View;
  names: Names;
  size: 'lg' | 'md' | 'sm';
  selection: readonly Pos[];
  selectable: ReadonlySet<string>;
  overlay: ReadonlyMap<string, CardFace>;
  onToggle: (p: Pos) => void;
  busy: boolean;
  mine?: boolean;
}) {
  const bench = view.benches[seat] ?? [];
  const who = owner(names, seat);
  const count = bench.filter(Boolean).length;
  const badges: string[] = [];
  if (view.dealer === seat) badges.push('dealer');
  if (view.phase === 'play' && view.turn === seat) badges.push('turn');
  if (view.caller === seat) badges.push('called');
  if (view.phase === 'look') badges.push(view.looked[seat] ? 'looked' : 'choosing');
  if (view.held?.seat === seat) badges.push('holding');
  const selected = new Set(selection.map(posKey));
  const changes = useChanged();
  return (
    <section
      class={`zone dm-bench${mine ? ' mine' : ''}${view.turn === seat && view.phase === 'play' ? ' dm-turn' : ''}`}
      data-seat={seat}
      aria-labelledby={`dm-bench-${seat}`}
    >
      <h2 id={`dm-bench-${seat}`} class="dm-bench-head">
        {mine ? <span>{w('bench.mine', { name: names.name(seat) })}</span> : <Name>{names.name(seat)}</Name>}
        <span class="dm-total-badge">{w('bench.total', { total: fmt.number(view.totals[seat] ?? 0) })}</span>
        <ChangedTag k={`total:${seat}`} what={w('totalWord')} />
      </h2>
      <p class="dm-badges">
        {badges.map((b) => (
          <span key={b} class={`badge${b === 'turn' || b === 'called' ? ' dm-badge-strong' : ''}`}>
            {w('badge', { b })}
          </span>
        ))}
        <span class="badge">{w('cards', { count })}</span>
      </p>
      <div class={`dm-slots dm-slots-${view.layout}`} role="group" aria-label={w('bench.cards', who)}>
        {bench.map((b, slot) => {
          const pos = { seat, slot };
          const k = posKey(pos);
          const where = w('bench.card', { ...who, pos: positionWords(view, slot) });
          if (!b) return <EmptySlot key={slot} size={size} label={w('bench.empty', { ...who, pos: positionWords(view, slot) })} />;
          const fromReveal = overlay.get(k);
          const face = b.card ?? fromReveal ?? null;
          const { note, words } = seenNote(b.seenBy, view.seats, names, view.rules.memoryAid, !!face);
          const canClick = selectable.has(k);
          const changeKey = `bench:${seat}:${slot}`;
          return (
            <PlayingCard
              key={slot}
              face={face}
              size={size}
              label={`${where}: ${faceWords(face)}; ${words}${changedLabel(changes, changeKey)}`}
              note={note}
              selected={selected.has(k)}
              onClick={canClick ? () => onToggle(pos) : undefined}
              disabled={busy}
              marks={[...(fromReveal ? ['revealed'] : []), ...(changes.keys.has(changeKey) ? ['changed'] : [])]}
              data={{ slot, seat }}
            />
          );
        })}
        {bench.length === 0 && <p class="empty-note">{w('bench.none')}</p>}
      </div>
    </section>
  );
}

function Centre({ view, names }: { view: View; names: Names }) {
  const top = view.discard.top;
  const held = view.held;
  return (
    <section class="zone dm-centre" aria-label={w('centre')}>
      <div class="dm-pile" data-zone="deck">
        {view.deckCount > 0 ? (
          <PlayingCard face={null} size="md" label={w('deck', { count: view.deckCount })} />
        ) : (
          <EmptySlot size="md" label={w('deckEmpty')} />
        )}
        <span class="dm-pile-label">{w('deckLabel', { count: fmt.number(view.deckCount) })}</span>
      </div>
      <div class={`dm-pile${view.snap.open ? ' dm-pile-open' : ''}`} data-zone="discard">
        {top ? (
          <PlayingCard
            face={top}
            size="md"
            label={w('top', { face: faceWords(top), open: view.snap.open ? 'yes' : 'no' })}
            marks={view.snap.open ? ['snappable'] : []}
          />
        ) : (
          <EmptySlot size="md" label={w('discardEmpty')} />
        )}
        <span class="dm-pile-label">{w('discardLabel', { count: fmt.number(view.discard.count) })}</span>
        <ChangedTag k="discard" />
      </div>
      {held && (
        <div class="dm-pile dm-held" data-zone="held">
          <PlayingCard
            face={held.card}
            size="md"
            label={
              held.seat === names.me && held.card
                ? w('held.mine', { face: faceWords(held.card) })
                : w('held.other', { name: names.name(held.seat) })
            }
            marks={held.card ? ['drawn'] : []}
          />
          <span class="dm-pile-label">{w('held.drew', owner(names, held.seat))}</span>
        </div>
      )}
    </section>
  );
}

function ActionBar({
  view,
  names,
  legal,
  selection,
  ready,
  busy,
  send,
  clear,
}: {
  view: View;
  names: Names;
  legal: readonly Move[];
  selection: readonly Pos[];
  ready: readonly Move[];
  busy: boolean;
  send: (m: Move) => Promise<void>;
  clear: () => void;
}) {
  const has = (kind: Move['kind']) => legal.find((m) => m.kind === kind);
  const draw = has('draw');
  const drawDiscard = has('draw-and-discard');
  const discard = has('discard');
  const dutch = has('call-dutch');
  const skip = has('skip');
  const gives = legal.filter((m): m is Extract<Move, { kind: 'give' }> => m.kind === 'give');
  const front = view.pending[0];
  const hint = selectionHint(view, legal, names, selection);
  const held = view.held?.card;
  const skipLabel = w('skip', { kind: front?.kind === 'give-back' ? 'giveBack' : (front?.kind ?? 'give') });
  return (
    <div class="actionbar dm-actions" role="region" aria-label={w('actions')}>
      {hint && <p>{hint}</p>}
      {ready.length > 0 && (
        <div class="buttons">
          {ready.map((m) => (
            <button key={JSON.stringify(m)} type="button" class="primary" disabled={busy} onClick={() => send(m)}>
              {actionLabel(view, m, names)}
            </button>
          ))}
        </div>
      )}
      <div class="buttons">
        {draw && (
          <button type="button" class={ready.length ? '' : 'primary'} disabled={busy} onClick={() => send(draw)}>
            {w('draw')}
          </button>
        )}
        {discard && (
          <button type="button" disabled={busy} onClick={() => send(discard)}>
            {w('discard', { card: held ? cardName(held) : w('cardWord') })}
          </button>
        )}
        {gives.map((g) => (
          <button key={g.to} type="button" class="primary" disabled={busy} onClick={() => send(g)}>
            {w('give', { name: names.name(g.to) })}
          </button>
        ))}
        {skip && (
          <button type="button" disabled={busy} onClick={() => send(skip)}>
            {skipLabel}
          </button>
        )}
        {drawDiscard && (
          <button type="button" disabled={busy} onClick={() => send(drawDiscard)}>
            {w('drawDiscard')}
          </button>
        )}
        {dutch && (
          <ConfirmButton
            label={w('dutch.call')}
            question={w('dutch.question')}
            confirmLabel={w('dutch.yes')}
            disabled={busy}
            onConfirm={() => send(dutch)}
          />
        )}
        {selection.length > 0 && (
          <button type="button" disabled={busy} onClick={clear}>
            {w('clear')}
          </button>
        )}
      </div>
    </div>
  );
}

function RulesNote({ view }: { view: View }) {
  const r = view.rules;
  const powers = [
    r.queenPower !== 'none' ? w('rules.queen') : null,
    r.jackPower !== 'none' ? w('rules.jack', { apart: r.jackPower === 'swap-different-benches' ? 'yes' : 'no' }) : null,
    r.acePower ? w('rules.ace') : null,
  ].filter(Boolean);
  const parts = [
    w('rules.preset', { preset: r.preset }),
    powers.length ? w('rules.powers', { powers: powers.join('; ') }) : '',
    w('rules.penalty', { count: r.penaltyCards }),
    r.snapWindowMs > 0 ? w('rules.window', { time: windowWords(r.snapWindowMs) }) : '',
    r.snapOthers ? w('rules.snapOthers') : '',
    w('rules.end', { score: fmt.number(r.endScore) }),
  ];
  return <p class="hint dm-rules-note">{parts.filter(Boolean).join(' · ')}</p>;
}

/** A snap window or what is left of it: seconds while short, then minutes, hours or days. */
function windowWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? w('seconds', { count: s }) : duration(ms);
}
