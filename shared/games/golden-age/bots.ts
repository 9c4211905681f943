/**
 * Computer players for The Dutch Golden Age. A bot sees only its seat's view: to try a
 * move it first builds a full state that agrees with that view (`determinize`: the other hands
 * and the deck order dealt at random from the cards the seat cannot rule out), then runs the
 * game's own `apply` on it.
 *
 * - easy: one-ply greedy. Every own move is tried on one sampled state and judged by `worth`
 *   (points on the board plus what money, hand cards, unfinished paintings and guild markers are
 *   likely worth). Dice cards are played when they pay clearly more than an average roll; bids go
 *   up one step while the price stays under what the prize's action would cost; an exchange is
 *   judged together with the best move it pays for (so sets are cashed in only when that buys
 *   something, or at the end to reach 33 points).
 * - beginner: the same greed on a new player's sense of value (`BEGINNER_WEIGHTS`): spends freely,
 *   undervalues guilds and governors, overbids.
 * - strong: the determinized search of `../../engine/bot.ts` over the easy level's best few
 *   candidates, each sample played forward with the easy policy and judged by the margin of
 *   `worth` over the best opponent (or the result when the game ends).
 *
 * Exchanges are legal for every seat at any time. The bots cash in only when it is worth it: in
 * their own turn for what the money buys next, and in an auction by bidding beyond their purse
 * (`apply` cashes in the sets the bid needs). Out of turn they have nothing to do:
 * `wantsToMove` says so, and `choose`, which must return a move, then returns the first listed.
 */
import type { Seat } from '../../engine/game.js';
import {
  type Bot,
  type BotPlayer,
  type BotInput,
  type BotLevel,
  type SearchBudget,
  type SearchHooks,
  sampleShuffle,
  searchMove,
} from '../../engine/bot.js';
import { nextInt, nextU32, type Rng, seedRng } from '../../engine/random.js';
import { COLOUR_ACTION, type DeckId, DECKS, GUILD_COLOURS, PROVINCE_IDS } from './board.js';
import { card, DECK_CARDS, isPublicCard } from './cards.js';
import type { GoldenAgeMove } from './moves.js';
import { apply, legalMoves, owedFor, PROVINCE_COLOUR, scoreOf, toAct } from './rules.js';
import type { GoldenAgeState, Marker, PlayerState } from './state.js';
import type { GoldenAgeView } from './view.js';

type View = GoldenAgeView;
type Move = GoldenAgeMove;
type State = GoldenAgeState;

// ---------------------------------------------------------------------------------------------
// Determinization: a full state that agrees with the view
// ---------------------------------------------------------------------------------------------

const markerOf = (m: { owner: Seat; used: boolean; moved: boolean } | null): Marker | null =>
  m === null ? null : { owner: m.owner, used: m.used, moved: m.moved };

const GOVERNOR_ID = (province: string): string => `culture-governor-${province}`;

/** A full state consistent with `v` as `seat` sees it; hidden hands and deck orders are dealt from `rng`. */
export function determinize(v: View, seat: Seat, rng0: Rng): [State, Rng] {
  let rng = rng0;
  const seen = new Set<string>();
  const ownHand = (v.hand ?? []).map((c) => c.id);
  for (const id of ownHand) seen.add(id);
  for (const d of v.decks) for (const c of d.discard) seen.add(c.id);
  for (const p of v.players) {
    for (const pt of p.paintings) seen.add(pt.card.id);
    for (const g of p.governors) seen.add(GOVERNOR_ID(g));
  }
  // windmills are alike: give each player the first free ones
  const windmillIds = DECK_CARDS.culture.filter((id) => card(id).kind === 'windmill' && !seen.has(id));
  const windmills: string[][] = v.players.map((p) => windmillIds.splice(0, p.windmills));
  for (const w of windmills) for (const id of w) seen.add(id);
  // unseen cards per deck, shuffled; other hands take hand-able cards from the top
  const pools = {} as Record<DeckId, string[]>;
  for (const d of DECKS) {
    let pool: string[];
    [pool, rng] = sampleShuffle(
      rng,
      DECK_CARDS[d].filter((id) => !seen.has(id)),
    );
    pools[d] = pool;
  }
  const hands: string[][] = v.players.map(() => []);
  for (const p of v.players) {
    if (p.seat === seat) {
      hands[p.seat] = ownHand.slice();
      continue;
    }
    for (const d of DECKS) {
      for (let k = 0; k < p.handBacks[d]; k++) {
        const pool = pools[d];
        const i = pool.findIndex((id) => !isPublicCard(id));
        if (i < 0) break;
        hands[p.seat]!.push(pool[i]!);
        pool.splice(i, 1);
      }
    }
  }
  // the deck size in the view is what is left to draw; any surplus of the pool lies in hidden
  // hands we could not place (should not happen) and is simply dropped
  const decks = {} as Record<DeckId, readonly string[]>;
  const discards = {} as Record<DeckId, readonly string[]>;
  for (const d of v.decks) {
    const pool = pools[d.deck];
    decks[d.deck] = pool.length > d.count ? pool.slice(pool.length - d.count) : pool;
    discards[d.deck] = d.discard.map((c) => c.id);
  }
  const players: PlayerState[] = v.players.map((p) => ({
    money: p.money,
    tokens: p.tokensInReserve,
    markers: p.markersInReserve,
    hand: hands[p.seat]!,
    paintings: p.paintings.map((pt) => ({ card: pt.card.id, paid: pt.paid })),
    windmills: windmills[p.seat]!,
    governors: p.governors.map(GOVERNOR_ID),
  }));
  const words: number[] = [];
  for (let k = 0; k < 4; k++) {
    let w: number;
    [w, rng] = nextU32(rng);
    words.push(w | (k === 0 ? 1 : 0));
  }
  const province = (id: string) => PROVINCE_IDS.indexOf(id as (typeof PROVINCE_IDS)[number]);
  const a = v.auction;
  const s: State = {
    seats: v.seats,
    phase: v.phase,
    current: v.current,
    setupStep: setupStep(v),
    turn: v.turn,
    steward: v.steward,
    lastRoll: v.lastRoll,
    bank: v.bank,
    players,
    provinces: v.provinces.map((p) => ({ marker: markerOf(p.marker), tokens: p.tokens.slice() })),
    guilds: v.guilds.map((g) => ({ holder: markerOf(g.holder), level: g.level })),
    east: v.colonies.filter((c) => c.indies === 'east').map((c) => markerOf(c.markers[0] ?? null)),
    west: (v.colonies.find((c) => c.indies === 'west')?.markers ?? []).map((m) => markerOf(m)!),
    decks,
    discards,
    unsold: v.unsold.map(province),
    auction:
      a === null
        ? null
        : {
            province: province(a.province),
            auctioneer: a.auctioneer,
            high: a.high,
            passed: v.players.map((p) => a.passed.includes(p.seat)),
            bidder: a.bidder,
          },
    pending: v.pending === null ? null : { winner: v.pending.winner, province: province(v.pending.province) },
    winner: v.winner,
    rng: [words[0]!, words[1]!, words[2]!, words[3]!],
  };
  return [s, rng];
}

/** Set-up placements made so far in the current set-up phase, counted from the board. */
function setupStep(v: View): number {
  if (v.phase === 'setup-marker') return v.provinces.filter((p) => p.marker !== null).length;
  if (v.phase === 'setup-tokens') return v.provinces.reduce((n, p) => n + p.tokens.reduce((a, b) => a + b, 0), 0);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// How good a position is for one seat (in victory points, money and cards at a guessed rate)
// ---------------------------------------------------------------------------------------------

/** Guessed points per hand card. */
const CARD_WORTH: Readonly<Record<string, number>> = {
  'tulip-girl': 1.1,
  'two-tulip-girls': 1.2,
  'shipping-company': 1.3,
  'spice-single': 1.5,
  'spice-pair': 1.6,
  'spice-triple': 1.7,
  ship: 1.3,
  captain: 1.3,
  cannon: 1.3,
  'voc-joker': 1.4,
  dice: 0.4,
};
/** The weights of `worth` (points per thing). */
export interface Weights {
  /** points per half-guilder while the game runs */
  readonly money: number;
  /** multiplies CARD_WORTH */
  readonly cards: number;
  readonly paintingBase: number;
  readonly paintingPaid: number;
  readonly guild: number;
  readonly token: number;
  readonly marker: number;
  readonly governor: number;
  /** bonus for offering one's marker at auction */
  readonly auction: number;
  /** the most a bid may be over what the prize's action costs, half-guilders */
  readonly bidOver: number;
}

export const EASY_WEIGHTS: Weights = {
  money: 1 / 8,
  cards: 1,
  paintingBase: 0.5,
  paintingPaid: 1,
  guild: 1.6,
  token: 0.3,
  marker: 0.6,
  governor: 0.5,
  auction: 0.4,
  bidOver: 0,
};

export function worth(s: State, seat: Seat, k: Weights = EASY_WEIGHTS): number {
  const sc = scoreOf(s, seat);
  const pl = s.players[seat]!;
  let w = sc.total - sc.money + pl.money * k.money;
  for (const id of pl.hand) w += (CARD_WORTH[card(id).kind] ?? 0.5) * k.cards;
  for (const p of pl.paintings) {
    const c = card(p.card);
    if (c.kind === 'painting' && p.paid < c.payments) w += k.paintingBase + (k.paintingPaid * c.vp * p.paid) / (c.payments + 1);
  }
  for (const g of s.guilds) if (g.holder?.owner === seat) w += k.guild;
  // tokens and markers earn money when the Steward stops: a little for each on the board
  for (const p of s.provinces) {
    w += (p.tokens[seat] ?? 0) * k.token;
    if (p.marker?.owner === seat) w += k.marker;
  }
  w += pl.governors.length * k.governor;
  return w;
}

/** In [0, 1]: the game's result when over, else the margin of `worth` over the best opponent. */
export function value(s: State, seat: Seat, k: Weights = EASY_WEIGHTS): number {
  if (s.phase === 'over') return s.winner === seat ? 1 : 0;
  const mine = worth(s, seat, k);
  let best = -Infinity;
  for (let i = 0; i < s.seats; i++) if (i !== seat) best = Math.max(best, worth(s, i, k));
  return 1 / (1 + Math.exp(-(mine - best) / 4));
}

/** A move's one-ply score: the game won or lost first, then `worth`. */
function judge(s: State, seat: Seat, k: Weights): number {
  if (s.phase === 'over') return s.winner === seat ? 1e6 : -1e6;
  return worth(s, seat, k);
}

// ---------------------------------------------------------------------------------------------
// The easy policy (on a full state: also the playout policy of the strong level)
// ---------------------------------------------------------------------------------------------

/** What the action of a marker of this colour would cost to take oneself, half-guilders. */
function prizeWorth(colour: number): number {
  return COLOUR_ACTION[GUILD_COLOURS[colour]!].token ? 9 : 6;
}

const isExchange = (m: Move) => m.kind === 'exchange';

/** Own moves ranked best first by one-ply `judge` (exchanges judged with their best follow-up). */
function ranked(s: State, seat: Seat, legal: readonly Move[], k: Weights): { move: Move; score: number }[] {
  const out: { move: Move; score: number }[] = [];
  for (const m of legal) {
    const r = apply(s, seat, m);
    if (!r.ok) continue;
    let score = judge(r.value.state, seat, k);
    if (m.kind === 'auction') score += k.auction;
    if (isExchange(m)) {
      // worth cashing in only for what the money then buys
      const after = r.value.state;
      let best = -Infinity;
      if (toAct(after)[0] === seat) {
        for (const f of legalMoves(after, seat)) {
          if (isExchange(f)) continue;
          const r2 = apply(after, seat, f);
          if (r2.ok) best = Math.max(best, judge(r2.value.state, seat, k));
        }
      }
      score = best - 0.3;
    }
    out.push({ move: m, score });
  }
  out.sort((a, b) => b.score - a.score);
  return out;
}

/** The expected payout margin (own minus mean of the others) of the Steward stopping at `box`. */
function payoutMargin(s: State, seat: Seat, box: number): number {
  const owed = owedFor(s, box);
  let others = 0;
  for (let i = 0; i < owed.length; i++) if (i !== seat) others += owed[i]!;
  return owed[seat]! - others / (owed.length - 1);
}

function rollMargin(s: State, seat: Seat): number {
  let sum = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) sum += payoutMargin(s, seat, ((s.steward ?? 0) + a + b) % 54);
  return sum / 36;
}

/** The easy level's move on a full state (never an exchange out of turn unless nothing else is legal). */
export function greedyMove(k: Weights, s: State, seat: Seat, legal: readonly Move[], rng: Rng): [Move, Rng] {
  if (legal.length === 1) return [legal[0]!, rng];
  if (toAct(s)[0] !== seat) return [legal[0]!, rng];
  switch (s.phase) {
    case 'roll': {
      const base = rollMargin(s, seat) + 4;
      let best: Move = { kind: 'roll' };
      let bestGain = base;
      for (const m of legal) {
        if (m.kind !== 'play-dice') continue;
        const g = payoutMargin(s, seat, ((s.steward ?? 0) + m.value) % 54);
        if (g > bestGain) {
          bestGain = g;
          best = m;
        }
      }
      return [best, rng];
    }
    case 'auction': {
      const a = s.auction!;
      const limit = prizeWorth(PROVINCE_COLOUR[a.province] as number) + k.bidOver;
      let bid: Move | null = null;
      for (const m of legal) if (m.kind === 'bid' && m.amount <= limit && m.amount <= s.players[seat]!.money) bid ??= m;
      return [bid ?? { kind: 'pass' }, rng];
    }
    case 'setup-marker':
    case 'setup-tokens':
    case 'setup-steward': {
      const [i, next] = nextInt(rng, legal.length);
      return [legal[i]!, next];
    }
    default: {
      const r = ranked(s, seat, legal, k);
      return [r[0]?.move ?? legal[0]!, rng];
    }
  }
}

export const easyMove = (s: State, seat: Seat, legal: readonly Move[], rng: Rng): [Move, Rng] =>
  greedyMove(EASY_WEIGHTS, s, seat, legal, rng);

/** A one-ply greedy bot with the given weights (the easy level uses EASY_WEIGHTS). */
export function greedyBot(k: Weights, level: BotLevel = 'easy'): Bot<View, Move> {
  return {
    level,
    choose(input) {
      const { legal, seat, view } = input;
      if (legal.length === 0) throw new Error('golden-age bot: no legal move');
      if (legal.length === 1 || notMyTurn(input)) return legal[0]!;
      // Set-up placements are drawn at random: no sampled state needed.
      if (view.phase === 'setup-marker' || view.phase === 'setup-tokens' || view.phase === 'setup-steward') {
        return legal[nextInt(seedRng(`${input.seed}/easy`), legal.length)[0]]!;
      }
      const [s, rng] = determinize(view, seat, seedRng(`${input.seed}/easy`));
      return greedyMove(k, s, seat, legal, rng)[0];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The levels
// ---------------------------------------------------------------------------------------------

const notMyTurn = (input: BotInput<View, Move>) => !input.view.toAct.includes(input.seat);

/** Whether a bot of this game has a move to make: only when its seat is to act (never an idle exchange). */
export const wantsToMove = (input: BotInput<View, Move>): boolean => !notMyTurn(input) && input.legal.length > 0;

export const easy: Bot<View, Move> = greedyBot(EASY_WEIGHTS);

/**
 * The beginner's weights: a new player's sense of value. Money is worth little to it (it spends what
 * it has), guilds and governors are undervalued (their points come late), and it bids well over what
 * a prize is worth.
 */
export const BEGINNER_WEIGHTS: Weights = { ...EASY_WEIGHTS, money: 1 / 32, guild: 0.6, governor: 0.1, marker: 0.2, bidOver: 4 };

export const beginner: Bot<View, Move> = greedyBot(BEGINNER_WEIGHTS, 'beginner');

export const hooks: SearchHooks<State, View, Move> = {
  determinize,
  playout: easyMove,
  value,
};

/**
 * The strong level's budget: `candidates` moves searched (the easy ranking's best, and ending the
 * turn), `turns` the turns played out before judging (1: to the end of the current turn).
 */
export interface StrongBudget extends SearchBudget {
  readonly candidates: number;
  readonly turns: number;
}

/**
 * Twice the samples and a turn further than before (8 samples, 2 turns): against two easy players on the
 * ladder's 39 deals the old budget won 18 games (46 %), this one 30 (76.9 %, 61.7–87.4 %), at a median of
 * 22 ms and a p99 of 107 ms CPU a move (docs/decisions/ladder.md).
 */
export const STRONG_BUDGET: StrongBudget = { samples: 16, playoutsPerSample: 8, depth: 60, candidates: 6, turns: 3 };

/** The strong level with a given budget (tests use a small one). */
export function strongBot(budget: StrongBudget = STRONG_BUDGET): Bot<View, Move> {
  return {
    level: 'strong',
    choose(input) {
      const { legal, seat, view } = input;
      if (legal.length === 0) throw new Error('golden-age bot: no legal move');
      if (legal.length === 1 || notMyTurn(input)) return legal[0]!;
      let candidates: readonly Move[] = legal;
      if (view.phase === 'actions' || view.phase === 'auction-action') {
        const [s] = determinize(view, seat, seedRng(`${input.seed}/rank`));
        const r = ranked(s, seat, legal, EASY_WEIGHTS);
        const top = r.slice(0, budget.candidates).map((x) => x.move);
        if (view.phase === 'actions' && !top.some((m) => m.kind === 'end-turn')) top.push({ kind: 'end-turn' });
        candidates = top;
      } else if (view.phase === 'setup-marker' || view.phase === 'setup-tokens' || view.phase === 'setup-steward') {
        return easy.choose(input);
      }
      if (candidates.length === 1) return candidates[0]!;
      // playouts stop `turns` turns after this one: the game as seen by the search ends there
      const stop = view.turn + budget.turns;
      const cut = (st: State) => (st.turn >= stop ? [] : toAct(st));
      return searchMove({ apply, legalMoves, toAct: cut }, hooks, { ...input, legal: candidates }, budget);
    },
  };
}

export const bots: Record<BotLevel, Bot<View, Move>> = { beginner, easy, strong: strongBot() };

export const botFor = (level: BotLevel): Bot<View, Move> => bots[level];

/**
 * The platform's entry (../bots.ts): a bot moves only when its seat is to act (no idle exchanges).
 * `playerOf` builds it from any pair of levels (tests use a strong bot on a small budget).
 */
export const playerOf = (levels: Record<BotLevel, Bot<View, Move>>): BotPlayer<View, Move> => ({
  decide: (level, input) => (wantsToMove(input) ? { move: levels[level].choose(input) } : null),
});

export const botPlayer: BotPlayer<View, Move> = playerOf(bots);
