/**
 * One seeded game of each game for the ladder (./run.ts), between players that each see only their
 * seat's view (the memory game's ceiling alone is handed the state: ./memory-baselines.ts). Each returns
 * the winners' seats and counts what a person would notice of our bots (`Notices`).
 */
import type { Bot, BotInput, BotLevel } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { nextInt, type Rng, seedRng } from '#shared/engine/random.js';
import { bots as auctionBots } from '#shared/games/dutch-auction/bots.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import { view as auctionView } from '#shared/games/dutch-auction/view.js';
import { bots as memoryBots, offTurnSnap } from '#shared/games/dutch-memory/bots.js';
import { dutchMemory } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { resolveRules } from '#shared/games/dutch-memory/presets.js';
import { type DutchMemoryView, view as memoryView } from '#shared/games/dutch-memory/view.js';
import { bots as goldenBots, determinize as goldenDeterminize } from '#shared/games/golden-age/bots.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import { apply as goldenApply } from '#shared/games/golden-age/rules.js';
import { type GoldenAgeView, view as goldenView } from '#shared/games/golden-age/view.js';
import { cpuMs } from '../../ladder-stats.js';
import { greedyBuyer } from './auction-baselines.js';
import { onePlyGreedy, visibleScore } from './golden-age-baselines.js';
import type { MemoryAgent } from './memory-baselines.js';

/** What a person would notice, summed over games, by our bots' level ("strong", …; powers: "strong peek"). */
export interface Notices {
  /** Memory game: rounds in which a bot had a first turn, and those it began with a Dutch call. */
  firstTurns: Record<string, number>;
  firstTurnCalls: Record<string, number>;
  /** Memory game: powers a bot was offered and used, by level and power. */
  powersOffered: Record<string, number>;
  powersUsed: Record<string, number>;
  /** Golden Age: turns a bot ended, and those it ended while a move spending money would have scored. */
  turnsEnded: Record<string, number>;
  turnsEndedWithUsableMoney: Record<string, number>;
  /** Think time (CPU ms) per decision by level. */
  think: Record<string, number[]>;
}

export const noNotices = (): Notices => ({
  firstTurns: {},
  firstTurnCalls: {},
  powersOffered: {},
  powersUsed: {},
  turnsEnded: {},
  turnsEndedWithUsableMoney: {},
  think: { beginner: [], easy: [], strong: [] },
});

const MOVE_CAP = 20_000;

const count = (tally: Record<string, number>, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1;
};

/** Runs one of our bots, timing it. */
function timed<V, M>(bot: Bot<V, M>, input: BotInput<V, M>, notices: Notices): M {
  const [m, ms] = cpuMs(() => bot.choose(input));
  notices.think[bot.level]?.push(ms);
  return m;
}

// ------------------------------------------------------------------ the auction

export type AuctionPlayer = BotLevel | 'greedy-buyer';

export function playAuction(players: readonly AuctionPlayer[], seed: string, notices: Notices): Seat[] {
  let state = dutchAuction.setup(2, { edition: 'current' }, seed);
  let rng: Rng = seedRng(`${seed}/order`);
  for (let n = 0; ; n++) {
    if (n > MOVE_CAP) throw new Error(`auction ${seed} did not end`);
    const seats = dutchAuction.toAct(state);
    if (seats.length === 0) break;
    let k: number;
    [k, rng] = nextInt(rng, seats.length);
    const seat = seats[k]!;
    const input = { seat, view: auctionView(state, seat), legal: dutchAuction.legalMoves(state, seat), now: 0, seed: `${seed}/${n}` };
    const p = players[seat]!;
    const move: DutchAuctionMove = p === 'greedy-buyer' ? greedyBuyer(input) : timed(auctionBots[p], input, notices);
    const r = dutchAuction.apply(state, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`auction ${seed}: ${p} made an illegal move: ${r.error.code}`);
    state = r.value.state;
  }
  return [...dutchAuction.result(state)!.winners];
}

// ------------------------------------------------------------------ the Golden Age

export type GoldenPlayer = BotLevel | 'one-ply-greedy';

/** A move that spends money and raises the seat's points on a sampled state: money it could have used. */
function couldSpend(input: BotInput<GoldenAgeView, GoldenAgeMove>): boolean {
  const [s] = goldenDeterminize(input.view, input.seat, seedRng(`${input.seed}/notice`));
  const [points, money] = visibleScore(s, input.seat);
  for (const m of input.legal) {
    if (m.kind === 'end-turn' || m.kind === 'exchange') continue;
    const r = goldenApply(s, input.seat, m);
    if (!r.ok) continue;
    const [p, mo] = visibleScore(r.value.state, input.seat);
    if (mo < money && p > points) return true;
  }
  return false;
}

export function playGolden(players: readonly GoldenPlayer[], seed: string, notices: Notices): Seat[] {
  let s = goldenAge.setup(players.length, {}, seed);
  for (let n = 0; s.phase !== 'over'; n++) {
    if (n > MOVE_CAP) throw new Error(`golden age ${seed} did not end`);
    const seat = goldenAge.toAct(s)[0]!;
    const input = { seat, view: goldenView(s, seat), legal: goldenAge.legalMoves(s, seat), now: 0, seed: `${seed}/${n}` };
    const p = players[seat]!;
    let move: GoldenAgeMove;
    if (p === 'one-ply-greedy') move = onePlyGreedy(input);
    else {
      move = timed(goldenBots[p], input, notices);
      if (move.kind === 'end-turn') {
        count(notices.turnsEnded, p);
        if (couldSpend(input)) count(notices.turnsEndedWithUsableMoney, p);
      }
    }
    const r = goldenAge.apply(s, seat, move, { now: 0 });
    if (!r.ok) throw new Error(`golden age ${seed}: ${p} made an illegal move ${JSON.stringify(move)}: ${r.error.code}`);
    s = r.value.state;
  }
  return [s.winner!];
}

// ------------------------------------------------------------------ the memory game

export type MemoryPlayer = BotLevel | MemoryAgent;

type MemoryInput = BotInput<DutchMemoryView, DutchMemoryMove>;

/** Our bot on its turn, counting its first-turn calls and its use of powers. */
function memoryBotAct(level: BotLevel, input: MemoryInput, notices: Notices, firsts: Set<string>): DutchMemoryMove {
  const v = input.view;
  const m = timed(memoryBots[level], input, notices);
  const front = v.pending[0];
  if (v.phase === 'play' && front && front.seat === input.seat && front.kind !== 'give-back') {
    count(notices.powersOffered, `${level} ${front.kind}`);
    if (m.kind !== 'skip') count(notices.powersUsed, `${level} ${front.kind}`);
  } else if (v.phase === 'play' && v.turn === input.seat && v.step === 'start' && !firsts.has(`${v.round}/${input.seat}`)) {
    firsts.add(`${v.round}/${input.seat}`);
    count(notices.firstTurns, level);
    if (m.kind === 'call-dutch') count(notices.firstTurnCalls, level);
  }
  return m;
}

/**
 * One game of the memory game (the bench rules, memory aid on: every seat sees the faces it has seen).
 * Before each move of the seat to act, the other seats may snap, in turn order after the mover.
 */
export function playMemory(players: readonly MemoryPlayer[], seed: string, notices: Notices): Seat[] {
  let state = dutchMemory.setup(players.length, resolveRules({ preset: 'bench', memoryAid: true }), seed);
  let now = 1_700_000_000_000;
  const firsts = new Set<string>();
  const input = (seat: Seat, legal: DutchMemoryMove[], n: number): MemoryInput => ({
    seat,
    view: memoryView(state, seat),
    legal,
    now,
    seed: `${seed}/${n}/${seat}`,
  });
  const run = (seat: Seat, move: DutchMemoryMove) => {
    const r = dutchMemory.apply(state, seat, move, { now });
    if (!r.ok) throw new Error(`memory ${seed}: illegal move ${JSON.stringify(move)} by ${seat}: ${r.error.code}`);
    state = r.value.state;
    now += 1000;
  };
  let n = 0;
  outer: while (dutchMemory.result(state) === null) {
    if (++n > MOVE_CAP) throw new Error(`memory ${seed} did not end`);
    const acting = dutchMemory.toAct(state);
    if (state.phase === 'play') {
      const mover = acting[0]!;
      for (let i = 1; i < players.length; i++) {
        const s = (mover + i) % players.length;
        const legal = dutchMemory.legalMoves(state, s);
        if (legal.length === 0) continue;
        const p = players[s]!;
        const m = typeof p === 'string' ? offTurnSnap(p, input(s, legal, n)) : p.react(input(s, legal, n), state);
        if (m) {
          run(s, m);
          continue outer;
        }
      }
    }
    for (const s of acting) {
      const legal = dutchMemory.legalMoves(state, s);
      const p = players[s]!;
      const m = typeof p === 'string' ? memoryBotAct(p, input(s, legal, n), notices, firsts) : p.act(input(s, legal, n), state);
      run(s, m);
      if (state.phase !== 'look') continue outer;
    }
  }
  return [...dutchMemory.result(state)!.winners];
}
