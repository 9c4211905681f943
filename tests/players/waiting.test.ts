/**
 * "Next match waiting" is one read (issue 27), on DynamoDB Local: a signed-in player's waiting board
 * (functions/players/waiting.ts) answers `/me/next` with one GetItem whatever the number of claimed seats
 * (counted at the wire through the recording proxy), and it is right after a claim, a move, a join, a deadline
 * the sweep handled, a finished match and the player's deletion.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { DAY } from '../../functions/matches/timing.js';
import { PlayerSeats } from '../../functions/players/seats.js';
import { SeatVault } from '../../functions/players/vault.js';
import { WaitingBoards } from '../../functions/players/waiting.js';
import { recordingProxy } from '../infra/recording.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { harness, mailAndPush, type Harness } from '../notify/support.js';
import { secretSums } from '../support/test-game.js';
import { Device, signIn } from './support.js';

const io = mailAndPush();
let h: Harness;
afterEach(async () => h?.close());
const start = Date.UTC(2026, 10, 28, 9);

let proxy: Awaited<ReturnType<typeof recordingProxy>>;
beforeAll(async () => {
  const { dynamoEndpoint } = await import('../support/dynamo.js');
  proxy = await recordingProxy(dynamoEndpoint());
});
afterAll(async () => {
  await new Promise<void>((r) => proxy.server.close(() => r()));
});

const next = async (d: Device) => (await d.call('GET', '/api/me/next')).json as { next: { matchId: string } | null; waiting: number };

describe("a signed-in player's waiting board", () => {
  it('answers /me/next with one read of one item, for one claimed seat as for six', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const d = new Device(h);
    await signIn(d, io.smtp, 'ann@example.test');
    const player = (await h.playerStore!.playerByAddress(sha256('ann@example.test')))!;
    // The player side as the API builds it, speaking through the proxy.
    const doc = dynamoClient({
      endpoint: proxy.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const players = new DynamoPlayerStore(doc, h.table.tableName);
    const matches = new DynamoMatchStore(doc, h.table.tableName);
    const seats = new PlayerSeats({
      players,
      matches,
      notify: h.store,
      games: new Map([[secretSums.id, secretSums]]),
      vault: new SeatVault(h.seatKey!),
      boards: new WaitingBoards({ players, matches, clock: h.clock.fn }),
      clock: h.clock.fn,
    });

    const created: string[] = [];
    for (const claimedNow of [1, 5]) {
      const fresh = [];
      for (let i = 0; i < claimedNow; i++) {
        h.clock.advance(1000);
        fresh.push(await h.started(2, {}, ['Ann', 'Bob']));
      }
      // Everyone commits first in the test game: each claimed seat waits for Ann.
      const claim = await d.call('POST', '/api/me/seats', { body: { seats: fresh.map((m) => ({ matchId: m.matchId, ...m.seats[0]! })) } });
      expect(claim.status).toBe(200);
      created.push(...fresh.map((m) => m.matchId));

      proxy.calls.length = 0;
      const answer = await seats.next(player);
      expect(proxy.calls.map((c) => `${c.action} ${c.key}`)).toEqual([`dynamodb:GetItem P#${player.id}|WAITING`]);
      expect(answer.waiting).toBe(created.length);
      expect(answer.next?.matchId).toBe(created[0]);
      expect(await next(d)).toMatchObject({ next: { matchId: created[0] }, waiting: created.length });
    }
  });

  it('is right after a move, a join, a deadline the sweep handled, a finished match and a deletion', async () => {
    h = await harness({ email: io.sender, start, players: true });
    const d = new Device(h);
    await signIn(d, io.smtp, 'ann@example.test');
    const claim = (m: { matchId: string; seats: { seat: number; token: string }[] }) =>
      d.call('POST', '/api/me/seats', { body: { seats: [{ matchId: m.matchId, ...m.seats[0]! }] } });

    // A move: Ann commits her secret, the match waits for Bob; Bob's makes it hers again, later hers to add.
    const a = await h.started(2, { timing: { reminderHours: 0, deadlineDays: 1 } }, ['Ann', 'Bob']);
    await claim(a);
    expect(await next(d)).toMatchObject({ next: { matchId: a.matchId }, waiting: 1 });
    const v = await h.version(a.matchId, a.seats[0]!);
    expect((await h.api.move(a.matchId, a.seats[0]!, v, { kind: 'commit', secret: 3 })).status).toBe(200);
    expect(await next(d)).toEqual({ next: null, waiting: 0 });

    // A deadline the sweep handled: Bob's standard move, and the turn is Ann's.
    h.clock.now = start + DAY;
    expect((await h.sweep.run()).defaultMoves).toBe(1);
    expect(await next(d)).toMatchObject({ next: { matchId: a.matchId }, waiting: 1 });

    // A join: Ann's open match starts when Bob takes his seat, and waits for her commit (newer: listed second).
    h.clock.advance(60_000);
    const created = await h.api.call('POST', '/api/matches', { body: { game: 'secret-sums', seats: 2, options: {}, name: 'Ann' } });
    const b = { matchId: created.json.matchId as string, seats: [{ seat: 0, token: created.json.token as string }] };
    await claim(b);
    expect((await next(d)).waiting).toBe(1);
    h.clock.advance(60_000);
    expect((await h.api.join(b.matchId, created.json.invites[0].url, 'Bob')).status).toBe(200);
    expect(await next(d)).toMatchObject({ next: { matchId: a.matchId }, waiting: 2 });

    // A finished match: Ann resigns the first; the second is next.
    const resigned = await h.api.call('POST', `/api/matches/${a.matchId}/seats/0/resign`, { token: a.seats[0]!.token, body: {} });
    expect(resigned.status).toBe(200);
    expect(await next(d)).toMatchObject({ next: { matchId: b.matchId }, waiting: 1 });

    // A deletion: the board goes with the record, and a later move brings nothing back.
    const player = (await h.playerStore!.playerByAddress(sha256('ann@example.test')))!;
    expect(await h.playerStore!.waitingBoard(player.id, { consistent: true })).not.toBeNull();
    expect((await d.call('DELETE', '/api/me')).status).toBe(204);
    // Ann commits in the second match: her seat stops waiting, and nobody owns it any more.
    const vb = await h.version(b.matchId, b.seats[0]!);
    expect((await h.api.move(b.matchId, b.seats[0]!, vb, { kind: 'commit', secret: 4 })).status).toBe(200);
    expect(await h.playerStore!.waitingBoard(player.id, { consistent: true })).toBeNull();
  });
});
