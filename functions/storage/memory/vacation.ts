/**
 * The vacation banks (functions/matches/vacation.ts `VacationStore`) in memory, held to the same contract as
 * ../vacation-dynamo.ts (tests/contracts/vacation-store.contract.ts): the same items under the same keys, so a
 * MemoryPlayerStore on the same table answers `seatOwner` alike.
 */
import { freshBank, spendOne, type VacationBank, type VacationStore } from '../../matches/vacation.js';
import { playerKeys } from '../table.js';
import { roundTrip } from './matches.js';
import { MemoryTable } from './table.js';

export class MemoryVacationStore implements VacationStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async bank(playerId: string, now: number): Promise<VacationBank> {
    await roundTrip();
    const item = this.table.get(playerKeys.vacation(playerId));
    if (!item) return freshBank(now);
    const bank: VacationBank = { days: item.days as number, refilledAt: item.refilledAt as number, spent: item.spent as string[] };
    return item.trip ? { ...bank, trip: item.trip as NonNullable<VacationBank['trip']> } : bank;
  }

  async spendDay(playerId: string, key: string, now: number): Promise<'spent' | 'empty'> {
    return this.update(playerId, now, (bank) => {
      const next = spendOne(bank, key, now);
      if (next === 'empty') return { result: 'empty' as const };
      return next === 'already' ? { result: 'spent' as const } : { bank: next, result: 'spent' as const };
    });
  }

  async update<R>(playerId: string, now: number, change: (bank: VacationBank) => { bank?: VacationBank; result: R }): Promise<R> {
    const out = change(await this.bank(playerId, now));
    if (out.bank) this.table.put({ ...playerKeys.vacation(playerId), type: 'vacation', ...out.bank });
    return out.result;
  }

  async seatOwner(matchId: string, seat: number): Promise<string | null> {
    await roundTrip();
    return (this.table.get(playerKeys.seatOwner(matchId, seat))?.playerId as string | undefined) ?? null;
  }
}
