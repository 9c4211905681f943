/**
 * The safety store's contract (functions/players/safety-port.ts), written once and run against every adapter:
 * tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts (DynamoDB Local).
 * The operator's commands (scripts/moderate.ts) run here too, so they are shown once on each store.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProfileStore } from '../../functions/players/port.js';
import type { ModAction, ReportRecord, SafetyStore } from '../../functions/players/safety-port.js';
import { moderate } from '../../scripts/moderate-commands.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

const report = (at: number, target = `t-${uid()}`): ReportRecord => ({
  id: randomUUID(),
  at,
  reporter: `r-${uid()}`,
  target,
  targetName: 'Someone',
  kind: 'chat',
  reason: 'abuse',
  text: 'rude',
  chat: { matchId: `m-${uid()}`, seq: 3, text: 'you are bad' },
});

export function describeSafetyStoreContract(name: string, make: () => Promise<{ safety: SafetyStore; profiles: ProfileStore }>) {
  describe(`safety store contract (${name})`, () => {
    it('a block is seen from both sides at once, is idempotent, and an unblock removes both', async () => {
      const { safety } = await make();
      const [a, b, c] = [`a-${uid()}`, `b-${uid()}`, `c-${uid()}`];
      await safety.block(a, b, T0);
      await safety.block(a, b, T0 + 1);
      await safety.block(c, a, T0 + 2);
      expect(await safety.blocks(a)).toEqual({ blocked: [{ playerId: b, at: T0 + 1 }], blockedBy: [c] });
      expect(await safety.blocks(b)).toEqual({ blocked: [], blockedBy: [a] });
      expect([await safety.eitherBlocked(a, b), await safety.eitherBlocked(b, a), await safety.eitherBlocked(b, c)]).toEqual([
        true,
        true,
        false,
      ]);
      await safety.unblock(a, b);
      await safety.unblock(a, b);
      expect(await safety.blocks(b)).toEqual({ blocked: [], blockedBy: [] });
      expect(await safety.eitherBlocked(b, a)).toBe(false);
      expect(await safety.eitherBlocked(a, c)).toBe(true);
    });

    it('reports: the daily cap refuses the next one until the day ends; listed newest first, page by page', async () => {
      const { safety } = await make();
      const r = `r-${uid()}`;
      for (let i = 0; i < 3; i++) expect(await safety.countReport(r, T0 + i, 3)).toEqual({ ok: true });
      const dayEnd = T0 - (T0 % 86_400_000) + 86_400_000;
      expect(await safety.countReport(r, T0 + 5, 3)).toEqual({ ok: false, retryAt: dayEnd });
      expect(await safety.countReport(r, dayEnd, 3)).toEqual({ ok: true });
      const made = Array.from({ length: 7 }, (_, i) => report(T0 + i * 1000));
      for (const m of made) await safety.putReport(m);
      const first = await safety.reports(3);
      expect(first.items.map((x) => x.at)).toEqual([T0 + 6000, T0 + 5000, T0 + 4000]);
      expect(first.items[0]).toEqual(made[6]);
      const second = await safety.reports(3, first.next);
      expect(second.items.map((x) => x.at)).toEqual([T0 + 3000, T0 + 2000, T0 + 1000]);
      const last = await safety.reports(3, second.next);
      expect(last.items.map((x) => x.at)).toEqual([T0]);
      expect(last.next).toBeUndefined();
    });

    it('a standing changes with its log line; the log reads newest first', async () => {
      const { safety } = await make();
      const p = `p-${uid()}`;
      expect(await safety.standing(p)).toEqual({});
      const line = (action: ModAction['action'], at: number): ModAction => ({
        id: randomUUID(),
        at,
        action,
        playerId: p,
        by: 'op',
        why: 'test',
      });
      await safety.act(line('suspend', T0), { suspended: true });
      await safety.act(line('hide', T0 + 1), { hidden: true });
      expect(await safety.standing(p)).toEqual({ hidden: true, suspended: true });
      await safety.act(line('unsuspend', T0 + 2), { suspended: false });
      expect(await safety.standing(p)).toEqual({ hidden: true });
      expect((await safety.standings([p, `nobody-${uid()}`])).get(p)).toEqual({ hidden: true });
      const log = await safety.actions(2);
      expect(log.items.map((a) => a.action)).toEqual(['unsuspend', 'hide']);
      expect((await safety.actions(2, log.next)).items.map((a) => a.action)).toEqual(['suspend']);
    });

    it('the operator’s commands: rename past the monthly limit (the old name freed), suspend, each logged with who and why', async () => {
      const stores = await make();
      const p = `p-${uid()}`;
      const old = `Old${uid()}`;
      await stores.profiles.claimName(p, { name: old, nameKey: old.toLowerCase(), previousKey: null, changedBefore: T0, now: T0 });
      // The log is ordered by time (ties by a random id): the second action comes a second later.
      let now = T0 + 1000;
      const deps = { ...stores, clock: () => now };
      const fresh = `New${uid()}`;
      const out = await moderate(deps, ['rename', old, fresh, '--by', 'anna', '--why', 'rude name']);
      expect(out).toContain(fresh);
      expect((await stores.profiles.profile(p))?.name).toBe(fresh);
      expect(await stores.profiles.playerIdByName(old.toLowerCase())).toBeNull();
      now += 1000;
      await moderate(deps, ['suspend', fresh, '--by', 'anna', '--why', 'abuse in chat']);
      expect(await stores.safety.standing(p)).toEqual({ suspended: true });
      await expect(moderate(deps, ['hide', fresh, '--by', 'anna'])).rejects.toThrow(/--why/);
      const log = await stores.safety.actions(10);
      expect(log.items.filter((a) => a.playerId === p).map((a) => [a.action, a.by, a.why])).toEqual([
        ['suspend', 'anna', 'abuse in chat'],
        ['rename', 'anna', 'rude name'],
      ]);
    });
  });
}
