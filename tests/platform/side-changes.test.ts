/**
 * Changes beside the game — new invite/spectator links, pausing and resuming one's deadlines — must not
 * make another player's pending move stale (issue 13, item 9: a burst of link calls made every other
 * player's move fail with 409), and each seat may make only a few of them per hour (429, Retry-After).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app.js';
import { SIDE_CHANGES } from '../../functions/matches/service.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { client, toCountPhase, type Seat } from '../support/app.js';
import { secretSums } from '../support/test-game.js';

async function setup() {
  const memory = new MemoryTable();
  const table = { store: new MemoryMatchStore(memory) };
  const clock = { now: Date.UTC(2026, 0, 5, 9) };
  const notifications = { store: new MemoryNotifyStore(memory), clock: () => clock.now };
  const app = createApp({
    store: table.store,
    games: new Map([[secretSums.id, secretSums]]),
    clock: () => clock.now,
    publicUrl: 'http://dutch.test',
    notifications,
  });
  const api = client(app);
  const started = await api.started('secret-sums', 2, { target: 30 });
  const version = await toCountPhase(api, started.matchId, started.seats);
  const read = await api.read(started.matchId, started.seats[0]!);
  const mover = started.seats[read.json.toAct[0]]!;
  const other = started.seats.find((s) => s !== mover)!;
  const links = (s: Seat) => api.call('POST', `/api/matches/${started.matchId}/seats/${s.seat}/links`, { token: s.token });
  const pause = (s: Seat, days: number) =>
    api.call('POST', `/api/matches/${started.matchId}/seats/${s.seat}/pause`, { token: s.token, body: { days } });
  const resume = (s: Seat) => api.call('DELETE', `/api/matches/${started.matchId}/seats/${s.seat}/pause`, { token: s.token });
  return { api, clock, matchId: started.matchId, version, mover, other, links, pause, resume };
}

describe('changes beside the game', () => {
  it("new links from one seat leave another seat's pending move current, and a poll still sees the change", async () => {
    const { api, matchId, version, mover, other, links } = await setup();
    const etag = (await api.read(matchId, mover)).headers.get('ETag')!;
    expect((await links(other)).status).toBe(200);
    expect((await links(other)).status).toBe(200);
    // The poll notices the links changed (the record's version moved on)...
    const polled = await api.read(matchId, mover, { 'If-None-Match': etag });
    expect(polled.status).toBe(200);
    expect(polled.json.version).toBe(version + 2);
    // ...but the move made at the version read before is not stale.
    const moved = await api.move(matchId, mover, version, { kind: 'add', amount: 1 });
    expect(moved.status).toBe(200);
    expect(moved.json.version).toBe(version + 3);
    // A move at the version before that move is stale again: only game changes count.
    const late = await api.move(matchId, other, version, { kind: 'add', amount: 1 });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('stale-version');
  });

  it("pausing and resuming leave another seat's pending move current", async () => {
    const { api, matchId, version, mover, other, pause, resume } = await setup();
    expect((await pause(other, 1)).status).toBe(200);
    expect((await resume(other)).status).toBe(200);
    const moved = await api.move(matchId, mover, version, { kind: 'add', amount: 2 });
    expect(moved.status).toBe(200);
  });

  it('a burst of link calls gets 429 with Retry-After after the cap, and the refused call changes nothing', async () => {
    const { api, clock, matchId, mover, other, links, pause } = await setup();
    for (let i = 0; i < SIDE_CHANGES.perWindow; i++) expect((await links(other)).status).toBe(200);
    const before = (await api.read(matchId, mover)).json.version;
    const refused = await links(other);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('too-many-changes');
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(SIDE_CHANGES.windowMs / 1000);
    // Pausing shares the cap; the other seat keeps its own.
    expect((await pause(other, 1)).status).toBe(429);
    expect((await api.read(matchId, mover)).json.version).toBe(before);
    expect((await links(mover)).status).toBe(200);
    // Once the window has passed, the seat may change links again.
    clock.now += SIDE_CHANGES.windowMs + 1000;
    expect((await links(other)).status).toBe(200);
  });
});
