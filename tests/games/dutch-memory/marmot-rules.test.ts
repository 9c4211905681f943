/**
 * Scenario tests for the "Marmot/Tamalou" rule set (shared/rules/dutch-memory-marmot.md),
 * including its two worked examples of the simultaneous discard (our "snap").
 */
import { describe, expect, it } from 'vitest';
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import { EMPTY } from '#shared/games/dutch-memory/state.js';
import { english } from '../../support/words.js';
import {
  build,
  cardAt,
  eventsOf,
  expectConserved,
  game,
  play,
  playAll,
  refuse,
  rulesOf,
  seen,
  seenAt,
  top,
  viewOf,
  type Scenario,
} from './helpers.js';

const marmot = (s: Omit<Scenario, 'options'> & { options?: Scenario['options'] }) =>
  build({ ...s, options: { preset: 'marmot', ...s.options } });

/** Three players, seat 0 to play; nothing discarded yet (Marmot starts with no discard pile). */
const table = (extra: Partial<Scenario> = {}) =>
  marmot({
    benches: [
      [seen('5S', 0), seen('9C', 0), 'KS', '5C'],
      [seen('8C', 1), 'QH', '3C', seen('6D', 1)],
      ['JC', '4H', seen('8D', 2), 'AC'],
    ],
    next: ['8H', '2H', '3H'],
    ...extra,
  });

describe('Marmot rules: the start', () => {
  it('deals four cards in a row, everyone looks at two, and there is no first discard', () => {
    // "deals 4 cards to each player ... in a horizontal row" / "A discard pile will be created by the first player"
    const s0 = game.setup(3, rulesOf({ preset: 'marmot' }), 'm');
    expect(viewOf(s0, 0).layout).toBe('row');
    const r = playAll(s0, [
      [0, { kind: 'look', slots: [0, 1] }],
      [1, { kind: 'look', slots: [1, 2] }],
      [2, { kind: 'look', slots: [0, 3] }],
    ]);
    expect(r.state.phase).toBe('play');
    expect(r.state.pile).toEqual([]);
    expect(r.state.deck).toHaveLength(40);
    expect(viewOf(r.state, 1).snap.open).toBe(false);
  });

  it('never allows drawing from the discard pile', () => {
    // "You may not draw from the discard"
    const s = play(table(), 0, { kind: 'draw-and-discard' }).state;
    expect(game.legalMoves(s, 1).filter((m) => m.kind !== 'snap')).toEqual([
      { kind: 'draw' },
      { kind: 'draw-and-discard' },
      { kind: 'call-dutch' },
    ]);
    expect(refuse(s, 1, { kind: 'take-discard', slot: 0 })).toBe('no-discard-draws');
  });

  it('has nothing to snap before the first discard', () => {
    expect(refuse(table(), 1, { kind: 'snap', on: 0, slot: 0 })).toBe('nothing-to-snap');
    expect(game.legalMoves(table(), 1)).toEqual([]);
  });
});

describe('Marmot rules: card values', () => {
  it('counts Ace 1, numbers at face value, Jack 11, Queen 12, black King 20, red King 0', () => {
    // "Card Values"
    const s = marmot({
      benches: [
        ['KH', 'KD', 'AS', '2C'],
        ['KS', 'KC', 'JH', 'QD'],
        ['10S', '9H'],
      ],
      pile: ['3S'],
      caller: 0,
      turn: 2,
      next: ['2H', '4D'],
    });
    const rec = play(s, 2, { kind: 'draw-and-discard' }).state.history[0]!;
    expect(rec.sums).toEqual([3, 63, 19]);
  });
});

describe('Marmot rules: special cards', () => {
  it('Ace: give the top card of the deck, unseen, to another player', () => {
    // "Ace (A) → Allows the player to give one card from the draw pile to any other player"
    const s = table({ next: ['AH', '7D'] });
    const r = playAll(s, [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
    ]);
    expect(toPlain(r.state).pending).toEqual([{ kind: 'give', seat: 0, card: 'AH' }]);
    expect(refuse(r.state, 0, { kind: 'give', to: 0 })).toBe('give-to-self');
    expect(game.legalMoves(r.state, 0).filter((m) => m.kind === 'give')).toEqual([
      { kind: 'give', to: 1 },
      { kind: 'give', to: 2 },
    ]);
    const g = play(r.state, 0, { kind: 'give', to: 2 });
    expect(toPlain(g.state).benches[2]![4]).toEqual({ card: '7D', seenBy: [] });
    expect(g.reveal).toBeUndefined();
    expect(g.state.turn.seat).toBe(1);
    expect(english(game.viewEvent(eventsOf(g.events, 'gave')[0]!, 1))).toBe('Ann gave Cy an unseen card from the deck (position 5).');
    expectConserved(g.state);
  });

  it('Queen: look at any one card, own or an opponent’s', () => {
    // "Queen (Q) → Allows the player to look at any one card (their own or an opponent's)"
    const s = table({ next: ['QS'] });
    const r = playAll(s, [
      [0, { kind: 'draw-and-discard' }],
      [0, { kind: 'peek', at: { seat: 2, slot: 0 } }],
    ]);
    expect(r.reveal?.cards[0]?.card.id).toBe('JC');
    expect(seenAt(r.state, 2, 0)).toEqual([0]);
  });

  it('Jack: swap one own card with an opponent’s, two of an opponent’s, or two of one’s own', () => {
    // "Jack (J) → Allows the player to swap two cards"
    const s = playAll(table({ next: ['JD'] }), [[0, { kind: 'draw-and-discard' }]]).state;
    const mixed = play(s, 0, { kind: 'swap', a: { seat: 0, slot: 1 }, b: { seat: 1, slot: 2 } }).state;
    expect([cardAt(mixed, 0, 1), cardAt(mixed, 1, 2)]).toEqual(['3C', '9C']);
    const theirs = play(s, 0, { kind: 'swap', a: { seat: 2, slot: 0 }, b: { seat: 2, slot: 3 } }).state;
    expect([cardAt(theirs, 2, 0), cardAt(theirs, 2, 3)]).toEqual(['AC', 'JC']);
    const mine = play(s, 0, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 0, slot: 3 } }).state;
    expect(toPlain(mine).benches[0]![3]).toEqual(seen('5S', 0));
    // Every unordered pair of the 12 cards on the table.
    expect(game.legalMoves(s, 0).filter((m) => m.kind === 'swap')).toHaveLength(66);
  });
});

describe('Marmot rules: the simultaneous discard (snap)', () => {
  it('Example 1: a player discards an 8; another who remembers an 8 of any colour discards it too', () => {
    // Marmot, "Simultaneous Discard Rule", Example 1.
    const s = play(table(), 0, { kind: 'draw-and-discard' }).state; // the 8♥
    const r = play(s, 1, { kind: 'snap', on: 0, slot: 0 });
    expect(eventsOf(r.events, 'snapped')[0]).toMatchObject({ seat: 1, card: '8C', on: '8H' });
    expect(cardAt(r.state, 1, 0)).toBeNull();
    // One snap per discard: seat 2's 8♦ comes too late and costs the penalty.
    const late = play(r.state, 2, { kind: 'snap', on: 0, slot: 2 });
    expect(eventsOf(late.events, 'snap-failed')[0]?.why).toBe('late');
    expect(cardAt(late.state, 2, 2)).toBe('8D');
  });

  it('Example 2: after exchanging an unknown card that turns out to be a 5, a remembered 5 follows it', () => {
    // Marmot, "Simultaneous Discard Rule", Example 2.
    const s = table({ next: ['7H'] });
    const r = playAll(s, [
      [0, { kind: 'draw' }],
      [0, { kind: 'exchange', slot: 3 }],
    ]);
    expect(top(r.state)?.card).toBe('5C');
    const snap = play(r.state, 0, { kind: 'snap', on: 0, slot: 0 });
    expect(eventsOf(snap.events, 'snapped')[0]).toMatchObject({ card: '5S', on: '5C' });
    expect(snap.state.benches[0]!.filter((b) => b !== EMPTY)).toHaveLength(3);
  });

  it('Tip: exchanging a card for its twin, then snapping the drawn one, checks the guess', () => {
    // Marmot, "Strategies and tips": draw a 5 of hearts, exchange it with a 5 of clubs, discard the 5 of hearts too.
    const r = playAll(table({ next: ['5H'] }), [
      [0, { kind: 'draw' }],
      [0, { kind: 'exchange', slot: 3 }],
      [0, { kind: 'snap', on: 0, slot: 3 }],
    ]);
    expect(toPlain(r.state).pile.map((p) => p.card)).toEqual(['5C', '5H']);
    expect(cardAt(r.state, 0, 3)).toBeNull();
  });

  it('a wrong discard is taken back with a penalty card, which the Marmot rules let the player see', () => {
    // "If a player mistakenly tries to discard the wrong card, they must take it back and draw an extra card as a penalty."
    const s = play(table({ next: ['8H', '2S'] }), 0, { kind: 'draw-and-discard' }).state;
    const r = play(s, 1, { kind: 'snap', on: 0, slot: 3 });
    expect(cardAt(r.state, 1, 3)).toBe('6D');
    expect(toPlain(r.state).benches[1]![4]).toEqual({ card: '2S', seenBy: [1] });
    expect(r.reveal?.cards).toEqual([{ seat: 1, slot: 4, card: { id: '2S', rank: '2', suit: 'S', value: 2 }, why: 'penalty' }]);
    expect(viewOf(r.state, 1).benches[1]![4]!.card?.id).toBe('2S');
    expect(viewOf(r.state, 0).benches[1]![4]!.card).toBeNull();
  });
});

describe("Marmot rules: Kings and other players' cards", () => {
  it('a King matches only a King of its colour: red King 0 and black King 20 are not "the same value"', () => {
    // "a memorized card of the same value" — red Kings are worth 0, black Kings 20.
    const s = marmot({
      benches: [
        [seen('KH', 0), seen('KC', 0), '2C'],
        [seen('KD', 1), '3D'],
      ],
      pile: ['KS'],
    });
    const wrong = play(s, 0, { kind: 'snap', on: 0, slot: 0 });
    expect(eventsOf(wrong.events, 'snap-failed')[0]).toMatchObject({ why: 'wrong', card: 'KH', on: 'KS' });
    expect(cardAt(wrong.state, 0, 0)).toBe('KH');
    const right = play(s, 0, { kind: 'snap', on: 0, slot: 1 });
    expect(eventsOf(right.events, 'snapped')[0]).toMatchObject({ card: 'KC', on: 'KS' });
    const onRed = marmot({
      benches: [
        [seen('KH', 0), '2C'],
        ['KC', '3D'],
      ],
      pile: ['KD'],
    });
    expect(eventsOf(play(onRed, 0, { kind: 'snap', on: 0, slot: 0 }).events, 'snapped')[0]).toMatchObject({ card: 'KH', on: 'KD' });
  });

  it("player A may play player B's card: B takes a new card in its place and a penalty card", () => {
    // "If player A plays the card of player B, player B takes a new card to replace the played card and also takes a penalty."
    const s = play(table({ next: ['8H', '2S', '3S'] }), 0, { kind: 'draw-and-discard' }).state; // the 8♥; seat 1 to play
    expect(game.legalMoves(s, 2)).toContainEqual({ kind: 'snap', on: 0, slot: 0, owner: 1 });
    const r = play(s, 2, { kind: 'snap', on: 0, slot: 0, owner: 1 });
    expect(eventsOf(r.events, 'snapped')[0]).toMatchObject({ seat: 2, owner: 1, slot: 0, card: '8C', on: '8H' });
    expect(top(r.state)?.card).toBe('8C');
    // The replacement, face down and unseen, in the same position; then the penalty card, which B sees (Marmot).
    expect(toPlain(r.state).benches[1]![0]).toEqual({ card: '2S', seenBy: [] });
    expect(toPlain(r.state).benches[1]![4]).toEqual({ card: '3S', seenBy: [1] });
    expect(eventsOf(r.events, 'penalty')).toEqual([{ type: 'penalty', seat: 1, slot: 4 }]);
    expect(r.state.benches[2]!.filter((b) => b !== EMPTY)).toHaveLength(4);
    expect(toPlain(r.state).pending).toEqual([]);
    // Only B sees the penalty card: not in A's answer, only in B's own view.
    expect(r.reveal).toBeUndefined();
    expect(viewOf(r.state, 1).benches[1]![4]!.card?.id).toBe('3S');
    expect(viewOf(r.state, 2).benches[1]![4]!.card).toBeNull();
    expect(viewOf(r.state, 2).benches[1]![0]!.card).toBeNull();
    expectConserved(r.state);
  });

  it("playing another player's card wrongly: it goes back, shown to all, and the player who tried takes one penalty card", () => {
    // "If a player mistakenly tries to discard the wrong card, they must take it back and draw an extra card as a penalty."
    const s = play(table({ next: ['8H', '2S'] }), 0, { kind: 'draw-and-discard' }).state;
    const r = play(s, 2, { kind: 'snap', on: 0, slot: 1, owner: 1 });
    expect(eventsOf(r.events, 'snap-failed')[0]).toMatchObject({ why: 'wrong', owner: 1, card: 'QH' });
    expect(seenAt(r.state, 1, 1)).toEqual([0, 1, 2]);
    expect(eventsOf(r.events, 'penalty')).toEqual([{ type: 'penalty', seat: 2, slot: 4 }]);
    expect(r.state.benches[1]!.filter((b) => b !== EMPTY)).toHaveLength(4);
    expectConserved(r.state);
  });

  it("the first dealer is drawn from the match's seed, so the creator does not always start", () => {
    // "A dealer is randomly chosen"
    const seeds = Array.from({ length: 60 }, (_, i) => `m-${i}`);
    const dealers = seeds.map((seed) => game.setup(3, rulesOf({ preset: 'marmot' }), seed).dealer);
    expect(new Set(dealers)).toEqual(new Set([0, 1, 2]));
    for (const seed of seeds.slice(0, 5)) {
      const a = game.setup(3, rulesOf({ preset: 'marmot' }), seed);
      expect(game.setup(3, rulesOf({ preset: 'marmot' }), seed)).toEqual(a);
      expect(a.turn.seat).toBe((a.dealer + 1) % 3);
    }
  });
});

describe('Marmot rules: the end of a round', () => {
  const duel = (a: Scenario['benches'][number], b: Scenario['benches'][number], next: Scenario['next'], extra: Partial<Scenario> = {}) =>
    playAll(marmot({ benches: [a, b], pile: ['3S'], caller: 0, turn: 1, next, ...extra }), [[1, { kind: 'draw-and-discard' }]]).state;

  it('a caller who is lowest draws a bonus card that comes off their score, even below zero', () => {
    // "If the player who called Dutch does in fact have the lowest number, they get to draw a final bonus card"
    const s = duel(['AH', '2C'], ['KS', 'QH'], ['4C', '9H']);
    const rec = s.history[0]!;
    expect(rec.callerLowest).toBe(true);
    expect(rec.callerCards).toEqual(['9H']);
    expect(rec.scores).toEqual([-6, 32]);
    expect(s.totals).toEqual([-6, 32]);
  });

  it('a tie counts as lowest for the caller', () => {
    // "In the case of a tie, the player who said "Dutch" has the advantage."
    const rec = duel(['5H', '5C'], ['4H', '6C'], ['4C', '2H']).history[0]!;
    expect(rec.callerLowest).toBe(true);
    expect(rec.scores).toEqual([8, 10]);
  });

  it('a caller who is not lowest draws one penalty card that adds to their score', () => {
    // "If the player who called Dutch does not in fact have the lowest number they draw a final penalty card"
    const rec = duel(['9H', '6C'], ['2H', '3C'], ['4C', '7S']).history[0]!;
    expect(rec.callerLowest).toBe(false);
    expect(rec.callerCards).toEqual(['7S']);
    expect(rec.scores).toEqual([22, 5]);
  });

  it('a player who gets rid of every card before a Dutch call wins the round at once with 0 points', () => {
    // "A player discards all their cards before anyone calls Dutch, they immediately win the round with 0 points ... no final round."
    const s = marmot({
      benches: [
        ['9H', '6C'],
        [null, seen('6D', 1), null, null],
        ['2H', '3C'],
      ],
      pile: ['6S'],
      turn: 0,
    });
    const r = play(s, 1, { kind: 'snap', on: 0, slot: 1 });
    const ended = eventsOf(r.events, 'round-ended')[0]!;
    expect(ended).toMatchObject({ reason: 'bench-emptied', emptied: 1 });
    expect(ended.record.scores).toEqual([15, 0, 5]);
    expect(r.state.round).toBe(2);
    expect(r.state.phase).toBe('look');
  });

  it('a caller who gets rid of every card during the final turns ends the round and still gets the bonus', () => {
    // "If a player calls Dutch and then discards all their cards during the final turn, the game stops, and they will still be entitled to the bonus points."
    const s = marmot({
      benches: [[seen('7C', 0)], ['9H', '6C'], ['2H', '3C']],
      pile: ['3S'],
      caller: 0,
      turn: 1,
      next: ['7H', '4D'],
    });
    const r = playAll(s, [
      [1, { kind: 'draw-and-discard' }],
      [0, { kind: 'snap', on: 1, slot: 0 }],
    ]);
    const rec = r.state.history[0]!;
    expect(rec.reason).toBe('bench-emptied');
    expect(rec.callerLowest).toBe(true);
    expect(rec.callerCards).toEqual(['4D']);
    expect(rec.scores).toEqual([-4, 15, 5]);
  });

  it('equal lowest totals at the end share the win', () => {
    // "the player with the lowest total score wins" (no tie-break in this text)
    const s = duel(['9H', '6C'], ['2H', '3C'], ['4C', 'KD'], { totals: [80, 100] });
    expect(s.phase).toBe('over');
    expect(s.totals).toEqual([95, 105]);
    const tie = duel(['AH', '2C'], ['AS', '2D'], ['4C', 'KH'], { totals: [97, 97] });
    expect(tie.totals).toEqual([100, 100]);
    expect(game.result(tie)).toMatchObject({ winners: [0, 1] });
    expect(english(game.result(tie))).toBe('Ann and Bob share the win with 100 points.');
  });
});
