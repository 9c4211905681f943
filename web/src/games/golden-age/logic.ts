/**
 * What the Golden Age board offers, worked out from the engine's legal moves (sent with every
 * match answer) and the place the player has selected on the board. Pure functions: the board
 * only draws what these return, so every action on the page is one of the legal moves.
 *
 * A move belongs to the place it happens at (a province, a guild column, a colony box, a track
 * box); moves that belong nowhere in particular (roll, cash in, bid, end the turn…) are general.
 */
import {
  CASH_SETS,
  COLOUR_ACTION,
  COSTS,
  DECK_COLOUR,
  type DeckId,
  type GuildColour,
  type ProvinceId,
} from '#shared/games/golden-age/board.js';
import type { GoldenAgeMove, MarkerPlace } from '#shared/games/golden-age/moves.js';
import type { CardKind } from '#shared/games/golden-age/cards.js';
import type { CardView, GoldenAgeView } from '#shared/games/golden-age/view.js';
import { fmt, type MessageKey, type Params, t } from '../../i18n.js';

export type Move = GoldenAgeMove;
export type { GoldenAgeView };

// ------------------------------------------------------------------------------------- words

/** A key of the board's own words, without its `game.golden-age.board.` (web/src/i18n.ts checks it is one). */
export type BoardKey = MessageKey extends infer K ? (K extends `game.golden-age.board.${infer S}` ? S : never) : never;

/** `tb('act.roll')` is `t('game.golden-age.board.act.roll')`: the board's words, its keys written once. */
export const tb = (key: BoardKey, params?: Params): string => t(`game.golden-age.board.${key}` as MessageKey, params);

// ------------------------------------------------------------------------------------- money

/** Half-guilders as guilders: 5 → "2½ guilders", 1 → "½ guilder" (in the language shown). */
export function money(halves: number): string {
  const whole = Math.floor(halves / 2);
  return halves % 2 === 1 ? tb('moneyHalf', { count: whole }) : tb('money', { count: whole });
}

/** Short form for tight spots on the board: 5 → "ƒ2½". */
export function moneyShort(halves: number): string {
  const whole = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return tb('moneyShort', { amount: `${whole === 0 && half ? '' : fmt.number(whole)}${half ? '½' : ''}` });
}

// ------------------------------------------------------------------------------------- nouns

/** A province's name, a colour, a colour as an adjective ("the yellow guild", "de gele gilde"), a deck's name. */
export const provinceName = (id: ProvinceId): string => t(`game.golden-age.province.${id}`);
export const colourWord = (c: GuildColour | 'orange'): string => t(`game.golden-age.colour.${c}`);
export const colourAdj = (c: GuildColour): string => tb(`colourAdj.${c}`);
export const deckName = (d: DeckId): string => t(`game.golden-age.deck.${d}`);

/** What a marker of this colour does as a special action: "investment card (3 guilders)"; `short` without the price. */
export const colourAction = (c: GuildColour, short = false): string => (short ? tb(`colourActionShort.${c}`) : tb(`colourAction.${c}`));

/** A card's name: "tulip girl", "governor of Holland", "4-point painting". */
export function cardName(c: Pick<CardView, 'kind' | 'vp' | 'province'>): string {
  if (c.kind === 'governor') return t('game.golden-age.card.governor', { province: c.province ? provinceName(c.province) : '' });
  if (c.kind === 'painting') return t('game.golden-age.card.painting', { vp: c.vp ?? 0 });
  return t(`game.golden-age.card.${c.kind as Exclude<CardKind, 'governor' | 'painting'>}`);
}

// ------------------------------------------------------------------------------------ players

/** Piece colours from a palette that stays apart under the common colour-vision deficiencies. */
export const SEAT_COLOURS = ['#d55e00', '#0072b2', '#a4508b', '#2f2f2f'] as const;
export const SEAT_SHAPES = ['circle', 'square', 'diamond', 'triangle'] as const;

/** One letter per player: the initials of their names when those differ, otherwise 1, 2, 3, 4. */
export function seatLetters(names: readonly string[]): string[] {
  const initials = names.map((n) => (n.trim()[0] ?? '?').toUpperCase());
  const unique = new Set(initials).size === initials.length && initials.every((c) => /\p{L}/u.test(c));
  return unique ? initials : names.map((_, i) => String(i + 1));
}

// ------------------------------------------------------------------------------------- places

export type Place =
  | { readonly kind: 'province'; readonly id: ProvinceId }
  | { readonly kind: 'guild'; readonly colour: GuildColour }
  | { readonly kind: 'colony'; readonly box: number }
  | { readonly kind: 'box'; readonly box: number };

export function placeKey(p: Place): string {
  switch (p.kind) {
    case 'province':
      return `province:${p.id}`;
    case 'guild':
      return `guild:${p.colour}`;
    case 'colony':
      return `colony:${p.box}`;
    case 'box':
      return `box:${p.box}`;
  }
}

function markerPlace(m: MarkerPlace): Place {
  if (m.at === 'province') return { kind: 'province', id: m.province };
  if (m.at === 'guild') return { kind: 'guild', colour: m.colour };
  return { kind: 'colony', box: m.box };
}

/** The place a move happens at; null for a general move. */
export function placeOf(m: Move): Place | null {
  switch (m.kind) {
    case 'place-marker':
    case 'place-token':
    case 'create-marker':
    case 'auction':
    case 'prize-token':
      return { kind: 'province', id: m.province };
    case 'place-steward':
      return { kind: 'box', box: m.box };
    case 'move-token':
      return { kind: 'province', id: m.from };
    case 'take-guild':
      return { kind: 'guild', colour: m.colour };
    case 'sail':
      return { kind: 'colony', box: m.box };
    case 'buy-card':
    case 'buy-token':
    case 'pay-painter':
      return markerPlace(m.marker);
    default:
      return null;
  }
}

/** Keys of the places that have at least one legal move (they are highlighted and focusable). */
export function activePlaces(legal: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const m of legal) {
    const p = placeOf(m);
    if (p) out.add(placeKey(p));
  }
  return out;
}

/** Provinces a token can move to from `from` (½ guilder each). */
export function moveTargets(legal: readonly Move[], from: ProvinceId): ProvinceId[] {
  return legal.flatMap((m) => (m.kind === 'move-token' && m.from === from ? [m.to] : []));
}

// ------------------------------------------------------------------------------------ actions

export interface Action {
  key: string;
  label: string;
  move: Move;
  /** half-guilders the move costs now (a bid: what is paid if it wins) */
  cost: number;
  /** asked before a move that costs money; absent for free moves */
  question?: string;
  confirmLabel?: string;
}

export type Names = { province(id: ProvinceId): string; seat(s: number): string };

const deckCard = (d: DeckId): string => tb(`deckCard.${d}`);
const aDeckCard = (d: DeckId): string => tb(`aDeckCard.${d}`);
const cashWords = (set: string): string =>
  CASH_SETS.some((c) => c.set === set) ? tb(`cash.${set as (typeof CASH_SETS)[number]['set']}`) : set;

const colonyWords = (box: number) => (box === 7 ? tb('westIndies') : tb('eastBox', { box }));

export function placeWords(p: MarkerPlace, names: Names): string {
  if (p.at === 'province') return names.province(p.province);
  if (p.at === 'guild') return tb('guildOf', { colour: colourAdj(p.colour) });
  return colonyWords(p.box);
}

/** " (moving your marker from Holland)" when a move takes a marker from the board; '' when it comes from the reserve. */
function fromWords(from: MarkerPlace | undefined, names: Names): string {
  return from ? tb('from', { place: placeWords(from, names) }) : '';
}

/** The colour whose action a marker at `p` gives; null for a colony (spices). */
export function markerColour(view: GoldenAgeView, p: MarkerPlace): GuildColour | null {
  if (p.at === 'province') return view.provinces.find((x) => x.id === p.province)?.colour ?? null;
  if (p.at === 'guild') return p.colour;
  return null;
}

/** "Tulips (1 of 3 paid)", or "painting" when the viewer does not hold it. */
function paintingWords(view: GoldenAgeView, id: string): string {
  const me = view.viewer === null ? undefined : view.players[view.viewer];
  const p = me?.paintings.find((x) => x.card.id === id);
  return p ? tb('painting', { card: cardName(p.card), paid: p.paid, payments: p.payments }) : tb('aPainting');
}

/** Words, cost and confirmation question for one legal move. */
export function describe(view: GoldenAgeView, m: Move, names: Names): Action {
  const key = JSON.stringify(m);
  const free = (label: string): Action => ({ key, label, move: m, cost: 0 });
  const paid = (label: string, cost: number, question: string, confirmLabel = tb('act.pay', { amount: money(cost) })): Action => ({
    key,
    label,
    move: m,
    cost,
    question,
    confirmLabel,
  });
  switch (m.kind) {
    case 'take-guild':
    case 'buy-card':
    case 'buy-token':
    case 'pay-painter':
    case 'bid':
      return describePaid(view, m, names, paid);
    case 'place-marker':
      return free(tb('act.placeMarker', { province: names.province(m.province) }));
    case 'place-token':
      return free(tb('act.placeToken', { province: names.province(m.province) }));
    case 'place-steward':
      return free(tb('act.placeSteward', { box: m.box }));
    case 'roll':
      return free(tb('act.roll'));
    case 'play-dice':
      return free(tb('act.playDice', { value: m.value }));
    case 'move-token':
      // Not asked first: it costs only ½ guilder and the token can be moved on or back the same way.
      // Everything else that costs money asks, bids included (a bid binds its bidder to pay).
      return {
        ...free(tb('act.moveToken', { province: names.province(m.to), amount: money(COSTS.moveHalves) })),
        cost: COSTS.moveHalves,
      };
    case 'create-marker': {
      const province = names.province(m.province);
      return free(tb('act.createMarker', { province, from: fromWords(m.from, names) }));
    }
    case 'sail': {
      const colony = colonyWords(m.box);
      return free(tb('act.sail', { colony, from: fromWords(m.from, names) }));
    }
    case 'exchange': {
      const set = CASH_SETS.find((c) => c.set === m.set);
      return free(tb('act.exchange', { set: cashWords(m.set), amount: money((set?.pays ?? 0) * 2) }));
    }
    case 'auction': {
      const colour = view.provinces.find((p) => p.id === m.province)?.colour;
      return free(tb('act.auction', { colour: colour ? colourAdj(colour) : '', province: names.province(m.province) }));
    }
    case 'pass':
      return free(tb('act.pass'));
    case 'prize-card': {
      const colour = view.pending?.colour ?? null;
      const deck: DeckId = colour === null ? 'culture' : (COLOUR_ACTION[colour].deck ?? 'culture');
      return free(tb('act.prizeCard', { card: deckCard(deck) }));
    }
    case 'prize-painter':
      // the bid paid for the action: the bank puts the guilder on the painting
      return free(tb('act.prizePainter', { painting: paintingWords(view, m.painting), amount: money(COSTS.painter * 2) }));
    case 'prize-token': {
      const province = names.province(m.province);
      return free(m.convert ? tb('act.prizeTokenConvert', { province }) : tb('act.prizeToken', { province }));
    }
    case 'end-turn':
      return {
        key,
        label: tb('act.endTurn'),
        move: m,
        cost: 0,
        question: tb('ask.endTurn'),
        confirmLabel: tb('confirm.endTurn'),
      };
  }
}

/** The moves that cost money, each asked first (`paid` makes the action with its question). */
function describePaid(
  view: GoldenAgeView,
  m: Extract<Move, { kind: 'take-guild' | 'buy-card' | 'buy-token' | 'pay-painter' | 'bid' }>,
  names: Names,
  paid: (label: string, cost: number, question: string, confirmLabel?: string) => Action,
): Action {
  switch (m.kind) {
    case 'take-guild': {
      const price = view.guilds.find((g) => g.colour === m.colour)?.nextPrice ?? 0;
      const p = { colour: colourAdj(m.colour), amount: money(price), from: fromWords(m.from, names) };
      return paid(tb('act.takeGuild', p), price, tb('ask.takeGuild', p));
    }
    case 'buy-card': {
      const colour = markerColour(view, m.marker);
      const deck: DeckId = colour === null ? 'spices' : (COLOUR_ACTION[colour].deck ?? 'culture');
      const colony = m.marker.at === 'colony' ? view.colonies.find((c) => c.box === (m.marker as { box: number }).box) : undefined;
      const cost = colony ? colony.spicePrice : COSTS.card * 2;
      const place = placeWords(m.marker, names);
      return paid(
        tb('act.buyCard', { card: aDeckCard(deck), amount: money(cost), place }),
        cost,
        tb('ask.buyCard', { card: deckCard(deck), amount: money(cost), place }),
      );
    }
    case 'buy-token': {
      const province = names.province(m.province);
      return paid(
        tb('act.buyToken', { province }),
        COSTS.token * 2,
        tb('ask.buyToken', { amount: money(COSTS.token * 2), province, place: placeWords(m.marker, names) }),
      );
    }
    case 'pay-painter': {
      const painting = paintingWords(view, m.painting);
      const amount = money(COSTS.painter * 2);
      return paid(
        tb('act.payPainter', { amount, painting }),
        COSTS.painter * 2,
        tb('ask.payPainter', { amount, painting, place: placeWords(m.marker, names) }),
      );
    }
    case 'bid': {
      const a = view.auction;
      const all = a !== null && m.amount === a.bidderMax;
      const purse = view.viewer === null ? null : (view.players[view.viewer]?.money ?? null);
      const amount = money(m.amount);
      const name = a ? names.seat(a.auctioneer) : '';
      return paid(
        all ? tb('act.bidAll', { amount }) : tb('act.bid', { amount }),
        m.amount,
        tb('ask.bid', { amount, name }) + (purse !== null && m.amount > purse ? ` ${tb('ask.bidCash', { purse: money(purse) })}` : ''),
        tb('confirm.bid', { amount }),
      );
    }
  }
}

/** The legal moves at a place, described. */
export function actionsAt(view: GoldenAgeView, legal: readonly Move[], place: Place, names: Names): Action[] {
  const key = placeKey(place);
  return legal
    .filter((m) => {
      const p = placeOf(m);
      return p !== null && placeKey(p) === key;
    })
    .map((m) => describe(view, m, names));
}

/** The legal moves that belong to no place, described. */
export function generalActions(view: GoldenAgeView, legal: readonly Move[], names: Names): Action[] {
  return legal.filter((m) => placeOf(m) === null).map((m) => describe(view, m, names));
}

// -------------------------------------------------------------------------------------- words

/** "1 yellow, 2 blue": the backs of the cards in a hand, by colour. */
export function handBacksText(backs: Readonly<Record<DeckId, number>>): string {
  const parts = (Object.keys(backs) as DeckId[]).flatMap((d) =>
    backs[d] > 0 ? [tb('backs', { count: backs[d], colour: colourWord(DECK_COLOUR[d] as GuildColour | 'orange') })] : [],
  );
  return parts.length ? parts.join(', ') : tb('none');
}

/** A card's name with a capital: "Tulip girl". */
export function cardTitle(c: CardView): string {
  const name = cardName(c);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Whose move it is, in the words of the game. */
export function goldenAgeTurnText(view: GoldenAgeView, name: (seat: number) => string): string {
  const who = view.toAct[0];
  const mine = who !== undefined && who === view.viewer;
  const p = { name: who === undefined ? tb('nobody') : name(who), turn: view.turn };
  switch (view.phase) {
    case 'setup-marker':
      return mine ? tb('turn.setupMarkerMine') : tb('turn.setupMarker', p);
    case 'setup-tokens':
      return mine ? tb('turn.setupTokensMine') : tb('turn.setupTokens', p);
    case 'setup-steward':
      return mine ? tb('turn.setupStewardMine') : tb('turn.setupSteward', p);
    case 'roll':
      return mine ? tb('turn.rollMine', p) : tb('turn.roll', p);
    case 'actions':
      return mine ? tb('turn.actionsMine', p) : tb('turn.actions', p);
    case 'auction': {
      const q = { ...p, province: view.auction ? provinceName(view.auction.province) : '' };
      return mine ? tb('turn.auctionMine', q) : tb('turn.auction', q);
    }
    case 'auction-action':
      return mine ? tb('turn.auctionActionMine') : tb('turn.auctionAction', p);
    case 'over':
      return tb('turn.over');
  }
}
