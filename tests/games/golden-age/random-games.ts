/**
 * Random legal games for the property tests: a game runner with invariant checks, a hidden-card
 * shuffler for view comparisons, and a generator of arbitrary schema-valid moves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import { nextInt, type Rng, seedRng, shuffle } from '#shared/engine/random.js';
import { CASH_SETS, DECKS, GUILD_COLOURS, PROVINCE_IDS } from '#shared/games/golden-age/board.js';
import { card } from '#shared/games/golden-age/cards.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove, MarkerPlace } from '#shared/games/golden-age/moves.js';
import { scoreTotals } from '#shared/games/golden-age/rules.js';
import type { GoldenAgeEvent, GoldenAgeState } from '#shared/games/golden-age/state.js';
import { CTX, invariantProblems, nobodyNegative } from './helpers.js';
import { randomMove } from './random-player.js';
import { english, unworded } from '../../support/words.js';
import { runs } from '../../support/scale.js';

export const TURN_CAP = 3000;

export interface Step {
  seat: Seat;
  move: GoldenAgeMove;
  before: GoldenAgeState;
  after: GoldenAgeState;
  events: readonly GoldenAgeEvent[];
}

export interface Played {
  final: GoldenAgeState;
  moves: [Seat, GoldenAgeMove][];
  events: GoldenAgeEvent[];
}

/**
 * Plays one random game to the end, calling `onStep` after every move. Throws (naming the seed)
 * on a refused listed move, a broken invariant or a game that does not end. Nobody may go below
 * zero at any move; the conservation laws are checked every `fullCheckEvery` moves and at the end
 * (a lost or doubled coin, token or card would stay lost or doubled, so it cannot slip through).
 */
export function playGame(seats: number, seed: string, endChance: number, onStep?: (step: Step) => void, fullCheckEvery = 5): Played {
  let s = goldenAge.setup(seats, {}, seed);
  let rng = seedRng(`policy:${seed}`);
  const moves: [Seat, GoldenAgeMove][] = [];
  const events: GoldenAgeEvent[] = [];
  const check = (state: GoldenAgeState, move: GoldenAgeMove) => {
    const problems = invariantProblems(state);
    if (problems.length > 0) throw new Error(`${seed} after ${JSON.stringify(move)}: ${problems.join('; ')}`);
  };
  while (s.phase !== 'over') {
    const act = goldenAge.toAct(s);
    if (act.length !== 1) throw new Error(`${seed}: toAct ${JSON.stringify(act)}`);
    const seat = act[0]!;
    const [move, next] = randomMove(s, seat, rng, endChance);
    rng = next;
    const r = goldenAge.apply(s, seat, move, CTX);
    if (!r.ok) throw new Error(`${seed}: listed move refused ${JSON.stringify(move)}: ${r.error.code}`);
    if (!nobodyNegative(r.value.state)) throw new Error(`${seed}: below zero after ${JSON.stringify(move)}`);
    if (moves.length % fullCheckEvery === 0) check(r.value.state, move);
    onStep?.({ seat, move, before: s, after: r.value.state, events: r.value.events });
    moves.push([seat, move]);
    events.push(...r.value.events);
    s = r.value.state;
    if (s.turn > TURN_CAP) throw new Error(`${seed}: no winner after ${TURN_CAP} turns`);
  }
  check(s, { kind: 'end-turn' });
  return { final: s, moves, events };
}

export function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Card ids `viewer` may not see: every deck card and every card in another seat's hand. */
export function hiddenFrom(s: GoldenAgeState, viewer: Viewer): Set<string> {
  const out = new Set<string>();
  for (const d of DECKS) for (const id of s.decks[d]) out.add(id);
  s.players.forEach((p, i) => {
    if (i !== viewer) for (const id of p.hand) out.add(id);
  });
  return out;
}

/** Every card id written in a text. */
export const cardIdsIn = (text: string): string[] => text.match(/\b(?:culture|arts|investment|spices|colony)-[a-z0-9-]*[0-9a-z]\b/g) ?? [];

/**
 * The same game with the hidden cards dealt differently: per back colour, the cards in the
 * deck and in the hands of seats other than `viewer` are shuffled among the same slots.
 */
export function permuteHidden(s: GoldenAgeState, viewer: Viewer, rng: Rng): [GoldenAgeState, Rng] {
  const c = JSON.parse(JSON.stringify(s)) as { decks: Record<string, string[]>; players: { hand: string[] }[] };
  let r = rng;
  for (const d of DECKS) {
    const slots: [string[], number][] = [];
    c.decks[d]!.forEach((_, i) => slots.push([c.decks[d]!, i]));
    c.players.forEach((p, seat) => {
      if (seat === viewer) return;
      p.hand.forEach((id, i) => {
        if (card(id).deck === d) slots.push([p.hand, i]);
      });
    });
    const pool = slots.map(([arr, i]) => arr[i]!);
    const [shuffled, next] = shuffle(r, pool);
    r = next;
    slots.forEach(([arr, i], k) => (arr[i] = shuffled[k]!));
  }
  return [c as unknown as GoldenAgeState, r];
}

const pick = <T>(rng: Rng, items: readonly T[]): [T, Rng] => {
  const [i, next] = nextInt(rng, items.length);
  return [items[i]!, next];
};

/** Any schema-valid move, often a sensible one: used to probe that unlisted moves are refused. */
export function arbitraryMove(rng0: Rng, s: GoldenAgeState, seat: Seat): [GoldenAgeMove, Rng] {
  let rng = rng0;
  const r = <T>(items: readonly T[]): T => {
    const [x, next] = pick(rng, items);
    rng = next;
    return x;
  };
  const int = (lo: number, hi: number) => lo + r(Array.from({ length: hi - lo + 1 }, (_, i) => i));
  const province = () => r(PROVINCE_IDS);
  const place = (): MarkerPlace =>
    r(['province', 'guild', 'colony'] as const) === 'province'
      ? { at: 'province', province: province() }
      : r([true, false])
        ? { at: 'guild', colour: r(GUILD_COLOURS) }
        : { at: 'colony', box: int(2, 7) };
  const painting = () => r([...s.players[seat]!.paintings.map((p) => p.card), 'arts-3vp-1', 'arts-8vp-2']);
  const kind = r([
    'place-marker',
    'place-token',
    'place-steward',
    'roll',
    'play-dice',
    'move-token',
    'take-guild',
    'create-marker',
    'sail',
    'exchange',
    'buy-card',
    'buy-token',
    'pay-painter',
    'auction',
    'bid',
    'pass',
    'prize-card',
    'prize-painter',
    'prize-token',
    'end-turn',
  ] as const);
  const withFrom = <M extends object>(m: M): M => (r([true, false, false]) ? { ...m, from: place() } : m);
  let move: GoldenAgeMove;
  switch (kind) {
    case 'place-marker':
    case 'place-token':
    case 'create-marker':
    case 'auction':
      move = kind === 'create-marker' ? withFrom({ kind, province: province() }) : { kind, province: province() };
      break;
    case 'place-steward':
      move = { kind, box: int(0, 53) };
      break;
    case 'play-dice':
      move = { kind, value: int(2, 12) };
      break;
    case 'move-token':
      move = { kind, from: province(), to: province() };
      break;
    case 'take-guild':
      move = withFrom({ kind, colour: r(GUILD_COLOURS) });
      break;
    case 'sail':
      move = withFrom({ kind, box: int(2, 7) });
      break;
    case 'exchange':
      move = { kind, set: r(CASH_SETS).set };
      break;
    case 'buy-card':
      move = { kind, marker: place() };
      break;
    case 'buy-token':
      move = { kind, marker: place(), province: province() };
      break;
    case 'pay-painter':
      move = { kind, marker: place(), painting: painting() };
      break;
    case 'bid':
      move = { kind, amount: int(1, 60) };
      break;
    case 'prize-painter':
      move = { kind, painting: painting() };
      break;
    case 'prize-token':
      move = { kind, province: province(), convert: r([true, false]) };
      break;
    default:
      move = { kind } as GoldenAgeMove;
  }
  return [move, rng];
}

/**
 * Property: a thousand random legal games of `players` players (fast-check picks the seeds and the
 * policy's end-turn chance; its fixed seed makes a failure replay). Every move keeps everybody at or
 * above zero; money (players + bank + coins on paintings), tokens, markers and cards are conserved;
 * every game ends with a winner at 33 points or more; the stored state stays small. One file per
 * player count, so the two runs share the machine's cores.
 */
export function randomGamesProperty(players: 3 | 4, fcSeed: number) {
  describe(`${players}-player random games`, () => {
    it('conserve money, tokens, markers and cards and always end with a winner at 33+', () => {
      const runCount = runs(1000);
      let games = 0;
      let biggest = 0;
      let longest = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 0x7fffffff }).map((n) => `${players}p-${n.toString(16)}`),
          fc.constantFrom(0.15, 0.3, 0.5),
          (seed, endChance) => {
            const { final } = playGame(players, seed, endChance);
            const res = goldenAge.result(final);
            expect(res).not.toBeNull();
            expect(unworded(res!)).toEqual([]);
            expect(english(res)).toMatch(/^\w+ wins with \d+ points\.$/);
            const scores = scoreTotals(final);
            expect(res!.scores).toEqual(scores);
            expect(res!.winners).toHaveLength(1);
            const w = res!.winners[0]!;
            expect(scores[w]).toBeGreaterThanOrEqual(33);
            for (const x of scores) expect(x).toBeLessThanOrEqual(scores[w]!);
            biggest = Math.max(biggest, JSON.stringify(final).length);
            longest = Math.max(longest, final.turn);
            games++;
          },
        ),
        { numRuns: runCount, seed: fcSeed },
      );
      expect(games).toBe(runCount);
      // the state does not grow with the length of the game; well under the 50 KB limit
      expect(biggest).toBeLessThan(20_000);
      expect(longest).toBeGreaterThan(50);
    });
  });
}
