/**
 * The DynamoDB adapter of the challenge store (functions/matches/challenge-port.ts): each pending challenge is two
 * items, one in each player's partition (`P#<to>` / `CHIN#<matchId>`, `P#<from>` / `CHOUT#<matchId>`: ./table.ts
 * `challengeKeys`), written and removed together; each list is one Query. The daily cap is a fixed-window counter
 * (./rate-counters.ts).
 */
import { type DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ChallengeCount, ChallengeEntry, ChallengeStore } from '../matches/challenge-port.js';
import { inWindow, takeCounters } from './rate-counters.js';
import { challengeKeys } from './table.js';

const DAY = 24 * 3600 * 1000;

/** The items of an entry: the same fields under each side's key, gone by TTL a day after `until`. */
export const challengeItems = (e: ChallengeEntry) => {
  const fields = { ...e, type: 'challenge', expiresAt: Math.ceil((e.until + DAY) / 1000) };
  return [
    { ...fields, ...challengeKeys.incoming(e.to, e.matchId) },
    { ...fields, ...challengeKeys.outgoing(e.from, e.matchId) },
  ];
};

export const itemToChallenge = (i: Record<string, unknown>): ChallengeEntry => ({
  matchId: i.matchId as string,
  gameId: i.gameId as string,
  seats: i.seats as number,
  rated: i.rated as boolean,
  from: i.from as string,
  fromName: i.fromName as string,
  to: i.to as string,
  toName: i.toName as string,
  createdAt: i.createdAt as number,
  until: i.until as number,
});

/** Oldest first (the sort key orders by match id, which says nothing of time). */
export const oldestFirst = (a: ChallengeEntry, b: ChallengeEntry) => a.createdAt - b.createdAt || a.matchId.localeCompare(b.matchId);

export const challengesPlan = (playerId: string, now: number, cap: number) =>
  inWindow<'day'>(now, DAY, {
    subjects: { day: playerId },
    caps: { day: cap },
    key: (_cap, subject, windowStart) => challengeKeys.day(subject, windowStart),
    expiresAt: (windowStart) => Math.ceil((windowStart + 2 * DAY) / 1000),
  });

export class DynamoChallengeStore implements ChallengeStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(entry: ChallengeEntry): Promise<void> {
    const TransactItems = challengeItems(entry).map((Item) => ({ Put: { TableName: this.tableName, Item } }));
    await this.db.send(new TransactWriteCommand({ TransactItems }));
  }

  async remove(e: Pick<ChallengeEntry, 'matchId' | 'from' | 'to'>): Promise<void> {
    const keys = [challengeKeys.incoming(e.to, e.matchId), challengeKeys.outgoing(e.from, e.matchId)];
    await this.db.send(new TransactWriteCommand({ TransactItems: keys.map((Key) => ({ Delete: { TableName: this.tableName, Key } })) }));
  }

  incoming(playerId: string, limit: number): Promise<ChallengeEntry[]> {
    return this.list(challengeKeys.incoming(playerId, '').pk, challengeKeys.incomingPrefix, limit);
  }

  outgoing(playerId: string, limit: number): Promise<ChallengeEntry[]> {
    return this.list(challengeKeys.outgoing(playerId, '').pk, challengeKeys.outgoingPrefix, limit);
  }

  private async list(pk: string, prefix: string, limit: number): Promise<ChallengeEntry[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(itemToChallenge).sort(oldestFirst);
  }

  async countChallenge(playerId: string, now: number, cap: number): Promise<ChallengeCount> {
    const plan = challengesPlan(playerId, now, cap);
    const taken = await takeCounters(this.db, this.tableName, plan.take);
    return taken.ok ? { ok: true } : { ok: false, retryAt: plan.refused('day').retryAt };
  }
}
