/**
 * Section 8.0 of dutch-golden-age.md: auctions of unused province actions — the worked example
 * (Barack pays George 2 guilders for a blue action) and every auction case.
 */
import { describe, expect, it } from 'vitest';
import { view } from '#shared/games/golden-age/view.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { scoreOf } from '#shared/games/golden-age/rules.js';
import {
  blank,
  emptyDeck,
  eventsOf,
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
  withPhase,
  withTokens,
} from './helpers.js';
import { english } from '../../support/words.js';

const GEORGE = 0;
const BARACK = 1;

/** Every arts card left in the deck goes to George (the auctioneer) as a painting: none can be drawn. */
const noArtsLeft = (s: GoldenAgeState): GoldenAgeState => ({
  ...s,
  players: s.players.map((p, i) =>
    i === GEORGE ? { ...p, paintings: [...p.paintings, ...s.decks.arts.map((card) => ({ card, paid: 0 }))] } : p,
  ),
  decks: { ...s.decks, arts: [] },
});

describe('8.0 auctions', () => {
  it('the worked example: Barack pays George 2 guilders for a blue action and takes the top blue card without paying the bank', () => {
    let s = stack(withMarker(blank(), 'zeeland', GEORGE), 'colony-ship-4');
    const bank = s.bank;
    s = play(s, GEORGE, { kind: 'auction', province: 'zeeland' }).state;
    expect(s.phase).toBe('auction');
    expect(goldenAge.toAct(s)).toEqual([BARACK]); // left of George starts
    const r = playAll(s, [
      [BARACK, { kind: 'bid', amount: 4 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]);
    expect(eventsOf(r.events, 'auction-won')[0]).toMatchObject({ seat: BARACK, auctioneer: GEORGE, amount: 4 });
    expect(r.state.players[BARACK]!.money).toBe(16);
    expect(r.state.players[GEORGE]!.money).toBe(24);
    expect(r.state.players[BARACK]!.hand).toEqual(['colony-ship-4']);
    expect(r.state.bank).toBe(bank);
    expect(r.state.provinces[pi('zeeland')]!.marker).toMatchObject({ owner: GEORGE, used: true });
    expect(r.state.phase).toBe('actions');
    expect(goldenAge.toAct(r.state)).toEqual([GEORGE]);
    // the prize card is private to Barack
    const drawn = eventsOf(r.events, 'card-drawn')[0]!;
    expect(english(goldenAge.viewEvent(drawn, GEORGE))).toBe('Bob took a colony (blue) card as the auction prize.');
    expect(english(goldenAge.viewEvent(drawn, BARACK))).toMatch(/ship/);
  });

  it('bidding goes clockwise from the auctioneer’s left; each bid is a move of the seat to bid', () => {
    let s = withPhase(withMarker(blank(), 'brabant', 2), 'actions', 2);
    s = play(s, 2, { kind: 'auction', province: 'brabant' }).state;
    expect(goldenAge.toAct(s)).toEqual([3]);
    refuse(s, 0, { kind: 'bid', amount: 1 }, 'not-your-bid');
    refuse(s, 2, { kind: 'bid', amount: 1 }, 'not-your-bid');
    s = play(s, 3, { kind: 'bid', amount: 1 }).state;
    expect(goldenAge.toAct(s)).toEqual([0]);
    s = play(s, 0, { kind: 'bid', amount: 2 }).state;
    expect(goldenAge.toAct(s)).toEqual([1]);
    expect(view(s, 1).auction).toMatchObject({ bidder: 1, minBid: 3, high: { seat: 0, amount: 2 } });
  });

  it('the opening bid and every raise are at least ½ guilder', () => {
    let s = play(withMarker(blank(), 'brabant', 0), 0, { kind: 'auction', province: 'brabant' }).state;
    refuse(s, 1, { kind: 'bid', amount: 0 }, 'bid-too-low');
    s = play(s, 1, { kind: 'bid', amount: 3 }).state;
    refuse(s, 2, { kind: 'bid', amount: 3 }, 'bid-too-low');
    s = play(s, 2, { kind: 'bid', amount: 4 }).state;
    expect(s.auction!.high).toEqual({ seat: 2, amount: 4 });
  });

  it('a pass is final: the passer is skipped from then on', () => {
    let s = play(withMarker(blank(), 'brabant', 0), 0, { kind: 'auction', province: 'brabant' }).state;
    s = playAll(s, [
      [1, { kind: 'pass' }],
      [2, { kind: 'bid', amount: 1 }],
      [3, { kind: 'bid', amount: 2 }],
    ]).state;
    expect(goldenAge.toAct(s)).toEqual([2]); // seat 1 is skipped
    refuse(s, 1, { kind: 'bid', amount: 5 }, 'not-your-bid');
    const r = play(s, 2, { kind: 'pass' });
    expect(eventsOf(r.events, 'auction-won')[0]).toMatchObject({ seat: 3, amount: 2 });
  });

  it('a bidding war: the last bidder wins when all others have passed', () => {
    const s = play(withMarker(blank(), 'groningen', 0), 0, { kind: 'auction', province: 'groningen' }).state;
    const r = playAll(s, [
      [1, { kind: 'bid', amount: 1 }],
      [2, { kind: 'bid', amount: 2 }],
      [3, { kind: 'pass' }],
      [1, { kind: 'bid', amount: 5 }],
      [2, { kind: 'bid', amount: 6 }],
      [1, { kind: 'bid', amount: 9 }],
      [2, { kind: 'pass' }],
    ]);
    expect(eventsOf(r.events, 'auction-won')[0]).toMatchObject({ seat: 1, amount: 9 });
    expect(r.state.players.map((p) => p.money)).toEqual([29, 11, 20, 20]);
  });

  it('the first bidder wins at once when everybody after him passes', () => {
    const s = play(withMarker(blank(), 'groningen', 0), 0, { kind: 'auction', province: 'groningen' }).state;
    const r = playAll(s, [
      [1, { kind: 'bid', amount: 1 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]);
    expect(r.state.phase).toBe('actions');
    expect(r.state.players[1]!.hand).toHaveLength(1);
  });

  it('the last seat still chooses when all before it passed without bidding', () => {
    let s = play(withMarker(blank(), 'groningen', 0), 0, { kind: 'auction', province: 'groningen' }).state;
    s = playAll(s, [
      [1, { kind: 'pass' }],
      [2, { kind: 'pass' }],
    ]).state;
    expect(goldenAge.toAct(s)).toEqual([3]);
    const r = play(s, 3, { kind: 'bid', amount: 1 });
    expect(eventsOf(r.events, 'auction-won')[0]).toMatchObject({ seat: 3, amount: 1 });
  });

  it('no bid at all: the marker stays face up for its owner but cannot be offered again this turn', () => {
    let s = play(withMarker(blank(), 'groningen', 0), 0, { kind: 'auction', province: 'groningen' }).state;
    const r = playAll(s, [
      [1, { kind: 'pass' }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]);
    expect(eventsOf(r.events, 'auction-unsold')).toHaveLength(1);
    s = r.state;
    expect(s.phase).toBe('actions');
    expect(s.provinces[pi('groningen')]!.marker!.used).toBe(false);
    refuse(s, 0, { kind: 'auction', province: 'groningen' }, 'already-offered');
    expect(isListed(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'groningen' } })).toBe(true);
    // next time round it may be offered again
    s = play(s, 0, { kind: 'end-turn' }).state;
    expect(s.unsold).toEqual([]);
  });

  it('only the auctioneer’s own unused province markers: never a guild or a colony marker', () => {
    let s = withColony(withGuild(withMarker(withMarker(blank(), 'brabant', 1), 'utrecht', 0, { used: true }), 'yellow', 0), 3, 0);
    refuse(s, 0, { kind: 'auction', province: 'brabant' }, 'not-your-province');
    refuse(s, 0, { kind: 'auction', province: 'zeeland' }, 'not-your-province');
    refuse(s, 0, { kind: 'auction', province: 'utrecht' }, 'marker-used');
    expect(goldenAge.legalMoves(s, 0).some((m) => m.kind === 'auction')).toBe(false);
    s = withMarker(s, 'friesland', 0);
    expect(goldenAge.legalMoves(s, 0).filter((m) => m.kind === 'auction')).toEqual([{ kind: 'auction', province: 'friesland' }]);
  });

  it('seats that cannot bid pass automatically: no money, or no way to use the action', () => {
    // green action: seat 2 has no token left, seat 1 has no money
    let s = withTokens(withMoney(withMarker(blank(), 'holland', 0), 1, 0), 'friesland', 2, 5);
    const r = play(s, 0, { kind: 'auction', province: 'holland' });
    expect(eventsOf(r.events, 'passed')).toEqual([
      { type: 'passed', seat: 1, auto: true },
      { type: 'passed', seat: 2, auto: true },
    ]);
    expect(goldenAge.toAct(r.state)).toEqual([3]);
    expect(english(goldenAge.viewEvent(r.events[1]!, null))).toBe('Bob cannot bid and passes.');
    // nobody else at all → the auction cannot start
    s = withMoney(withMoney(withMoney(withMarker(blank(), 'holland', 0), 1, 0), 2, 0), 3, 0);
    refuse(s, 0, { kind: 'auction', province: 'holland' }, 'no-bidders');
  });

  it('nobody bids more than he owns; a seat outbid beyond its means passes automatically', () => {
    let s = withMoney(withMoney(withMarker(blank(), 'brabant', 0), 1, 3), 2, 40);
    s = play(s, 0, { kind: 'auction', province: 'brabant' }).state;
    refuse(s, 1, { kind: 'bid', amount: 4 }, 'bid-too-high');
    s = play(s, 1, { kind: 'bid', amount: 3 }).state;
    s = play(s, 2, { kind: 'bid', amount: 17 }).state; // any amount is accepted, listed or not
    const r = play(s, 3, { kind: 'pass' });
    // seat 1 cannot raise above 3: passes automatically, seat 2 wins
    expect(eventsOf(r.events, 'passed').map((e) => [e.seat, e.auto])).toEqual([
      [3, false],
      [1, true],
    ]);
    expect(eventsOf(r.events, 'auction-won')[0]).toMatchObject({ seat: 2, amount: 17 });
  });

  it('lists pass and a bounded set of bids from the minimum up to all-in', () => {
    const s = play(withMoney(withMarker(blank(), 'brabant', 0), 1, 40), 0, { kind: 'auction', province: 'brabant' }).state;
    expect(goldenAge.legalMoves(s, 1)).toEqual([{ kind: 'pass' }, ...[1, 2, 3, 5, 11, 40].map((amount) => ({ kind: 'bid', amount }))]);
    expect(goldenAge.legalMoves(s, 2)).toEqual([]);
    expect(goldenAge.defaultMove!(s, 1)).toEqual({ kind: 'pass' });
  });

  // Issue 13, §8.0: "Conducting the action does not cost additional money": the guilder put on
  // the painting comes from the bank, not from the winner who already paid the bid.
  it('brown prize: the winner chooses a free arts card or one painter payment, whose guilder comes from the bank', () => {
    let s = stack(give(withMarker(blank(), 'utrecht', 0), 1, 'arts-4vp-1'), 'arts-7vp-2');
    s = play(s, 0, { kind: 'auction', province: 'utrecht' }).state;
    s = playAll(s, [
      [1, { kind: 'bid', amount: 2 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]).state;
    expect(s.phase).toBe('auction-action');
    expect(goldenAge.toAct(s)).toEqual([1]);
    expect(goldenAge.legalMoves(s, 1)).toEqual([{ kind: 'prize-card' }, { kind: 'prize-painter', painting: 'arts-4vp-1' }]);
    refuse(s, 0, { kind: 'end-turn' }, 'not-your-turn');
    refuse(s, 1, { kind: 'prize-token', province: 'holland', convert: false }, 'wrong-action');
    const card = play(s, 1, { kind: 'prize-card' }).state;
    expect(card.players[1]!.paintings.map((p) => p.card)).toEqual(['arts-4vp-1', 'arts-7vp-2']);
    expect(card.players[1]!.money).toBe(18);
    expect(card.phase).toBe('actions');
    expect(goldenAge.toAct(card)).toEqual([0]);
    const paid = play(s, 1, { kind: 'prize-painter', painting: 'arts-4vp-1' });
    const painter = paid.state;
    expect(painter.players[1]!.paintings).toEqual([{ card: 'arts-4vp-1', paid: 1 }]);
    expect(painter.players[1]!.money).toBe(18);
    expect(painter.bank).toBe(s.bank - 2);
    expect(english(goldenAge.viewEvent(eventsOf(paid.events, 'painter-paid')[0]!, 2))).toBe(
      "The bank paid the painter 1 guilder for Bob's 4-point painting (auction prize): payment 1 of 2.",
    );
    // with no guilder in the bank the painter cannot be paid this way; the card still can be taken
    const broke = withBank(s, 1);
    refuse(broke, 1, { kind: 'prize-painter', painting: 'arts-4vp-1' }, 'bank-short');
    expect(goldenAge.legalMoves(broke, 1)).toEqual([{ kind: 'prize-card' }]);
  });

  it('brown prize with no arts card left: bids may use all one’s money, and the only use is taken at once', () => {
    let s = give(withMoney(withMarker(blank(), 'utrecht', 0), 1, 6), 1, 'arts-4vp-1');
    s = {
      ...s,
      players: s.players.map((p, i) => (i === 2 ? { ...p, paintings: s.decks.arts.map((card) => ({ card, paid: 0 })) } : p)),
      decks: { ...s.decks, arts: [] },
    };
    const bank = s.bank;
    s = play(s, 0, { kind: 'auction', province: 'utrecht' }).state;
    // seat 1 may bid all its 6 halves: the painter's guilder is not its to pay; seat 2 pays painters too
    refuse(s, 1, { kind: 'bid', amount: 7 }, 'bid-too-high');
    expect(isListed(s, 1, { kind: 'bid', amount: 6 })).toBe(true);
    s = play(s, 1, { kind: 'bid', amount: 6 }).state;
    // seat 3 has no painting and there is no card to draw: it passes automatically
    const r = play(s, 2, { kind: 'pass' });
    expect(eventsOf(r.events, 'passed').map((e) => [e.seat, e.auto])).toEqual([
      [2, false],
      [3, true],
    ]);
    expect(r.state.phase).toBe('actions');
    expect(r.state.players[1]).toMatchObject({ money: 0, paintings: [{ card: 'arts-4vp-1', paid: 1 }] });
    expect(r.state.players[0]!.money).toBe(20 + 6);
    expect(r.state.bank).toBe(bank - 2);
  });

  it('brown prize with no arts card left: nobody can bid when the bank has no guilder for the painter', () => {
    let s = give(withMarker(blank(), 'utrecht', 0), 1, 'arts-4vp-1');
    s = withBank(noArtsLeft(s), 1);
    refuse(s, 0, { kind: 'auction', province: 'utrecht' }, 'no-bidders');
  });

  it('green prize: the winner places a free token anywhere and may at once turn three into a marker', () => {
    let s = withTokens(withMarker(blank(), 'limburg', 0), 'friesland', 3, 2);
    s = play(s, 0, { kind: 'auction', province: 'limburg' }).state;
    s = playAll(s, [
      [1, { kind: 'pass' }],
      [2, { kind: 'pass' }],
      [3, { kind: 'bid', amount: 6 }],
    ]).state;
    expect(s.phase).toBe('auction-action');
    expect(goldenAge.legalMoves(s, 3)).toHaveLength(10 + 1);
    refuse(s, 3, { kind: 'prize-token', province: 'holland', convert: true }, 'cannot-convert');
    const r = play(s, 3, { kind: 'prize-token', province: 'friesland', convert: true });
    expect(r.state.provinces[pi('friesland')]).toMatchObject({ marker: { owner: 3 }, tokens: [0, 0, 0, 0] });
    expect(r.state.players[3]).toMatchObject({ money: 14, tokens: 5, markers: 5 });
    expect(scoreOf(r.state, 3).provinceMarkers).toBe(4);
    expect(goldenAge.defaultMove!(s, 3)).toEqual({ kind: 'prize-token', province: 'holland', convert: false });
  });

  it('the auctioneer may spend the proceeds in the same turn', () => {
    let s = withMoney(withMarker(withMarker(blank(), 'zeeland', 0), 'brabant', 0), 0, 0);
    refuse(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'brabant' } }, 'cannot-afford');
    s = play(s, 0, { kind: 'auction', province: 'zeeland' }).state;
    s = playAll(s, [
      [1, { kind: 'bid', amount: 6 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]).state;
    const r = play(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'brabant' } });
    expect(r.state.players[0]!.money).toBe(0);
  });

  it('a grey prize that is a windmill scores for the winner', () => {
    let s: GoldenAgeState = stack(withMarker(blank(), 'vlaanderen', 0), 'culture-windmill-2');
    s = play(s, 0, { kind: 'auction', province: 'vlaanderen' }).state;
    s = playAll(s, [
      [1, { kind: 'pass' }],
      [2, { kind: 'bid', amount: 1 }],
      [3, { kind: 'pass' }],
    ]).state;
    expect(s.players[2]!.windmills).toEqual(['culture-windmill-2']);
    // a deck emptied to its discards is reshuffled for a prize too
    s = emptyDeck(withMarker(blank(), 'vlaanderen', 0), 'culture');
    s = play(s, 0, { kind: 'auction', province: 'vlaanderen' }).state;
    const r = playAll(s, [
      [1, { kind: 'bid', amount: 1 }],
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]);
    expect(eventsOf(r.events, 'reshuffled')).toHaveLength(1);
  });
});

// Issue 13, §7.2: investment cards are cashed in "at any time"; during an auction that was refused
// (wrong-phase), so a bidder could not raise money to bid.
describe('7.2 and 8.0: cashing in sets during an auction', () => {
  const started = (s: GoldenAgeState): GoldenAgeState => play(s, GEORGE, { kind: 'auction', province: 'zeeland' }).state;
  const base = () => stack(withMarker(blank(), 'zeeland', GEORGE), 'colony-ship-4');

  it('any seat may cash in while someone else is bidding; the bidding goes on unchanged', () => {
    const s = started(give(give(base(), 2, 'investment-tulip-girl-1'), BARACK, 'investment-tulip-girl-2'));
    expect(goldenAge.toAct(s)).toEqual([BARACK]);
    expect(goldenAge.legalMoves(s, 2)).toEqual([{ kind: 'exchange', set: 'tulip-girl' }]);
    expect(goldenAge.legalMoves(s, 3)).toEqual([]);
    const r = play(s, 2, { kind: 'exchange', set: 'tulip-girl' });
    expect(r.state.players[2]!.money).toBe(30);
    expect(r.state.phase).toBe('auction');
    expect(r.state.auction).toEqual(s.auction);
    // the bidder too, and it is still its turn to bid afterwards
    expect(isListed(s, BARACK, { kind: 'exchange', set: 'tulip-girl' })).toBe(true);
    const t = play(s, BARACK, { kind: 'exchange', set: 'tulip-girl' }).state;
    expect(goldenAge.toAct(t)).toEqual([BARACK]);
    expect(t.players[BARACK]!.money).toBe(30);
    refuse(s, 2, { kind: 'bid', amount: 1 }, 'not-your-bid');
  });

  it('a bidder’s limit counts the sets it could cash in; a bid beyond its purse cashes them at once', () => {
    let s = withMoney(give(base(), BARACK, 'investment-tulip-girl-1', 'spices-spice-single-1', 'investment-two-tulip-girls-1'), BARACK, 2);
    s = started(s);
    // 1 guilder + 5 (tulip girl) + 7 (single spice) = 13 guilders; a lone "two girls" card is worth nothing
    expect(
      goldenAge
        .legalMoves(s, BARACK)
        .filter((m) => m.kind === 'bid')
        .at(-1),
    ).toEqual({ kind: 'bid', amount: 26 });
    refuse(s, BARACK, { kind: 'bid', amount: 27 }, 'bid-too-high');
    expect(view(s, BARACK).auction!.bidderMax).toBe(26);
    // what the bidder's hidden cards are worth is not shown to anyone else
    expect(view(s, GEORGE).auction!.bidderMax).toBeNull();
    expect(view(s, null).auction!.bidderMax).toBeNull();
    // 7 guilders is 6 more than the purse: the tulip girl (5) falls short, the single spice (7) covers it
    const r = play(s, BARACK, { kind: 'bid', amount: 14 });
    expect(eventsOf(r.events, 'exchanged').map((e) => e.set)).toEqual(['spice-single']);
    expect(r.events.map((e) => e.type)).toEqual(['exchanged', 'bid']);
    expect(r.state.players[BARACK]!.money).toBe(16);
    expect(r.state.players[BARACK]!.hand).toEqual(['investment-tulip-girl-1', 'investment-two-tulip-girls-1']);
    const won = playAll(r.state, [
      [2, { kind: 'pass' }],
      [3, { kind: 'pass' }],
    ]).state;
    expect(won.players[BARACK]!.money).toBe(2);
    expect(won.players[GEORGE]!.money).toBe(34);
    expect(won.players[BARACK]!.hand).toEqual(['investment-tulip-girl-1', 'investment-two-tulip-girls-1', 'colony-ship-4']);
  });

  it('a seat out of money is still asked to bid if it holds a card that might be cashed in (so skipping it tells nothing)', () => {
    let s = withMoney(withMoney(withMoney(base(), 1, 0), 2, 0), 3, 0);
    s = give(s, 2, 'investment-two-tulip-girls-1');
    s = give(s, 3, 'investment-tulip-girl-1');
    s = started(s);
    // seat 1 holds nothing: passed at once; seat 2 holds a card whose back may be worth money
    expect(goldenAge.toAct(s)).toEqual([2]);
    expect(goldenAge.legalMoves(s, 2)).toEqual([{ kind: 'pass' }]);
    const r = play(s, 2, { kind: 'pass' });
    expect(goldenAge.toAct(r.state)).toEqual([3]);
    expect(goldenAge.legalMoves(r.state, 3)).toEqual([
      { kind: 'pass' },
      ...[1, 2, 3, 5, 10].map((amount) => ({ kind: 'bid', amount })),
      { kind: 'exchange', set: 'tulip-girl' },
    ]);
  });

  it('while a prize can only pay a painter, the bank keeps the guilder for it', () => {
    let s = give(give(withMarker(blank(), 'utrecht', GEORGE), BARACK, 'arts-4vp-1'), 2, 'investment-tulip-girl-1');
    s = withBank(noArtsLeft(s), 11);
    s = play(s, GEORGE, { kind: 'auction', province: 'utrecht' }).state;
    refuse(s, 2, { kind: 'exchange', set: 'tulip-girl' }, 'bank-short');
    expect(goldenAge.legalMoves(s, 2)).toEqual([]);
    // outside the auction the same exchange is paid
    // seats 2 and 3 have no painting: they are passed over, and seat 1 wins at once
    const after = play(s, BARACK, { kind: 'bid', amount: 1 }).state;
    expect(after.phase).toBe('actions');
    expect(after.bank).toBe(9);
    refuse(after, 2, { kind: 'exchange', set: 'tulip-girl' }, 'bank-short');
    expect(play(withBank(after, 10), 2, { kind: 'exchange', set: 'tulip-girl' }).state.bank).toBe(0);
  });
});
