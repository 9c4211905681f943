/**
 * No match stuck on a computer: a computer's move whose wake-up is lost (its run failed for good, the
 * stream record or queue message that carried it went missing) is re-driven by the sweep, which wakes any
 * match whose computer is to move and has not for COMPUTER_IDLE_MS (functions/notify/reminders.ts): a
 * write of the match item through the one runner that the bots' filter lets through again. On DynamoDB
 * Local, with the table's real stream: records the bot function's filter (infra/functions.ts BOT_FILTERS)
 * and functions/bots/records.ts pass are handed to the runner, except the ones this test drops.
 */
import { describe, expect, it } from 'vitest';
import { botMatchOf } from '../../functions/bots/records.js';
import { COMPUTER_IDLE_MS } from '../../functions/matches/timing.js';
import { changeOf } from '../../functions/storage/stream-records.js';
import { keys } from '../../functions/storage/table.js';
import { BOT_FILTERS } from '../../infra/functions.js';
import { passesFilters, streamTail } from '../infra/events.js';
import type { Seat } from '../support/app.js';
import { dynamoBotHarness } from './bots-dynamo.support.js';

describe('a computer that lost its move', () => {
  it('is woken again by the sweep, every time its wake-up is lost, and the match plays to its end', async () => {
    // Three moves a run at most, so the match needs many wake-ups, and every other one is lost.
    const h = await dynamoBotHarness({ seed: 3, limits: { moves: 3 } });
    const { table } = h;
    const created = await h.create({ game: 'dutch-auction', seats: 2, bots: [{ seat: 1, level: 'easy' }] });
    const me: Seat = { seat: 0, token: created.token };
    const id = created.matchId;
    // The player hands their seat to a computer too: from here on only computers move.
    const stood = await h.api.call('PUT', `/api/matches/${id}/seats/0/stand-in`, { token: me.token, body: { level: 'easy' } });
    expect(stood.status, stood.text).toBe(200);

    const matchPk = keys.match(id).pk;
    const stream = await streamTail(table.raw, table.endpoint, table.tableName);
    /** The stream's new records of this match's item that wake the computers, as the bot function takes them. */
    const wakeUps = async () => {
      const fresh = (await stream.next()).filter((r) => r.dynamodb?.Keys?.pk?.S === matchPk && r.dynamodb?.Keys?.sk?.S === 'MATCH');
      return fresh.filter((r) => passesFilters(BOT_FILTERS, r) && botMatchOf(changeOf(r)) === id);
    };

    let delivered = 0;
    let lost = 0;
    let woken = 0;
    for (let round = 0; round < 400; round++) {
      const read = await h.api.read(id, me);
      if (read.json.status === 'over') break;
      if ((await wakeUps()).length > 0) {
        // Every other wake-up is lost: the computer is never told (its run failed after its retries).
        if ((delivered + lost) % 2 === 0) {
          lost++;
          continue;
        }
        delivered++;
        await h.runner.handle(id);
        continue;
      }
      // Nothing in flight: without the sweep the match would wait for ever.
      const before = read.json.version;
      h.clock.now += COMPUTER_IDLE_MS - 1000;
      expect((await h.sweep.run()).computerWakes, 'not yet idle long enough').toBe(0);
      h.clock.now += 2000;
      const report = await h.sweep.run();
      expect(report.computerWakes).toBe(1);
      woken++;
      // The wake changes nothing a player sees: the same version, the same turn.
      const after = await h.api.read(id, me);
      expect(after.json.version).toBe(before);
      expect(after.json.toAct).toEqual(read.json.toAct);
    }
    const end = await h.api.read(id, me);
    expect(end.json.status).toBe('over');
    expect(end.json.end.reason).toBe('finished');
    expect(lost).toBeGreaterThan(2);
    // Each lost wake-up was made good by the sweep, once.
    expect(woken).toBe(lost);
    // Over: the match leaves the `due` index, and the sweep finds nothing more to wake.
    h.clock.now += 2 * COMPUTER_IDLE_MS;
    expect((await h.sweep.run()).computerWakes).toBe(0);
    stream.close();
  }, 240_000);
});
