/**
 * The beginner level (issue 30): below easy, for a first game, it plays like a new player, not at random:
 * it beats random play in every game, and makes a new player's mistakes: in the auction and the memory
 * game it never uses a power, and the memory game's beginner never takes from the pile. That it sees only
 * its view is checked with the other levels in each game's bots test; that it loses to easy, in the ladder
 * bench (scripts/bench/ladder/).
 */
import { describe, expect, it } from 'vitest';
import type { Seat } from '#shared/engine/game.js';
import { nextInt, type Rng, seedRng } from '#shared/engine/random.js';
import { bots as auctionBots } from '#shared/games/dutch-auction/bots.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import { view as auctionView } from '#shared/games/dutch-auction/view.js';
import { bots as goldenBots } from '#shared/games/golden-age/bots.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import { view as goldenView } from '#shared/games/golden-age/view.js';
import { playGame } from '../../scripts/bench/bots-dutch-memory.js';
import { randomMove } from './golden-age/random-player.js';

describe('the beginner level', () => {
  it('auction: beats random play, never uses a power', () => {
    let wins = 0;
    let powers = 0;
    let purchases = 0;
    const games = 16;
    for (let g = 0; g < games; g++) {
      const me: Seat = g % 2;
      let state = dutchAuction.setup(2, { edition: g % 4 < 2 ? 'current' : '2018' }, `beginner-${g}`);
      let rng: Rng = seedRng(`beginner-${g}/random`);
      for (let n = 0; dutchAuction.toAct(state).length > 0; n++) {
        if (n > 3000) throw new Error('stuck');
        const seats = dutchAuction.toAct(state);
        const seat = seats[n % seats.length]!;
        const legal = dutchAuction.legalMoves(state, seat);
        let move: DutchAuctionMove;
        if (seat === me) {
          move = auctionBots.beginner.choose({ seat, view: auctionView(state, seat), legal, now: 0, seed: `b/${g}/${n}` });
          if (move.kind === 'power' || move.kind === 'play') powers++;
          if (move.kind === 'purchase') purchases++;
        } else {
          let k: number;
          [k, rng] = nextInt(rng, legal.length);
          move = legal[k]!;
        }
        const r = dutchAuction.apply(state, seat, move, { now: 0 });
        if (!r.ok) throw new Error(`refused ${JSON.stringify(move)}: ${r.error.code}`);
        state = r.value.state;
      }
      const w = dutchAuction.result(state)!.winners;
      if (w.includes(me)) wins += 1 / w.length;
    }
    expect(powers).toBe(0);
    expect(purchases).toBeGreaterThan(games * 3);
    expect(wins).toBeGreaterThan(games * 0.75);
  });

  it('memory game: a lower round score than random players, no powers used, nothing taken from the pile', () => {
    let mine = 0;
    let theirs = 0;
    let offered = 0;
    let calls = 0;
    for (let g = 0; g < 4; g++) {
      const me = g % 4;
      const players = (['random', 'random', 'random', 'random'] as ('random' | 'beginner')[]).map((p, i) => (i === me ? 'beginner' : p));
      const played = playGame('bench', players, `beginner-memory-${g}`, {
        endScore: 40,
        check: (_legal, m, seat) => {
          if (seat !== me) return;
          if (m.kind === 'peek' || m.kind === 'swap' || m.kind === 'give') offered = Number.NaN;
          if (m.kind === 'skip') offered++;
          if (m.kind === 'call-dutch') calls++;
          expect(m.kind).not.toBe('take-discard');
        },
      });
      for (const r of played.state.history) {
        mine += r.scores[me]!;
        for (let s = 0; s < 4; s++) if (s !== me) theirs += r.scores[s]! / 3;
      }
    }
    expect(offered).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(0);
    expect(mine).toBeLessThan(theirs);
  });

  it('Golden Age: wins more than its share against two random players', () => {
    let wins = 0;
    const games = 6;
    for (let g = 0; g < games; g++) {
      const me = g % 3;
      let s = goldenAge.setup(3, {}, `beginner-ga-${g}`);
      let rng = seedRng(`beginner-ga-${g}/random`);
      for (let n = 0; s.phase !== 'over'; n++) {
        if (n > 20_000) throw new Error('stuck');
        const seat = goldenAge.toAct(s)[0]!;
        let move: GoldenAgeMove;
        if (seat === me) {
          const legal = goldenAge.legalMoves(s, seat);
          move = goldenBots.beginner.choose({ seat, view: goldenView(s, seat), legal, now: 0, seed: `b/${g}/${n}` });
        } else [move, rng] = randomMove(s, seat, rng);
        const r = goldenAge.apply(s, seat, move, { now: 0 });
        if (!r.ok) throw new Error(`refused ${JSON.stringify(move)}: ${r.error.code}`);
        s = r.value.state;
      }
      if (s.winner === me) wins++;
    }
    expect(wins).toBeGreaterThan(games / 3);
  });
});
