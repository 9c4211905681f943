/**
 * The auction engine's words: log lines, rule errors and results are catalog keys with params
 * (shared/i18n/games/dutch-auction). In English they read as they did when the engine held English
 * text (lists of cards now end in "and"); in Dutch they render fully (no key, no placeholder left).
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry, RuleError, Viewer } from '#shared/engine/game.js';
import type { DutchAuctionMove } from '#shared/games/dutch-auction/moves.js';
import type { DutchAuctionState } from '#shared/games/dutch-auction/state.js';
import { sayIn } from '../../../functions/i18n.js';
import { english, NAMES, unworded } from '../../support/words.js';
import { build, game, play, randomGame } from './helpers.js';

const dutch = (x: Parameters<typeof english>[0]) => (x ? sayIn('nl', x, NAMES) : '');
const lines = (s: DutchAuctionState, seat: number, move: DutchAuctionMove, viewer: Viewer) =>
  play(s, seat, move).events.map((e) => game.viewEvent(e, viewer) as LogEntry);
const refusal = (s: DutchAuctionState, seat: number, move: DutchAuctionMove): RuleError => {
  const r = game.apply(s, seat, move, { now: 0 });
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(move)}`);
  return r.error;
};

/** Fully rendered: no catalog key, no placeholder, no pseudo-locale mark. */
function rendered(text: string): void {
  expect(text).not.toMatch(/game\.|[{}⟦⟧]/);
  expect(text.length).toBeGreaterThan(5);
}

describe('auction log lines, in English as before and in Dutch', () => {
  const femi = () =>
    build({
      seats: [{ bid: ['blue-P1', 'blue-3', 'red-P1', 'red-4'] }, { bid: ['green-1'] }],
      auctionDiscards: ['red-P2'],
      display: ['pink-6', 'green-8', 'green-5', 'blue-5', 'red-6', 'green-6'],
    });

  it('powers and a purchase, as each is logged', () => {
    let s = femi();
    const steps: [DutchAuctionMove, string, string][] = [
      [
        { kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'blue-3' },
        'Ann cashed in the blue 3-bid with the blue power card (P1).',
        'Ann verzilverde de blauwe 3 met de blauwe krachtkaart (P1).',
      ],
      [
        { kind: 'power', card: 'red-P1', power: 'take', target: 'red-P2', from: 'auction-discards' },
        'Ann took the red power card (P2) from the auction discards into their bid with the red power card (P1).',
        'Ann nam de rode krachtkaart (P2) van de veilingaflegstapel in het eigen bod met de rode krachtkaart (P1).',
      ],
      [
        { kind: 'power', card: 'red-P2', power: 'change-suit', target: 'red-4', suit: 'pink' },
        'Ann turned the red 4-bid pink for this round with the red power card (P2).',
        'Ann maakte de rode 4 deze ronde roze met de rode krachtkaart (P2).',
      ],
      [
        { kind: 'purchase', slot: 1, pay: ['red-4'] },
        'Ann bought the pink 6-bid from position 1, paying red 4-bid to their discards.',
        'Ann kocht de roze 6 van plek 1 en betaalde met rode 4 (naar de eigen aflegstapel).',
      ],
    ];
    for (const [move, en, nl] of steps) {
      const [line] = lines(s, 0, move, 1);
      expect(line?.text).toBeUndefined();
      expect(unworded(line!)).toEqual([]);
      expect(english(line)).toBe(en);
      expect(dutch(line)).toBe(nl);
      s = play(s, 0, move).state;
    }
  });

  it('the bids revealed and the winner, for both seats', () => {
    const s = build({ phase: 'commit', edition: '2018', seats: [{ hand: ['red-1', 'red-2', 'red-3'] }, { hand: ['blue-5', 'blue-1'] }] });
    const after = play(s, 0, { kind: 'commit', setAside: 'red-1', bid: ['red-2'] }).state;
    const [committed, revealed, won] = lines(after, 1, { kind: 'commit', setAside: 'blue-1', bid: ['blue-5'] }, null);
    expect(english(committed)).toBe('Bob has sealed a set-aside card and a bid.');
    expect(english(revealed)).toBe(
      'Bids revealed: Ann bid red 2-bid (2); Bob bid blue 5-bid (5). Kept back in hand: Ann 1 card, Bob 0 cards.',
    );
    expect(dutch(revealed)).toBe(
      'De biedingen zijn open: Ann bood rode 2 (2); Bob bood blauwe 5 (5). In de hand gehouden: Ann 1 kaart, Bob 0 kaarten.',
    );
    expect(english(won)).toBe('Bob wins the bid (5 to 2) and acts first.');
    expect(dutch(won)).toBe('Bob wint het bod (5 tegen 2) en is als eerste aan de beurt.');
  });

  it('rule errors name the cards, piles and suits in the language shown', () => {
    const s = build({
      seats: [{ bid: ['blue-P1', 'blue-3', 'red-4'], discards: ['pink-2'] }, { bid: ['green-1'] }],
      display: ['pink-6', 'green-8', 'green-5', 'blue-5', 'red-6', 'green-6'],
    });
    const cases: [DutchAuctionMove, string, string][] = [
      [
        { kind: 'power', card: 'blue-P1', power: 'cash-in', target: 'red-4' },
        'The blue power card (P1) only acts on blue cards of your bid.',
        'De blauwe krachtkaart (P1) werkt alleen op kaarten in je bod met de kleur blauw.',
      ],
      [
        { kind: 'power', card: 'blue-P1', power: 'take', target: 'pink-2', from: 'personal-discards' },
        'The blue power card (P1) only takes blue cards.',
        'De blauwe krachtkaart (P1) pakt alleen kaarten met de kleur blauw.',
      ],
      [
        { kind: 'power', card: 'blue-P1', power: 'take', target: 'blue-5', from: 'auction-discards' },
        'The blue 5-bid is not in the auction discards.',
        'De blauwe 5 ligt niet op de veilingaflegstapel.',
      ],
      [
        { kind: 'purchase', slot: 2, pay: ['blue-3'] },
        'The card in position 2 costs 2 cards from your bid; you offered 1.',
        'De kaart op plek 2 kost 2 kaarten uit je bod; je bood er 1.',
      ],
      [
        { kind: 'power', card: 'blue-3', power: 'steal', target: 'green-1' },
        'The blue 3-bid has no power.',
        'De blauwe 3 heeft geen kracht.',
      ],
    ];
    for (const [move, en, nl] of cases) {
      const e = refusal(s, 0, move);
      expect(e.message).toBeUndefined();
      expect(unworded(e)).toEqual([]);
      expect(english(e)).toBe(en);
      expect(dutch(e)).toBe(nl);
    }
    const wrongPower = refusal(s, 0, { kind: 'power', card: 'blue-P1', power: 'duplicate', target: 'blue-3' });
    expect(english(wrongPower)).toBe('The blue power card (P1) cannot duplicate; its power is: cash in, change suit, take and steal.');
    expect(dutch(wrongPower)).toBe(
      'De blauwe krachtkaart (P1) kan niet verdubbelen; wat hij wel kan: verzilveren, van kleur wisselen, pakken en stelen.',
    );
    expect(english(refusal(s, 1, { kind: 'done' }))).toBe('It is not your turn: your opponent is using powers and buying now.');
    expect(dutch(refusal(s, 1, { kind: 'done' }))).toBe('Je bent niet aan de beurt: je tegenstander gebruikt nu krachten en koopt.');
  });

  it('every line, refusal and result of random games of both editions renders in Dutch and in English', () => {
    const keys = new Set<string>();
    for (const edition of ['current', '2018'] as const) {
      for (let g = 0; g < 6; g++) {
        const { final } = randomGame(edition, `words-${g}`, (state, seat, move) => {
          const r = game.apply(state, seat, move, { now: 0 });
          if (!r.ok) throw new Error(r.error.code);
          for (const e of r.value.events) {
            for (const viewer of [0, 1, null] as Viewer[]) {
              const line = game.viewEvent(e, viewer)!;
              keys.add(line.key!);
              expect(unworded(line)).toEqual([]);
              rendered(english(line));
              rendered(dutch(line));
            }
          }
          const wrong = game.apply(state, 1 - seat, { kind: 'done' }, { now: 0 });
          if (!wrong.ok) {
            rendered(english(wrong.error));
            rendered(dutch(wrong.error));
          }
        });
        const res = game.result(final)!;
        expect(res.summary).toBeUndefined();
        rendered(english(res));
        rendered(dutch(res));
      }
    }
    // The common lines all came up (rarer ones are pinned above and in rules.test.ts).
    for (const k of [
      'committed',
      'committed.own',
      'revealed',
      'bid-won',
      'purchased.own',
      'done',
      'restocked',
      'drew',
      'drew.own',
      'game-over',
    ]) {
      expect(keys).toContain(`game.dutch-auction.log.${k}`);
    }
  });
});
