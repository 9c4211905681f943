/**
 * Computer players. A bot is a pure function of what its seat may see: the seat's view (the same
 * `view(state, seat)` a person's browser gets), the legal moves the platform lists for that seat, and a
 * seed. It never receives the game state, so it cannot know a hidden card: a computer seat knows no more
 * than a person in it would.
 *
 * The strong level searches by determinization: it samples full states that agree with its view
 * (the game's `determinize`, which deals the cards the seat cannot see at random), plays each sample
 * forward with the game's own `apply`, and keeps the move whose samples did best. The search is
 * deterministic given the seed and its budget is counted in playouts, not milliseconds, so the same
 * input always gives the same move.
 */
import type { Game, LogEntry, Seat } from './game.js';
import { nextU32, type Rng, seedRng } from './random.js';

/** Weakest first: the ladder's order (scripts/bench/ladder.ts measures that each beats the one before). */
export const BOT_LEVELS = ['beginner', 'easy', 'strong'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * All a bot knows when it picks a move: nothing but what its seat may see.
 *
 * The view carries what a person at that seat has on screen now. For the auction and the Golden Age
 * that is all the bots use: everything private to the seat stays in its view as long as it matters
 * (its own hand, deck and discards, its sealed choice; the Golden Age hand), and the rest is public
 * board state. What only a person's memory adds there is public history (which cards the opponent
 * bought, the order of past discards), which the bots forgo at a small cost in strength.
 *
 * The memory game is different: with the memory aid off, a face the seat was shown (its starting
 * look, a Queen's peek, the card it drew before placing it) appears once, in the answer to its move
 * (`Applied.reveal`), and never again in its view. A person remembers it; a bot, which keeps nothing
 * between calls, needs it handed back, so the input may carry the seat's own log (`log`).
 */
export interface BotInput<V, M> {
  readonly seat: Seat;
  /** `view(state, seat)`: the seat's own view, hidden cards as counts or backs. */
  readonly view: V;
  /**
   * The seat's own log, oldest first: each event as `viewEvent(event, seat)` shows it, and after the
   * events of a move of this seat's that showed it something, that reveal as an entry
   * `{ type: 'reveal', seat, text: '', data: reveal }`. Optional: without it a memory bot with the
   * memory aid off knows only what its view shows now (the other games ignore it).
   */
  readonly log?: readonly LogEntry[];
  /** The seat's legal moves now (the list the platform also sends to a person in that seat). */
  readonly legal: readonly M[];
  /** Server time of the decision, for rules that care about time. */
  readonly now: number;
  /** Seed for the bot's own randomness (the platform derives it from the match and version). */
  readonly seed: string;
}

export interface Bot<V, M> {
  readonly level: BotLevel;
  choose(input: BotInput<V, M>): M;
}

/**
 * What the platform asks of a game's computer players (`shared/games/bots.ts` lists one per game):
 * for a bot of `level` in `input.seat`, the move it makes now, or null when it has nothing to do (not
 * its turn, no snap it knows of). `reaction` marks a move made off turn in answer to what another
 * seat just did (a snap): the platform waits a human-like moment before making it, so people get a
 * fair chance, and asks again then, on the state of that moment.
 */
export interface BotPlayer<V, M> {
  decide(level: BotLevel, input: BotInput<V, M>): BotDecision<M> | null;
  /**
   * Whether a bot with this view needs the seat's own log (`BotInput.log`) to know what the seat knows;
   * the platform reads the log only then. Absent: never (the view carries it all).
   */
  wantsLog?(view: V): boolean;
}

export interface BotDecision<M> {
  readonly move: M;
  readonly reaction?: boolean;
}

/** A uniform draw in [0, 1) and the generator's next state. */
export function nextUnit(rng: Rng): [number, Rng] {
  const [u, next] = nextU32(rng);
  return [u / 4294967296, next];
}

/** What a game gives the generic search besides its rules. */
export interface SearchHooks<S, V, M> {
  /** A full state that agrees with `view` for `seat`; cards the seat cannot see are dealt at random. */
  determinize(view: V, seat: Seat, rng: Rng): [S, Rng];
  /** The quick move used in playouts (often the easy bot's heuristic, or a random legal move). */
  playout(state: S, seat: Seat, legal: readonly M[], rng: Rng): [M, Rng];
  /** How good `state` is for `seat`, in [0, 1]: 1 a win. Called at a finished game or the depth cut. */
  value(state: S, seat: Seat): number;
}

export interface SearchBudget {
  /** Sampled states (determinizations) per decision. */
  readonly samples: number;
  /** Playouts per sampled state, spread over the candidate moves by UCB1. */
  readonly playoutsPerSample: number;
  /** Moves played forward in one playout before `value` judges the position. */
  readonly depth: number;
}

/**
 * Determinized Monte Carlo search over the legal moves (statistics pooled across samples, UCB1 to
 * share the playouts among the moves). Returns the move with the best mean value; ties go to the
 * earlier move in `legal`, so the answer is deterministic.
 */
export function searchMove<S, V, M>(
  game: Pick<Game<S, M>, 'apply' | 'legalMoves' | 'toAct'>,
  hooks: SearchHooks<S, V, M>,
  input: BotInput<V, M>,
  budget: SearchBudget,
): M {
  const { legal, seat, now } = input;
  if (legal.length === 0) throw new Error('searchMove: no legal move');
  if (legal.length === 1) return legal[0]!;
  const visits = new Array<number>(legal.length).fill(0);
  const totals = new Array<number>(legal.length).fill(0);
  let rng = seedRng(`${input.seed}/search`);
  let n = 0;
  for (let s = 0; s < budget.samples; s++) {
    let sample: S;
    [sample, rng] = hooks.determinize(input.view, seat, rng);
    for (let p = 0; p < budget.playoutsPerSample; p++) {
      const i = pickUcb(visits, totals, n);
      const first = game.apply(sample, seat, legal[i]!, { now });
      let v = 0;
      if (first.ok) [v, rng] = playout(game, hooks, first.value.state, seat, budget.depth, now, rng);
      visits[i]! += 1;
      totals[i]! += v;
      n++;
    }
  }
  let best = 0;
  for (let i = 1; i < legal.length; i++) if (mean(totals, visits, i) > mean(totals, visits, best)) best = i;
  return legal[best]!;
}

const mean = (totals: number[], visits: number[], i: number) => (visits[i]! === 0 ? -1 : totals[i]! / visits[i]!);

function pickUcb(visits: number[], totals: number[], n: number): number {
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < visits.length; i++) {
    if (visits[i] === 0) return i;
    const score = totals[i]! / visits[i]! + Math.sqrt((2 * Math.log(n)) / visits[i]!);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

function playout<S, V, M>(
  game: Pick<Game<S, M>, 'apply' | 'legalMoves' | 'toAct'>,
  hooks: SearchHooks<S, V, M>,
  start: S,
  seat: Seat,
  depth: number,
  now: number,
  rng0: Rng,
): [number, Rng] {
  let state = start;
  let rng = rng0;
  for (let d = 0; d < depth; d++) {
    const acting = game.toAct(state);
    if (acting.length === 0) break;
    const who = acting[0]!;
    const legal = game.legalMoves(state, who);
    if (legal.length === 0) break;
    let move: M;
    [move, rng] = hooks.playout(state, who, legal, rng);
    const next = game.apply(state, who, move, { now });
    if (!next.ok) break;
    state = next.value.state;
  }
  return [hooks.value(state, seat), rng];
}

/**
 * A shuffle for the bots' sampled deals: Fisher–Yates with the generator of ./random.ts stepped in
 * place, so a draw allocates nothing (the engine's `shuffle` makes two arrays per draw, and the
 * search deals thousands of samples). The index is a multiply-shift of a 32-bit draw: its bias,
 * under 2^-26 for a deck, does not matter for a sample. Deterministic: the same rng, the same deal.
 */
export function sampleShuffle<T>(rng: Rng, items: readonly T[]): [T[], Rng] {
  let [a, b, c, d] = rng;
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    const j = Math.floor(((t >>> 0) * (i + 1)) / 4294967296);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}
