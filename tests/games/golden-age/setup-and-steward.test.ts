/**
 * Sections 3.0 (starting play), 4.0 (course of a turn) and 5.0 (moving the Steward, every
 * payment case) of dutch-golden-age.md.
 */
import { describe, expect, it } from 'vitest';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { TRACK } from '#shared/games/golden-age/board.js';
import { owedFor } from '#shared/games/golden-age/rules.js';
import {
  blank,
  checkInvariants,
  eventsOf,
  give,
  isListed,
  play,
  playAll,
  refuse,
  TOTAL_MONEY,
  withBank,
  withMarker,
  withPhase,
  withTokens,
} from './helpers.js';
import { english } from '../../support/words.js';

describe('3.0 starting play', () => {
  it('gives everyone 10 guilders, 5 tokens and 6 markers; shuffles five full decks; seat 0 places first', () => {
    for (const seats of [3, 4]) {
      const parsed = goldenAge.options.safeParse({});
      expect(parsed.success).toBe(true);
      const s = goldenAge.setup(seats, {}, 'abc');
      expect(s.phase).toBe('setup-marker');
      expect(goldenAge.toAct(s)).toEqual([0]);
      for (const p of s.players) expect([p.money, p.tokens, p.markers]).toEqual([20, 5, 6]);
      expect(s.bank).toBe(TOTAL_MONEY - seats * 20);
      expect(Object.values(s.decks).map((d) => d.length)).toEqual([27, 22, 21, 21, 19]);
      checkInvariants(s);
    }
  });

  it('refuses 2 or 5 players', () => {
    expect(() => goldenAge.setup(2, {}, 'x')).toThrow();
    expect(() => goldenAge.setup(5, {}, 'x')).toThrow();
  });

  it('places one marker each in turn order, one marker per province', () => {
    let s = goldenAge.setup(3, {}, 'abc');
    refuse(s, 1, { kind: 'place-marker', province: 'holland' }, 'not-your-turn');
    refuse(s, 0, { kind: 'place-token', province: 'holland' }, 'wrong-phase');
    s = play(s, 0, { kind: 'place-marker', province: 'holland' }).state;
    expect(goldenAge.toAct(s)).toEqual([1]);
    refuse(s, 1, { kind: 'place-marker', province: 'holland' }, 'province-taken');
    expect(isListed(s, 1, { kind: 'place-marker', province: 'holland' })).toBe(false);
    s = play(s, 1, { kind: 'place-marker', province: 'utrecht' }).state;
    s = play(s, 2, { kind: 'place-marker', province: 'zeeland' }).state;
    expect(s.phase).toBe('setup-tokens');
    expect(s.players.map((p) => p.markers)).toEqual([5, 5, 5]);
    expect(goldenAge.toAct(s)).toEqual([0]);
  });

  it('places two tokens each, never beside a marker, at most two per province; the last player sets the Steward on a merchant box', () => {
    let s = playAll(goldenAge.setup(3, {}, 'abc'), [
      [0, { kind: 'place-marker', province: 'holland' }],
      [1, { kind: 'place-marker', province: 'utrecht' }],
      [2, { kind: 'place-marker', province: 'zeeland' }],
    ]).state;
    refuse(s, 0, { kind: 'place-token', province: 'holland' }, 'province-has-marker');
    s = play(s, 0, { kind: 'place-token', province: 'brabant' }).state;
    expect(goldenAge.toAct(s)).toEqual([0]); // both of seat 0's tokens first
    s = play(s, 0, { kind: 'place-token', province: 'brabant' }).state;
    expect(goldenAge.toAct(s)).toEqual([1]);
    refuse(s, 1, { kind: 'place-token', province: 'brabant' }, 'province-full');
    s = playAll(s, [
      [1, { kind: 'place-token', province: 'limburg' }],
      [1, { kind: 'place-token', province: 'friesland' }],
      [2, { kind: 'place-token', province: 'limburg' }],
      [2, { kind: 'place-token', province: 'groningen' }],
    ]).state;
    expect(s.phase).toBe('setup-steward');
    expect(goldenAge.toAct(s)).toEqual([2]);
    expect(s.players.map((p) => p.tokens)).toEqual([3, 3, 3]);
    expect(goldenAge.legalMoves(s, 2)).toEqual([7, 15, 22, 30, 37, 45].map((box) => ({ kind: 'place-steward', box })));
    refuse(s, 2, { kind: 'place-steward', box: 0 }, 'not-merchant-box');
    s = play(s, 2, { kind: 'place-steward', box: 22 }).state;
    expect(s.steward).toBe(22);
    expect(s.phase).toBe('roll');
    expect(goldenAge.toAct(s)).toEqual([0]);
    expect(s.turn).toBe(1);
  });

  it('the set-up limit of two tokens does not apply later (6.1)', () => {
    let s = withTokens(withTokens(blank(), 'brabant', 1, 2), 'holland', 0, 1);
    s = play(s, 0, { kind: 'move-token', from: 'holland', to: 'brabant' }).state;
    expect(s.provinces[2]!.tokens).toEqual([1, 2, 0, 0]);
  });
});

describe('4.0 course of a turn', () => {
  it('rolls first; only then actions; end of turn passes clockwise and flips markers back', () => {
    let s = withMarker(blank(4, 'roll'), 'brabant', 0);
    refuse(s, 0, { kind: 'end-turn' }, 'wrong-phase');
    refuse(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'brabant' } }, 'wrong-phase');
    refuse(s, 1, { kind: 'roll' }, 'not-your-turn');
    s = play(s, 0, { kind: 'roll' }).state;
    expect(s.phase).toBe('actions');
    refuse(s, 0, { kind: 'roll' }, 'wrong-phase');
    s = play(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'brabant' } }).state;
    expect(s.provinces[2]!.marker!.used).toBe(true);
    const end = play(s, 0, { kind: 'end-turn' });
    expect(end.state.provinces[2]!.marker!.used).toBe(false);
    expect(end.state.current).toBe(1);
    expect(end.state.phase).toBe('roll');
    expect(end.state.turn).toBe(2);
    expect(eventsOf(end.events, 'turn-ended')[0]!.scores).toHaveLength(4);
  });

  it('the note of 4.0: a free action, an auction, a special action, then two more free actions', () => {
    // Seat 0 holds markers in Brabant (yellow) and Utrecht (brown) and a token in Holland.
    let s = withTokens(withMarker(withMarker(blank(), 'brabant', 0), 'utrecht', 0), 'holland', 0, 1);
    s = play(s, 0, { kind: 'move-token', from: 'holland', to: 'zeeland' }).state; // free action
    s = play(s, 0, { kind: 'auction', province: 'brabant' }).state; // auction…
    s = playAll(s, [
      [1, { kind: 'bid', amount: 2 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]).state;
    expect(s.phase).toBe('actions');
    s = play(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'utrecht' } }).state; // special action
    s = playAll(s, [
      [0, { kind: 'move-token', from: 'zeeland', to: 'brabant' }],
      [0, { kind: 'move-token', from: 'brabant', to: 'limburg' }],
    ]).state;
    expect(s.provinces[1]!.tokens[0]).toBe(1);
    expect(s.players[0]!.money).toBe(20 - 1 + 2 - 6 - 2);
  });
});

describe('5.0 moving the Steward and the payments', () => {
  it('the server rolls two seeded dice, logs them, and moves the Steward clockwise by their sum', () => {
    const s = withPhase(blank(), 'roll');
    const r = play(s, 0, { kind: 'roll' });
    const moved = eventsOf(r.events, 'steward-moved')[0]!;
    expect(moved.dice).not.toBeNull();
    const [a, b] = moved.dice!;
    expect(a).toBeGreaterThanOrEqual(1);
    expect(b).toBeLessThanOrEqual(6);
    expect(r.state.steward).toBe(a + b);
    expect(r.state.lastRoll).toEqual({ seat: 0, dice: [a, b], steps: a + b, from: 0, to: a + b });
    // the same state and move always roll the same
    expect(play(s, 0, { kind: 'roll' }).state).toEqual(r.state);
    expect(r.state.rng).not.toEqual(s.rng);
  });

  it('wraps round the 54-box track', () => {
    let s = withPhase(give(blank(), 0, 'culture-dice-1'), 'roll');
    s = { ...s, steward: 50 };
    const r = play(s, 0, { kind: 'play-dice', value: 6 });
    expect(r.state.steward).toBe(2);
    expect(TRACK.length).toBe(54);
  });

  it('a two-province box pays 1 guilder per token and 2 per marker in either province, to every owner', () => {
    // box 18 shows Holland and Zeeland
    let s = withPhase(give(blank(), 0, 'culture-dice-1'), 'roll');
    s = withTokens(s, 'holland', 0, 2);
    s = withTokens(s, 'holland', 2, 1);
    s = withMarker(s, 'zeeland', 1);
    s = withTokens(s, 'zeeland', 1, 1);
    s = withTokens(s, 'brabant', 3, 3); // not shown: nothing
    s = { ...s, steward: 10 };
    const before = s.players.map((p) => p.money);
    const r = play(s, 0, { kind: 'play-dice', value: 8 });
    expect(r.state.steward).toBe(18);
    const paid = eventsOf(r.events, 'payout')[0]!;
    expect(paid.paid).toEqual([4, 6, 2, 0]);
    expect(r.state.players.map((p, i) => p.money - before[i]!)).toEqual([4, 6, 2, 0]);
    expect(r.state.bank).toBe(s.bank - 12);
  });

  it('a merchant box pays every player 1 guilder; the governor of its province gets 1 more', () => {
    let s = withPhase(give(give(blank(), 0, 'culture-dice-1'), 2, 'culture-governor-holland'), 'roll');
    s = withTokens(s, 'holland', 1, 3); // tokens do not count on a merchant box
    const r = play(s, 0, { kind: 'play-dice', value: 7 }); // box 7: merchant, governor of Holland
    expect(TRACK[7]).toEqual({ kind: 'merchant', governorOf: 'holland' });
    expect(eventsOf(r.events, 'payout')[0]!.paid).toEqual([2, 2, 4, 2]);
  });

  it('the Willem III box pays every player 3 guilders', () => {
    let s = withPhase(give(blank(3), 0, 'culture-dice-1'), 'roll');
    s = { ...s, steward: 44 };
    const r = play(s, 0, { kind: 'play-dice', value: 10 });
    expect(r.state.steward).toBe(0);
    expect(eventsOf(r.events, 'payout')[0]!.paid).toEqual([6, 6, 6]);
  });

  it('a governor card adds 1 guilder when the Steward stops on a box showing its province', () => {
    // box 1 shows Holland and Gelderland
    let s = withPhase(give(give(blank(), 0, 'culture-dice-1'), 3, 'culture-governor-gelderland', 'culture-governor-holland'), 'roll');
    s = withMarker(s, 'gelderland', 3);
    s = { ...s, steward: 53 };
    const r = play(s, 0, { kind: 'play-dice', value: 2 });
    expect(r.state.steward).toBe(1);
    expect(eventsOf(r.events, 'payout')[0]!.paid).toEqual([0, 0, 0, 4 + 2 + 2]);
  });

  it('a dice card chooses any move from 2 to 12 instead of rolling and is discarded face up', () => {
    let s = withPhase(give(blank(), 0, 'culture-dice-2'), 'roll');
    expect(isListed(s, 0, { kind: 'play-dice', value: 12 })).toBe(true);
    expect(isListed(s, 1, { kind: 'play-dice', value: 12 })).toBe(false);
    refuse(withPhase(blank(), 'roll'), 0, { kind: 'play-dice', value: 5 }, 'no-dice-card');
    const r = play(s, 0, { kind: 'play-dice', value: 5 });
    const moved = eventsOf(r.events, 'steward-moved')[0]!;
    expect(moved).toMatchObject({ dice: null, card: 'culture-dice-2', steps: 5, to: 5 });
    expect(r.state.players[0]!.hand).toEqual([]);
    expect(r.state.discards.culture).toEqual(['culture-dice-2']);
    expect(r.state.rng).toEqual(s.rng); // no dice rolled
    s = r.state;
    expect(s.phase).toBe('actions');
  });

  it('a short bank never goes negative: it pays the acting player first, then clockwise', () => {
    let s = withPhase(give(blank(), 2, 'culture-dice-1'), 'roll', 2);
    s = withBank(s, 13);
    s = { ...s, steward: 44 }; // → Willem III: 6 half-guilders owed to each
    const r = play(s, 2, { kind: 'play-dice', value: 10 });
    const e = eventsOf(r.events, 'payout')[0]!;
    expect(e.owed).toEqual([6, 6, 6, 6]);
    expect(e.paid).toEqual([1, 0, 6, 6]);
    expect(r.state.bank).toBe(0);
    expect(english(goldenAge.viewEvent(e, null))).toMatch(/ran short/);
  });

  it('owedFor matches the payout of a real roll', () => {
    let s = withPhase(blank(), 'roll');
    s = withTokens(withMarker(s, 'holland', 1), 'gelderland', 2, 2);
    const r = play(s, 0, { kind: 'roll' });
    expect(eventsOf(r.events, 'payout')[0]!.paid).toEqual(owedFor(s, r.state.steward!));
  });
});
