/**
 * The safety store (functions/players/safety-port.ts) in memory, held to the same contract as ../safety-dynamo.ts
 * (tests/contracts/safety-store.contract.ts): the same items under the same keys, built by the same functions.
 */
import type { BlockLists, Counted, ModAction, Page, ReportRecord, SafetyStore, Standing } from '../../players/safety-port.js';
import { actionItem, blockItems, listsOf, newestPage, reportItem, reportsPlan, standingItem } from '../safety-dynamo.js';
import { REPORT_SHARDS, safetyKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { type Item, type Key, MemoryTable, takeCounters } from './table.js';

const standingOf = (item: Item | null): Standing => ({
  ...(item?.hidden ? { hidden: true } : {}),
  ...(item?.suspended ? { suspended: true } : {}),
});

export class MemorySafetyStore implements SafetyStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async block(blocker: string, blocked: string, now: number): Promise<void> {
    await roundTrip();
    for (const item of blockItems(blocker, blocked, now)) this.table.put(item as Item & Key);
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await roundTrip();
    this.table.delete(safetyKeys.block(blocker, blocked));
    this.table.delete(safetyKeys.blockedBy(blocked, blocker));
  }

  async blocks(playerId: string): Promise<BlockLists> {
    await roundTrip();
    return listsOf(this.table.prefixed(safetyKeys.standing(playerId).pk, safetyKeys.blocksPrefix));
  }

  async eitherBlocked(a: string, b: string): Promise<boolean> {
    await roundTrip();
    return this.table.has(safetyKeys.block(a, b)) || this.table.has(safetyKeys.blockedBy(a, b));
  }

  async countReport(reporter: string, now: number, cap: number): Promise<Counted> {
    await roundTrip();
    const plan = reportsPlan(reporter, now, cap);
    return takeCounters(this.table, plan.take).ok ? { ok: true } : { ok: false, retryAt: plan.refused('day').retryAt };
  }

  async putReport(report: ReportRecord): Promise<void> {
    await roundTrip();
    this.table.put(reportItem(report) as Item & Key);
  }

  async reports(limit: number, cursor?: string): Promise<Page<ReportRecord>> {
    await roundTrip();
    const all = Array.from({ length: REPORT_SHARDS }, (_, n) => this.table.prefixed(safetyKeys.reportShard(n), 'R#')).flat();
    return newestPage(before(all, cursor), limit, false);
  }

  async standing(playerId: string): Promise<Standing> {
    await roundTrip();
    return standingOf(this.table.get(safetyKeys.standing(playerId)));
  }

  async standings(playerIds: string[]): Promise<Map<string, Standing>> {
    await roundTrip();
    const found = new Map<string, Standing>();
    for (const id of new Set(playerIds)) {
      const item = this.table.get(safetyKeys.standing(id));
      if (item) found.set(id, standingOf(item));
    }
    return found;
  }

  async act(action: ModAction, change: Partial<Standing> | null): Promise<void> {
    await roundTrip();
    if (change) {
      const before = standingOf(this.table.get(safetyKeys.standing(action.playerId)));
      this.table.put(standingItem(action.playerId, before, change) as Item & Key);
    }
    this.table.put(actionItem(action) as Item & Key);
  }

  async actions(limit: number, cursor?: string): Promise<Page<ModAction>> {
    await roundTrip();
    return newestPage(before(this.table.prefixed('MODLOG', 'A#'), cursor), limit, false);
  }
}

const before = (items: Item[], cursor?: string) => (cursor === undefined ? items : items.filter((i) => (i.sk as string) < cursor));
