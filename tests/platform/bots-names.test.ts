/**
 * Computer seats have names of their own (issue 25): in a Golden Age match against two computers of the
 * same level, each is "Computer 1 (strong)" / "Computer 2 (strong)" — on the match answer, in the log
 * lines as the page says them, in the mails the human gets and in the replay — and in Dutch
 * "Computer 1 (sterk)". One computer keeps the plain "Computer (strong)".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gameRegistry } from '#shared/games/index.js';
import { compose } from '../../functions/notify/compose.js';
import { seatNamesIn } from '../../functions/i18n.js';
import { myMatch } from '../../functions/players/listing.js';
import { loadGameWords, loadLanguage } from '../../web/src/i18n.js';
import { sayHere, seatName } from '../../web/src/text.js';
import type { Json, Seat } from '../support/api.js';
import { botHarness } from './bots.support.js';

const TWO = ['Computer 1 (strong)', 'Computer 2 (strong)'];
const lineTexts = (log: Json[], seats: Json[]) => log.flatMap((r: Json) => (r.entries as Json[]).map((e) => sayHere(e, seats)));

beforeAll(async () => {
  await loadLanguage('en');
  await loadGameWords('golden-age');
});

describe('computer seats have names of their own', () => {
  it('Golden Age against two strong computers: two names on the match, in the log, in mails and in the replay, in English and Dutch', async () => {
    const h = await botHarness({ seed: 7 });
    const created = await h.create({
      game: 'golden-age',
      seats: 3,
      bots: [
        { seat: 1, level: 'strong' },
        { seat: 2, level: 'strong' },
      ],
    });
    const me: Seat = { seat: 0, token: created.token };
    await h.playOut(created.matchId, me, 12);
    const read = await h.api.read(created.matchId, me);
    const seats = read.json.seats as Json[];
    expect(seats.map((s) => s.name)).toEqual(['Ann', ...TWO]);
    expect([0, 1, 2].map((s) => seatName(seats, s))).toEqual(['Ann', ...TWO]);

    // The log as the page says it: both computers acted, each under its own name.
    const log = await h.fullLog(created.matchId, me);
    const lines = lineTexts(log, seats);
    for (const name of TWO)
      expect(
        lines.some((l) => l.startsWith(`${name} `)),
        name,
      ).toBe(true);
    expect(lines.join('\n')).not.toMatch(/Computer \(strong\)/);

    // The mails to the human: the computers' moves, named apart, in English and in Dutch.
    const match = (await h.table.store.get(created.matchId))!;
    const game = gameRegistry.get('golden-age')!;
    const told = (await h.intents(created.matchId)).filter((n) => n.seat === 0 && n.lines.length > 0);
    expect(told.length).toBeGreaterThan(0);
    const mailLines = (lang: 'en' | 'nl') =>
      told.flatMap((intent) => compose({ intent, match, game, publicLines: null, publicUrl: 'http://dutch.test', lang }).lines);
    const english = mailLines('en').join('\n');
    expect(english).toMatch(/Computer [12] \(strong\)/);
    expect(english).not.toMatch(/Computer \(strong\)/);
    const dutch = mailLines('nl').join('\n');
    expect(dutch).toMatch(/Computer [12] \(sterk\)/);
    expect(dutch).not.toMatch(/strong/);
    expect(seatNamesIn('nl', match.seats)).toEqual(['Ann', 'Computer 1 (sterk)', 'Computer 2 (sterk)']);
    // "My matches" (signed in) says which seats computers play, so the page names them in its language.
    // (A seat the match waits for also says since when: `toMove`, no deadline in this match.)
    const opponents = myMatch(match, 0, me.token, 'Golden Age').opponents;
    for (const o of opponents) if (o.toMove) expect(o.toMove.deadlineAt).toBeNull();
    expect(opponents.map(({ toMove: _, ...o }) => o)).toEqual([
      { seat: 1, name: 'Computer 1 (strong)', bot: { level: 'strong' } },
      { seat: 2, name: 'Computer 2 (strong)', bot: { level: 'strong' } },
    ]);

    // The replay names them as the log does.
    const replay = await h.api.call('GET', `/api/matches/${created.matchId}/seats/0/replay?from=1`, { token: me.token });
    expect(replay.status, replay.text).toBe(200);
    const replayed = lineTexts(
      (replay.json.steps as Json[]).flatMap((s) => s.log as Json[]),
      seats,
    );
    for (const name of TWO)
      expect(
        replayed.some((l) => l.startsWith(`${name} `)),
        name,
      ).toBe(true);

    // The page in Dutch.
    await loadLanguage('nl');
    await loadGameWords('golden-age');
    try {
      expect([1, 2].map((s) => seatName(seats, s))).toEqual(['Computer 1 (sterk)', 'Computer 2 (sterk)']);
      expect(lineTexts(log, seats).some((l) => l.startsWith('Computer 2 (sterk) '))).toBe(true);
    } finally {
      await loadLanguage('en');
      await loadGameWords('golden-age');
    }
  }, 120_000);

  it('one computer keeps its plain name; an easy and a strong one are numbered too', async () => {
    const h = await botHarness({ seed: 8 });
    const one = await h.create({ game: 'golden-age', seats: 3, bots: [{ seat: 2, level: 'easy' }] });
    const read = await h.api.read(one.matchId, { seat: 0, token: one.token });
    expect(read.json.seats.map((s: Json) => s.name)).toEqual(['Ann', null, 'Computer (easy)']);
    expect(seatName(read.json.seats, 2)).toBe('Computer (easy)');
    const mixed = await h.create({
      game: 'golden-age',
      seats: 3,
      bots: [
        { seat: 1, level: 'easy' },
        { seat: 2, level: 'strong' },
      ],
    });
    const seats = (await h.api.read(mixed.matchId, { seat: 0, token: mixed.token })).json.seats as Json[];
    expect(seats.map((s) => s.name)).toEqual(['Ann', 'Computer 1 (easy)', 'Computer 2 (strong)']);
  });
});
