/**
 * One scenario per rule, power and option of issue 3, both editions, plus the choices this
 * implementation made where the rule texts are silent (tie exhaustion, empty hands, 2018 details).
 */
import { describe, expect, it } from 'vitest';
import { dutchAuctionMove, dutchAuctionOptions } from '#shared/games/dutch-auction/moves.js';
import { scoreCards } from '#shared/games/dutch-auction/rules.js';
import type { DutchAuctionView } from '#shared/games/dutch-auction/view.js';
import { english, NAMES } from '../../support/words.js';
import { build, game, ids, play, playAll, refused, zones } from './helpers.js';

describe('options and set-up', () => {
  it('defaults to the current edition and rejects unknown options', () => {
    expect(dutchAuctionOptions().parse({})).toEqual({ edition: 'current' });
    expect(dutchAuctionOptions().parse({ edition: '2018' })).toEqual({ edition: '2018' });
    expect(dutchAuctionOptions().safeParse({ edition: '2020' }).success).toBe(false);
    expect(dutchAuctionOptions().safeParse({ edition: 'current', extra: 1 }).success).toBe(false);
  });

  it('current: personal decks of 9 (hand 5 + 4), auction deck of 22 of which 6 are displayed', () => {
    const s = game.setup(2, { edition: 'current' }, 'abc');
    for (const p of s.seats) {
      expect(p.hand).toHaveLength(5);
      expect(p.deck).toHaveLength(4);
    }
    expect(s.display).toHaveLength(6);
    expect(s.display.every((c) => c !== null)).toBe(true);
    expect(s.auctionDeck).toHaveLength(16);
    expect(new Set(zones(s).flatMap(([, z]) => z)).size).toBe(40);
    expect(s.round).toBe(1);
    expect(game.toAct(s)).toEqual([0, 1]);
  });

  it('2018: personal decks of 8 (hand 5 + 3), auction deck of 24 of which 6 are displayed', () => {
    const s = game.setup(2, { edition: '2018' }, 'abc');
    for (const p of s.seats) {
      expect(p.hand).toHaveLength(5);
      expect(p.deck).toHaveLength(3);
    }
    expect(s.auctionDeck).toHaveLength(18);
    expect(
      zones(s)
        .flatMap(([, z]) => z)
        .sort(),
    ).toEqual(['green', 'red', 'pink', 'blue'].flatMap((suit) => Array.from({ length: 10 }, (_, i) => `${suit}-${i + 1}`)).sort());
  });

  it('only two seats', () => {
    expect(() => game.setup(3, { edition: 'current' }, 'x')).toThrow();
  });

  it('the same seed deals the same game; another seed another', () => {
    expect(game.setup(2, { edition: 'current' }, 's1')).toEqual(game.setup(2, { edition: 'current' }, 's1'));
    expect(game.setup(2, { edition: 'current' }, 's1')).not.toEqual(game.setup(2, { edition: 'current' }, 's2'));
  });

  it('the move schema accepts the documented shapes and refuses junk', () => {
    expect(dutchAuctionMove().safeParse({ kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'blue-2' }).success).toBe(true);
    expect(dutchAuctionMove().safeParse({ kind: 'purchase', slot: 1, pay: ['blue-2'] }).success).toBe(true);
    expect(dutchAuctionMove().safeParse({ kind: 'purchase', slot: 7, pay: [] }).success).toBe(false);
    expect(dutchAuctionMove().safeParse({ kind: 'done', extra: true }).success).toBe(false);
    expect(dutchAuctionMove().safeParse({ kind: 'commit', setAside: 'blue-11', bid: [] }).success).toBe(false);
  });
});

describe('phases 1 and 2: sealed set-aside and bid', () => {
  const fresh = (edition: 'current' | '2018' = 'current') =>
    build({
      edition,
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', edition === 'current' ? 'green-P1' : 'green-9'], deck: ['red-1'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'], deck: ['red-2'] },
      ],
    });

  it('current: the bid must be all four other cards', () => {
    const s = fresh();
    expect(refused(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-2', 'green-3'] })).toBe('bid-whole-hand');
    expect(refused(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-1', 'green-2', 'green-3', 'green-4'] })).toBe(
      'set-aside-in-bid',
    );
    expect(refused(s, 0, { kind: 'commit', setAside: 'red-1', bid: [] })).toBe('not-in-hand');
    expect(refused(s, 0, { kind: 'commit', setAside: null, bid: [] })).toBe('set-aside-required');
    expect(refused(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-2', 'green-2', 'green-3', 'green-4'] })).toBe(
      'duplicate-card',
    );
    expect(game.legalMoves(s, 0)).toHaveLength(5);
  });

  it('current: power cards bid 0', () => {
    let s = fresh();
    s = play(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-2', 'green-3', 'green-4', 'green-P1'] }).state;
    s = play(s, 1, { kind: 'commit', setAside: 'blue-5', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] }).state;
    expect(s.bidTotals).toEqual([9, 10]);
    expect(s.bidWinner).toBe(1);
  });

  it('2018: any 0 to 4 of the other cards may be bid; the rest stay in hand', () => {
    const s = fresh('2018');
    expect(game.legalMoves(s, 0)).toHaveLength(5 * 16);
    let t = play(s, 0, { kind: 'commit', setAside: 'green-1', bid: [] }).state;
    t = play(t, 1, { kind: 'commit', setAside: 'blue-1', bid: ['blue-2'] }).state;
    expect(t.bidTotals).toEqual([0, 2]);
    expect(t.seats[0].hand).toEqual(['green-2', 'green-3', 'green-4', 'green-9']);
    expect(t.seats[1].hand).toEqual(['blue-3', 'blue-4', 'blue-5']);
  });

  it('a seat commits once; the other seat sees only that it has committed', () => {
    const s = fresh();
    const before1 = game.view(s, 1) as DutchAuctionView;
    const r = play(s, 0, { kind: 'commit', setAside: 'green-3', bid: ['green-1', 'green-2', 'green-4', 'green-P1'] });
    const after1 = game.view(r.state, 1) as DutchAuctionView;
    expect(after1.seats[0]?.committed).toBe(true);
    expect({ ...after1, seats: before1.seats, toAct: before1.toAct }).toEqual(before1);
    expect(JSON.stringify(after1)).not.toContain('green');
    expect(JSON.stringify(game.viewEvent(r.events[0]!, 1))).not.toContain('green');
    expect(JSON.stringify(game.viewEvent(r.events[0]!, null))).not.toContain('green');
    expect(english(game.viewEvent(r.events[0]!, 0))).toContain('set aside the green 3-bid');
    expect((game.view(r.state, 0) as DutchAuctionView).you?.sealed).toEqual({
      setAside: 'green-3',
      bid: ['green-1', 'green-2', 'green-4', 'green-P1'],
    });
    expect(game.toAct(r.state)).toEqual([1]);
    expect(refused(r.state, 0, { kind: 'commit', setAside: 'green-3', bid: ['green-1', 'green-2', 'green-4', 'green-P1'] })).toBe(
      'already-committed',
    );
  });

  it('either seat may commit first; both orders give the same state', () => {
    const s = fresh();
    const a = { kind: 'commit', setAside: 'green-3', bid: ['green-1', 'green-2', 'green-4', 'green-P1'] } as const;
    const b = { kind: 'commit', setAside: 'blue-1', bid: ['blue-2', 'blue-3', 'blue-4', 'blue-5'] } as const;
    const x = play(play(s, 0, { ...a, bid: [...a.bid] }).state, 1, { ...b, bid: [...b.bid] }).state;
    const y = play(play(s, 1, { ...b, bid: [...b.bid] }).state, 0, { ...a, bid: [...a.bid] }).state;
    expect(x).toEqual(y);
  });

  it('sealed commits are rebaseable until that seat has committed; other moves never', () => {
    const s = fresh();
    const m = { kind: 'commit', setAside: 'green-3', bid: ['green-1', 'green-2', 'green-4', 'green-P1'] } as const;
    const move = { ...m, bid: [...m.bid] };
    expect(game.rebaseable?.(s, 0, move)).toBe(true);
    // The opponent committing in between does not stop it…
    const other = play(s, 1, { kind: 'commit', setAside: 'blue-1', bid: ['blue-2', 'blue-3', 'blue-4', 'blue-5'] }).state;
    expect(game.rebaseable?.(other, 0, move)).toBe(true);
    expect(game.apply(other, 0, move, { now: 0 }).ok).toBe(true);
    // …but a second commit by the same seat, a stale round, or a phase-3 move is not rebaseable.
    expect(game.rebaseable?.(play(s, 0, move).state, 0, move)).toBe(false);
    expect(game.rebaseable?.(s, 0, { ...move, round: 2 })).toBe(false);
    expect(refused(s, 0, { ...move, round: 2 })).toBe('stale-round');
    const actions = build({ seats: [{ bid: ['red-1'] }, { bid: ['red-2'] }] });
    expect(game.rebaseable?.(actions, 0, { kind: 'done' })).toBe(false);
  });

  it('phase-3 moves are refused during the commit phase and commits during phase 3', () => {
    const s = fresh();
    expect(refused(s, 0, { kind: 'done' })).toBe('wrong-phase');
    const t = build({ seats: [{ bid: ['red-1'], hand: [] }, { bid: ['red-2'] }] });
    expect(refused(t, 0, { kind: 'commit', setAside: null, bid: [] })).toBe('wrong-phase');
    expect(refused(t, 2, { kind: 'done' })).toBe('no-such-seat');
  });
});

describe('ties', () => {
  it('both add the top card of their personal deck (the set-aside card first) until the bids differ', () => {
    let s = build({
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-5'], deck: ['red-2', 'red-5'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'], deck: ['pink-1', 'pink-7'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-5', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'blue-5', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] });
    // 10 v 10 → +5 +5 → 15 v 15 → +2 +1 → 17 v 16.
    const ties = r.events.filter((e) => e.type === 'tie-cards');
    expect(ties).toEqual([
      { type: 'tie-cards', added: ['green-5', 'blue-5'], totals: [15, 15] },
      { type: 'tie-cards', added: ['red-2', 'pink-1'], totals: [17, 16] },
    ]);
    expect(r.state.bidWinner).toBe(0);
    expect(ids(r.state.seats[0].bid)).toEqual(['green-1', 'green-2', 'green-3', 'green-4', 'green-5', 'red-2']);
    expect(r.state.seats[0].deck).toEqual(['red-5']);
    expect(r.state.seats[0].setAside).toBeNull();
  });

  it('current: a power card added by a tie can be activated', () => {
    let s = build({
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-P1'], deck: ['red-2'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-8'], deck: ['pink-1'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-P1', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    s = play(s, 1, { kind: 'commit', setAside: 'blue-8', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] }).state;
    expect(s.bidWinner).toBe(1);
    expect(s.seats[0].bid.find((c) => c.id === 'green-P1')).toMatchObject({ charges: 1, powered: true });
  });

  it('2018: cards added by a tie count only for their value', () => {
    let s = build({
      edition: '2018',
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-6'], deck: ['red-2'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-7'], deck: ['pink-1'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-6', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    s = play(s, 1, { kind: 'commit', setAside: 'blue-7', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] }).state;
    expect(s.bidWinner).toBe(1);
    expect(s.seats[0].bid.find((c) => c.id === 'green-6')).toMatchObject({ charges: 0, powered: false });
    expect(refused(play(s, 1, { kind: 'done' }).state, 0, { kind: 'power', card: 'green-6', power: 'cash-in', target: 'green-1' })).toBe(
      'bid-for-value',
    );
  });

  it('an empty personal deck is refilled from the personal discards during a tie', () => {
    let s = build({
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-5'], deck: [], discards: ['red-8'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'], deck: ['pink-1'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-5', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'blue-5', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] });
    // 10 v 10 → green-5 / blue-5 → 15 v 15 → seat 0's deck is empty: red-8 comes from its discards.
    expect(r.events.filter((e) => e.type === 'reshuffled')).toEqual([{ type: 'reshuffled', seat: 0, count: 1, when: 'tie' }]);
    expect(r.state.bidTotals).toEqual([23, 16]);
    expect(r.state.seats[0].discards).toEqual([]);
  });

  it('a player with no cards left adds nothing while the other still adds', () => {
    let s = build({
      seats: [
        { hand: ['green-P1', 'green-P2', 'green-1', 'green-2', 'green-3'], deck: [] },
        { hand: ['blue-P1', 'blue-P2', 'blue-1', 'blue-2', 'blue-3'], deck: ['red-P1', 'pink-4'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-3', bid: ['green-P1', 'green-P2', 'green-1', 'green-2'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'blue-3', bid: ['blue-P1', 'blue-P2', 'blue-1', 'blue-2'] });
    // 3 v 3 → +3 +3 → 6 v 6 → seat 0 has nothing; seat 1 adds red-P1 (0) → still 6 v 6 → +4 → 6 v 10.
    expect(r.events.filter((e) => e.type === 'tie-cards').map((e) => (e as { added: unknown }).added)).toEqual([
      ['green-3', 'blue-3'],
      [null, 'red-P1'],
      [null, 'pink-4'],
    ]);
    expect(r.state.bidWinner).toBe(1);
  });

  it('when neither player can add a card, a seeded coin toss decides', () => {
    let s = build({
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-P1'], deck: [] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-P1'], deck: [] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-P1', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'blue-P1', bid: ['blue-1', 'blue-2', 'blue-3', 'blue-4'] });
    const toss = r.events.find((e) => e.type === 'tie-toss');
    expect(toss).toBeDefined();
    expect(r.state.tieTossed).toBe(true);
    expect(r.state.bidWinner).toBe((toss as { winner: number }).winner);
    expect(r.state.bidTotals).toEqual([10, 10]);
    expect(r.state.rng).not.toEqual(s.rng);
    expect(english(game.viewEvent(toss!, 0))).toBe(
      `Neither player had a card left to add to the tied bids; a coin toss gives the bid to ${NAMES[r.state.bidWinner!]}.`,
    );
  });
});

describe('phase 3 powers, current edition', () => {
  const base = () =>
    build({
      seats: [
        { bid: ['blue-P1', 'blue-2', 'red-P1', 'red-4'], discards: ['red-6'] },
        { bid: ['blue-5', 'red-7', 'blue-P2', 'green-1'], discards: ['red-3'] },
      ],
      auctionDiscards: ['blue-8', 'red-P2'],
      display: ['pink-6', 'red-1', 'blue-1', 'green-5', 'red-5', 'green-6'],
    });

  it('a power card acts once, on another card of its own suit', () => {
    let s = base();
    s = play(s, 0, { kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'blue-2' }).state;
    expect(refused(s, 0, { kind: 'power', card: 'blue-P1', power: 'take', target: 'blue-8', from: 'auction-discards' })).toBe('power-used');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'cash-in', target: 'red-P1' })).toBe('bad-target');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'take', target: 'blue-1', from: 'display' })).toBe('suit-mismatch');
    expect(refused(s, 0, { kind: 'power', card: 'red-4', power: 'cash-in', target: 'red-P1' })).toBe('not-a-power-card');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'duplicate', target: 'red-4' })).toBe('wrong-power');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'take', target: 'red-3', from: 'personal-discards' })).toBe('not-in-pile');
  });

  it('take from the display leaves a gap; from personal or auction discards; a taken power card can act', () => {
    let s = base();
    s = play(s, 0, { kind: 'power', card: 'red-P1', power: 'take', target: 'red-P2', from: 'auction-discards' }).state;
    s = play(s, 0, { kind: 'power', card: 'red-P2', power: 'take', target: 'red-1', from: 'display' }).state;
    expect(s.display).toEqual(['pink-6', null, 'blue-1', 'green-5', 'red-5', 'green-6']);
    s = play(s, 0, { kind: 'power', card: 'blue-P1', power: 'take', target: 'blue-1', from: 'display' }).state;
    expect(ids(s.seats[0].bid)).toEqual(['blue-P1', 'blue-2', 'red-P1', 'red-4', 'red-P2', 'red-1', 'blue-1']);
    expect(s.auctionDiscards).toEqual(['blue-8']);
    // Purchases at the gap are refused.
    expect(refused(s, 0, { kind: 'purchase', slot: 2, pay: ['red-1', 'red-4'] })).toBe('empty-slot');
  });

  it('change suit: the card counts as the new suit for powers and payments, then reverts', () => {
    let s = base();
    s = play(s, 0, { kind: 'power', card: 'red-P1', power: 'change-suit', target: 'red-4', suit: 'blue' }).state;
    expect(s.seats[0].bid.find((c) => c.id === 'red-4')?.suit).toBe('blue');
    expect(refused(s, 0, { kind: 'power', card: 'blue-P1', power: 'change-suit', target: 'red-4', suit: 'blue' })).toBe('same-suit');
    // The blue power card may now cash in the (blue) red 4-bid.
    const legal = game.legalMoves(s, 0);
    expect(legal).toContainEqual({ kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'red-4' });
    expect((game.view(s, 1) as DutchAuctionView).seats[0]?.bid.find((c) => c.id === 'red-4')).toMatchObject({
      suit: 'blue',
      changed: true,
    });
    // Paying for the blue 1-bid with it keeps it in the personal discards; the red power card goes.
    s = play(s, 0, { kind: 'purchase', slot: 3, pay: ['red-4', 'blue-2', 'red-P1'] }).state;
    expect(s.seats[0].discards).toEqual(['red-6', 'red-4', 'blue-2', 'blue-1']);
    expect(s.auctionDiscards).toEqual(['blue-8', 'red-P2', 'red-P1']);
    // Cards coming back into a bid carry no suit change.
    s = play(s, 0, { kind: 'power', card: 'blue-P1', power: 'take', target: 'blue-2', from: 'personal-discards' }).state;
    expect(s.seats[0].bid.map((c) => c.suit)).toEqual([null, null]);
  });

  it('change suit needs a suit; only take names a pile', () => {
    const s = base();
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'change-suit', target: 'red-4' })).toBe('suit-required');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'cash-in', target: 'red-4', from: 'display' })).toBe('bad-move');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'cash-in', target: 'red-4', suit: 'pink' })).toBe('bad-move');
    expect(refused(s, 0, { kind: 'power', card: 'red-P1', power: 'take', target: 'red-6' })).toBe('source-required');
  });

  it('steal: only the bid winner, only cards of the power card suit; a stolen power card can act', () => {
    let s = base();
    expect(refused(s, 0, { kind: 'power', card: 'blue-P1', power: 'steal', target: 'red-7' })).toBe('suit-mismatch');
    expect(refused(s, 0, { kind: 'power', card: 'blue-P1', power: 'steal', target: 'blue-2' })).toBe('not-in-opponent-bid');
    s = play(s, 0, { kind: 'power', card: 'blue-P1', power: 'steal', target: 'blue-P2' }).state;
    expect(ids(s.seats[1].bid)).toEqual(['blue-5', 'red-7', 'green-1']);
    s = play(s, 0, { kind: 'power', card: 'blue-P2', power: 'steal', target: 'blue-5' }).state;
    expect(ids(s.seats[0].bid)).toEqual(['blue-P1', 'blue-2', 'red-P1', 'red-4', 'blue-P2', 'blue-5']);
    s = play(s, 0, { kind: 'done' }).state;
    // Steal is not available to the loser.
    const loser = build({
      seats: [{ bid: ['blue-1', 'red-1'] }, { bid: ['blue-P1'] }],
      bidWinner: 0,
      active: 1,
    });
    expect(refused(loser, 1, { kind: 'power', card: 'blue-P1', power: 'steal', target: 'blue-1' })).toBe('steal-winner-only');
    expect(game.legalMoves(loser, 1).some((m) => m.kind === 'power' && m.power === 'steal')).toBe(false);
  });

  it('purchases and powers can interleave, and only the active seat may act', () => {
    let s = base();
    expect(refused(s, 1, { kind: 'done' })).toBe('not-your-turn');
    s = play(s, 0, { kind: 'purchase', slot: 2, pay: ['red-4', 'blue-2'] }).state;
    expect(s.seats[0].discards).toEqual(['red-6', 'red-4', 'red-1']);
    expect(s.auctionDiscards).toEqual(['blue-8', 'red-P2', 'blue-2']);
    s = play(s, 0, { kind: 'power', card: 'red-P1', power: 'take', target: 'red-4', from: 'personal-discards' }).state;
    expect(refused(s, 0, { kind: 'purchase', slot: 1, pay: ['red-4', 'red-P1'] })).toBe('wrong-payment');
    expect(refused(s, 0, { kind: 'purchase', slot: 1, pay: ['green-1'] })).toBe('not-in-bid');
    expect(refused(s, 0, { kind: 'purchase', slot: 3, pay: ['red-4', 'red-4', 'red-P1'] })).toBe('duplicate-card');
    expect(refused(s, 0, { kind: 'play', card: 'red-4' })).toBe('not-in-edition');
  });

  it('done: the unused bid goes to the personal discards and the loser takes over', () => {
    const r = play(base(), 0, { kind: 'done' });
    expect(r.state.seats[0].bid).toEqual([]);
    expect(r.state.seats[0].discards).toEqual(['red-6', 'blue-P1', 'blue-2', 'red-P1', 'red-4']);
    expect(r.state.active).toBe(1);
    expect(game.toAct(r.state)).toEqual([1]);
  });
});

describe('phase 3 powers, 2018 edition', () => {
  const base = () =>
    build({
      edition: '2018',
      seats: [{ bid: ['green-1', 'blue-6'], hand: ['blue-7', 'blue-8', 'blue-2'], discards: ['blue-4'] }, { bid: ['red-3'] }],
      auctionDiscards: ['blue-5', 'blue-10'],
      display: ['pink-6', 'red-1', 'blue-1', 'green-5', 'red-5', 'green-6'],
    });

  it('only power cards can be played from hand; a bid power card has no power', () => {
    const s = base();
    expect(refused(s, 0, { kind: 'play', card: 'blue-2' })).toBe('not-a-power-card');
    expect(refused(s, 0, { kind: 'play', card: 'red-3' })).toBe('not-in-hand');
    expect(refused(s, 0, { kind: 'power', card: 'blue-6', power: 'cash-in', target: 'blue-6' })).toBe('bid-for-value');
    expect(refused(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-5', from: 'auction-discards' })).toBe('play-first');
    expect(game.legalMoves(s, 0).filter((m) => m.kind === 'play')).toEqual([
      { kind: 'play', card: 'blue-7' },
      { kind: 'play', card: 'blue-8' },
    ]);
  });

  it('each card has its own power: 8 takes only from the auction discards, 10 from either', () => {
    let s = play(base(), 0, { kind: 'play', card: 'blue-8' }).state;
    expect(refused(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-4', from: 'personal-discards' })).toBe(
      'wrong-source',
    );
    expect(refused(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-1', from: 'display' })).toBe('wrong-source');
    expect(refused(s, 0, { kind: 'power', card: 'blue-8', power: 'cash-in', target: 'blue-6' })).toBe('wrong-power');
    s = play(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-10', from: 'auction-discards' }).state;
    // The 10 taken is activated and may take from either pile.
    const takes = game.legalMoves(s, 0).filter((m) => m.kind === 'power' && m.card === 'blue-10');
    expect(takes).toEqual([
      { kind: 'power', card: 'blue-10', power: 'take', target: 'blue-4', from: 'personal-discards' },
      { kind: 'power', card: 'blue-10', power: 'take', target: 'blue-5', from: 'auction-discards' },
    ]);
  });

  it('duplicate gives another power card in play one more use; not a bid card', () => {
    let s = play(base(), 0, { kind: 'play', card: 'blue-7' }).state;
    expect(refused(s, 0, { kind: 'power', card: 'blue-7', power: 'duplicate', target: 'blue-6' })).toBe('not-a-power-card');
    s = play(s, 0, { kind: 'play', card: 'blue-8' }).state;
    // Unused 8 duplicated: it may act twice.
    s = play(s, 0, { kind: 'power', card: 'blue-7', power: 'duplicate', target: 'blue-8' }).state;
    expect(s.seats[0].bid.find((c) => c.id === 'blue-8')?.charges).toBe(2);
    s = play(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-5', from: 'auction-discards' }).state;
    s = play(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-10', from: 'auction-discards' }).state;
    expect(refused(s, 0, { kind: 'power', card: 'blue-8', power: 'take', target: 'blue-10', from: 'auction-discards' })).toBe('power-used');
    expect(refused(s, 0, { kind: 'power', card: 'blue-7', power: 'steal', target: 'red-3' })).toBe('wrong-power');
  });

  it('cards kept back and not played go to the personal discards at "done"', () => {
    const r = play(base(), 0, { kind: 'done' });
    expect(r.state.seats[0].hand).toEqual([]);
    expect(r.state.seats[0].discards).toEqual(['blue-4', 'green-1', 'blue-6', 'blue-7', 'blue-8', 'blue-2']);
    const done = r.events[0]!;
    expect(JSON.stringify(game.viewEvent(done, 1))).not.toMatch(/blue-7|blue 7|blue-2|blue 2-bid/);
    expect(english(game.viewEvent(done, 0))).toBe(
      'Ann finished, putting green 1-bid and blue 6-bid from the bid into their discards. The unplayed blue 7-bid, blue 8-bid and blue 2-bid from hand went to their discards too.',
    );
    expect(english(game.viewEvent(done, 1))).toBe(
      'Ann finished, putting green 1-bid and blue 6-bid from the bid into their discards. 3 cards kept back in hand went to their discards too.',
    );
  });

  it('2018 scoring: negative VP and 10 per suit held six or more times', () => {
    const score = scoreCards('2018', 0, ['red-1', 'red-2', 'red-3', 'red-4', 'red-5', 'red-10', 'blue-1', 'blue-9']);
    // red: 11+7+4+2+1-11 = 14, six reds → +10; blue: 11-7 = 4.
    expect(score.suits.find((x) => x.suit === 'red')).toMatchObject({ vp: 14, bonus: 10, total: 24 });
    expect(score.suits.find((x) => x.suit === 'blue')).toMatchObject({ vp: 4, bonus: 0, total: 4 });
    expect(score.total).toBe(28);
  });
});

describe("the loser's duty to buy the 1-cost card", () => {
  it('current: the loser may not finish while the 1-cost card is there and a bid card can pay', () => {
    const s = build({
      seats: [{ bid: ['red-1'] }, { bid: ['green-2', 'green-3'] }],
      bidWinner: 0,
      active: 1,
      display: ['blue-8', 'pink-7', null, null, null, null],
    });
    expect(refused(s, 1, { kind: 'done' })).toBe('must-buy-one-cost');
    expect(game.legalMoves(s, 1).some((m) => m.kind === 'done')).toBe(false);
    expect(game.defaultMove?.(s, 1)).toEqual({ kind: 'purchase', slot: 1, pay: ['green-2'] });
    expect((game.view(s, 1) as DutchAuctionView).you?.mustBuyOneCost).toBe(true);
    const u = play(s, 1, { kind: 'purchase', slot: 1, pay: ['green-2'] }).state;
    expect(game.legalMoves(u, 1)).toContainEqual({ kind: 'done' });
  });

  // Issue 13: spending the whole bid on a dearer card first left nothing to pay with, and then
  // "done" was accepted with the 1-cost card still there.
  it('current: the loser may not spend the whole bid elsewhere while the 1-cost card waits', () => {
    const s = build({
      seats: [{ bid: ['red-1'] }, { bid: ['green-2', 'green-3', 'pink-4', 'blue-P1'] }],
      bidWinner: 0,
      active: 1,
      display: ['blue-8', 'pink-7', 'red-6', 'green-5', null, null],
    });
    expect(refused(s, 1, { kind: 'purchase', slot: 4, pay: ['green-2', 'green-3', 'pink-4', 'blue-P1'] })).toBe('must-buy-one-cost');
    expect(game.legalMoves(s, 1).filter((m) => m.kind === 'purchase' && m.slot === 4)).toEqual([]);
    // A dearer purchase that keeps a card back is fine; the kept card must then pay for position 1.
    const t = play(s, 1, { kind: 'purchase', slot: 3, pay: ['green-2', 'green-3', 'pink-4'] }).state;
    expect(refused(t, 1, { kind: 'done' })).toBe('must-buy-one-cost');
    expect(refused(t, 1, { kind: 'purchase', slot: 2, pay: ['blue-P1'] })).toBe('wrong-payment');
    expect(game.legalMoves(t, 1).filter((m) => m.kind === 'purchase')).toEqual([{ kind: 'purchase', slot: 1, pay: ['blue-P1'] }]);
    // Once the 1-cost card is bought, the rest of the bid may go anywhere.
    const u = play(s, 1, { kind: 'purchase', slot: 1, pay: ['blue-P1'] }).state;
    expect(play(u, 1, { kind: 'purchase', slot: 3, pay: ['green-2', 'green-3', 'pink-4'] }).state.seats[1].bid).toEqual([]);
    // The winner is free to spend everything.
    const w = build({
      seats: [{ bid: ['green-2', 'green-3'] }, { bid: ['red-1'] }],
      display: ['blue-8', 'pink-7', null, null, null, null],
    });
    expect(play(w, 0, { kind: 'purchase', slot: 2, pay: ['green-2', 'green-3'] }).state.display[1]).toBe(null);
  });

  it('2018: the loser may not spend the whole offering elsewhere unless a power card in hand can still pay', () => {
    const spec = {
      edition: '2018' as const,
      bidWinner: 0,
      active: 1,
      display: ['blue-8', 'pink-7', null, null, null, null],
    };
    const s = build({ ...spec, seats: [{ bid: ['red-1'] }, { bid: ['green-2', 'green-3'], hand: ['green-4'] }] });
    expect(refused(s, 1, { kind: 'purchase', slot: 2, pay: ['green-2', 'green-3'] })).toBe('must-buy-one-cost');
    expect(game.legalMoves(s, 1).filter((m) => m.kind === 'purchase')).toEqual([
      { kind: 'purchase', slot: 1, pay: ['green-2'] },
      { kind: 'purchase', slot: 1, pay: ['green-3'] },
    ]);
    // A power card kept back in hand can still be played into the offering to pay for position 1.
    const t = build({ ...spec, seats: [{ bid: ['red-1'] }, { bid: ['green-2', 'green-3'], hand: ['green-9'] }] });
    const u = play(t, 1, { kind: 'purchase', slot: 2, pay: ['green-2', 'green-3'] }).state;
    expect(refused(u, 1, { kind: 'done' })).toBe('must-buy-one-cost');
    const v = playAll(u, 1, [
      { kind: 'play', card: 'green-9' },
      { kind: 'purchase', slot: 1, pay: ['green-9'] },
    ]);
    expect(game.legalMoves(v, 1)).toContainEqual({ kind: 'done' });
  });

  it('the winner has no such duty, and if the winner bought or took it the loser is free', () => {
    const s = build({
      seats: [{ bid: ['red-1', 'blue-P1'] }, { bid: ['green-2'] }],
      display: ['blue-8', 'pink-7', null, null, null, null],
    });
    expect(game.legalMoves(s, 0)).toContainEqual({ kind: 'done' });
    const t = playAll(s, 0, [{ kind: 'power', card: 'blue-P1', power: 'take', target: 'blue-8', from: 'display' }, { kind: 'done' }]);
    expect(game.legalMoves(t, 1)).toContainEqual({ kind: 'done' });
  });

  it('2018: a loser with an empty offering but a power card in hand must play it and buy', () => {
    const s = build({
      edition: '2018',
      seats: [{ bid: ['red-1'] }, { bid: [], hand: ['green-9', 'green-2'] }],
      bidWinner: 0,
      active: 1,
      display: ['blue-8', 'pink-7', null, null, null, null],
    });
    expect(refused(s, 1, { kind: 'done' })).toBe('must-buy-one-cost');
    expect(game.defaultMove?.(s, 1)).toEqual({ kind: 'play', card: 'green-9' });
    const t = play(s, 1, { kind: 'play', card: 'green-9' }).state;
    expect(game.defaultMove?.(t, 1)).toEqual({ kind: 'purchase', slot: 1, pay: ['green-9'] });
    // With only non-power cards in hand and nothing in the offering, there is no duty.
    const u = build({
      edition: '2018',
      seats: [{ bid: ['red-1'] }, { bid: [], hand: ['green-2'] }],
      bidWinner: 0,
      active: 1,
      display: ['blue-8', null, null, null, null, null],
    });
    expect(game.legalMoves(u, 1)).toEqual([{ kind: 'done' }]);
  });
});

describe('phase 5 and the next round', () => {
  it('draws five from the deck (set-aside card first); a short deck gets the shuffled discards beneath it', () => {
    const s = build({
      seats: [
        { deck: ['green-1', 'green-2'], setAside: 'green-1', discards: ['red-1', 'red-2', 'red-3', 'red-4'] },
        { deck: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5', 'blue-6'], bid: [] },
      ],
      bidWinner: 0,
      active: 1,
      display: ['pink-1', 'pink-2', 'pink-3', null, null, null],
    });
    const r = play(s, 1, { kind: 'done' });
    const p0 = r.state.seats[0];
    expect(p0.hand.slice(0, 2)).toEqual(['green-1', 'green-2']);
    expect([...p0.hand, ...p0.deck].sort()).toEqual(['green-1', 'green-2', 'red-1', 'red-2', 'red-3', 'red-4']);
    expect(p0.hand).toHaveLength(5);
    expect(p0.discards).toEqual([]);
    expect(r.state.seats[1].hand).toEqual(['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5']);
    expect(r.state.seats[1].deck).toEqual(['blue-6']);
    expect(r.state.round).toBe(2);
    expect(r.state.phase).toBe('commit');
    expect(r.state.previous).toEqual({ round: 1, bidWinner: 0, bidTotals: [0, 0] });
    expect(r.events.filter((e) => e.type === 'reshuffled')).toEqual([{ type: 'reshuffled', seat: 0, count: 4, when: 'draw' }]);
    const drew = r.events.find((e) => e.type === 'drew' && e.seat === 0)!;
    expect(JSON.stringify(game.viewEvent(drew, 1))).not.toMatch(/green|red/);
    expect(english(game.viewEvent(drew, 0))).toMatch(/^Ann drew .*green 1-bid/);
    expect(english(game.viewEvent(drew, 1))).toBe('Ann drew 5 cards.');
  });

  it('a player owning fewer than five cards draws them all; an empty hand commits an empty choice', () => {
    const s = build({
      seats: [
        { deck: [], discards: [], cashedIn: ['green-1'] },
        { deck: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'], bid: [] },
      ],
      bidWinner: 0,
      active: 1,
      display: ['pink-1', null, null, null, null, null],
    });
    const t = play(s, 1, { kind: 'done' }).state;
    expect(t.seats[0].hand).toEqual([]);
    expect(game.legalMoves(t, 0)).toEqual([{ kind: 'commit', setAside: null, bid: [], round: 2 }]);
    expect(refused(t, 0, { kind: 'commit', setAside: 'blue-1', bid: [] })).toBe('empty-hand');
    const u = play(play(t, 0, { kind: 'commit', setAside: null, bid: [] }).state, 1, {
      kind: 'commit',
      setAside: 'blue-1',
      bid: ['blue-2', 'blue-3', 'blue-4', 'blue-5'],
    }).state;
    expect(u.bidWinner).toBe(1);
  });
});

describe('end of the game and the result', () => {
  const ending = (display: (string | null)[], purchases: number) => {
    const s = build({
      seats: [
        { bid: [], discards: ['green-1', 'green-2'] },
        { bid: [], discards: ['blue-P1'] },
      ],
      bidWinner: 0,
      active: 1,
      display,
      restTo: 'auctionDiscards',
    });
    s.seats[0].purchases = purchases;
    return s;
  };

  it('ends when the auction deck is exhausted and the display is empty', () => {
    const r = play(ending([null, null, null, null, null, null], 1), 1, { kind: 'done' });
    expect(r.state.phase).toBe('over');
    expect(game.toAct(r.state)).toEqual([]);
    expect(game.legalMoves(r.state, 0)).toEqual([]);
    expect(game.defaultMove?.(r.state, 0)).toBeNull();
    expect(r.events.at(-1)).toMatchObject({ type: 'game-over', winners: [0] });
    expect(refused(r.state, 0, { kind: 'done' })).toBe('game-over');
  });

  it('ends when the auction deck is exhausted and nobody bought anything this round', () => {
    const r = play(ending(['pink-1', null, null, null, null, null], 0), 1, { kind: 'done' });
    expect(r.state.phase).toBe('over');
  });

  it('goes on when the deck is exhausted but someone bought and cards remain', () => {
    const r = play(ending([null, 'pink-1', null, null, null, null], 1), 1, { kind: 'done' });
    expect(r.state.phase).toBe('commit');
    expect(r.state.display).toEqual(['pink-1', null, null, null, null, null]);
    expect((game.view(r.state, null) as DutchAuctionView).finalRounds).toBe(true);
  });

  it('goes on while the auction deck has cards even if nobody bought', () => {
    const s = build({ seats: [{ bid: [] }, { bid: [] }], bidWinner: 0, active: 1, display: ['pink-1', null, null, null, null, null] });
    expect(play(s, 1, { kind: 'done' }).state.phase).toBe('commit');
  });

  it('scores every owned card wherever it lies (deck, hand, discards, cashed in)', () => {
    // Seat 0: green 1 + green 2 = 8 + 7, bonus 7 → 22.
    // Seat 1: red 1 + red 2 + red power = 8 + 7 + 0, bonus 0 → 15; pink 1 + pink power = 8 + 0, bonus 0 → 8; 23.
    const s = build({
      phase: 'over',
      seats: [
        { discards: ['green-1'], cashedIn: ['green-2'] },
        { deck: ['red-1'], hand: ['red-2'], discards: ['red-P1'], cashedIn: ['pink-1', 'pink-P1'] },
      ],
    });
    const r = game.result(s)!;
    expect(r.scores).toEqual([22, 23]);
    expect(r.winners).toEqual([1]);
    expect(english(r)).toBe('Bob wins with 23 VP to 22.');
    expect(r.summary).toBeUndefined();
  });

  it('equal VP: fewer cards wins; equal cards too: a shared win', () => {
    // Seat 0: red 1-bid = 8 + bonus 8 = 16 (1 card).
    // Seat 1: blue 1-bid + blue power = 8 (bonus 0), green 1-bid + green power = 8 (bonus 0): 16 (4 cards).
    const fewer = build({
      phase: 'over',
      seats: [{ deck: ['red-1'] }, { deck: ['blue-1', 'blue-P1'], cashedIn: ['green-1', 'green-P1'] }],
    });
    const r = game.result(fewer)!;
    expect(r.scores).toEqual([16, 16]);
    expect(r.winners).toEqual([0]);
    expect(english(r)).toBe('Ann wins on fewer cards: both scored 16 VP, and Ann holds 1 card to 4.');
    expect((r.details as { decidedBy: string }).decidedBy).toBe('fewer-cards');
    const shared = build({ phase: 'over', seats: [{ deck: ['red-1'] }, { deck: ['blue-1'] }] });
    expect(game.result(shared)?.winners).toEqual([0, 1]);
    expect(english(game.result(shared))).toBe('Ann and Bob share the win with 16 VP and 1 card each.');
    expect(game.result(build({ seats: [{}, {}] }))).toBeNull();
  });

  it('result details break the score down by suit with the bonus', () => {
    const s = build({ phase: 'over', seats: [{ deck: ['red-1', 'red-8'] }, { deck: ['blue-1'] }] });
    const details = game.result(s)?.details as {
      seats: { total: number; cardCount: number; suits: { suit: string; cards: string[]; vp: number; bonus: number; total: number }[] }[];
    };
    expect(details.seats[0]?.suits.find((x) => x.suit === 'red')).toEqual({
      suit: 'red',
      cards: ['red-1', 'red-8'],
      vp: 9,
      bonus: 1,
      total: 10,
    });
    expect(details.seats[0]?.cardCount).toBe(2);
  });
});

describe('default moves for missed deadlines', () => {
  it('commit phase: set aside the first card and bid the rest; phase 3: done', () => {
    const s = build({
      edition: '2018',
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-5'] },
        { hand: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'] },
      ],
    });
    const m = game.defaultMove?.(s, 0);
    expect(m).toEqual({ kind: 'commit', setAside: 'green-1', bid: ['green-2', 'green-3', 'green-4', 'green-5'], round: 1 });
    const t = play(s, 0, m!).state;
    expect(game.defaultMove?.(t, 0)).toBeNull();
    const u = play(t, 1, game.defaultMove!(t, 1)!).state;
    expect(u.phase).toBe('actions');
    expect(game.defaultMove?.(u, u.bidWinner!)).toEqual({ kind: 'done' });
    expect(game.defaultMove?.(u, 1 - u.bidWinner!)).toBeNull();
  });
});

describe('a match played only by default moves (every deadline missed)', () => {
  it.each(['current', '2018'] as const)('%s edition: ends with a result', (edition) => {
    for (const seed of ['d1', 'd2', 'd3']) {
      let s = game.setup(2, { edition }, seed);
      let guard = 0;
      while (game.toAct(s).length > 0) {
        const seat = game.toAct(s)[0]!;
        s = play(s, seat, game.defaultMove!(s, seat)!).state;
        if (++guard > 2000) throw new Error('no end');
      }
      expect(game.result(s)?.winners.length).toBeGreaterThan(0);
    }
  });
});

describe('views', () => {
  it('own deck shown sorted with the set-aside card named; the rival sees only sizes', () => {
    let s = build({
      seats: [
        { hand: ['green-1', 'green-2', 'green-3', 'green-4', 'green-5'], deck: ['red-8', 'blue-1', 'red-2'], discards: ['pink-3'] },
        { hand: ['blue-2', 'blue-3', 'blue-4', 'blue-5', 'blue-6'], deck: ['pink-1'], discards: ['pink-2'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-5', bid: ['green-1', 'green-2', 'green-3', 'green-4'] }).state;
    s = play(s, 1, { kind: 'commit', setAside: 'blue-2', bid: ['blue-3', 'blue-4', 'blue-5', 'blue-6'] }).state;
    const v0 = game.view(s, 0) as DutchAuctionView;
    expect(v0.you?.deck).toEqual(['green-5', 'red-2', 'red-8', 'blue-1']);
    expect(v0.you?.setAside).toBe('green-5');
    expect(v0.you?.discards).toEqual(['pink-3']);
    expect(v0.seats[1]).toMatchObject({ handCount: 0, deckCount: 2, discardsCount: 1 });
    expect(v0.seats[1]?.bid.map((c) => c.id)).toEqual(['blue-3', 'blue-4', 'blue-5', 'blue-6']);
    expect(JSON.stringify(v0)).not.toMatch(/blue-2|pink-1|pink-2/);
    const spectator = game.view(s, null) as DutchAuctionView;
    expect(spectator.you).toBeNull();
    expect(JSON.stringify(spectator)).not.toMatch(/green-5|blue-2|pink-1|pink-2|pink-3|red-8/);
    expect(spectator.auction.deckCount).toBe(s.auctionDeck.length);
    expect(JSON.stringify(spectator)).not.toContain(s.auctionDeck[0]!);
    expect(JSON.stringify(spectator)).not.toContain('rng');
  });
});
