/**
 * The match page's first script (web/src/first.ts) reads the link and storage with the app's own modules
 * before the app has stored the link, and sends the match read the app's first read would send; the app
 * (web/src/early-read.ts, api.ts) takes that answer only if it is that very request, once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessFor, firstReadOf } from '../../web/src/access.js';
import { createApi } from '../../web/src/api.js';
import { absorbFragment, parseFragment } from '../../web/src/fragment.js';
import { sendFirstRead, takeSentRead } from '../../web/src/request.js';
import * as store from '../../web/src/storage.js';

const A = 'A'.repeat(43);
const B = 'B'.repeat(43);
const ID = 'abcdefghijkl';
const memory = store.memoryStorage;
const ok = (version: number) => new Response(JSON.stringify({ version }), { status: 200, headers: { ETag: `"${version}"` } });

/** What this browser may already hold for the match. */
const HELD: Record<string, () => void> = {
  nothing: () => {},
  'a seat': () => store.saveSeat({ matchId: ID, seat: 1, token: B, gameId: 'golden-age' }),
  'a seat and a kept state': () => {
    store.saveSeat({ matchId: ID, seat: 1, token: B });
    store.saveSnapshot(`${ID}:1`, '"7"', { game: { id: 'dutch-memory' } });
  },
  'a watch link': () => store.saveWatch(ID, B),
  'an invite being answered': () => store.savePendingInvite(ID, B),
};
const LINKS = ['', `#seat=0&token=${A}&game=dutch-auction`, `#seat=1&token=${A}`, `#watch=${A}`, `#invite=${A}`, '#seat=9&token=x'];

describe('the first read, decided before the link is stored', () => {
  beforeEach(() => store.useStorage(memory(), memory()));

  it('is the read the app decides once it has stored the link, whatever this browser held', () => {
    for (const [held, hold] of Object.entries(HELD)) {
      for (const hash of LINKS) {
        store.useStorage(memory(), memory());
        hold();
        const before = {
          access: accessFor(ID, hash ? parseFragment(hash) : null),
          read: firstReadOf(ID, hash ? parseFragment(hash) : null),
        };
        absorbFragment({ pathname: `/m/${ID}`, hash }, { replaceState: () => {} });
        expect(before, `${held}, link ${hash || 'none'}`).toEqual({ access: accessFor(ID), read: firstReadOf(ID) });
      }
    }
  });
});

describe('the first script’s read, taken by the app', () => {
  const seat = { kind: 'seat', seat: 0, token: A } as const;
  const slot = globalThis as { __dutchFirstRead?: unknown };
  let fetched: string[] = [];
  beforeEach(() => {
    fetched = [];
    vi.stubGlobal('fetch', async (path: string) => {
      fetched.push(path);
      return ok(1);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete slot.__dutchFirstRead;
  });

  it('is the app’s first read of that very request, once', async () => {
    sendFirstRead({ matchId: 'm', creds: seat, etag: null }, 'en');
    expect(fetched).toEqual(['/api/matches/m/seats/0']);
    const sent: string[] = [];
    const api = createApi(async (path) => {
      sent.push(path);
      return ok(2);
    });
    const early = takeSentRead({ matchId: 'm', creds: seat, etag: null }, 'en');
    expect(await api.read('m', seat, null, early)).toMatchObject({ changed: true, match: { version: 1 }, etag: '"1"' });
    expect(sent).toEqual([]);
    expect(takeSentRead({ matchId: 'm', creds: seat, etag: null }, 'en')).toBeUndefined();
    // Taken: a first script that would run late sends nothing.
    sendFirstRead({ matchId: 'm', creds: seat, etag: null }, 'en');
    expect(fetched).toHaveLength(1);
  });

  it('is left alone for another seat, secret, ETag or language, or when the app reads nothing', () => {
    const other = [
      { matchId: 'm', creds: { ...seat, seat: 1 }, etag: null },
      { matchId: 'm', creds: { ...seat, token: B }, etag: null },
      { matchId: 'm', creds: seat, etag: '"1"' },
      { matchId: 'm', creds: { kind: 'watch', secret: A } as const, etag: null },
    ];
    for (const r of [...other, null]) {
      delete slot.__dutchFirstRead;
      sendFirstRead({ matchId: 'm', creds: seat, etag: null }, 'en');
      expect(takeSentRead(r, 'en')).toBeUndefined();
    }
    delete slot.__dutchFirstRead;
    sendFirstRead({ matchId: 'm', creds: seat, etag: null }, 'en');
    expect(takeSentRead({ matchId: 'm', creds: seat, etag: null }, 'nl')).toBeUndefined();
  });

  it('failed: the app says it is offline, as when its own read fails', async () => {
    const api = createApi(async () => ok(2));
    await expect(api.read('m', seat, null, Promise.reject(new TypeError('offline')))).rejects.toMatchObject({ name: 'NetworkFailure' });
  });

  it('a spectator’s 304 is unchanged', async () => {
    const api = createApi(async () => ok(2));
    expect(await api.read('m', { kind: 'watch', secret: A }, '"1"', Promise.resolve(new Response(null, { status: 304 })))).toEqual({
      changed: false,
    });
  });
});
