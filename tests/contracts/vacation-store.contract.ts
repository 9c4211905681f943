/**
 * The vacation banks' contract (functions/matches/vacation.ts `VacationStore`), written once and run on the memory
 * adapter (tests/platform/stores-memory.test.ts) and on DynamoDB Local (tests/platform/stores-dynamo.test.ts), with
 * a player store on the same table for the seats' owners.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../functions/matches/timing.js';
import { VACATION_DAYS_PER_YEAR, type VacationStore, wholeDays } from '../../functions/matches/vacation.js';
import type { PlayerStore } from '../../functions/players/port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

export interface VacationStores {
  vacation: VacationStore;
  players: PlayerStore;
}

export function describeVacationStoreContract(name: string, make: () => Promise<VacationStores>) {
  describe(`the vacation banks' contract: ${name}`, () => {
    it('starts full, spends a day once per key, refills pro rata on read, and says empty below a day', async () => {
      const { vacation } = await make();
      const me = `p-${uid()}`;
      expect(wholeDays(await vacation.bank(me, T0), T0)).toBe(VACATION_DAYS_PER_YEAR);
      expect(await vacation.spendDay(me, 'm#0#1#0', T0)).toBe('spent');
      // The same key again (a repeated sweep): answered spent, not spent twice.
      expect(await vacation.spendDay(me, 'm#0#1#0', T0)).toBe('spent');
      expect((await vacation.bank(me, T0)).days).toBe(VACATION_DAYS_PER_YEAR - 1);
      for (let d = 1; d < VACATION_DAYS_PER_YEAR; d++) expect(await vacation.spendDay(me, `m#0#1#${d}`, T0)).toBe('spent');
      expect(await vacation.spendDay(me, 'm#0#1#20', T0)).toBe('empty');
      // 20 days a year: a day comes back after 365 / 20 = 18.25 days, not before.
      expect(wholeDays(await vacation.bank(me, T0), T0 + 18 * DAY)).toBe(0);
      expect(await vacation.spendDay(me, 'm#0#1#20', T0 + 18 * DAY)).toBe('empty');
      expect(await vacation.spendDay(me, 'm#0#1#20', T0 + 18.3 * DAY)).toBe('spent');
      // A year later the bank is full again, never more.
      expect(wholeDays(await vacation.bank(me, T0), T0 + 2 * 365 * DAY)).toBe(VACATION_DAYS_PER_YEAR);
    });

    it('spends once when two spends of one key race, and both of two keys', async () => {
      const { vacation } = await make();
      const me = `p-${uid()}`;
      const answers = await Promise.all([
        vacation.spendDay(me, 'k1', T0),
        vacation.spendDay(me, 'k1', T0),
        vacation.spendDay(me, 'k2', T0),
      ]);
      expect(answers).toEqual(['spent', 'spent', 'spent']);
      expect((await vacation.bank(me, T0)).days).toBe(VACATION_DAYS_PER_YEAR - 2);
    });

    it('keeps a trip taken ahead through an update, and drops it when cancelled', async () => {
      const { vacation } = await make();
      const me = `p-${uid()}`;
      const trip = { from: T0 + DAY, to: T0 + 3 * DAY, days: 2 };
      const booked = await vacation.update(me, T0, (bank) => ({ bank: { ...bank, days: bank.days - 2, trip }, result: 'booked' }));
      expect(booked).toBe('booked');
      expect(await vacation.bank(me, T0)).toMatchObject({ days: VACATION_DAYS_PER_YEAR - 2, trip });
      // A change that writes nothing answers without a write.
      expect(await vacation.update(me, T0, () => ({ result: 'nothing' }))).toBe('nothing');
      const { trip: _t, ...rest } = await vacation.bank(me, T0);
      await vacation.update(me, T0, () => ({ bank: rest, result: null }));
      expect((await vacation.bank(me, T0)).trip).toBeUndefined();
    });

    it("names a seat's signed-in holder, or nobody", async () => {
      const { vacation, players } = await make();
      const matchId = `m-${uid()}`;
      expect(await vacation.seatOwner(matchId, 1)).toBeNull();
      expect(await players.takeSeat(matchId, 1, 'p-ann')).toBe(true);
      expect(await vacation.seatOwner(matchId, 1)).toBe('p-ann');
      expect(await vacation.seatOwner(matchId, 0)).toBeNull();
    });
  });
}
