/**
 * Snaps in asynchronous play: races between snaps (the pure-engine half of the concurrency case),
 * snaps racing a covering move, the optional minimum snap window, and powers from snapped cards.
 */
import { describe, expect, it } from 'vitest';
import { toPlain } from '#shared/games/dutch-memory/plain.js';
import { build, cardAt, eventsOf, expectConserved, game, play, refuse, seen, top, viewOf, whereCards, type Scenario } from './helpers.js';

/** Seat 0 to play; the 6♠ open on the pile; seats 1 and 2 each remember a six. */
const table = (extra: Partial<Scenario> = {}) =>
  build({
    benches: [
      [seen('5H', 0), seen('9C', 0), 'KS', '2D'],
      ['7S', seen('QH', 1), '3C', seen('6D', 1)],
      [seen('6C', 2), '4H', seen('8D', 2), 'AC'],
    ],
    pile: ['6S'],
    next: ['10H', '2H', '3H', '4C'],
    at: 0,
    ...extra,
  });

describe('two snaps against the same discard', () => {
  it('the first applied wins; the second, re-applied after it, is late and pays the penalty; no card is lost', () => {
    const s = table();
    const fromSeat1 = { kind: 'snap' as const, on: 0, slot: 3 };
    const fromSeat2 = { kind: 'snap' as const, on: 0, slot: 0 };
    // Both were sent against the same version `s`. Each alone would succeed:
    expect(eventsOf(play(s, 1, fromSeat1).events, 'snapped')).toHaveLength(1);
    expect(eventsOf(play(s, 2, fromSeat2).events, 'snapped')).toHaveLength(1);
    // The server applies seat 1's first; seat 2's is re-applied to the newer state.
    const first = play(s, 1, fromSeat1).state;
    expect(game.rebaseable!(first, 2, fromSeat2)).toBe(true);
    const second = play(first, 2, fromSeat2, 2_000);
    expect(eventsOf(second.events, 'snap-failed')).toEqual([
      { type: 'snap-failed', seat: 2, owner: 2, slot: 0, card: '6C', why: 'late', on: '6S' },
    ]);
    const end = second.state;
    expect(toPlain(end).pile.map((p) => p.card)).toEqual(['6S', '6D']);
    expect(cardAt(end, 1, 3)).toBeNull();
    expect(cardAt(end, 2, 0)).toBe('6C');
    expect(end.benches[2]).toHaveLength(5);
    expect(toPlain(end).benches[2]![4]).toEqual({ card: '10H', seenBy: [] });
    expect(whereCards(end)).toHaveLength(52);
    expectConserved(end);
    // The other order gives the mirror outcome.
    const other = play(play(s, 2, fromSeat2).state, 1, fromSeat1).state;
    expect(cardAt(other, 2, 0)).toBeNull();
    expect(cardAt(other, 1, 3)).toBe('6D');
    expect(other.benches[1]).toHaveLength(5);
    expectConserved(other);
  });

  it('a snap that raced the next player covering the discard is late (no minimum window)', () => {
    const s = table({ options: { snapWindowMs: 0 } });
    const snap = { kind: 'snap' as const, on: 0, slot: 3 };
    const covered = play(s, 0, { kind: 'draw-and-discard' }).state;
    const r = play(covered, 1, snap);
    expect(eventsOf(r.events, 'snap-failed')[0]?.why).toBe('late');
    expect(top(r.state)?.card).toBe('10H');
    expectConserved(r.state);
  });

  it('a late snap with a wrong card is still just late: the card is not shown', () => {
    const covered = play(table({ options: { snapWindowMs: 0 } }), 0, { kind: 'draw-and-discard' }).state;
    const r = play(covered, 1, { kind: 'snap', on: 0, slot: 0 });
    expect(eventsOf(r.events, 'snap-failed')[0]?.why).toBe('late');
    expect(toPlain(r.state).benches[1]![0]).toEqual({ card: '7S', seenBy: [] });
  });
});

describe('how long a snap stays possible', () => {
  it('without a minimum window: until the discard is covered, taken or snapped, whatever the clock says', () => {
    const s = table();
    // A day later, nobody has moved: the 6♠ is still open.
    expect(eventsOf(play(s, 1, { kind: 'snap', on: 0, slot: 3 }, 86_400_000).events, 'snapped')).toHaveLength(1);
  });

  it('off-turn seats are offered snaps only while the window is open', () => {
    const s = table();
    expect(game.legalMoves(s, 2)).toEqual([0, 1, 2, 3].map((slot) => ({ kind: 'snap', on: 0, slot })));
    const snapped = play(s, 1, { kind: 'snap', on: 0, slot: 3 }).state;
    expect(game.legalMoves(snapped, 2)).toEqual([]);
  });

  it('with a minimum window, a snap sent soon enough still counts after the discard was covered', () => {
    const s = table({ options: { snapWindowMs: 60_000 } });
    const covered = play(s, 0, { kind: 'draw-and-discard' }, 10_000).state;
    const v = viewOf(covered, 1);
    expect(v.snap).toMatchObject({ open: true, card: { id: '10H' }, since: 10_000 });
    expect(v.snap.covered).toEqual([{ on: 0, card: { id: '6S', rank: '6', suit: 'S', value: 6 }, until: 60_000 }]);
    const inTime = play(covered, 1, { kind: 'snap', on: 0, slot: 3 }, 30_000);
    expect(eventsOf(inTime.events, 'snapped')).toHaveLength(1);
    // The snapped card goes in beneath the card that covered the six; the 10♥ stays on top and open.
    expect(toPlain(inTime.state).pile.map((p) => p.card)).toEqual(['6S', '6D', '10H']);
    expect(viewOf(inTime.state, 2).snap).toMatchObject({ open: true, card: { id: '10H' }, covered: [] });
    // A second snap at the same six, still inside the window: it was already snapped.
    const again = play(inTime.state, 2, { kind: 'snap', on: 0, slot: 0 }, 40_000);
    expect(eventsOf(again.events, 'snap-failed')[0]?.why).toBe('late');
    expectConserved(again.state);
  });

  it('with a minimum window, a snap after the window is late', () => {
    const s = table({ options: { snapWindowMs: 60_000 } });
    const covered = play(s, 0, { kind: 'draw-and-discard' }, 10_000).state;
    const late = play(covered, 1, { kind: 'snap', on: 0, slot: 3 }, 60_000);
    expect(eventsOf(late.events, 'snap-failed')[0]?.why).toBe('late');
  });

  it('with a minimum window, a discard taken from the pile can no longer be snapped', () => {
    const s = table({ options: { snapWindowMs: 60_000 } });
    const pulled = play(s, 0, { kind: 'take-discard', slot: 2 }, 10_000).state;
    const r = play(pulled, 1, { kind: 'snap', on: 0, slot: 3 }, 20_000);
    expect(eventsOf(r.events, 'snap-failed')[0]?.why).toBe('late');
  });
});

describe('powers of snapped cards', () => {
  it('a snapped special card gives its power to the snapper, who must resolve it before the next player goes on', () => {
    const s = build({
      benches: [
        [seen('5H', 0), '9C'],
        ['7S', 'QH'],
        [seen('QC', 2), '4H'],
      ],
      pile: ['6S'],
      next: ['QD', '2H'],
    });
    const afterTurn = play(play(s, 0, { kind: 'draw-and-discard' }).state, 0, { kind: 'skip' }).state;
    expect(afterTurn.turn).toMatchObject({ seat: 1, step: 'start' });
    const snapped = play(afterTurn, 2, { kind: 'snap', on: 1, slot: 0 }).state;
    expect(toPlain(snapped).pending).toEqual([{ kind: 'peek', seat: 2, card: 'QC' }]);
    expect(game.toAct(snapped)).toEqual([2]);
    expect(viewOf(snapped, 1).pending).toEqual([{ seat: 2, kind: 'peek', card: { id: 'QC', rank: 'Q', suit: 'C', value: 10 }, to: null }]);
    expect(refuse(snapped, 1, { kind: 'draw' })).toBe('power-pending');
    const peeked = play(snapped, 2, { kind: 'peek', at: { seat: 1, slot: 1 } });
    expect(peeked.reveal?.cards[0]?.card.id).toBe('QH');
    expect(game.toAct(peeked.state)).toEqual([1]);
  });
});
