/**
 * The DynamoDB adapter of the vacation banks (functions/matches/vacation.ts `VacationStore`): one item per player
 * (`P#<id>` / `VACATION`, ./table.ts `playerKeys.vacation`) with its balance, when it was last refilled, a revision
 * and the last days' spend keys. A spend reads it, refills it in memory and puts it back conditioned on the
 * revision read: two sweeps spending for one key spend once (the second finds the key), a lost race reads again.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { freshBank, spendOne, type VacationBank, type VacationStore } from '../matches/vacation.js';
import { refused } from './conditions.js';
import { playerKeys } from './table.js';

const ATTEMPTS = 8;

export class DynamoVacationStore implements VacationStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  private async read(playerId: string, now: number): Promise<{ bank: VacationBank; rev: number | null }> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: playerKeys.vacation(playerId), ConsistentRead: true }));
    const i = out.Item;
    if (!i) return { bank: freshBank(now), rev: null };
    const bank: VacationBank = { days: i.days as number, refilledAt: i.refilledAt as number, spent: i.spent as string[] };
    return { bank: i.trip ? { ...bank, trip: i.trip as NonNullable<VacationBank['trip']> } : bank, rev: i.rev as number };
  }

  async bank(playerId: string, now: number): Promise<VacationBank> {
    return (await this.read(playerId, now)).bank;
  }

  async spendDay(playerId: string, key: string, now: number): Promise<'spent' | 'empty'> {
    return this.update(playerId, now, (bank) => {
      const next = spendOne(bank, key, now);
      if (next === 'empty') return { result: 'empty' as const };
      return next === 'already' ? { result: 'spent' as const } : { bank: next, result: 'spent' as const };
    });
  }

  async update<R>(playerId: string, now: number, change: (bank: VacationBank) => { bank?: VacationBank; result: R }): Promise<R> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { bank, rev } = await this.read(playerId, now);
      const out = change(bank);
      if (!out.bank) return out.result;
      const next = out.bank;
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...playerKeys.vacation(playerId), type: 'vacation', ...next, rev: (rev ?? 0) + 1 },
            ConditionExpression: rev === null ? 'attribute_not_exists(pk)' : 'rev = :rev',
            ...(rev === null ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
          }),
        );
        return out.result;
      } catch (err) {
        if (!refused(err)) throw err;
      }
    }
    throw new Error(`vacation bank of ${playerId}: busy`);
  }

  async seatOwner(matchId: string, seat: number): Promise<string | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: playerKeys.seatOwner(matchId, seat), ConsistentRead: true }),
    );
    return (out.Item?.playerId as string | undefined) ?? null;
  }
}
