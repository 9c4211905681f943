/**
 * Scenario tests for the "bench" rule set (shared/rules/dutch-memory-bench.md), one rule or power
 * per test. The rule text has no numbered worked examples; each test names the passage it follows.
 */
import { describe, expect, it } from 'vitest';
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import { english } from '../../support/words.js';
import {
  build,
  cardAt,
  eventsOf,
  expectConserved,
  game,
  idsIn,
  play,
  playAll,
  refuse,
  rulesOf,
  seen,
  seenAt,
  top,
  topSerial,
  viewOf,
} from './helpers.js';

/** Three players mid-round, seat 0 to play, the 6♠ face up on the pile. */
const table = (extra: Partial<Parameters<typeof build>[0]> = {}) =>
  build({
    benches: [
      [seen('5H', 0), seen('9C', 0), 'KS', '2D'],
      ['7S', seen('QH', 1), '3C', seen('6D', 1)],
      [seen('JC', 2), '4H', seen('8D', 2), 'AC'],
    ],
    pile: ['6S'],
    next: ['10H', 'QC', 'JD'],
    ...extra,
  });

describe('bench rules: the deal and the starting look', () => {
  it('deals four face-down cards to each player in a 2x2 bench, and nobody has seen any', () => {
    // "Each player is dealt four cards, face down ... arranges their cards in a 2x2 grid"
    const s = game.setup(4, rulesOf(), 'deal');
    expectConserved(s);
    expect(s.phase).toBe('look');
    expect(s.benches.map((b) => b.length)).toEqual([4, 4, 4, 4]);
    expect(
      toPlain(s)
        .benches.flat()
        .every((b) => b !== null && b.seenBy.length === 0),
    ).toBe(true);
    expect(s.deck.length).toBe(36);
    expect(s.pile).toEqual([]);
    expect(game.toAct(s)).toEqual([0, 1, 2, 3]);
    for (const v of [0, 1, 2, 3, null]) {
      const view = viewOf(s, v);
      expect(view.layout).toBe('grid');
      expect(idsIn(view).size).toBe(0);
    }
  });

  it('lets every player look at any two of their own cards, shown to that player alone', () => {
    // "On the dealer's signal, all players look at any two of their cards."
    const s0 = game.setup(3, rulesOf(), 'look');
    const a = play(s0, 1, { kind: 'look', slots: [0, 3] });
    expect(a.reveal?.cards.map((c) => [c.seat, c.slot, c.card.id])).toEqual([
      [1, 0, cardAt(s0, 1, 0)],
      [1, 3, cardAt(s0, 1, 3)],
    ]);
    expect(seenAt(a.state, 1, 0)).toEqual([1]);
    expect(seenAt(a.state, 1, 1)).toEqual([]);
    // Only seat 1 sees the faces; the others see who looked where.
    expect(idsIn(viewOf(a.state, 1))).toEqual(new Set([cardAt(s0, 1, 0), cardAt(s0, 1, 3)]));
    expect(idsIn(viewOf(a.state, 0)).size).toBe(0);
    expect(idsIn(viewOf(a.state, null)).size).toBe(0);
    expect(english(game.viewEvent(a.events[0]!, 0))).toBe('Bob looked at their cards in position 1 and position 4.');
    expect(refuse(a.state, 1, { kind: 'look', slots: [1, 2] })).toBe('already-looked');
    expect(refuse(a.state, 0, { kind: 'look', slots: [2, 2] })).toBe('same-position');
    expect(refuse(a.state, 0, { kind: 'draw' })).toBe('not-started');
    expect(game.toAct(a.state)).toEqual([0, 2]);
  });

  it('turns up the first discard once everyone has looked, and play starts left of the dealer', () => {
    // "The dealer takes the top card from the deck and places it beside the deck (face-up)"
    const s0 = game.setup(3, rulesOf(), 'start');
    const r = playAll(s0, [
      [0, { kind: 'look', slots: [0, 1] }],
      [2, { kind: 'look', slots: [2, 3] }],
      [1, { kind: 'look', slots: [0, 2] }],
    ]);
    expect(r.state.phase).toBe('play');
    expect(r.state.dealer).toBe(2);
    expect(r.state.turn.seat).toBe(0);
    // It came from the deck (shuffled as it is drawn from, so not necessarily its last stored card).
    const firstUp = top(r.state)!.card;
    expect(toPlain(s0).deck).toContain(firstUp);
    expect([...toPlain(r.state).deck, firstUp].sort()).toEqual([...toPlain(s0).deck].sort());
    expect(eventsOf(r.events, 'opening-discard')).toHaveLength(1);
    expect(viewOf(r.state, null).snap.open).toBe(true);
    expectConserved(r.state);
  });
});

describe('bench rules: a turn', () => {
  it('draws a card seen only by the drawer, then exchanges it: the replaced card goes face up on the pile', () => {
    // "Draw one card from the deck and look at it. Then ... Exchange it with one of your own cards"
    const s = table();
    const d = play(s, 0, { kind: 'draw' });
    expect(d.reveal?.drawn?.id).toBe('10H');
    expect(viewOf(d.state, 0).held).toEqual({ seat: 0, card: { id: '10H', rank: '10', suit: 'H', value: 10 } });
    expect(viewOf(d.state, 1).held).toEqual({ seat: 0, card: null });
    expect(idsIn(viewOf(d.state, 1)).has('10H')).toBe(false);
    expect(refuse(d.state, 0, { kind: 'draw' })).toBe('already-drawn');
    expect(refuse(d.state, 0, { kind: 'call-dutch' })).toBe('too-late-to-call');
    const x = play(d.state, 0, { kind: 'exchange', slot: 2 });
    expect(cardAt(x.state, 0, 2)).toBe('10H');
    expect(seenAt(x.state, 0, 2)).toEqual([0]);
    expect(top(x.state)?.card).toBe('KS');
    expect(x.state.turn).toEqual({ seat: 1, step: 'start', held: null, placedQueen: false });
    expectConserved(x.state);
  });

  it('may discard the drawn card instead, leaving the bench as it was', () => {
    // "OR Discard the card (face up) onto the pile."
    const r = playAll(table(), [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
    ]);
    expect(top(r.state)?.card).toBe('10H');
    expect(r.state.benches[0]).toEqual(table().benches[0]);
    expect(r.state.turn.seat).toBe(1);
  });

  it('may take the top discard instead, exchanging it for one of their cards; the whole table saw it', () => {
    // "Draw one card from the pile and exchange it for one of your own cards."
    const r = play(table(), 0, { kind: 'take-discard', slot: 1 });
    expect(cardAt(r.state, 0, 1)).toBe('6S');
    expect(seenAt(r.state, 0, 1)).toEqual([0, 1, 2]);
    expect(top(r.state)?.card).toBe('9C');
    expect(r.state.pile).toHaveLength(1);
    expect(r.state.turn.seat).toBe(1);
    expect(english(game.viewEvent(r.events[0]!, 2))).toBe(
      'Ann took the 6♠ from the pile into position 2 and threw out the 9♣ that was there.',
    );
  });

  it('goes clockwise and refuses moves out of turn', () => {
    // "Play runs clockwise from the left of the dealer."
    const s = table();
    expect(game.toAct(s)).toEqual([0]);
    expect(refuse(s, 1, { kind: 'draw' })).toBe('not-your-turn');
    expect(refuse(s, 0, { kind: 'discard' })).toBe('nothing-drawn');
    const r = playAll(table({ next: ['10H', '2H', '3H'] }), [
      [0, { kind: 'draw-and-discard' }],
      [1, { kind: 'draw-and-discard' }],
      [2, { kind: 'draw-and-discard' }],
    ]);
    expect(r.state.turn.seat).toBe(0);
    expect(toPlain(r.state).pile.map((p) => p.card)).toEqual(['6S', '10H', '2H', '3H']);
  });
});

describe('bench rules: special cards', () => {
  it('Queen: look at any one card on the table, shown to the looker alone', () => {
    // "Queen lets you look at any card in any players bench (including your own)"
    const s = table({ next: ['QC'] });
    const r = playAll(s, [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
    ]);
    expect(toPlain(r.state).pending).toEqual([{ kind: 'peek', seat: 0, card: 'QC' }]);
    expect(game.toAct(r.state)).toEqual([0]);
    expect(refuse(r.state, 1, { kind: 'draw' })).toBe('power-pending');
    expect(refuse(r.state, 1, { kind: 'peek', at: { seat: 0, slot: 2 } })).toBe('not-your-power');
    expect(refuse(r.state, 0, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 0 } })).toBe('wrong-power');
    const p = play(r.state, 0, { kind: 'peek', at: { seat: 1, slot: 0 } });
    expect(p.reveal?.cards).toEqual([{ seat: 1, slot: 0, card: { id: '7S', rank: '7', suit: 'S', value: 7 }, why: 'peek' }]);
    expect(seenAt(p.state, 1, 0)).toEqual([0]);
    expect(viewOf(p.state, 0).benches[1]![0]!.card?.id).toBe('7S');
    expect(viewOf(p.state, 1).benches[1]![0]!.card).toBeNull();
    expect(p.state.turn.seat).toBe(1);
    // Own cards too.
    const own = play(r.state, 0, { kind: 'peek', at: { seat: 0, slot: 3 } });
    expect(own.reveal?.cards[0]?.card.id).toBe('2D');
  });

  it('Jack: swap two cards of two different benches unseen; who had seen a card still knows where it went', () => {
    // "Jack lets you swap any two cards in any two different benches (including your own)"
    const s = table({ next: ['JD'] });
    const r = playAll(s, [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
    ]);
    expect(toPlain(r.state).pending).toEqual([{ kind: 'swap', seat: 0, card: 'JD' }]);
    expect(refuse(r.state, 0, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 0, slot: 1 } })).toBe('same-bench');
    expect(refuse(r.state, 0, { kind: 'swap', a: { seat: 1, slot: 0 }, b: { seat: 1, slot: 0 } })).toBe('same-position');
    const x = play(r.state, 0, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 1 } });
    expect(toPlain(x.state).benches[0]![0]).toEqual(seen('QH', 1));
    expect(toPlain(x.state).benches[1]![1]).toEqual(seen('5H', 0));
    expect(x.events.some((e) => e.type === 'swapped')).toBe(true);
    expect(x.state.turn.seat).toBe(1);
    expectConserved(x.state);
  });

  it('powers are optional: skipping one passes the turn on', () => {
    const r = playAll(table({ next: ['JD'] }), [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
      [0, { kind: 'skip' }],
    ]);
    expect(toPlain(r.state).pending).toEqual([]);
    expect(r.state.turn.seat).toBe(1);
    expect(eventsOf(r.events, 'skipped')).toEqual([{ type: 'skipped', seat: 0, what: 'swap' }]);
  });

  it('a special card put on the pile from the bench by an exchange also triggers', () => {
    // "A special card is triggered only when it is placed onto the discard pile (face-up)"
    const s = table();
    const r = playAll(s, [
      [0, { kind: 'draw-and-discard' }],
      [1, { kind: 'draw' }],
      [1, { kind: 'exchange', slot: 1 }],
    ]);
    expect(top(r.state)?.card).toBe('QH');
    expect(toPlain(r.state).pending).toEqual([{ kind: 'peek', seat: 1, card: 'QH' }]);
    expect(game.toAct(r.state)).toEqual([1]);
  });

  it('the first discard turned up by the dealer triggers nothing', () => {
    const s0 = build({
      phase: 'look',
      benches: [
        ['5H', '9C', 'KS', '2D'],
        ['7S', 'QH', '3C', '6D'],
      ],
      next: ['JH'],
      looked: [true, false],
    });
    const r = play(s0, 1, { kind: 'look', slots: [0, 1] });
    expect(top(r.state)?.card).toBe('JH');
    expect(toPlain(r.state).pending).toEqual([]);
    expect(game.toAct(r.state)).toEqual([0]);
  });

  it('several special cards are resolved in the order they were discarded', () => {
    // Bench: "Each card on the discard pile may be snapped only once"; powers go in discard order.
    const s = table({ next: ['JD'] });
    const r = playAll(s, [
      [0, { kind: 'draw' }],
      [0, { kind: 'discard' }],
      [2, { kind: 'snap', on: 1, slot: 0 }], // seat 2 snaps its Jack of clubs on the Jack of diamonds
    ]);
    expect(toPlain(r.state).pending.map((p) => [p.seat, 'card' in p ? p.card : null])).toEqual([
      [0, 'JD'],
      [2, 'JC'],
    ]);
    expect(game.toAct(r.state)).toEqual([0]);
    expect(refuse(r.state, 2, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 0 } })).toBe('not-your-power');
    const first = play(r.state, 0, { kind: 'swap', a: { seat: 0, slot: 3 }, b: { seat: 2, slot: 1 } });
    expect(game.toAct(first.state)).toEqual([2]);
    const second = play(first.state, 2, { kind: 'swap', a: { seat: 0, slot: 0 }, b: { seat: 1, slot: 0 } });
    expect(toPlain(second.state).pending).toEqual([]);
    expect(second.state.turn.seat).toBe(1);
    expectConserved(second.state);
  });
});

describe('bench rules: snapping', () => {
  it('any player may snap a matching card of their own onto the discard, even out of turn', () => {
    // "Any player may 'snap' one of their own cards onto the discard pile if it matches"
    const s = table();
    expect(game.legalMoves(s, 1)).toContainEqual({ kind: 'snap', on: 0, slot: 3 });
    expect(viewOf(s, 0).snap).toMatchObject({ open: true, on: 0, card: { id: '6S' } });
    const r = play(s, 1, { kind: 'snap', on: 0, slot: 3 });
    expect(cardAt(r.state, 1, 3)).toBeNull();
    expect(r.state.benches[1]).toHaveLength(4);
    expect(top(r.state)).toMatchObject({ card: '6D', closed: true });
    expect(r.state.turn.seat).toBe(0);
    expect(english(game.viewEvent(r.events[0]!, 0))).toBe('Snap! Bob laid their own 6♦ from position 4 on the 6♠.');
    // "a snapped card cannot be snapped again"
    expect(viewOf(r.state, 0).snap.open).toBe(false);
    expect(game.legalMoves(r.state, 2).some((m) => m.kind === 'snap')).toBe(false);
    expectConserved(r.state);
  });

  it('a wrong snap is shown to everyone, taken back, and costs a face-down penalty card nobody has seen', () => {
    // "If a player snaps incorrectly (wrong card) ... take the wrong card back and take a penalty card from the deck (without looking at it)."
    const s = table();
    const r = play(s, 1, { kind: 'snap', on: 0, slot: 0 });
    expect(cardAt(r.state, 1, 0)).toBe('7S');
    expect(seenAt(r.state, 1, 0)).toEqual([0, 1, 2]);
    expect(r.state.benches[1]).toHaveLength(5);
    expect(toPlain(r.state).benches[1]![4]).toEqual({ card: '10H', seenBy: [] });
    expect(r.reveal).toBeUndefined();
    expect(top(r.state)?.card).toBe('6S');
    expect(viewOf(r.state, 0).snap.open).toBe(true);
    expect(eventsOf(r.events, 'snap-failed')[0]).toMatchObject({ why: 'wrong', card: '7S' });
    expect(eventsOf(r.events, 'penalty')).toEqual([{ type: 'penalty', seat: 1, slot: 4 }]);
    expectConserved(r.state);
  });

  it('Kings: a King matches only a King of the same colour', () => {
    // "Suits don't matter, except for Kings" (red Kings 0, black Kings 13).
    const s = build({
      benches: [
        [seen('KD', 0), seen('KS', 0), '2C'],
        ['3D', '4D'],
      ],
      pile: ['KC'],
    });
    const wrong = play(s, 0, { kind: 'snap', on: 0, slot: 0 });
    expect(eventsOf(wrong.events, 'snap-failed')[0]).toMatchObject({ why: 'wrong', card: 'KD', on: 'KC' });
    expect(eventsOf(wrong.events, 'penalty')).toHaveLength(1);
    expect(eventsOf(play(s, 0, { kind: 'snap', on: 0, slot: 1 }).events, 'snapped')[0]).toMatchObject({ card: 'KS', on: 'KC' });
  });

  it('a snap at a discard already covered is late and costs a penalty; the card stays hidden', () => {
    // "or if the card they were snapping has already been covered or pulled, they must take the wrong card back and take a penalty card"
    // (the table's words, without the site's minimum snap window).
    const s = table({ options: { snapWindowMs: 0 } });
    const covered = play(s, 0, { kind: 'draw-and-discard' }).state;
    const r = play(covered, 1, { kind: 'snap', on: 0, slot: 3 });
    expect(cardAt(r.state, 1, 3)).toBe('6D');
    expect(seenAt(r.state, 1, 3)).toEqual([1]);
    expect(r.state.benches[1]).toHaveLength(5);
    expect(eventsOf(r.events, 'snap-failed')[0]).toMatchObject({ why: 'late', on: '6S' });
  });

  it('a snap at a discard pulled from the pile is late too', () => {
    const pulled = play(table(), 0, { kind: 'take-discard', slot: 0 }).state;
    const r = play(pulled, 1, { kind: 'snap', on: 0, slot: 3 });
    expect(eventsOf(r.events, 'snap-failed')[0]).toMatchObject({ why: 'late', on: null });
    expect(r.state.benches[1]).toHaveLength(5);
  });

  it('the snap window stays open while the next player holds a drawn card, and the page is told so', () => {
    const s = play(table(), 0, { kind: 'draw-and-discard' }).state; // 10H on top, seat 1 to play
    const v = viewOf(s, 1);
    expect(v.turn).toBe(1);
    expect(v.snap).toMatchObject({ open: true, on: 1, card: { id: '10H' } });
    const holding = play(s, 1, { kind: 'draw' }).state;
    expect(viewOf(holding, 1).snap.open).toBe(true);
    expect(game.legalMoves(holding, 2).filter((m) => m.kind === 'snap')).toHaveLength(4);
    const covered = play(holding, 1, { kind: 'discard' }).state;
    expect(viewOf(covered, 2).snap.on).toBe(2);
  });

  it('refuses snaps that make no sense, without penalty', () => {
    const s = table();
    expect(refuse(s, 1, { kind: 'snap', on: 0, slot: 0, owner: 2 })).toBe('not-your-card');
    expect(refuse(s, 1, { kind: 'snap', on: 5, slot: 0 })).toBe('unknown-discard');
    const emptied = play(s, 1, { kind: 'snap', on: 0, slot: 3 }).state;
    expect(refuse(emptied, 1, { kind: 'snap', on: 0, slot: 3 })).toBe('empty-position');
  });

  it('a snap aimed at a discard of an earlier round is refused, not punished', () => {
    const s = build({
      benches: [
        [seen('AH', 0), seen('2C', 0)],
        [seen('KS', 1), seen('QH', 1)],
      ],
      pile: ['6S'],
      caller: 0,
      turn: 1,
      next: ['3D', '2D'],
    });
    const over = play(s, 1, { kind: 'draw-and-discard' }).state;
    expect(over.round).toBe(2);
    expect(over.phase).toBe('look');
    expect(refuse(over, 1, { kind: 'snap', on: 1, slot: 0 })).toBe('not-started');
    const next = playAll(over, [
      [0, { kind: 'look', slots: [0, 1] }],
      [1, { kind: 'look', slots: [0, 1] }],
    ]).state;
    expect(next.phase).toBe('play');
    expect(refuse(next, 1, { kind: 'snap', on: 1, slot: 0 })).toBe('round-over');
  });
});

describe('bench rules: Dutch and the end of a round', () => {
  it('Dutch is called at the start of a turn, ends that turn, and every other player has one last turn', () => {
    // "Dutch may only be called on your turn, at the start of your turn, and your turn immediately ends."
    const s = table({ next: ['10H', '9H'] });
    const c = play(s, 0, { kind: 'call-dutch' });
    expect(c.state.caller).toBe(0);
    expect(c.state.turn.seat).toBe(1);
    expect(viewOf(c.state, 2).finalTurns).toEqual([1, 2]);
    expect(refuse(c.state, 1, { kind: 'call-dutch' })).toBe('dutch-already-called');
    const one = play(c.state, 1, { kind: 'draw-and-discard' });
    expect(one.state.round).toBe(1);
    expect(viewOf(one.state, 2).finalTurns).toEqual([2]);
    const two = play(one.state, 2, { kind: 'draw-and-discard' });
    expect(two.state.round).toBe(2);
    expect(two.state.history).toHaveLength(1);
    expect(eventsOf(two.events, 'round-ended')[0]?.reason).toBe('dutch');
  });

  it('scores the bench values: red kings 0, aces 1, numbers face value, jacks and queens 10, black kings 13', () => {
    // "Card Scores"
    const s = build({
      benches: [
        ['KH', 'KD', 'AS', '2C'],
        ['KS', 'KC', 'JH', 'QD'],
        ['10S', '9H', null, null],
      ],
      pile: ['3S'],
      caller: 0,
      turn: 2,
      next: ['2H'],
    });
    const r = play(s, 2, { kind: 'draw-and-discard' });
    const rec = r.state.history[0]!;
    expect(rec.sums).toEqual([3, 46, 19]);
    expect(rec.callerLowest).toBe(true);
    expect(rec.scores).toEqual([3, 46, 19]);
    expect(r.state.totals).toEqual([3, 46, 19]);
  });

  it('a caller who is not strictly lowest takes a penalty card for each player at or below them', () => {
    // "must have the lowest score or they take a penalty from the deck for each player who scored equal or lower"
    const s = build({
      benches: [
        ['5H', '5C'],
        ['4H', '6C'],
        ['9H', '9C'],
        ['2S', '3S'],
      ],
      pile: ['3D'],
      caller: 0,
      turn: 1,
      next: ['AC', 'AD', 'AH', '8S', '7D'],
    });
    const r = playAll(s, [
      [1, { kind: 'draw-and-discard' }],
      [2, { kind: 'draw-and-discard' }],
      [3, { kind: 'draw-and-discard' }],
    ]);
    const rec = r.state.history[0]!;
    expect(rec.sums).toEqual([10, 10, 18, 5]);
    expect(rec.callerLowest).toBe(false);
    // Seat 1 ties and seat 3 is lower: two penalty cards, the 8♠ and the 7♦.
    expect(rec.callerCards).toEqual(['8S', '7D']);
    expect(rec.callerDelta).toBe(15);
    expect(rec.scores).toEqual([25, 10, 18, 5]);
  });

  it('a player with no cards at the start of their turn has Dutch called for them', () => {
    // "If at the beginning of your turn you have zero cards, then Dutch is automatically called for you"
    const s = build({
      benches: [
        ['5H', '9C'],
        [null, null, null, null],
        ['4H', '8D'],
      ],
      pile: ['6S'],
      next: ['2H', '3H', '4C'],
    });
    const r = play(s, 0, { kind: 'draw-and-discard' });
    expect(r.state.caller).toBe(1);
    expect(eventsOf(r.events, 'called-dutch')).toEqual([{ type: 'called-dutch', seat: 1, automatic: true }]);
    expect(r.state.turn.seat).toBe(2);
    const end = playAll(r.state, [
      [2, { kind: 'draw-and-discard' }],
      [0, { kind: 'draw-and-discard' }],
    ]);
    const rec = end.state.history[0]!;
    expect(rec.caller).toBe(1);
    expect(rec.sums[1]).toBe(0);
    expect(rec.callerLowest).toBe(true);
  });

  it('a new round is dealt by the next dealer and the totals carry over', () => {
    // "A game is made up of multiple rounds."
    const s = build({
      benches: [
        ['AH', '2C'],
        ['KS', 'QH'],
      ],
      pile: ['6S'],
      caller: 0,
      turn: 1,
      dealer: 1,
      totals: [10, 20],
      next: ['2H'],
    });
    const r = play(s, 1, { kind: 'draw-and-discard' }).state;
    expect(r.round).toBe(2);
    expect(r.dealer).toBe(0);
    expect(r.phase).toBe('look');
    expect(r.totals).toEqual([13, 43]);
    expect(r.turn.seat).toBe(1);
    expect(r.benches.map((b) => b.length)).toEqual([4, 4]);
    expect(r.pile).toEqual([]);
    expectConserved(r);
  });

  it('the game ends when a total reaches 100; equal totals go to the lower final-round score', () => {
    // "The game ends when any player's score reaches 100 or more" and "Tie Breaking"
    const s = build({
      benches: [
        ['5H', '5C'],
        ['7H', '8C'],
      ],
      pile: ['6S'],
      caller: 0,
      turn: 1,
      totals: [90, 85],
      next: ['2H'],
    });
    const r = play(s, 1, { kind: 'draw-and-discard' });
    expect(r.state.phase).toBe('over');
    expect(r.state.totals).toEqual([100, 100]);
    const res = game.result(r.state)!;
    expect(res.winners).toEqual([0]);
    expect(res.scores).toEqual([100, 100]);
    expect(english(res)).toBe('Ann wins with 100 points, having scored less in the final round.');
    expect(res.details).toMatchObject({ tieBrokenByLastRound: true, rounds: [{ scores: [10, 15] }] });
    expect(game.toAct(r.state)).toEqual([]);
    expect(refuse(r.state, 0, { kind: 'draw' })).toBe('game-over');
    expect(eventsOf(r.events, 'game-ended')[0]?.winners).toEqual([0]);
    expect(viewOf(r.state, 1).benches[0]![0]!.card?.id).toBe('5H');
  });

  it('the round ends if no card is left to draw at the start of a turn', () => {
    const fill = (from: number, n: number) =>
      ['C', 'D', 'H', 'S']
        .flatMap((s) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((r) => `${r}${s}`))
        .slice(from, from + n) as never[];
    const s = build({ benches: [fill(0, 25), fill(25, 26)], held: 'KS', step: 'drawn', pile: [] });
    expect(s.deck).toEqual([]);
    const r = play(s, 0, { kind: 'discard' });
    expect(eventsOf(r.events, 'round-ended')[0]?.reason).toBe('deck-empty');
  });

  it('an empty deck is refilled from the pile below its top card', () => {
    const s = build({
      benches: [
        ['5H', '9C'],
        ['4H', '8D'],
      ],
      pile: ['6S'],
      emptyDeck: true,
    });
    expect(s.deck).toEqual([]);
    const r = play(s, 0, { kind: 'draw' });
    expect(eventsOf(r.events, 'reshuffled')[0]?.cards).toBe(47);
    expect(r.state.deck).toHaveLength(46);
    expect(toPlain(r.state).pile.map((p) => p.card)).toEqual(['6S']);
    expectConserved(r.state);
  });
});

describe('bench optional rules', () => {
  it('snapping from another bench: the snapper may hand over one of their own cards', () => {
    // Optional rule: "The Snap can be expanded to include snapping cards from other players cards."
    const s = table({ options: { snapOthers: true } });
    expect(game.legalMoves(s, 0)).toContainEqual({ kind: 'snap', on: 0, slot: 3, owner: 1 });
    const r = play(s, 0, { kind: 'snap', on: 0, slot: 3, owner: 1 });
    expect(cardAt(r.state, 1, 3)).toBeNull();
    expect(toPlain(r.state).pending).toEqual([{ kind: 'give-back', seat: 0, to: 1 }]);
    expect(game.legalMoves(r.state, 0)).toContainEqual({ kind: 'give-back', slot: 2 });
    const g = play(r.state, 0, { kind: 'give-back', slot: 0 });
    expect(cardAt(g.state, 0, 0)).toBeNull();
    expect(toPlain(g.state).benches[1]![3]).toEqual(seen('5H', 0));
    expect(g.state.turn).toMatchObject({ seat: 0, step: 'start' });
    expectConserved(g.state);
  });

  it('snapping from another bench wrongly costs a double penalty', () => {
    // "An incorrect snap from another player's cards results in a double penalty for the player."
    const s = table({ options: { snapOthers: true } });
    const r = play(s, 0, { kind: 'snap', on: 0, slot: 0, owner: 1 });
    expect(r.state.benches[0]).toHaveLength(6);
    expect(eventsOf(r.events, 'penalty')).toHaveLength(2);
    expect(seenAt(r.state, 1, 0)).toEqual([0, 1, 2]);
  });

  it('a Queen played in the last final turn sends the final turns round once more', () => {
    // Optional rule: "A Queen played by the last player before a round ends following a Dutch call allows play to continue"
    const base = { caller: 0, turn: 2, pile: ['6S'] as never[], next: ['QC', '2H', '3H'] as never[] };
    const benches = [
      ['5H', '9C'],
      ['4H', '8D'],
      ['7C', 'AD'],
    ] as never[][];
    const without = playAll(build({ ...base, benches }), [
      [2, { kind: 'draw-and-discard' }],
      [2, { kind: 'skip' }],
    ]);
    expect(without.state.round).toBe(2);
    const withRule = playAll(build({ ...base, benches, options: { lastQueenExtends: true } }), [
      [2, { kind: 'draw-and-discard' }],
      [2, { kind: 'skip' }],
    ]);
    expect(withRule.state.round).toBe(1);
    expect(withRule.state.turn.seat).toBe(1);
    const end = playAll(withRule.state, [
      [1, { kind: 'draw-and-discard' }],
      [2, { kind: 'draw-and-discard' }],
    ]);
    expect(end.state.round).toBe(2);
  });
});

describe('bench rules: deadlines and rebasing', () => {
  it('the default move looks at the first two cards, skips a power, and otherwise draws and discards', () => {
    const look = game.setup(2, rulesOf(), 'd');
    expect(game.defaultMove!(look, 1)).toEqual({ kind: 'look', slots: [0, 1] });
    const s = table({ next: ['QC'] });
    expect(game.defaultMove!(s, 0)).toEqual({ kind: 'draw-and-discard' });
    expect(game.defaultMove!(s, 1)).toBeNull();
    const held = play(s, 0, { kind: 'draw' }).state;
    expect(game.defaultMove!(held, 0)).toEqual({ kind: 'discard' });
    const power = play(held, 0, { kind: 'discard' }).state;
    expect(game.defaultMove!(power, 0)).toEqual({ kind: 'skip' });
    const after = play(power, 0, game.defaultMove!(power, 0)!).state;
    expect(after.turn.seat).toBe(1);
  });

  it('snaps and starting looks are rebaseable, turn moves are not', () => {
    const s = table();
    expect(game.rebaseable!(s, 1, { kind: 'snap', on: 0, slot: 0 })).toBe(true);
    expect(game.rebaseable!(s, 0, { kind: 'draw' })).toBe(false);
    expect(game.rebaseable!(s, 0, { kind: 'peek', at: { seat: 0, slot: 0 } })).toBe(false);
    expect(game.rebaseable!(game.setup(2, rulesOf(), 'x'), 0, { kind: 'look', slots: [0, 1] })).toBe(true);
  });

  it('the top discard and its serial are public, for everyone including spectators', () => {
    const r = play(table({ next: ['QC'] }), 0, { kind: 'draw-and-discard' }).state;
    expect(topSerial(r)).toBe(1);
    expect(viewOf(r, null).discard.top?.id).toBe('QC');
  });
});
