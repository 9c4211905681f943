/**
 * Section 9.0 of dutch-golden-age.md (points and the winner), deadline default moves, and what
 * each viewer sees.
 */
import { describe, expect, it } from 'vitest';
import { view } from '#shared/games/golden-age/view.js';
import { goldenAge, rulesHelp } from '#shared/games/golden-age/index.js';
import { scoreOf } from '#shared/games/golden-age/rules.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import {
  blank,
  eventsOf,
  give,
  play,
  refuse,
  withColony,
  withGuild,
  withMarker,
  withMoney,
  withPaid,
  withPhase,
  withTokens,
} from './helpers.js';
import { english } from '../../support/words.js';

/** Seat `seat` with exactly 32 points: 3 province markers, 2 West Indies markers, 4 tokens, 19 guilders, a windmill and a governor. */
function nearlyWon(seat: number): GoldenAgeState {
  let s = blank();
  s = withMarker(withMarker(withMarker(s, 'holland', seat), 'brabant', seat), 'utrecht', seat); // 12
  s = withColony(withColony(s, 7, seat), 7, seat); // 12
  s = withTokens(s, 'groningen', seat, 4); // 4
  s = withMoney(s, seat, 2 * 19); // 1 point (19 guilders)
  s = give(s, seat, 'culture-windmill-1', 'culture-governor-holland'); // 3
  return s; // 32
}

describe('9.0 points', () => {
  it('counts every source as listed in the rules', () => {
    let s = blank();
    s = withTokens(withTokens(s, 'holland', 1, 2), 'limburg', 1, 1); // 3 tokens → 3
    s = withMarker(withMarker(s, 'zeeland', 1), 'friesland', 1); // 2 × 4
    s = withColony(withColony(s, 2, 1), 5, 1); // 2 × 5
    s = withColony(s, 7, 1); // 6
    s = withGuild(s, 'grey', 1); // 0
    s = give(s, 1, 'arts-5vp-1', 'arts-8vp-1', 'arts-3vp-3', 'culture-windmill-1', 'culture-windmill-2', 'culture-governor-holland');
    s = withPaid(withPaid(s, 1, 'arts-5vp-1', 3), 1, 'arts-8vp-1', 5); // only the 5 is finished
    s = withMoney(s, 1, 2 * 29 + 1); // 29½ guilders → 2 points
    expect(scoreOf(s, 1)).toEqual({
      tokens: 3,
      provinceMarkers: 8,
      eastIndies: 10,
      westIndies: 6,
      paintings: 5,
      windmills: 4,
      governors: 1,
      money: 2,
      total: 39,
    });
    expect(view(s, 0).players[1]!.score.total).toBe(39);
  });

  it('money on paintings does not count as money', () => {
    let s = withMoney(give(blank(), 0, 'arts-6vp-1'), 0, 20);
    s = withPaid(s, 0, 'arts-6vp-1', 3);
    expect(scoreOf(s, 0).money).toBe(1);
    expect(view(s, null).players[0]!.paintings[0]).toMatchObject({ paid: 3, payments: 4, coins: 6, finished: false });
  });
});

describe('9.0 winning', () => {
  it('a player reaching 33 at the end of a turn wins; the game is then over', () => {
    let s = nearlyWon(0);
    expect(scoreOf(s, 0).total).toBe(32);
    s = withMarker(s, 'zeeland', 0, { used: true });
    // 36 points, but only at the end of the turn is it checked
    expect(goldenAge.result(s)).toBeNull();
    const r = play(s, 0, { kind: 'end-turn' });
    expect(r.state.phase).toBe('over');
    expect(goldenAge.toAct(r.state)).toEqual([]);
    expect(goldenAge.legalMoves(r.state, 0)).toEqual([]);
    expect(goldenAge.defaultMove!(r.state, 0)).toBeNull();
    refuse(r.state, 1, { kind: 'roll' }, 'game-over');
    const res = goldenAge.result(r.state)!;
    expect(res.winners).toEqual([0]);
    expect(res.scores![0]).toBe(36);
    expect(english(res)).toBe('Ann wins with 36 points.');
    expect(eventsOf(r.events, 'game-won')[0]!.seat).toBe(0);
  });

  it('32 points is not enough', () => {
    const r = play(nearlyWon(0), 0, { kind: 'end-turn' });
    expect(r.state.phase).toBe('roll');
  });

  it('a player other than the acting one can win at the end of the acting player’s turn', () => {
    let s = nearlyWon(2);
    s = withMoney(s, 2, 2 * 20); // 2 points from money now → 33
    const r = play(s, 0, { kind: 'end-turn' });
    expect(goldenAge.result(r.state)!.winners).toEqual([2]);
  });

  it('several at 33 or more: the highest wins; on a tie, the first to declare from the acting player', () => {
    let s = blank();
    for (const [seat, provinces, tokens] of [
      [1, ['holland', 'brabant', 'utrecht'], 'zeeland'],
      [3, ['limburg', 'groningen', 'overijssel'], 'friesland'],
    ] as const) {
      for (const p of provinces) s = withMarker(s, p, seat); // 12
      s = withColony(withColony(withColony(s, 7, seat), 7, seat), 7, seat); // 18
      s = withTokens(s, tokens, seat, 4); // 4
    }
    // both have 34: seat 2 acts, so seat 3 declares before seat 1
    const tie = play(withPhase(s, 'actions', 2), 2, { kind: 'end-turn' });
    expect(goldenAge.result(tie.state)!.winners).toEqual([3]);
    const tie0 = play(withPhase(s, 'actions', 0), 0, { kind: 'end-turn' });
    expect(goldenAge.result(tie0.state)!.winners).toEqual([1]);
    // one more point for seat 1 decides regardless of order
    const best = play(withPhase(withTokens(s, 'vlaanderen', 1, 1), 'actions', 2), 2, { kind: 'end-turn' });
    expect(goldenAge.result(best.state)!.winners).toEqual([1]);
    expect(goldenAge.result(best.state)!.details).toMatchObject({ target: 33 });
  });
});

describe('deadline default moves', () => {
  it('roll; end the turn; pass; set-up takes the first free choice', () => {
    expect(goldenAge.defaultMove!(withPhase(blank(), 'roll'), 0)).toEqual({ kind: 'roll' });
    expect(goldenAge.defaultMove!(blank(), 0)).toEqual({ kind: 'end-turn' });
    expect(goldenAge.defaultMove!(blank(), 1)).toBeNull();
    const s = goldenAge.setup(3, {}, 'x');
    expect(goldenAge.defaultMove!(s, 0)).toEqual({ kind: 'place-marker', province: 'holland' });
    expect(goldenAge.rebaseable!(s, 0, { kind: 'place-marker', province: 'holland' })).toBe(false);
  });

  it('playing only default moves finishes set-up and keeps the game going', () => {
    let s = goldenAge.setup(4, {}, 'defaults');
    for (let i = 0; i < 100; i++) {
      const seat = goldenAge.toAct(s)[0]!;
      s = play(s, seat, goldenAge.defaultMove!(s, seat)!).state;
    }
    expect(s.turn).toBeGreaterThan(10);
  });
});

describe('views', () => {
  it('shows the whole board, scores and one’s own hand; others’ hands only as counts by back colour', () => {
    let s = give(blank(), 1, 'investment-tulip-girl-1', 'colony-ship-1', 'culture-dice-1', 'arts-4vp-1', 'culture-windmill-1');
    s = withTokens(withMarker(s, 'holland', 1), 'holland', 2, 2);
    const own = view(s, 1);
    expect(own.hand!.map((c) => c.id)).toEqual(['investment-tulip-girl-1', 'colony-ship-1', 'culture-dice-1']);
    const other = view(s, 0);
    expect(other.hand).toEqual([]);
    expect(other.players[1]).toMatchObject({
      handCount: 3,
      handBacks: { culture: 1, arts: 0, investment: 1, spices: 0, colony: 1 },
      windmills: 1,
    });
    expect(other.players[1]!.paintings[0]!.card.id).toBe('arts-4vp-1');
    const text = JSON.stringify(other);
    for (const id of ['investment-tulip-girl-1', 'colony-ship-1', 'culture-dice-1']) expect(text).not.toContain(id);
    expect(view(s, null).hand).toBeNull();
    expect(text).not.toContain('rng');
    expect(text).not.toContain(String(s.rng[0]));
    // the board can be drawn from the view alone
    expect(other.provinces[0]).toMatchObject({ id: 'holland', colour: 'green', marker: { owner: 1 }, tokens: [0, 0, 2, 0] });
    expect(other.provinces[0]!.adjacent).toEqual(['zeeland', 'utrecht', 'gelderland', 'brabant']);
    expect(other.track).toHaveLength(54);
    expect(other.track[7]).toMatchObject({ kind: 'merchant', governorOf: 'holland' });
    expect(other.guilds.map((g) => g.nextPrice)).toEqual([6, 6, 6, 6, 6]);
    expect(other.colonies.map((c) => c.box)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(other.decks.map((d) => d.count)).toEqual([25, 21, 20, 21, 18]);
    expect(typeof other.provinces[0]!.x).toBe('number');
  });

  it('decks are face down: their order never shows', () => {
    const s = blank();
    const flipped = { ...s, decks: { ...s.decks, culture: [...s.decks.culture].reverse() } };
    expect(JSON.stringify(view(flipped, 0))).toBe(JSON.stringify(view(s, 0)));
  });

  it('rules help states the decisions made where the rules are silent', () => {
    const all = JSON.stringify(rulesHelp);
    for (const phrase of ['half-guilders', 'bank', 'automatically', 'deadline', 'tie', 'reserve is empty', 'governor']) {
      expect(all.toLowerCase()).toContain(phrase.toLowerCase());
    }
  });
});
