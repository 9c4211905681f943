/**
 * The board of Dutch (the auction deck-builder): the opponent's card backs and counts, the
 * auction display with its costs, the piles, one's own hand, set-aside card and bid.
 * Select cards, then act; sealing a bid and finishing a turn ask for confirmation.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CardId, Edition } from '#shared/games/dutch-auction/cards.js';
import { cardName } from '#shared/games/dutch-auction/cards.js';
import type { BidCardView, SeatView } from '#shared/games/dutch-auction/view.js';
import { ConfirmButton } from '../../ui/Confirm.js';
import { seatName } from '../../text.js';
import { ChangedTag } from '../changed.js';
import type { BoardProps } from '../types.js';
import { Backs, Card } from './Card.js';
import {
  type DutchAuctionView,
  type Move,
  type Plan,
  actionsFor,
  bidValue,
  commitFor,
  paymentDestinations,
  planFor,
  selectableCards,
  selectionHint,
  slotOf,
} from './logic.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function CardRow({
  ids,
  edition,
  zone,
  label,
  selectable,
  selected,
  onToggle,
  bid,
  empty,
  disabled,
  notes,
  caption,
}: {
  ids: readonly CardId[];
  edition: Edition;
  zone: string;
  label: string;
  selectable?: ReadonlySet<CardId>;
  selected?: ReadonlySet<CardId>;
  onToggle?: (id: CardId) => void;
  bid?: readonly BidCardView[];
  empty?: string;
  disabled?: boolean;
  /** Words under particular cards (e.g. "set aside", "bid"). */
  notes?: Readonly<Record<CardId, string>>;
  /** A visible caption above the row (the row's label for screen readers either way). */
  caption?: string;
}) {
  const captionId = `row-${zone}`;
  return (
    <>
      {caption && (
        <span class="row-label" id={captionId}>
          {caption}
        </span>
      )}
      <div class="cards" data-zone={zone} role="group" {...(caption ? { 'aria-labelledby': captionId } : { 'aria-label': label })}>
        {ids.length === 0 && <p class="empty-note">{empty ?? 'No cards.'}</p>}
        {ids.map((id) => {
          const b = bid?.find((c) => c.id === id);
          const canPick = !!onToggle && !!selectable?.has(id);
          const note = notes?.[id] ?? (b?.powered ? (b.charges > 1 ? `${b.charges} uses` : b.charges > 0 ? 'ready' : 'used') : undefined);
          return (
            <Card
              key={id}
              id={id}
              edition={edition}
              context={label}
              {...(b?.changed ? { suit: b.suit } : {})}
              {...(note ? { note } : {})}
              selected={!!selected?.has(id)}
              {...(canPick ? { onToggle } : {})}
              disabled={disabled}
            />
          );
        })}
      </div>
    </>
  );
}

function SeatPanel({ seat, view, name, you }: { seat: SeatView; view: DutchAuctionView; name: string; you: boolean }) {
  const { phase } = view;
  const winner = view.bidWinner === seat.seat;
  return (
    <div class="seat-stats">
      <ChangedTag k={`seat:${seat.seat}`} />
      <ul class="stats" aria-label={`${name}: counts`}>
        {!you && <li>Hand: {seat.handCount}</li>}
        <li>Deck: {seat.deckCount}</li>
        <li>Discards: {seat.discardsCount}</li>
        {phase === 'actions' && <li>Bought this round: {seat.purchases}</li>}
        {seat.cashedIn.length > 0 && <li>Cashed in: {seat.cashedIn.length}</li>}
      </ul>
      {phase === 'commit' && !you && (
        <p class={seat.committed ? 'badge done' : 'badge'}>{seat.committed ? 'Has sealed a bid' : 'Choosing a bid…'}</p>
      )}
      {phase === 'actions' && (
        <p class="badge">
          {winner ? 'Won the bid' : 'Lost the bid'}
          {seat.bidTotal !== null ? ` · bid total ${seat.bidTotal}` : ''}
          {seat.done ? ' · finished' : view.active === seat.seat ? ' · acting now' : ''}
        </p>
      )}
    </div>
  );
}

function Pile({
  title,
  ids,
  edition,
  zone,
  open,
  selectable,
  selected,
  onToggle,
  disabled,
}: {
  title: string;
  ids: readonly CardId[];
  edition: Edition;
  zone: string;
  open?: boolean;
  selectable?: ReadonlySet<CardId>;
  selected?: ReadonlySet<CardId>;
  onToggle?: (id: CardId) => void;
  disabled?: boolean;
}) {
  return (
    <details class="pile" open={open}>
      <summary>
        {title} ({ids.length})
      </summary>
      <CardRow
        ids={ids}
        edition={edition}
        zone={zone}
        label={title}
        {...(selectable ? { selectable } : {})}
        {...(selected ? { selected } : {})}
        {...(onToggle ? { onToggle } : {})}
        disabled={disabled}
      />
    </details>
  );
}

export function DutchAuctionBoard({ match, submit, busy }: BoardProps) {
  const view = match.view as DutchAuctionView | null;
  if (view?.game !== 'dutch-auction') return <p>Waiting for the game to start.</p>;
  return <DutchAuctionTable match={match} view={view} submit={submit} busy={busy} />;
}

function DutchAuctionTable({ match, view, submit, busy }: BoardProps & { view: DutchAuctionView }) {
  const legal = match.legalMoves as Move[];
  const me = view.you;
  const edition = view.edition;
  const name = (s: number) => seatName(match.seats, s);
  const [picked, setPicked] = useState<Set<CardId>>(new Set());
  const [plan, setPlan] = useState<Plan>({ setAside: null, bid: [] });

  const phaseKey = `${view.round}:${view.phase}`;
  useEffect(() => {
    setPicked(new Set());
    setPlan({ setAside: null, bid: [] });
  }, [phaseKey]);

  const myTurnToCommit = view.phase === 'commit' && me !== null && legal.some((m) => m.kind === 'commit');
  const acting = view.phase === 'actions' && me !== null && view.active === me.seat && legal.length > 0;
  const selectable = useMemo(() => (acting ? selectableCards(view, legal) : new Set<CardId>()), [acting, view, legal]);
  // A selection only ever holds cards that can still take part in an action.
  const selected = useMemo(() => {
    if (myTurnToCommit) return new Set([...picked].filter((id) => me?.hand.includes(id)));
    return new Set([...picked].filter((id) => selectable.has(id)));
  }, [picked, selectable, myTurnToCommit, me]);

  const toggle = (id: CardId) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else {
      if (myTurnToCommit && edition === 'current') next.clear();
      next.add(id);
    }
    setPicked(next);
  };

  // The choice being sealed, shown on the hand's cards.
  const draft = myTurnToCommit
    ? edition === 'current'
      ? planFor(view, [...selected][0] ?? null, [])
      : planFor(view, plan.setAside, plan.bid)
    : null;
  const handNotes =
    draft && me && (draft.setAside || draft.bid.length)
      ? Object.fromEntries(me.hand.map((id) => [id, id === draft.setAside ? 'set aside' : draft.bid.includes(id) ? 'bid' : 'kept in hand']))
      : undefined;

  const others = view.seats.filter((s) => s.seat !== me?.seat);
  const mySeat = me ? view.seats[me.seat] : undefined;
  const takeFrom = (src: string) => legal.some((m) => m.kind === 'power' && m.from === src);
  const sel: Selection = { selectable, selected, toggle, busy };

  return (
    <div class="dutch" data-phase={view.phase} data-round={view.round}>
      {view.previous && view.phase !== 'over' && (
        <p class="note">
          Round {view.previous.round}: {name(view.previous.bidWinner)} won the bid ({view.previous.bidTotals[view.previous.bidWinner]} to{' '}
          {view.previous.bidTotals[1 - view.previous.bidWinner]}).
        </p>
      )}
      {view.tieTossed && <p class="note">The tied bids were decided by a coin toss.</p>}
      {view.finalRounds && view.phase !== 'over' && (
        <p class="note warn">The auction deck is empty: the game ends after a round with no purchases or an empty display.</p>
      )}

      {others.map((s) => (
        <section class="zone opponent" key={s.seat} aria-labelledby={`seat-${s.seat}-h`}>
          <h2 id={`seat-${s.seat}-h`}>{name(s.seat)}</h2>
          <SeatPanel seat={s} view={view} name={name(s.seat)} you={false} />
          <Backs count={s.handCount} label={`${name(s.seat)}'s hand`} />
          {view.phase === 'actions' && (
            <CardRow
              ids={s.bid.map((c) => c.id)}
              bid={s.bid}
              edition={edition}
              zone={me ? 'opp-bid' : `bid-${s.seat}`}
              label={`${name(s.seat)}'s bid`}
              caption={`${name(s.seat)}'s ${edition === '2018' ? 'offering' : 'bid'}${s.bidTotal !== null ? ` (bid total ${s.bidTotal})` : ''}`}
              selectable={selectable}
              selected={selected}
              onToggle={toggle}
              empty="Nothing left in the bid."
              disabled={busy}
            />
          )}
          {s.cashedIn.length > 0 && <Pile title={`${name(s.seat)}'s cashed-in cards`} ids={s.cashedIn} edition={edition} zone="cashed" />}
        </section>
      ))}

      <AuctionZone view={view} open={acting && takeFrom('auction-discards')} sel={sel} />

      {me && mySeat && (
        <MyZone
          view={view}
          me={me}
          mySeat={mySeat}
          name={name}
          handNotes={handNotes}
          commit={myTurnToCommit}
          openDiscards={acting && takeFrom('personal-discards')}
          sel={sel}
        />
      )}

      {myTurnToCommit && me && (
        <CommitBar
          view={view}
          legal={legal}
          selected={selected}
          plan={plan}
          setPlan={setPlan}
          clear={() => setPicked(new Set())}
          submit={submit}
          busy={busy}
        />
      )}
      {acting && <ActionBar view={view} legal={legal} selected={selected} clear={() => setPicked(new Set())} submit={submit} busy={busy} />}
    </div>
  );
}

/** What a zone needs to offer cards for selection. */
interface Selection {
  selectable: Set<CardId>;
  selected: Set<CardId>;
  toggle: (id: CardId) => void;
  busy: boolean;
}

/** The auction: the deck's count, the display with its costs, and the discards. */
function AuctionZone({ view, open, sel }: { view: DutchAuctionView; open: boolean; sel: Selection }) {
  const edition = view.edition;
  return (
    <section class="zone auction" aria-labelledby="auction-h">
      <h2 id="auction-h">Auction</h2>
      <p class="stats-line">Auction deck: {plural(view.auction.deckCount, 'card')}</p>
      <ol class="display" data-zone="display" aria-label="The display: position n costs n cards">
        {view.auction.display.map((d) => (
          <li key={d.slot} data-slot={d.slot} class={d.card ? 'slot' : 'slot empty'}>
            <span class="cost" aria-hidden="true">
              {d.cost}
            </span>
            <ChangedTag k={`display:${d.slot - 1}`} />
            {d.card ? (
              <Card
                id={d.card}
                edition={edition}
                context={`Display position ${d.slot}, costs ${d.cost}`}
                selected={sel.selected.has(d.card)}
                {...(sel.selectable.has(d.card) ? { onToggle: sel.toggle } : {})}
                disabled={sel.busy}
              />
            ) : (
              <span class="card placeholder" role="img" aria-label={`Display position ${d.slot}: empty`} />
            )}
          </li>
        ))}
      </ol>
      <Pile
        title="Auction discards"
        ids={view.auction.discards}
        edition={edition}
        zone="auction-discards"
        open={open}
        selectable={sel.selectable}
        selected={sel.selected}
        onToggle={sel.toggle}
        disabled={sel.busy}
      />
    </section>
  );
}

/** The player's own side: seat panel, bid, hand (with the sealed plan's notes), set-aside card, piles. */
function MyZone({
  view,
  me,
  mySeat,
  name,
  handNotes,
  commit,
  openDiscards,
  sel,
}: {
  view: DutchAuctionView;
  me: NonNullable<DutchAuctionView['you']>;
  mySeat: DutchAuctionView['seats'][number];
  name: (s: number) => string;
  handNotes: Record<string, string> | undefined;
  commit: boolean;
  openDiscards: boolean;
  sel: Selection;
}) {
  const edition = view.edition;
  return (
    <section class="zone mine" aria-labelledby="me-h">
      <h2 id="me-h">You ({name(me.seat)})</h2>
      <SeatPanel seat={mySeat} view={view} name={name(me.seat)} you />
      {view.phase === 'actions' && (
        <CardRow
          ids={mySeat.bid.map((c) => c.id)}
          bid={mySeat.bid}
          edition={edition}
          zone="my-bid"
          label={edition === '2018' ? 'Your offering' : 'Your bid'}
          caption={`${edition === '2018' ? 'Your offering' : 'Your bid'}${mySeat.bidTotal !== null ? ` (bid total ${mySeat.bidTotal})` : ''}`}
          selectable={sel.selectable}
          selected={sel.selected}
          onToggle={sel.toggle}
          empty="Nothing left in your bid."
          disabled={sel.busy}
        />
      )}
      {(view.phase !== 'actions' || me.hand.length > 0) && (
        <CardRow
          ids={me.hand}
          edition={edition}
          zone="hand"
          label={view.phase === 'actions' ? 'Kept back in your hand' : 'Your hand'}
          caption={view.phase === 'actions' ? 'Kept back in your hand' : 'Your hand'}
          {...(handNotes ? { notes: handNotes } : {})}
          selectable={commit ? new Set(me.hand) : sel.selectable}
          selected={sel.selected}
          onToggle={sel.toggle}
          empty="Your hand is empty."
          disabled={sel.busy}
        />
      )}
      {me.setAside && (
        <div class="aside-line">
          <span>On top of your deck:</span>
          <Card id={me.setAside} edition={edition} context="Set aside on top of your deck" small />
        </div>
      )}
      {me.sealed && view.phase === 'commit' && (
        <p class="note">
          Sealed: {me.sealed.setAside ? `set aside the ${cardName(me.sealed.setAside)}` : 'nothing set aside'}; bid{' '}
          {me.sealed.bid.length ? me.sealed.bid.map(cardName).join(', ') : 'nothing'} (total {bidValue(edition, me.sealed.bid)}).
        </p>
      )}
      <Pile
        title="Your discards"
        ids={me.discards}
        edition={edition}
        zone="my-discards"
        open={openDiscards}
        selectable={sel.selectable}
        selected={sel.selected}
        onToggle={sel.toggle}
        disabled={sel.busy}
      />
      <Pile title="Cards in your deck (in no particular order)" ids={me.deck} edition={edition} zone="my-deck" />
      {mySeat.cashedIn.length > 0 && <Pile title="Your cashed-in cards" ids={mySeat.cashedIn} edition={edition} zone="my-cashed" />}
    </section>
  );
}

function CommitBar({
  view,
  legal,
  selected,
  plan,
  setPlan,
  clear,
  submit,
  busy,
}: {
  view: DutchAuctionView;
  legal: Move[];
  selected: ReadonlySet<CardId>;
  plan: Plan;
  setPlan: (p: Plan) => void;
  clear: () => void;
  submit: (m: unknown) => Promise<boolean>;
  busy: boolean;
}) {
  const edition = view.edition;
  const hand = view.you?.hand ?? [];
  const sel = [...selected];
  const current = edition === 'current';
  const effective = current ? planFor(view, sel[0] ?? null, []) : planFor(view, plan.setAside, plan.bid);
  const emptyHand = hand.length === 0;
  const move = commitFor(legal, emptyHand ? { setAside: null, bid: [] } : effective);
  const kept = hand.filter((id) => id !== effective.setAside && !effective.bid.includes(id));

  const seal = async () => {
    if (move && (await submit(move))) clear();
  };

  return (
    <div class="actionbar" role="region" aria-label="Your choice for this round">
      {emptyHand ? (
        <p>Your hand is empty: you bid nothing this round.</p>
      ) : current ? (
        <p>
          {effective.setAside
            ? `Set aside: the ${cardName(effective.setAside)}. Bid: the other ${effective.bid.length} cards (total ${bidValue(edition, effective.bid)}).`
            : 'Select the card to set aside on top of your deck; the other cards form your bid.'}
        </p>
      ) : (
        <>
          <p>
            Set aside: {effective.setAside ? cardName(effective.setAside) : 'none yet'} · Bid:{' '}
            {effective.bid.length ? `${effective.bid.map(cardName).join(', ')} (total ${bidValue(edition, effective.bid)})` : 'nothing'}
            {kept.length > 0 && ` · Kept in hand: ${kept.length}`}
          </p>
          <div class="buttons">
            <button
              type="button"
              disabled={sel.length !== 1 || busy}
              onClick={() => {
                setPlan({ setAside: sel[0]!, bid: plan.bid.filter((id) => id !== sel[0]) });
                clear();
              }}
            >
              Set aside selected
            </button>
            <button
              type="button"
              disabled={sel.length === 0 || busy}
              onClick={() => {
                setPlan({
                  setAside: plan.setAside && selected.has(plan.setAside) ? null : plan.setAside,
                  bid: [...new Set([...plan.bid, ...sel])].slice(0, 4),
                });
                clear();
              }}
            >
              Bid selected
            </button>
            <button
              type="button"
              disabled={sel.length === 0 || busy}
              onClick={() => {
                setPlan({
                  setAside: plan.setAside && selected.has(plan.setAside) ? null : plan.setAside,
                  bid: plan.bid.filter((id) => !selected.has(id)),
                });
                clear();
              }}
            >
              Keep selected in hand
            </button>
          </div>
        </>
      )}
      <div class="buttons">
        <ConfirmButton
          label="Seal my bid"
          question="Seal this choice? It cannot be changed afterwards."
          confirmLabel="Seal"
          disabled={!move || busy}
          onConfirm={seal}
        />
        {!move && !emptyHand && (!current || effective.setAside) && (
          <span class="hint">{current ? 'That is not a legal choice.' : 'Choose one card to set aside (a bid of up to four cards).'}</span>
        )}
      </div>
    </div>
  );
}

function ActionBar({
  view,
  legal,
  selected,
  clear,
  submit,
  busy,
}: {
  view: DutchAuctionView;
  legal: Move[];
  selected: ReadonlySet<CardId>;
  clear: () => void;
  submit: (m: unknown) => Promise<boolean>;
  busy: boolean;
}) {
  const actions = actionsFor(view, legal, selected);
  const hint = selectionHint(view, legal, selected);
  const canFinish = legal.some((m) => m.kind === 'done');
  const left = view.seats[view.you?.seat ?? -1]?.bid.length ?? 0;
  const kept = view.you?.hand.length ?? 0;
  const act = async (m: Move) => {
    if (await submit(m)) clear();
  };
  return (
    <div class="actionbar" role="region" aria-label="Your actions">
      {selected.size === 0 && (
        <p>
          {view.edition === '2018'
            ? 'Select a display card and that many cards of your offering to buy it, or a power card and its target.'
            : 'Select a display card and as many cards of your bid as its cost to buy it, or a power card and the card it acts on.'}
        </p>
      )}
      {hint && <p class="hint">{hint}</p>}
      {actions.length > 0 && (
        <div class="buttons">
          {actions.map((a) => (
            <button type="button" class="primary" key={a.key} disabled={busy} onClick={() => act(a.move)}>
              {a.label}
            </button>
          ))}
        </div>
      )}
      {actions.map((a) => {
        if (a.move.kind !== 'purchase') return null;
        const card = [...selected].find((id) => slotOf(view, id) !== null);
        if (!card) return null;
        const d = paymentDestinations(view, card, a.move.pay);
        return (
          <p class="hint" key={`${a.key}-where`}>
            {d.own.length > 0 && `${d.own.map(cardName).join(', ')} (same suit) will go to your discards. `}
            {d.auction.length > 0 && `${d.auction.map(cardName).join(', ')} will go to the auction discards.`}
          </p>
        );
      })}
      <div class="buttons">
        {selected.size > 0 && (
          <button type="button" onClick={clear} disabled={busy}>
            Clear selection
          </button>
        )}
        <ConfirmButton
          label="Finish my turn"
          question={
            left + kept > 0
              ? `Finish your turn? The ${plural(left + kept, 'card')} left in your ${kept ? 'bid and hand' : 'bid'} go to your discards.`
              : 'Finish your turn?'
          }
          confirmLabel="Finish"
          disabled={!canFinish || busy}
          onConfirm={() => act({ kind: 'done' })}
        />
        {!canFinish && view.you?.mustBuyOneCost && <span class="hint">You must first buy the card in position 1.</span>}
      </div>
    </div>
  );
}
