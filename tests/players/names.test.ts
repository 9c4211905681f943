/**
 * Player names (functions/players/names.ts, functions/players/profiles.ts) on the in-memory profile store: the
 * shape, the filter against disguises, case-insensitive uniqueness, the monthly change on an injected clock,
 * and the old name freed. The race of 20 claims on DynamoDB Local is in tests/contracts/profile-store.contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { PlayerError } from '../../functions/players/errors.js';
import { nameKey, nameProblem, refusedByFilter } from '../../functions/players/names.js';
import { PlayerProfiles, PRESENCE_WRITE_EVERY_MS, presenceOf } from '../../functions/players/profiles.js';
import { MemoryProfileStore } from '../../functions/storage/memory/profiles.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const DAY = 86_400_000;

function setup() {
  let now = T0;
  const store = new MemoryProfileStore();
  const profiles = new PlayerProfiles({ profiles: store, clock: () => now });
  return { store, profiles, at: (t: number) => (now = t) };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlayerError);
  return err as PlayerError;
};

describe('what a name may be', () => {
  it.each([
    ['Ann', null],
    ['Jan-Willem van Dijk', null],
    ['Zoë_42', null],
    ['Ab', 'length'],
    ['A'.repeat(25), 'length'],
    ['  Anna   Maria ', null],
    ['Ann<script>', 'characters'],
    ['-Ann', 'characters'],
    ['Ann--Bo', 'characters'],
    ['Ann\u200bBo', 'characters'],
  ])('%j → %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it('folds case into one key, and keeps accents apart', () => {
    expect(nameKey('ANNA')).toBe(nameKey('anna'));
    expect(nameKey('  Anna  Maria')).toBe(nameKey('anna maria'));
    expect(nameKey('Zoë')).not.toBe(nameKey('Zoe'));
  });
});

describe('the name filter', () => {
  // Each row: a listed word, disguised as people do (case, accents, digits, repeats, separators), in English and Dutch.
  it.each([
    'fuck',
    'FuCk_you',
    'fuuuuck',
    'f.u.c.k',
    'phuck fück', // "phuck" is not listed; the accent on "fück" is undone
    'sh1t_happens',
    'b1tch',
    '4sshole',
    'kanker',
    'K4NK3R',
    'kan ker',
    'klootzak99',
    'Kut',
    'kut-speler',
    'tering',
    'hoer',
    'h0er',
    'admin',
    'Moderator',
    'dutch',
  ])('refuses %j', (name) => {
    expect(refusedByFilter(name)).toBe(true);
    expect(nameProblem(name)).not.toBeNull();
  });

  it.each(['Scunthorpe', 'Catering', 'Dickens', 'Niger', 'Nigeria', 'Lullaby', 'Nazia', 'Hoeren', 'Pikachu', 'Cockburn', 'Dutchess'])(
    'lets %j through (a listed word inside an innocent one)',
    (name) => {
      expect(refusedByFilter(name)).toBe(false);
    },
  );
});

describe('choosing a name', () => {
  it('gives a name to one player whatever its case, and refuses it to another', async () => {
    const { profiles } = setup();
    expect((await profiles.chooseName('p-ann', '  Anna ')).name).toBe('Anna');
    expect((await refusal(profiles.chooseName('p-bob', 'ANNA'))).code).toBe('name-taken');
    expect(await profiles.playerIdByName('aNnA')).toBe('p-ann');
  });

  it('refuses a name the filter or the shape refuses, before anything is written', async () => {
    const { profiles, store } = setup();
    expect((await refusal(profiles.chooseName('p-ann', 'K4nk3r'))).code).toBe('name-refused');
    expect((await refusal(profiles.chooseName('p-ann', 'Al'))).code).toBe('name-length');
    expect((await refusal(profiles.chooseName('p-ann', 'Ann<b>'))).code).toBe('name-characters');
    expect(await store.profile('p-ann')).toBeNull();
  });

  it('changes a name at most once a month, and frees the old one at the change', async () => {
    const { profiles, at } = setup();
    await profiles.chooseName('p-ann', 'Anna');
    at(T0 + 29 * DAY);
    const early = await refusal(profiles.chooseName('p-ann', 'Annabel'));
    expect(early.code).toBe('name-too-soon');
    expect(early.retryAfter).toBe(DAY / 1000);
    expect(await profiles.playerIdByName('Annabel')).toBeNull();
    // The same name again is no change.
    expect((await profiles.chooseName('p-ann', 'Anna')).nameChangedAt).toBe(T0);
    at(T0 + 30 * DAY);
    expect((await profiles.chooseName('p-ann', 'Annabel')).name).toBe('Annabel');
    expect(await profiles.playerIdByName('anna')).toBeNull();
    expect((await profiles.chooseName('p-bob', 'anna')).name).toBe('anna');
    at(T0 + 31 * DAY);
    expect((await refusal(profiles.chooseName('p-ann', 'Annie'))).code).toBe('name-too-soon');
  });
});

describe('presence', () => {
  it('writes at most once per period however often the player is seen, and tells nothing when hidden', async () => {
    const { profiles, store, at } = setup();
    let writes = 0;
    const seen = store.seen.bind(store);
    store.seen = async (...args) => {
      writes++;
      return seen(...args);
    };
    for (let i = 0; i < 50; i++) {
      at(T0 + i * 10_000);
      await profiles.seen('p-ann');
    }
    // 50 polls over 490 s: one write at T0, one at T0 + 300 s.
    expect(writes).toBe(2);
    expect((await store.profile('p-ann'))?.lastSeenAt).toBe(T0 + PRESENCE_WRITE_EVERY_MS);
    const now = T0 + PRESENCE_WRITE_EVERY_MS + 60_000;
    expect(presenceOf(await store.profile('p-ann'), now)).toEqual({ state: 'online' });
    expect(presenceOf(await store.profile('p-ann'), now + 3 * 3600_000)).toEqual({ state: 'seen', at: T0 + PRESENCE_WRITE_EVERY_MS });
    await profiles.setHideLastSeen('p-ann', true);
    expect(presenceOf(await store.profile('p-ann'), now)).toEqual({ state: 'hidden' });
    expect(presenceOf(null, now)).toEqual({ state: 'unknown' });
  });
});
