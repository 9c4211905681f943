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
import { duration, said, seatName } from '../../text.js';
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
  posKey,
  positionWords,
  pruneSelection,
  readyMoves,
  seatOrder,
  selectablePositions,
  selectionHint,
  toggle,
  whose,
} from './logic.js';
import { ScoreSheet } from './ScoreSheet.js';
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function DutchMemoryBoard({ match, submit, busy }: BoardProps) {
  const view = match.view as View | null;
  if (view?.game !== 'dutch-memory') return <p>Waiting for the game to start.</p>;
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
        .map((e) => said(e, match.seats));
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
      Round {lastRound.round} is over. Scores: {lastRound.scores.map((s, i) => `${name(i)} ${s}`).join(', ')}. Totals:{' '}
      {view.totals.map((t, i) => `${name(i)} ${t}`).join(', ')}. Round {view.round} has been dealt.
    </p>
  );
}

function OutcomePanel({ outcome, onHide }: { outcome: MoveOutcome; onHide: () => void }) {
  return (
    <div class={`dm-outcome ${outcome.good ? 'dm-good' : 'dm-bad'}`} role="status" data-outcome={outcome.good ? 'snapped' : 'failed'}>
      <p class="dm-outcome-head">{outcome.good ? 'Your snap counted.' : 'Your snap did not count.'}</p>
      {outcome.lines.map((l, i) => (
        <p key={i}>{l}</p>
      ))}
      <button type="button" onClick={onHide}>
        OK
      </button>
    </div>
  );
}

function ScoresZone({ view, names }: { view: View; names: Names }) {
  return (
    <section class="zone dm-scores" aria-labelledby="dm-scores-h">
      <h2 id="dm-scores-h">Scores</h2>
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

function StatusLine({ view, names }: { view: View; names: Names }) {
  const step =
    view.phase === 'look'
      ? 'everyone looks at two of their cards'
      : view.phase === 'over'
        ? 'game over'
        : view.pending.length > 0
          ? 'a power is being used'
          : view.step === 'start'
            ? 'about to draw'
            : view.step === 'drawn'
              ? 'holding a drawn card'
              : 'turn ending';
  return (
    <ul class="dm-status" aria-label="The round">
      <li>
        Round <strong>{view.round}</strong>
      </li>
      <li>Dealer: {names.name(view.dealer)}</li>
      {view.turn !== null && (
        <li data-status="turn">
          Turn: <strong>{view.turn === names.me ? 'you' : names.name(view.turn)}</strong> · {step}
        </li>
      )}
      {view.phase === 'look' && <li>{step}</li>}
      <li>Memory aid: {view.rules.memoryAid ? 'on' : 'off'}</li>
      <li>Rules: {view.rules.preset === 'bench' ? 'bench' : 'Marmot'}</li>
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
          ? ' You are next: your discard will close it (drawing does not).'
          : ''
        : ` It stays open until ${names.name(turn)} discards or takes it.`;
  const windowMs = view.rules.snapWindowMs;
  const kept =
    windowMs > 0 ? ` Even once covered, a snap sent within ${windowWords(windowMs)} of the card landing counts (minimum snap window).` : '';
  const others =
    view.rules.snapOthers && view.rules.othersSnap === 'replace-and-penalty'
      ? ' You may also snap another player’s card: if it matches, they take a new card in its place and a penalty card.'
      : view.rules.snapOthers
        ? ' You may also snap another player’s card (a wrong or late one costs double).'
        : '';
  return (
    <>
      {view.snap.open && card && (
        <div class="dm-banner dm-snap" role="status" data-banner="snap" data-on={view.snap.on ?? ''}>
          <p>
            <strong>Snap window open:</strong> the {cardName(card)} on the discard pile can still be snapped.{closer}
            {kept}
          </p>
          {canSnap && (
            <p class="dm-small">
              Think one of your cards is a{' '}
              {card.rank === 'K' ? `${card.suit === 'H' || card.suit === 'D' ? 'red' : 'black'} King` : cardName(card).split(' of ')[0]}?
              Select it and press Snap. A wrong or late snap costs {plural(penalty, 'penalty card')}.{others}
            </p>
          )}
        </div>
      )}
      {coveredOpen &&
        view.snap.covered
          .filter((c) => c.until > now)
          .map((c) => (
            <p class="dm-banner dm-snap" role="status" key={c.on} data-banner="snap-covered">
              The {cardName(c.card)} has been covered but can still be snapped for {windowWords(c.until - now)} more (minimum snap window).
            </p>
          ))}
    </>
  );
}

function DutchBanner({ view, names }: { view: View; names: Names }) {
  if (view.phase !== 'play' || view.caller === null) return null;
  const who = view.caller === names.me ? 'You' : names.name(view.caller);
  const left = view.finalTurns.map((s, i) => `${s === names.me ? 'you' : names.name(s)}${i === 0 && view.turn === s ? ' (now)' : ''}`);
  return (
    <p class="dm-banner dm-dutch" data-banner="dutch">
      <strong>{who} called Dutch.</strong>{' '}
      {left.length > 0
        ? `Final turns left: ${listWords(left)}. Then every card is turned over and counted.`
        : 'The round is about to be counted.'}
    </p>
  );
}

function PendingList({ view, names }: { view: View; names: Names }) {
  if (view.pending.length === 0) return null;
  return (
    <div class="dm-banner dm-pending" data-banner="pending">
      <p>
        <strong>{view.pending.length === 1 ? 'A power is waiting:' : 'Powers waiting, used in the order the cards landed:'}</strong>
      </p>
      <ol>
        {view.pending.map((p, i) => (
          <li key={i}>
            {p.seat === names.me ? 'You' : names.name(p.seat)} — {pendingWords(p)}
            {p.kind === 'give-back' && p.to !== null ? ` (${p.to === names.me ? 'you' : names.name(p.to)})` : ''}
            {i === 0 ? ' · now' : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

function RevealPanel({ view, names, cards, onHide }: { view: View; names: Names; cards: readonly Revealed[]; onHide: () => void }) {
  const why = cards[0]?.why;
  const head = why === 'penalty' ? 'Your penalty card:' : cards.length > 1 ? 'You looked at these cards:' : 'You looked at this card:';
  return (
    <section class="dm-reveal" aria-labelledby="dm-reveal-h" data-reveal="open">
      <h2 id="dm-reveal-h">{head}</h2>
      <ul class="dm-row">
        {cards.map((c) => {
          const where = `${whose(names, c.seat)} ${positionWords(view, c.slot)}`;
          return (
            <li key={posKey(c)} class="dm-reveal-card">
              <PlayingCard face={c.card} size="lg" label={`${where}: ${faceWords(c.card)}`} marks={['revealed']} />
              <span>{where}</span>
            </li>
          );
        })}
      </ul>
      <p class="dm-small">
        {view.rules.memoryAid
          ? 'The memory aid is on: you will keep seeing the cards you have looked at.'
          : 'The memory aid is off: this is the only time these faces are shown. Remember them — after you hide them or make your next move, they are face down again.'}
      </p>
      <button type="button" onClick={onHide}>
        {view.rules.memoryAid ? 'OK' : 'I have memorised them — hide'}
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
    seenBy.length === 0 ? 'nobody has seen it' : `seen by ${listWords(seenBy.map((s) => (s === names.me ? 'you' : names.name(s))))}`;
  let note: string | undefined;
  if (seenBy.length > 1 && seenBy.length === seats) note = 'seen by all';
  else if (meSeen && !faceShown) note = memoryAid ? 'seen' : 'you saw it';
  else if (others.length > 0) note = others.length === 1 ? `seen by ${names.name(others[0]!)}` : `seen by ${others.length}`;
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
  const who = mine ? 'Your' : `${names.name(seat)}'s`;
  const count = bench.filter(Boolean).length;
  const badges: string[] = [];
  if (view.dealer === seat) badges.push('dealer');
  if (view.phase === 'play' && view.turn === seat) badges.push('turn');
  if (view.caller === seat) badges.push('called Dutch');
  if (view.phase === 'look') badges.push(view.looked[seat] ? 'has looked' : 'choosing two cards');
  if (view.held?.seat === seat) badges.push('holding a drawn card');
  const selected = new Set(selection.map(posKey));
  const changes = useChanged();
  return (
    <section
      class={`zone dm-bench${mine ? ' mine' : ''}${view.turn === seat && view.phase === 'play' ? ' dm-turn' : ''}`}
      data-seat={seat}
      aria-labelledby={`dm-bench-${seat}`}
    >
      <h2 id={`dm-bench-${seat}`} class="dm-bench-head">
        <span>{mine ? `Your cards (${names.name(seat)})` : names.name(seat)}</span>
        <span class="dm-total-badge">total {view.totals[seat] ?? 0}</span>
        <ChangedTag k={`total:${seat}`} what="total" />
      </h2>
      <p class="dm-badges">
        {badges.map((b) => (
          <span key={b} class={`badge${b === 'turn' || b === 'called Dutch' ? ' dm-badge-strong' : ''}`}>
            {b}
          </span>
        ))}
        <span class="badge">{plural(count, 'card')}</span>
      </p>
      <div class={`dm-slots dm-slots-${view.layout}`} role="group" aria-label={`${who} cards`}>
        {bench.map((b, slot) => {
          const pos = { seat, slot };
          const k = posKey(pos);
          const where = `${who} card in ${positionWords(view, slot)}`;
          if (!b) return <EmptySlot key={slot} size={size} label={`${who} ${positionWords(view, slot)}: empty`} />;
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
              label={`${where}: ${face ? faceWords(face) : 'face down'}; ${words}${changedLabel(changes, changeKey)}`}
              note={note}
              selected={selected.has(k)}
              onClick={canClick ? () => onToggle(pos) : undefined}
              disabled={busy}
              marks={[...(fromReveal ? ['revealed'] : []), ...(changes.keys.has(changeKey) ? ['changed'] : [])]}
              data={{ slot, seat }}
            />
          );
        })}
        {bench.length === 0 && <p class="empty-note">No cards.</p>}
      </div>
    </section>
  );
}

function Centre({ view, names }: { view: View; names: Names }) {
  const top = view.discard.top;
  const held = view.held;
  return (
    <section class="zone dm-centre" aria-label="Deck, discard pile and drawn card">
      <div class="dm-pile" data-zone="deck">
        {view.deckCount > 0 ? (
          <PlayingCard face={null} size="md" label={`Deck: ${plural(view.deckCount, 'card')}`} />
        ) : (
          <EmptySlot size="md" label="Deck: empty" />
        )}
        <span class="dm-pile-label">Deck · {view.deckCount}</span>
      </div>
      <div class={`dm-pile${view.snap.open ? ' dm-pile-open' : ''}`} data-zone="discard">
        {top ? (
          <PlayingCard
            face={top}
            size="md"
            label={`Top of the discard pile: ${faceWords(top)}${view.snap.open ? '; can still be snapped' : ''}`}
            marks={view.snap.open ? ['snappable'] : []}
          />
        ) : (
          <EmptySlot size="md" label="Discard pile: empty" />
        )}
        <span class="dm-pile-label">Discards · {view.discard.count}</span>
        <ChangedTag k="discard" />
      </div>
      {held && (
        <div class="dm-pile dm-held" data-zone="held">
          <PlayingCard
            face={held.card}
            size="md"
            label={
              held.seat === names.me && held.card
                ? `Your drawn card: ${faceWords(held.card)}`
                : `${names.name(held.seat)}'s drawn card, face down`
            }
            marks={held.card ? ['drawn'] : []}
          />
          <span class="dm-pile-label">{held.seat === names.me ? 'You drew' : `${names.name(held.seat)} drew`}</span>
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
  const skipLabel =
    front?.kind === 'give-back'
      ? 'Keep all my cards'
      : front?.kind === 'peek'
        ? 'Skip the look'
        : front?.kind === 'swap'
          ? 'Skip the swap'
          : 'Skip the gift';
  return (
    <div class="actionbar dm-actions" role="region" aria-label="Your actions">
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
            Draw a card
          </button>
        )}
        {discard && (
          <button type="button" disabled={busy} onClick={() => send(discard)}>
            Discard the drawn {held ? cardName(held) : 'card'}
          </button>
        )}
        {gives.map((g) => (
          <button key={g.to} type="button" class="primary" disabled={busy} onClick={() => send(g)}>
            Give {names.name(g.to)} a card from the deck
          </button>
        ))}
        {skip && (
          <button type="button" disabled={busy} onClick={() => send(skip)}>
            {skipLabel}
          </button>
        )}
        {drawDiscard && (
          <button type="button" disabled={busy} onClick={() => send(drawDiscard)}>
            Draw and discard at once
          </button>
        )}
        {dutch && (
          <ConfirmButton
            label="Call Dutch…"
            question="Call Dutch now? Your turn ends at once; everyone else gets one last turn, then all cards are counted. A caller who is not lowest is penalised."
            confirmLabel="Yes, call Dutch"
            disabled={busy}
            onConfirm={() => send(dutch)}
          />
        )}
        {selection.length > 0 && (
          <button type="button" disabled={busy} onClick={clear}>
            Clear selection
          </button>
        )}
      </div>
    </div>
  );
}

function RulesNote({ view }: { view: View }) {
  const r = view.rules;
  const powers = [
    r.queenPower !== 'none' ? 'Queen: look at any card' : null,
    r.jackPower !== 'none' ? `Jack: swap two cards${r.jackPower === 'swap-different-benches' ? ' of two different players' : ''}` : null,
    r.acePower ? 'Ace: give someone a card' : null,
  ].filter(Boolean);
  return (
    <p class="hint dm-rules-note">
      {r.preset === 'bench' ? 'Bench rules' : 'Marmot rules'}
      {powers.length ? ` · powers — ${powers.join('; ')}` : ''} · wrong or late snap: {plural(r.penaltyCards, 'penalty card')}
      {r.snapWindowMs > 0 ? ` · minimum snap window ${windowWords(r.snapWindowMs)}` : ''}
      {r.snapOthers ? ` · snapping other players’ cards allowed` : ''} · game ends at {r.endScore}
    </p>
  );
}

/** A snap window or what is left of it: seconds while short, then minutes, hours or days. */
function windowWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 120 ? `${s} seconds` : duration(ms);
}
