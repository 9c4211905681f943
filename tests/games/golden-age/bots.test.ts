/**
 * The Golden Age bots (issue 15):
 * - view-only: a state whose hidden cards (other hands, deck order, the PRNG) are changed gives the
 *   seat the same view, and each level then picks the same move;
 * - the platform entry (`botPlayer.decide`) moves for the seat to act and never off turn;
 * - (the property games, a thousand per seat count, are in bots-games-3p/4p.test.ts);
 * - smoke: the strong level beats the random player more often than not.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '#shared/engine/bot.js';
import { nextInt, type Rng, seedRng, shuffle } from '#shared/engine/random.js';
import { botPlayer, bots, determinize, easy, playerOf, strongBot, wantsToMove } from '#shared/games/golden-age/bots.js';
import { DECKS } from '#shared/games/golden-age/board.js';
import { card, isPublicCard } from '#shared/games/golden-age/cards.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { view } from '#shared/games/golden-age/view.js';
import type { GoldenAgeMove, GoldenAgeState, GoldenAgeView } from '#shared/games/golden-age/index.js';
import { randomMove } from './random-player.js';

type GaBot = Bot<GoldenAgeView, GoldenAgeMove>;
const CTX = { now: 0 };
const SMALL = strongBot({ samples: 1, playoutsPerSample: 2, depth: 30, candidates: 3, turns: 1 });
/** the smoke test's strong bot: the real search on a reduced budget, so the test stays quick */
const MEDIUM = strongBot({ samples: 2, playoutsPerSample: 4, depth: 60, candidates: 4, turns: 2 });
const MOVE_CAP = 5000;

function choose(bot: GaBot, s: GoldenAgeState, seat: number, seed: string): GoldenAgeMove {
  return bot.choose({ seat, view: view(s, seat), legal: goldenAge.legalMoves(s, seat), now: 0, seed });
}

/**
 * The same position with everything `seat` cannot see changed: each other hand card swapped with
 * an unseen card of the same deck (one that could lie in a hand), the decks reshuffled, a new PRNG.
 */
function scramble(s: GoldenAgeState, seat: number, rng0: Rng): GoldenAgeState {
  let rng = rng0;
  const decks = { ...s.decks } as Record<(typeof DECKS)[number], string[]>;
  for (const d of DECKS) [decks[d], rng] = shuffle(rng, s.decks[d]);
  const players = s.players.map((p, i) => {
    if (i === seat) return p;
    const hand = p.hand.map((id) => {
      const d = card(id).deck;
      const pile = decks[d];
      const swaps = pile.flatMap((x, j) => (isPublicCard(x) ? [] : [j]));
      if (swaps.length === 0) return id;
      let k: number;
      [k, rng] = nextInt(rng, swaps.length);
      const j = swaps[k]!;
      const other = pile[j]!;
      decks[d] = pile.map((x, n) => (n === j ? id : x));
      return other;
    });
    return { ...p, hand };
  });
  const [a] = nextInt(rng, 1 << 30);
  return { ...s, players, decks, rng: [a | 1, 7, 11, 13] };
}

describe('golden-age bots see only their view', () => {
  it('the same view gives the same move at each level', () => {
    let checked = 0;
    let changed = 0;
    for (let g = 0; g < 6; g++) {
      let s = goldenAge.setup(3 + (g % 2), {}, `view-${g}`);
      let rng = seedRng(`view-policy-${g}`);
      for (let n = 0; n < 400 && s.phase !== 'over'; n++) {
        const seat = goldenAge.toAct(s)[0]!;
        if (n % 7 === 3) {
          const t = scramble(s, seat, seedRng(`scramble-${g}-${n}`));
          expect(view(t, seat)).toEqual(view(s, seat));
          if (JSON.stringify(t.players) !== JSON.stringify(s.players)) changed++;
          for (const bot of [bots.beginner, easy, SMALL]) {
            expect(choose(bot, t, seat, `v${n}`)).toEqual(choose(bot, s, seat, `v${n}`));
          }
          checked++;
        }
        let move: GoldenAgeMove;
        [move, rng] = randomMove(s, seat, rng);
        const r = goldenAge.apply(s, seat, move, CTX);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(changed).toBeGreaterThan(20);
  });
});

describe('golden-age determinize', () => {
  it('builds a state with the same view, deck sizes and set of cards', () => {
    const cards = (x: GoldenAgeState) =>
      [
        ...Object.values(x.decks).flat(),
        ...Object.values(x.discards).flat(),
        ...x.players.flatMap((p) => [...p.hand, ...p.paintings.map((q) => q.card), ...p.windmills, ...p.governors]),
      ]
        .sort()
        .join();
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      let s = goldenAge.setup(3 + (g % 2), {}, `det-${g}`);
      let rng = seedRng(`det-policy-${g}`);
      for (let n = 0; s.phase !== 'over'; n++) {
        const seat = goldenAge.toAct(s)[0]!;
        if (n % 5 === 0) {
          const [d] = determinize(view(s, seat), seat, seedRng(`det-${g}-${n}`));
          expect(view(d, seat)).toEqual(view(s, seat));
          for (const k of DECKS) expect(d.decks[k].length).toBe(s.decks[k].length);
          expect(cards(d)).toBe(cards(s));
          checked++;
        }
        let move: GoldenAgeMove;
        [move, rng] = randomMove(s, seat, rng);
        const r = goldenAge.apply(s, seat, move, CTX);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('golden-age bot levels', () => {
  it('exports both levels', () => {
    expect(bots.easy.level).toBe('easy');
    expect(bots.strong.level).toBe('strong');
  });

  it('botPlayer.decide: a move when the seat is to act, null otherwise (both levels)', () => {
    const player = playerOf({ beginner: bots.beginner, easy, strong: SMALL });
    const seen = { move: 0, idle: 0, idleWithExchange: 0 };
    for (const seats of [3, 4]) {
      let s = goldenAge.setup(seats, {}, `decide-${seats}`);
      let rng = seedRng(`decide-policy-${seats}`);
      for (let n = 0; n < 600 && s.phase !== 'over'; n++) {
        const acting = goldenAge.toAct(s)[0]!;
        if (n % 3 === 0) {
          for (let seat = 0; seat < seats; seat++) {
            const legal = goldenAge.legalMoves(s, seat);
            for (const level of ['easy', 'strong'] as const) {
              const d = player.decide(level, { seat, view: view(s, seat), legal, now: 0, seed: `d${n}` });
              if (seat === acting) {
                expect(legal).toContainEqual(d!.move);
                expect(d!.reaction).toBeUndefined();
                seen.move++;
              } else {
                // Off turn the seat may still cash in sets (listed), but a bot never does.
                expect(d).toBeNull();
                seen.idle++;
                if (legal.length > 0) seen.idleWithExchange++;
              }
            }
          }
        }
        let move: GoldenAgeMove;
        [move, rng] = randomMove(s, acting, rng);
        const r = goldenAge.apply(s, acting, move, CTX);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
    }
    expect(seen.move).toBeGreaterThan(200);
    expect(seen.idle).toBeGreaterThan(400);
    expect(seen.idleWithExchange).toBeGreaterThan(0);
    expect(botPlayer.decide('easy', { seat: 0, view: view(goldenAge.setup(3, {}, 'x'), 1), legal: [], now: 0, seed: 'x' })).toBeNull();
  });

  it('do not want to move out of turn (cashing in is only listed, never needed then)', () => {
    let s = goldenAge.setup(3, {}, 'off-turn');
    let rng = seedRng('off-turn-policy');
    let offTurnWithExchange = 0;
    for (let n = 0; n < 3000 && s.phase !== 'over'; n++) {
      const seat = goldenAge.toAct(s)[0]!;
      for (let other = 0; other < 3; other++) {
        const legal = goldenAge.legalMoves(s, other);
        const input = { seat: other, view: view(s, other), legal, now: 0, seed: 'x' };
        expect(wantsToMove(input)).toBe(other === seat);
        if (other !== seat && legal.length > 0) offTurnWithExchange++;
      }
      let move: GoldenAgeMove;
      [move, rng] = randomMove(s, seat, rng);
      const r = goldenAge.apply(s, seat, move, CTX);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value.state;
    }
    expect(offTurnWithExchange).toBeGreaterThan(0);
  });
});

describe('golden-age strong bot', () => {
  it('beats two random players more often than not', () => {
    let wins = 0;
    const games = 8;
    for (let g = 0; g < games; g++) {
      const hero = g % 3;
      let s = goldenAge.setup(3, {}, `smoke-${g}`);
      let rng = seedRng(`smoke-random-${g}`);
      for (let n = 0; n < MOVE_CAP && s.phase !== 'over'; n++) {
        const seat = goldenAge.toAct(s)[0]!;
        let move: GoldenAgeMove;
        if (seat === hero) move = choose(MEDIUM, s, seat, `smoke-${g}-${n}`);
        else [move, rng] = randomMove(s, seat, rng);
        const r = goldenAge.apply(s, seat, move, CTX);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
      if (s.winner === hero) wins++;
    }
    expect(wins).toBeGreaterThan(games / 2);
  }, 120_000);
});
