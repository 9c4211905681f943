/**
 * What wakes the computer players: only a change to the game (or to who plays a seat) of a match with a
 * computer seat. Changes beside the game rewrite the match item too (a chat message, a nudge, new
 * links, a pause, the chat's mute, the sweep's cursor), but their stream records must not wake the bot
 * function: neither through the event source's filter (infra/functions.ts BOT_FILTERS, applied as Lambda
 * applies it) nor through functions/bots/records.ts (the records read as the table's changes by
 * functions/storage/stream-records.ts), which the Lambda and the local reader both use.
 * Records read from DynamoDB Local's real stream.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { DAY } from '../../functions/matches/timing.js';
import { botMatchOf, onBotChanges } from '../../functions/bots/records.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { changeOf, changesOf } from '../../functions/storage/stream-records.js';
import { keys } from '../../functions/storage/table.js';
import { BOT_FILTERS } from '../../infra/functions.js';
import { client, toCountPhase, type Seat } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { secretSums } from '../support/test-game.js';
import { passesFilters, readStream } from '../infra/events.js';
import { dynamoBotHarness as botHarness } from './bots-dynamo.support.js';

async function setup() {
  const table = await freshTable('botwake');
  const clock = { now: Date.UTC(2026, 0, 5, 9) };
  const app = createApp({
    store: table.store,
    games: new Map([[secretSums.id, secretSums]]),
    clock: () => clock.now,
    publicUrl: 'http://dutch.test',
    notifications: { store: new DynamoNotifyStore(table.doc, table.tableName), clock: () => clock.now },
  });
  const api = client(app);
  const started = await api.started('secret-sums', 3, { target: 30 });
  await toCountPhase(api, started.matchId, started.seats);
  const toAct = (await api.read(started.matchId, started.seats[0]!)).json.toAct as number[];
  const mover = started.seats[toAct[0]!]!;
  // One of the others hands their seat to a computer; the third talks, nudges and pauses.
  const [computer, talker] = started.seats.filter((s) => s !== mover) as [Seat, Seat];
  return { table, api, clock, matchId: started.matchId, mover, computer, talker };
}

/** The stream's records of this match's item from the `from`-th record on, and which of them wake the bots. */
async function matchRecords(table: Awaited<ReturnType<typeof freshTable>>, matchId: string, from = 0) {
  const all = await readStream(table.raw, table.endpoint, table.tableName);
  const mine = all.slice(from).filter((r) => r.dynamodb?.Keys?.pk?.S === keys.match(matchId).pk && r.dynamodb?.Keys?.sk?.S === 'MATCH');
  return {
    total: all.length,
    records: mine,
    filtered: mine.filter((r) => passesFilters(BOT_FILTERS, r)),
    picked: mine.filter((r) => botMatchOf(changeOf(r)) !== null),
  };
}

/** Runs records through the bot function's batch handler with a runner that counts its wake-ups. */
async function wakeUps(records: DynamoDBRecord[]) {
  const woken: string[] = [];
  const handle = onBotChanges(
    {
      handle: async (id) => {
        woken.push(id);
        return { moves: 0, fallbacks: 0, reactions: 0, stopped: 'idle' };
      },
    },
    () => undefined,
  );
  await handle(changesOf(records));
  return woken;
}

describe('what wakes the computer players', () => {
  it('a chat message, a nudge, new links, a pause and the mute in a match with a computer seat wake nobody; a move does', async () => {
    const { table, api, matchId, mover, computer, talker } = await setup();
    const base = `/api/matches/${matchId}/seats`;
    // A computer stands in for one seat: a change to who plays, which wakes the bots.
    const standIn = await api.call('PUT', `${base}/${computer.seat}/stand-in`, { token: computer.token, body: { level: 'easy' } });
    expect(standIn.status, standIn.text).toBe(200);
    const before = await matchRecords(table, matchId);
    expect(before.picked.length).toBeGreaterThan(0);
    expect(before.filtered.at(-1)).toBe(before.records.at(-1));
    expect(botMatchOf(changeOf(before.records.at(-1)!))).toBe(matchId);

    // Changes beside the game, each rewriting the match item and raising its version.
    const v0 = (await api.read(matchId, talker)).json.version as number;
    const said = await api.call('POST', `${base}/${talker.seat}/chat`, { token: talker.token, body: { text: 'Good luck, computer!' } });
    expect(said.status, said.text).toBe(201);
    const nudged = await api.call('POST', `${base}/${talker.seat}/nudge`, { token: talker.token });
    expect(nudged.status, nudged.text).toBe(200);
    expect((await api.call('POST', `${base}/${talker.seat}/links`, { token: talker.token })).status).toBe(200);
    expect((await api.call('POST', `${base}/${talker.seat}/pause`, { token: talker.token, body: { days: 1 } })).status).toBe(200);
    expect((await api.call('PUT', `${base}/${talker.seat}/chat/mute`, { token: talker.token, body: { muted: true } })).status).toBe(200);
    // Reading the chat (its read marks) and the sweep's cursor on the match item.
    expect((await api.call('GET', `${base}/${talker.seat}/chat?after=0`, { token: talker.token })).status).toBe(200);
    const m = (await table.store.get(matchId))!;
    expect(await table.store.advanceSweep(m, Date.now(), Date.now() + 3_600_000, [])).toBe(true);
    expect(m.version).toBeGreaterThanOrEqual(v0 + 4);

    const side = await matchRecords(table, matchId, before.total);
    // Every one of those changes wrote the match item (5 commits, the sweep's update)...
    expect(side.records.length).toBeGreaterThanOrEqual(6);
    // ...and none of its stream records wakes the bot function, on AWS or under `npm start`.
    expect(side.filtered).toEqual([]);
    expect(side.picked).toEqual([]);
    expect(await wakeUps(side.records)).toEqual([]);

    // The game itself changes: the person to move moves, and that record wakes the bots once.
    const v = (await api.read(matchId, mover)).json.version as number;
    const moved = await api.move(matchId, mover, v, { kind: 'add', amount: 1 });
    expect(moved.status, moved.text).toBe(200);
    const game = await matchRecords(table, matchId, side.total);
    expect(game.records.length).toBe(1);
    expect(game.filtered).toEqual(game.records);
    expect(await wakeUps(game.records)).toEqual([matchId]);
  });

  it("a computer taking over at a passed deadline (the sweep's commit) wakes the bots; the sweep's own updates do not", async () => {
    const h = await botHarness({ seed: 7 });
    const created = await h.create({ game: 'dutch-auction', seats: 2, timing: { reminderHours: 0, deadlineDays: 1, onDeadline: 'bot' } });
    const joined = await h.api.join(created.matchId, created.invites[0]!.url, 'Bob');
    expect(joined.status).toBe(200);
    const matchId = created.matchId;
    // Ann seals her bid in time; Bob does not, and a day later the sweep hands his seat to a computer.
    expect(await h.humanMove(matchId, { seat: 0, token: created.token })).toBe('moved');
    const from = (await matchRecords(h.table, matchId)).total;
    h.clock.now += DAY;
    expect(await h.sweep.run()).toMatchObject({ standIns: 1 });
    const swept = await matchRecords(h.table, matchId, from);
    expect(swept.picked).toHaveLength(1);
    expect(swept.filtered).toEqual(swept.picked);
    expect(await wakeUps(swept.records)).toEqual([matchId]);
    // A day later the computer has not moved (no runner here): the sweep makes the standard moves, game
    // changes that wake the bots, and then moves its cursor, an update of the match item that wakes nobody.
    const again = (await matchRecords(h.table, matchId)).total;
    h.clock.now += DAY;
    await h.sweep.run();
    const later = (await matchRecords(h.table, matchId, again)).records;
    const version = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.version?.N;
    const cursor = later.filter((r, k) => k > 0 && version(r) === version(later[k - 1]!));
    const commits = later.filter((r) => !cursor.includes(r));
    expect(cursor.length).toBeGreaterThan(0);
    expect(commits.length).toBeGreaterThan(0);
    for (const r of cursor) expect([passesFilters(BOT_FILTERS, r), botMatchOf(changeOf(r))]).toEqual([false, null]);
    for (const r of commits) expect([passesFilters(BOT_FILTERS, r), botMatchOf(changeOf(r))]).toEqual([true, matchId]);
  });
});
