/**
 * Who may see which card: per-seat knowledge, the memory aid, reveals, and the log.
 */
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '#shared/engine/game.js';
import { build, cardAt, game, idsIn, play, playAll, rulesOf, seen, seenAt, viewOf, type Scenario } from './helpers.js';
import { english, unworded } from '../../support/words.js';

const table = (memoryAid: boolean, extra: Partial<Scenario> = {}) =>
  build({
    options: { memoryAid },
    benches: [
      [seen('5H', 0), seen('9C', 0), 'KS', '2D'],
      ['7S', seen('QH', 1), '3C', seen('6D', 1)],
      [seen('JC', 2), '4H', seen('8D', 2), 'AC'],
    ],
    pile: ['6S'],
    next: ['QC', 'JD', '2H', '3H'],
    ...extra,
  });

const viewers: Viewer[] = [0, 1, 2, null];

describe('the memory aid off', () => {
  it('shows the starting look only in the response to the look, then hides the cards again', () => {
    const s0 = game.setup(2, rulesOf({ memoryAid: false }), 'k');
    const r = play(s0, 0, { kind: 'look', slots: [1, 2] });
    expect(r.reveal?.cards.map((c) => c.card.id)).toEqual([cardAt(s0, 0, 1), cardAt(s0, 0, 2)]);
    expect(seenAt(r.state, 0, 1)).toEqual([0]);
    for (const v of [0, 1, null]) expect(idsIn(viewOf(r.state, v)).size).toBe(0);
    // The view still says which positions one has seen.
    expect(viewOf(r.state, 0).benches[0]![1]).toEqual({ seenBy: [0], card: null });
  });

  it('shows a peeked card only in the reveal', () => {
    const r = playAll(table(false), [
      [0, { kind: 'draw-and-discard' }],
      [0, { kind: 'peek', at: { seat: 1, slot: 2 } }],
    ]);
    expect(r.reveal?.cards).toEqual([{ seat: 1, slot: 2, card: { id: '3C', rank: '3', suit: 'C', value: 3 }, why: 'peek' }]);
    expect(seenAt(r.state, 1, 2)).toEqual([0]);
    for (const v of viewers) expect(idsIn(viewOf(r.state, v)).has('3C')).toBe(false);
  });

  it('shows a drawn card to its holder while it is in hand, but not once it is face down', () => {
    const d = play(table(false, { next: ['2H'] }), 0, { kind: 'draw' });
    expect(viewOf(d.state, 0).held?.card?.id).toBe('2H');
    const x = play(d.state, 0, { kind: 'exchange', slot: 0 });
    expect(idsIn(viewOf(x.state, 0)).has('2H')).toBe(false);
    expect(seenAt(x.state, 0, 0)).toEqual([0]);
  });
});

describe('the memory aid on', () => {
  it('keeps one’s own seen cards face up in one’s own view only', () => {
    const s = table(true);
    expect(idsIn(viewOf(s, 0).benches)).toEqual(new Set(['5H', '9C']));
    expect(idsIn(viewOf(s, 1).benches)).toEqual(new Set(['QH', '6D']));
    expect(idsIn(viewOf(s, null).benches).size).toBe(0);
  });

  it('also shows a seat the opponents’ cards it has peeked at, and nobody else', () => {
    const r = playAll(table(true), [
      [0, { kind: 'draw-and-discard' }],
      [0, { kind: 'peek', at: { seat: 1, slot: 2 } }],
    ]);
    expect(viewOf(r.state, 0).benches[1]![2]!.card?.id).toBe('3C');
    for (const v of [1, 2, null]) expect(idsIn(viewOf(r.state, v)).has('3C')).toBe(false);
  });

  it('a card that came face up from the pile, or a wrong snap shown to the table, is known to everyone', () => {
    const took = play(table(true), 0, { kind: 'take-discard', slot: 2 }).state;
    for (const v of [0, 1, 2]) expect(viewOf(took, v).benches[0]![2]!.card?.id).toBe('6S');
    expect(viewOf(took, null).benches[0]![2]!.card).toBeNull();
    const wrong = play(table(true), 1, { kind: 'snap', on: 0, slot: 0 }).state;
    for (const v of [0, 1, 2]) expect(viewOf(wrong, v).benches[1]![0]!.card?.id).toBe('7S');
  });

  it('knowledge follows a card a Jack moves: the owner no longer sees it at home, but sees it where it went', () => {
    const r = playAll(table(true, { next: ['JD'] }), [
      [0, { kind: 'draw-and-discard' }],
      [0, { kind: 'swap', a: { seat: 1, slot: 3 }, b: { seat: 2, slot: 1 } }],
    ]);
    expect(viewOf(r.state, 1).benches[1]![3]!.card).toBeNull();
    expect(viewOf(r.state, 1).benches[2]![1]!.card?.id).toBe('6D');
    expect(viewOf(r.state, 2).benches[2]![1]!.card).toBeNull();
    expect(idsIn(viewOf(r.state, 2)).has('4H')).toBe(false);
  });
});

describe('views and the log never leak', () => {
  it('the view carries no PRNG state, no deck order, and no held card for others', () => {
    const s = play(table(true, { next: ['2H'] }), 0, { kind: 'draw' }).state;
    for (const v of viewers) {
      const json = JSON.stringify(viewOf(s, v));
      expect(json).not.toContain('rng');
      expect(json.includes('"2H"')).toBe(v === 0);
      for (const id of toPlain(s).deck) expect(json).not.toContain(`"${id}"`);
    }
  });

  it('log lines name only cards the whole table has seen face up', () => {
    const r = playAll(table(false, { next: ['QC', 'JD'] }), [
      [0, { kind: 'draw' }], // the Q♣, seen by seat 0 only while held
      [0, { kind: 'discard' }], // now face up
      [0, { kind: 'peek', at: { seat: 2, slot: 1 } }], // the 4♥, seen by seat 0 only
      [1, { kind: 'draw' }], // the J♦
      [1, { kind: 'exchange', slot: 0 }], // J♦ goes in face down, 7♠ comes out face up
    ]);
    for (const v of viewers) {
      const lines = r.events.map((e) => game.viewEvent(e, v));
      expect(lines.every((l) => l !== null && english(l).length > 0 && unworded(l).length === 0)).toBe(true);
      expect([...idsIn(lines)].sort()).toEqual(['7S', 'QC']);
    }
  });
});

describe('rules help', () => {
  it('explains both rule sets, the snap window, deadlines, and why the memory aid is on by default', async () => {
    const { rulesHelp } = await import('#shared/games/dutch-memory/help.js');
    const text = JSON.stringify(rulesHelp);
    for (const words of ['Marmot', 'snap window', 'Deadlines', 'on by default', 'Choices this site made']) expect(text).toContain(words);
    expect(rulesOf({}).memoryAid).toBe(true);
  });
});
