/**
 * The Golden Age page against the real engine: over random games (the game tests' random
 * player, 3 and 4 seats) the board offers exactly the legal moves — every legal move in exactly
 * one place of the board or among the general buttons, nothing else — anything that costs money
 * asks first, and the rendered page of one seat never holds another seat's hand.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRng } from '#shared/engine/random.js';
import { cardName } from '#shared/games/golden-age/cards.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeMove } from '#shared/games/golden-age/moves.js';
import type { GoldenAgeState } from '#shared/games/golden-age/state.js';
import { GoldenAgeBoard } from '../../web/src/games/golden-age/Board.js';
import {
  type GoldenAgeView,
  type Place,
  actionsAt,
  activePlaces,
  describe as describeMove,
  generalActions,
  goldenAgeTurnText,
  money,
  moneyShort,
  moveTargets,
  seatLetters,
} from '../../web/src/games/golden-age/logic.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';
import type { Match } from '../../web/src/types.js';
import { blank, give, play, withMarker, withMoney } from '../games/golden-age/helpers.js';
import { randomMove } from '../games/golden-age/random-player.js';

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee'];

// The board's words come from the game's catalog (until it is loaded, `t` answers keys).
beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('golden-age');
});

function matchFor(s: GoldenAgeState, you: number | null): Match {
  const over = s.phase === 'over';
  return {
    matchId: 'abcdefghijkl',
    game: { id: 'golden-age', name: 'The Dutch Golden Age' },
    version: 7,
    status: over ? 'over' : 'active',
    options: {},
    seats: Array.from({ length: s.seats }, (_, i) => ({ seat: i, name: NAMES[i]!, joined: true, waitingSince: null })),
    you,
    toAct: goldenAge.toAct(s),
    view: goldenAge.view(s, you),
    legalMoves: you === null || over ? [] : goldenAge.legalMoves(s, you),
    log: [],
    end: null,
    rematchId: null,
  };
}

const names = (v: GoldenAgeView) => ({
  province: (id: string) => v.provinces.find((p) => p.id === id)?.name ?? id,
  seat: (s: number) => NAMES[s]!,
});

function placesOf(v: GoldenAgeView): Place[] {
  return [
    ...v.provinces.map((p): Place => ({ kind: 'province', id: p.id })),
    ...v.guilds.map((g): Place => ({ kind: 'guild', colour: g.colour })),
    ...v.colonies.map((c): Place => ({ kind: 'colony', box: c.box })),
    ...v.track.map((b): Place => ({ kind: 'box', box: b.box })),
  ];
}

/** Random games, yielding every state reached with the seat to act. */
function* randomStates(games: number, seats: number, steps: number): Generator<[GoldenAgeState, number]> {
  for (let g = 0; g < games; g++) {
    let s = goldenAge.setup(seats, {}, `board-${seats}-${g}`);
    let rng = seedRng(`policy-${seats}-${g}`);
    for (let i = 0; i < steps && s.phase !== 'over'; i++) {
      const seat = goldenAge.toAct(s)[0]!;
      yield [s, seat];
      const [m, next] = randomMove(s, seat, rng, 0.15);
      rng = next;
      const r = goldenAge.apply(s, seat, m, { now: 0 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
  }
}

describe('Golden Age board logic against the engine’s legal moves', () => {
  it('offers every legal move exactly once (at its place or as a general button) and nothing else; paid moves ask first', () => {
    let states = 0;
    const kinds = new Set<string>();
    // Problems are collected and asserted once: thousands of states, each with dozens of checks.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && problems.length < 20) problems.push(what);
    };
    for (const seats of [3, 4]) {
      for (const [s, seat] of randomStates(12, seats, 250)) {
        const v = goldenAge.view(s, seat) as GoldenAgeView;
        const legal = goldenAge.legalMoves(s, seat);
        const n = names(v);
        const offered = [...placesOf(v).flatMap((p) => actionsAt(v, legal, p, n)), ...generalActions(v, legal, n)];
        const key = (m: GoldenAgeMove) => JSON.stringify(m);
        const want = legal.map(key).sort();
        const got = offered.map((a) => a.key).sort();
        check(JSON.stringify(got) === JSON.stringify(want), `offered ${got.join(' ')} but legal ${want.join(' ')}`);
        const active = activePlaces(legal);
        for (const p of placesOf(v)) {
          const here = actionsAt(v, legal, p, n);
          const k = `${p.kind}:${p.kind === 'province' ? p.id : p.kind === 'guild' ? p.colour : p.box}`;
          check(active.has(k) === here.length > 0, `highlight of ${k}`);
          if (p.kind === 'province') {
            const adj = v.provinces.find((x) => x.id === p.id)!.adjacent;
            for (const t of moveTargets(legal, p.id)) check(adj.includes(t), `${t} is no neighbour of ${p.id}`);
          }
        }
        for (const a of offered) {
          kinds.add(a.move.kind);
          check(a.label.length > 5 && !/undefined|NaN|\[object/.test(a.label), `label ${a.label}`);
          if (a.cost > 0) {
            // Only a ½-guilder token move goes without a question (it can be moved back the same way).
            check(!!a.question === (a.move.kind !== 'move-token'), `${a.question ? 'a' : 'no'} question before ${a.label}`);
            // a bid may count the sets the bidder could cash in
            const limit = a.move.kind === 'bid' ? (v.auction?.bidderMax ?? -1) : v.players[seat]!.money;
            check(a.cost <= limit, `${a.label} costs more than the player has`);
          }
        }
        states++;
      }
    }
    expect(problems).toEqual([]);
    expect(states).toBeGreaterThan(1500);
    // The random games reached the interesting kinds of move.
    for (const k of [
      'place-steward',
      'roll',
      'move-token',
      'take-guild',
      'create-marker',
      'buy-card',
      'buy-token',
      'auction',
      'bid',
      'pass',
      'end-turn',
    ]) {
      expect(kinds, k).toContain(k);
    }
  });

  it('describes moves in words with the money in guilders and halves', () => {
    expect(money(1)).toBe('½ guilder');
    expect(money(2)).toBe('1 guilder');
    expect(money(5)).toBe('2½ guilders');
    expect(money(0)).toBe('0 guilders');
    expect(moneyShort(1)).toBe('ƒ½');
    expect(moneyShort(21)).toBe('ƒ10½');
    expect(seatLetters(['Ann', 'Bob', 'Cy'])).toEqual(['A', 'B', 'C']);
    expect(seatLetters(['Ann', 'Anna', 'Cy'])).toEqual(['1', '2', '3']);
    const s = goldenAge.setup(3, {}, 'words');
    const v = goldenAge.view(s, 0) as GoldenAgeView;
    // A ½-guilder token move is made on the click; what costs more (a guild, a bid) asks first.
    const step = describeMove(v, { kind: 'move-token', from: 'utrecht', to: 'holland' }, names(v));
    expect(step.label).toBe('Move a token to Holland (½ guilder)');
    expect(step.question).toBeUndefined();
    expect(describeMove(v, { kind: 'take-guild', colour: 'grey' }, names(v)).question).toBe('Take over the grey guild for 3 guilders?');
    expect(describeMove(v, { kind: 'buy-card', marker: { at: 'guild', colour: 'yellow' } }, names(v)).label).toBe(
      'Buy an investment (yellow) card for 3 guilders (marker in the yellow guild)',
    );
    expect(describeMove(v, { kind: 'take-guild', colour: 'grey' }, names(v)).label).toBe('Take over the grey guild for 3 guilders');
    expect(describeMove(v, { kind: 'take-guild', colour: 'grey', from: { at: 'province', province: 'holland' } }, names(v)).label).toBe(
      'Take over the grey guild for 3 guilders (moving your marker from Holland)',
    );
    expect(goldenAgeTurnText(v, (x) => NAMES[x]!)).toContain('Set-up: your move');
  });
});

describe('Golden Age board rendering', () => {
  it('every seat sees its own hand and never another seat’s; the board draws all places', () => {
    let rendered = 0;
    let handsSeen = 0;
    let i = 0;
    for (const [s] of randomStates(4, 3, 400)) {
      if (i++ % 40 !== 0) continue;
      for (const viewer of [0, 1, 2, null]) {
        const html = renderToString(h(GoldenAgeBoard, { match: matchFor(s, viewer), submit: async () => true, busy: false }));
        rendered++;
        expect(html.match(/data-province="/g)).toHaveLength(10);
        expect(html.match(/data-guild="/g)).toHaveLength(5);
        // Amounts in words agree in number: "1 guilder", never "1 guilders".
        expect(html).toMatch(/The bank holds \d+½? guilders?\./);
        expect(html).not.toMatch(/(^|[^\d])1 guilders/);
        for (let other = 0; other < 3; other++) {
          const hand = s.players[other]!.hand;
          for (const id of hand) {
            if (other === viewer) {
              expect(html).toContain(`data-card="${id}"`);
              handsSeen++;
            } else {
              expect(html).not.toContain(id);
              // a card name may show for one's own identical card; otherwise never
              if (viewer === null || !s.players[viewer]!.hand.some((c) => cardName(c) === cardName(id))) {
                expect(html.toLowerCase()).not.toContain(`>${cardName(id).toLowerCase()}<`);
              }
            }
          }
        }
      }
    }
    expect(rendered).toBeGreaterThan(25);
    expect(handsSeen).toBeGreaterThan(5);
  });

  // Issue 13, §7.2: sets are cashed in "at any time", so a player who is not bidding is offered it
  // during an auction, and the bidder next to its bids.
  it('during an auction, players who are not bidding are offered to cash in their sets, and nothing else', () => {
    let s = give(give(withMarker(blank(3), 'zeeland', 0), 2, 'investment-tulip-girl-1'), 1, 'spices-spice-single-1');
    s = withMoney(s, 1, 2);
    s = play(s, 0, { kind: 'auction', province: 'zeeland' }).state;
    expect(s.phase).toBe('auction');
    const render = (viewer: number) =>
      renderToString(h(GoldenAgeBoard, { match: matchFor(s, viewer), submit: async () => true, busy: false }));
    const cy = render(2);
    expect(cy).toContain('Cash in cards');
    expect(cy).toMatch(/<button[^>]*>Cash in one tulip girl for 5 guilders<\/button>/);
    expect(cy).not.toContain('Your move');
    expect(cy).not.toContain('Your bid');
    // the bidder may bid up to its guilder plus the 7 its spice would bring, or cash it in first
    const bob = render(1);
    expect(bob).toContain('Your bid');
    expect(bob).toContain('Bid 8 guilders (all you can)');
    expect(bob).toMatch(/<button[^>]*>Cash in one single spice for 7 guilders<\/button>/);
    expect(bob).not.toContain('Cash in cards');
    // the auctioneer holds nothing to cash in: no panel at all
    expect(render(0)).not.toContain('Cash in');
    const v = goldenAge.view(s, 1) as GoldenAgeView;
    expect(describeMove(v, { kind: 'bid', amount: 16 }, names(v)).question).toBe(
      'Bid 8 guilders? If nobody bids more, you pay it to Ann and take the action. You hold 1 guilder, so the sets needed to cover the rest are cashed in at once.',
    );
  });

  it('says "1 guilder", not "1 guilders"', () => {
    const [s] = randomStates(1, 3, 1).next().value!;
    const html = renderToString(h(GoldenAgeBoard, { match: matchFor({ ...s, bank: 2 }, 0), submit: async () => true, busy: false }));
    expect(html).toContain('The bank holds 1 guilder.');
  });
});
