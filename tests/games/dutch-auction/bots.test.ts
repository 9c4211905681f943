/**
 * The Dutch bots (issue 15), both editions: a bot decides from its seat's view alone (two states
 * that look the same to the seat give the same move), bot-vs-bot games end with only legal moves
 * and without getting stuck, and the strong level beats a random player.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { type Rng, nextInt, seedRng, shuffle } from '#shared/engine/random.js';
import { bots, playerOf, strongBot } from '#shared/games/dutch-auction/bots.js';
import type { CardId, Edition } from '#shared/games/dutch-auction/cards.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { type DutchAuctionView, view } from '#shared/games/dutch-auction/view.js';
import { game } from './helpers.js';
import { runs } from '../../support/scale.js';

type AuctionBot = Bot<DutchAuctionView, DutchAuctionMove>;
type Player = AuctionBot | 'random';

const EDITIONS: readonly Edition[] = ['current', '2018'];
/** The strong level on a small budget, so that a thousand games per edition stay quick. */
const quickStrong = strongBot({ samples: 2, playoutsPerSample: 3, depth: 8 });

const same = (a: DutchAuctionMove, b: DutchAuctionMove) => JSON.stringify(a) === JSON.stringify(b);

/** Plays a game; checks every bot move against the legal list and apply. Returns the final state. */
function play(edition: Edition, players: [Player, Player], seed: string, onDecision?: (s: DutchAuctionState, seat: Seat) => void) {
  let state = game.setup(2, { edition }, seed);
  let rng: Rng = seedRng(`${seed}/order`);
  for (let n = 0; ; n++) {
    if (n > 3000) throw new Error(`game ${seed} is stuck after ${n} moves`);
    const seats = game.toAct(state);
    if (seats.length === 0) return state;
    let k: number;
    // In the sealed commit both seats may act: either may seal first.
    [k, rng] = nextInt(rng, seats.length);
    const seat = seats[k]!;
    const legal = game.legalMoves(state, seat);
    expect(legal.length).toBeGreaterThan(0);
    const p = players[seat]!;
    let move: DutchAuctionMove;
    if (p === 'random') {
      [k, rng] = nextInt(rng, legal.length);
      move = legal[k]!;
    } else {
      onDecision?.(state, seat);
      move = p.choose({ seat, view: view(state, seat), legal, now: 0, seed: `${seed}/${n}` });
      if (!legal.some((m) => same(m, move))) throw new Error(`${seed}: ${p.level} chose a move not in legalMoves: ${JSON.stringify(move)}`);
    }
    const r = game.apply(state, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`${seed}: apply refused ${JSON.stringify(move)}: ${r.error.code}`);
    state = r.value.state;
  }
}

/**
 * A state that `seat` cannot tell from `s`: the cards it cannot see (the opponent's hand, deck,
 * discards and sealed choice, and the auction deck) are permuted among themselves, and its own
 * deck is reordered under the set-aside card.
 */
function lookalike(s: DutchAuctionState, seat: Seat, seed: string): DutchAuctionState {
  const me = seat === 0 ? 0 : 1;
  const opp = 1 - me;
  const o = s.seats[opp]!;
  const hidden = [...o.hand, ...o.deck, ...o.discards, ...s.auctionDeck];
  let rng = seedRng(seed);
  let perm: CardId[];
  [perm, rng] = shuffle(rng, hidden);
  const map = new Map<CardId, CardId>();
  hidden.forEach((id, i) => map.set(id, perm[i]!));
  const m = (id: CardId) => map.get(id) ?? id;
  const copy = structuredClone(s) as DutchAuctionState;
  const c = copy.seats[opp]!;
  c.hand = c.hand.map(m);
  c.deck = c.deck.map(m);
  c.discards = c.discards.map(m);
  if (c.sealed) c.sealed = { setAside: c.sealed.setAside === null ? null : m(c.sealed.setAside), bid: c.sealed.bid.map(m) };
  if (c.setAside !== null) c.setAside = m(c.setAside);
  copy.auctionDeck = copy.auctionDeck.map(m);
  const mine = copy.seats[me]!;
  const top = mine.setAside !== null ? 1 : 0;
  const [rest] = shuffle(rng, mine.deck.slice(top));
  mine.deck = [...mine.deck.slice(0, top), ...rest];
  copy.rng = [7, 11, 13, 17];
  return copy;
}

describe('dutch-auction bots: a bot sees only its view', () => {
  for (const edition of EDITIONS) {
    it(`two states that look alike to the seat give the same move (${edition})`, () => {
      const checked: Record<string, number> = { commit: 0, actions: 0, opponentSealed: 0 };
      for (let g = 0; g < 3; g++) {
        play(edition, [bots.easy, quickStrong], `view-${edition}-${g}`, (state, seat) => {
          const twin = lookalike(state, seat, `twin-${g}-${state.round}`);
          expect(JSON.stringify(view(twin, seat))).toBe(JSON.stringify(view(state, seat)));
          const legal = game.legalMoves(state, seat);
          expect(game.legalMoves(twin, seat)).toEqual(legal);
          checked[state.phase]! += 1;
          if (state.phase === 'commit' && state.seats[1 - seat]!.sealed) checked.opponentSealed! += 1;
          for (const bot of [bots.beginner, bots.easy, quickStrong, strongBot({ samples: 4, playoutsPerSample: 4, depth: 12 })]) {
            const input = { seat, legal, now: 0, seed: `same-${g}` };
            const a = bot.choose({ ...input, view: view(state, seat) });
            const b = bot.choose({ ...input, view: view(twin, seat) });
            expect(b).toEqual(a);
          }
        });
      }
      expect(checked.commit).toBeGreaterThan(5);
      expect(checked.actions).toBeGreaterThan(5);
      expect(checked.opponentSealed).toBeGreaterThan(0);
    });
  }
});

describe('dutch-auction botPlayer.decide (the platform entry)', () => {
  for (const edition of EDITIONS) {
    it(`a move when the seat is to act (both seats in the sealed commit), null otherwise (${edition})`, () => {
      const player = playerOf({ beginner: bots.beginner, easy: bots.easy, strong: quickStrong });
      const seen = { move: 0, idle: 0, bothSealing: 0 };
      let rng = seedRng(`decide-${edition}`);
      let state = game.setup(2, { edition }, `decide-${edition}`);
      for (let n = 0; game.toAct(state).length > 0; n++) {
        const acting = game.toAct(state);
        if (acting.length === 2) seen.bothSealing++;
        for (const seat of [0, 1]) {
          const legal = game.legalMoves(state, seat);
          for (const level of ['easy', 'strong'] as const) {
            const d = player.decide(level, { seat, view: view(state, seat), legal, now: 0, seed: `d${n}` });
            if (acting.includes(seat)) {
              expect(legal).toContainEqual(d!.move);
              expect(d!.reaction).toBeUndefined();
              seen.move++;
            } else {
              expect(d).toBeNull();
              seen.idle++;
            }
          }
        }
        let k: number;
        [k, rng] = nextInt(rng, acting.length);
        const seat = acting[k]!;
        const moves = game.legalMoves(state, seat);
        [k, rng] = nextInt(rng, moves.length);
        const r = game.apply(state, seat, moves[k]!, { now: 0 });
        if (!r.ok) throw new Error(r.error.code);
        state = r.value.state;
      }
      expect(seen.move).toBeGreaterThan(20);
      expect(seen.idle).toBeGreaterThan(20);
      expect(seen.bothSealing).toBeGreaterThan(0);
    });
  }
});

const GAMES = runs(1000);

describe('dutch-auction bots: bot-vs-bot games', () => {
  for (const edition of EDITIONS) {
    // A generous limit: about 15 s of CPU, but a shared machine may stretch it several times.
    it(`${GAMES} games, easy and strong mixed, end with legal moves only (${edition})`, { timeout: 600_000 }, () => {
      const lineups: [AuctionBot, AuctionBot][] = [
        [bots.easy, quickStrong],
        [quickStrong, bots.easy],
        [bots.easy, bots.easy],
        [quickStrong, quickStrong],
      ];
      let rounds = 0;
      for (let g = 0; g < GAMES; g++) {
        const end = play(edition, lineups[g % lineups.length]!, `prop-${edition}-${g}`);
        expect(game.result(end)).not.toBeNull();
        rounds += end.round;
      }
      expect(rounds).toBeGreaterThan(GAMES);
    });
  }
});

/** Not a timing test: a mid-sized budget is enough to show the search plays with a purpose. */
const smokeStrong = strongBot({ samples: 6, playoutsPerSample: 6, depth: 16 });

describe('dutch-auction bots: strength smoke test', () => {
  for (const edition of EDITIONS) {
    it(`strong beats random more often than not (${edition})`, () => {
      let wins = 0;
      const n = 6;
      for (let g = 0; g < n; g++) {
        const strongSeat = g % 2;
        const players: [Player, Player] = strongSeat === 0 ? [smokeStrong, 'random'] : ['random', smokeStrong];
        const end = play(edition, players, `smoke-${edition}-${g}`);
        if (game.result(end)!.winners.includes(strongSeat)) wins++;
      }
      expect(wins).toBeGreaterThan(n / 2);
    });
  }
});
