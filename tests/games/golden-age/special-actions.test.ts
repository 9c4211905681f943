/**
 * Section 7.0 of dutch-golden-age.md: special actions by colour (7.1 green … 7.6 orange), card
 * exchanges, paintings (with the worked 6-point example), colonies and culture cards.
 */
import { describe, expect, it } from 'vitest';
import { view } from '#shared/games/golden-age/view.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { MarkerPlace } from '#shared/games/golden-age/moves.js';
import { scoreOf } from '#shared/games/golden-age/rules.js';
import {
  blank,
  eventsOf,
  emptyDeck,
  give,
  isListed,
  pi,
  play,
  playAll,
  refuse,
  stack,
  withBank,
  withColony,
  withGuild,
  withMarker,
  withMoney,
  withPaid,
  withTokens,
} from './helpers.js';
import { english } from '../../support/words.js';

const at = (province: Parameters<typeof pi>[0]) => ({ at: 'province' as const, province });

describe('7.0 one special action per active marker', () => {
  it('flips the marker; it cannot act again this turn; it is never compulsory', () => {
    let s = withMarker(blank(), 'brabant', 0);
    s = play(s, 0, { kind: 'buy-card', marker: at('brabant') }).state;
    expect(s.provinces[pi('brabant')]!.marker!.used).toBe(true);
    refuse(s, 0, { kind: 'buy-card', marker: at('brabant') }, 'no-active-marker');
    refuse(s, 0, { kind: 'buy-card', marker: at('utrecht') }, 'no-active-marker');
    refuse(withMarker(blank(), 'brabant', 1), 0, { kind: 'buy-card', marker: at('brabant') }, 'no-active-marker');
    // ending the turn without using a marker is fine
    expect(play(withMarker(blank(), 'brabant', 0), 0, { kind: 'end-turn' }).state.current).toBe(1);
  });
});

describe('7.1 green: movement tokens', () => {
  it('5 guilders put a reserve token in any province, even one with tokens and a marker', () => {
    let s = withMarker(withTokens(blank(), 'groningen', 2, 2), 'groningen', 1);
    s = withMarker(s, 'holland', 0);
    const r = play(s, 0, { kind: 'buy-token', marker: at('holland'), province: 'groningen' });
    expect(r.state.provinces[pi('groningen')]!.tokens).toEqual([1, 0, 2, 0]);
    expect(r.state.players[0]).toMatchObject({ money: 10, tokens: 4 });
    expect(r.state.provinces[pi('holland')]!.marker!.used).toBe(true);
  });

  it('the green guild does the same; green markers buy no cards; an empty token reserve blocks it', () => {
    let s = withGuild(blank(), 'green', 0);
    expect(play(s, 0, { kind: 'buy-token', marker: { at: 'guild', colour: 'green' }, province: 'limburg' }).state.players[0]!.tokens).toBe(
      4,
    );
    refuse(s, 0, { kind: 'buy-card', marker: { at: 'guild', colour: 'green' } }, 'wrong-action');
    s = withTokens(s, 'limburg', 0, 5);
    refuse(s, 0, { kind: 'buy-token', marker: { at: 'guild', colour: 'green' }, province: 'limburg' }, 'no-token');
    refuse(
      withMoney(withGuild(blank(), 'green', 0), 0, 9),
      0,
      { kind: 'buy-token', marker: { at: 'guild', colour: 'green' }, province: 'limburg' },
      'cannot-afford',
    );
    refuse(withMarker(blank(), 'brabant', 0), 0, { kind: 'buy-token', marker: at('brabant'), province: 'limburg' }, 'wrong-action');
  });

  it('a third token in a marker-free province may at once become an influence marker', () => {
    let s = withTokens(withMarker(blank(), 'limburg', 0), 'utrecht', 0, 2);
    s = play(s, 0, { kind: 'buy-token', marker: at('limburg'), province: 'utrecht' }).state;
    expect(isListed(s, 0, { kind: 'create-marker', province: 'utrecht' })).toBe(true);
    s = play(s, 0, { kind: 'create-marker', province: 'utrecht' }).state;
    expect(s.provinces[pi('utrecht')]!.marker!.owner).toBe(0);
    expect(s.players[0]!.tokens).toBe(5);
  });
});

describe('7.2 yellow: investment cards', () => {
  it('3 guilders take the top investment card into the hand, privately', () => {
    const s = stack(withMarker(blank(), 'groningen', 0), 'investment-tulip-girl-4');
    const r = play(s, 0, { kind: 'buy-card', marker: at('groningen') });
    expect(r.state.players[0]!.hand).toEqual(['investment-tulip-girl-4']);
    expect(r.state.players[0]!.money).toBe(14);
    const e = eventsOf(r.events, 'card-drawn')[0]!;
    expect(english(goldenAge.viewEvent(e, 0))).toMatch(/tulip girl/);
    expect(english(goldenAge.viewEvent(e, 1))).not.toMatch(/tulip/);
    expect(JSON.stringify(goldenAge.viewEvent(e, 1))).not.toContain('investment-tulip-girl-4');
  });

  it('exchanges: one tulip girl for 5, two "two girls" for 12, three shipping companies for 20; money is usable at once', () => {
    const s = give(
      withMoney(withMarker(blank(), 'brabant', 0), 0, 0),
      0,
      'investment-tulip-girl-1',
      'investment-two-tulip-girls-1',
      'investment-two-tulip-girls-2',
      'investment-shipping-company-1',
      'investment-shipping-company-2',
      'investment-shipping-company-3',
    );
    const bank = s.bank;
    refuse(s, 0, { kind: 'buy-card', marker: at('brabant') }, 'cannot-afford');
    const r = playAll(s, [
      [0, { kind: 'exchange', set: 'tulip-girl' }],
      [0, { kind: 'buy-card', marker: at('brabant') }], // paid with the money just received
      [0, { kind: 'exchange', set: 'two-tulip-girls' }],
      [0, { kind: 'exchange', set: 'shipping-company' }],
    ]);
    expect(eventsOf(r.events, 'exchanged').map((e) => e.amount)).toEqual([10, 24, 40]);
    expect(r.state.players[0]!.money).toBe(10 - 6 + 24 + 40);
    expect(r.state.bank).toBe(bank - 74 + 6);
    expect(r.state.discards.investment).toHaveLength(6);
  });

  it('a single "two girls" card or two shipping companies are worth nothing', () => {
    const s = give(blank(), 0, 'investment-two-tulip-girls-1', 'investment-shipping-company-1', 'investment-shipping-company-2');
    refuse(s, 0, { kind: 'exchange', set: 'two-tulip-girls' }, 'no-such-set');
    refuse(s, 0, { kind: 'exchange', set: 'shipping-company' }, 'no-such-set');
    expect(goldenAge.legalMoves(s, 0).some((m) => m.kind === 'exchange')).toBe(false);
  });

  // Issue 13, §7.2: "at any time" — also while another player acts.
  it('exchanges happen at any time, also in another player’s turn, and wait for a bank that can pay', () => {
    const s = give(blank(), 1, 'investment-tulip-girl-1');
    expect(goldenAge.legalMoves(s, 1)).toEqual([{ kind: 'exchange', set: 'tulip-girl' }]);
    const other = play(s, 1, { kind: 'exchange', set: 'tulip-girl' }).state;
    expect(other.players[1]!.money).toBe(30);
    expect(goldenAge.toAct(other)).toEqual([0]);
    expect(goldenAge.rebaseable!(s, 1, { kind: 'exchange', set: 'tulip-girl' })).toBe(true);
    refuse(s, 1, { kind: 'end-turn' }, 'not-your-turn');
    const roll = give({ ...blank(), phase: 'roll' }, 0, 'investment-tulip-girl-1');
    expect(play(roll, 0, { kind: 'exchange', set: 'tulip-girl' }).state.phase).toBe('roll');
    const drained = withBank(give(blank(), 0, 'investment-tulip-girl-1'), 9);
    refuse(drained, 0, { kind: 'exchange', set: 'tulip-girl' }, 'bank-short');
    expect(play(withBank(drained, 10), 0, { kind: 'exchange', set: 'tulip-girl' }).state.bank).toBe(0);
  });
});

describe('7.3 brown: arts', () => {
  it('3 guilders order a painting, placed face up; it scores only once finished', () => {
    const s = stack(withMarker(blank(), 'utrecht', 0), 'arts-3vp-2');
    const r = play(s, 0, { kind: 'buy-card', marker: at('utrecht') });
    expect(r.state.players[0]!.paintings).toEqual([{ card: 'arts-3vp-2', paid: 0 }]);
    expect(english(goldenAge.viewEvent(eventsOf(r.events, 'card-drawn')[0]!, 2))).toMatch(/3-point painting/);
    expect(scoreOf(r.state, 0).paintings).toBe(0);
  });

  it('the worked example: a 6-point painting needs four 1-guilder payments, one per brown action, then scores 6', () => {
    let s = give(withMarker(withGuild(blank(), 'brown', 0), 'overijssel', 0), 0, 'arts-6vp-1');
    const pay = (marker: MarkerPlace) => ({ kind: 'pay-painter' as const, marker, painting: 'arts-6vp-1' });
    s = play(s, 0, pay(at('overijssel'))).state;
    s = play(s, 0, pay({ at: 'guild', colour: 'brown' })).state;
    // a brown action either buys a card or pays a painter, not both
    refuse(s, 0, { kind: 'buy-card', marker: at('overijssel') }, 'no-active-marker');
    refuse(s, 0, pay(at('overijssel')), 'no-active-marker');
    expect(s.players[0]!.paintings).toEqual([{ card: 'arts-6vp-1', paid: 2 }]);
    expect(s.players[0]!.money).toBe(16);
    // next turn, two more payments
    s = play(s, 0, { kind: 'end-turn' }).state;
    s = { ...s, phase: 'actions', current: 0 };
    s = play(s, 0, pay(at('overijssel'))).state;
    expect(scoreOf(s, 0).paintings).toBe(0);
    const r = play(s, 0, pay({ at: 'guild', colour: 'brown' }));
    expect(eventsOf(r.events, 'painter-paid')[0]).toMatchObject({ paid: 4, payments: 4, finished: true });
    expect(scoreOf(r.state, 0).paintings).toBe(6);
    // the 4 guilders lie on the card and do not count as money
    expect(r.state.players[0]!.money).toBe(12);
  });

  it('refuses to pay a finished painting or someone else’s', () => {
    let s = give(give(withMarker(blank(), 'utrecht', 0), 0, 'arts-3vp-1'), 1, 'arts-4vp-1');
    s = withPaid(s, 0, 'arts-3vp-1', 1);
    refuse(s, 0, { kind: 'pay-painter', marker: at('utrecht'), painting: 'arts-3vp-1' }, 'no-such-painting');
    refuse(s, 0, { kind: 'pay-painter', marker: at('utrecht'), painting: 'arts-4vp-1' }, 'no-such-painting');
  });
});

describe('7.4 blue: colonies', () => {
  it('3 guilders take the top colony card', () => {
    const s = stack(withMarker(blank(), 'zeeland', 0), 'colony-cannon-2');
    expect(play(s, 0, { kind: 'buy-card', marker: at('zeeland') }).state.players[0]!.hand).toEqual(['colony-cannon-2']);
  });

  it('ship + captain + cannon sail: the three are discarded and a marker goes to a colony box', () => {
    const s = give(blank(), 0, 'colony-ship-1', 'colony-captain-1', 'colony-cannon-1', 'colony-voc-joker-1');
    const r = play(s, 0, { kind: 'sail', box: 4 });
    expect(r.state.east[2]).toEqual({ owner: 0, used: false, moved: true });
    expect(r.state.players[0]!.hand).toEqual(['colony-voc-joker-1']); // the joker is kept
    expect(r.state.discards.colony).toEqual(['colony-ship-1', 'colony-captain-1', 'colony-cannon-1']);
    expect(r.state.players[0]!.markers).toBe(5);
  });

  it('VOC jokers stand in for any missing part, several at once', () => {
    const s = give(blank(), 0, 'colony-voc-joker-1', 'colony-voc-joker-2', 'colony-captain-3');
    const r = play(s, 0, { kind: 'sail', box: 7 });
    expect(eventsOf(r.events, 'sailed')[0]!.cards).toEqual(['colony-voc-joker-1', 'colony-captain-3', 'colony-voc-joker-2']);
    expect(r.state.west).toHaveLength(1);
    refuse(give(blank(), 0, 'colony-ship-1', 'colony-ship-2', 'colony-captain-1'), 0, { kind: 'sail', box: 7 }, 'no-colony-set');
  });

  it('East Indies boxes hold one marker; the West Indies hold any number, even of one player', () => {
    let s = withColony(blank(), 2, 1);
    s = give(s, 0, 'colony-ship-1', 'colony-captain-1', 'colony-cannon-1', 'colony-ship-2', 'colony-captain-2', 'colony-cannon-2');
    refuse(s, 0, { kind: 'sail', box: 2 }, 'colony-taken');
    expect(isListed(s, 0, { kind: 'sail', box: 2 })).toBe(false);
    s = withColony(s, 7, 1);
    s = play(s, 0, { kind: 'sail', box: 7 }).state;
    s = play(s, 0, { kind: 'sail', box: 7 }).state;
    expect(s.west.map((m) => m.owner)).toEqual([1, 0, 0]);
  });

  it('with an empty reserve the colony marker may come from the board', () => {
    let s = give(blank(), 0, 'colony-ship-1', 'colony-captain-1', 'colony-cannon-1');
    for (const p of ['holland', 'utrecht', 'zeeland', 'brabant', 'limburg', 'friesland'] as const) s = withMarker(s, p, 0);
    refuse(s, 0, { kind: 'sail', box: 5 }, 'no-marker');
    const r = play(s, 0, { kind: 'sail', box: 5, from: at('limburg') });
    expect(r.state.provinces[pi('limburg')]!.marker).toBeNull();
    expect(r.state.east[3]!.owner).toBe(0);
  });

  // Issue 13, §6.2: the marker comes "from any other space of the board". Sailing to the West
  // Indies with a marker taken from the West Indies threw three cards away for nothing.
  it('with an empty reserve, a West Indies marker cannot be the one that sails to the West Indies', () => {
    let s = give(blank(), 0, 'colony-ship-1', 'colony-captain-1', 'colony-cannon-1');
    for (const p of ['holland', 'utrecht', 'zeeland', 'brabant', 'limburg'] as const) s = withMarker(s, p, 0);
    s = withColony(s, 7, 0);
    expect(s.players[0]!.markers).toBe(0);
    const west = { at: 'colony', box: 7 } as const;
    refuse(s, 0, { kind: 'sail', box: 7, from: west }, 'same-space');
    expect(isListed(s, 0, { kind: 'sail', box: 7, from: west })).toBe(false);
    // the same marker may sail to the East Indies, and another marker to the West Indies
    expect(isListed(s, 0, { kind: 'sail', box: 3, from: west })).toBe(true);
    expect(play(s, 0, { kind: 'sail', box: 3, from: west }).state.west).toEqual([]);
    expect(play(s, 0, { kind: 'sail', box: 7, from: at('utrecht') }).state.west).toHaveLength(2);
  });
});

describe('7.5 grey: culture cards', () => {
  it('a windmill is played at once for 2 points, face up', () => {
    const s = stack(withMarker(blank(), 'vlaanderen', 0), 'culture-windmill-3');
    const r = play(s, 0, { kind: 'buy-card', marker: at('vlaanderen') });
    expect(r.state.players[0]!.windmills).toEqual(['culture-windmill-3']);
    expect(r.state.players[0]!.hand).toEqual([]);
    expect(scoreOf(r.state, 0).windmills).toBe(2);
    expect(english(goldenAge.viewEvent(eventsOf(r.events, 'card-drawn')[0]!, 1))).toMatch(/windmill/);
  });

  it('a governor is worth 1 point and is laid face up', () => {
    const s = stack(withMarker(blank(), 'gelderland', 0), 'culture-governor-zeeland');
    const r = play(s, 0, { kind: 'buy-card', marker: at('gelderland') });
    expect(r.state.players[0]!.governors).toEqual(['culture-governor-zeeland']);
    expect(scoreOf(r.state, 0).governors).toBe(1);
    expect(view(r.state, 2).players[0]!.governors).toEqual(['zeeland']);
  });

  it('the duplicates work like investment and colony cards', () => {
    let s = give(blank(), 0, 'culture-tulip-girl-1', 'culture-ship-1', 'colony-captain-1', 'colony-cannon-1');
    s = play(s, 0, { kind: 'exchange', set: 'tulip-girl' }).state;
    expect(s.players[0]!.money).toBe(30);
    expect(s.discards.culture).toEqual(['culture-tulip-girl-1']);
    s = play(s, 0, { kind: 'sail', box: 6 }).state;
    expect(s.discards.culture).toEqual(['culture-tulip-girl-1', 'culture-ship-1']);
    expect(s.discards.colony).toEqual(['colony-captain-1', 'colony-cannon-1']);
  });

  it('an empty deck is refilled from its shuffled discards; with both empty nobody can buy', () => {
    let s = emptyDeck(withMarker(blank(), 'gelderland', 0), 'culture');
    const r = play(s, 0, { kind: 'buy-card', marker: at('gelderland') });
    expect(eventsOf(r.events, 'reshuffled')).toHaveLength(1);
    expect(r.state.decks.culture).toHaveLength(26);
    s = { ...withMarker(blank(), 'gelderland', 0) };
    s = {
      ...s,
      players: s.players.map((p, i) => (i === 1 ? { ...p, windmills: [...s.decks.culture] } : p)),
      decks: { ...s.decks, culture: [] },
    };
    refuse(s, 0, { kind: 'buy-card', marker: at('gelderland') }, 'deck-empty');
  });
});

describe('7.6 orange: spices through the colonies', () => {
  it('a colony marker buys a spice card for its box number in guilders (West Indies 7)', () => {
    let s = withColony(withColony(withMoney(blank(), 0, 40), 2, 0), 7, 0);
    s = stack(s, 'spices-spice-single-1', 'spices-spice-triple-1');
    s = play(s, 0, { kind: 'buy-card', marker: { at: 'colony', box: 2 } }).state;
    expect(s.players[0]!.money).toBe(36);
    s = play(s, 0, { kind: 'buy-card', marker: { at: 'colony', box: 7 } }).state;
    expect(s.players[0]!.money).toBe(22);
    expect(s.players[0]!.hand).toEqual(['spices-spice-single-1', 'spices-spice-triple-1']);
    refuse(s, 0, { kind: 'buy-card', marker: { at: 'colony', box: 7 } }, 'no-active-marker');
    refuse(withColony(withMoney(blank(), 0, 11), 6, 0), 0, { kind: 'buy-card', marker: { at: 'colony', box: 6 } }, 'cannot-afford');
  });

  it('several West Indies markers of one player each give an action', () => {
    let s = withColony(withColony(withMoney(blank(), 0, 40), 7, 0), 7, 0);
    s = playAll(s, [
      [0, { kind: 'buy-card', marker: { at: 'colony', box: 7 } }],
      [0, { kind: 'buy-card', marker: { at: 'colony', box: 7 } }],
    ]).state;
    expect(s.west.every((m) => m.used)).toBe(true);
  });

  it('spice sets pay 7, 16 and 27', () => {
    let s = give(
      blank(),
      0,
      'spices-spice-single-1',
      'spices-spice-pair-1',
      'spices-spice-pair-2',
      'spices-spice-triple-1',
      'spices-spice-triple-2',
      'spices-spice-triple-3',
    );
    const r = playAll(s, [
      [0, { kind: 'exchange', set: 'spice-single' }],
      [0, { kind: 'exchange', set: 'spice-pair' }],
      [0, { kind: 'exchange', set: 'spice-triple' }],
    ]);
    expect(eventsOf(r.events, 'exchanged').map((e) => e.amount)).toEqual([14, 32, 54]);
    s = r.state;
    expect(s.players[0]!.money).toBe(20 + 100);
  });
});
