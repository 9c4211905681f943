/**
 * The lobby store (functions/matches/lobby-port.ts) on DynamoDB: an open game's entry in one of its game's
 * LOBBY_SHARDS partitions, sorted by when it was opened (./table.ts `lobbyKeys`), and its host's `HOST#` item.
 * Both are written only in the match's own transaction (`lobbyWriteItems`, from ./dynamo.ts), so an entry is
 * never ahead of or behind its match. A listing is one Query per shard, in parallel, merged oldest first.
 */
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LobbyEntry, LobbyStore, LobbyWrite, OpeningCount } from '../matches/lobby-port.js';
import { HOUR } from '../matches/timing.js';
import { inWindow, takeCounters } from './rate-counters.js';
import { LOBBY_SHARDS, lobbyKeys } from './table.js';

type Item = Record<string, unknown>;

/** When a lobby item may go (epoch seconds): once the entry has left the listing. */
const expiryOf = (e: LobbyEntry) => Math.ceil(e.until / 1000);

export function entryToItem(e: LobbyEntry): Item {
  return { ...lobbyKeys.entry(e.gameId, e.matchId, e.createdAt), type: 'lobby', ...e, expiresAt: expiryOf(e) };
}

export function itemToEntry(item: Item): LobbyEntry {
  const { pk: _p, sk: _s, type: _t, expiresAt: _e, ...entry } = item;
  return entry as unknown as LobbyEntry;
}

const hostedItem = (e: LobbyEntry): Item => ({
  ...lobbyKeys.hosted(e.host, e.matchId),
  type: 'lobby-host',
  gameId: e.gameId,
  expiresAt: expiryOf(e),
});

/** A `HOST#` item as a hosted game (those written before it carried its game are left out: they leave within days). */
export const hostedGamesOf = (items: readonly Item[]) =>
  items.flatMap((i) => (typeof i.gameId === 'string' ? [{ matchId: (i.sk as string).slice('LOBBY#'.length), gameId: i.gameId }] : []));

/** The items a lobby write puts or deletes, as TransactWriteItems entries (no conditions: the match's own covers them). */
export function lobbyWriteItems(tableName: string, w: LobbyWrite) {
  if ('remove' in w) {
    const e = w.remove;
    return [
      { Delete: { TableName: tableName, Key: lobbyKeys.entry(e.gameId, e.matchId, e.createdAt) } },
      { Delete: { TableName: tableName, Key: lobbyKeys.hosted(e.host, e.matchId) } },
    ];
  }
  const put = [{ Put: { TableName: tableName, Item: entryToItem(w.put) } }];
  return w.hosted ? [...put, { Put: { TableName: tableName, Item: hostedItem(w.put) } }] : put;
}

/** Merges shards' pages, each oldest first, into one list oldest first. */
export const oldestFirst = (pages: LobbyEntry[][]): LobbyEntry[] =>
  pages.flat().sort((a, b) => a.createdAt - b.createdAt || (a.matchId < b.matchId ? -1 : 1));

/** The window and counter of the hourly cap on openings (the DynamoDB adapter and its twin take the same plan). */
export const openingsPlan = (playerId: string, now: number, cap: number) =>
  inWindow<'hour'>(now, HOUR, {
    subjects: { hour: playerId },
    caps: { hour: cap },
    key: (_cap, subject, windowStart) => lobbyKeys.openings(subject, windowStart),
    expiresAt: (windowStart) => Math.ceil((windowStart + 2 * HOUR) / 1000),
  });

export class DynamoLobbyStore implements LobbyStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(gameId: string, opts: { perShard: number }): Promise<LobbyEntry[]> {
    const shards = Array.from({ length: LOBBY_SHARDS }, (_, n) => lobbyKeys.shard(gameId, n));
    const pages = await Promise.all(
      shards.map(async (pk) => {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
            ExpressionAttributeValues: { ':pk': pk, ':w': 'W#' },
            Limit: opts.perShard,
            ConsistentRead: false,
          }),
        );
        return (out.Items ?? []).map(itemToEntry);
      }),
    );
    return oldestFirst(pages);
  }

  async hostedGames(playerId: string): Promise<{ matchId: string; gameId: string }[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': lobbyKeys.hostPartition(playerId) },
      }),
    );
    return hostedGamesOf(out.Items ?? []);
  }

  async hosted(playerId: string): Promise<number> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': lobbyKeys.hostPartition(playerId) },
        Select: 'COUNT',
        ConsistentRead: true,
      }),
    );
    return out.Count ?? 0;
  }

  async countOpening(playerId: string, now: number, cap: number): Promise<OpeningCount> {
    const plan = openingsPlan(playerId, now, cap);
    const taken = await takeCounters(this.db, this.tableName, plan.take);
    return taken.ok ? { ok: true } : { ok: false, retryAt: plan.refused('hour').retryAt };
  }
}
