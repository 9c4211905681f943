/**
 * The safety store (functions/players/safety-port.ts) on DynamoDB. A block is two items, one in each player's
 * partition (`BLOCK#` in the blocker's, `BLOCKEDBY#` in the blocked one's), written in one transaction, so either
 * player's one Query tells quick match whom to keep apart. Reports sit in REPORT_SHARDS partitions by id and the
 * operator's log in one; both are read newest first, a page's cursor being the last sort key read. A standing
 * change and its log line are one transaction. Keys: ./table.ts `safetyKeys`.
 */
import { type DynamoDBDocumentClient, BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DAY } from '../matches/timing.js';
import type { BlockLists, Counted, ModAction, Page, ReportRecord, SafetyStore, Standing } from '../players/safety-port.js';
import { inWindow, takeCounters } from './rate-counters.js';
import { REPORT_SHARDS, safetyKeys } from './table.js';

type Item = Record<string, unknown>;

/** A report is kept a year for the operator, their log three. */
const REPORT_KEEP_S = 365 * 24 * 3600;
const ACTION_KEEP_S = 3 * 365 * 24 * 3600;

export const reportItem = (r: ReportRecord): Item => ({
  ...safetyKeys.report(r.id, r.at),
  type: 'report',
  ...r,
  expiresAt: Math.floor(r.at / 1000) + REPORT_KEEP_S,
});
export const actionItem = (a: ModAction): Item => ({
  ...safetyKeys.action(a.id, a.at),
  type: 'mod-action',
  ...a,
  expiresAt: Math.floor(a.at / 1000) + ACTION_KEEP_S,
});

/** The record inside an item: its keys and bookkeeping left out. */
export function recordOf<T>(item: Item): T {
  const { pk: _p, sk: _s, type: _t, expiresAt: _e, ...rest } = item;
  return rest as T;
}

/** A block's two items. */
export const blockItems = (blocker: string, blocked: string, now: number): Item[] => [
  { ...safetyKeys.block(blocker, blocked), type: 'block', playerId: blocked, at: now },
  { ...safetyKeys.blockedBy(blocked, blocker), type: 'blocked-by', playerId: blocker, at: now },
];

/** One player's block items as their two lists. */
export function listsOf(items: Item[]): BlockLists {
  const blocked = items
    .filter((i) => (i.sk as string).startsWith('BLOCK#'))
    .map((i) => ({ playerId: i.playerId as string, at: i.at as number }));
  const blockedBy = items.filter((i) => (i.sk as string).startsWith('BLOCKEDBY#')).map((i) => i.playerId as string);
  return { blocked, blockedBy };
}

/** Newest first over several partitions' pages, cut to `limit`, and the cursor of what follows. */
export function newestPage<T>(items: Item[], limit: number, more: boolean): Page<T> {
  const sorted = items.sort((a, b) => ((a.sk as string) < (b.sk as string) ? 1 : -1));
  const page = sorted.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((i) => recordOf<T>(i)),
    ...(last && (more || sorted.length > limit) ? { next: last.sk as string } : {}),
  };
}

/** The window and counter of the daily cap on reports (the adapter and its twin take the same plan). */
export const reportsPlan = (reporter: string, now: number, cap: number) =>
  inWindow<'day'>(now, DAY, {
    subjects: { day: reporter },
    caps: { day: cap },
    key: (_cap, subject, windowStart) => safetyKeys.reportCounter(subject, windowStart),
    expiresAt: (windowStart) => Math.ceil((windowStart + 2 * DAY) / 1000),
  });

/** A standing item with a change applied (fields false are dropped). */
export function standingItem(playerId: string, before: Standing, change: Partial<Standing>): Item {
  const next = { ...before, ...change };
  return {
    ...safetyKeys.standing(playerId),
    type: 'standing',
    ...(next.hidden ? { hidden: true } : {}),
    ...(next.suspended ? { suspended: true } : {}),
  };
}

const standingOf = (item: Item | undefined | null): Standing => ({
  ...(item?.hidden ? { hidden: true } : {}),
  ...(item?.suspended ? { suspended: true } : {}),
});

export class DynamoSafetyStore implements SafetyStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async block(blocker: string, blocked: string, now: number): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: blockItems(blocker, blocked, now).map((Item) => ({ Put: { TableName: this.tableName, Item } })),
      }),
    );
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [safetyKeys.block(blocker, blocked), safetyKeys.blockedBy(blocked, blocker)].map((Key) => ({
          Delete: { TableName: this.tableName, Key },
        })),
      }),
    );
  }

  async blocks(playerId: string): Promise<BlockLists> {
    const items: Item[] = [];
    let start: Item | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :b)',
          ExpressionAttributeValues: { ':pk': safetyKeys.standing(playerId).pk, ':b': safetyKeys.blocksPrefix },
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return listsOf(items);
  }

  async eitherBlocked(a: string, b: string): Promise<boolean> {
    const keys = [safetyKeys.block(a, b), safetyKeys.blockedBy(a, b)];
    const out = await this.db.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys, ConsistentRead: true } } }));
    if ((out.Responses?.[this.tableName] ?? []).length > 0) return true;
    // Unprocessed keys (throttling): asked one by one, consistently.
    for (const Key of out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) {
      const got = await this.db.send(new GetCommand({ TableName: this.tableName, Key, ConsistentRead: true }));
      if (got.Item) return true;
    }
    return false;
  }

  async countReport(reporter: string, now: number, cap: number): Promise<Counted> {
    const plan = reportsPlan(reporter, now, cap);
    const taken = await takeCounters(this.db, this.tableName, plan.take);
    return taken.ok ? { ok: true } : { ok: false, retryAt: plan.refused('day').retryAt };
  }

  async putReport(report: ReportRecord): Promise<void> {
    await this.db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: this.tableName, Item: reportItem(report) } }] }));
  }

  async reports(limit: number, cursor?: string): Promise<Page<ReportRecord>> {
    const pages = await Promise.all(
      Array.from({ length: REPORT_SHARDS }, (_, n) => this.newest(safetyKeys.reportShard(n), 'R#', limit, cursor)),
    );
    return newestPage(
      pages.flatMap((p) => p.items),
      limit,
      pages.some((p) => p.more),
    );
  }

  async standing(playerId: string): Promise<Standing> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: safetyKeys.standing(playerId), ConsistentRead: true }));
    return standingOf(out.Item);
  }

  async standings(playerIds: string[]): Promise<Map<string, Standing>> {
    const ids = [...new Set(playerIds)];
    const found = new Map<string, Standing>();
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Item[] = ids.slice(i, i + 100).map((id) => safetyKeys.standing(id));
      while (keys.length > 0) {
        const out = await this.db.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }));
        for (const item of out.Responses?.[this.tableName] ?? []) found.set((item.pk as string).slice(2), standingOf(item));
        keys = (out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Item[];
      }
    }
    return found;
  }

  async act(action: ModAction, change: Partial<Standing> | null): Promise<void> {
    const items: Item[] = [actionItem(action)];
    if (change) items.push(standingItem(action.playerId, await this.standing(action.playerId), change));
    await this.db.send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: this.tableName, Item } })) }));
  }

  async actions(limit: number, cursor?: string): Promise<Page<ModAction>> {
    const page = await this.newest('MODLOG', 'A#', limit, cursor);
    return newestPage(page.items, limit, page.more);
  }

  /** One partition's items under `prefix`, newest first, before `cursor` (a sort key) when given. */
  private async newest(pk: string, prefix: string, limit: number, cursor?: string): Promise<{ items: Item[]; more: boolean }> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: cursor ? 'pk = :pk AND sk BETWEEN :p AND :c' : 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': prefix, ...(cursor ? { ':c': beforeKey(cursor) } : {}) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return { items: out.Items ?? [], more: out.LastEvaluatedKey !== undefined };
  }
}

/** The greatest sort key strictly before `cursor` that BETWEEN can take: the cursor with its last character lowered. */
export function beforeKey(cursor: string): string {
  const last = cursor.charCodeAt(cursor.length - 1);
  return `${cursor.slice(0, -1)}${String.fromCharCode(last - 1)}\uffff`;
}
