/**
 * The memory game's engine keeps no words: every log line, refusal and result is a catalog key with
 * params (shared/i18n/games/dutch-memory), worded in English as before and in Dutch. Every kind and
 * variant of log line is built here from a made-up event, and seeded random games (with moves the
 * rules refuse) give the rest.
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry, Outcome, RuleError } from '#shared/engine/game.js';
import type { CardId } from '#shared/games/dutch-memory/cards.js';
import type { DutchMemoryMove } from '#shared/games/dutch-memory/moves.js';
import type { DutchMemoryEvent, DutchMemoryState, RoundRecord } from '#shared/games/dutch-memory/state.js';
import { en } from '#shared/i18n/games/dutch-memory/en.js';
import { sayIn } from '../../../functions/i18n.js';
import { testRng } from '../../support/rng.js';
import { english, NAMES, unworded } from '../../support/words.js';
import { game, rulesOf } from './helpers.js';

const dutch = (x: LogEntry | RuleError | Outcome) => sayIn('nl', x, NAMES);

/** Said in both languages: every key worded, no raw key, placeholder or pseudo mark left. */
function expectWorded(x: LogEntry | RuleError | Outcome): void {
  expect(unworded(x)).toEqual([]);
  expect(x).not.toHaveProperty('text');
  expect(x).not.toHaveProperty('message');
  expect(x).not.toHaveProperty('summary');
  for (const said of [english(x), dutch(x)]) {
    expect(said.length).toBeGreaterThan(0);
    expect(said).not.toMatch(/game\.|[{}⟦⟧]|undefined|NaN/);
  }
}

const record = (over: Partial<RoundRecord>): RoundRecord => ({
  round: 2,
  dealer: 1,
  caller: null,
  reason: 'dutch',
  benches: [[], [], []],
  sums: [1, 2, 3],
  callerLowest: null,
  callerCards: [],
  callerDelta: 0,
  scores: [4, 0, 27],
  totals: [40, 12, 71],
  ...over,
});

/** One event of every kind and variant the log words differently. */
function everyKind(): DutchMemoryEvent[] {
  const card = (id: string) => id as CardId;
  const events: DutchMemoryEvent[] = [
    { type: 'round-started', round: 3, dealer: 2 },
    { type: 'looked', seat: 1, slots: [0, 3] },
    { type: 'opening-discard', card: card('QH'), serial: 0 },
    { type: 'drew', seat: 0 },
    { type: 'discarded', seat: 0, card: card('10S'), serial: 1 },
    { type: 'exchanged', seat: 0, slot: 1, discarded: card('KS'), serial: 2, took: null },
    { type: 'exchanged', seat: 0, slot: 1, discarded: card('KS'), serial: 2, took: card('2H') },
    { type: 'called-dutch', seat: 1, automatic: false },
    { type: 'called-dutch', seat: 1, automatic: true },
    ...(['peek', 'swap', 'give'] as const).map((power): DutchMemoryEvent => ({ type: 'power', seat: 2, power, card: card('JC') })),
    { type: 'peeked', seat: 0, at: { seat: 0, slot: 1 } },
    { type: 'peeked', seat: 0, at: { seat: 2, slot: 1 } },
    { type: 'swapped', seat: 0, a: { seat: 0, slot: 1 }, b: { seat: 2, slot: 3 } },
    { type: 'gave', seat: 0, to: 2, slot: 4 },
    { type: 'gave-back', seat: 0, to: 2, from: 1, slot: 4 },
    ...(['peek', 'swap', 'give', 'give-back'] as const).map((what): DutchMemoryEvent => ({ type: 'skipped', seat: 2, what })),
    { type: 'snapped', seat: 0, owner: 0, slot: 1, card: card('KH'), on: card('KD'), serial: 3 },
    { type: 'snapped', seat: 0, owner: 1, slot: 1, card: card('AS'), on: card('AD'), serial: 3 },
    { type: 'snap-failed', seat: 1, owner: 0, slot: 2, card: card('AS'), why: 'wrong', on: card('JD') },
    { type: 'snap-failed', seat: 1, owner: 1, slot: 2, card: card('AS'), why: 'late', on: card('AD') },
    { type: 'snap-failed', seat: 1, owner: 1, slot: 2, card: card('AS'), why: 'late', on: null },
    { type: 'penalty', seat: 0, slot: 5 },
    { type: 'penalty', seat: 0, slot: null },
    { type: 'replaced', seat: 2, slot: 0 },
    { type: 'reshuffled', cards: 1 },
    { type: 'reshuffled', cards: 23 },
    { type: 'game-ended', winners: [1], totals: [1, 0] },
    { type: 'game-ended', winners: [0, 2], totals: [1, 2, 1] },
  ];
  const rounds = [
    record({}),
    record({ caller: 1, callerLowest: true }),
    record({ caller: 1, callerLowest: true, callerCards: ['3H'], callerDelta: -3 }),
    record({ caller: 1, callerLowest: false }),
    record({ caller: 1, callerLowest: false, callerCards: ['KS', '4D'], callerDelta: 17 }),
  ];
  for (const reason of ['dutch', 'bench-emptied', 'deck-empty'] as const)
    for (const r of rounds)
      events.push({ type: 'round-ended', round: 2, reason, emptied: reason === 'bench-emptied' ? 0 : null, record: { ...r, reason } });
  return events;
}

describe('the log in words', () => {
  it('every kind and variant of line is worded in English and Dutch, and every log key of the catalog is used', () => {
    const used = new Set<string>();
    for (const e of everyKind()) {
      const line = game.viewEvent(e, null)!;
      expectWorded(line);
      used.add(line.key!);
    }
    const logKeys = Object.keys(en).filter((k) => k.startsWith('game.dutch-memory.log.') && !/\.round-ended\.(score|more)$/.test(k));
    expect(logKeys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('reads as before in English and says the same in Dutch', () => {
    const line = (e: DutchMemoryEvent) => game.viewEvent(e, null)!;
    const swap = line({ type: 'swapped', seat: 0, a: { seat: 0, slot: 1 }, b: { seat: 2, slot: 3 } });
    expect(english(swap)).toBe("Ann swapped their own card in position 2 with Cy's card in position 4.");
    expect(dutch(swap)).toBe('Ann verwisselde de eigen kaart op plek 2 met de kaart van Cy op plek 4.');
    // Court cards by the letters of the Dutch faces (boer, vrouw, heer).
    const opening = line({ type: 'opening-discard', card: 'QH', serial: 0 });
    expect(english(opening)).toBe('The first discard is the Q♥.');
    expect(dutch(opening)).toBe('De eerste kaart op de aflegstapel is de V♥.');
    const end = line({
      type: 'round-ended',
      round: 2,
      reason: 'dutch',
      emptied: null,
      record: record({ caller: 1, callerLowest: false, callerCards: ['KS', 'JD'], callerDelta: 23 }),
    });
    expect(english(end)).toBe(
      'Round 2 is over after the final turns. Bob called Dutch but was not lowest: penalty K♠ J♦ adds 23. Scores: Ann 4 (total 40), Bob 0 (total 12), Cy 27 (total 71).',
    );
    expect(dutch(end)).toBe(
      'Ronde 2 is voorbij na de laatste beurten. Bob riep Dutch maar had niet het laagst: de straf H♠ B♦ telt er 23 punten bij. Punten: Ann 4 (totaal 40), Bob 0 (totaal 12), Cy 27 (totaal 71).',
    );
    const reshuffled = line({ type: 'reshuffled', cards: 1 });
    expect(english(reshuffled)).toBe('The deck ran out: the discard pile below its top card was shuffled into a new deck of 1.');
    expect(dutch(reshuffled)).toMatch(/nieuwe stapel van 1 kaart\.$/);
  });
});

describe('random play in words', () => {
  it('every line, refusal and result of 40 seeded games is worded in English and Dutch', () => {
    const keys = new Set<string>();
    for (let g = 0; g < 40; g++) {
      const r = testRng(500 + g);
      const seats = 2 + (g % 7);
      let state: DutchMemoryState = game.setup(seats, rulesOf({ preset: g % 2 ? 'marmot' : 'bench', endScore: 60 }), `w-${g}`);
      let now = 1_700_000_000_000;
      for (let step = 0; game.result(state) === null; step++) {
        if (step > 5_000) throw new Error('game does not end');
        const prober = Math.floor(r() * seats);
        const res = game.apply(state, prober, probe(r, seats), { now });
        if (!res.ok) {
          expectWorded(res.error);
          keys.add(res.error.key!);
        }
        const toAct = game.toAct(state);
        const seat = toAct[Math.floor(r() * toAct.length)]!;
        const moves = game.legalMoves(state, seat);
        now += 5_000;
        const played = game.apply(state, seat, moves[Math.floor(r() * moves.length)]!, { now });
        if (!played.ok) throw new Error(`legal move refused: ${played.error.code}`);
        for (const e of played.value.events) expectWorded(game.viewEvent(e, seat)!);
        state = played.value.state;
      }
      const outcome = game.result(state)!;
      expectWorded(outcome);
      expect(dutch(outcome)).toMatch(/ (wint|winnen samen) met -?\d+ punten/);
    }
    // The refusals met on the way include several kinds (their words are checked above).
    expect(keys.size).toBeGreaterThan(8);
  });
});

/** A move of any kind with random positions: often one the rules refuse. */
function probe(r: () => number, seats: number): DutchMemoryMove {
  const slot = () => Math.floor(r() * 6);
  const seat = () => Math.floor(r() * (seats + 1)) % 8;
  const moves: DutchMemoryMove[] = [
    { kind: 'look', slots: [slot(), slot()] },
    { kind: 'draw' },
    { kind: 'exchange', slot: slot() },
    { kind: 'discard' },
    { kind: 'take-discard', slot: slot() },
    { kind: 'call-dutch' },
    { kind: 'peek', at: { seat: seat(), slot: slot() } },
    { kind: 'swap', a: { seat: seat(), slot: slot() }, b: { seat: seat(), slot: slot() } },
    { kind: 'give', to: seat() },
    { kind: 'give-back', slot: slot() },
    { kind: 'skip' },
    { kind: 'snap', on: Math.floor(r() * 30), slot: slot(), owner: seat() },
  ];
  return moves[Math.floor(r() * moves.length)]!;
}
