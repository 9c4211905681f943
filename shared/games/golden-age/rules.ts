/**
 * The rules: set-up, apply, legal moves, whose turn, scoring and the result.
 *
 * Every move kind has one validator (`check…`) shared by `apply` and `legalMoves`, so a move
 * that `legalMoves` lists is always accepted by `apply`.
 * Money is in half-guilders throughout (`H` half-guilders make a guilder).
 */
import { appended } from '../../engine/arrays.js';
import type { Applied, Outcome, Result, Seat } from '../../engine/game.js';
import { ok, sameRng } from '../../engine/game.js';
import { rollDice, seedRng, shuffle } from '../../engine/random.js';
import {
  BORDERS,
  CASH_SETS,
  type CashSet,
  COLONY_BOXES,
  COLOUR_ACTION,
  COSTS,
  type DeckId,
  DECKS,
  GUILD_COLOURS,
  GUILD_PRICES,
  type GuildColour,
  MONEY_SUPPLY_GUILDERS,
  PAYOUT,
  POINTS,
  PROVINCE_IDS,
  PROVINCES,
  type ProvinceId,
  START,
  TARGET_POINTS,
  TRACK,
  WEST_INDIES_BOX,
} from './board.js';
import { card, DECK_CARDS } from './cards.js';
import { fail, reason, ruleError, type RuleError } from './errors.js';
import type { GoldenAgeMove, GoldenAgeOptions, MarkerPlace } from './moves.js';
import { deckWords, guildWords, money, placeWords, provinceWords, seatRef, WORDS } from './words.js';
import {
  type AuctionState,
  type Draft,
  draft,
  finish,
  type GoldenAgeEvent,
  type GoldenAgeState,
  type Marker,
  ownPlayer,
  type Painting,
} from './state.js';

/** half-guilders per guilder */
export const H = 2;

// ---------------------------------------------------------------------------------------------
// Lookups derived from the board data
// ---------------------------------------------------------------------------------------------

const PROVINCE_INDEX: Readonly<Record<string, number>> = Object.fromEntries(PROVINCE_IDS.map((p, i) => [p, i]));
const COLOUR_INDEX: Readonly<Record<string, number>> = Object.fromEntries(GUILD_COLOURS.map((c, i) => [c, i]));
/** province index → colour index */
export const PROVINCE_COLOUR: readonly number[] = PROVINCES.map((p) => COLOUR_INDEX[p.colour] as number);
/** province index → neighbouring province indexes */
export const ADJACENT: readonly (readonly number[])[] = PROVINCE_IDS.map((p) =>
  BORDERS.flatMap(([a, b]) => (a === p ? [PROVINCE_INDEX[b] as number] : b === p ? [PROVINCE_INDEX[a] as number] : [])),
);
const GOVERNOR_CARD: readonly string[] = PROVINCE_IDS.map((p) => `culture-governor-${p}`);
const MERCHANT_BOXES: readonly number[] = TRACK.flatMap((b, i) => (b.kind === 'merchant' ? [i] : []));
const GREEN = COLOUR_INDEX.green as number;
const BROWN = COLOUR_INDEX.brown as number;
const EAST_BOXES = COLONY_BOXES.filter((b) => b.indies === 'east').length;
const MAX_LEVEL = GUILD_PRICES.length;

// Maps for the lookups made on every move (a keyed lookup on a plain object was a visible cost).
const PROVINCE_INDEX_MAP: ReadonlyMap<string, number> = new Map(PROVINCE_IDS.map((p, i) => [p, i]));
const COLOUR_INDEX_MAP: ReadonlyMap<string, number> = new Map(GUILD_COLOURS.map((c, i) => [c, i]));
export const provinceIndex = (id: ProvinceId): number => PROVINCE_INDEX_MAP.get(id) as number;
export const colourIndex = (c: GuildColour): number => COLOUR_INDEX_MAP.get(c) as number;
const provinceId = (i: number): ProvinceId => PROVINCE_IDS[i] as ProvinceId;
const colourId = (i: number): GuildColour => GUILD_COLOURS[i] as GuildColour;

// ---------------------------------------------------------------------------------------------
// Set-up (section 3)
// ---------------------------------------------------------------------------------------------

export function setup(seats: number, _options: GoldenAgeOptions, seed: string): GoldenAgeState {
  if (!Number.isInteger(seats) || seats < 3 || seats > 4) throw new RangeError(`The Dutch Golden Age needs 3 or 4 players, not ${seats}`);
  let rng = seedRng(seed);
  const decks = {} as Record<DeckId, string[]>;
  const discards = {} as Record<DeckId, string[]>;
  for (const d of DECKS) {
    const [cards, next] = shuffle(rng, DECK_CARDS[d]);
    decks[d] = cards;
    discards[d] = [];
    rng = next;
  }
  return {
    seats,
    phase: 'setup-marker',
    current: 0,
    setupStep: 0,
    turn: 0,
    steward: null,
    lastRoll: null,
    bank: MONEY_SUPPLY_GUILDERS * H - seats * START.guilders * H,
    players: Array.from({ length: seats }, () => ({
      money: START.guilders * H,
      tokens: START.tokens,
      markers: START.markers,
      hand: [],
      paintings: [],
      windmills: [],
      governors: [],
    })),
    provinces: PROVINCE_IDS.map(() => ({ marker: null, tokens: Array.from({ length: seats }, () => 0) })),
    guilds: GUILD_COLOURS.map(() => ({ holder: null, level: 0 })),
    east: Array.from({ length: EAST_BOXES }, () => null),
    west: [],
    decks,
    discards,
    unsold: [],
    auction: null,
    pending: null,
    winner: null,
    rng,
  };
}

// ---------------------------------------------------------------------------------------------
// Scoring (section 9)
// ---------------------------------------------------------------------------------------------

export interface ScoreBreakdown {
  readonly tokens: number;
  readonly provinceMarkers: number;
  readonly eastIndies: number;
  readonly westIndies: number;
  readonly paintings: number;
  readonly windmills: number;
  readonly governors: number;
  readonly money: number;
  readonly total: number;
}

export function scoreOf(s: GoldenAgeState, seat: Seat): ScoreBreakdown {
  let tokens = 0;
  let provinceMarkers = 0;
  for (const p of s.provinces) {
    tokens += (p.tokens[seat] ?? 0) * POINTS.token;
    if (p.marker?.owner === seat) provinceMarkers += POINTS.provinceMarker;
  }
  let eastIndies = 0;
  for (const m of s.east) if (m?.owner === seat) eastIndies += POINTS.eastIndiesMarker;
  let westIndies = 0;
  for (const m of s.west) if (m.owner === seat) westIndies += POINTS.westIndiesMarker;
  const pl = s.players[seat]!;
  let paintings = 0;
  for (const p of pl.paintings) {
    const c = card(p.card);
    if (c.kind === 'painting' && p.paid >= c.payments) paintings += c.vp;
  }
  const windmills = pl.windmills.length * POINTS.windmill;
  const governors = pl.governors.length * POINTS.governor;
  const money = Math.floor(pl.money / (POINTS.guildersPerPoint * H));
  const total = tokens + provinceMarkers + eastIndies + westIndies + paintings + windmills + governors + money;
  return { tokens, provinceMarkers, eastIndies, westIndies, paintings, windmills, governors, money, total };
}

/** Every seat's `scoreOf(…).total`, counted in one pass over the board (it runs at every end of turn). */
export function scoreTotals(s: GoldenAgeState): number[] {
  const totals = new Array<number>(s.seats).fill(0);
  for (const p of s.provinces) {
    for (let i = 0; i < s.seats; i++) totals[i]! += (p.tokens[i] ?? 0) * POINTS.token;
    if (p.marker !== null) totals[p.marker.owner]! += POINTS.provinceMarker;
  }
  for (const m of s.east) if (m != null) totals[m.owner]! += POINTS.eastIndiesMarker;
  for (const m of s.west) totals[m.owner]! += POINTS.westIndiesMarker;
  for (let i = 0; i < s.seats; i++) {
    const pl = s.players[i]!;
    let t = totals[i]!;
    for (const p of pl.paintings) {
      const c = card(p.card);
      if (c.kind === 'painting' && p.paid >= c.payments) t += c.vp;
    }
    t += pl.windmills.length * POINTS.windmill + pl.governors.length * POINTS.governor;
    totals[i] = t + Math.floor(pl.money / (POINTS.guildersPerPoint * H));
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------
// Markers: finding one of yours by place, moving it
// ---------------------------------------------------------------------------------------------

/** A marker spot inside the state: province/guild/east by index, west by list position. */
type Spot =
  | { readonly at: 'province'; readonly i: number }
  | { readonly at: 'guild'; readonly i: number }
  | { readonly at: 'east'; readonly i: number }
  | { readonly at: 'west'; readonly i: number };

const activeOnly = (m: Marker) => !m.used;
const movable = (m: Marker) => !m.used && !m.moved;

/**
 * Your marker at `place` that satisfies `ok`, or null. In the West Indies (many markers) the
 * first fitting one is taken, preferring one that already moved (unmoved ones may still move).
 */
function findOwn(s: GoldenAgeState, seat: Seat, place: MarkerPlace, okFn: (m: Marker) => boolean): Spot | null {
  if (place.at === 'province') {
    const i = provinceIndex(place.province);
    const m = s.provinces[i]!.marker;
    return m !== null && m.owner === seat && okFn(m) ? { at: 'province', i } : null;
  }
  if (place.at === 'guild') {
    const i = colourIndex(place.colour);
    const m = s.guilds[i]!.holder;
    return m !== null && m.owner === seat && okFn(m) ? { at: 'guild', i } : null;
  }
  if (place.box === WEST_INDIES_BOX) {
    let fallback = -1;
    for (let i = 0; i < s.west.length; i++) {
      const m = s.west[i]!;
      if (m.owner !== seat || !okFn(m)) continue;
      if (m.moved) return { at: 'west', i };
      if (fallback < 0) fallback = i;
    }
    return fallback < 0 ? null : { at: 'west', i: fallback };
  }
  const i = place.box - 2;
  const m = s.east[i];
  return m != null && m.owner === seat && okFn(m) ? { at: 'east', i } : null;
}

function markerAtSpot(s: GoldenAgeState | Draft, spot: Spot): Marker {
  const m =
    spot.at === 'province'
      ? s.provinces[spot.i]!.marker
      : spot.at === 'guild'
        ? s.guilds[spot.i]!.holder
        : spot.at === 'east'
          ? s.east[spot.i]
          : s.west[spot.i];
  if (m == null) throw new Error('no marker at spot');
  return m;
}

// The draft shares its provinces, guilds, marker lists and piles with the input state: the
// helpers below replace them, and never edit them.

/** A copy of `xs` with item `i` replaced by `x`. */
function withItem<T>(xs: readonly T[], i: number, x: T): T[] {
  const out = xs.slice();
  out[i] = x;
  return out;
}

/** A copy of `xs` without item `i`. */
function removedAt<T>(xs: readonly T[], i: number): T[] {
  const out = xs.slice();
  out.splice(i, 1);
  return out;
}

function setProvinceMarker(d: Draft, i: number, marker: Marker | null): void {
  d.provinces[i] = { marker, tokens: d.provinces[i]!.tokens };
}

/** Adds `delta` to `seat`'s movement tokens in province `i`. */
function addTokens(d: Draft, i: number, seat: Seat, delta: number): void {
  const p = d.provinces[i]!;
  d.provinces[i] = { marker: p.marker, tokens: withItem(p.tokens, seat, (p.tokens[seat] as number) + delta) };
}

/** A copy of a deck record with the pile of `deck` replaced (same key order as `DECKS`). */
function withPile(
  r: Readonly<Record<DeckId, readonly string[]>>,
  deck: DeckId,
  pile: readonly string[],
): Record<DeckId, readonly string[]> {
  return {
    culture: deck === 'culture' ? pile : r.culture,
    arts: deck === 'arts' ? pile : r.arts,
    investment: deck === 'investment' ? pile : r.investment,
    spices: deck === 'spices' ? pile : r.spices,
    colony: deck === 'colony' ? pile : r.colony,
  };
}

/** Flip the marker at `spot` (its special action is spent). */
function flip(d: Draft, spot: Spot): void {
  const old = markerAtSpot(d, spot);
  const m: Marker = { owner: old.owner, used: true, moved: old.moved };
  if (spot.at === 'province') setProvinceMarker(d, spot.i, m);
  else if (spot.at === 'guild') d.guilds[spot.i] = { holder: m, level: d.guilds[spot.i]!.level };
  else if (spot.at === 'east') d.east = withItem(d.east, spot.i, m);
  else d.west = withItem(d.west, spot.i, m);
}

/** Lift the marker at `spot` off the board (a guild column left empty costs 3 again). */
function lift(d: Draft, spot: Spot): void {
  if (spot.at === 'province') setProvinceMarker(d, spot.i, null);
  else if (spot.at === 'guild') d.guilds[spot.i] = { holder: null, level: 0 };
  else if (spot.at === 'east') d.east = withItem(d.east, spot.i, null);
  else d.west = removedAt(d.west, spot.i);
}

/** Colour index of a place's action; -1 for a colony (spices). */
function placeColour(place: MarkerPlace): number {
  if (place.at === 'province') return PROVINCE_COLOUR[provinceIndex(place.province)] as number;
  if (place.at === 'guild') return colourIndex(place.colour);
  return -1;
}

/**
 * Where the marker for a new spot comes from: the reserve, or — only when the reserve is
 * empty — one of your markers on the board that is neither flipped nor moved this turn.
 */
function checkSource(s: GoldenAgeState, seat: Seat, from: MarkerPlace | undefined): RuleError | Spot | 'reserve' {
  const reserve = s.players[seat]!.markers;
  if (from === undefined) {
    return reserve > 0 ? 'reserve' : ruleError('no-marker');
  }
  if (reserve > 0) return ruleError('reserve-not-empty');
  const spot = findOwn(s, seat, from, movable);
  return spot ?? ruleError('marker-not-movable', { place: placeWords(from) });
}

function takeSource(d: Draft, seat: Seat, source: Spot | 'reserve'): void {
  if (source === 'reserve') ownPlayer(d, seat).markers -= 1;
  else lift(d, source);
}

const placedMarker = (owner: Seat): Marker => ({ owner, used: false, moved: true });

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

const drawable = (s: GoldenAgeState, deck: DeckId): boolean => s.decks[deck].length > 0 || s.discards[deck].length > 0;

function drawInto(d: Draft, seat: Seat, deck: DeckId, events: GoldenAgeEvent[]): string {
  if (d.decks[deck].length === 0) {
    const [cards, rng] = shuffle(d.rng, d.discards[deck]);
    d.decks = withPile(d.decks, deck, cards);
    d.discards = withPile(d.discards, deck, []);
    d.rng = rng;
    events.push({ type: 'reshuffled', deck });
  }
  const pile = d.decks[deck];
  const id = pile[pile.length - 1];
  if (id === undefined) throw new Error(`drawing from an empty ${deck} deck`);
  d.decks = withPile(d.decks, deck, pile.slice(0, -1));
  const pl = ownPlayer(d, seat);
  const kind = card(id).kind;
  if (kind === 'painting') pl.paintings = appended(pl.paintings, { card: id, paid: 0 });
  else if (kind === 'windmill') pl.windmills = appended(pl.windmills, id);
  else if (kind === 'governor') pl.governors = appended(pl.governors, id);
  else pl.hand = appended(pl.hand, id);
  return id;
}

function discard(d: Draft, id: string): void {
  const deck = card(id).deck;
  d.discards = withPile(d.discards, deck, appended(d.discards[deck], id));
}

/** Three cards making a ship + captain + cannon; a joker fills a gap only when needed (keeping a joker is never worse). */
export function colonySet(hand: readonly string[]): string[] | null {
  let ship: string | null = null;
  let captain: string | null = null;
  let cannon: string | null = null;
  const jokers: string[] = [];
  for (const id of hand) {
    const k = card(id).kind;
    if (k === 'ship') ship ??= id;
    else if (k === 'captain') captain ??= id;
    else if (k === 'cannon') cannon ??= id;
    else if (k === 'voc-joker') jokers.push(id);
  }
  const picked: string[] = [];
  let j = 0;
  for (const c of [ship, captain, cannon]) {
    if (c !== null) picked.push(c);
    else if (j < jokers.length) picked.push(jokers[j++]!);
    else return null;
  }
  return picked;
}

const CASH_BY_SET: Readonly<Record<string, (typeof CASH_SETS)[number]>> = Object.fromEntries(CASH_SETS.map((c) => [c.set, c]));

/** Card id → index in CASH_SETS of the set it belongs to (cards of no cash-in set are absent). */
const CASH_INDEX: ReadonlyMap<string, number> = new Map(
  DECKS.flatMap((d) => DECK_CARDS[d]).flatMap((id) => {
    const k = CASH_SETS.findIndex((c) => c.kind === card(id).kind);
    return k < 0 ? [] : [[id, k] as [string, number]];
  }),
);

const CASH_ZEROS: readonly number[] = CASH_SETS.map(() => 0);

/** How many cards of each cash-in set's kind `hand` holds, in CASH_SETS order. */
function cashKindCounts(hand: readonly string[]): number[] {
  const counts = CASH_ZEROS.slice();
  for (const id of hand) {
    const k = CASH_INDEX.get(id);
    if (k !== undefined) counts[k]! += 1;
  }
  return counts;
}

function cashCards(hand: readonly string[], set: CashSet): string[] | null {
  const spec = CASH_BY_SET[set]!;
  const picked: string[] = [];
  for (const id of hand) {
    if (card(id).kind === spec.kind) {
      picked.push(id);
      if (picked.length === spec.size) return picked;
    }
  }
  return null;
}

/**
 * The sets `seat` could cash in, in `CASH_SETS` order, paying at least `need` half-guilders and at
 * most `limit` (what the bank can spare) in all: the smallest such total, then the fewest cards.
 * With `need` Infinity: the largest total within `limit`. null when no choice pays `need`.
 */
function cashPlan(s: GoldenAgeState, seat: Seat, need: number, limit: number): { sets: CashSet[]; amount: number } | null {
  const counts = cashKindCounts(s.players[seat]!.hand);
  for (let k = 0; k < CASH_SETS.length; k++) counts[k] = Math.floor(counts[k]! / CASH_SETS[k]!.size);
  if (counts.every((n) => n === 0)) return need <= 0 || need === Infinity ? { sets: [], amount: 0 } : null;
  let best: { take: number[]; amount: number; cards: number } | null = null;
  const take = CASH_SETS.map(() => 0);
  const visit = (k: number, amount: number, cards: number): void => {
    if (amount > limit) return;
    if (k === CASH_SETS.length) {
      const better =
        need === Infinity
          ? best === null || amount > best.amount
          : amount >= need && (best === null || amount < best.amount || (amount === best.amount && cards < best.cards));
      if (better) best = { take: take.slice(), amount, cards };
      return;
    }
    const c = CASH_SETS[k]!;
    for (let n = 0; n <= counts[k]!; n++) {
      take[k] = n;
      visit(k + 1, amount + n * c.pays * H, cards + n * c.size);
    }
    take[k] = 0;
  };
  visit(0, 0, 0);
  if (best === null) return null;
  const chosen: { take: number[]; amount: number } = best;
  return { sets: CASH_SETS.flatMap((c, k) => Array.from({ length: chosen.take[k]! }, () => c.set)), amount: chosen.amount };
}

function isUnfinished(p: Painting): boolean {
  const c = card(p.card);
  return c.kind === 'painting' && p.paid < c.payments;
}

function unfinished(s: GoldenAgeState, seat: Seat, paintingId: string): boolean {
  const p = s.players[seat]!.paintings.find((x) => x.card === paintingId);
  return p !== undefined && isUnfinished(p);
}

const hasUnfinished = (s: GoldenAgeState, seat: Seat): boolean => s.players[seat]!.paintings.some(isUnfinished);

/**
 * One payment of 1 guilder onto the painting: from the player's purse for a special action,
 * from the bank for an auction prize (the bid paid for the whole action, section 8.0).
 */
function payPainter(d: Draft, seat: Seat, paintingId: string, via: MarkerPlace | null, events: GoldenAgeEvent[]): void {
  const pl = ownPlayer(d, seat);
  const idx = pl.paintings.findIndex((p) => p.card === paintingId);
  const p = pl.paintings[idx]!;
  const c = card(p.card);
  const payments = c.kind === 'painting' ? c.payments : 0;
  if (via === null) d.bank -= COSTS.painter * H;
  else pl.money -= COSTS.painter * H;
  pl.paintings = withItem(pl.paintings, idx, { card: p.card, paid: p.paid + 1 });
  events.push({ type: 'painter-paid', seat, painting: p.card, paid: p.paid + 1, payments, finished: p.paid + 1 >= payments, via });
}

// ---------------------------------------------------------------------------------------------
// The Steward (section 5)
// ---------------------------------------------------------------------------------------------

function governorHolder(s: GoldenAgeState, province: number): Seat | null {
  const id = GOVERNOR_CARD[province]!;
  for (let i = 0; i < s.players.length; i++) if (s.players[i]!.governors.includes(id)) return i;
  return null;
}

/** What each seat is owed for the Steward stopping on `box` (half-guilders). */
export function owedFor(s: GoldenAgeState, box: number): number[] {
  const owed = s.players.map(() => 0);
  const b = TRACK[box]!;
  if (b.kind === 'willem') {
    for (let i = 0; i < owed.length; i++) owed[i] = PAYOUT.willem * H;
  } else if (b.kind === 'merchant') {
    for (let i = 0; i < owed.length; i++) owed[i] = PAYOUT.merchant * H;
    const g = governorHolder(s, provinceIndex(b.governorOf));
    if (g !== null) owed[g]! += PAYOUT.governor * H;
  } else {
    for (const pid of b.provinces) {
      const pi = provinceIndex(pid);
      const p = s.provinces[pi]!;
      for (let i = 0; i < owed.length; i++) owed[i]! += (p.tokens[i] ?? 0) * PAYOUT.token * H;
      if (p.marker !== null) owed[p.marker.owner]! += PAYOUT.marker * H;
      const g = governorHolder(s, pi);
      if (g !== null) owed[g]! += PAYOUT.governor * H;
    }
  }
  return owed;
}

/** Move the Steward and pay everyone; a short bank pays in turn order from the acting player. */
function moveSteward(
  d: Draft,
  seat: Seat,
  steps: number,
  dice: readonly [number, number] | null,
  cardId: string | null,
  events: GoldenAgeEvent[],
): void {
  const from = d.steward ?? 0;
  const to = (from + steps) % TRACK.length;
  d.steward = to;
  d.lastRoll = { seat, dice, steps, from, to };
  events.push({ type: 'steward-moved', seat, dice, card: cardId, steps, from, to });
  const owed = owedFor(d as unknown as GoldenAgeState, to);
  const paid = owed.map(() => 0);
  for (let k = 0; k < d.seats; k++) {
    const i = (seat + k) % d.seats;
    const amount = Math.min(owed[i]!, d.bank);
    d.bank -= amount;
    if (amount !== 0) ownPlayer(d, i).money += amount;
    paid[i] = amount;
  }
  events.push({ type: 'payout', box: to, owed, paid });
}

// ---------------------------------------------------------------------------------------------
// Auctions (section 8)
// ---------------------------------------------------------------------------------------------

/** A brown prize with no arts card left can only pay a painter, whose guilder the bank puts on the painting. */
const painterOnly = (s: GoldenAgeState, colour: number): boolean => COLOUR_ACTION[colourId(colour)].painter && !drawable(s, 'arts');

/** Could `seat` use the action of a marker of colour `colour` if it won it? Public facts only. */
function canUsePrize(s: GoldenAgeState, seat: Seat, colour: number): boolean {
  const action = COLOUR_ACTION[colourId(colour)];
  if (action.token) return s.players[seat]!.tokens > 0;
  if (painterOnly(s, colour)) return hasUnfinished(s, seat) && s.bank >= COSTS.painter * H;
  return action.deck !== null && drawable(s, action.deck);
}

/**
 * Half-guilders the bank must keep while an auction whose prize can only pay a painter is under
 * way or being used: that payment comes from the bank, so cashing in cards may not take it.
 */
function bankReserve(s: GoldenAgeState): number {
  const province = s.phase === 'auction' ? s.auction?.province : s.phase === 'auction-action' ? s.pending?.province : undefined;
  return province !== undefined && painterOnly(s, PROVINCE_COLOUR[province] as number) ? COSTS.painter * H : 0;
}

/**
 * The most `seat` may bid for the action of a marker of colour `colour`: its money plus what it
 * could raise by cashing in its investment and spice sets now (section 7.2: at any time); -1 when
 * it could not use the action at all.
 */
export function maxBid(s: GoldenAgeState, seat: Seat, colour: number): number {
  if (!canUsePrize(s, seat, colour)) return -1;
  const reserve = painterOnly(s, colour) ? COSTS.painter * H : 0;
  return s.players[seat]!.money + (cashPlan(s, seat, Infinity, s.bank - reserve)?.amount ?? 0);
}

export const minBid = (s: GoldenAgeState): number => (s.auction?.high?.amount ?? 0) + 1;

/** Decks whose cards may include cash-in cards: a hand holding one of their backs might raise money. */
const CASH_DECKS: ReadonlySet<DeckId> = new Set(DECKS.filter((d) => DECK_CARDS[d].some((id) => CASH_BY_SET[card(id).kind] !== undefined)));

/**
 * Is `seat` asked to bid at `min` rather than passed over? Decided on public facts only (money,
 * the backs of its hand cards), so skipping a seat tells nobody what its hidden cards are worth:
 * a seat holding a card that might be cashed in is asked, and may pass.
 */
function mightBid(s: GoldenAgeState, seat: Seat, colour: number, min: number): boolean {
  if (!canUsePrize(s, seat, colour)) return false;
  const pl = s.players[seat]!;
  return pl.money >= min || pl.hand.some((id) => CASH_DECKS.has(card(id).deck));
}

function canBid(s: GoldenAgeState, seat: Seat): boolean {
  return mightBid(s, seat, PROVINCE_COLOUR[s.auction!.province] as number, minBid(s));
}

function someoneCanBid(s: GoldenAgeState, seat: Seat, province: number): boolean {
  const colour = PROVINCE_COLOUR[province] as number;
  for (let i = 0; i < s.seats; i++) if (i !== seat && mightBid(s, i, colour, 1)) return true;
  return false;
}

/** The auction `a` with a new high bid, passes and bidder (written out: spreads are slow). */
function nextAuction(a: AuctionState, high: AuctionState['high'], passed: readonly boolean[], bidder: Seat): AuctionState {
  return { province: a.province, auctioneer: a.auctioneer, high, passed, bidder };
}

/** Hand the bidding to the next seat clockwise that may still bid, or settle the auction. */
function advanceAuction(d: Draft, events: GoldenAgeEvent[]): void {
  for (;;) {
    const a = d.auction!;
    let remaining = 0;
    let last = -1;
    for (let i = 0; i < d.seats; i++) {
      if (i !== a.auctioneer && !a.passed[i]) {
        remaining++;
        last = i;
      }
    }
    if (a.high !== null && remaining === 1 && last === a.high.seat) {
      settleWon(d, events);
      return;
    }
    if (remaining === 0) {
      settleUnsold(d, events);
      return;
    }
    let next = a.bidder;
    do next = (next + 1) % d.seats;
    while (next === a.auctioneer || a.passed[next]);
    d.auction = nextAuction(a, a.high, a.passed, next);
    if (canBid(d as unknown as GoldenAgeState, next)) return;
    d.auction = nextAuction(a, a.high, withItem(a.passed, next, true), next);
    events.push({ type: 'passed', seat: next, auto: true });
  }
}

function settleUnsold(d: Draft, events: GoldenAgeEvent[]): void {
  const a = d.auction!;
  d.unsold = appended(d.unsold, a.province);
  d.auction = null;
  d.phase = 'actions';
  events.push({ type: 'auction-unsold', auctioneer: a.auctioneer, province: provinceId(a.province) });
}

function settleWon(d: Draft, events: GoldenAgeEvent[]): void {
  const a = d.auction!;
  const high = a.high!;
  const winner = high.seat;
  ownPlayer(d, winner).money -= high.amount;
  ownPlayer(d, a.auctioneer).money += high.amount;
  flip(d, { at: 'province', i: a.province });
  d.auction = null;
  events.push({ type: 'auction-won', seat: winner, auctioneer: a.auctioneer, amount: high.amount, province: provinceId(a.province) });
  const colour = PROVINCE_COLOUR[a.province] as number;
  const action = COLOUR_ACTION[colourId(colour)];
  const s = d as unknown as GoldenAgeState;
  // Yellow, blue and grey prizes are a card: no choice to make. Brown with a single possible
  // use is taken at once too; otherwise the winner chooses (green: where the token goes).
  if (action.deck !== null && !action.painter) {
    drawAndLog(d, winner, action.deck, 0, null, events);
    d.phase = 'actions';
    return;
  }
  if (action.painter) {
    const choices = prizeMoves(s, winner, a.province);
    if (choices.length === 1) {
      performPrize(d, winner, choices[0]!, events);
      d.phase = 'actions';
      return;
    }
  }
  d.pending = { winner, province: a.province };
  d.phase = 'auction-action';
}

/** Draw the top card of `deck` for `seat` and log it. */
function drawAndLog(d: Draft, seat: Seat, deck: DeckId, cost: number, via: MarkerPlace | null, events: GoldenAgeEvent[]): void {
  const id = drawInto(d, seat, deck, events);
  events.push({ type: 'card-drawn', seat, deck, card: id, cost, via });
}

type PrizeMove = Extract<GoldenAgeMove, { kind: 'prize-card' | 'prize-painter' | 'prize-token' }>;

function prizeMoves(s: GoldenAgeState, seat: Seat, province: number): PrizeMove[] {
  const colour = PROVINCE_COLOUR[province] as number;
  const moves: PrizeMove[] = [];
  for (const m of prizeCandidates(s, seat, colour)) if (checkPrize(s, seat, province, m) === null) moves.push(m);
  return moves;
}

function prizeCandidates(s: GoldenAgeState, seat: Seat, colour: number): PrizeMove[] {
  if (colour === GREEN) {
    const out: PrizeMove[] = [];
    for (const p of PROVINCE_IDS) {
      out.push({ kind: 'prize-token', province: p, convert: false });
      out.push({ kind: 'prize-token', province: p, convert: true });
    }
    return out;
  }
  if (colour === BROWN) {
    const out: PrizeMove[] = [{ kind: 'prize-card' }];
    for (const p of s.players[seat]!.paintings) out.push({ kind: 'prize-painter', painting: p.card });
    return out;
  }
  return [{ kind: 'prize-card' }];
}

function checkPrize(s: GoldenAgeState, seat: Seat, province: number, move: PrizeMove): RuleError | null {
  const colour = PROVINCE_COLOUR[province] as number;
  const pl = s.players[seat]!;
  if (move.kind === 'prize-token') {
    if (colour !== GREEN) return ruleError('wrong-action', undefined, reason('wrong-action', 'prize-green'));
    if (pl.tokens === 0) return ruleError('no-token');
    if (move.convert) {
      const p = s.provinces[provinceIndex(move.province)]!;
      if ((p.tokens[seat] ?? 0) < 2 || p.marker !== null || pl.markers === 0) {
        return ruleError('cannot-convert', { province: provinceWords(move.province) });
      }
    }
    return null;
  }
  if (colour !== BROWN) return ruleError('wrong-action', undefined, reason('wrong-action', 'prize-brown'));
  if (move.kind === 'prize-card') {
    return drawable(s, 'arts') ? null : ruleError('deck-empty', { deck: deckWords('arts') });
  }
  if (!unfinished(s, seat, move.painting)) return ruleError('no-such-painting');
  if (s.bank < COSTS.painter * H) return ruleError('bank-short', { cost: money(COSTS.painter * H) }, reason('bank-short', 'painter'));
  return null;
}

function performPrize(d: Draft, seat: Seat, move: PrizeMove, events: GoldenAgeEvent[]): void {
  if (move.kind === 'prize-card') {
    drawAndLog(d, seat, 'arts', 0, null, events);
  } else if (move.kind === 'prize-painter') {
    payPainter(d, seat, move.painting, null, events);
  } else {
    const pi = provinceIndex(move.province);
    const pl = ownPlayer(d, seat);
    pl.tokens -= 1;
    addTokens(d, pi, seat, 1);
    events.push({ type: 'token-bought', seat, province: move.province, cost: 0, via: null });
    if (move.convert) {
      addTokens(d, pi, seat, -3);
      pl.tokens += 3;
      pl.markers -= 1;
      setProvinceMarker(d, pi, placedMarker(seat));
      events.push({ type: 'marker-created', seat, province: move.province, from: null });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Validators, one per move kind (phase and seat are checked by `apply` before)
// ---------------------------------------------------------------------------------------------

type Move<K extends GoldenAgeMove['kind']> = Extract<GoldenAgeMove, { kind: K }>;

function checkPlaceMarker(s: GoldenAgeState, m: Move<'place-marker'>): RuleError | null {
  return s.provinces[provinceIndex(m.province)]!.marker === null
    ? null
    : ruleError('province-taken', { province: provinceWords(m.province) });
}

function checkPlaceToken(s: GoldenAgeState, m: Move<'place-token'>): RuleError | null {
  const p = s.provinces[provinceIndex(m.province)]!;
  if (p.marker !== null) return ruleError('province-has-marker', { province: provinceWords(m.province) });
  let n = 0;
  for (const t of p.tokens) n += t;
  if (n >= START.setupTokensPerProvince)
    return ruleError('province-full', { province: provinceWords(m.province), count: START.setupTokensPerProvince });
  return null;
}

function checkPlaceSteward(m: Move<'place-steward'>): RuleError | null {
  return TRACK[m.box]?.kind === 'merchant' ? null : ruleError('not-merchant-box', { box: m.box });
}

function checkPlayDice(s: GoldenAgeState, seat: Seat): RuleError | null {
  return s.players[seat]!.hand.some((id) => card(id).kind === 'dice') ? null : ruleError('no-dice-card');
}

function checkMoveToken(s: GoldenAgeState, seat: Seat, m: Move<'move-token'>): RuleError | null {
  const from = provinceIndex(m.from);
  const to = provinceIndex(m.to);
  if ((s.provinces[from]!.tokens[seat] ?? 0) === 0) return ruleError('no-token-there', { province: provinceWords(m.from) });
  if (!ADJACENT[from]!.includes(to)) return ruleError('not-adjacent', { from: provinceWords(m.from), to: provinceWords(m.to) });
  if (s.players[seat]!.money < COSTS.moveHalves) return ruleError('cannot-afford', { cost: money(COSTS.moveHalves) });
  return null;
}

function checkTakeGuild(s: GoldenAgeState, seat: Seat, m: Move<'take-guild'>): RuleError | Spot | 'reserve' {
  const g = s.guilds[colourIndex(m.colour)]!;
  if (g.level >= MAX_LEVEL) return ruleError('guild-full', { guild: guildWords(m.colour) });
  if (g.holder?.owner === seat) return ruleError('own-guild', { guild: guildWords(m.colour) });
  const price = GUILD_PRICES[g.level]! * H;
  if (s.players[seat]!.money < price) return ruleError('cannot-afford', { cost: money(price) });
  return checkSource(s, seat, m.from);
}

function checkCreateMarker(s: GoldenAgeState, seat: Seat, m: Move<'create-marker'>): RuleError | Spot | 'reserve' {
  const p = s.provinces[provinceIndex(m.province)]!;
  if ((p.tokens[seat] ?? 0) < 3) return ruleError('need-three-tokens', { province: provinceWords(m.province), count: 3 });
  if (p.marker !== null) return ruleError('province-has-marker', { province: provinceWords(m.province) });
  return checkSource(s, seat, m.from);
}

function checkSail(s: GoldenAgeState, seat: Seat, m: Move<'sail'>): RuleError | Spot | 'reserve' {
  if (m.box !== WEST_INDIES_BOX && s.east[m.box - 2] !== null)
    return ruleError('colony-taken', { place: placeWords({ at: 'colony', box: m.box }) });
  if (colonySet(s.players[seat]!.hand) === null) return ruleError('no-colony-set');
  if (m.box === WEST_INDIES_BOX && m.from?.at === 'colony' && m.from.box === WEST_INDIES_BOX) {
    return ruleError('same-space');
  }
  return checkSource(s, seat, m.from);
}

function checkExchange(s: GoldenAgeState, seat: Seat, m: Move<'exchange'>): RuleError | null {
  if (cashCards(s.players[seat]!.hand, m.set) === null) return ruleError('no-such-set');
  const pays = CASH_BY_SET[m.set]!.pays * H;
  if (s.bank < pays) return ruleError('bank-short', { bank: money(s.bank) }, reason('bank-short', 'set'));
  const reserve = bankReserve(s);
  if (s.bank - pays < reserve) {
    return ruleError('bank-short', { reserve: money(reserve) }, reason('bank-short', 'reserve'));
  }
  return null;
}

function checkBuyCard(s: GoldenAgeState, seat: Seat, m: Move<'buy-card'>): RuleError | { spot: Spot; deck: DeckId; cost: number } {
  const spot = findOwn(s, seat, m.marker, activeOnly);
  if (spot === null) return ruleError('no-active-marker', { place: placeWords(m.marker) });
  let deck: DeckId;
  let cost: number;
  if (m.marker.at === 'colony') {
    deck = 'spices';
    cost = m.marker.box * H;
  } else {
    const d = COLOUR_ACTION[colourId(placeColour(m.marker))].deck;
    if (d === null) return ruleError('wrong-action', undefined, reason('wrong-action', 'green-card'));
    deck = d;
    cost = COSTS.card * H;
  }
  if (s.players[seat]!.money < cost) return ruleError('cannot-afford', { cost: money(cost) });
  if (!drawable(s, deck)) return ruleError('deck-empty', { deck: deckWords(deck) });
  return { spot, deck, cost };
}

function checkBuyToken(s: GoldenAgeState, seat: Seat, m: Move<'buy-token'>): RuleError | Spot {
  const spot = findOwn(s, seat, m.marker, activeOnly);
  if (spot === null) return ruleError('no-active-marker', { place: placeWords(m.marker) });
  if (placeColour(m.marker) !== GREEN) return ruleError('wrong-action', undefined, reason('wrong-action', 'token-green'));
  if (s.players[seat]!.tokens === 0) return ruleError('no-token');
  if (s.players[seat]!.money < COSTS.token * H) return ruleError('cannot-afford', { cost: money(COSTS.token * H) });
  return spot;
}

function checkPayPainter(s: GoldenAgeState, seat: Seat, m: Move<'pay-painter'>): RuleError | Spot {
  const spot = findOwn(s, seat, m.marker, activeOnly);
  if (spot === null) return ruleError('no-active-marker', { place: placeWords(m.marker) });
  if (placeColour(m.marker) !== BROWN) return ruleError('wrong-action', undefined, reason('wrong-action', 'painter-brown'));
  if (!unfinished(s, seat, m.painting)) return ruleError('no-such-painting');
  if (s.players[seat]!.money < COSTS.painter * H) return ruleError('cannot-afford', { cost: money(COSTS.painter * H) });
  return spot;
}

function checkAuction(s: GoldenAgeState, seat: Seat, m: Move<'auction'>): RuleError | null {
  const pi = provinceIndex(m.province);
  const mk = s.provinces[pi]!.marker;
  if (mk === null || mk.owner !== seat) return ruleError('not-your-province', { province: provinceWords(m.province) });
  if (mk.used) return ruleError('marker-used', { province: provinceWords(m.province) });
  if (s.unsold.includes(pi)) return ruleError('already-offered', { province: provinceWords(m.province) });
  if (!someoneCanBid(s, seat, pi)) return ruleError('no-bidders', { province: provinceWords(m.province) });
  return null;
}

function checkBid(s: GoldenAgeState, seat: Seat, m: Move<'bid'>): RuleError | null {
  const min = minBid(s);
  if (m.amount < min) return ruleError('bid-too-low', { min: money(min) });
  const max = maxBid(s, seat, PROVINCE_COLOUR[s.auction!.province] as number);
  if (m.amount > max) {
    return ruleError('bid-too-high', { max: money(Math.max(0, max)) });
  }
  return null;
}

const isErr = (x: unknown): x is RuleError => typeof x === 'object' && x !== null && 'code' in x;

// ---------------------------------------------------------------------------------------------
// apply
// ---------------------------------------------------------------------------------------------

const PHASE_MOVES: Readonly<Record<GoldenAgeState['phase'], readonly GoldenAgeMove['kind'][]>> = {
  'setup-marker': ['place-marker'],
  'setup-tokens': ['place-token'],
  'setup-steward': ['place-steward'],
  roll: ['roll', 'play-dice'],
  actions: ['move-token', 'take-guild', 'create-marker', 'sail', 'buy-card', 'buy-token', 'pay-painter', 'auction', 'end-turn'],
  auction: ['bid', 'pass'],
  'auction-action': ['prize-card', 'prize-painter', 'prize-token'],
  over: [],
};

/** The one seat to act (`toAct(s)[0]`) without building the list; undefined once the game is over. */
function actor(s: GoldenAgeState): Seat | undefined {
  if (s.phase === 'over') return undefined;
  if (s.phase === 'auction') return s.auction!.bidder;
  if (s.phase === 'auction-action') return s.pending!.winner;
  return s.current;
}

export function toAct(s: GoldenAgeState): Seat[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'auction':
      return [s.auction!.bidder];
    case 'auction-action':
      return [s.pending!.winner];
    default:
      return [s.current];
  }
}

export function apply(s: GoldenAgeState, seat: Seat, move: GoldenAgeMove): Result<Applied<GoldenAgeState, GoldenAgeEvent>> {
  if (s.phase === 'over') return fail('game-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return fail('no-such-seat');
  // Section 7.2: investment and spice sets are cashed in "at any time", whoever's turn it is.
  const anyTime = move.kind === 'exchange';
  if (!anyTime && actor(s) !== seat) {
    return s.phase === 'auction' ? fail('not-your-bid') : fail('not-your-turn');
  }
  if (!anyTime && !PHASE_MOVES[s.phase].includes(move.kind)) return fail('wrong-phase', { phase: s.phase.replace(/-/g, '_') }); // ICU select keys take no '-'
  const events: GoldenAgeEvent[] = [];
  const d = draft(s);
  const e = perform(s, d, seat, move, events);
  if (e !== null) return { ok: false, error: e };
  return ok({ state: finish(d), events });
}

/** Validate `move` against `s` and carry it out on the draft `d`; returns a rule error or null. */
function perform(s: GoldenAgeState, d: Draft, seat: Seat, move: GoldenAgeMove, events: GoldenAgeEvent[]): RuleError | null {
  const pl = ownPlayer(d, seat);
  switch (move.kind) {
    case 'place-marker':
    case 'place-token':
    case 'place-steward':
      return performSetup(s, d, seat, move, events);
    case 'exchange':
    case 'buy-card':
    case 'buy-token':
    case 'pay-painter':
      return performPurchase(s, d, seat, move, events);
    case 'auction':
    case 'bid':
    case 'pass':
    case 'prize-card':
    case 'prize-painter':
    case 'prize-token':
      return performAuctionMove(s, d, seat, move, events);
    case 'roll': {
      const [dice, rng] = rollDice(d.rng, 2);
      d.rng = rng;
      const pair: [number, number] = [dice[0]!, dice[1]!];
      moveSteward(d, seat, pair[0] + pair[1], pair, null, events);
      d.phase = 'actions';
      return null;
    }
    case 'play-dice': {
      const e = checkPlayDice(s, seat);
      if (e) return e;
      const idx = pl.hand.findIndex((id) => card(id).kind === 'dice');
      const id = pl.hand[idx];
      pl.hand = removedAt(pl.hand, idx);
      discard(d, id!);
      moveSteward(d, seat, move.value, null, id!, events);
      d.phase = 'actions';
      return null;
    }
    case 'move-token': {
      const e = checkMoveToken(s, seat, move);
      if (e) return e;
      addTokens(d, provinceIndex(move.from), seat, -1);
      addTokens(d, provinceIndex(move.to), seat, 1);
      pl.money -= COSTS.moveHalves;
      d.bank += COSTS.moveHalves;
      events.push({ type: 'token-moved', seat, from: move.from, to: move.to, cost: COSTS.moveHalves });
      return null;
    }
    case 'take-guild': {
      const src = checkTakeGuild(s, seat, move);
      if (isErr(src)) return src;
      const ci = colourIndex(move.colour);
      const g = s.guilds[ci]!;
      const price = GUILD_PRICES[g.level]! * H;
      const displaced = g.holder?.owner ?? null;
      takeSource(d, seat, src);
      pl.money -= price;
      d.bank += price;
      if (displaced !== null) ownPlayer(d, displaced).markers += 1;
      d.guilds[ci] = { holder: placedMarker(seat), level: g.level + 1 };
      events.push({ type: 'guild-taken', seat, colour: move.colour, price, displaced, from: move.from ?? null });
      return null;
    }
    case 'create-marker': {
      const src = checkCreateMarker(s, seat, move);
      if (isErr(src)) return src;
      takeSource(d, seat, src);
      const pi = provinceIndex(move.province);
      addTokens(d, pi, seat, -3);
      pl.tokens += 3;
      setProvinceMarker(d, pi, placedMarker(seat));
      events.push({ type: 'marker-created', seat, province: move.province, from: move.from ?? null });
      return null;
    }
    case 'sail': {
      const src = checkSail(s, seat, move);
      if (isErr(src)) return src;
      const cards = colonySet(pl.hand)!;
      pl.hand = pl.hand.filter((id) => !cards.includes(id));
      for (const id of cards) discard(d, id);
      takeSource(d, seat, src);
      if (move.box === WEST_INDIES_BOX) d.west = appended(d.west, placedMarker(seat));
      else d.east = withItem(d.east, move.box - 2, placedMarker(seat));
      events.push({ type: 'sailed', seat, box: move.box, cards, from: move.from ?? null });
      return null;
    }
    case 'end-turn': {
      endTurn(d, seat, events);
      return null;
    }
  }
}

/** The set-up placements: a marker, a token, the steward. */
function performSetup(
  s: GoldenAgeState,
  d: Draft,
  seat: Seat,
  move: Extract<GoldenAgeMove, { kind: 'place-marker' | 'place-token' | 'place-steward' }>,
  events: GoldenAgeEvent[],
): RuleError | null {
  const pl = ownPlayer(d, seat);
  switch (move.kind) {
    case 'place-marker': {
      const e = checkPlaceMarker(s, move);
      if (e) return e;
      pl.markers -= 1;
      setProvinceMarker(d, provinceIndex(move.province), { owner: seat, used: false, moved: false });
      events.push({ type: 'setup-marker', seat, province: move.province });
      d.setupStep += 1;
      if (d.setupStep >= d.seats) {
        d.phase = 'setup-tokens';
        d.setupStep = 0;
        d.current = 0;
      } else d.current = d.setupStep;
      return null;
    }
    case 'place-token': {
      const e = checkPlaceToken(s, move);
      if (e) return e;
      pl.tokens -= 1;
      addTokens(d, provinceIndex(move.province), seat, 1);
      events.push({ type: 'setup-token', seat, province: move.province });
      d.setupStep += 1;
      if (d.setupStep >= d.seats * START.setupTokens) {
        d.phase = 'setup-steward';
        d.setupStep = 0;
        d.current = d.seats - 1;
      } else d.current = Math.floor(d.setupStep / START.setupTokens);
      return null;
    }
    case 'place-steward': {
      const e = checkPlaceSteward(move);
      if (e) return e;
      d.steward = move.box;
      events.push({ type: 'steward-placed', seat, box: move.box });
      d.phase = 'roll';
      d.current = 0;
      d.turn = 1;
      return null;
    }
  }
}

/** Cashing in sets, buying cards and tokens, paying a painter. */
function performPurchase(
  s: GoldenAgeState,
  d: Draft,
  seat: Seat,
  move: Extract<GoldenAgeMove, { kind: 'exchange' | 'buy-card' | 'buy-token' | 'pay-painter' }>,
  events: GoldenAgeEvent[],
): RuleError | null {
  const pl = ownPlayer(d, seat);
  switch (move.kind) {
    case 'exchange': {
      const e = checkExchange(s, seat, move);
      if (e) return e;
      exchange(d, seat, move.set, events);
      return null;
    }
    case 'buy-card': {
      const r = checkBuyCard(s, seat, move);
      if (isErr(r)) return r;
      flip(d, r.spot);
      pl.money -= r.cost;
      d.bank += r.cost;
      drawAndLog(d, seat, r.deck, r.cost, move.marker, events);
      return null;
    }
    case 'buy-token': {
      const spot = checkBuyToken(s, seat, move);
      if (isErr(spot)) return spot;
      flip(d, spot);
      const cost = COSTS.token * H;
      pl.money -= cost;
      d.bank += cost;
      pl.tokens -= 1;
      addTokens(d, provinceIndex(move.province), seat, 1);
      events.push({ type: 'token-bought', seat, province: move.province, cost, via: move.marker });
      return null;
    }
    case 'pay-painter': {
      const spot = checkPayPainter(s, seat, move);
      if (isErr(spot)) return spot;
      flip(d, spot);
      payPainter(d, seat, move.painting, move.marker, events);
      return null;
    }
  }
}

/** Starting an auction, bidding, passing, and the winner using the prize. */
function performAuctionMove(
  s: GoldenAgeState,
  d: Draft,
  seat: Seat,
  move: Extract<GoldenAgeMove, { kind: 'auction' | 'bid' | 'pass' | 'prize-card' | 'prize-painter' | 'prize-token' }>,
  events: GoldenAgeEvent[],
): RuleError | null {
  const pl = ownPlayer(d, seat);
  switch (move.kind) {
    case 'auction': {
      const e = checkAuction(s, seat, move);
      if (e) return e;
      const pi = provinceIndex(move.province);
      d.auction = { province: pi, auctioneer: seat, high: null, passed: s.players.map(() => false), bidder: seat };
      d.phase = 'auction';
      events.push({ type: 'auction-started', seat, province: move.province, colour: colourId(PROVINCE_COLOUR[pi] as number) });
      advanceAuction(d, events);
      return null;
    }
    case 'bid': {
      const e = checkBid(s, seat, move);
      if (e) return e;
      // A bid beyond the bidder's purse cashes in sets at once, so the winner can always pay.
      if (move.amount > pl.money) {
        const colour = PROVINCE_COLOUR[s.auction!.province] as number;
        const plan = cashPlan(s, seat, move.amount - pl.money, s.bank - (painterOnly(s, colour) ? COSTS.painter * H : 0))!;
        for (const set of plan.sets) exchange(d, seat, set, events);
      }
      const a = d.auction!;
      d.auction = nextAuction(a, { seat, amount: move.amount }, a.passed, a.bidder);
      events.push({ type: 'bid', seat, amount: move.amount });
      advanceAuction(d, events);
      return null;
    }
    case 'pass': {
      const a = d.auction!;
      d.auction = nextAuction(a, a.high, withItem(a.passed, seat, true), a.bidder);
      events.push({ type: 'passed', seat, auto: false });
      advanceAuction(d, events);
      return null;
    }
    case 'prize-card':
    case 'prize-painter':
    case 'prize-token': {
      const e = checkPrize(s, seat, s.pending!.province, move);
      if (e) return e;
      performPrize(d, seat, move, events);
      d.pending = null;
      d.phase = 'actions';
      return null;
    }
  }
}

/** Cash in one set with the bank (checked before). */
function exchange(d: Draft, seat: Seat, set: CashSet, events: GoldenAgeEvent[]): void {
  const pl = ownPlayer(d, seat);
  const cards = cashCards(pl.hand, set)!;
  const pays = CASH_BY_SET[set]!.pays * H;
  pl.hand = pl.hand.filter((id) => !cards.includes(id));
  for (const id of cards) discard(d, id);
  d.bank -= pays;
  pl.money += pays;
  events.push({ type: 'exchanged', seat, set, cards, amount: pays });
}

/** A marker ready for a new turn: neither flipped nor moved. */
const fresh = (m: Marker): Marker => (m.used || m.moved ? { owner: m.owner, used: false, moved: false } : m);

/** `markers` with every marker fresh: the same array when none needed it. */
function freshAll<T extends Marker | null>(markers: readonly T[]): readonly T[] {
  let out: T[] | null = null;
  for (let i = 0; i < markers.length; i++) {
    const m = markers[i] as T;
    if (m !== null && (m.used || m.moved)) {
      out ??= markers.slice();
      out[i] = fresh(m) as T;
    }
  }
  return out ?? markers;
}

function endTurn(d: Draft, seat: Seat, events: GoldenAgeEvent[]): void {
  const s = d as unknown as GoldenAgeState;
  const scores = scoreTotals(s);
  // Scores are declared from the acting player clockwise; the best score of at least 33 wins,
  // and on a tie the first to declare it (the acting player first).
  let winner: Seat | null = null;
  for (let k = 0; k < d.seats; k++) {
    const i = (seat + k) % d.seats;
    if (scores[i]! >= TARGET_POINTS && (winner === null || scores[i]! > scores[winner]!)) winner = i;
  }
  if (winner !== null) {
    events.push({ type: 'turn-ended', seat, scores, next: null });
    events.push({ type: 'game-won', seat: winner, scores });
    d.winner = winner;
    d.phase = 'over';
    return;
  }
  for (let i = 0; i < d.provinces.length; i++) {
    const m = d.provinces[i]!.marker;
    if (m !== null && (m.used || m.moved)) setProvinceMarker(d, i, fresh(m));
  }
  for (let i = 0; i < d.guilds.length; i++) {
    const g = d.guilds[i]!;
    if (g.holder !== null && (g.holder.used || g.holder.moved)) d.guilds[i] = { holder: fresh(g.holder), level: g.level };
  }
  d.east = freshAll(d.east);
  d.west = freshAll(d.west);
  d.unsold = [];
  d.current = (seat + 1) % d.seats;
  d.turn += 1;
  d.phase = 'roll';
  events.push({ type: 'turn-ended', seat, scores, next: d.current });
}

// ---------------------------------------------------------------------------------------------
// legalMoves
// ---------------------------------------------------------------------------------------------

/**
 * The places of your markers that pass `fits`, one place each (the West Indies once, however
 * many you have there). With `movable`: the markers that may move to a new spot (used only when
 * the reserve is empty); with `activeOnly`: the unflipped markers.
 */
function ownPlaces(s: GoldenAgeState, seat: Seat, fits: (m: Marker) => boolean): MarkerPlace[] {
  const out: MarkerPlace[] = [];
  for (let i = 0; i < s.provinces.length; i++) {
    const m = s.provinces[i]!.marker;
    if (m !== null && m.owner === seat && fits(m)) out.push({ at: 'province', province: provinceId(i) });
  }
  for (let i = 0; i < s.guilds.length; i++) {
    const m = s.guilds[i]!.holder;
    if (m !== null && m.owner === seat && fits(m)) out.push({ at: 'guild', colour: colourId(i) });
  }
  for (let i = 0; i < s.east.length; i++) {
    const m = s.east[i];
    if (m != null && m.owner === seat && fits(m)) out.push({ at: 'colony', box: i + 2 });
  }
  if (s.west.some((m) => m.owner === seat && fits(m))) out.push({ at: 'colony', box: WEST_INDIES_BOX });
  return out;
}

/** The bids offered as choices: the minimum, a few larger steps, and everything you can bid. */
export function bidChoices(min: number, max: number): number[] {
  const out: number[] = [];
  for (const x of [min, min + 1, min + 2, min + 4, min + 10, max]) if (x >= min && x <= max && !out.includes(x)) out.push(x);
  return out;
}

// Moves that are always the same objects: made once, frozen, and listed by `legalMoves` as they
// are (a random or searching player asks for the list at every step; building these anew was a
// good part of its cost). Nothing changes a listed move: `apply` only reads its move.
const ROLL: GoldenAgeMove = Object.freeze({ kind: 'roll' });
const PASS: GoldenAgeMove = Object.freeze({ kind: 'pass' });
const END_TURN: GoldenAgeMove = Object.freeze({ kind: 'end-turn' });
const PLAY_DICE: readonly GoldenAgeMove[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((value) =>
  Object.freeze({ kind: 'play-dice', value }),
);
/** province index → a move of a token from there into each neighbour, in `ADJACENT` order */
const MOVE_TOKEN: readonly (readonly GoldenAgeMove[])[] = ADJACENT.map((next, i) =>
  next.map((j) => Object.freeze({ kind: 'move-token', from: provinceId(i), to: provinceId(j) })),
);
/** colour index → taking that guild with a marker from the reserve */
const TAKE_GUILD: readonly GoldenAgeMove[] = GUILD_COLOURS.map((colour) => Object.freeze({ kind: 'take-guild', colour }));
/** province index → a new marker there from three tokens, with a marker from the reserve */
const CREATE_MARKER: readonly GoldenAgeMove[] = PROVINCE_IDS.map((province) => Object.freeze({ kind: 'create-marker', province }));

/**
 * Every legal move for `seat`, except that bids are a bounded sample (the minimum, +½, +1, +2
 * and +5 guilders over it, and all-in); `apply` accepts any amount between the minimum and the
 * bidder's limit. A seat whose turn it is not may still cash in sets (section 7.2: at any time).
 */
export function legalMoves(s: GoldenAgeState, seat: Seat): GoldenAgeMove[] {
  if (s.phase === 'over' || !Number.isInteger(seat) || seat < 0 || seat >= s.seats) return [];
  const out: GoldenAgeMove[] = [];
  if (actor(s) !== seat) {
    pushExchanges(s, seat, out);
    return out;
  }
  const pl = s.players[seat]!;
  switch (s.phase) {
    case 'setup-marker':
      for (const p of PROVINCE_IDS) {
        const m: GoldenAgeMove = { kind: 'place-marker', province: p };
        if (checkPlaceMarker(s, m) === null) out.push(m);
      }
      return out;
    case 'setup-tokens':
      for (const p of PROVINCE_IDS) {
        const m: GoldenAgeMove = { kind: 'place-token', province: p };
        if (checkPlaceToken(s, m) === null) out.push(m);
      }
      return out;
    case 'setup-steward':
      for (const box of MERCHANT_BOXES) out.push({ kind: 'place-steward', box });
      return out;
    case 'roll':
      out.push(ROLL);
      if (checkPlayDice(s, seat) === null) for (const m of PLAY_DICE) out.push(m);
      pushExchanges(s, seat, out);
      return out;
    case 'auction': {
      out.push(PASS);
      const max = maxBid(s, seat, PROVINCE_COLOUR[s.auction!.province] as number);
      for (const amount of bidChoices(minBid(s), max)) out.push({ kind: 'bid', amount });
      pushExchanges(s, seat, out);
      return out;
    }
    case 'auction-action':
      // the prize moves come first: a missed deadline takes the first of them
      out.push(...prizeMoves(s, seat, s.pending!.province));
      pushExchanges(s, seat, out);
      return out;
    case 'actions':
      break;
  }
  out.push(END_TURN);
  pushExchanges(s, seat, out);
  // movement
  if (pl.money >= COSTS.moveHalves) {
    for (let i = 0; i < s.provinces.length; i++) {
      if ((s.provinces[i]!.tokens[seat] ?? 0) === 0) continue;
      for (const m of MOVE_TOKEN[i]!) out.push(m);
    }
  }
  // New markers come from the reserve, or (reserve empty) from any movable marker. The cheap
  // tests below mirror the validators; the property tests check every listed move is accepted.
  const sources: readonly (MarkerPlace | undefined)[] = pl.markers > 0 ? RESERVE_ONLY : ownPlaces(s, seat, movable);
  // guilds
  for (let c = 0; c < s.guilds.length; c++) {
    const g = s.guilds[c]!;
    if (g.level >= MAX_LEVEL || g.holder?.owner === seat || pl.money < GUILD_PRICES[g.level]! * H) continue;
    const colour = colourId(c);
    for (const from of sources) out.push(from === undefined ? TAKE_GUILD[c]! : { kind: 'take-guild', colour, from });
  }
  // new influence markers from three tokens
  for (let i = 0; i < s.provinces.length; i++) {
    if ((s.provinces[i]!.tokens[seat] ?? 0) < 3 || s.provinces[i]!.marker !== null) continue;
    const province = provinceId(i);
    for (const from of sources) out.push(from === undefined ? CREATE_MARKER[i]! : { kind: 'create-marker', province, from });
  }
  // sailing to the colonies
  if (pl.hand.length >= 3 && colonySet(pl.hand) !== null) {
    for (const b of COLONY_BOXES) {
      const box: number = b.box;
      if (box !== WEST_INDIES_BOX && s.east[box - 2] !== null) continue;
      for (const from of sources) {
        if (from === undefined) out.push({ kind: 'sail', box });
        else if (!(box === WEST_INDIES_BOX && from.at === 'colony' && from.box === WEST_INDIES_BOX)) out.push({ kind: 'sail', box, from });
      }
    }
  }
  // special actions and auctions
  for (const place of ownPlaces(s, seat, activeOnly)) {
    const colour = placeColour(place);
    if (colour === GREEN) {
      if (pl.tokens > 0 && pl.money >= COSTS.token * H) {
        for (const p of PROVINCE_IDS) out.push({ kind: 'buy-token', marker: place, province: p });
      }
    } else {
      const deck: DeckId = colour < 0 ? 'spices' : COLOUR_ACTION[colourId(colour)].deck!;
      const cost = place.at === 'colony' ? place.box * H : COSTS.card * H;
      if (pl.money >= cost && drawable(s, deck)) out.push({ kind: 'buy-card', marker: place });
      if (colour === BROWN && pl.money >= COSTS.painter * H) {
        for (const p of pl.paintings) {
          if (isUnfinished(p)) out.push({ kind: 'pay-painter', marker: place, painting: p.card });
        }
      }
    }
    if (
      place.at === 'province' &&
      !s.unsold.includes(provinceIndex(place.province)) &&
      someoneCanBid(s, seat, provinceIndex(place.province))
    ) {
      out.push({ kind: 'auction', province: place.province });
    }
  }
  return out;
}

const RESERVE_ONLY: readonly undefined[] = [undefined];

function pushExchanges(s: GoldenAgeState, seat: Seat, out: GoldenAgeMove[]): void {
  const hand = s.players[seat]!.hand;
  if (hand.length === 0) return;
  const reserve = bankReserve(s);
  const counts = cashKindCounts(hand);
  for (let k = 0; k < CASH_SETS.length; k++) {
    const c = CASH_SETS[k]!;
    if (s.bank - c.pays * H < reserve) continue;
    if (counts[k]! >= c.size) out.push({ kind: 'exchange', set: c.set });
  }
}

// ---------------------------------------------------------------------------------------------
// Deadlines and the end of the game
// ---------------------------------------------------------------------------------------------

/**
 * The move made for a seat whose deadline passed: at set-up the first free choice; roll the
 * dice; end the turn without further actions; pass in an auction; an auction winner takes the
 * first possible use of the prize (a card when one is left).
 */
export function defaultMove(s: GoldenAgeState, seat: Seat): GoldenAgeMove | null {
  if (s.phase === 'over' || actor(s) !== seat) return null;
  switch (s.phase) {
    case 'roll':
      return { kind: 'roll' };
    case 'actions':
      return { kind: 'end-turn' };
    case 'auction':
      return { kind: 'pass' };
    default:
      return legalMoves(s, seat)[0] ?? null;
  }
}

export function result(s: GoldenAgeState): Outcome | null {
  if (s.phase !== 'over' || s.winner === null) return null;
  const breakdown = s.players.map((_, i) => scoreOf(s, i));
  const scores = breakdown.map((b) => b.total);
  return {
    winners: [s.winner],
    scores,
    key: `${WORDS}.outcome.won`,
    params: { seat: seatRef(s.winner), points: scores[s.winner] ?? 0 },
    details: { target: TARGET_POINTS, turns: s.turn, breakdown },
  };
}

/**
 * Moves a player may take back (undo) before ending the turn: the free and special actions that only
 * move their own pieces and money on the open board (a token moved or bought, a guild or province
 * marker taken or made, a painter paid) and the set-up placements, as long as the same seat is still
 * to act in the same phase and turn and no die was rolled. Not undoable: rolling (chance), a dice card
 * or sailing (they show cards from a hidden hand), cashing in a set (shows hand cards, and may be made
 * out of turn), buying a card (draws from a hidden deck), an auction or a bid (other players then
 * decide on it), and ending the turn (the next player acts).
 */
const UNDOABLE_KINDS: ReadonlySet<GoldenAgeMove['kind']> = new Set([
  'place-marker',
  'place-token',
  'place-steward',
  'move-token',
  'take-guild',
  'create-marker',
  'buy-token',
  'pay-painter',
]);

/** Ending the turn scores and flips markers back, all in the open: a turn of undoable moves may be asked back. */
export function revealsNothing(before: GoldenAgeState, after: GoldenAgeState, _seat: Seat, move: GoldenAgeMove): boolean {
  return (UNDOABLE_KINDS.has(move.kind) || move.kind === 'end-turn') && after.winner === null && sameRng(before.rng, after.rng);
}

export function undoable(before: GoldenAgeState, after: GoldenAgeState, seat: Seat, move: GoldenAgeMove): boolean {
  return (
    UNDOABLE_KINDS.has(move.kind) &&
    before.phase === after.phase &&
    before.turn === after.turn &&
    before.current === seat &&
    after.current === seat &&
    after.winner === null &&
    sameRng(before.rng, after.rng)
  );
}
