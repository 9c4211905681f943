/**
 * The Golden Age engine keeps no words: its log lines, rule errors and result are catalog keys with
 * params (shared/i18n/games/golden-age). Here every kind of log line (each variant) reads in English
 * as it did when the engine wrote English itself — the only changes are lists, now joined as the
 * language joins them ("Ann, Bob and Cy") — and every line, refusal and result of random games reads
 * in Dutch with nothing left raw: no key, no placeholder, no pseudo-locale mark.
 */
import { describe, expect, it } from 'vitest';
import type { Viewer } from '#shared/engine/game.js';
import { seedRng } from '#shared/engine/random.js';
import { goldenAge } from '#shared/games/golden-age/index.js';
import type { GoldenAgeEvent } from '#shared/games/golden-age/state.js';
import { en } from '#shared/i18n/games/golden-age/en.js';
import { sayIn } from '../../../functions/i18n.js';
import { english, NAMES, unworded } from '../../support/words.js';
import { CTX } from './helpers.js';
import { arbitraryMove, playGame } from './random-games.js';

type Row = [GoldenAgeEvent, Viewer, string];

// The English each line had before the engine moved to keys (seats named Ann, Bob, Cy).
const ROWS: Row[] = [
  [{ type: 'setup-marker', seat: 0, province: 'holland' }, null, 'Ann placed an influence marker in Holland.'],
  [{ type: 'setup-token', seat: 1, province: 'zeeland' }, null, 'Bob placed a movement token in Zeeland.'],
  [{ type: 'steward-placed', seat: 2, box: 7 }, null, 'Cy set the Steward on box 7 (merchant, governor of Holland).'],
  [
    { type: 'steward-moved', seat: 0, dice: [3, 4], card: null, steps: 7, from: 47, to: 0 },
    null,
    'Ann rolled 3 and 4: the Steward moves to box 0 (Willem III).',
  ],
  [
    { type: 'steward-moved', seat: 1, dice: null, card: 'culture-dice-1', steps: 5, from: 50, to: 1 },
    2,
    'Bob played a dice card and chose 5: the Steward moves to box 1 (Holland and Gelderland).',
  ],
  [{ type: 'payout', box: 1, owed: [4, 0, 2], paid: [4, 0, 2] }, null, 'The Steward pays Ann 2 guilders and Cy 1 guilder.'],
  [
    { type: 'payout', box: 0, owed: [6, 6, 6], paid: [6, 1, 0] },
    null,
    'The Steward pays Ann 3 guilders and Bob ½ guilder. The bank ran short and could not pay everything.',
  ],
  [{ type: 'payout', box: 5, owed: [0, 0, 0], paid: [0, 0, 0] }, null, 'The Steward pays nobody.'],
  [
    { type: 'token-moved', seat: 0, from: 'holland', to: 'utrecht', cost: 1 },
    1,
    'Ann moved a token from Holland to Utrecht for ½ guilder.',
  ],
  [
    { type: 'guild-taken', seat: 1, colour: 'blue', price: 8, displaced: null, from: null },
    null,
    'Bob took control of the blue guild for 4 guilders.',
  ],
  [
    { type: 'guild-taken', seat: 1, colour: 'green', price: 9, displaced: null, from: { at: 'guild', colour: 'brown' } },
    null,
    'Bob took control of the green guild for 4½ guilders with the marker from the brown guild.',
  ],
  [
    { type: 'guild-taken', seat: 1, colour: 'yellow', price: 6, displaced: 2, from: null },
    null,
    "Bob took control of the yellow guild for 3 guilders; Cy's marker goes back to the reserve.",
  ],
  [
    { type: 'guild-taken', seat: 1, colour: 'grey', price: 10, displaced: 0, from: { at: 'province', province: 'brabant' } },
    null,
    "Bob took control of the grey guild for 5 guilders with the marker from Brabant; Ann's marker goes back to the reserve.",
  ],
  [
    { type: 'marker-created', seat: 2, province: 'overijssel', from: null },
    null,
    'Cy turned three movement tokens in Overijssel into an influence marker.',
  ],
  [
    { type: 'marker-created', seat: 2, province: 'overijssel', from: { at: 'colony', box: 7 } },
    null,
    'Cy turned three movement tokens in Overijssel into an influence marker (the marker comes from the West Indies).',
  ],
  [
    { type: 'sailed', seat: 0, box: 3, cards: ['colony-ship-1', 'colony-captain-1', 'colony-cannon-1'], from: null },
    null,
    'Ann sailed with ship, captain and cannon and founded a colony in East Indies box 3.',
  ],
  [
    { type: 'sailed', seat: 0, box: 7, cards: ['colony-ship-2', 'colony-voc-joker-1', 'colony-cannon-2'], from: { at: 'colony', box: 2 } },
    null,
    'Ann sailed with ship, VOC joker and cannon and founded a colony in the West Indies (the marker comes from East Indies box 2).',
  ],
  [
    { type: 'exchanged', seat: 1, set: 'tulip-girl', cards: ['investment-tulip-girl-1'], amount: 10 },
    null,
    'Bob cashed in tulip girl for 5 guilders.',
  ],
  [
    { type: 'exchanged', seat: 1, set: 'spice-pair', cards: ['spices-spice-pair-1', 'spices-spice-pair-2'], amount: 32 },
    null,
    'Bob cashed in spice pair and spice pair for 16 guilders.',
  ],
  [
    {
      type: 'card-drawn',
      seat: 0,
      deck: 'investment',
      card: 'investment-tulip-girl-2',
      cost: 6,
      via: { at: 'guild', colour: 'yellow' },
    },
    0,
    'Ann took an investment (yellow) card: tulip girl with the marker in the yellow guild for 3 guilders.',
  ],
  [
    {
      type: 'card-drawn',
      seat: 0,
      deck: 'investment',
      card: 'investment-tulip-girl-2',
      cost: 6,
      via: { at: 'guild', colour: 'yellow' },
    },
    1,
    'Ann took an investment (yellow) card with the marker in the yellow guild for 3 guilders.',
  ],
  [
    { type: 'card-drawn', seat: 1, deck: 'colony', card: 'colony-ship-3', cost: 0, via: null },
    0,
    'Bob took a colony (blue) card as the auction prize.',
  ],
  [
    { type: 'card-drawn', seat: 1, deck: 'colony', card: 'colony-ship-3', cost: 0, via: null },
    1,
    'Bob took a colony (blue) card: ship as the auction prize.',
  ],
  [
    {
      type: 'card-drawn',
      seat: 2,
      deck: 'culture',
      card: 'culture-governor-holland',
      cost: 6,
      via: { at: 'province', province: 'vlaanderen' },
    },
    null,
    'Cy took a culture (grey) card: governor of Holland with the marker in Vlaanderen for 3 guilders.',
  ],
  [
    { type: 'card-drawn', seat: 2, deck: 'spices', card: 'spices-spice-triple-1', cost: 14, via: { at: 'colony', box: 7 } },
    2,
    'Cy took a spice (orange) card: spice triple with the marker in the West Indies for 7 guilders.',
  ],
  [{ type: 'reshuffled', deck: 'spices' }, null, 'The spices discard pile was shuffled into a new deck.'],
  [
    { type: 'token-bought', seat: 0, province: 'limburg', cost: 10, via: { at: 'province', province: 'holland' } },
    null,
    'Ann placed a new movement token in Limburg with the marker in Holland for 5 guilders.',
  ],
  [
    { type: 'token-bought', seat: 1, province: 'groningen', cost: 0, via: null },
    null,
    'Bob placed a new movement token in Groningen as the auction prize.',
  ],
  [
    { type: 'painter-paid', seat: 1, painting: 'arts-4vp-1', paid: 1, payments: 2, finished: false, via: null },
    2,
    "The bank paid the painter 1 guilder for Bob's 4-point painting (auction prize): payment 1 of 2.",
  ],
  [
    { type: 'painter-paid', seat: 1, painting: 'arts-4vp-1', paid: 2, payments: 2, finished: true, via: null },
    2,
    "The bank paid the painter 1 guilder for Bob's 4-point painting (auction prize): payment 2 of 2. The painting is finished!",
  ],
  [
    {
      type: 'painter-paid',
      seat: 0,
      painting: 'arts-6vp-1',
      paid: 1,
      payments: 4,
      finished: false,
      via: { at: 'province', province: 'utrecht' },
    },
    null,
    'Ann paid the painter 1 guilder for the 6-point painting: payment 1 of 4.',
  ],
  [
    {
      type: 'painter-paid',
      seat: 0,
      painting: 'arts-6vp-1',
      paid: 4,
      payments: 4,
      finished: true,
      via: { at: 'guild', colour: 'brown' },
    },
    null,
    'Ann paid the painter 1 guilder for the 6-point painting: payment 4 of 4. The painting is finished!',
  ],
  [
    { type: 'auction-started', seat: 0, province: 'friesland', colour: 'blue' },
    null,
    'Ann auctions the blue action of the marker in Friesland.',
  ],
  [{ type: 'bid', seat: 1, amount: 5 }, null, 'Bob bids 2½ guilders.'],
  [{ type: 'passed', seat: 2, auto: false }, null, 'Cy passes.'],
  [{ type: 'passed', seat: 2, auto: true }, null, 'Cy cannot bid and passes.'],
  [
    { type: 'auction-won', seat: 1, auctioneer: 0, amount: 2, province: 'friesland' },
    null,
    'Bob wins the auction for Friesland and pays Ann 1 guilder.',
  ],
  [{ type: 'auction-unsold', auctioneer: 0, province: 'friesland' }, null, 'Nobody bid for the action in Friesland; Ann keeps it.'],
  [
    { type: 'turn-ended', seat: 0, scores: [3, 5, 4], next: 1 },
    null,
    "Ann ends the turn. Scores: Ann 3, Bob 5 and Cy 4. Now it is Bob's turn.",
  ],
  [{ type: 'turn-ended', seat: 0, scores: [33, 5, 4], next: null }, null, 'Ann ends the turn. Scores: Ann 33, Bob 5 and Cy 4.'],
  [{ type: 'game-won', seat: 0, scores: [34, 5, 4] }, null, 'Ann reaches 34 points and wins the game!'],
];

/** Every key a line uses, its own and nested ones. */
function keysOf(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x !== 'object' || x === null) return out;
  const o = x as Record<string, unknown>;
  if (typeof o.key === 'string') out.add(o.key);
  for (const [k, v] of Object.entries(o)) if (k !== 'data') keysOf(v, out);
  return out;
}

/** The three things a rendered line may never hold: a raw key, a placeholder, a pseudo-locale mark. */
const raw = (text: string): string[] => [/game\./, /[{}]/, /⟦|⟧/].filter((re) => re.test(text)).map(String);

describe('Golden Age words', () => {
  it('every kind of log line reads in English as before, with words only (no English of the engine’s own)', () => {
    for (const [event, viewer, text] of ROWS) {
      const entry = goldenAge.viewEvent(event, viewer)!;
      expect(entry).not.toHaveProperty('text');
      expect(entry.key).toMatch(/^game\.golden-age\.log\./);
      expect(unworded(entry)).toEqual([]);
      expect(english(entry), event.type).toBe(text);
    }
  });

  it('the table reaches every log key of the catalog (no line left untested)', () => {
    const used = new Set<string>();
    for (const [event, viewer] of ROWS) keysOf(goldenAge.viewEvent(event, viewer), used);
    const logKeys = Object.keys(en).filter((k) => k.startsWith('game.golden-age.log.'));
    expect(logKeys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('each line reads in Dutch with nothing left raw', () => {
    for (const [event, viewer] of ROWS) {
      const nl = sayIn('nl', goldenAge.viewEvent(event, viewer)!, NAMES);
      expect(raw(nl), nl).toEqual([]);
      expect(nl).not.toBe(english(goldenAge.viewEvent(event, viewer)));
    }
    const line = (e: GoldenAgeEvent, v: Viewer = null) => sayIn('nl', goldenAge.viewEvent(e, v)!, NAMES);
    expect(line({ type: 'bid', seat: 1, amount: 5 })).toBe('Bob biedt 2½ gulden.');
    expect(line({ type: 'token-moved', seat: 0, from: 'holland', to: 'utrecht', cost: 1 })).toBe(
      'Ann verplaatste een pion van Holland naar Utrecht voor ½ gulden.',
    );
    expect(line({ type: 'guild-taken', seat: 1, colour: 'grey', price: 2, displaced: 0, from: null })).toBe(
      'Bob nam het grijze gilde over voor 1 gulden; de schijf van Ann gaat terug naar de voorraad.',
    );
    expect(line({ type: 'game-won', seat: 0, scores: [34, 5, 4] })).toBe('Ann haalt 34 punten en wint het spel!');
  });

  it('random games: every line for every viewer, every refusal and the result are worded, in English and in Dutch', () => {
    let lines = 0;
    let refusals = 0;
    const refusalKeys = new Set<string>();
    for (const [seats, seed] of [
      [3, 'words-a'],
      [4, 'words-b'],
    ] as const) {
      let probe = seedRng(`words:${seed}`);
      const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, i) => i)];
      const { final } = playGame(seats, seed, 0.3, ({ before, events }) => {
        for (const e of events) {
          for (const v of viewers) {
            const entry = goldenAge.viewEvent(e, v)!;
            expect(unworded(entry), e.type).toEqual([]);
            for (const lang of ['en', 'nl'] as const) expect(raw(sayIn(lang, entry, NAMES)), e.type).toEqual([]);
            lines++;
          }
        }
        const seat = goldenAge.toAct(before)[0]!;
        for (let k = 0; k < 4; k++) {
          const [m, next] = arbitraryMove(probe, before, seat);
          probe = next;
          const r = goldenAge.apply(before, seat, m, CTX);
          if (r.ok) continue;
          expect(r.error).not.toHaveProperty('message');
          expect(unworded(r.error), r.error.code).toEqual([]);
          for (const lang of ['en', 'nl'] as const) expect(raw(sayIn(lang, r.error, NAMES)), r.error.code).toEqual([]);
          refusalKeys.add(r.error.key!);
          refusals++;
        }
      });
      const res = goldenAge.result(final)!;
      expect(res).not.toHaveProperty('summary');
      expect(unworded(res)).toEqual([]);
      expect(sayIn('nl', res, NAMES)).toMatch(/^(Ann|Bob|Cy|Dee) wint met \d+ punten\.$/);
    }
    expect(lines).toBeGreaterThan(1000);
    expect(refusals).toBeGreaterThan(500);
    expect(refusalKeys.size).toBeGreaterThan(15);
  });
});
