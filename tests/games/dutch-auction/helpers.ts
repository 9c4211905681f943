/**
 * Test helpers: a state builder for scenarios (so tests never hunt for seeds), a move runner that
 * fails loudly, and a seeded random player for the property tests.
 */
import { expect } from 'vitest';
import type { Seat } from '#shared/engine/game.js';
import { type Rng, nextInt, seedRng } from '#shared/engine/random.js';
import { type CardId, type Edition, EDITION_DATA, hasPower } from '#shared/games/dutch-auction/cards.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import { bidTotal } from '#shared/games/dutch-auction/rules.js';
import type { BidCard, DutchAuctionEvent, DutchAuctionState, Phase, SeatState } from '#shared/games/dutch-auction/state.js';
import { english, unworded } from '../../support/words.js';

export const game = dutchAuction;

export type BidSpec = CardId | (Partial<BidCard> & { id: CardId });

export interface SeatSpec {
  hand?: CardId[];
  deck?: CardId[];
  discards?: CardId[];
  cashedIn?: CardId[];
  /** Bid cards; a plain id enters as bid in phase 2 would (current power cards charged, 2018 none). */
  bid?: BidSpec[];
  setAside?: CardId | null;
}

export interface Spec {
  edition?: Edition;
  phase?: Phase;
  round?: number;
  seats?: [SeatSpec, SeatSpec];
  display?: (CardId | null)[];
  auctionDiscards?: CardId[];
  /** Top cards of the auction deck; every card not placed elsewhere follows them (so all 40 are somewhere). */
  auctionDeck?: CardId[];
  /** Where unplaced cards go (default: the bottom of the auction deck). */
  restTo?: 'auctionDeck' | 'auctionDiscards';
  bidWinner?: Seat | null;
  active?: Seat | null;
}

function bidCard(edition: Edition, spec: BidSpec): BidCard {
  const id = typeof spec === 'string' ? spec : spec.id;
  const powered = hasPower(edition, id) && edition === 'current';
  const base: BidCard = { id, suit: null, charges: powered ? 1 : 0, powered };
  return typeof spec === 'string' ? base : { ...base, ...spec };
}

/**
 * Builds a state from a partial description. Cards not placed anywhere go to the bottom of the
 * auction deck, so every card is in exactly one zone.
 */
export function build(spec: Spec): DutchAuctionState {
  const edition = spec.edition ?? 'current';
  const seatSpecs = spec.seats ?? [{}, {}];
  const seat = (s: SeatSpec): SeatState => ({
    deck: s.deck ?? [],
    hand: s.hand ?? [],
    discards: s.discards ?? [],
    cashedIn: s.cashedIn ?? [],
    bid: (s.bid ?? []).map((b) => bidCard(edition, b)),
    sealed: null,
    setAside: s.setAside ?? null,
    purchases: 0,
    done: false,
  });
  const seats: [SeatState, SeatState] = [seat(seatSpecs[0]), seat(seatSpecs[1])];
  const display = spec.display ? spec.display.slice() : [];
  while (display.length < 6) display.push(null);
  const placed = new Set<string>();
  const note = (ids: readonly (CardId | null)[]): void => {
    for (const id of ids) {
      if (id === null) continue;
      if (placed.has(id)) throw new Error(`card ${id} placed twice`);
      if (!EDITION_DATA[edition].byId[id]) throw new Error(`card ${id} not in ${edition}`);
      placed.add(id);
    }
  };
  for (const p of seats) {
    note(p.deck);
    note(p.hand);
    note(p.discards);
    note(p.cashedIn);
    note(p.bid.map((c) => c.id));
  }
  note(display);
  note(spec.auctionDiscards ?? []);
  note(spec.auctionDeck ?? []);
  const rest = EDITION_DATA[edition].cards.map((c) => c.id).filter((id) => !placed.has(id));
  const inActions = seats[0].bid.length + seats[1].bid.length > 0 || spec.active !== undefined || spec.bidWinner !== undefined;
  const phase = spec.phase ?? (inActions ? 'actions' : 'commit');
  const bidWinner = spec.bidWinner !== undefined ? spec.bidWinner : phase === 'actions' ? 0 : null;
  return {
    game: 'dutch-auction',
    edition,
    round: spec.round ?? 1,
    phase,
    seats,
    auctionDeck: [...(spec.auctionDeck ?? []), ...(spec.restTo === 'auctionDiscards' ? [] : rest)],
    display,
    auctionDiscards: [...(spec.auctionDiscards ?? []), ...(spec.restTo === 'auctionDiscards' ? rest : [])],
    bidWinner,
    active: spec.active !== undefined ? spec.active : phase === 'actions' ? bidWinner : null,
    bidTotals: phase === 'actions' ? [bidTotal(edition, seats[0].bid), bidTotal(edition, seats[1].bid)] : null,
    tieTossed: false,
    previous: null,
    rng: seedRng('scenario'),
  };
}

/** Applies a move that must be legal; returns the new state and its events. */
export function play(
  state: DutchAuctionState,
  seat: Seat,
  move: DutchAuctionMove,
): { state: DutchAuctionState; events: DutchAuctionEvent[] } {
  const parsed = game.move.safeParse(move);
  expect(parsed.success, `schema refused ${JSON.stringify(move)}`).toBe(true);
  const r = game.apply(state, seat, move, { now: 0 });
  if (!r.ok) throw new Error(`move ${JSON.stringify(move)} by seat ${seat} refused: ${r.error.code}: ${english(r.error)}`);
  return { state: r.value.state, events: [...r.value.events] };
}

/** Plays a sequence of moves by one seat. */
export function playAll(state: DutchAuctionState, seat: Seat, moves: DutchAuctionMove[]): DutchAuctionState {
  let s = state;
  for (const m of moves) s = play(s, seat, m).state;
  return s;
}

/** Applies a move that must be refused; returns the error code. */
export function refused(state: DutchAuctionState, seat: Seat, move: DutchAuctionMove): string {
  const r = game.apply(state, seat, move, { now: 0 });
  if (r.ok) throw new Error(`move ${JSON.stringify(move)} by seat ${seat} was accepted`);
  expect(r.error.code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
  expect(english(r.error).length).toBeGreaterThan(5);
  expect(unworded(r.error)).toEqual([]);
  return r.error.code;
}

export const ids = (bid: readonly BidCard[]): CardId[] => bid.map((c) => c.id);

/** Every zone a card can be in, as [zone name, ids]. */
export function zones(s: DutchAuctionState): [string, CardId[]][] {
  const out: [string, CardId[]][] = [];
  s.seats.forEach((p, i) => {
    out.push([`deck${i}`, p.deck], [`hand${i}`, p.hand], [`discards${i}`, p.discards]);
    out.push([`cashedIn${i}`, p.cashedIn], [`bid${i}`, ids(p.bid)]);
  });
  out.push(['auctionDeck', s.auctionDeck], ['display', s.display.filter((c): c is CardId => c !== null)]);
  out.push(['auctionDiscards', s.auctionDiscards]);
  return out;
}

/** A random legal game, seeded; returns every state and move along the way. */
export function randomGame(
  edition: Edition,
  seed: string,
  onStep?: (state: DutchAuctionState, seat: Seat, move: DutchAuctionMove, legal: DutchAuctionMove[], rng: Rng) => void,
): { moves: { seat: Seat; move: DutchAuctionMove }[]; final: DutchAuctionState } {
  let state = game.setup(2, { edition }, seed);
  let rng = seedRng(`${seed}/player`);
  const moves: { seat: Seat; move: DutchAuctionMove }[] = [];
  for (let n = 0; n < 5000; n++) {
    const seats = game.toAct(state);
    if (seats.length === 0) return { moves, final: state };
    let k: number;
    [k, rng] = nextInt(rng, seats.length);
    const seat = seats[k] as Seat;
    const legal = game.legalMoves(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} must act but has no legal move`);
    [k, rng] = nextInt(rng, legal.length);
    const move = legal[k] as DutchAuctionMove;
    onStep?.(state, seat, move, legal, rng);
    const r = game.apply(state, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} ${r.error.code}`);
    moves.push({ seat, move });
    state = r.value.state;
  }
  throw new Error(`game ${seed} did not end in 5000 moves`);
}
