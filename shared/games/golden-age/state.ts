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
// A mutable working copy for `apply`: the input state is never touched.
// ---------------------------------------------------------------------------------------------

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type DraftPlayer = Mutable<Omit<PlayerState, 'hand' | 'paintings' | 'windmills' | 'governors'>> & {
  hand: string[];
  paintings: Painting[];
  windmills: string[];
  governors: string[];
};

export type Draft = Mutable<
  Omit<GoldenAgeState, 'players' | 'provinces' | 'guilds' | 'east' | 'west' | 'decks' | 'discards' | 'unsold'>
> & {
  players: DraftPlayer[];
  provinces: { marker: Marker | null; tokens: number[] }[];
  guilds: { holder: Marker | null; level: number }[];
  east: (Marker | null)[];
  west: Marker[];
  /** deck and discard arrays are shared with the input state: replace them, never mutate them */
  decks: Record<DeckId, readonly string[]>;
  discards: Record<DeckId, readonly string[]>;
  unsold: number[];
};

/**
 * A working copy of `s` for one move. Written out field by field: this runs on every move and
 * spreads or `map` callbacks cost several times more.
 */
export function draft(s: GoldenAgeState): Draft {
  const players: DraftPlayer[] = new Array(s.players.length);
  for (let i = 0; i < players.length; i++) {
    const p = s.players[i]!;
    players[i] = {
      money: p.money,
      tokens: p.tokens,
      markers: p.markers,
      hand: p.hand.slice(),
      paintings: p.paintings.slice(),
      windmills: p.windmills.slice(),
      governors: p.governors.slice(),
    };
  }
  const provinces: Draft['provinces'] = new Array(s.provinces.length);
  for (let i = 0; i < provinces.length; i++) {
    const p = s.provinces[i]!;
    provinces[i] = { marker: p.marker, tokens: p.tokens.slice() };
  }
  const guilds: Draft['guilds'] = new Array(s.guilds.length);
  for (let i = 0; i < guilds.length; i++) {
    const g = s.guilds[i]!;
    guilds[i] = { holder: g.holder, level: g.level };
  }
  const { decks, discards } = s;
  return {
    seats: s.seats,
    phase: s.phase,
    current: s.current,
    setupStep: s.setupStep,
    turn: s.turn,
    steward: s.steward,
    lastRoll: s.lastRoll,
    bank: s.bank,
    players,
    provinces,
    guilds,
    east: s.east.slice(),
    west: s.west.slice(),
    decks: { culture: decks.culture, arts: decks.arts, investment: decks.investment, spices: decks.spices, colony: decks.colony },
    discards: {
      culture: discards.culture,
      arts: discards.arts,
      investment: discards.investment,
      spices: discards.spices,
      colony: discards.colony,
    },
    unsold: s.unsold.slice(),
    auction: s.auction,
    pending: s.pending,
    winner: s.winner,
    rng: s.rng,
  };
}
