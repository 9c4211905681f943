/**
 * The engine answers exactly as the plain-JSON engine did (commit 29f63e5), seed for seed: 30
 * seeded random games over random option sets (2 to 8 players, snaps by any seat, late snaps at
 * older discards, clocks that step past the snap windows) are replayed, and after every action
 * every viewer's view, every viewer's log lines of the action, the raw events, the reveal, each
 * seat's legal moves, who must act and the result are compared with what that engine gave. The
 * fixture keeps a short hash of that record per action (the full text would be tens of megabytes)
 * and, per game, the result in full.
 *
 * To write the fixture again (only ever from an engine known to be right; then `npx biome check --write` it):
 * GOLDEN_WRITE=1 npx vitest run
 * tests/games/dutch-memory/golden.test.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '#shared/engine/game.js';
import type { DutchMemoryMove, DutchMemoryOptionsInput } from '#shared/games/dutch-memory/moves.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import type { DutchMemoryView } from '#shared/games/dutch-memory/view.js';
import { testRng } from '../../support/rng.js';
import { game, rulesOf } from './helpers.js';

const GAMES = 30;
const FIXTURE = new URL('./fixtures/golden-games.json', import.meta.url);

interface GoldenGame {
  seed: number;
  seats: number;
  options: DutchMemoryOptionsInput;
  /** Per action: the first 16 hex digits of the SHA-256 of its record. */
  steps: string[];
  /** The final views of every viewer (hashed as the steps are). */
  finalViews: string;
  result: unknown;
}

type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const maybe = <T>(r: Rand, value: () => T): T | undefined => (r() < 0.5 ? value() : undefined);

function randomOptions(r: Rand): DutchMemoryOptionsInput {
  const o: Record<string, unknown> = { preset: pick(r, ['bench', 'marmot'] as const) };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) o[key] = value;
  };
  set(
    'drawFromDiscard',
    maybe(r, () => r() < 0.5),
  );
  set(
    'openingDiscard',
    maybe(r, () => r() < 0.5),
  );
  set(
    'acePower',
    maybe(r, () => r() < 0.5),
  );
  set(
    'queenPower',
    maybe(r, () => pick(r, ['peek-any', 'none'])),
  );
  set(
    'jackPower',
    maybe(r, () => pick(r, ['swap-different-benches', 'swap-any', 'none'])),
  );
  set(
    'cardValues',
    maybe(r, () => pick(r, ['bench', 'marmot'])),
  );
  set(
    'callerLowest',
    maybe(r, () => pick(r, ['nothing', 'bonus-card'])),
  );
  set(
    'callerNotLowest',
    maybe(r, () => pick(r, ['card-per-player', 'one-card', 'nothing'])),
  );
  set(
    'callerTies',
    maybe(r, () => pick(r, ['against-caller', 'for-caller'])),
  );
  set(
    'penaltyCards',
    maybe(r, () => pick(r, [0, 1, 2, 3])),
  );
  set(
    'penaltyCardSeen',
    maybe(r, () => r() < 0.5),
  );
  set(
    'emptyBench',
    maybe(r, () => pick(r, ['auto-dutch', 'win-round'])),
  );
  set(
    'tieBreak',
    maybe(r, () => pick(r, ['last-round', 'shared'])),
  );
  set(
    'snapOthers',
    maybe(r, () => r() < 0.5),
  );
  set(
    'othersSnap',
    maybe(r, () => pick(r, ['give-back', 'replace-and-penalty'])),
  );
  set(
    'firstDealer',
    maybe(r, () => pick(r, ['last-seat', 'random'])),
  );
  set(
    'lastQueenExtends',
    maybe(r, () => r() < 0.5),
  );
  set(
    'memoryAid',
    maybe(r, () => r() < 0.5),
  );
  set(
    'snapWindowMs',
    maybe(r, () => pick(r, [0, 15_000, 120_000])),
  );
  o.endScore = 150 + Math.floor(r() * 150);
  return o as DutchMemoryOptionsInput;
}

/**
 * A move of a seat that must act, or now and then a snap by anyone: one listed (at the top
 * discard), or one at an older serial (late, or from an earlier round: refused). Read from the
 * public view only, so the choice does not depend on how the state is kept.
 */
function chooseMove(state: DutchMemoryState, r: Rand): { seat: Seat; move: DutchMemoryMove } {
  const toAct = game.toAct(state);
  const table = game.view(state, null) as DutchMemoryView;
  if (table.phase === 'play' && table.snap.on !== null && r() < 0.2) {
    const seat = Math.floor(r() * table.seats);
    const snaps = game.legalMoves(state, seat).filter((m) => m.kind === 'snap');
    if (snaps.length > 0 && r() < 0.7) return { seat, move: pick(r, snaps) };
    const slots = (table.benches[seat] ?? []).flatMap((c, i) => (c ? [i] : []));
    if (slots.length > 0) {
      const on = Math.max(0, table.snap.on - Math.floor(r() * 4));
      return { seat, move: { kind: 'snap', on, slot: pick(r, slots) } };
    }
  }
  const seat = pick(r, toAct);
  return { seat, move: pick(r, game.legalMoves(state, seat)) };
}

const viewersOf = (seats: number): Viewer[] => [null, ...Array.from({ length: seats }, (_, s) => s)];
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

function playGolden(index: number): GoldenGame {
  const seed = 1000 + index;
  const r = testRng(seed);
  const options = randomOptions(r);
  const seats = 2 + Math.floor(r() * 7);
  let state = game.setup(seats, rulesOf(options), `golden-${seed}`);
  const viewers = viewersOf(seats);
  let now = 1_700_000_000_000;
  const steps: string[] = [hash(viewers.map((v) => game.view(state, v)))];
  while (game.result(state) === null) {
    if (steps.length > 20_000) throw new Error(`golden game ${seed} does not end`);
    const { seat, move } = chooseMove(state, r);
    now += Math.floor(r() * 40_000);
    const res = game.apply(state, seat, move, { now });
    if (!res.ok) {
      steps.push(hash({ seat, move, refused: res.error }));
      continue;
    }
    state = res.value.state;
    steps.push(
      hash({
        seat,
        move,
        events: res.value.events,
        lines: viewers.map((v) => res.value.events.map((e) => game.viewEvent(e, v))),
        reveal: res.value.reveal ?? null,
        views: viewers.map((v) => game.view(state, v)),
        legal: viewers.map((v) => (v === null ? null : game.legalMoves(state, v))),
        toAct: game.toAct(state),
      }),
    );
  }
  const finalViews = hash(viewers.map((v) => game.view(state, v)));
  return { seed, seats, options, steps, finalViews, result: JSON.parse(JSON.stringify(game.result(state))) };
}

if (process.env.GOLDEN_WRITE === '1') {
  const games = Array.from({ length: GAMES }, (_, i) => playGolden(i));
  writeFileSync(FIXTURE, `${JSON.stringify(games)}\n`);
}

const golden = JSON.parse(readFileSync(FIXTURE, 'utf8')) as GoldenGame[];

describe('seeded games play exactly as the plain-JSON engine played them', () => {
  it('covers enough games and actions', () => {
    expect(golden.length).toBe(GAMES);
    expect(golden.reduce((n, g) => n + g.steps.length, 0)).toBeGreaterThan(5_000);
  });
  for (const [i, g] of golden.entries()) {
    it(`game ${g.seed}: ${g.seats} players, ${JSON.stringify(g.options)}`, () => {
      const replayed = playGolden(i);
      expect(replayed.options).toEqual(g.options);
      const first = replayed.steps.findIndex((h, k) => h !== g.steps[k]);
      expect(first, 'the first action whose views, log lines, events or legal moves differ').toBe(-1);
      expect(replayed.steps.length).toBe(g.steps.length);
      expect(replayed.finalViews).toEqual(g.finalViews);
      expect(replayed.result).toEqual(g.result);
    });
  }
});
