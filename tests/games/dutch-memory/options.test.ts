/**
 * The options schema (preset + overrides → resolved rules) and one scenario per option, each run
 * against the preset it changes.
 */
import { describe, expect, it } from 'vitest';
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import { dutchMemoryOptions } from '#shared/games/dutch-memory/moves.js';
import { build, cardAt, eventsOf, game, play, playAll, refuse, rulesOf, seen, seenAt, type Scenario } from './helpers.js';

describe('options schema', () => {
  it('parses {} to the bench rules with the memory aid on and a 24-hour minimum snap window', () => {
    expect(rulesOf({})).toEqual({
      preset: 'bench',
      drawFromDiscard: true,
      openingDiscard: true,
      acePower: false,
      queenPower: 'peek-any',
      jackPower: 'swap-different-benches',
      cardValues: 'bench',
      callerLowest: 'nothing',
      callerNotLowest: 'card-per-player',
      callerTies: 'against-caller',
      penaltyCards: 1,
      penaltyCardSeen: false,
      emptyBench: 'auto-dutch',
      endScore: 100,
      tieBreak: 'last-round',
      snapOthers: false,
      othersSnap: 'give-back',
      firstDealer: 'last-seat',
      lastQueenExtends: false,
      memoryAid: true,
      snapWindowMs: 24 * 3_600_000,
    });
  });

  it('resolves the Marmot preset', () => {
    expect(rulesOf({ preset: 'marmot' })).toMatchObject({
      preset: 'marmot',
      drawFromDiscard: false,
      openingDiscard: false,
      acePower: true,
      jackPower: 'swap-any',
      cardValues: 'marmot',
      callerLowest: 'bonus-card',
      callerNotLowest: 'one-card',
      callerTies: 'for-caller',
      penaltyCardSeen: true,
      emptyBench: 'win-round',
      tieBreak: 'shared',
      endScore: 100,
      memoryAid: true,
      snapOthers: true,
      othersSnap: 'replace-and-penalty',
      firstDealer: 'random',
      snapWindowMs: 24 * 3_600_000,
    });
  });

  it('lets each option override the preset, and resolving twice changes nothing', () => {
    const inputs = [
      {},
      { preset: 'marmot' as const },
      { preset: 'marmot' as const, drawFromDiscard: true, cardValues: 'bench' as const, memoryAid: false },
      { jackPower: 'none' as const, penaltyCards: 2, snapWindowMs: 30_000, endScore: 50, snapOthers: true },
    ];
    for (const input of inputs) {
      const once = rulesOf(input);
      for (const [k, v] of Object.entries(input)) expect(once[k as keyof typeof once]).toEqual(v);
      expect(rulesOf(once)).toEqual(once);
    }
  });

  it('rejects unknown options and bad values', () => {
    expect(dutchMemoryOptions().safeParse({ colour: 'red' }).success).toBe(false);
    expect(dutchMemoryOptions().safeParse({ preset: 'cactus' }).success).toBe(false);
    expect(dutchMemoryOptions().safeParse({ penaltyCards: 9 }).success).toBe(false);
    expect(dutchMemoryOptions().safeParse({ snapWindowMs: -1 }).success).toBe(false);
  });
});

/** Three players, seat 0 to play, the 6♠ open on the pile. */
const table = (options: Scenario['options'], extra: Partial<Scenario> = {}) =>
  build({
    options,
    benches: [
      [seen('5H', 0), seen('9C', 0), 'KS', '2D'],
      ['7S', seen('QH', 1), '3C', seen('6D', 1)],
      [seen('JC', 2), '4H', seen('8D', 2), 'AC'],
    ],
    pile: ['6S'],
    next: ['10H', '2H', '3H'],
    ...extra,
  });

/** Two players; seat 0 has called, seat 1 takes its last turn, then the round is counted. */
const countRound = (
  options: Scenario['options'],
  a: Scenario['benches'][number],
  b: Scenario['benches'][number],
  extra: Partial<Scenario> = {},
) =>
  play(build({ options, benches: [a, b], pile: ['3S'], caller: 0, turn: 1, next: ['4C', '9D', '8D'], ...extra }), 1, {
    kind: 'draw-and-discard',
  }).state;

describe('each option', () => {
  it('drawFromDiscard', () => {
    expect(cardAt(play(table({ preset: 'marmot', drawFromDiscard: true }), 0, { kind: 'take-discard', slot: 2 }).state, 0, 2)).toBe('6S');
    expect(refuse(table({ drawFromDiscard: false }), 0, { kind: 'take-discard', slot: 2 })).toBe('no-discard-draws');
  });

  it('openingDiscard', () => {
    const start = (options: Scenario['options']) => {
      const s = game.setup(2, rulesOf(options), 'o');
      return playAll(s, [
        [0, { kind: 'look', slots: [0, 1] }],
        [1, { kind: 'look', slots: [0, 1] }],
      ]).state;
    };
    expect(start({ openingDiscard: false }).pile).toEqual([]);
    expect(start({ preset: 'marmot', openingDiscard: true }).pile).toHaveLength(1);
  });

  it('acePower', () => {
    expect(play(table({ acePower: true }, { next: ['AH'] }), 0, { kind: 'draw-and-discard' }).state.pending[0]?.kind).toBe('give');
    const off = play(table({ preset: 'marmot', acePower: false }, { next: ['AH'] }), 0, { kind: 'draw-and-discard' }).state;
    expect(toPlain(off).pending).toEqual([]);
    expect(off.turn.seat).toBe(1);
  });

  it('queenPower', () => {
    const off = play(table({ queenPower: 'none' }, { next: ['QS'] }), 0, { kind: 'draw-and-discard' }).state;
    expect(toPlain(off).pending).toEqual([]);
    expect(off.turn.seat).toBe(1);
  });

  it('jackPower', () => {
    const jack = (options: Scenario['options']) => play(table(options, { next: ['JD'] }), 0, { kind: 'draw-and-discard' }).state;
    expect(jack({ jackPower: 'none' }).pending).toEqual([]);
    const any = jack({ jackPower: 'swap-any' });
    expect(cardAt(play(any, 0, { kind: 'swap', a: { seat: 1, slot: 0 }, b: { seat: 1, slot: 1 } }).state, 1, 0)).toBe('QH');
    const apart = jack({ preset: 'marmot', jackPower: 'swap-different-benches' });
    expect(refuse(apart, 0, { kind: 'swap', a: { seat: 1, slot: 0 }, b: { seat: 1, slot: 1 } })).toBe('same-bench');
  });

  it('cardValues', () => {
    const rec = countRound({ cardValues: 'marmot' }, ['KS', 'QH'], ['JH', 'KD']).history[0]!;
    expect(rec.sums).toEqual([32, 11]);
    const bench = countRound({ preset: 'marmot', cardValues: 'bench' }, ['KS', 'QH'], ['JH', 'KD']).history[0]!;
    expect(bench.sums).toEqual([23, 10]);
  });

  it('callerLowest', () => {
    expect(countRound({ callerLowest: 'bonus-card' }, ['AH', '2C'], ['KS', 'QH']).history[0]!.scores).toEqual([-6, 23]);
    expect(countRound({ preset: 'marmot', callerLowest: 'nothing' }, ['AH', '2C'], ['KS', 'QH']).history[0]!.scores).toEqual([3, 32]);
  });

  it('callerNotLowest', () => {
    expect(countRound({ callerNotLowest: 'one-card' }, ['9H', '6C'], ['2H', '3C']).history[0]!.scores).toEqual([24, 5]);
    expect(countRound({ callerNotLowest: 'nothing' }, ['9H', '6C'], ['2H', '3C']).history[0]!.scores).toEqual([15, 5]);
    const perPlayer = countRound({ preset: 'marmot', callerNotLowest: 'card-per-player' }, ['9H', '6C'], ['2H', '3C']).history[0]!;
    expect(perPlayer.callerCards).toEqual(['9D']);
  });

  it('callerTies', () => {
    expect(countRound({ callerTies: 'for-caller' }, ['5H', '5C'], ['4H', '6C']).history[0]!.callerLowest).toBe(true);
    expect(countRound({ preset: 'marmot', callerTies: 'against-caller' }, ['5H', '5C'], ['4H', '6C']).history[0]!.callerLowest).toBe(false);
  });

  it('penaltyCards', () => {
    expect(play(table({ penaltyCards: 0 }), 1, { kind: 'snap', on: 0, slot: 0 }).state.benches[1]).toHaveLength(4);
    const two = play(table({ penaltyCards: 2 }), 1, { kind: 'snap', on: 0, slot: 0 });
    expect(two.state.benches[1]).toHaveLength(6);
    expect(eventsOf(two.events, 'penalty')).toHaveLength(2);
  });

  it('penaltyCardSeen', () => {
    const r = play(table({ penaltyCardSeen: true }), 1, { kind: 'snap', on: 0, slot: 0 });
    expect(seenAt(r.state, 1, 4)).toEqual([1]);
    expect(r.reveal?.cards[0]).toMatchObject({ seat: 1, slot: 4, why: 'penalty', card: { id: '10H' } });
    const unseen = play(table({ preset: 'marmot', penaltyCardSeen: false }), 1, { kind: 'snap', on: 0, slot: 0 });
    expect(seenAt(unseen.state, 1, 4)).toEqual([]);
    expect(unseen.reveal).toBeUndefined();
  });

  it('emptyBench', () => {
    const lone = (options: Scenario['options']) =>
      build({
        options,
        benches: [
          ['9H', '6C'],
          [null, seen('6D', 1)],
          ['2H', '3C'],
        ],
        pile: ['6S'],
        next: ['2S', '3S', '4S'],
      });
    const win = play(lone({ emptyBench: 'win-round' }), 1, { kind: 'snap', on: 0, slot: 1 });
    expect(eventsOf(win.events, 'round-ended')[0]?.reason).toBe('bench-emptied');
    const auto = playAll(lone({ preset: 'marmot', emptyBench: 'auto-dutch' }), [
      [1, { kind: 'snap', on: 0, slot: 1 }],
      [0, { kind: 'draw-and-discard' }],
    ]);
    expect(auto.state.round).toBe(1);
    expect(auto.state.caller).toBe(1);
    expect(auto.state.turn.seat).toBe(2);
  });

  it('endScore', () => {
    const s = countRound({ endScore: 30 }, ['9H', '6C'], ['2H', '3C'], { totals: [0, 0] });
    // 15 + a penalty card (9♦) = 24: not yet.
    expect(s.phase).toBe('look');
    const over = countRound({ endScore: 24 }, ['9H', '6C'], ['2H', '3C']);
    expect(over.phase).toBe('over');
    expect(game.result(over)?.winners).toEqual([1]);
  });

  it('tieBreak', () => {
    const tie = (options: Scenario['options']) => countRound(options, ['5H', '5C'], ['7H', '8C'], { totals: [90, 85] });
    expect(game.result(tie({ tieBreak: 'shared' }))?.winners).toEqual([0, 1]);
    expect(game.result(tie({ preset: 'marmot', cardValues: 'bench', callerLowest: 'nothing', tieBreak: 'last-round' }))?.winners).toEqual([
      0,
    ]);
  });

  it('snapOthers: off under the bench rules unless asked for, on under Marmot, and off there if asked', () => {
    expect(refuse(table({}), 0, { kind: 'snap', on: 0, slot: 3, owner: 1 })).toBe('not-your-card');
    expect(refuse(table({ preset: 'marmot', snapOthers: false }), 0, { kind: 'snap', on: 0, slot: 3, owner: 1 })).toBe('not-your-card');
    // Marmot's own outcome: see marmot-rules.test.ts; the bench one: bench-rules.test.ts, "bench optional rules".
    expect(play(table({ preset: 'marmot' }), 0, { kind: 'snap', on: 0, slot: 3, owner: 1 }).state.pending).toEqual([]);
  });

  it('othersSnap', () => {
    expect(play(table({ preset: 'marmot', othersSnap: 'give-back' }), 0, { kind: 'snap', on: 0, slot: 3, owner: 1 }).state.pending).toEqual(
      [{ kind: 'give-back', seat: 0, to: 1 }],
    );
    const r = play(table({ snapOthers: true, othersSnap: 'replace-and-penalty' }), 0, { kind: 'snap', on: 0, slot: 3, owner: 1 });
    expect(toPlain(r.state).pending).toEqual([]);
    expect(r.state.benches[1]!.map((_, i) => cardAt(r.state, 1, i))).toEqual(['7S', 'QH', '3C', '10H', '2H']);
  });

  it('firstDealer', () => {
    const seeds = Array.from({ length: 40 }, (_, i) => `seed-${i}`);
    expect(new Set(seeds.map((seed) => game.setup(4, rulesOf({}), seed).dealer))).toEqual(new Set([3]));
    expect(new Set(seeds.map((seed) => game.setup(4, rulesOf({ firstDealer: 'random' }), seed).dealer))).toEqual(new Set([0, 1, 2, 3]));
  });
});
