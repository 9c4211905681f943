/**
 * The match store's contract (functions/matches/port.ts), written once and run against every adapter:
 * tests/platform/stores-memory.test.ts (in memory, unit tier) and tests/platform/stores-dynamo.test.ts
 * (DynamoDB Local, integration tier). What a platform test on the memory store relies on is here.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, LogRecord, MatchRecord, MatchStore, NotificationIntent } from '../../functions/matches/port.js';
import { expiryOf } from '../../functions/storage/table.js';

const T0 = Date.UTC(2026, 10, 28, 12);

export function matchRecord(over: Partial<MatchRecord> = {}): MatchRecord {
  return {
    id: `m-${randomUUID().slice(0, 8)}`,
    gameId: 'secret-sums',
    options: {},
    status: 'active',
    version: 1,
    gameVersion: 1,
    seats: [
      { name: 'Ann', tokenHash: 'a'.repeat(64), inviteHash: null },
      { name: 'Bob', tokenHash: 'b'.repeat(64), inviteHash: null },
    ],
    spectatorHash: 's'.repeat(64),
    state: { phase: 'commit', secrets: [null, null], long: 'x'.repeat(500) },
    seed: 'seed',
    toAct: [0, 1],
    end: null,
    createdAt: T0,
    updatedAt: T0,
    rematchId: null,
    rematchOf: null,
    ...over,
  };
}

const logRecord = (version: number, over: Partial<LogRecord> = {}): LogRecord => ({
  version,
  seat: 0,
  kind: 'move',
  move: { kind: 'commit', secret: version },
  at: T0 + version,
  events: [{ kind: 'committed', seat: 0 }],
  ...over,
});

const intent = (m: MatchRecord, seat: number): NotificationIntent => ({
  matchId: m.id,
  version: m.version,
  seat,
  kind: 'your-move',
  gameId: m.gameId,
  lines: ['{0} moved'],
  createdAt: m.updatedAt,
});

/** The match as the store gives it back: the expiry it sets on every write. */
const asStored = (m: MatchRecord) => ({ ...m, expiresAt: expiryOf(m.status, m.updatedAt) });

/** The next version of `m`, one change later. */
const next = (m: MatchRecord, over: Partial<MatchRecord> = {}): MatchRecord => ({
  ...m,
  version: m.version + 1,
  updatedAt: m.updatedAt + 1000,
  ...over,
});

/** Plays `count` logged changes on a created match; returns the last record. */
async function played(store: MatchStore, m: MatchRecord, count: number): Promise<MatchRecord> {
  let at = m;
  for (let i = 0; i < count; i++) {
    const n = next(at);
    expect(await store.commit({ match: n, expectedVersion: at.version, log: logRecord(n.version) })).toEqual({ ok: true });
    at = n;
  }
  return at;
}

export function describeMatchStoreContract(name: string, make: () => Promise<MatchStore>) {
  describe(`the match store's contract: ${name}`, () => {
    it('creates a match once: the record comes back as written, with its expiry; a second create of the id is refused', async () => {
      const store = await make();
      const m = matchRecord({ undo: { seat: 0, version: 1, base: { a: 1 }, steps: [] }, timing: { reminderHours: 24, deadlineDays: 3 } });
      expect(await store.create(m)).toBe('created');
      expect(await store.get(m.id)).toEqual(asStored(m));
      expect(await store.create({ ...m, seats: [] })).toBe('exists');
      expect(await store.get(m.id)).toEqual(asStored(m));
      expect(await store.head(m.id)).toEqual({
        id: m.id,
        version: 1,
        tokenHashes: ['a'.repeat(64), 'b'.repeat(64)],
        spectatorHash: m.spectatorHash,
      });
    });

    it('answers null for a match, head or log record that is not there', async () => {
      const store = await make();
      expect(await store.get('nothing-here')).toBeNull();
      expect(await store.head('nothing-here')).toBeNull();
      expect(await store.logAt('nothing-here', 1)).toBeNull();
      expect(await store.log('nothing-here', { limit: 5 })).toEqual([]);
      expect(await store.fullLog('nothing-here')).toEqual([]);
      expect(await store.chatMessages('nothing-here', { after: 0, limit: 5 })).toEqual([]);
      expect(await store.chatSeen('nothing-here')).toEqual([]);
    });

    it('keeps no reference to what it was given, and gives none out', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      (m.seats[0] as { name: string }).name = 'changed';
      const read = (await store.get(m.id))!;
      read.seats[0]!.name = 'changed again';
      expect((await store.get(m.id))!.seats[0]!.name).toBe('Ann');
    });

    it('keeps `dueAt` on an active match only, and drops undefined fields', async () => {
      const store = await make();
      const open = matchRecord({ status: 'open', dueAt: T0 + 5000, rematchId: null, createdWith: undefined });
      const active = matchRecord({ dueAt: T0 + 5000 });
      await store.create(open);
      await store.create(active);
      const { dueAt: _, createdWith: __, ...openStored } = asStored(open);
      expect(await store.get(open.id)).toEqual(openStored);
      expect(Object.keys((await store.get(open.id))!)).not.toContain('createdWith');
      expect((await store.get(active.id))!.dueAt).toBe(T0 + 5000);
    });

    it('commits a change at the version read, with its log record; newest first in `log`, in order in `fullLog`', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      const last = await played(store, m, 5);
      expect(await store.get(m.id)).toEqual(asStored(last));
      expect((await store.head(m.id))!.version).toBe(6);
      expect(await store.logAt(m.id, 3)).toEqual(logRecord(3));
      // Eventually consistent (a list's read): the same record once the write has settled.
      expect(await store.get(m.id, { consistent: false })).toEqual(asStored(last));
      expect((await store.log(m.id, { limit: 3 })).map((l) => l.version)).toEqual([6, 5, 4]);
      expect((await store.log(m.id, { limit: 2, before: 5 })).map((l) => l.version)).toEqual([4, 3]);
      expect((await store.log(m.id, { limit: 10, before: 3 })).map((l) => l.version)).toEqual([2]);
      expect((await store.fullLog(m.id)).map((l) => l.version)).toEqual([2, 3, 4, 5, 6]);
      expect(await store.fullLog(m.id)).toEqual([2, 3, 4, 5, 6].map((v) => logRecord(v)));
    });

    it('keeps a checkpoint with its commit (the newest at or before a version) and reads the log from a version on', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      let at = await played(store, m, 3);
      for (const state of [{ hand: [1, 2] }, { hand: [3] }]) {
        const n = next(at, { state });
        const checkpoint = { version: n.version, state };
        expect(await store.commit({ match: n, expectedVersion: at.version, log: logRecord(n.version), checkpoint })).toEqual({ ok: true });
        at = await played(store, n, 2);
      }
      expect(await store.checkpointAt(m.id, 4)).toBeNull();
      expect(await store.checkpointAt(m.id, 5)).toEqual({ version: 5, state: { hand: [1, 2] } });
      expect(await store.checkpointAt(m.id, 7)).toEqual({ version: 5, state: { hand: [1, 2] } });
      expect(await store.checkpointAt(m.id, 99)).toEqual({ version: 8, state: { hand: [3] } });
      expect(await store.checkpointAt('nothing-here', 9)).toBeNull();
      expect((await store.logFrom(m.id, 7)).map((l) => l.version)).toEqual([7, 8, 9, 10]);
      expect(await store.logFrom(m.id, 9, { consistent: true })).toEqual([9, 10].map((v) => logRecord(v)));
      expect((await store.logFrom(m.id, 0, { limit: 1 })).map((l) => l.version)).toEqual([2]);
      expect(await store.logFrom(m.id, 11)).toEqual([]);
      // A stale commit writes no checkpoint either.
      const late = next(m, { state: { hand: [9] } });
      expect((await store.commit({ match: late, expectedVersion: 1, log: logRecord(11), checkpoint: { version: 11, state: {} } })).ok).toBe(
        false,
      );
      expect((await store.checkpointAt(m.id, 11))!.version).toBe(8);
    });

    it('refuses a commit at another version as stale and writes none of it', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      const at2 = await played(store, m, 1);
      const late = next(m, { toAct: [1] });
      const chat: ChatMessage = { seq: 1, seat: 0, text: 'hi', at: T0, version: 2 };
      expect(await store.commit({ match: late, expectedVersion: m.version, log: logRecord(9), chat, intents: [intent(late, 1)] })).toEqual({
        ok: false,
        reason: 'stale',
      });
      expect(await store.get(m.id)).toEqual(asStored(at2));
      expect(await store.logAt(m.id, 9)).toBeNull();
      expect(await store.chatMessages(m.id, { after: 0, limit: 5 })).toEqual([]);
      // A commit to a match that is not there is stale too.
      expect((await store.commit({ match: matchRecord({ version: 2 }), expectedVersion: 1 })).ok).toBe(false);
    });

    it('is all or nothing: a log record, chat message or created match already there makes the whole commit stale', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      const at2 = await played(store, m, 1);
      // The log record for version 2 is there: a commit writing it again changes nothing.
      expect(await store.commit({ match: next(at2), expectedVersion: 2, log: logRecord(2, { seat: 1 }) })).toEqual({
        ok: false,
        reason: 'stale',
      });
      expect(await store.get(m.id)).toEqual(asStored(at2));
      expect(await store.logAt(m.id, 2)).toEqual(logRecord(2));

      const chat: ChatMessage = { seq: 1, seat: 0, text: 'hello', at: T0, version: 3 };
      const at3 = next(at2, { chatCount: 1 });
      expect(await store.commit({ match: at3, expectedVersion: 2, chat })).toEqual({ ok: true });
      const again: ChatMessage = { ...chat, text: 'again' };
      expect(await store.commit({ match: next(at3), expectedVersion: 3, chat: again })).toEqual({ ok: false, reason: 'stale' });
      expect(await store.chatMessages(m.id, { after: 0, limit: 5 })).toEqual([chat]);

      const other = matchRecord();
      await store.create(other);
      expect(
        await store.commit({ match: next(at3, { rematchId: other.id }), expectedVersion: 3, create: { ...other, seats: [] } }),
      ).toEqual({
        ok: false,
        reason: 'stale',
      });
      expect(await store.get(m.id)).toEqual(asStored(at3));
      expect(await store.get(other.id)).toEqual(asStored(other));
    });

    it('writes a rematch in the same commit', async () => {
      const store = await make();
      const m = matchRecord({ status: 'over' });
      await store.create(m);
      const rematch = matchRecord({ status: 'open', rematchOf: m.id, state: null });
      const at2 = next(m, { rematchId: rematch.id });
      expect(await store.commit({ match: at2, expectedVersion: 1, create: rematch, intents: [intent(at2, 1)] })).toEqual({ ok: true });
      expect(await store.get(m.id)).toEqual(asStored(at2));
      expect(await store.get(rematch.id)).toEqual(asStored(rematch));
    });

    it('lets one of two commits at the same version through, and only one', async () => {
      const store = await make();
      const m = matchRecord();
      await store.create(m);
      const a = next(m, { toAct: [0] });
      const b = next(m, { toAct: [1] });
      const results = await Promise.all([
        store.commit({ match: a, expectedVersion: 1, log: logRecord(2, { seat: 0 }) }),
        store.commit({ match: b, expectedVersion: 1, log: logRecord(2, { seat: 1 }) }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const won = results[0]!.ok ? 0 : 1;
      expect(await store.get(m.id)).toEqual(asStored(won === 0 ? a : b));
      expect((await store.logAt(m.id, 2))!.seat).toBe(won);
    });

    it("moves the sweep's cursor and timer at the version read; a change based on a read before it is stale", async () => {
      const store = await make();
      const m = matchRecord({ dueAt: T0 + 1000 });
      await store.create(m);
      expect(await store.advanceSweep(m, T0 + 1000, T0 + 9000, [{ ...intent(m, 1), kind: 'reminder', tag: 'r1' }])).toBe(true);
      const swept = (await store.get(m.id))!;
      expect(swept).toEqual({ ...asStored(m), sweptUntil: T0 + 1000, dueAt: T0 + 9000 });
      expect(swept.version).toBe(1);
      // A change made from the read before the sweep moved its cursor.
      expect(await store.commit({ match: next(m), expectedVersion: 1, log: logRecord(2) })).toEqual({ ok: false, reason: 'stale' });
      // From the read after it.
      expect(await store.commit({ match: next(swept), expectedVersion: 1, log: logRecord(2) })).toEqual({ ok: true });
      // The sweep at an older version changes nothing.
      expect(await store.advanceSweep(m, T0 + 2000, T0 + 3000, [])).toBe(false);
      const at2 = (await store.get(m.id))!;
      expect(at2.sweptUntil).toBe(T0 + 1000);
      // No timer left: `dueAt` goes.
      expect(await store.advanceSweep(at2, T0 + 5000, undefined, [])).toBe(true);
      const after = (await store.get(m.id))!;
      expect(after.sweptUntil).toBe(T0 + 5000);
      expect(after.dueAt).toBeUndefined();
    });

    it('takes a match off the timers only while it is at the version read', async () => {
      const store = await make();
      const m = matchRecord({ dueAt: T0 + 1000 });
      await store.create(m);
      const at2 = await played(store, m, 1);
      await store.clearDue(m);
      expect((await store.get(m.id))!.dueAt).toBe(T0 + 1000);
      await store.clearDue(at2);
      expect((await store.get(m.id))!.dueAt).toBeUndefined();
      expect((await store.get(m.id))!.version).toBe(2);
      await store.clearDue(matchRecord());
      expect(await store.get('nothing')).toBeNull();
    });

    it('keeps the chat: messages after a seq, oldest first, at most `limit`; how far each seat has read', async () => {
      const store = await make();
      let m = matchRecord();
      await store.create(m);
      const messages: ChatMessage[] = [];
      for (let seq = 1; seq <= 12; seq++) {
        const n = next(m, { chatCount: seq });
        const message: ChatMessage = { seq, seat: seq % 2, text: `message ${seq}`, at: T0 + seq, version: n.version };
        expect(await store.commit({ match: n, expectedVersion: m.version, chat: message })).toEqual({ ok: true });
        messages.push(message);
        m = n;
      }
      expect(await store.chatMessages(m.id, { after: 0, limit: 50 })).toEqual(messages);
      expect(await store.chatMessages(m.id, { after: 9, limit: 2 })).toEqual(messages.slice(9, 11));
      expect(await store.chatMessages(m.id, { after: 12, limit: 5 })).toEqual([]);
      await store.markChatSeen(m.id, 1, 3, T0 + 10);
      await store.markChatSeen(m.id, 0, 5, T0 + 20);
      await store.markChatSeen(m.id, 1, 7, T0 + 30);
      expect(await store.chatSeen(m.id)).toEqual([
        { seat: 0, seq: 5, at: T0 + 20 },
        { seat: 1, seq: 7, at: T0 + 30 },
      ]);
      // Reading the chat is no change to the match.
      expect((await store.get(m.id))!.version).toBe(m.version);
      // Nor to the log.
      expect(await store.fullLog(m.id)).toEqual([]);
    });
  });
}
