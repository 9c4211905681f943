/**
 * The page of The Dutch Golden Age: the SVG board, the action panel, the players, one's own hand,
 * the auction under way and the last roll.
 *
 * Playing is done on the board where that is natural: select a province, guild or colony box
 * (highlighted when something can be done there) and its actions appear in the panel; with a
 * province of your tokens selected, a neighbouring province is one click away. Everything else
 * (roll, cash in, bid, pass, end the turn) is a button. Every action comes from the legal moves
 * of the match answer, and anything that costs money asks first.
 */
import type { Ref } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { COSTS, type GuildColour, type ProvinceId } from '#shared/games/golden-age/board.js';
import { fmt } from '../../i18n.js';
import { seatName } from '../../text.js';
import { ChangedTag, useChanged } from '../changed.js';
import type { BoardProps } from '../types.js';
import { BoardSvg, Piece, type SvgProps } from './BoardSvg.js';
import {
  type Action,
  type BoardKey,
  type GoldenAgeView,
  type Move,
  type Names,
  type Place,
  actionsAt,
  activePlaces,
  cardTitle,
  colourAction,
  colourAdj,
  colourWord,
  deckName,
  describe,
  generalActions,
  handBacksText,
  money,
  moveTargets,
  placeKey,
  provinceName,
  seatLetters,
  tb,
} from './logic.js';
import './board.css';

export function GoldenAgeBoard({ match, submit, busy }: BoardProps) {
  const view = match.view as GoldenAgeView | null;
  if (view?.game !== 'golden-age') return <p>{tb('waiting')}</p>;
  return <GoldenAgeTable match={match} view={view} submit={submit} busy={busy} />;
}

function GoldenAgeTable({ match, view, submit, busy }: BoardProps & { view: GoldenAgeView }) {
  const legal = match.legalMoves as Move[];
  const name = (s: number) => seatName(match.seats, s);
  const letters = useMemo(() => seatLetters(match.seats.map((s) => seatName(match.seats, s.seat))), [match.seats]);
  const names = { province: provinceName, seat: name };

  const [selected, setSelected] = useState<Place | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  const [refused, setRefused] = useState(false);

  // A new phase or turn starts with a clean slate.
  const phaseKey = `${view.turn}:${view.phase}:${view.toAct.join(',')}`;
  useEffect(() => {
    setSelected(null);
    setPending(null);
  }, [phaseKey]);
  // A question about a move that is no longer legal is withdrawn.
  useEffect(() => {
    if (pending && !legal.some((m) => JSON.stringify(m) === pending.key)) setPending(null);
  }, [match.version]);

  const active = useMemo(() => activePlaces(legal), [legal]);
  const targets = selected?.kind === 'province' ? moveTargets(legal, selected.id) : [];

  const { act, cancel } = useActions(submit, pending, setPending, setRefused);

  const onPlace = (p: Place) => {
    if (busy) return;
    if (selected?.kind === 'province' && p.kind === 'province' && targets.includes(p.id)) {
      const move = legal.find((m) => m.kind === 'move-token' && m.from === selected.id && m.to === p.id);
      if (move) {
        void act(describe(view, move, names));
        return;
      }
    }
    setPending(null);
    setSelected(p);
  };

  const mySeat = view.viewer;
  // Whoever's turn it is, a player may cash in sets (the only moves offered out of turn); the
  // board itself answers only the player whose turn it is.
  const acting = legal.length > 0 && mySeat !== null && view.toAct.includes(mySeat);
  const cashing = !acting && mySeat !== null ? legal.filter((m) => m.kind === 'exchange').map((m) => describe(view, m, names)) : [];

  useBringActionsIntoView(acting, selected, pending, phaseKey);

  return (
    <div class="ga" data-phase={view.phase} data-turn={view.turn} data-viewer={mySeat ?? ''}>
      <BoardZone
        view={view}
        letters={letters}
        name={name}
        active={acting ? active : new Set()}
        selected={selected}
        targets={acting ? targets : []}
        onPlace={onPlace}
        disabled={busy}
      />
      <div class="ga-side">
        <Status view={view} name={name} />
        {acting && (
          <ActionPanel
            view={view}
            legal={legal}
            selected={selected}
            pending={pending}
            busy={busy}
            refused={refused}
            names={names}
            act={act}
            cancel={cancel}
            select={(p) => {
              setPending(null);
              setSelected(p);
            }}
          />
        )}
        {cashing.length > 0 && <CashPanel actions={cashing} busy={busy} refused={refused} act={act} />}
        {!acting && selected && (
          <PlaceInfo view={view} place={selected} name={name} provinceName={provinceName} onClose={() => setSelected(null)} />
        )}
        <Players view={view} letters={letters} name={name} toAct={match.toAct} />
        {view.hand !== null && <Hand view={view} />}
        <BankAndDecks view={view} />
      </div>
    </div>
  );
}

/** The board, with the button that enlarges it. */
function BoardZone(props: SvgProps) {
  const [zoomed, setZoomed] = useState(false);
  return (
    <section class={zoomed ? 'ga-board zoomed' : 'ga-board'} aria-label={tb('region')}>
      <div class="ga-board-tools">
        <button type="button" class="ga-zoom" aria-pressed={zoomed ? 'true' : 'false'} onClick={() => setZoomed(!zoomed)}>
          {zoomed ? tb('zoomOut') : tb('zoomIn')}
        </button>
      </div>
      <div class="ga-board-scroll">
        <BoardSvg {...props} />
      </div>
      <ChangedPlaces view={props.view} />
    </section>
  );
}

/** The places whose pieces changed, by name under the board (the board itself is a picture). */
function ChangedPlaces({ view }: { view: GoldenAgeView }) {
  const changes = useChanged();
  const names = [
    ...view.provinces.filter((p) => changes.keys.has(`place:${p.id}`)).map((p) => provinceName(p.id)),
    ...view.guilds.filter((g) => changes.keys.has(`place:${g.colour}`)).map((g) => tb('guildOf', { colour: colourAdj(g.colour) })),
    ...view.colonies.filter((c) => changes.keys.has(`place:${c.box}`)).map((c) => tb('changed.colony', { box: c.box })),
  ];
  if (names.length === 0) return null;
  return (
    <p class="changed-places">
      <span class="changed-tag">{changes.words}</span>: {names.join(', ')}
    </p>
  );
}

// Focus stays where the player is working: selecting a place leaves it on the place (like any
// toggle button), and a move only moves focus when the element the player used went away (the
// Roll button after the roll, a question once answered). It then goes back to what asked the
// question if that is still there, else to the top of the action panel, else to the status.
function restoreFocus(back: Element | null) {
  const words = back instanceof HTMLButtonElement ? back.textContent : null;
  requestAnimationFrame(() => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    // A button drawn again (the panel is redrawn after a question) is the same control.
    const again = words
      ? [...document.querySelectorAll<HTMLButtonElement>('.ga-actions button')].find((b) => b.textContent === words)
      : null;
    for (const el of [back, again, document.getElementById('ga-actions-h'), document.getElementById('ga-status')]) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement) || !el.isConnected) continue;
      el.focus();
      if (document.activeElement === el) return;
    }
  });
}

/** Acting on an action (asking first when it has a question) and withdrawing the question. */
function useActions(
  submit: BoardProps['submit'],
  pending: Action | null,
  setPending: (a: Action | null) => void,
  setRefused: (r: boolean) => void,
) {
  const opener = useRef<Element | null>(null);
  const ask = (a: Action) => {
    opener.current = document.activeElement;
    setPending(a);
  };

  const act = async (a: Action) => {
    setRefused(false);
    if (a.question && pending?.key !== a.key) {
      ask(a);
      return;
    }
    const from = pending ? opener.current : document.activeElement;
    opener.current = null;
    setPending(null);
    const ok = await submit(a.move);
    if (!ok) setRefused(true);
    restoreFocus(from);
  };

  const cancel = () => {
    const back = opener.current;
    opener.current = null;
    setPending(null);
    restoreFocus(back);
  };
  return { act, cancel };
}

// On a phone the action panel sits below the board: when something to do appears there (the
// turn comes, a place is selected, a question is asked) the page brings it into view.
function useBringActionsIntoView(acting: boolean, selected: Place | null, pending: Action | null, phaseKey: string) {
  const wasActing = useRef(acting);
  useEffect(() => {
    const arrived = acting && !wasActing.current;
    wasActing.current = acting;
    if (!acting || !(arrived || selected || pending)) return;
    // The part that matters: the selected place's actions, else the whole panel ('nearest' does
    // nothing when it is already in view, and shows the top of what is taller than the screen).
    const target = document.querySelector('.ga-actions .ga-here, .ga-actions.asking') ?? document.querySelector('.ga-actions');
    target?.scrollIntoView({ block: 'nearest' });
  }, [acting, selected, pending?.key, phaseKey]);
}

// --------------------------------------------------------------------------------- status

function Status({ view, name }: { view: GoldenAgeView; name: (s: number) => string }) {
  const r = view.lastRoll;
  const box = view.steward === null ? null : view.track[view.steward];
  const pname = provinceName;
  const boxWords = (b: NonNullable<typeof box>) =>
    b.kind === 'provinces'
      ? tb('status.two', { a: pname(b.provinces[0]!), b: pname(b.provinces[1]!) })
      : b.kind === 'merchant'
        ? b.governorOf
          ? tb('status.merchantGov', { province: pname(b.governorOf) })
          : tb('status.merchant')
        : tb('willem');
  const a = view.auction;
  return (
    <section class="zone ga-status" id="ga-status" tabIndex={-1} aria-label={tb('status.region')}>
      {box ? (
        <p class="ga-steward-line" data-box={box.box}>
          {tb('status.steward', { box: box.box, where: boxWords(box) })}
        </p>
      ) : (
        <p>{tb('status.noSteward')}</p>
      )}
      {r && (
        <p class="ga-roll-line">
          {r.dice
            ? tb('status.rolled', {
                name: name(r.seat),
                a: r.dice[0],
                b: r.dice[1],
                steps: r.steps,
                from: r.from,
                to: r.to,
              })
            : tb('status.diceCard', { name: name(r.seat), steps: r.steps, from: r.from, to: r.to })}
        </p>
      )}
      {a && (
        <div class="ga-auction" data-high={a.high ? `${a.high.seat}:${a.high.amount}` : ''} data-bidder={a.bidder}>
          <h2>{tb('auction.title')}</h2>
          <p>
            {tb('auction.what', {
              name: name(a.auctioneer),
              colour: colourAdj(a.colour),
              province: pname(a.province),
              action: colourAction(a.colour, true),
            })}
          </p>
          <p class="ga-high">
            {a.high ? tb('auction.high', { name: name(a.high.seat), amount: money(a.high.amount) }) : tb('auction.noBid')}
          </p>
          {a.passed.length > 0 && <p>{tb('auction.passed', { names: fmt.list(a.passed.map(name)) })}</p>}
          <p class="ga-bidder">
            {tb('auction.toBid')} <strong translate={false}>{name(a.bidder)}</strong> {tb('auction.atLeast', { amount: money(a.minBid) })}
          </p>
        </div>
      )}
      {view.pending && (
        <p class="ga-pending">
          {tb('auction.pending', {
            name: name(view.pending.winner),
            province: pname(view.pending.province),
            colour: colourAdj(view.pending.colour),
          })}
        </p>
      )}
      {view.phase === 'over' && view.winner !== null && <p class="ga-winner">{tb('winner', { name: name(view.winner) })}</p>}
    </section>
  );
}

// ------------------------------------------------------------------------------ the actions

function placeTitle(view: GoldenAgeView, p: Place, provinceName: (id: ProvinceId) => string): string {
  switch (p.kind) {
    case 'province': {
      const c = view.provinces.find((x) => x.id === p.id)?.colour;
      return tb('place.province', { province: provinceName(p.id), colour: c ? colourAdj(c) : '' });
    }
    case 'guild':
      return tb('place.guild', { colour: colourAdj(p.colour) });
    case 'colony':
      return p.box === 7 ? tb('place.west') : tb('eastBox', { box: p.box });
    case 'box':
      return tb('place.box', { box: p.box });
  }
}

function placeFacts(view: GoldenAgeView, p: Place, name: (s: number) => string): string[] {
  const owner = (m: { owner: number; used: boolean } | null) =>
    m ? (m.used ? tb('usedThisTurn', { name: name(m.owner) }) : name(m.owner)) : tb('nobody');
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : tb('none'));
  const special = (c: GuildColour) => tb('fact.special', { action: colourAction(c) });
  if (p.kind === 'province') {
    const pr = view.provinces.find((x) => x.id === p.id);
    if (!pr) return [];
    const toks = pr.tokens.flatMap((n, s) => (n > 0 ? [tb('seatCount', { name: name(s), count: n })] : []));
    return [
      special(pr.colour),
      tb('fact.marker', { owner: owner(pr.marker) }),
      tb('fact.tokens', { list: list(toks) }),
      tb('fact.borders', { list: pr.adjacent.map(provinceName).join(', ') }),
    ];
  }
  if (p.kind === 'guild') {
    const g = view.guilds.find((x) => x.colour === p.colour);
    if (!g) return [];
    return [
      tb('fact.heldBy', { owner: owner(g.holder) }),
      g.nextPrice === null ? tb('fact.full') : tb('fact.takeover', { amount: money(g.nextPrice) }),
      special(g.colour),
    ];
  }
  if (p.kind === 'colony') {
    const c = view.colonies.find((x) => x.box === p.box);
    if (!c) return [];
    const markers = list(c.markers.map(owner));
    return [
      c.capacity === null ? tb('fact.colonyAll', { list: markers }) : tb('fact.colonyOne', { list: markers }),
      tb('fact.spice', { amount: money(c.spicePrice) }),
    ];
  }
  return view.track[p.box]?.kind === 'merchant' ? [tb('fact.merchant')] : [];
}

function PlaceInfo({
  view,
  place,
  name,
  provinceName,
  onClose,
}: {
  view: GoldenAgeView;
  place: Place;
  name: (s: number) => string;
  provinceName: (id: ProvinceId) => string;
  onClose: () => void;
}) {
  return (
    <section class="zone ga-place-info" aria-label={tb('selected')}>
      <h2>{placeTitle(view, place, provinceName)}</h2>
      {placeFacts(view, place, name).map((f) => (
        <p key={f}>{f}</p>
      ))}
      <button type="button" onClick={onClose}>
        {tb('close')}
      </button>
    </section>
  );
}

function ActionButton({ a, act, busy, primary }: { a: Action; act: (a: Action) => void; busy: boolean; primary?: boolean }) {
  return (
    <button type="button" class={primary ? 'primary' : ''} disabled={busy} data-move={a.move.kind} onClick={() => act(a)}>
      {a.label}
    </button>
  );
}

/** The hint under "Your move" in each phase (keys: the words are looked up at render). */
const PHASE_HINT: Readonly<Record<string, BoardKey>> = {
  'setup-marker': 'hint.setup-marker',
  'setup-tokens': 'hint.setup-tokens',
  'setup-steward': 'hint.setup-steward',
  roll: 'hint.roll',
  actions: 'hint.actions',
  auction: 'hint.auction',
  'auction-action': 'hint.auction-action',
};

function ActionPanel({
  view,
  legal,
  selected,
  pending,
  busy,
  refused,
  names,
  act,
  cancel,
  select,
}: {
  view: GoldenAgeView;
  legal: readonly Move[];
  selected: Place | null;
  pending: Action | null;
  busy: boolean;
  refused: boolean;
  names: Names;
  act: (a: Action) => void;
  cancel: () => void;
  select: (p: Place | null) => void;
}) {
  const clear = () => select(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending?.key]);

  const here = selected ? actionsAt(view, legal, selected, names) : [];
  const general = generalActions(view, legal, names);
  const dice = general.filter((a) => a.move.kind === 'play-dice');
  const bids = general.filter((a) => a.move.kind === 'bid');
  const others = general.filter((a) => a.move.kind !== 'play-dice' && a.move.kind !== 'bid' && a.move.kind !== 'end-turn');
  const end = general.find((a) => a.move.kind === 'end-turn');

  if (pending) return <ConfirmPanel pending={pending} busy={busy} act={act} cancel={cancel} confirmRef={confirmRef} />;

  return (
    <section class="zone ga-actions" aria-labelledby="ga-actions-h">
      <h2 id="ga-actions-h" tabIndex={-1}>
        {tb('yourMove')}
      </h2>
      <p class="hint">
        {view.phase === 'auction-action' && view.pending?.colour === 'green'
          ? tb('hint.greenPrize')
          : PHASE_HINT[view.phase]
            ? tb(PHASE_HINT[view.phase]!)
            : ''}
      </p>
      <p class="visually-hidden" aria-live="polite">
        {selected
          ? here.length === 0
            ? tb('selectedNothing', { place: placeTitle(view, selected, names.province) })
            : tb('selectedSome', { place: placeTitle(view, selected, names.province), count: here.length })
          : ''}
      </p>
      {refused && <p class="ga-refused">{tb('refused')}</p>}
      {selected && <HereActions view={view} selected={selected} here={here} names={names} busy={busy} act={act} clear={clear} />}
      {others.length > 0 && (
        <div class="buttons">
          {others.map((a) => (
            <ActionButton key={a.key} a={a} act={act} busy={busy} primary={a.move.kind === 'roll' || a.move.kind === 'prize-card'} />
          ))}
        </div>
      )}
      {bids.length > 0 && (
        <fieldset class="ga-choice ga-bids">
          <legend>{tb('yourBid')}</legend>
          <div class="buttons">
            {bids.map((a) => (
              <ActionButton key={a.key} a={a} act={act} busy={busy} primary />
            ))}
          </div>
        </fieldset>
      )}
      {dice.length > 0 && (
        <fieldset class="ga-choice">
          <legend>{tb('diceLegend')}</legend>
          <div class="buttons">
            {dice.map((a) => (
              <button type="button" key={a.key} disabled={busy} aria-label={a.label} onClick={() => act(a)}>
                {(a.move as { value: number }).value}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {end && (
        <div class="buttons ga-end">
          <ActionButton a={end} act={act} busy={busy} />
        </div>
      )}
    </section>
  );
}

/** The question asked before a move that costs money, with its Confirm and Cancel buttons. */
function ConfirmPanel({
  pending,
  busy,
  act,
  cancel,
  confirmRef,
}: {
  pending: Action;
  busy: boolean;
  act: (a: Action) => void;
  cancel: () => void;
  confirmRef: Ref<HTMLButtonElement>;
}) {
  return (
    <section class="zone ga-actions asking" aria-label={tb('confirmRegion')}>
      <div
        class="confirm"
        role="group"
        aria-label={pending.question ?? pending.label}
        onKeyDown={(e) => {
          if (e.key === 'Escape') cancel();
        }}
      >
        <p>{pending.question ?? pending.label}</p>
        <button type="button" ref={confirmRef} class="primary" disabled={busy} onClick={() => act(pending)}>
          {pending.confirmLabel ?? tb('confirm')}
        </button>
        <button type="button" onClick={cancel}>
          {tb('cancel')}
        </button>
      </div>
    </section>
  );
}

/** The selected place in the action panel: what lies there and what can be done there. */
function HereActions({
  view,
  selected,
  here,
  names,
  busy,
  act,
  clear,
}: {
  view: GoldenAgeView;
  selected: Place;
  here: readonly Action[];
  names: Names;
  busy: boolean;
  act: (a: Action) => void;
  clear: () => void;
}) {
  const tokenBuys = here.filter((a) => a.move.kind === 'buy-token');
  const hereOthers = here.filter((a) => a.move.kind !== 'buy-token');
  return (
    <div class="ga-here" data-place={placeKey(selected)}>
      <h3>{placeTitle(view, selected, names.province)}</h3>
      {placeFacts(view, selected, names.seat).map((f) => (
        <p key={f} class="ga-fact">
          {f}
        </p>
      ))}
      {here.length === 0 && <p class="hint">{tb('nothingHere')}</p>}
      {selected.kind === 'province' && here.some((a) => a.move.kind === 'move-token') && <p class="hint">{tb('moveHint')}</p>}
      {hereOthers.length > 0 && (
        <div class="buttons">
          {hereOthers.map((a) => (
            <ActionButton key={a.key} a={a} act={act} busy={busy} primary />
          ))}
        </div>
      )}
      {tokenBuys.length > 0 && (
        <fieldset class="ga-choice">
          <legend>{tb('buyTokenLegend', { amount: money(COSTS.token * 2) })}</legend>
          <div class="buttons">
            {tokenBuys.map((a) => (
              <ActionButton key={a.key} a={a} act={act} busy={busy} />
            ))}
          </div>
        </fieldset>
      )}
      <div class="buttons">
        <button type="button" class="ga-clear" onClick={clear}>
          {tb('clear')}
        </button>
      </div>
    </div>
  );
}

/** Out of turn (another player acting, or an auction someone else bids in), sets may still be cashed in. */
function CashPanel({
  actions,
  busy,
  refused,
  act,
}: {
  actions: readonly Action[];
  busy: boolean;
  refused: boolean;
  act: (a: Action) => void;
}) {
  return (
    <section class="zone ga-cash" aria-labelledby="ga-cash-h">
      <h2 id="ga-cash-h" tabIndex={-1}>
        {tb('cashTitle')}
      </h2>
      <p class="hint">{tb('cashHint')}</p>
      {refused && <p class="ga-refused">{tb('refused')}</p>}
      <div class="buttons">
        {actions.map((a) => (
          <ActionButton key={a.key} a={a} act={act} busy={busy} />
        ))}
      </div>
    </section>
  );
}

// -------------------------------------------------------------------------------- players

/** The sources of points, in the order "Points in detail" lists them. */
const SCORE_PARTS = ['tokens', 'provinceMarkers', 'eastIndies', 'westIndies', 'paintings', 'windmills', 'governors', 'money'] as const;

function PieceSwatch({ seat, letter }: { seat: number; letter: string }) {
  return (
    <svg class="ga-swatch" viewBox="-16 -16 32 32" aria-hidden="true">
      <Piece seat={seat} x={0} y={0} size={11} letter={letter} />
    </svg>
  );
}

function Players({
  view,
  letters,
  name,
  toAct,
}: {
  view: GoldenAgeView;
  letters: readonly string[];
  name: (s: number) => string;
  toAct: readonly number[];
}) {
  return (
    <section class="zone ga-players" aria-labelledby="ga-players-h">
      <h2 id="ga-players-h">{tb('players')}</h2>
      <p class="hint">{tb('playersHint', { target: view.target })}</p>
      <ul>
        {view.players.map((p) => {
          const s = p.score;
          const breakdown = SCORE_PARTS.map((k) => [k, s[k]] as const);
          return (
            <li
              key={p.seat}
              class={`ga-player${toAct.includes(p.seat) ? ' to-act' : ''}${view.current === p.seat ? ' current' : ''}`}
              data-seat={p.seat}
              data-money={p.money}
              data-score={s.total}
            >
              <div class="ga-player-head">
                <PieceSwatch seat={p.seat} letter={letters[p.seat] ?? '?'} />
                <strong>
                  <span translate={false}>{name(p.seat)}</span>
                  {view.viewer === p.seat ? ` ${tb('you')}` : ''}
                </strong>
                {view.current === p.seat && view.phase !== 'over' && <span class="badge">{tb('actingPlayer')}</span>}
                {view.auction?.bidder === p.seat && <span class="badge your-move">{tb('toBid')}</span>}
                <ChangedTag k={`player:${p.seat}`} />
              </div>
              <ul class="stats">
                <li class="ga-money">{tb('stat.money', { amount: money(p.money) })}</li>
                <li class="ga-score">{tb('stat.points', { total: s.total, target: view.target })}</li>
                <li>{tb('stat.tokens', { count: p.tokensInReserve })}</li>
                <li>{tb('stat.markers', { count: p.markersInReserve })}</li>
                <li class="ga-hand-count">
                  {p.handCount > 0
                    ? tb('stat.handBacks', { count: p.handCount, backs: handBacksText(p.handBacks) })
                    : tb('stat.hand', { count: p.handCount })}
                </li>
              </ul>
              {(p.paintings.length > 0 || p.windmills > 0 || p.governors.length > 0) && (
                <ul class="ga-faceup" aria-label={tb('faceUp', { name: name(p.seat) })}>
                  {p.paintings.map((pt) => (
                    <li key={pt.card.id} class={pt.finished ? 'done' : ''}>
                      {pt.finished
                        ? tb('paintingDone', { card: cardTitle(pt.card) })
                        : tb('paintingPaid', { card: cardTitle(pt.card), paid: pt.paid, payments: pt.payments })}
                    </li>
                  ))}
                  {p.windmills > 0 && <li>{tb('windmills', { count: p.windmills })}</li>}
                  {p.governors.map((g) => (
                    <li key={g}>{tb('governorOf', { province: provinceName(g) })}</li>
                  ))}
                </ul>
              )}
              <details class="ga-breakdown">
                <summary>{tb('pointsDetail')}</summary>
                <ul class="stats">
                  {breakdown.map(([k, v]) => (
                    <li key={k}>
                      {tb(`outcome.${k}`)}: {v}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Hand({ view }: { view: GoldenAgeView }) {
  const hand = view.hand ?? [];
  return (
    <section class="zone ga-hand mine" aria-labelledby="ga-hand-h">
      <h2 id="ga-hand-h">{tb('yourHand')}</h2>
      {hand.length === 0 ? (
        <p class="empty-note">{tb('emptyHand')}</p>
      ) : (
        <ul class="ga-cards">
          {hand.map((c) => (
            <li key={c.id} class={`ga-card deck-${c.deck}`} data-card={c.id}>
              <span class="ga-card-deck">{deckName(c.deck)}</span>
              <span class="ga-card-name">{cardTitle(c)}</span>
            </li>
          ))}
        </ul>
      )}
      <p class="hint">{tb('handHint')}</p>
    </section>
  );
}

function BankAndDecks({ view }: { view: GoldenAgeView }) {
  return (
    <section class="zone ga-decks" aria-labelledby="ga-decks-h">
      <h2 id="ga-decks-h">{tb('bankDecks')}</h2>
      <p class="ga-bank-line">{tb('bankLine', { amount: money(view.bank) })}</p>
      <ul class="stats">
        {view.decks.map((d) => (
          <li key={d.deck} data-deck={d.deck}>
            {d.discard.length
              ? tb('deckLineDiscard', {
                  deck: deckName(d.deck),
                  colour: colourWord(d.colour as GuildColour),
                  count: d.count,
                  discarded: d.discard.length,
                })
              : tb('deckLine', {
                  deck: deckName(d.deck),
                  colour: colourWord(d.colour as GuildColour),
                  count: d.count,
                })}
          </li>
        ))}
      </ul>
    </section>
  );
}
