/**
 * The small pure parts of the front end: reading link fragments (and taking secrets out of the
 * address bar), the browser's own memory of seats, words around the games, the create form's
 * option fields from a game's real options schema, and the tab's title and icon.
 */
import * as z from 'zod/mini';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dutchAuctionOptions } from '#shared/games/dutch-auction/moves.js';
import { absorbFragment, matchIdOf, parseFragment, seatLink } from '../../web/src/fragment.js';
import { dutchAuctionUi } from '../../web/src/games/dutch-auction/index.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';
import { optionFields, optionValues } from '../../web/src/options.js';
import { deviceKey, loadDevices, saveDevices } from '../../web/src/notify.js';
import * as store from '../../web/src/storage.js';
import { listNames, nextAnnouncement, sayHere, turnText } from '../../web/src/text.js';
import { PLAIN_ICON, TURN_ICON, showAnyTurn, showAttention, showWaiting } from '../../web/src/ui/attention.js';
import { secretSumsOptions } from '../support/test-game.js';

const T = `${'A'.repeat(21)}-_${'b'.repeat(20)}`;
const ID = 'abcDEF123_-x';

const memory = store.memoryStorage;

beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('dutch-auction'); // the edition option's words come with the auction's catalog
});
beforeEach(() => store.useStorage(memory(), memory()));

describe('link fragments', () => {
  it.each([
    [`#seat=1&token=${T}`, { kind: 'seat', seat: 1, token: T }],
    [`#seat=1&token=${T}&game=dutch-auction`, { kind: 'seat', seat: 1, token: T, game: 'dutch-auction' }],
    // The game id is only a hint: a malformed one is dropped, the seat still opens.
    [`#seat=1&token=${T}&game=%3Cb%3E`, { kind: 'seat', seat: 1, token: T }],
    [`#invite=${T}`, { kind: 'invite', secret: T }],
    [`#watch=${T}`, { kind: 'watch', secret: T }],
    [`#seat=9&token=${T}`, null],
    [`#seat=1&token=short`, null],
    [`#invite=${T}x`, null],
    ['#rules', null],
    ['', null],
  ])('%s', (hash, expected) => {
    expect(parseFragment(hash)).toEqual(expected);
  });

  it('moves a seat link into storage and leaves only the bare match path in the address bar', () => {
    const calls: unknown[][] = [];
    const found = absorbFragment(
      { pathname: `/m/${ID}`, hash: `#seat=1&token=${T}` },
      { replaceState: (...a: unknown[]) => void calls.push(a) },
    );
    expect(found).toEqual({ kind: 'seat', seat: 1, token: T });
    expect(calls).toEqual([[null, '', `/m/${ID}`]]);
    expect(store.findSeat(ID)).toMatchObject({ matchId: ID, seat: 1, token: T });
    expect(store.currentSeat(ID)).toBe(1);
  });

  it('remembers the game a seat link names, so a later visit can fetch its board at once', () => {
    absorbFragment({ pathname: `/m/${ID}`, hash: `#seat=0&token=${T}&game=golden-age` }, { replaceState: () => {} });
    expect(store.findSeat(ID, 0)).toMatchObject({ matchId: ID, seat: 0, token: T, gameId: 'golden-age' });
  });

  it('keeps an invite for this tab only, and a watch link for later', () => {
    const history = { replaceState: () => {} };
    absorbFragment({ pathname: `/m/${ID}`, hash: `#invite=${T}` }, history);
    expect(store.pendingInvite(ID)).toBe(T);
    expect(store.findSeat(ID)).toBeUndefined();
    absorbFragment({ pathname: `/m/${ID}`, hash: `#watch=${T}` }, history);
    expect(store.findWatch(ID)).toBe(T);
  });

  it('keeps an address this browser confirmed with its proof, newest first, once per address; a malformed one not', () => {
    const calls: unknown[][] = [];
    const history = { replaceState: (...a: unknown[]) => void calls.push(a) };
    const back = (address: string, proof: string) => `#${new URLSearchParams({ address, 'address-proof': proof })}`;
    absorbFragment({ pathname: `/m/${ID}`, hash: back('ann@example.test', T) }, history);
    expect(calls).toEqual([[null, '', `/m/${ID}`]]);
    expect(store.proofFor(' ANN@example.test ')).toBe(T);
    const U = T.replace('A', 'Z');
    absorbFragment({ pathname: `/m/${ID}`, hash: back('bob@example.test', U) }, history);
    absorbFragment({ pathname: `/m/${ID}`, hash: back('Ann@Example.test', U) }, history);
    expect(store.confirmedAddresses()).toEqual([
      { address: 'Ann@Example.test', proof: U },
      { address: 'bob@example.test', proof: U },
    ]);
    absorbFragment({ pathname: `/m/${ID}`, hash: back('cy@example.test', 'short') }, history);
    absorbFragment({ pathname: `/m/${ID}`, hash: back('not an address', T) }, history);
    expect(store.confirmedAddresses()).toHaveLength(2);
  });

  it('a rematch seat uses the push subscription the old seat used in this browser', () => {
    const l = memory();
    store.useStorage(l, memory());
    saveDevices({ [deviceKey(ID, 1)]: 'https://push.example/a' }, l);
    store.carryPushDevice({ matchId: ID, seat: 1 }, { matchId: 'newMatch1234', seat: 0 });
    store.carryPushDevice({ matchId: ID, seat: 0 }, { matchId: 'newMatch1234', seat: 1 });
    expect(loadDevices(l)).toEqual({
      [deviceKey(ID, 1)]: 'https://push.example/a',
      [deviceKey('newMatch1234', 0)]: 'https://push.example/a',
    });
  });

  it('takes even a malformed fragment out of the address bar, and stores nothing from it', () => {
    const calls: unknown[][] = [];
    absorbFragment({ pathname: `/m/${ID}`, hash: '#token=oops' }, { replaceState: (...a: unknown[]) => void calls.push(a) });
    expect(calls).toEqual([[null, '', `/m/${ID}`]]);
    expect(store.listSeats()).toEqual([]);
  });

  it('builds the “continue on another device” link and recognises match paths', () => {
    expect(seatLink('https://dutch.example', ID, 0, T)).toBe(`https://dutch.example/m/${ID}#seat=0&token=${T}`);
    expect(parseFragment(new URL(seatLink('https://x', ID, 0, T)).hash)).toEqual({ kind: 'seat', seat: 0, token: T });
    expect(seatLink('https://dutch.example', ID, 2, T, 'dutch-memory')).toBe(
      `https://dutch.example/m/${ID}#seat=2&token=${T}&game=dutch-memory`,
    );
    expect(parseFragment(new URL(seatLink('https://x', ID, 2, T, 'dutch-memory')).hash)).toEqual({
      kind: 'seat',
      seat: 2,
      token: T,
      game: 'dutch-memory',
    });
    expect(matchIdOf(`/m/${ID}`)).toBe(ID);
    expect(matchIdOf(`/m/${ID}/`)).toBe(ID);
    expect(matchIdOf('/m/short')).toBeNull();
  });
});

describe('my matches in this browser', () => {
  it('keeps one entry per seat, merging what is learnt later', () => {
    store.saveSeat({ matchId: ID, seat: 0, token: T, gameName: 'Dutch' });
    store.saveSeat({ matchId: ID, seat: 0, status: 'active', myTurn: true });
    store.saveSeat({ matchId: ID, seat: 1, token: T });
    expect(store.listSeats()).toHaveLength(2);
    expect(store.findSeat(ID, 0)).toMatchObject({ token: T, gameName: 'Dutch', status: 'active', myTurn: true });
    store.forgetSeat(ID, 0);
    expect(store.findSeat(ID)).toMatchObject({ seat: 1 });
  });

  it('never stores a seat without its token', () => {
    expect(store.saveSeat({ matchId: ID, seat: 3, status: 'over' })).toBeUndefined();
    expect(store.listSeats()).toEqual([]);
  });

  it('survives garbage in storage', () => {
    const l = memory();
    l.setItem('dutch:v1:seats', '{not json');
    store.useStorage(l, memory());
    expect(store.listSeats()).toEqual([]);
  });
});

describe('words', () => {
  const seats = [
    { seat: 0, name: 'Ann', joined: true, waitingSince: null },
    { seat: 1, name: 'Bob', joined: true, waitingSince: null },
    { seat: 2, name: null, joined: false, waitingSince: null },
  ];
  it('puts names for seat placeholders of older English lines, and leaves unknown ones', () => {
    expect(sayHere({ text: '{0} wins; {1} and {2} follow; {7} is nobody.' }, seats)).toBe(
      'Ann wins; Bob and Seat 3 follow; {7} is nobody.',
    );
    expect(listNames(['Ann', 'Bob', 'Cy'])).toBe('Ann, Bob and Cy');
  });
  it('says words by key: seats by name, lists in the language shown, the key before any English', () => {
    const words = { key: 'home.mine.with', params: { names: { list: [{ seat: 0 }, { seat: 2 }, 'Cy'] } } };
    expect(sayHere(words, seats)).toBe('with Ann, Seat 3 and Cy');
    // Nouns of one kind by key: each plain item of the list is `${each}.${item}`.
    const each = { key: 'home.mine.with', params: { names: { list: ['open', 'over'], each: 'home.status' } } };
    expect(sayHere(each, seats)).toBe('with Waiting for players to join and Finished');
    expect(sayHere({ ...words, message: 'English from the server' }, seats)).toBe('with Ann, Seat 3 and Cy');
    expect(sayHere({ message: 'English from the server' }, seats)).toBe('English from the server');
    // A refusal's words the page's catalog leaves out: the server's message (sayHere in the page's language) shows.
    expect(sayHere({ key: 'game.golden-age.error.not-your-turn', message: 'Niet jouw beurt.' }, seats)).toBe('Niet jouw beurt.');
  });
  it('changes the live region’s text even when the same message comes again, so it is read out again', () => {
    const first = nextAnnouncement('', 'It is your move.');
    const second = nextAnnouncement(first, 'It is your move.');
    const third = nextAnnouncement(second, 'It is your move.');
    expect(first).toBe('It is your move.');
    expect(second).not.toBe(first);
    expect(second.trim()).toBe('It is your move.');
    expect(third).toBe(first);
    expect(nextAnnouncement(second, 'The match is over.')).toBe('The match is over.');
  });
  it.each([
    [{ status: 'open', toAct: [] }, 0, 'Waiting for one more player to join.'],
    [{ status: 'active', toAct: [0] }, 0, 'Your move.'],
    [{ status: 'active', toAct: [0, 1] }, 0, 'Your move (Bob is choosing too).'],
    [{ status: 'active', toAct: [1] }, 0, 'Waiting for Bob.'],
    [{ status: 'active', toAct: [0, 1] }, null, 'Waiting for Ann and Bob.'],
    [{ status: 'over', toAct: [] }, 1, 'The match is over.'],
  ] as const)('%j for seat %s: %s', (m, you, text) => {
    expect(turnText({ ...m, toAct: [...m.toAct], seats, you })).toBe(text);
  });
});

describe('create form options from the game’s own schema', () => {
  it('Dutch: the edition as a choice in words, current by default', () => {
    const fields = optionFields(z.toJSONSchema(dutchAuctionOptions(), { io: 'input' }), dutchAuctionUi.optionLabels!());
    expect(fields).toEqual([
      {
        key: 'edition',
        label: 'Edition',
        type: 'choice',
        optional: true,
        default: 'current',
        choices: [
          { value: 'current', label: 'Current edition (published rules)' },
          { value: '2018', label: '2018 prototype' },
        ],
      },
    ]);
    expect(optionValues(fields, {})).toEqual({ edition: 'current' });
    expect(optionValues(fields, { edition: '2018' })).toEqual({ edition: '2018' });
    expect(dutchAuctionOptions().safeParse(optionValues(fields, { edition: '2018' })).success).toBe(true);
  });

  it('a number option with its bounds; an empty field keeps the game’s default', () => {
    const fields = optionFields(z.toJSONSchema(secretSumsOptions, { io: 'input' }));
    expect(fields).toEqual([
      { key: 'target', label: 'Target', type: 'number', integer: true, min: 3, max: 50, default: 10, optional: true },
    ]);
    expect(optionValues(fields, {})).toEqual({});
    expect(optionValues(fields, { target: '12' })).toEqual({ target: 12 });
    expect(secretSumsOptions.parse(optionValues(fields, {}))).toEqual({ target: 10 });
  });
});

describe('title and icon', () => {
  function fakeDoc() {
    const attrs: Record<string, string> = { href: PLAIN_ICON };
    const icon = {
      getAttribute: (k: string) => attrs[k] ?? null,
      setAttribute: (k: string, v: string) => {
        attrs[k] = v;
      },
    };
    return { doc: { title: '', querySelector: () => icon } as unknown as Document, attrs };
  }
  it('say when it is my move, and go back when it is not', () => {
    const { doc, attrs } = fakeDoc();
    showAttention(true, 'Dutch', doc);
    expect(doc.title).toBe('● Your move · Dutch');
    expect(attrs.href).toBe(TURN_ICON);
    showAttention(false, 'Dutch', doc);
    expect(doc.title).toBe('Dutch');
    expect(attrs.href).toBe(PLAIN_ICON);
  });
  it('put the count of matches waiting for me in front of the title and on the app badge, kept when a page retitles', () => {
    const { doc, attrs } = fakeDoc();
    const badges: (number | 'clear')[] = [];
    const nav = {
      setAppBadge: async (n?: number) => void badges.push(n ?? 0),
      clearAppBadge: async () => void badges.push('clear'),
    };
    doc.title = 'Leaderboards · Dutch';
    showWaiting(2, doc, nav);
    expect(doc.title).toBe('(2) Leaderboards · Dutch');
    expect(attrs.href).toBe(TURN_ICON);
    // A page that writes its own title gets the count again at the next answer.
    doc.title = 'Ann · Dutch';
    showWaiting(3, doc, nav);
    expect(doc.title).toBe('(3) Ann · Dutch');
    // On a match page where it is my move, both marks.
    showAttention(true, 'Dutch auction', doc);
    expect(doc.title).toBe('(3) ● Your move · Dutch auction');
    showWaiting(0, doc, nav);
    expect(doc.title).toBe('● Your move · Dutch auction');
    showAttention(false, 'Dutch', doc);
    expect(doc.title).toBe('Dutch');
    expect(attrs.href).toBe(PLAIN_ICON);
    expect(badges).toEqual([2, 3, 'clear']);
    // No Badging API (most desktop browsers): the title alone.
    showWaiting(1, doc, {});
    expect(doc.title).toBe('(1) Dutch');
    // The home page's "any of mine" mark gives way to the count once it is known.
    showWaiting(0, doc, {});
    showAnyTurn(true, 'Dutch', doc);
    expect(doc.title).toBe('● Your move · Dutch');
    showWaiting(2, doc, {});
    expect(doc.title).toBe('(2) Dutch');
  });
});
