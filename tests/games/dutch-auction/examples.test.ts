/**
 * Every worked example of both rule texts, rebuilt as a scenario. Each test names the example it
 * reproduces; where a picture leaves a card unnamed, the test picks one that fits the text.
 */
import { describe, expect, it } from 'vitest';
import { scoreCards } from '#shared/games/dutch-auction/rules.js';
import { build, game, ids, play, playAll } from './helpers.js';

describe('current edition (dutch-auction.md)', () => {
  it('Phase 2 example: Jeanne bids 6+3+0+7=16, Tom 0+3+2+3=8, Jeanne wins the bid', () => {
    let s = build({
      seats: [
        { hand: ['green-6', 'red-3', 'blue-P1', 'pink-7', 'green-1'], deck: ['red-8'] },
        { hand: ['red-P1', 'green-3', 'pink-2', 'blue-3', 'pink-1'], deck: ['red-7'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-6', 'red-3', 'blue-P1', 'pink-7'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'pink-1', bid: ['red-P1', 'green-3', 'pink-2', 'blue-3'] });
    expect(r.state.bidTotals).toEqual([16, 8]);
    expect(r.state.bidWinner).toBe(0);
    expect(r.state.active).toBe(0);
    expect(r.state.phase).toBe('actions');
    // The set-aside cards now lie on top of the personal decks.
    expect(r.state.seats[0].deck).toEqual(['green-1', 'red-8']);
    expect(r.state.seats[1].deck).toEqual(['pink-1', 'red-7']);
    expect(r.events.map((e) => e.type)).toEqual(['committed', 'revealed', 'bid-won']);
  });

  it('Phase 3 powers example: Catherine cashes in her blue 2-bid and takes the pink 2-bid from her discards', () => {
    let s = build({
      seats: [{ bid: ['green-7', 'blue-2', 'blue-P1', 'pink-P1'], discards: ['pink-2'] }, { bid: ['red-1'] }],
      display: ['red-5', 'green-5', 'pink-5', 'blue-5', 'red-6', 'green-6'],
    });
    expect(s.bidTotals).toEqual([9, 1]);
    s = play(s, 0, { kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'blue-2' }).state;
    s = play(s, 0, { kind: 'power', card: 'pink-P1', power: 'take', target: 'pink-2', from: 'personal-discards' }).state;
    expect(ids(s.seats[0].bid)).toEqual(['green-7', 'blue-P1', 'pink-P1', 'pink-2']);
    expect(s.seats[0].cashedIn).toEqual(['blue-2']);
    expect(s.seats[0].discards).toEqual([]);
  });

  it('Purchase example: Elizabeth buys the blue 4-bid in the 3-cost position with three blue cards', () => {
    let s = build({
      seats: [{ bid: ['blue-1', 'blue-6', 'blue-P2'] }, { bid: ['red-1'] }],
      display: ['red-5', 'green-5', 'blue-4', 'pink-5', 'red-6', 'green-6'],
    });
    const r = play(s, 0, { kind: 'purchase', slot: 3, pay: ['blue-1', 'blue-6', 'blue-P2'] });
    s = r.state;
    expect(s.seats[0].discards.slice().sort()).toEqual(['blue-1', 'blue-4', 'blue-6', 'blue-P2']);
    expect(s.auctionDiscards).toEqual([]);
    expect(s.display[2]).toBeNull();
    expect(s.seats[0].bid).toEqual([]);
  });

  it("Purchase example: Dieter's two purchases (red 8-bid for 1 card, green 8-bid for 2 cards)", () => {
    let s = build({
      seats: [{ bid: ['blue-P1', 'green-4', 'pink-6'] }, { bid: ['red-1'] }],
      display: ['red-8', 'green-8', 'pink-5', 'blue-5', 'red-6', 'green-6'],
    });
    s = play(s, 0, { kind: 'purchase', slot: 1, pay: ['blue-P1'] }).state;
    expect(s.seats[0].discards).toEqual(['red-8']);
    expect(s.auctionDiscards).toEqual(['blue-P1']);
    s = play(s, 0, { kind: 'purchase', slot: 2, pay: ['green-4', 'pink-6'] }).state;
    expect(s.seats[0].discards).toEqual(['red-8', 'green-4', 'green-8']);
    expect(s.auctionDiscards).toEqual(['blue-P1', 'pink-6']);
  });

  it('Phase 4 example: three cards left in positions 2, 3 and 4 slide down and three new cards come', () => {
    const s = build({
      seats: [{}, { bid: [] }],
      phase: 'actions',
      bidWinner: 0,
      active: 1,
      display: [null, 'red-5', 'green-5', 'pink-5', null, null],
      auctionDeck: ['blue-1', 'blue-2', 'blue-3', 'blue-4'],
    });
    const r = play(s, 1, { kind: 'done' });
    expect(r.state.display).toEqual(['red-5', 'green-5', 'pink-5', 'blue-1', 'blue-2', 'blue-3']);
    expect(r.state.auctionDeck[0]).toBe('blue-4');
    expect(r.events.find((e) => e.type === 'restocked')).toMatchObject({ added: 3 });
  });

  it('Scoring example: Imran scores 22 + 20 + 14 + 7 = 63', () => {
    const cards = [
      'pink-2',
      'pink-1', // 7 + 8, bonus 7
      'green-6',
      'green-3',
      'green-1', // 3 + 6 + 8, bonus 3
      'blue-P1',
      'blue-P2',
      'blue-7',
      'blue-4',
      'blue-2', // 0 + 0 + 2 + 5 + 7, bonus 0
      'red-P1',
      'red-2', // 0 + 7, bonus 0
    ];
    const score = scoreCards('current', 0, cards);
    expect(score.total).toBe(63);
    const bySuit = Object.fromEntries(score.suits.map((x) => [x.suit, [x.vp, x.bonus, x.total]]));
    expect(bySuit).toEqual({ pink: [15, 7, 22], green: [17, 3, 20], blue: [14, 0, 14], red: [7, 0, 7] });
    // The same cards spread over every zone, in a finished game, give the same result.
    const end = build({
      phase: 'over',
      seats: [
        {
          deck: ['pink-2', 'blue-P1'],
          discards: ['pink-1', 'green-6', 'green-3', 'blue-7'],
          cashedIn: ['green-1', 'blue-2'],
          hand: ['blue-P2', 'blue-4', 'red-P1', 'red-2'],
        },
        { deck: ['red-8'] },
      ],
    });
    const res = game.result(end);
    expect(res?.scores?.[0]).toBe(63);
    expect(res?.winners).toEqual([0]);
  });

  it('Further example: Frida buys the pink 4-bid, takes her pink 3-bid back, and buys the pink 8-bid', () => {
    let s = build({
      seats: [{ bid: ['pink-3', 'pink-P1'] }, { bid: ['red-1'] }],
      display: ['pink-4', 'pink-8', 'green-5', 'blue-5', 'red-6', 'green-6'],
    });
    s = play(s, 0, { kind: 'purchase', slot: 1, pay: ['pink-3'] }).state;
    s = play(s, 0, { kind: 'power', card: 'pink-P1', power: 'take', target: 'pink-3', from: 'personal-discards' }).state;
    expect(ids(s.seats[0].bid)).toEqual(['pink-P1', 'pink-3']);
    s = play(s, 0, { kind: 'purchase', slot: 2, pay: ['pink-3', 'pink-P1'] }).state;
    expect(s.seats[0].discards.slice().sort()).toEqual(['pink-3', 'pink-4', 'pink-8', 'pink-P1']);
    expect(s.auctionDiscards).toEqual([]);
  });

  it('Further example: Femi cashes in, takes a red power card, re-suits his red 4-bid to pink and buys the pink card', () => {
    let s = build({
      seats: [{ bid: ['blue-P1', 'blue-3', 'red-P1', 'red-4'] }, { bid: ['green-1'] }],
      auctionDiscards: ['red-P2'],
      display: ['pink-6', 'green-8', 'green-5', 'blue-5', 'red-6', 'green-6'],
    });
    s = playAll(s, 0, [
      { kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'blue-3' },
      { kind: 'power', card: 'red-P1', power: 'take', target: 'red-P2', from: 'auction-discards' },
      // The taken power card is activated in turn.
      { kind: 'power', card: 'red-P2', power: 'change-suit', target: 'red-4', suit: 'pink' },
      { kind: 'purchase', slot: 1, pay: ['red-4'] },
    ]);
    expect(s.seats[0].cashedIn).toEqual(['blue-3']);
    expect(s.seats[0].discards).toEqual(['red-4', 'pink-6']);
    expect(s.auctionDiscards).toEqual([]);
    expect(ids(s.seats[0].bid)).toEqual(['blue-P1', 'red-P1', 'red-P2']);
  });
});

describe('2018 edition (dutch-auction-2018-prototype.md)', () => {
  it('Phase 2 example: Jean bids four cards, 4+2+8+2=16; Tom keeps one back and bids 10+3+2=15; Jean wins', () => {
    let s = build({
      edition: '2018',
      seats: [
        { hand: ['green-4', 'red-2', 'blue-8', 'pink-2', 'green-1'], deck: ['red-9'] },
        { hand: ['red-10', 'blue-3', 'green-2', 'pink-9', 'pink-1'], deck: ['red-7'] },
      ],
    });
    s = play(s, 0, { kind: 'commit', setAside: 'green-1', bid: ['green-4', 'red-2', 'blue-8', 'pink-2'] }).state;
    const r = play(s, 1, { kind: 'commit', setAside: 'pink-1', bid: ['red-10', 'blue-3', 'green-2'] });
    expect(r.state.bidTotals).toEqual([16, 15]);
    expect(r.state.bidWinner).toBe(0);
    expect(r.state.seats[1].hand).toEqual(['pink-9']);
    expect(r.events.find((e) => e.type === 'revealed')).toMatchObject({ keptBack: [0, 1] });
  });

  it('Use powers example: Catherine plays her blue 6 to cash in the blue 2 and her blue 9 to take the blue 3', () => {
    let s = build({
      edition: '2018',
      seats: [{ bid: ['green-7', 'blue-2'], hand: ['blue-6', 'blue-9'], discards: ['blue-3'] }, { bid: ['red-1'] }],
      display: ['red-5', 'green-5', 'blue-4', 'pink-5', 'red-6', 'green-6'],
    });
    expect(s.bidTotals).toEqual([9, 1]);
    s = playAll(s, 0, [
      { kind: 'play', card: 'blue-6' },
      { kind: 'power', card: 'blue-6', power: 'cash-in', target: 'blue-2' },
      { kind: 'play', card: 'blue-9' },
      { kind: 'power', card: 'blue-9', power: 'take', target: 'blue-3', from: 'personal-discards' },
    ]);
    expect(ids(s.seats[0].bid)).toEqual(['green-7', 'blue-6', 'blue-9', 'blue-3']);
    expect(s.seats[0].cashedIn).toEqual(['blue-2']);
    expect(s.seats[0].hand).toEqual([]);
  });

  it('Purchase example: Catherine buys the 3-cost blue 4 with her three blue cards', () => {
    let s = build({
      edition: '2018',
      seats: [{ bid: ['green-7', { id: 'blue-6', powered: true }, { id: 'blue-9', powered: true }, 'blue-3'] }, { bid: ['red-1'] }],
      display: ['red-5', 'green-5', 'blue-4', 'pink-5', 'red-6', 'green-6'],
    });
    s = play(s, 0, { kind: 'purchase', slot: 3, pay: ['blue-6', 'blue-9', 'blue-3'] }).state;
    expect(s.seats[0].discards.slice().sort()).toEqual(['blue-3', 'blue-4', 'blue-6', 'blue-9']);
    expect(s.auctionDiscards).toEqual([]);
    expect(ids(s.seats[0].bid)).toEqual(['green-7']);
  });

  it('Purchase example: Dieter buys the 1-cost red 8 with a blue card, then the 2-cost green 9 with a green and a pink card', () => {
    let s = build({
      edition: '2018',
      seats: [{ bid: ['blue-2', 'green-3', 'pink-4'] }, { bid: ['red-1'] }],
      display: ['red-8', 'green-9', 'pink-5', 'blue-5', 'red-6', 'green-6'],
    });
    s = play(s, 0, { kind: 'purchase', slot: 1, pay: ['blue-2'] }).state;
    expect(s.seats[0].discards).toEqual(['red-8']);
    expect(s.auctionDiscards).toEqual(['blue-2']);
    s = play(s, 0, { kind: 'purchase', slot: 2, pay: ['green-3', 'pink-4'] }).state;
    expect(s.seats[0].discards).toEqual(['red-8', 'green-3', 'green-9']);
    expect(s.auctionDiscards).toEqual(['blue-2', 'pink-4']);
  });

  it('Purchase example: Elizabeth buys the pink 4, plays her pink 9 to take back the pink 1, then buys the pink 10', () => {
    let s = build({
      edition: '2018',
      seats: [{ bid: ['pink-1', 'pink-3'], hand: ['pink-9'] }, { bid: ['red-1'] }],
      display: ['pink-4', 'pink-10', 'green-5', 'blue-5', 'red-6', 'green-6'],
    });
    s = playAll(s, 0, [
      { kind: 'purchase', slot: 1, pay: ['pink-1'] },
      { kind: 'play', card: 'pink-9' },
      { kind: 'power', card: 'pink-9', power: 'take', target: 'pink-1', from: 'personal-discards' },
      { kind: 'purchase', slot: 2, pay: ['pink-1', 'pink-3'] },
    ]);
    expect(s.seats[0].discards).toEqual(['pink-4', 'pink-1', 'pink-3', 'pink-10']);
    expect(ids(s.seats[0].bid)).toEqual(['pink-9']);
  });

  it('More about powers: Femi chains 6, 10, 9 and 7 and ends with the 9, 10, 6 and 7 in his offering', () => {
    let s = build({
      edition: '2018',
      seats: [{ bid: ['blue-3', 'blue-5'], hand: ['blue-6', 'blue-10'], discards: ['blue-7'] }, { bid: ['red-1'] }],
      auctionDiscards: ['blue-9'],
    });
    s = playAll(s, 0, [
      { kind: 'play', card: 'blue-6' },
      { kind: 'power', card: 'blue-6', power: 'cash-in', target: 'blue-3' },
      { kind: 'play', card: 'blue-10' },
      { kind: 'power', card: 'blue-10', power: 'take', target: 'blue-9', from: 'auction-discards' },
      // The 9 taken is activated in turn and takes the 7 from his personal discards…
      { kind: 'power', card: 'blue-9', power: 'take', target: 'blue-7', from: 'personal-discards' },
      // …and the 7 gives the already-used 6 one more use, which cashes in the 5.
      { kind: 'power', card: 'blue-7', power: 'duplicate', target: 'blue-6' },
      { kind: 'power', card: 'blue-6', power: 'cash-in', target: 'blue-5' },
    ]);
    expect(ids(s.seats[0].bid).sort()).toEqual(['blue-10', 'blue-6', 'blue-7', 'blue-9']);
    expect(s.seats[0].cashedIn).toEqual(['blue-3', 'blue-5']);
    expect(s.seats[0].bid.every((c) => c.charges === 0)).toBe(true);
  });

  it('Phase 4 example: the three cards in positions 2 to 4 slide down and three new ones are dealt', () => {
    const s = build({
      edition: '2018',
      seats: [{}, { bid: [] }],
      phase: 'actions',
      bidWinner: 0,
      active: 1,
      display: [null, 'red-5', 'green-10', 'pink-7', null, null],
      auctionDeck: ['blue-1', 'blue-2', 'blue-3', 'blue-4'],
    });
    const r = play(s, 1, { kind: 'done' });
    expect(r.state.display).toEqual(['red-5', 'green-10', 'pink-7', 'blue-1', 'blue-2', 'blue-3']);
  });
});
