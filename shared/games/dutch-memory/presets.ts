/**
 * The two rule sets as data, and how a match's options resolve into one complete set of rules.
 *
 * A match picks a preset ('bench' or 'marmot'); every point where the two rule texts differ is
 * also an option of its own that overrides the preset. `resolveRules` turns preset + overrides
 * into a `Rules` object with every field filled in, which is what `setup` receives and what the
 * state carries. Resolving is idempotent: resolving a resolved `Rules` gives it back unchanged.
 */
import type { ValueTable } from './cards.js';

export const PRESETS = ['bench', 'marmot'] as const;
export type Preset = (typeof PRESETS)[number];

export const QUEEN_POWERS = ['peek-any', 'none'] as const;
export const JACK_POWERS = ['swap-different-benches', 'swap-any', 'none'] as const;
export const CALLER_LOWEST = ['nothing', 'bonus-card'] as const;
export const CALLER_NOT_LOWEST = ['card-per-player', 'one-card', 'nothing'] as const;
export const CALLER_TIES = ['against-caller', 'for-caller'] as const;
export const EMPTY_BENCH = ['auto-dutch', 'win-round'] as const;
export const TIE_BREAKS = ['last-round', 'shared'] as const;
/** Snapping another player's card: the snapper may hand them a card, or the owner draws a replacement and a penalty. */
export const OTHERS_SNAP = ['give-back', 'replace-and-penalty'] as const;
export const FIRST_DEALERS = ['last-seat', 'random'] as const;

export interface Rules {
  readonly preset: Preset;
  /** May a turn take the top card of the discard pile (and must then exchange it)? */
  readonly drawFromDiscard: boolean;
  /** Does the dealer turn up a first discard when the round starts? */
  readonly openingDiscard: boolean;
  /** Ace discarded: give the top card of the deck to another player, face down. */
  readonly acePower: boolean;
  /** Queen discarded: look at any one face-down card on the table. */
  readonly queenPower: (typeof QUEEN_POWERS)[number];
  /** Jack discarded: swap two face-down cards, unseen; in two different benches or anywhere. */
  readonly jackPower: (typeof JACK_POWERS)[number];
  readonly cardValues: ValueTable;
  /** What the Dutch caller gets when they are lowest after the final turns. */
  readonly callerLowest: (typeof CALLER_LOWEST)[number];
  /** ...and when they are not: a penalty card per player at or below them, one card, or nothing. */
  readonly callerNotLowest: (typeof CALLER_NOT_LOWEST)[number];
  /** Does a tie with the caller count against the caller or for them? */
  readonly callerTies: (typeof CALLER_TIES)[number];
  /** Penalty cards for a wrong or late snap (doubled for a wrong snap of someone else's card). */
  readonly penaltyCards: number;
  /** Does the penalised player get to see their penalty card? */
  readonly penaltyCardSeen: boolean;
  /** A player with no cards left: Dutch is called for them at their turn, or they win the round at once. */
  readonly emptyBench: (typeof EMPTY_BENCH)[number];
  /** The game ends after the round in which any total reaches this. */
  readonly endScore: number;
  /** Equal lowest totals at the end: the lower final-round score wins, or the win is shared. */
  readonly tieBreak: (typeof TIE_BREAKS)[number];
  /** Snap a matching card from another player's cards (an optional bench rule; part of the Marmot text). */
  readonly snapOthers: boolean;
  /**
   * What follows a snap of another player's card. give-back (bench option): the snapper may hand
   * the owner one of their own cards, and a wrong or late one costs double. replace-and-penalty
   * (Marmot): the owner takes a new card in its place plus a penalty card.
   */
  readonly othersSnap: (typeof OTHERS_SNAP)[number];
  /** Who deals the first round: the last seat (so the first seat starts), or a seat drawn from the match's seed. */
  readonly firstDealer: (typeof FIRST_DEALERS)[number];
  /** Optional bench rule: a Queen played in the last final turn gives everyone else another turn. */
  readonly lastQueenExtends: boolean;
  /** Keep the faces of the cards one has legitimately seen visible in one's own view. */
  readonly memoryAid: boolean;
  /** A snap sent within this many ms of a discard still counts after the discard was covered. */
  readonly snapWindowMs: number;
}

type PresetRules = Omit<Rules, 'preset' | 'memoryAid' | 'snapWindowMs' | 'lastQueenExtends' | 'endScore'>;

/** The points where the two rule texts differ. */
export const PRESET_RULES: Readonly<Record<Preset, PresetRules>> = {
  bench: {
    drawFromDiscard: true,
    openingDiscard: true,
    acePower: false,
    queenPower: 'peek-any',
    jackPower: 'swap-different-benches',
    cardValues: 'bench',
    callerLowest: 'nothing',
    callerNotLowest: 'card-per-player',
    callerTies: 'against-caller',
    penaltyCards: 1,
    penaltyCardSeen: false,
    emptyBench: 'auto-dutch',
    tieBreak: 'last-round',
    snapOthers: false,
    othersSnap: 'give-back',
    firstDealer: 'last-seat',
  },
  marmot: {
    drawFromDiscard: false,
    openingDiscard: false,
    acePower: true,
    queenPower: 'peek-any',
    jackPower: 'swap-any',
    cardValues: 'marmot',
    callerLowest: 'bonus-card',
    callerNotLowest: 'one-card',
    callerTies: 'for-caller',
    penaltyCards: 1,
    penaltyCardSeen: true,
    emptyBench: 'win-round',
    tieBreak: 'shared',
    // "If player A plays the card of player B, player B takes a new card ... and also takes a penalty."
    snapOthers: true,
    othersSnap: 'replace-and-penalty',
    // "A dealer is randomly chosen".
    firstDealer: 'random',
  },
};

export const DEFAULT_END_SCORE = 100;
export const HOUR_MS = 3_600_000;
/**
 * Players here look in hours apart, and a discard is otherwise snappable only until the next
 * player covers it. With this window, whoever looks in within it still gets their snap
 * (a day: measured in scripts/bench/dutch-memory-snaps.ts; see help.ts).
 */
export const DEFAULT_SNAP_WINDOW_MS = 24 * HOUR_MS;
/** Defaults that are the same whatever the preset. See help.ts for why the memory aid is on. */
export const COMMON_DEFAULTS = {
  memoryAid: true,
  snapWindowMs: DEFAULT_SNAP_WINDOW_MS,
  lastQueenExtends: false,
  endScore: DEFAULT_END_SCORE,
} as const;

/** Options as parsed: a preset and any overrides. */
export type RuleOverrides = { readonly preset?: Preset | undefined } & {
  readonly [K in Exclude<keyof Rules, 'preset'>]?: Rules[K] | undefined;
};

export function resolveRules(options: RuleOverrides): Rules {
  const preset = options.preset ?? 'bench';
  const base: Rules = { preset, ...PRESET_RULES[preset], ...COMMON_DEFAULTS };
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base) as (keyof Rules)[]) {
    const v = options[key];
    if (v !== undefined) out[key] = v;
  }
  return out as unknown as Rules;
}

/** How a page should lay the four starting cards out: the bench text says 2×2, the Marmot text a row. */
export function layoutOf(rules: Rules): 'grid' | 'row' {
  return rules.preset === 'bench' ? 'grid' : 'row';
}
