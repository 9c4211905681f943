/**
 * The game state and the events its moves produce: plain JSON. Money is always in HALF-guilders
 * (integers). Provinces, guild columns and colony boxes are arrays indexed like `PROVINCES`,
 * `GUILD_COLOURS` and East Indies boxes 2..6 in `board.ts`.
 */
import type { Seat } from '../../engine/game.js';
import type { Rng } from '../../engine/random.js';
import type { CashSet, DeckId, GuildColour, ProvinceId } from './board.js';
import type { MarkerPlace } from './moves.js';

export const PHASES = ['setup-marker', 'setup-tokens', 'setup-steward', 'roll', 'actions', 'auction', 'auction-action', 'over'] as const;
export type Phase = (typeof PHASES)[number];

/** An influence marker on the board. */
export interface Marker {
  readonly owner: Seat;
  /** flipped to its crossed-out side: its special action was taken this turn */
  readonly used: boolean;
  /** arrived at this spot this turn (placed or moved): it may not move again this turn */
  readonly moved: boolean;
}

export interface ProvinceState {
  readonly marker: Marker | null;
  /** movement tokens per seat */
  readonly tokens: readonly number[];
}

export interface GuildState {
  /** the marker in the column (only the top one is ever present) */
  readonly holder: Marker | null;
  /** boxes of the column used so far (0 = empty; the next takeover costs GUILD_PRICES[level]) */
  readonly level: number;
}

export interface Painting {
  readonly card: string;
  /** payments made so far (1 guilder each, lying on the card) */
  readonly paid: number;
}

export interface PlayerState {
  /** half-guilders */
  readonly money: number;
  /** movement tokens in the reserve */
  readonly tokens: number;
  /** influence markers in the reserve */
  readonly markers: number;
  /** private cards: investment, spice, colony, dice cards and culture duplicates */
  readonly hand: readonly string[];
  /** face-up arts cards, finished or not */
  readonly paintings: readonly Painting[];
  readonly windmills: readonly string[];
  readonly governors: readonly string[];
}

export interface AuctionState {
  /** index into PROVINCES of the auctioned marker */
  readonly province: number;
  readonly auctioneer: Seat;
  readonly high: { readonly seat: Seat; readonly amount: number } | null;
  readonly passed: readonly boolean[];
  /** whose turn it is to bid */
  readonly bidder: Seat;
}

/** The winner of an auction still has to say how to use a green or brown action. */
export interface PendingPrize {
  readonly winner: Seat;
  /** index into PROVINCES of the auctioned marker */
  readonly province: number;
}

export interface LastRoll {
  readonly seat: Seat;
  /** the two dice, or null when a dice card chose the move */
  readonly dice: readonly [number, number] | null;
  readonly steps: number;
  readonly from: number;
  readonly to: number;
}

export interface GoldenAgeState {
  readonly seats: number;
  readonly phase: Phase;
  /** the acting player (during set-up: the player placing) */
  readonly current: Seat;
  /** placements made in the current set-up phase */
  readonly setupStep: number;
  /** turns started (0 during set-up) */
  readonly turn: number;
  /** Steward's box on the track, null before it is placed */
  readonly steward: number | null;
  readonly lastRoll: LastRoll | null;
  /** half-guilders */
  readonly bank: number;
  readonly players: readonly PlayerState[];
  readonly provinces: readonly ProvinceState[];
  readonly guilds: readonly GuildState[];
  /** East Indies boxes 2..6 (index 0 = box 2) */
  readonly east: readonly (Marker | null)[];
  /** West Indies (box 7): any number of markers */
  readonly west: readonly Marker[];
  /** face-down draw piles; the LAST element is the top card */
  readonly decks: Readonly<Record<DeckId, readonly string[]>>;
  /** face-up discard piles */
  readonly discards: Readonly<Record<DeckId, readonly string[]>>;
  /** province indexes whose auction found no bidder this turn (cannot be offered again) */
  readonly unsold: readonly number[];
  readonly auction: AuctionState | null;
  readonly pending: PendingPrize | null;
  readonly winner: Seat | null;
  /** the hidden PRNG state: never leaves the server */
  readonly rng: Rng;
}

// ---------------------------------------------------------------------------------------------
// Events: what happened, for the log. Events may hold hidden card ids (a card drawn into a hand);
// they leave the server only through `viewEvent`, which hides them from everyone but the owner.
// Money is in half-guilders.
// ---------------------------------------------------------------------------------------------

export type GoldenAgeEvent =
  | { readonly type: 'setup-marker'; readonly seat: Seat; readonly province: ProvinceId }
  | { readonly type: 'setup-token'; readonly seat: Seat; readonly province: ProvinceId }
  | { readonly type: 'steward-placed'; readonly seat: Seat; readonly box: number }
  /** `dice` null means a dice card (public once played) chose the move */
  | {
      readonly type: 'steward-moved';
      readonly seat: Seat;
      readonly dice: readonly [number, number] | null;
      readonly card: string | null;
      readonly steps: number;
      readonly from: number;
      readonly to: number;
    }
  /** what each seat was owed and what the bank could actually pay */
  | { readonly type: 'payout'; readonly box: number; readonly owed: readonly number[]; readonly paid: readonly number[] }
  | { readonly type: 'token-moved'; readonly seat: Seat; readonly from: ProvinceId; readonly to: ProvinceId; readonly cost: number }
  | {
      readonly type: 'guild-taken';
      readonly seat: Seat;
      readonly colour: GuildColour;
      readonly price: number;
      readonly displaced: Seat | null;
      readonly from: MarkerPlace | null;
    }
  | { readonly type: 'marker-created'; readonly seat: Seat; readonly province: ProvinceId; readonly from: MarkerPlace | null }
  | {
      readonly type: 'sailed';
      readonly seat: Seat;
      readonly box: number;
      readonly cards: readonly string[];
      readonly from: MarkerPlace | null;
    }
  | { readonly type: 'exchanged'; readonly seat: Seat; readonly set: CashSet; readonly cards: readonly string[]; readonly amount: number }
  /** `via` null: the card is the prize of an auction (no cost) */
  | {
      readonly type: 'card-drawn';
      readonly seat: Seat;
      readonly deck: DeckId;
      readonly card: string;
      readonly cost: number;
      readonly via: MarkerPlace | null;
    }
  | { readonly type: 'reshuffled'; readonly deck: DeckId }
  | {
      readonly type: 'token-bought';
      readonly seat: Seat;
      readonly province: ProvinceId;
      readonly cost: number;
      readonly via: MarkerPlace | null;
    }
  | {
      readonly type: 'painter-paid';
      readonly seat: Seat;
      readonly painting: string;
      readonly paid: number;
      readonly payments: number;
      readonly finished: boolean;
      readonly via: MarkerPlace | null;
    }
  | { readonly type: 'auction-started'; readonly seat: Seat; readonly province: ProvinceId; readonly colour: GuildColour }
  | { readonly type: 'bid'; readonly seat: Seat; readonly amount: number }
  /** `auto`: the seat could not bid (no money for the next bid, or could not use the action) */
  | { readonly type: 'passed'; readonly seat: Seat; readonly auto: boolean }
  | { readonly type: 'auction-won'; readonly seat: Seat; readonly auctioneer: Seat; readonly amount: number; readonly province: ProvinceId }
  | { readonly type: 'auction-unsold'; readonly auctioneer: Seat; readonly province: ProvinceId }
  | { readonly type: 'turn-ended'; readonly seat: Seat; readonly scores: readonly number[]; readonly next: Seat | null }
  | { readonly type: 'game-won'; readonly seat: Seat; readonly scores: readonly number[] };

// ---------------------------------------------------------------------------------------------
// A working copy for `apply`: the input state is never touched.
// ---------------------------------------------------------------------------------------------

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A player of the draft that `apply` may change: its own object; its arrays are replaced, never edited. */
export type DraftPlayer = Mutable<PlayerState>;

/**
 * The working copy of one move. Only its top-level fields and the lists of players, provinces and
 * guilds are its own at first; everything below is shared with the input until replaced:
 * `ownPlayer` gives a player object of its own, and provinces, guilds, markers, cards lists and
 * decks are replaced whole, never edited. `owned` (a bit per seat) is bookkeeping, left out of
 * the state that `finish` returns.
 */
export type Draft = Mutable<Omit<GoldenAgeState, 'players' | 'provinces' | 'guilds' | 'decks' | 'discards'>> & {
  players: PlayerState[];
  provinces: ProvinceState[];
  guilds: GuildState[];
  decks: Readonly<Record<DeckId, readonly string[]>>;
  discards: Readonly<Record<DeckId, readonly string[]>>;
  owned: number;
};

/** A working copy of `s` for one move. Written out field by field: this runs on every move. */
export function draft(s: GoldenAgeState): Draft {
  return {
    seats: s.seats,
    phase: s.phase,
    current: s.current,
    setupStep: s.setupStep,
    turn: s.turn,
    steward: s.steward,
    lastRoll: s.lastRoll,
    bank: s.bank,
    players: s.players.slice(),
    provinces: s.provinces.slice(),
    guilds: s.guilds.slice(),
    east: s.east,
    west: s.west,
    decks: s.decks,
    discards: s.discards,
    unsold: s.unsold,
    auction: s.auction,
    pending: s.pending,
    winner: s.winner,
    rng: s.rng,
    owned: 0,
  };
}

/** Player `seat` of the draft as an object of the draft's own, to change its fields. */
export function ownPlayer(d: Draft, seat: Seat): DraftPlayer {
  const p = d.players[seat] as PlayerState;
  if ((d.owned >> seat) & 1) return p as DraftPlayer;
  d.owned |= 1 << seat;
  const q: DraftPlayer = {
    money: p.money,
    tokens: p.tokens,
    markers: p.markers,
    hand: p.hand,
    paintings: p.paintings,
    windmills: p.windmills,
    governors: p.governors,
  };
  d.players[seat] = q;
  return q;
}

/** The state a draft stands for: the same fields in the same order, without the bookkeeping. */
export function finish(d: Draft): GoldenAgeState {
  return {
    seats: d.seats,
    phase: d.phase,
    current: d.current,
    setupStep: d.setupStep,
    turn: d.turn,
    steward: d.steward,
    lastRoll: d.lastRoll,
    bank: d.bank,
    players: d.players,
    provinces: d.provinces,
    guilds: d.guilds,
    east: d.east,
    west: d.west,
    decks: d.decks,
    discards: d.discards,
    unsold: d.unsold,
    auction: d.auction,
    pending: d.pending,
    winner: d.winner,
    rng: d.rng,
  };
}
