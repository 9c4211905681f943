/**
 * Section 6.0 of dutch-golden-age.md: movement (6.1), guild control (6.2, with its worked
 * example), creating an influence marker (6.3), and moving markers when the reserve is empty.
 */
import { describe, expect, it } from 'vitest';
import { goldenAge } from '#shared/games/golden-age/index.js';
import {
  blank,
  ci,
  eventsOf,
  isListed,
  pi,
  play,
  playAll,
  refuse,
  withColony,
  withGuild,
  withMarker,
  withMoney,
  withTokens,
} from './helpers.js';
import { english } from '../../support/words.js';

describe('6.1 movement', () => {
  it('moves a token into a neighbouring province for ½ guilder, paid to the bank, as often as one likes', () => {
    let s = withTokens(blank(), 'holland', 0, 2);
    const bank = s.bank;
    const r = playAll(s, [
      [0, { kind: 'move-token', from: 'holland', to: 'utrecht' }],
      [0, { kind: 'move-token', from: 'utrecht', to: 'gelderland' }],
      [0, { kind: 'move-token', from: 'holland', to: 'brabant' }],
    ]);
    s = r.state;
    expect(s.players[0]!.money).toBe(20 - 3);
    expect(s.bank).toBe(bank + 3);
    expect(s.provinces[pi('gelderland')]!.tokens[0]).toBe(1);
    expect(s.provinces[pi('brabant')]!.tokens[0]).toBe(1);
    expect(eventsOf(r.events, 'token-moved').map((e) => e.cost)).toEqual([1, 1, 1]);
    expect(english(goldenAge.viewEvent(r.events[0]!, 2))).toBe('Ann moved a token from Holland to Utrecht for ½ guilder.');
  });

  it('refuses a non-neighbour, a province without one’s token, and a move one cannot pay', () => {
    const s = withTokens(blank(), 'holland', 0, 1);
    refuse(s, 0, { kind: 'move-token', from: 'holland', to: 'groningen' }, 'not-adjacent');
    refuse(s, 0, { kind: 'move-token', from: 'utrecht', to: 'holland' }, 'no-token-there');
    refuse(withMoney(s, 0, 0), 0, { kind: 'move-token', from: 'holland', to: 'utrecht' }, 'cannot-afford');
    expect(goldenAge.legalMoves(withMoney(s, 0, 0), 0).some((m) => m.kind === 'move-token')).toBe(false);
    refuse(s, 1, { kind: 'move-token', from: 'holland', to: 'utrecht' }, 'not-your-turn');
  });

  it('lists exactly the neighbour moves of each own token', () => {
    const s = withTokens(blank(), 'vlaanderen', 0, 1);
    const moves = goldenAge.legalMoves(s, 0).filter((m) => m.kind === 'move-token');
    expect(moves).toEqual([
      { kind: 'move-token', from: 'vlaanderen', to: 'zeeland' },
      { kind: 'move-token', from: 'vlaanderen', to: 'brabant' },
    ]);
  });
});

describe('6.2 guild control', () => {
  it('the worked example: 3 guilders into an empty column, 4 to take it over (the old marker goes home), then 5', () => {
    let s = blank();
    let r = play(s, 0, { kind: 'take-guild', colour: 'yellow' });
    expect(r.state.players[0]!.money).toBe(20 - 6);
    expect(r.state.guilds[ci('yellow')]).toEqual({ holder: { owner: 0, used: false, moved: true }, level: 1 });
    expect(r.state.players[0]!.markers).toBe(5);
    // next turn: seat 1 takes it over for 4
    s = { ...r.state, current: 1 };
    r = play(s, 1, { kind: 'take-guild', colour: 'yellow' });
    expect(r.state.players[1]!.money).toBe(20 - 8);
    expect(r.state.players[0]!.markers).toBe(6); // back to the reserve
    expect(eventsOf(r.events, 'guild-taken')[0]).toMatchObject({ price: 8, displaced: 0 });
    s = { ...r.state, current: 2 };
    r = play(s, 2, { kind: 'take-guild', colour: 'yellow' });
    expect(r.state.players[2]!.money).toBe(20 - 10);
    expect(r.state.guilds[ci('yellow')]!.level).toBe(3);
  });

  it('the worked example, end: a holder who moves his marker away leaves the column empty, and it costs 3 again', () => {
    let s = withGuild(blank(), 'blue', 0, 5); // seat 0 holds blue, taken at 7 guilders
    for (let i = 0; i < 5; i++)
      s = withMarker(s, (['holland', 'utrecht', 'zeeland', 'brabant', 'limburg'] as const)[i]!, 0, { used: true });
    expect(s.players[0]!.markers).toBe(0);
    s = withMoney(s, 0, 40);
    const r = play(s, 0, { kind: 'take-guild', colour: 'grey', from: { at: 'guild', colour: 'blue' } });
    expect(r.state.guilds[ci('blue')]).toEqual({ holder: null, level: 0 });
    expect(r.state.guilds[ci('grey')]!.holder!.owner).toBe(0);
    s = { ...r.state, current: 1 };
    const r2 = play(s, 1, { kind: 'take-guild', colour: 'blue' });
    expect(r2.state.players[1]!.money).toBe(20 - 6);
  });

  it('prices rise to 10; a full column cannot change hands; nobody takes over his own guild', () => {
    let s = withMoney(withGuild(blank(), 'green', 1, 7), 0, 40);
    const r = play(s, 0, { kind: 'take-guild', colour: 'green' });
    expect(r.state.players[0]!.money).toBe(40 - 20);
    expect(r.state.guilds[ci('green')]!.level).toBe(8);
    s = { ...r.state, current: 2 };
    refuse(withMoney(s, 2, 40), 2, { kind: 'take-guild', colour: 'green' }, 'guild-full');
    refuse(withGuild(blank(), 'brown', 0, 2), 0, { kind: 'take-guild', colour: 'brown' }, 'own-guild');
    refuse(withMoney(blank(), 0, 5), 0, { kind: 'take-guild', colour: 'brown' }, 'cannot-afford');
  });

  it('a guild marker gives its special action the same turn (the price paid is not the action cost)', () => {
    let s = play(blank(), 0, { kind: 'take-guild', colour: 'grey' }).state;
    const r = play(s, 0, { kind: 'buy-card', marker: { at: 'guild', colour: 'grey' } });
    expect(r.state.players[0]!.money).toBe(20 - 6 - 6);
    s = r.state;
    refuse(s, 0, { kind: 'buy-card', marker: { at: 'guild', colour: 'grey' } }, 'no-active-marker');
  });

  it('with an empty reserve a marker may come from the board, but never a flipped one or one moved this turn', () => {
    let s = blank();
    const places = ['holland', 'utrecht', 'zeeland', 'brabant', 'limburg'] as const;
    for (const p of places) s = withMarker(s, p, 0);
    s = withMoney(withColony(s, 3, 0), 0, 60);
    expect(s.players[0]!.markers).toBe(0);
    refuse(s, 0, { kind: 'take-guild', colour: 'grey' }, 'no-marker');
    // flipped marker cannot move
    let r = play(s, 0, { kind: 'buy-card', marker: { at: 'province', province: 'brabant' } });
    refuse(r.state, 0, { kind: 'take-guild', colour: 'grey', from: { at: 'province', province: 'brabant' } }, 'marker-not-movable');
    // an unflipped one can; the province is left empty
    r = play(r.state, 0, { kind: 'take-guild', colour: 'grey', from: { at: 'province', province: 'holland' } });
    expect(r.state.provinces[pi('holland')]!.marker).toBeNull();
    expect(r.state.guilds[ci('grey')]!.holder).toEqual({ owner: 0, used: false, moved: true });
    // it may not move again this turn…
    refuse(r.state, 0, { kind: 'take-guild', colour: 'yellow', from: { at: 'guild', colour: 'grey' } }, 'marker-not-movable');
    // …but it may act this turn
    r = play(r.state, 0, { kind: 'buy-card', marker: { at: 'guild', colour: 'grey' } });
    expect(r.state.guilds[ci('grey')]!.holder!.used).toBe(true);
    // a colony marker may be moved too
    r = play(r.state, 0, { kind: 'take-guild', colour: 'yellow', from: { at: 'colony', box: 3 } });
    expect(r.state.east[1]).toBeNull();
    // a reserve marker must be used first when there is one
    refuse(
      withGuild(blank(), 'green', 0),
      0,
      { kind: 'take-guild', colour: 'grey', from: { at: 'guild', colour: 'green' } },
      'reserve-not-empty',
    );
  });

  it('lists a takeover per colour from the reserve, or per movable marker when the reserve is empty', () => {
    let s = blank();
    expect(goldenAge.legalMoves(s, 0).filter((m) => m.kind === 'take-guild')).toHaveLength(5);
    for (const p of ['holland', 'utrecht', 'zeeland', 'brabant', 'limburg', 'friesland'] as const) s = withMarker(s, p, 0);
    s = withMarker(s, 'friesland', 0, { used: true });
    const takes = goldenAge.legalMoves(s, 0).filter((m) => m.kind === 'take-guild');
    expect(takes).toHaveLength(5 * 5);
    expect(isListed(s, 0, { kind: 'take-guild', colour: 'blue', from: { at: 'province', province: 'zeeland' } })).toBe(true);
    expect(isListed(s, 0, { kind: 'take-guild', colour: 'blue', from: { at: 'province', province: 'friesland' } })).toBe(false);
  });
});

describe('6.3 creating an influence marker', () => {
  it('replaces three own tokens in a province by a marker from the reserve, at no cost', () => {
    const s = withTokens(blank(), 'overijssel', 0, 3);
    const r = play(s, 0, { kind: 'create-marker', province: 'overijssel' });
    expect(r.state.provinces[pi('overijssel')]).toEqual({ marker: { owner: 0, used: false, moved: true }, tokens: [0, 0, 0, 0] });
    expect(r.state.players[0]).toMatchObject({ money: 20, tokens: 5, markers: 5 });
    expect(english(goldenAge.viewEvent(r.events[0]!, null))).toMatch(/three movement tokens in Overijssel/);
  });

  it('needs three tokens of one player, and only one marker per province', () => {
    let s = withTokens(withTokens(blank(), 'overijssel', 0, 2), 'overijssel', 1, 1);
    refuse(s, 0, { kind: 'create-marker', province: 'overijssel' }, 'need-three-tokens');
    s = withMarker(withTokens(s, 'overijssel', 0, 3), 'overijssel', 2);
    refuse(s, 0, { kind: 'create-marker', province: 'overijssel' }, 'province-has-marker');
  });

  it('with an empty reserve, a movable marker from the board may be used', () => {
    let s = withTokens(blank(), 'overijssel', 0, 3);
    for (const p of ['holland', 'utrecht', 'zeeland', 'brabant', 'limburg', 'friesland'] as const) s = withMarker(s, p, 0);
    refuse(s, 0, { kind: 'create-marker', province: 'overijssel' }, 'no-marker');
    const r = play(s, 0, { kind: 'create-marker', province: 'overijssel', from: { at: 'province', province: 'friesland' } });
    expect(r.state.provinces[pi('friesland')]!.marker).toBeNull();
    expect(r.state.provinces[pi('overijssel')]!.marker!.owner).toBe(0);
  });
});
