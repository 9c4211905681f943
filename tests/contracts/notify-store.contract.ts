/**
 * The notification store's contract (functions/notify/port.ts), written once and run against every adapter:
 * tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts (DynamoDB Local).
 * The outbox is written by the match store and read here, so each `make` gives both stores on one table.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MatchStore, NotificationIntent } from '../../functions/matches/port.js';
import type { LinkTokenRecord, PushSubscriptionRecord, SeatPrefs } from '../../functions/notify/model.js';
import type { DueItem, NotifyStore, OutboxKey } from '../../functions/notify/port.js';
import { MatchService } from '../../functions/matches/service.js';
import { lanesOf } from '../../functions/notify/lanes.js';
import { Sweep } from '../../functions/notify/reminders.js';
import { dueShardNumberOf } from '../../functions/storage/table.js';
import { matchRecord } from './match-store.contract.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const DAY = 24 * 3600 * 1000;
const GRACE = 10 * 60 * 1000;
const uid = () => randomUUID().slice(0, 8);

export interface NotifyStores {
  matches: MatchStore;
  notify: NotifyStore;
}

const prefs = (matchId: string, seat: number, addressKey = 'k-ann'): SeatPrefs => ({
  matchId,
  seat,
  channels: { email: true, push: true },
  email: { address: 'ann@example.test', addressKey, confirmed: false, requestedAt: T0 },
  updatedAt: T0,
});
const push = (matchId: string, seat: number, id: string): PushSubscriptionRecord => ({
  matchId,
  seat,
  id,
  endpoint: `https://push.example.test/${id}`,
  p256dh: 'p',
  auth: 'a',
  createdAt: T0,
});
const intent = (matchId: string, version: number, seat: number, over: Partial<NotificationIntent> = {}): NotificationIntent => ({
  matchId,
  version,
  seat,
  kind: 'your-move',
  gameId: 'secret-sums',
  lines: ['{0} moved', { key: 'log.moved', params: { n: 1 } }],
  createdAt: T0 + version,
  ...over,
});

/** Every due item by `now`, walked a page of `limit` at a time (at least one page a shard). */
async function allDue(notify: NotifyStore, now: number, limit: number): Promise<DueItem[]> {
  const items: DueItem[] = [];
  let cursor: unknown;
  for (let pages = 0; pages < notify.dueShards + 100; pages++) {
    const page = await notify.due(now, limit, cursor);
    items.push(...page.items);
    cursor = page.next;
    if (cursor === undefined) break;
  }
  return items;
}

export function describeNotifyStoreContract(name: string, make: () => Promise<NotifyStores>) {
  describe(`the notification store's contract: ${name}`, () => {
    it("keeps a seat's choices and push devices; confirms its address only while it is the one asked for", async () => {
      const { notify } = await make();
      const m = `m-${uid()}`;
      expect(await notify.seat(m, 1)).toEqual({ prefs: null, push: [] });
      await notify.putPrefs(prefs(m, 1));
      await notify.addPush(push(m, 1, 'd1'));
      await notify.addPush(push(m, 1, 'd2'));
      await notify.addPush(push(m, 2, 'd3'));
      expect(await notify.seat(m, 1)).toEqual({ prefs: prefs(m, 1), push: [push(m, 1, 'd1'), push(m, 1, 'd2')] });
      await notify.removePush(m, 1, 'd1');
      expect((await notify.seat(m, 1)).push).toEqual([push(m, 1, 'd2')]);
      expect(await notify.confirmEmail(m, 1, 'k-other', T0 + 5)).toBe(false);
      expect(await notify.confirmEmail(m, 3, 'k-ann', T0 + 5)).toBe(false);
      expect(await notify.confirmEmail(m, 1, 'k-ann', T0 + 5)).toBe(true);
      const base = prefs(m, 1);
      expect((await notify.seat(m, 1)).prefs).toEqual({
        ...base,
        email: { ...base.email!, confirmed: true, confirmedAt: T0 + 5 },
        updatedAt: T0 + 5,
      });
    });

    it('gives an address one confirmation mail a day, given back only by that one; a suppressed address none', async () => {
      const { notify } = await make();
      const k = `k-${uid()}`;
      expect(await notify.address(k)).toBeNull();
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0)).toBe('ok');
      expect(await notify.address(k)).toEqual({ address: 'ann@example.test', lastConfirmationAt: T0 });
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0 + DAY - 1)).toBe('limited');
      await notify.releaseConfirmation(k, T0 + 1);
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0 + 2)).toBe('limited');
      await notify.releaseConfirmation(k, T0);
      expect(await notify.address(k)).toEqual({ address: 'ann@example.test' });
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0 + 3)).toBe('ok');
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0 + 3 + DAY)).toBe('ok');
      const racers = await Promise.all([1, 2, 3].map(() => notify.reserveConfirmation(`k-race-${k}`, 'x@example.test', T0)));
      expect(racers.filter((r) => r === 'ok')).toHaveLength(1);
      await notify.suppress(k, 'unsubscribed', T0 + 9);
      expect(await notify.reserveConfirmation(k, 'ann@example.test', T0 + 10 * DAY)).toBe('suppressed');
    });

    it('suppresses: a bounce outranks an unsubscribe, an unsubscribe is undone, a bounce is not', async () => {
      const { notify } = await make();
      const k = `k-${uid()}`;
      await notify.suppress(k, 'unsubscribed', T0);
      expect(await notify.address(k)).toEqual({ suppressed: 'unsubscribed', suppressedAt: T0 });
      await notify.unsuppress(k);
      expect(await notify.address(k)).toEqual({});
      await notify.suppress(k, 'bouncing', T0 + 1);
      await notify.suppress(k, 'unsubscribed', T0 + 2);
      expect(await notify.address(k)).toEqual({ suppressed: 'bouncing', suppressedAt: T0 + 1 });
      await notify.unsuppress(k);
      expect(await notify.address(k)).toEqual({ suppressed: 'bouncing', suppressedAt: T0 + 1 });
      await notify.unsuppress(`k-${uid()}`);
    });

    it('counts confirmation mails against every cap or none, and gives them back', async () => {
      const { notify } = await make();
      const caps = { seat: 2, match: 3, client: 10 };
      const subjects = { seat: `s-${uid()}`, match: `m-${uid()}` };
      const first = await notify.takeConfirmationAllowance(subjects, caps, T0);
      const windowStart = T0 - (T0 % DAY);
      expect(first).toEqual({ ok: true, windowStart });
      expect(await notify.takeConfirmationAllowance(subjects, caps, T0 + 1)).toEqual({ ok: true, windowStart });
      expect(await notify.takeConfirmationAllowance(subjects, caps, T0 + 2)).toEqual({
        ok: false,
        cap: 'seat',
        retryAt: windowStart + DAY,
      });
      // The refused one used up nothing of the match's cap.
      expect((await notify.takeConfirmationAllowance({ ...subjects, seat: `s-${uid()}` }, caps, T0 + 3)).ok).toBe(true);
      expect(await notify.takeConfirmationAllowance({ match: subjects.match }, caps, T0 + 4)).toMatchObject({ ok: false, cap: 'match' });
      await notify.returnConfirmationAllowance(subjects, windowStart);
      expect(await notify.takeConfirmationAllowance(subjects, caps, T0 + 5)).toEqual({ ok: true, windowStart });
      // Nothing to give back: nothing changes, nothing fails.
      await notify.returnConfirmationAllowance({ client: `c-${uid()}` }, windowStart);
    });

    it('keeps address proofs for their year, and link secrets once, until they expire', async () => {
      const { notify } = await make();
      const k = `k-${uid()}`;
      expect(await notify.hasAddressProof(k, 'proof', T0)).toBe(false);
      await notify.putAddressProof(k, 'proof', T0);
      expect(await notify.hasAddressProof(k, 'proof', T0 + 364 * DAY)).toBe(true);
      expect(await notify.hasAddressProof(k, 'other', T0)).toBe(false);
      expect(await notify.hasAddressProof(k, 'proof', T0 + 366 * DAY)).toBe(false);
      const record: LinkTokenRecord = { purpose: 'confirm', addressKey: k, matchId: 'm1', seat: 1, createdAt: T0 };
      const hash = `h-${uid()}`;
      await notify.putToken(hash, record, 3600);
      await expect(notify.putToken(hash, { ...record, seat: 2 }, 3600)).rejects.toThrow();
      expect(await notify.token(hash, T0 + 3_599_000)).toEqual(record);
      expect(await notify.token(hash, T0 + 3_601_000)).toBeNull();
      expect(await notify.token(`h-${uid()}`, T0)).toBeNull();
    });

    it('claims a delivery for a lease: busy while held, taken over after, done once settled; a release gives it back', async () => {
      const { notify } = await make();
      const n = intent(`m-${uid()}`, 3, 1);
      const first = await notify.claim(n, 'email', T0, 60_000);
      expect(first.state).toBe('claimed');
      expect(await notify.claim(n, 'email', T0 + 59_999, 60_000)).toEqual({ state: 'busy' });
      expect((await notify.claim(n, 'push', T0, 60_000)).state).toBe('claimed');
      expect((await notify.claim({ ...n, tag: 'r1' }, 'email', T0, 60_000)).state).toBe('claimed');
      const second = await notify.claim(n, 'email', T0 + 60_000, 60_000);
      expect(second.state).toBe('claimed');
      await notify.release(n, 'email', first.state === 'claimed' ? first.claimId : '');
      expect(await notify.claim(n, 'email', T0 + 60_001, 60_000)).toEqual({ state: 'busy' });
      await notify.release(n, 'email', second.state === 'claimed' ? second.claimId : '');
      const third = await notify.claim(n, 'email', T0 + 60_002, 60_000);
      expect(third.state).toBe('claimed');
      await notify.settle(n, 'email', 'sent');
      expect(await notify.claim(n, 'email', T0 + 999 * DAY, 60_000)).toEqual({ state: 'done' });
      await notify.release(n, 'email', third.state === 'claimed' ? third.claimId : '');
      expect(await notify.claim(n, 'email', T0 + 999 * DAY, 60_000)).toEqual({ state: 'done' });
      const racers = await Promise.all([1, 2, 3].map(() => notify.claim({ ...n, version: 4 }, 'email', T0, 60_000)));
      expect(racers.filter((r) => r.state === 'claimed')).toHaveLength(1);
    });

    it("reads the outbox the match store wrote: a change's intents in its log item, rows of their own without one", async () => {
      const { matches, notify } = await make();
      const m = matchRecord({ dueAt: T0 + DAY });
      const opening = intent(m.id, 1, 0, { kind: 'started' });
      await matches.create(m, [opening]);
      const at2 = { ...m, version: 2, updatedAt: T0 + 2 };
      const moved = [intent(m.id, 2, 0), intent(m.id, 2, 1, { kind: 'joined' })];
      const log = { version: 2, seat: 1, kind: 'move' as const, at: T0 + 2, events: [] };
      expect(await matches.commit({ match: at2, expectedVersion: 1, log, intents: moved })).toEqual({ ok: true });
      const reminder = intent(m.id, 2, 1, { kind: 'reminder', tag: 'r1', createdAt: T0 + 50 });
      expect(await matches.advanceSweep((await matches.get(m.id))!, T0 + 50, T0 + DAY, [reminder])).toBe(true);
      expect(sorted(await notify.pendingIntents(m.id))).toEqual(sorted([opening, ...moved, reminder]));
      expect(await notify.pendingIntents(`m-${uid()}`)).toEqual([]);

      // The timers: the outbox entries after their grace, the match at its `dueAt`.
      const keys = outboxKeys(await allDue(notify, T0 + GRACE + 100, 2));
      expect(keys).toHaveLength(3);
      expect(await allDue(notify, T0 + GRACE - 1, 10)).toEqual([]);
      expect((await allDue(notify, T0 + DAY, 10)).filter((i) => i.kind === 'match')).toEqual([{ kind: 'match', matchId: m.id }]);
      const logKey = keys.find((k) => k.sk.startsWith('LOG#'))!;
      expect(await notify.outboxTimer(logKey)).toEqual({ dueAt: T0 + 2 + GRACE, redrives: 0 });
      expect(await notify.redrive(logKey, 1, T0 + 5 * GRACE)).toBe(true);
      expect(await notify.outboxTimer(logKey)).toEqual({ dueAt: T0 + 5 * GRACE, redrives: 1 });
      expect(outboxKeys(await allDue(notify, T0 + 2 * GRACE, 10))).not.toContainEqual(logKey);

      // Delivered: the log item stays, out of the outbox; a row of its own goes.
      for (const k of keys) await notify.settleOutbox(k);
      expect(await notify.pendingIntents(m.id)).toEqual([]);
      expect(await notify.outboxTimer(logKey)).toEqual({ redrives: 0 });
      expect(await notify.redrive(logKey, 2, T0)).toBe(false);
      expect(await matches.logAt(m.id, 2)).toEqual(log);
      const row = keys.find((k) => !k.sk.startsWith('LOG#'))!;
      expect(await notify.outboxTimer(row)).toBeNull();
      expect(await notify.redrive(row, 1, T0)).toBe(false);
      expect(outboxKeys(await allDue(notify, T0 + 99 * DAY, 10))).toEqual([]);
    });

    it("holds a seat's notices through its quiet hours in one row due at their end, released as one outbox row", async () => {
      const { notify } = await make();
      const id = `m-${uid()}`;
      const end = T0 + 8 * 3600 * 1000;
      const a = intent(id, 2, 1);
      const b = intent(id, 3, 1, { kind: 'chat', chat: { count: 1, from: [0], messages: [{ seat: 0, text: 'hi' }] } });
      await notify.hold(a, end);
      await notify.hold(b, end);
      // Not due before the quiet hours end; then one held item, for that seat and that end.
      expect((await allDue(notify, end - 1, 50)).filter((i) => i.kind === 'held' && i.key.pk === `M#${id}`)).toEqual([]);
      const due = (await allDue(notify, end, 50)).filter((i) => i.kind !== 'match' && i.key.pk === `M#${id}`);
      expect(due.map((i) => i.kind)).toEqual(['held']);
      const key = (due[0] as { key: OutboxKey }).key;
      const held = await notify.held(key);
      expect(held).toEqual({ intents: [a, b], releaseAt: end });
      const merged = intent(id, 3, 1, { kind: 'quiet', tag: 'qx', createdAt: end, lines: [], held: [a, b] });
      // One more came in after the read: the release waits for a fresh read.
      await notify.hold(intent(id, 4, 1), end);
      expect(await notify.releaseHeld(key, 2, merged)).toBe(false);
      expect(await notify.releaseHeld(key, 3, merged)).toBe(true);
      expect(await notify.held(key)).toBeNull();
      expect(await notify.pendingIntents(id)).toEqual([merged]);
      expect(await notify.releaseHeld(key, 3, merged)).toBe(false);
    });

    it("keeps each sweep worker's place per lane; a place outside the lane counts as none", async () => {
      const { notify } = await make();
      const lane = { from: 8, to: 16 };
      expect(await notify.sweepCursor(lane)).toBeUndefined();
      await notify.saveSweepCursor(lane, { shard: 11 });
      expect(await notify.sweepCursor(lane)).toEqual({ shard: 11 });
      expect(await notify.sweepCursor({ from: 0, to: 8 })).toBeUndefined();
      await notify.saveSweepCursor({ from: 0, to: 8 }, { shard: 9 });
      expect(await notify.sweepCursor({ from: 0, to: 8 })).toBeUndefined();
    });

    it("the sweep's workers cover every shard under a budget too small for one worker: each entry once, no shard starved", async () => {
      const { matches, notify } = await make();
      // One undelivered notice in every shard of the `due` index.
      const byShard = new Map<number, string>();
      for (let i = 0; byShard.size < notify.dueShards && i < 100 * notify.dueShards; i++) {
        const id = `m-${uid()}`;
        if (!byShard.has(dueShardNumberOf(id))) byShard.set(dueShardNumberOf(id), id);
      }
      expect(byShard.size).toBe(notify.dueShards);
      for (const id of byShard.values()) await matches.create(matchRecord({ id }), [intent(id, 1, 0)]);
      const visits: string[] = [];
      const store: NotifyStore = Object.create(notify);
      store.redrive = (key, attempt, next) => {
        visits.push(key.pk.slice(2));
        return notify.redrive(key, attempt, next);
      };
      const now = T0 + 2 * GRACE;
      const sweep = new Sweep({
        store,
        matches,
        service: new MatchService({ store: matches, games: new Map(), clock: () => now }),
        clock: () => now,
        log: () => {},
      });
      const workers = 8;
      const itemsPerWorker = 4;
      // One worker with this budget covers 4 of the 256 entries in a run; eight cover 32, each in its lane.
      const lanes = lanesOf(notify.dueShards, workers);
      const runs = Math.ceil(notify.dueShards / (workers * itemsPerWorker));
      for (let run = 1; run <= runs; run++) {
        const before = visits.length;
        await sweep.run({ workers, itemsPerWorker });
        const fresh = visits.slice(before).map((id) => dueShardNumberOf(id));
        // Every lane got on, as far as its budget goes: none waits behind another.
        for (const lane of lanes) expect(fresh.filter((s) => s >= lane.from && s < lane.to)).toHaveLength(itemsPerWorker);
      }
      expect(new Set(visits).size).toBe(visits.length);
      expect(visits.sort()).toEqual([...byShard.values()].sort());
      // Nothing is due any more: a further run visits nothing.
      await sweep.run({ workers, itemsPerWorker });
      expect(visits).toHaveLength(notify.dueShards);
    });

    it('walks many due entries a page at a time, each once', async () => {
      const { matches, notify } = await make();
      const all: NotificationIntent[] = [];
      for (let i = 0; i < 7; i++) {
        const m = matchRecord();
        const rows = [intent(m.id, 1, 0), intent(m.id, 1, 1)];
        await matches.create(m, rows);
        all.push(...rows);
      }
      const keys = outboxKeys(await allDue(notify, T0 + 2 * GRACE, 3));
      expect(keys).toHaveLength(14);
      expect(new Set(keys.map((k) => `${k.pk}|${k.sk}`)).size).toBe(14);
    });
  });
}

const outboxKeys = (items: DueItem[]): OutboxKey[] => items.flatMap((i) => (i.kind === 'outbox' ? [i.key] : []));
const sorted = (list: NotificationIntent[]) =>
  [...list].sort((a, b) => `${a.version}${a.seat}${a.tag}`.localeCompare(`${b.version}${b.seat}${b.tag}`));
