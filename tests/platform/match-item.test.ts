/**
 * The match item's encoding (functions/storage/dynamo.ts): the seats' token hashes are kept once, in the
 * top-level `tokenHashes` the head's projection reads, not again inside the deflated `data`; items written
 * before with them in both places still read the same.
 */
import { describe, expect, it } from 'vitest';
import { openMatch } from '../../functions/matches/progress.js';
import { itemToMatch, matchToItem, packData, unpackData } from '../../functions/storage/dynamo.js';

const HASH = (c: string) => c.repeat(64);

function match() {
  return openMatch({
    gameId: 'secret-sums',
    options: {},
    seats: [
      { name: 'Ann', tokenHash: HASH('a'), inviteHash: null, waitingSince: null },
      { name: null, tokenHash: null, inviteHash: HASH('c'), waitingSince: null },
    ],
    spectatorHash: HASH('d'),
    now: 1_700_000_000_000,
  } as Parameters<typeof openMatch>[0]);
}

describe('the match item', () => {
  it('keeps each token hash once and reads the match back whole', () => {
    const m = match();
    const item = matchToItem(m, true);
    expect(item.tokenHashes).toEqual([HASH('a'), null]);
    const data = unpackData<{ seats: Record<string, unknown>[] }>(item.data);
    expect(data.seats.map((s) => 'tokenHash' in s)).toEqual([false, false]);
    expect(JSON.stringify(data)).not.toContain(HASH('a'));
    const back = itemToMatch(item);
    expect(back.seats).toEqual(m.seats.map((s) => expect.objectContaining(s)));
    expect(back.seats.map((s) => s.tokenHash)).toEqual([HASH('a'), null]);
  });

  it('an item written before, with the hashes inside data too, reads the same', () => {
    const m = match();
    const { id, version, status, gameId, spectatorHash, ...rest } = m;
    const old = { ...matchToItem(m, true), data: packData(rest) };
    expect(itemToMatch(old).seats).toEqual(m.seats);
  });
});
