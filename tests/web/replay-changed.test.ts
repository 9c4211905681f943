/**
 * Each game's `changed(before, after)` against its real engine's views, and the board marking what it
 * names in words (rendered to HTML): what a seat's move changes is found, and nothing when nothing changed.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame, Seat } from '#shared/engine/game.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { dutchAuction } from '#shared/games/dutch-auction/index.js';
import { dutchMemory } from '#shared/games/dutch-memory/index.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { GAME_IDS, type GameId } from '#shared/games/ids.js';
import { ChangedContext } from '../../web/src/games/changed.js';
import { dutchAuctionChanged } from '../../web/src/games/dutch-auction/changed.js';
import { dutchMemoryUi } from '../../web/src/games/dutch-memory/index.js';
import { dutchMemoryChanged } from '../../web/src/games/dutch-memory/changed.js';
import { goldenAgeChanged } from '../../web/src/games/golden-age/changed.js';
import type { Match } from '../../web/src/types.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';

// The board's words (and the card names the test looks for) from the English catalog.
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-memory');
});

/** Plays `moves` seeded random legal moves (the first seat to act each time); returns the states on the way. */
function play(game: AnyGame, seats: number, options: unknown, moves: number, seed: string) {
  let rng: Rng = seedRng(seed);
  const parsed = game.options.safeParse(options);
  if (!parsed.success) throw new Error('bad options');
  let state = game.setup(seats, parsed.data, seed);
  const states = [state];
  for (let i = 0; i < moves; i++) {
    const seat: Seat = game.toAct(state)[0]!;
    const legal = game.legalMoves(state, seat);
    const [k, r] = nextInt(rng, legal.length);
    rng = r;
    const applied = game.apply(state, seat, legal[k], { now: 1_800_000_000_000 + i * 1000 });
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    states.push(state);
  }
  return states;
}

describe('what changed between two views, per game', () => {
  type Case = [string, AnyGame, number, unknown, (a: unknown, b: unknown) => string[], RegExp];
  // Keyed by the game ids, so a game without its case here does not compile.
  const byGame: Record<GameId, Case> = {
    'dutch-auction': ['Dutch (auction)', dutchAuction, 2, {}, dutchAuctionChanged, /^(display:\d|seat:\d|hand)$/],
    'dutch-memory': ['Dutch (memory)', dutchMemory, 2, {}, dutchMemoryChanged, /^(bench:\d:\d|discard|deck|total:\d)$/],
    'golden-age': ['The Dutch Golden Age', goldenAge, 3, {}, goldenAgeChanged, /^(player:\d|place:[a-z0-9-]+)$/],
  };
  const cases = GAME_IDS.map((id) => byGame[id]);
  for (const [name, game, seats, options, changed, shape] of cases) {
    it(`${name}: nothing for the same view, and every move's change named by element key`, () => {
      const states = play(game, seats, options, 12, `changed-${name}`);
      let named = 0;
      for (let i = 1; i < states.length; i++) {
        for (const viewer of [null, 0]) {
          const before = game.view(states[i - 1], viewer);
          const after = game.view(states[i], viewer);
          expect(changed(after, after)).toEqual([]);
          const keys = changed(before, after);
          for (const k of keys) expect(k).toMatch(shape);
          if (JSON.stringify(before) !== JSON.stringify(after)) named += keys.length > 0 ? 1 : 0;
        }
      }
      expect(named).toBeGreaterThan(0);
    });
  }

  it('the memory board marks a changed card in its label and the total with words', () => {
    const states = play(dutchMemory, 2, {}, 6, 'changed-board');
    const view = dutchMemory.view(states.at(-1), 0);
    const match = {
      matchId: 'abcdefghijkl',
      game: { id: 'dutch-memory', name: 'Dutch (memory)' },
      version: 9,
      status: 'active',
      options: {},
      seats: [
        { seat: 0, name: 'Ann', joined: true, waitingSince: null },
        { seat: 1, name: 'Bob', joined: true, waitingSince: null },
      ],
      you: 0,
      toAct: [],
      view,
      legalMoves: [],
      log: [],
      end: null,
      rematchId: null,
    } as Match;
    const keys = new Set(['bench:1:0', 'total:1']);
    const html = renderToString(
      h(
        ChangedContext.Provider,
        { value: { keys, words: 'changed since you last looked' } },
        h(dutchMemoryUi.Board, { match, submit: async () => false, busy: false }),
      ),
    );
    expect(html).toMatch(/Bob's card in [^"]*; changed since you last looked"/);
    expect(html).toContain('data-changed="total:1"');
    expect(html).toContain('total changed since you last looked');
    expect(html.match(/changed since you last looked/g)!.length).toBe(2);
  });
});
