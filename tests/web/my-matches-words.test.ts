/**
 * "My matches" in this browser keeps data, not words: the edition and the result are stored as the
 * match's options and end, and worded when the list is drawn — in the language shown then. Entries
 * stored by older versions (English words) still show as they were stored.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../web/src/i18n.js';
import { rememberMatch, storedResult, storedVariant } from '../../web/src/remembered.js';
import { listSeats, memoryStorage, saveSeat, storedSeats, useStorage } from '../../web/src/storage.js';
import { seatName } from '../../web/src/text.js';
import type { Match } from '../../web/src/types.js';

const finished = {
  matchId: 'm1',
  game: { id: 'dutch-auction', name: 'Dutch Auction' },
  options: { edition: '2018' },
  seats: [
    { name: 'Ann', joined: true },
    { name: 'Bob', joined: true },
  ],
  status: 'over',
  toAct: [],
  version: 40,
  end: { winners: [1], scores: [24, 31], reason: 'resigned', seat: 0 },
} as unknown as Match;

beforeEach(() => useStorage(memoryStorage(), memoryStorage()));
afterAll(() => loadLanguage('en'));

describe('my matches: stored as data, worded on display', () => {
  it('stores the options and the end, no English, and words them in the language shown', async () => {
    await loadLanguage('en');
    saveSeat({ matchId: 'm1', seat: 0, token: 'tok', variant: 'Edition: 2018 prototype', result: 'You lost.' });
    rememberMatch('m1', 0, finished);
    const [s] = listSeats();
    expect(s).toMatchObject({ options: { edition: '2018' }, end: { winners: [1], scores: [24, 31], reason: 'resigned', seat: 0 } });
    expect(s!.variant).toBeUndefined();
    expect(s!.result).toBeUndefined();
    expect(storedVariant(s!)).toBe('Edition: 2018 prototype');
    expect(storedResult(s!)).toBe('Bob won 31 to 24 — you resigned.');
    await loadLanguage('nl');
    expect(storedVariant(s!)).toBe('Editie: prototype uit 2018');
    expect(storedResult(s!)).toBe('Bob heeft gewonnen met 31 tegen 24 — je hebt opgegeven.');
  });

  it('an entry stored by an older version shows its English words as stored', async () => {
    await loadLanguage('nl');
    saveSeat({ matchId: 'm2', seat: 1, token: 'tok', status: 'over', variant: 'Edition: 2018 prototype', result: 'You won 31 to 24.' });
    const [s] = listSeats();
    expect(storedVariant(s!)).toBe('Edition: 2018 prototype');
    expect(storedResult(s!)).toBe('You won 31 to 24.');
  });

  it('computer opponents are named in the language shown, apart when there are two (issue 25)', async () => {
    const vsTwo = {
      ...finished,
      matchId: 'm3',
      game: { id: 'golden-age', name: 'The Dutch Golden Age' },
      options: {},
      seats: [
        { name: 'Ann', joined: true },
        { name: 'Computer 1 (strong)', joined: true, bot: { level: 'strong' } },
        { name: 'Computer 2 (strong)', joined: true, bot: { level: 'strong' } },
      ],
      end: { winners: [2], reason: 'finished' },
    } as unknown as Match;
    saveSeat({ matchId: 'm3', seat: 0, token: 'tok' });
    rememberMatch('m3', 0, vsTwo);
    const [s] = listSeats();
    await loadLanguage('en');
    expect(storedResult(s!)).toBe('Computer 2 (strong) won.');
    await loadLanguage('nl');
    expect([0, 1, 2].map((i) => seatName(storedSeats(s!), i))).toEqual(['Ann', 'Computer 1 (sterk)', 'Computer 2 (sterk)']);
    expect(storedResult(s!)).toMatch(/^Computer 2 \(sterk\) /);
  });
});
