/**
 * The board of Dutch (the auction deck-builder): the opponent's card backs and counts, the
 * auction display with its costs, the piles, one's own hand, set-aside card and bid.
 * Select cards, then act; sealing a bid and finishing a turn ask for confirmation.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CardId, Edition } from '#shared/games/dutch-auction/cards.js';
import type { BidCardView, SeatView } from '#shared/games/dutch-auction/view.js';
import { ConfirmButton } from '../../ui/Confirm.js';
import { fmt, t } from '../../i18n.js';
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
  cardName,
  commitFor,
  paymentDestinations,
  planFor,
  selectableCards,
  sealQuestion,
  selectionHint,
  slotOf,
} from './logic.js';

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
        {ids.length === 0 && <p class="empty-note">{empty ?? t('game.dutch-auction.board.noCards')}</p>}
        {ids.map((id) => {
          const b = bid?.find((c) => c.id === id);
          const canPick = !!onToggle && !!selectable?.has(id);
          const note = notes?.[id] ?? (b?.powered ? t('game.dutch-auction.board.charges', { count: b.charges }) : undefined);
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
      <ul class="stats" aria-label={t('game.dutch-auction.board.counts', { name })}>
        {!you && <li>{t('game.dutch-auction.board.stat.hand', { n: seat.handCount })}</li>}
        <li>{t('game.dutch-auction.board.stat.deck', { n: seat.deckCount })}</li>
        <li>{t('game.dutch-auction.board.stat.discards', { n: seat.discardsCount })}</li>
        {phase === 'actions' && <li>{t('game.dutch-auction.board.stat.bought', { n: seat.purchases })}</li>}
        {seat.cashedIn.length > 0 && <li>{t('game.dutch-auction.board.stat.cashedIn', { n: seat.cashedIn.length })}</li>}
      </ul>
      {phase === 'commit' && !you && (
        <p class={seat.committed ? 'badge done' : 'badge'}>
          {seat.committed ? t('game.dutch-auction.board.sealed') : t('game.dutch-auction.board.choosing')}
        </p>
      )}
      {phase === 'actions' && (
        <p class="badge">
          {[
            winner ? t('game.dutch-auction.board.wonBid') : t('game.dutch-auction.board.lostBid'),
            ...(seat.bidTotal !== null ? [t('game.dutch-auction.board.bidTotal', { total: seat.bidTotal })] : []),
            ...(seat.done
              ? [t('game.dutch-auction.board.finished')]
              : view.active === seat.seat
                ? [t('game.dutch-auction.board.actingNow')]
                : []),
          ].join(' · ')}
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
      <summary>{t('game.dutch-auction.board.pile', { title, count: ids.length })}</summary>
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

/** Words under the hand's cards while a choice is being sealed: set aside, bid, or kept in hand. */
function handNotesFor(draft: Plan, hand: readonly CardId[]): Record<CardId, string> | undefined {
  if (!draft.setAside && draft.bid.length === 0) return undefined;
  const note = (id: CardId) =>
    id === draft.setAside
      ? t('game.dutch-auction.board.note.setAside')
      : draft.bid.includes(id)
        ? t('game.dutch-auction.board.note.bid')
        : t('game.dutch-auction.board.note.kept');
  return Object.fromEntries(hand.map((id) => [id, note(id)]));
}

/** The notes above the table: last round's bid, a coin toss, the final rounds. */
function RoundNotes({ view, name }: { view: DutchAuctionView; name: (s: number) => string }) {
  const prev = view.previous;
  return (
    <>
      {prev && view.phase !== 'over' && (
        <p class="note">
          {t('game.dutch-auction.board.previous', {
            round: prev.round,
            name: name(prev.bidWinner),
            total: prev.bidTotals[prev.bidWinner] ?? 0,
            other: prev.bidTotals[1 - prev.bidWinner] ?? 0,
          })}
        </p>
      )}
      {view.tieTossed && <p class="note">{t('game.dutch-auction.board.tieTossed')}</p>}
      {view.finalRounds && view.phase !== 'over' && <p class="note warn">{t('game.dutch-auction.board.finalRounds')}</p>}
    </>
  );
}

export function DutchAuctionBoard({ match, submit, busy }: BoardProps) {
  const view = match.view as DutchAuctionView | null;
  if (view?.game !== 'dutch-auction') return <p>{t('game.dutch-auction.board.waiting')}</p>;
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
  const handNotes = draft && me ? handNotesFor(draft, me.hand) : undefined;

  const others = view.seats.filter((s) => s.seat !== me?.seat);
  const mySeat = me ? view.seats[me.seat] : undefined;
  const takeFrom = (src: string) => legal.some((m) => m.kind === 'power' && m.from === src);
  const sel: Selection = { selectable, selected, toggle, busy };

  return (
    <div class="dutch" data-phase={view.phase} data-round={view.round}>
      <RoundNotes view={view} name={name} />

      {/* On a phone the zones stack in this order: one's own cards and the bar to seal a bid first, what
          one must act on; the auction and then the others below. A wide screen places them by CSS order. */}
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
      <AuctionZone view={view} open={acting && takeFrom('auction-discards')} sel={sel} />

      {acting && <ActionBar view={view} legal={legal} selected={selected} clear={() => setPicked(new Set())} submit={submit} busy={busy} />}

      {others.map((s) => (
        <section class="zone opponent" key={s.seat} aria-labelledby={`seat-${s.seat}-h`}>
          <h2 id={`seat-${s.seat}-h`} translate={false}>
            {name(s.seat)}
          </h2>
          <SeatPanel seat={s} view={view} name={name(s.seat)} you={false} />
          <Backs count={s.handCount} label={t('game.dutch-auction.board.theirHand', { name: name(s.seat) })} />
          {view.phase === 'actions' && (
            <CardRow
              ids={s.bid.map((c) => c.id)}
              bid={s.bid}
              edition={edition}
              zone={me ? 'opp-bid' : `bid-${s.seat}`}
              label={t('game.dutch-auction.board.theirBid', { name: name(s.seat), edition })}
              caption={
                s.bidTotal !== null
                  ? t('game.dutch-auction.board.theirBidTotal', { name: name(s.seat), edition, total: s.bidTotal })
                  : t('game.dutch-auction.board.theirBid', { name: name(s.seat), edition })
              }
              selectable={selectable}
              selected={selected}
              onToggle={toggle}
              empty={t('game.dutch-auction.board.theirBidEmpty')}
              disabled={busy}
            />
          )}
          {s.cashedIn.length > 0 && (
            <Pile
              title={t('game.dutch-auction.board.theirCashedIn', { name: name(s.seat) })}
              ids={s.cashedIn}
              edition={edition}
              zone="cashed"
            />
          )}
        </section>
      ))}
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
      <h2 id="auction-h">{t('game.dutch-auction.board.auction')}</h2>
      <p class="stats-line">{t('game.dutch-auction.board.auctionDeck', { count: view.auction.deckCount })}</p>
      <ol class="display" data-zone="display" aria-label={t('game.dutch-auction.board.display')}>
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
                context={t('game.dutch-auction.board.displaySlot', { slot: d.slot, cost: d.cost })}
                selected={sel.selected.has(d.card)}
                {...(sel.selectable.has(d.card) ? { onToggle: sel.toggle } : {})}
                disabled={sel.busy}
              />
            ) : (
              <span class="card placeholder" role="img" aria-label={t('game.dutch-auction.board.displayEmpty', { slot: d.slot })} />
            )}
          </li>
        ))}
      </ol>
      <Pile
        title={t('game.dutch-auction.board.auctionDiscards')}
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
      <h2 id="me-h">{t('game.dutch-auction.board.you', { name: name(me.seat) })}</h2>
      <SeatPanel seat={mySeat} view={view} name={name(me.seat)} you />
      {view.phase === 'actions' && (
        <CardRow
          ids={mySeat.bid.map((c) => c.id)}
          bid={mySeat.bid}
          edition={edition}
          zone="my-bid"
          label={t('game.dutch-auction.board.yourBid', { edition })}
          caption={
            mySeat.bidTotal !== null
              ? t('game.dutch-auction.board.yourBidTotal', { edition, total: mySeat.bidTotal })
              : t('game.dutch-auction.board.yourBid', { edition })
          }
          selectable={sel.selectable}
          selected={sel.selected}
          onToggle={sel.toggle}
          empty={t('game.dutch-auction.board.yourBidEmpty')}
          disabled={sel.busy}
        />
      )}
      {(view.phase !== 'actions' || me.hand.length > 0) && (
        <CardRow
          ids={me.hand}
          edition={edition}
          zone="hand"
          label={view.phase === 'actions' ? t('game.dutch-auction.board.keptBack') : t('game.dutch-auction.board.yourHand')}
          caption={view.phase === 'actions' ? t('game.dutch-auction.board.keptBack') : t('game.dutch-auction.board.yourHand')}
          {...(handNotes ? { notes: handNotes } : {})}
          selectable={commit ? new Set(me.hand) : sel.selectable}
          selected={sel.selected}
          onToggle={sel.toggle}
          empty={t('game.dutch-auction.board.handEmpty')}
          disabled={sel.busy}
        />
      )}
      {me.setAside && (
        <div class="aside-line">
          <span>{t('game.dutch-auction.board.onTop')}</span>
          <Card id={me.setAside} edition={edition} context={t('game.dutch-auction.board.onTopContext')} small />
        </div>
      )}
      {me.sealed && view.phase === 'commit' && (
        <p class="note">
          {t(me.sealed.setAside ? 'game.dutch-auction.board.sealedChoice' : 'game.dutch-auction.board.sealedNothingAside', {
            card: me.sealed.setAside ? cardName(me.sealed.setAside) : '',
            count: me.sealed.bid.length,
            bid: fmt.list(me.sealed.bid.map(cardName)),
            total: bidValue(edition, me.sealed.bid),
          })}
        </p>
      )}
      <Pile
        title={t('game.dutch-auction.board.yourDiscards')}
        ids={me.discards}
        edition={edition}
        zone="my-discards"
        open={openDiscards}
        selectable={sel.selectable}
        selected={sel.selected}
        onToggle={sel.toggle}
        disabled={sel.busy}
      />
      <Pile title={t('game.dutch-auction.board.yourDeck')} ids={me.deck} edition={edition} zone="my-deck" />
      {mySeat.cashedIn.length > 0 && (
        <Pile title={t('game.dutch-auction.board.yourCashedIn')} ids={mySeat.cashedIn} edition={edition} zone="my-cashed" />
      )}
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
    <div class="actionbar" role="region" aria-label={t('game.dutch-auction.board.commit.region')}>
      {emptyHand ? (
        <p>{t('game.dutch-auction.board.commit.emptyHand')}</p>
      ) : current ? (
        <p>
          {effective.setAside
            ? t('game.dutch-auction.board.commit.current', {
                card: cardName(effective.setAside),
                count: effective.bid.length,
                total: bidValue(edition, effective.bid),
              })
            : t('game.dutch-auction.board.commit.currentPick')}
        </p>
      ) : (
        <>
          <p>
            {[
              effective.setAside
                ? t('game.dutch-auction.board.commit.aside', { card: cardName(effective.setAside) })
                : t('game.dutch-auction.board.commit.asideNone'),
              effective.bid.length
                ? t('game.dutch-auction.board.commit.bid', {
                    bid: fmt.list(effective.bid.map(cardName)),
                    total: bidValue(edition, effective.bid),
                  })
                : t('game.dutch-auction.board.commit.bidNone'),
              ...(kept.length > 0 ? [t('game.dutch-auction.board.commit.kept', { count: kept.length })] : []),
            ].join(' · ')}
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
              {t('game.dutch-auction.board.commit.setAside')}
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
              {t('game.dutch-auction.board.commit.bidSelected')}
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
              {t('game.dutch-auction.board.commit.keep')}
            </button>
          </div>
        </>
      )}
      <div class="buttons">
        <ConfirmButton
          label={t('game.dutch-auction.board.commit.seal')}
          question={sealQuestion(view)}
          confirmLabel={t('game.dutch-auction.board.commit.sealConfirm')}
          disabled={!move || busy}
          onConfirm={seal}
        />
        {!move && !emptyHand && (!current || effective.setAside) && (
          <span class="hint">
            {current ? t('game.dutch-auction.board.commit.illegal') : t('game.dutch-auction.board.commit.choose2018')}
          </span>
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
    <div class="actionbar" role="region" aria-label={t('game.dutch-auction.board.actions.region')}>
      {selected.size === 0 && (
        <p>{view.edition === '2018' ? t('game.dutch-auction.board.actions.intro2018') : t('game.dutch-auction.board.actions.intro')}</p>
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
            {[
              ...(d.own.length > 0
                ? [t('game.dutch-auction.board.actions.toOwn', { cards: fmt.list(d.own.map(cardName)), count: d.own.length })]
                : []),
              ...(d.auction.length > 0
                ? [t('game.dutch-auction.board.actions.toAuction', { cards: fmt.list(d.auction.map(cardName)), count: d.auction.length })]
                : []),
            ].join(' ')}
          </p>
        );
      })}
      <div class="buttons">
        {selected.size > 0 && (
          <button type="button" onClick={clear} disabled={busy}>
            {t('game.dutch-auction.board.actions.clear')}
          </button>
        )}
        <ConfirmButton
          label={t('game.dutch-auction.board.actions.finish')}
          question={
            left + kept > 0
              ? t(kept ? 'game.dutch-auction.board.actions.finishQuestionHand' : 'game.dutch-auction.board.actions.finishQuestionBid', {
                  count: left + kept,
                })
              : t('game.dutch-auction.board.actions.finishQuestion')
          }
          confirmLabel={t('game.dutch-auction.board.actions.finishConfirm')}
          disabled={!canFinish || busy}
          onConfirm={() => act({ kind: 'done' })}
        />
        {!canFinish && view.you?.mustBuyOneCost && <span class="hint">{t('game.dutch-auction.board.actions.mustBuy')}</span>}
      </div>
    </div>
  );
}
