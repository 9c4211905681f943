/**
 * States stored before the engine was made faster still load and play on exactly as they did.
 * The fixture was written by the engine as it stood before that work (commit 72e80ca): two
 * 4-player games (bench and Marmot rules, a one-minute snap window, games to 300 points, a few snaps), each saved
 * as JSON mid-game, then the next 60 moves with what that engine answered to each (events and
 * reveals), the state it reached and every seat's view of it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import { canonical, type PlainState } from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { game } from './helpers.js';

interface Stored {
  preset: string;
  /** In the readable form: how states were stored then. */
  stored: PlainState;
  moves: { seat: Seat; move: DutchMemoryMove; now: number; events: unknown[]; reveal: unknown }[];
  final: PlainState;
  views: unknown[];
}

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/stored-states.json', import.meta.url), 'utf8')) as Stored[];

describe('a state stored by the earlier engine', () => {
  for (const f of fixtures) {
    it(`keeps playing, move for move as before (${f.preset} rules)`, () => {
      expect(f.moves.length).toBeGreaterThan(40);
      // Taken as stored (the engine accepts the readable form); every state it answers is compact.
      let state = f.stored as unknown as DutchMemoryState;
      for (const [i, m] of f.moves.entries()) {
        const before = JSON.stringify(state);
        const res = game.apply(state, m.seat, m.move, { now: m.now });
        if (!res.ok) throw new Error(`move ${i} refused: ${res.error.code}`);
        expect(JSON.stringify(state), 'apply left its input alone').toBe(before);
        expect(JSON.parse(JSON.stringify(res.value.events)), `events of move ${i}`).toEqual(m.events);
        expect(JSON.parse(JSON.stringify(res.value.reveal ?? null)), `reveal of move ${i}`).toEqual(m.reveal);
        // Stored as JSON after every move, as the platform does.
        state = JSON.parse(JSON.stringify(res.value.state)) as DutchMemoryState;
      }
      expect(state.format).toBe(2);
      // The canonical form (the shuffle carried out to the end, as the earlier engine did at the deal)
      // is the very state that engine stored, generator included; only the `unshuffled` mark is new.
      const { unshuffled, ...settled } = canonical(state);
      expect(unshuffled).toBe(0);
      expect(settled).toEqual(f.final);
      const viewers: Viewer[] = [null, 0, 1, 2, 3];
      expect(JSON.parse(JSON.stringify(viewers.map((v) => game.view(state, v))))).toEqual(f.views);
    });
  }
});
