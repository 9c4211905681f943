/**
 * Properties over random legal games with 3 and 4 players (fast-check drives the seeds; fixed
 * fast-check seeds make every failure replay):
 * - replaying the same seed and moves gives the same state and events;
 * - apply never mutates its input;
 * - every listed legal move is accepted, unlisted moves are refused with a rule error, bids
 *   follow the minimum and the bidder's limit, the default move is always legal;
 * - no view or log line shows a hidden card (a hand or a deck) to a viewer who may not see it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '#shared/engine/game.js';
import { seedRng } from '#shared/engine/random.js';
import { ALL_CARD_IDS, card, isPublicCard } from '#shared/games/golden-age/cards.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import { maxBid, minBid, PROVINCE_COLOUR } from '#shared/games/golden-age/rules.js';
import type { GoldenAgeEvent } from '#shared/games/golden-age/state.js';
import { assertJsonExact } from '../../support/json.js';
import { runs } from '../../support/scale.js';
import { CTX } from './helpers.js';
import { randomMove } from './random-player.js';
import { arbitraryMove, cardIdsIn, deepFreeze, hiddenFrom, permuteHidden, playGame } from './random-games.js';
import { english, unworded } from '../../support/words.js';

const gameArb = fc.record({
  seats: fc.constantFrom(3, 4),
  seed: fc.integer({ min: 0, max: 0x7fffffff }).map((n) => n.toString(16)),
  endChance: fc.constantFrom(0.15, 0.3, 0.5),
});

describe('determinism and purity', () => {
  it('replays to the same state and events from the same seed and moves, each state kept exactly by JSON', () => {
    fc.assert(
      fc.property(gameArb, ({ seats, seed, endChance }) => {
        const first = playGame(seats, seed, endChance);
        let s = goldenAge.setup(seats, {}, seed);
        const events: GoldenAgeEvent[] = [];
        for (const [seat, move] of first.moves) {
          const r = goldenAge.apply(s, seat, move, CTX);
          if (!r.ok) throw new Error('replay refused a move');
          events.push(...r.value.events);
          s = r.value.state;
          assertJsonExact(s); // stored as JSON after every move: it must come back exactly
        }
        expect(JSON.stringify(s)).toBe(JSON.stringify(first.final));
        expect(JSON.stringify(events)).toBe(JSON.stringify(first.events));
      }),
      { numRuns: runs(30, 5), seed: 7 },
    );
  });

  it('never mutates the state given to apply (states are deep-frozen; a write would throw)', () => {
    fc.assert(
      fc.property(gameArb, ({ seats, seed, endChance }) => {
        let s = deepFreeze(goldenAge.setup(seats, {}, seed));
        let rng = seedRng(seed);
        while (s.phase !== 'over') {
          const seat = goldenAge.toAct(s)[0]!;
          const [move, next] = randomMove(s, seat, rng, endChance);
          rng = next;
          const r = goldenAge.apply(s, seat, move, CTX);
          if (!r.ok) throw new Error('refused');
          s = deepFreeze(r.value.state);
        }
      }),
      { numRuns: runs(10, 3), seed: 11 },
    );
  });
});

describe('legal moves', () => {
  it('every listed move is accepted; unlisted moves are refused with a rule error; bids follow the minimum and the bidder’s limit', () => {
    // Quick mode plays a quarter of the games; the counts asked for scale with them.
    const games = runs(12, 3);
    let rejections = 0;
    let bids = 0;
    let listedChecked = 0;
    fc.assert(
      fc.property(gameArb, ({ seats, seed, endChance }) => {
        let probe = seedRng(`probe:${seed}`);
        let n = 0;
        playGame(seats, seed, endChance, ({ before: s }) => {
          if (n++ % 6 !== 0) return;
          for (let seat = 0; seat < s.seats; seat++) {
            const listed = goldenAge.legalMoves(s, seat);
            const acting = goldenAge.toAct(s).includes(seat);
            if (!acting) {
              // a seat whose turn it is not may only cash in sets (section 7.2: at any time)
              for (const m of listed) {
                expect(m.kind).toBe('exchange');
                const r = goldenAge.apply(s, seat, m, CTX);
                if (!r.ok) throw new Error(`${seed}: listed ${JSON.stringify(m)} refused: ${r.error.code}`);
              }
              expect(goldenAge.defaultMove!(s, seat)).toBeNull();
            } else {
              expect(listed.length).toBeGreaterThan(0);
              expect(listed.length).toBeLessThan(200);
              for (const m of listed) {
                const r = goldenAge.apply(s, seat, m, CTX);
                if (!r.ok) throw new Error(`${seed}: listed ${JSON.stringify(m)} refused: ${r.error.code}`);
                listedChecked++;
              }
              const d = goldenAge.defaultMove!(s, seat);
              expect(goldenAge.apply(s, seat, d!, CTX).ok).toBe(true);
            }
            const keys = new Set(listed.map((m) => JSON.stringify(m)));
            for (let k = 0; k < (acting ? 8 : 2); k++) {
              const [m, next] = arbitraryMove(probe, s, seat);
              probe = next;
              expect(goldenAge.move.safeParse(m).success).toBe(true);
              const r = goldenAge.apply(s, seat, m, CTX);
              if (m.kind === 'bid' && acting && s.phase === 'auction') {
                const max = maxBid(s, seat, PROVINCE_COLOUR[s.auction!.province]!);
                expect(r.ok, JSON.stringify(m)).toBe(m.amount >= minBid(s) && m.amount <= max);
                bids++;
              } else if (keys.has(JSON.stringify(m))) {
                expect(r.ok).toBe(true);
              } else {
                expect(r.ok, `${seed}: unlisted ${JSON.stringify(m)} accepted in ${s.phase}`).toBe(false);
                if (!r.ok) {
                  expect(r.error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
                  expect(english(r.error).length).toBeGreaterThan(5);
                  expect(unworded(r.error)).toEqual([]);
                }
                rejections++;
              }
            }
          }
        });
      }),
      { numRuns: games, seed: 99 },
    );
    expect(listedChecked).toBeGreaterThan((3_000 * games) / 12);
    expect(rejections).toBeGreaterThan((1_500 * games) / 12);
    expect(bids).toBeGreaterThan((20 * games) / 12);
  }, 300_000); // seconds alone at full counts; the bound is for a busy shared machine (78 s at a load of 28)
});

describe('hidden information', () => {
  it('views are identical whatever the hidden cards are; log lines never name a card hidden from their viewer', () => {
    // Quick mode plays a quarter of the games; the counts asked for scale with them.
    const games = runs(12, 3);
    let viewsCompared = 0;
    let hiddenDraws = 0;
    fc.assert(
      fc.property(gameArb, ({ seats, seed, endChance }) => {
        let perm = seedRng(`perm:${seed}`);
        let n = 0;
        const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, i) => i)];
        playGame(seats, seed, endChance, ({ after, events }) => {
          const hidden = viewers.map((v) => hiddenFrom(after, v));
          for (const e of events) {
            viewers.forEach((v, k) => {
              const entry = goldenAge.viewEvent(e, v);
              expect(entry).not.toBeNull();
              // worded: a key the catalog has (nested ones too), no English of its own
              expect(unworded(entry!), e.type).toEqual([]);
              expect(entry).not.toHaveProperty('text');
              const text = JSON.stringify(entry);
              for (const id of cardIdsIn(text)) if (hidden[k]!.has(id)) throw new Error(`${seed}: ${e.type} shows ${id} to ${v}`);
              if (e.type === 'card-drawn' && v !== e.seat && !isPublicCard(e.card)) {
                // the very same line whichever private card of that deck it was
                const other = ALL_CARD_IDS.find((id) => card(id).deck === e.deck && id !== e.card && !isPublicCard(id))!;
                expect(JSON.stringify(goldenAge.viewEvent({ ...e, card: other }, v))).toBe(text);
                hiddenDraws++;
              }
            });
          }
          if (n++ % 12 !== 0) return;
          for (const v of viewers) {
            const [other, next] = permuteHidden(after, v, perm);
            perm = next;
            const a = JSON.stringify(goldenAge.view(after, v));
            expect(JSON.stringify(goldenAge.view(other, v))).toBe(a);
            expect(a).not.toContain('"rng"');
            for (const id of cardIdsIn(a)) if (hiddenFrom(after, v).has(id)) throw new Error(`${seed}: view shows ${id} to ${v}`);
            viewsCompared++;
          }
        });
      }),
      { numRuns: games, seed: 5 },
    );
    expect(viewsCompared).toBeGreaterThan((300 * games) / 12);
    expect(hiddenDraws).toBeGreaterThan((50 * games) / 12);
  }, 300_000); // seconds alone at full counts; the bound is for a busy shared machine (78 s at a load of 28)
});
