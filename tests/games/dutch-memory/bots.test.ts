/**
 * The memory game's bots (issue 15): they decide from the seat's view alone, they only ever play
 * listed legal moves that `apply` accepts, games between them end, and the strong level beats
 * random players.
 */
import { describe, expect, it } from 'vitest';
import type { BotLevel } from '#shared/engine/bot.js';
import type { Seat } from '#shared/engine/game.js';
import { nextInt, type Rng, seedRng, shuffle } from '#shared/engine/random.js';
import { bots, offTurnSnap, strongBot } from '#shared/games/dutch-memory/bots.js';
import { dutchMemory as game } from '#shared/games/dutch-memory/index.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { type Preset, resolveRules } from '#shared/games/dutch-memory/presets.js';
import type { BenchCard, DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { view } from '#shared/games/dutch-memory/view.js';
import { type Player, playGame } from '../../../scripts/bench/bots-dutch-memory.js';

const PRESETS: readonly Preset[] = ['bench', 'marmot'];
const SMALL = { playouts: 12, depth: 10 };
const small = strongBot(SMALL);
const levelBot = (l: BotLevel) => (l === 'strong' ? small : bots.easy);

/** The same position with what `seat` cannot see dealt differently: deck order and unseen bench cards. */
function reshuffleHidden(state: DutchMemoryState, seat: Seat, seed: string): DutchMemoryState {
  const [deck, rng0] = shuffle(seedRng(seed), state.deck);
  let rng: Rng = rng0;
  // Unseen bench cards with the same seenBy list can trade places without changing any view's facts.
  const groups = new Map<string, { s: number; i: number }[]>();
  state.benches.forEach((bench, s) =>
    bench.forEach((b, i) => {
      if (!b || b.seenBy.includes(seat)) return;
      const key = b.seenBy.join(',');
      groups.set(key, [...(groups.get(key) ?? []), { s, i }]);
    }),
  );
  const benches = state.benches.map((b) => b.slice()) as (BenchCard | null)[][];
  for (const places of groups.values()) {
    let cards: BenchCard[];
    [cards, rng] = shuffle(
      rng,
      places.map((p) => state.benches[p.s]![p.i]!),
    );
    places.forEach((p, k) => {
      benches[p.s]![p.i] = cards[k]!;
    });
  }
  return { ...state, deck, benches };
}

/** Positions along an easy-bot game, a few per round. */
function positions(preset: Preset, seed: string, every: number): DutchMemoryState[] {
  let state = game.setup(4, resolveRules({ preset }), seed);
  const out: DutchMemoryState[] = [];
  for (let n = 0; n < 400 && game.result(state) === null; n++) {
    if (n % every === 0) out.push(state);
    const seat = game.toAct(state)[0]!;
    const legal = game.legalMoves(state, seat);
    const m = bots.easy.choose({ seat, view: view(state, seat), legal, now: 0, seed: `${seed}/${n}` });
    const r = game.apply(state, seat, m, { now: n * 1000 });
    if (!r.ok) throw new Error(r.error.code);
    state = r.value.state;
  }
  return out;
}

describe('dutch-memory bots see only their seat', () => {
  for (const preset of PRESETS) {
    it(`same view, same move (${preset})`, () => {
      let compared = 0;
      let differentStates = 0;
      for (const state of positions(preset, `view-only/${preset}`, 7)) {
        for (const seat of [...game.toAct(state), ...[0, 1, 2, 3].filter((s) => !game.toAct(state).includes(s))]) {
          const other = reshuffleHidden(state, seat, `perm/${compared}`);
          const v1 = view(state, seat);
          const v2 = view(other, seat);
          expect(v2).toEqual(v1);
          if (JSON.stringify(other) !== JSON.stringify(state)) differentStates++;
          const legal = game.legalMoves(state, seat);
          expect(game.legalMoves(other, seat)).toEqual(legal);
          if (legal.length === 0) continue;
          for (const level of ['easy', 'strong'] as const) {
            const input = { seat, legal, now: 0, seed: `s/${compared}` };
            const bot = levelBot(level);
            expect(bot.choose({ ...input, view: v2 })).toEqual(bot.choose({ ...input, view: v1 }));
            expect(offTurnSnap(level, { ...input, view: v2 })).toEqual(offTurnSnap(level, { ...input, view: v1 }));
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(30);
      expect(differentStates).toBeGreaterThan(20);
    });
  }
});

const GAMES = Number(process.env.BOT_PROPERTY_GAMES ?? 200);

describe('dutch-memory bot games', () => {
  for (const preset of PRESETS) {
    it(`${GAMES} mixed bot games end with legal moves only (${preset})`, { timeout: 60_000 }, () => {
      let rng: Rng = seedRng(`mix/${preset}`);
      let snaps = 0;
      let powers = 0;
      let dutch = 0;
      for (let g = 0; g < GAMES; g++) {
        let seats: number;
        [seats, rng] = nextInt(rng, 7);
        seats += 2;
        const players: Player[] = [];
        for (let s = 0; s < seats; s++) {
          let k: number;
          [k, rng] = nextInt(rng, 6);
          players.push(k === 0 ? 'strong' : k === 1 ? 'random' : 'easy');
        }
        if (!players.includes('strong')) players[g % seats] = 'strong';
        const p = playGame(preset, players, `prop/${preset}/${g}`, {
          strongBudget: SMALL,
          endScore: 40,
          // Every fifth game without the memory aid: the view then shows no faces but the discard and the card in hand.
          memoryAid: g % 5 !== 4,
          check: (legal: readonly DutchMemoryMove[], m: DutchMemoryMove) => {
            expect(legal).toContainEqual(m);
            if (m.kind === 'snap') snaps++;
            if (m.kind === 'peek' || m.kind === 'swap' || m.kind === 'give') powers++;
            if (m.kind === 'call-dutch') dutch++;
          },
        });
        expect(game.result(p.state)).not.toBeNull();
      }
      // The bots do snap, use the powers and call Dutch.
      expect(snaps).toBeGreaterThan(GAMES);
      expect(powers).toBeGreaterThan(GAMES);
      expect(dutch).toBeGreaterThan(GAMES);
    });
  }
});

describe('dutch-memory strong bot', () => {
  for (const preset of PRESETS) {
    it(`beats three random players more often than not (${preset})`, { timeout: 60_000 }, () => {
      let wins = 0;
      const games = 6;
      for (let g = 0; g < games; g++) {
        const seat = g % 4;
        const players: Player[] = ['random', 'random', 'random', 'random'];
        players[seat] = 'strong';
        const p = playGame(preset, players, `smoke/${preset}/${g}`, { strongBudget: { playouts: 40, depth: 20 } });
        if (game.result(p.state)!.winners.includes(seat)) wins++;
      }
      expect(wins).toBeGreaterThan(games / 2);
    });
  }
});
