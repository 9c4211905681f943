/**
 * The server's own words in the reader's language (issue 18): refusals (a refused move, a refused
 * request, a zod failure) answer in the request's language with the same code and status as in
 * English; the platform's log lines are catalog words; game names come from the catalogs (/api/games,
 * mails); Dutch mails conjugate for lists of names.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '#shared/engine/game.js';
import { gameRegistry } from '#shared/games/index.js';
import { errorsEn } from '#shared/i18n/errors/en.js';
import { errorsNl } from '#shared/i18n/errors/nl.js';
import { en as siteEn } from '#shared/i18n/en.js';
import { mailEn } from '#shared/i18n/mail/en.js';
import { ErrorResponse } from '../../functions/http/responses.js';
import { sayIn, t } from '../../functions/i18n.js';
import { MATCH_ERROR_CODES } from '../../functions/matches/errors.js';
import type { LogRecord, MatchRecord } from '../../functions/matches/port.js';
import { logEntries } from '../../functions/matches/present.js';
import { compose } from '../../functions/notify/compose.js';
import { PLAYER_ERROR_CODES } from '../../functions/players/errors.js';
import { memoryApp } from '../support/app.js';
import { english, unworded } from '../support/words.js';
import { faults } from './support.js';

const NL = { 'Accept-Language': 'nl-NL,nl;q=0.9' };
const EN = { 'Accept-Language': 'en-GB' };
const games = [...gameRegistry.values()] as AnyGame[];

/** The same request in Dutch and English: both bodies' errors, after checking status and code agree. */
async function both(send: (headers: Record<string, string>) => Promise<{ status: number; json: { error: Record<string, unknown> } }>) {
  const [nl, en] = [await send(NL), await send(EN)];
  expect(nl.status).toBe(en.status);
  expect(nl.json.error.code).toBe(en.json.error.code);
  expect(nl.json.error.key).toBe(en.json.error.key);
  expect(nl.json.error.message).not.toBe(en.json.error.message);
  for (const r of [nl, en]) expect(ErrorResponse.safeParse(r.json).success).toBe(true);
  return { nl: nl.json.error, en: en.json.error, status: en.status };
}

describe('refusals in the request’s language', () => {
  it('a refused move (stale version; a move of the wrong shape) answers in Dutch with the same code and status', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const v = (await api.read(matchId, seats[0]!)).json.version as number;
    const move = (body: unknown) => (headers: Record<string, string>) =>
      api.call('POST', `/api/matches/${matchId}/seats/0/moves`, { token: seats[0]!.token, body, headers });
    const stale = await both(move({ expectedVersion: v + 5, move: { kind: 'commit', secret: 5 } }));
    expect(stale.status).toBe(409);
    expect(stale.en.message).toBe('The match has changed since you last looked; reload and try again.');
    expect(stale.nl.message).toBe('De partij is veranderd sinds je laatst keek; laad de pagina opnieuw en probeer het nog eens.');
    const shape = await both(move({ expectedVersion: v, move: { kind: 'commit', secret: 'five' } }));
    expect(shape.status).toBe(400);
    expect(shape.en.code).toBe('invalid-request');
    expect([shape.en.message, shape.nl.message]).toEqual(['The move is not valid.', 'De zet is niet geldig.']);
    const [nlIssue, enIssue] = [
      (shape.nl.issues as { path: string; message: string }[])[0]!,
      (shape.en.issues as { path: string; message: string }[])[0]!,
    ];
    expect(nlIssue.path).toBe(enIssue.path);
    expect(enIssue.message).toMatch(/^Invalid input: expected number, received string/);
    expect(nlIssue.message).toMatch(/^Ongeldige invoer: verwacht getal, ontving (string|tekst)/);
  });

  it('a refused request (no such match, no secret, an unknown address, retry times) answers in Dutch', async () => {
    const { api } = await memoryApp();
    const missing = await both((headers) => api.call('GET', '/api/matches/abcdefghijkl/seats/0', { token: 'A'.repeat(43), headers }));
    expect(missing.status).toBe(404);
    expect(missing.nl.message).toBe('Deze partij bestaat niet.');
    const { matchId } = await api.started('secret-sums', 2);
    const unauthorized = await both((headers) => api.call('GET', `/api/matches/${matchId}/seats/0`, { headers }));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.nl.message).toBe('Hiervoor is het geheim uit je partijlink nodig.');
    const nowhere = await both((headers) => api.call('GET', '/api/nowhere', { headers }));
    expect([nowhere.status, nowhere.en.message, nowhere.nl.message]).toEqual([404, 'No such address.', 'Dit adres bestaat niet.']);
    const bots = await both((headers) =>
      api.call('POST', '/api/matches', {
        body: { game: 'secret-sums', seats: 2, name: 'Ann', bots: [{ seat: 3, level: 'easy' }] },
        headers,
      }),
    );
    expect(bots.en.message).toBe('A computer player can sit in seat 1; seat 0 is yours.');
    expect(bots.nl.message).toBe('Een computerspeler kan alleen op plaats 1 zitten; plaats 0 is van jou.');
  });

  it('a zod failure in a query (parseIn) answers in Dutch, issues included', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2);
    const r = await both((headers) =>
      api.call('GET', `/api/matches/${matchId}/seats/0/log?before=soon`, { token: seats[0]!.token, headers }),
    );
    expect(r.status).toBe(400);
    expect([r.en.message, r.nl.message]).toEqual(['The query of the address is not valid.', 'Het zoekdeel van het adres is niet geldig.']);
    expect((r.nl.issues as { message: string }[])[0]!.message).toMatch(/^Ongeldige invoer/);
  });

  it('every refusal code has its words, in both languages, with the same placeholders', () => {
    expect(faults({ en: errorsEn, nl: errorsNl })).toEqual([]);
    const keys = Object.keys({ ...errorsEn, ...siteEn });
    for (const code of [...MATCH_ERROR_CODES, ...PLAYER_ERROR_CODES]) {
      const prefix = code === 'invalid-request' ? 'error.invalid' : `error.${code}`;
      expect(
        keys.some((k) => k === prefix || k.startsWith(`${prefix}.`)),
        code,
      ).toBe(true);
    }
    for (const key of Object.keys(errorsEn)) {
      expect(key).toMatch(/^error\./);
      expect(key in siteEn || key in mailEn).toBe(false);
    }
  });
});

describe('the platform’s log lines are words', () => {
  const record = (kind: LogRecord['kind'], extra: Partial<LogRecord> = {}) =>
    ({ version: 3, at: 0, seat: 1, kind, events: [], ...extra }) as unknown as LogRecord;
  const game = gameRegistry.get('dutch-auction')!;
  const records = [
    record('join'),
    record('start'),
    record('resign'),
    record('forfeit'),
    record('stand-in', { standIn: 'deadline', bot: 'easy' }),
    record('stand-in', { standIn: 'asked', bot: 'strong' }),
    record('take-back'),
    record('nudge', { nudged: [0, 2] }),
    record('undo'),
    record('undo', { acceptedBy: [0] }),
    record('undo-asked'),
    record('undo-refused'),
    record('default-move'),
  ];

  it('each has a key the catalogs have, and reads in English as before and in Dutch', () => {
    const lines = records.flatMap((r) => logEntries(game, r, null));
    for (const line of lines) {
      expect(line.text).toBeUndefined();
      expect(unworded(line)).toEqual([]);
      const dutch = sayIn('nl', line, ['Ann', 'Bob', 'Cy']);
      expect(dutch).not.toMatch(/⟦|match\.log|\{/);
      expect(dutch).not.toBe(english(line));
    }
    expect(lines.map((l) => english(l))).toEqual([
      'Bob joined.',
      'Bob joined.',
      'Everyone is here: the game has started.',
      'Bob resigned.',
      'Bob missed the move deadline and forfeits.',
      "Bob's deadline passed; a computer player (easy) plays for them until they are back.",
      'Bob handed their seat to a computer player (strong) for now.',
      'Bob is back and plays their own seat again.',
      'Bob nudged Ann and Cy.',
      'Bob took back their last move.',
      'Bob took back their last turn, as the others agreed.',
      'Bob asked to take back their last turn.',
      'Bob refused to let the last turn be taken back.',
      "Bob's deadline passed; the standard move was made for them.",
    ]);
    expect(sayIn('nl', logEntries(game, records[7]!, null)[0]!, ['Ann', 'Bob', 'Cy'])).toBe('Bob porde Ann en Cy aan.');
  });
});

describe('game names and mails in the recipient’s language', () => {
  it('/api/games names each game in the request’s language', async () => {
    const { api } = await memoryApp({ games });
    const [nl, en] = [await api.call('GET', '/api/games', { headers: NL }), await api.call('GET', '/api/games', { headers: EN })];
    const name = (r: typeof nl, id: string) => r.json.games.find((g: { id: string }) => g.id === id)?.name;
    expect(name(nl, 'golden-age')).toBe('De Gouden Eeuw');
    expect(name(en, 'golden-age')).toBe('The Dutch Golden Age');
    expect(name(nl, 'dutch-auction')).toBe(t('nl', 'game.dutch-auction.name'));
    expect(nl.headers.get('Vary')).toContain('Accept-Language');
  });

  it('a Dutch seat’s mails name the game in Dutch, with the platform’s lines (a deadline, a nudge) in Dutch', () => {
    const game = gameRegistry.get('golden-age')!;
    const match = {
      id: 'm1',
      gameId: 'golden-age',
      status: 'active',
      seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }],
      toAct: [0, 2],
      end: null,
      timing: null,
    } as unknown as MatchRecord;
    const mail = (kind: 'moved-for-you' | 'nudge', r: LogRecord) =>
      compose({
        intent: { matchId: 'm1', version: 3, seat: 1, kind, gameId: 'golden-age', lines: [], createdAt: 0 },
        match,
        game,
        publicLines: logEntries(game, r, null),
        publicUrl: 'http://dutch.test',
        lang: 'nl',
      });
    const late = mail('moved-for-you', { version: 3, at: 0, seat: 1, kind: 'default-move', events: [] } as unknown as LogRecord);
    expect(late.subject).toBe('Er is voor je gezet in De Gouden Eeuw met Ann en Cy');
    expect(late.lines[0]).toBe('De termijn van Bob is verlopen; de standaardzet is voor hen gedaan.');
    // Two names: "zijn", not "is".
    expect(late.paragraphs.join(' ')).toContain('Nu zijn Ann en Cy aan de beurt');
    const nudged = mail('nudge', { version: 3, at: 0, seat: 0, kind: 'nudge', nudged: [1], events: [] } as unknown as LogRecord);
    expect(nudged.subject).toBe('Ann port je aan: je bent aan zet in De Gouden Eeuw');
    expect(nudged.lines).toEqual(['Ann porde Bob aan.']);
  });

  it('Dutch list messages agree with the number of names', () => {
    expect(t('nl', 'mail.moved-for-you.next', { names: 'Ann', count: 1 })).toMatch(/^Nu is Ann aan de beurt/);
    expect(t('nl', 'mail.moved-for-you.next', { names: 'Ann en Cy', count: 2 })).toMatch(/^Nu zijn Ann en Cy aan de beurt/);
    expect(t('en', 'mail.moved-for-you.next', { names: 'Ann and Cy', count: 2 })).toMatch(/^Now it is the turn of Ann and Cy;/);
    expect(t('nl', 'mail.chat.text', { from: 'Ann en Bob', authors: 2, count: 3 })).toBe(
      'Ann en Bob schreven 3 berichten in de chat van je partij.',
    );
    expect(t('nl', 'mail.chat.text', { from: 'Ann', authors: 1, count: 1 })).toBe('Ann schreef een bericht in de chat van je partij.');
    expect(t('en', 'mail.chat.text', { from: 'Ann and Bob', authors: 2, count: 3 })).toBe(
      'Ann and Bob wrote 3 messages in the chat of your match.',
    );
  });
});
