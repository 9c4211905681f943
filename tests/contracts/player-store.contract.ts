/**
 * The player store's and the daily digest store's contracts (functions/players/port.ts), written once and run
 * against every adapter: tests/platform/stores-memory.test.ts (in memory) and tests/platform/stores-dynamo.test.ts
 * (DynamoDB Local). Both stores of one `make` share one table, as they do in the app.
 */
import { randomUUID } from 'node:crypto';
import { DIGEST_SHARDS_BEFORE, digestShardNumberOf, playerKeys } from '../../functions/storage/table.js';
import { describe, expect, it } from 'vitest';
import type { ClaimedSeat, PlayerRecord, SessionRecord, SignInLinkRecord } from '../../functions/players/model.js';
import type { DigestStore, PlayerStore } from '../../functions/players/port.js';

const T0 = Date.UTC(2026, 10, 28, 12);
const uid = () => randomUUID().slice(0, 8);

export interface PlayerStores {
  players: PlayerStore;
  digests: DigestStore;
}

const player = (over: Partial<PlayerRecord> = {}): PlayerRecord => {
  const id = `p-${uid()}`;
  return {
    id,
    address: `${id}@example.test`,
    addressKey: `k-${id}`,
    createdAt: T0,
    defaults: { notices: 'email', reminders: true },
    ...over,
  };
};
const link = (over: Partial<SignInLinkRecord> = {}): SignInLinkRecord => ({
  address: 'ann@example.test',
  addressKey: 'k-ann',
  createdAt: T0,
  expiresAtMs: T0 + 15 * 60_000,
  ...over,
});
const session = (playerId: string, id = `s-${uid()}`): SessionRecord => ({
  playerId,
  id,
  secretHash: 'h'.repeat(64),
  createdAt: T0,
  expiresAtMs: T0 + 86_400_000,
  device: 'Test browser',
});
const claimed = (matchId: string, seat: number, over: Partial<ClaimedSeat> = {}): ClaimedSeat => ({
  matchId,
  seat,
  claimedAt: T0,
  sealedToken: `sealed-${matchId}-${seat}`,
  tokenHash: 't'.repeat(64),
  ...over,
});

export function describePlayerStoreContract(name: string, make: () => Promise<PlayerStores>) {
  describe(`the player store's contract: ${name}`, () => {
    it('keeps a sign-in link once: a second put of its hash is refused, and only one taker gets it', async () => {
      const { players } = await make();
      const hash = `l-${uid()}`;
      expect(await players.link(hash)).toBeNull();
      await players.putLink(hash, link());
      expect(await players.link(hash)).toEqual(link());
      await expect(players.putLink(hash, link({ address: 'other@example.test' }))).rejects.toThrow();
      const takes = await Promise.all([players.takeLink(hash), players.takeLink(hash)]);
      expect(takes.filter((t) => t !== null)).toEqual([link()]);
      expect(await players.link(hash)).toBeNull();
      expect(await players.takeLink(hash)).toBeNull();
    });

    it('counts sign-in mails against every cap or none, per hourly window', async () => {
      const { players } = await make();
      const caps = { address: 2, client: 3 } as Record<'address' | 'client', number>;
      const subjects = { address: `a-${uid()}`, client: `c-${uid()}` };
      expect(await players.takeSignInAllowance(subjects, caps, T0)).toEqual({ ok: true });
      expect(await players.takeSignInAllowance(subjects, caps, T0 + 1)).toEqual({ ok: true });
      const windowEnd = T0 - (T0 % 3_600_000) + 3_600_000;
      expect(await players.takeSignInAllowance(subjects, caps, T0 + 2)).toEqual({ ok: false, cap: 'address', retryAt: windowEnd });
      // The refused take used up nothing of the client's cap: another address from that client gets one more.
      expect(await players.takeSignInAllowance({ ...subjects, address: `a-${uid()}` }, caps, T0 + 3)).toEqual({ ok: true });
      expect(await players.takeSignInAllowance({ client: subjects.client }, caps, T0 + 4)).toMatchObject({ ok: false, cap: 'client' });
      expect(await players.takeSignInAllowance(subjects, caps, windowEnd)).toEqual({ ok: true });
    });

    it('creates a player once per address: a second create gets the record already there', async () => {
      const { players } = await make();
      const p = player();
      expect(await players.player(p.id)).toBeNull();
      expect(await players.playerByAddress(p.addressKey)).toBeNull();
      expect(await players.createPlayer(p)).toEqual(p);
      expect(await players.createPlayer({ ...p, id: `p-${uid()}` })).toEqual(p);
      expect(await players.player(p.id)).toEqual(p);
      expect(await players.playerByAddress(p.addressKey)).toEqual(p);
    });

    it("changes a player's defaults and language, and refuses to for a player who is not there", async () => {
      const { players } = await make();
      const p = player();
      await players.createPlayer(p);
      await players.setDefaults(p.id, { notices: 'push', reminders: false, mail: 'daily' });
      await players.setLang(p.id, 'nl');
      expect(await players.player(p.id)).toEqual({ ...p, defaults: { notices: 'push', reminders: false, mail: 'daily' }, lang: 'nl' });
      await expect(players.setDefaults('nobody', p.defaults)).rejects.toThrow();
      await expect(players.setLang('nobody', 'nl')).rejects.toThrow();
      expect(await players.player('nobody')).toBeNull();
    });

    it('keeps sessions: one put per id, listed, deleted once; signing out everywhere deletes them all', async () => {
      const { players } = await make();
      const p = player();
      await players.createPlayer(p);
      const a = session(p.id, 's-a');
      const b = session(p.id, 's-b');
      await players.putSession(a);
      await players.putSession(b);
      await expect(players.putSession({ ...a, device: 'another' })).rejects.toThrow();
      expect(await players.session(p.id, 's-a')).toEqual(a);
      expect(await players.sessions(p.id)).toEqual([a, b]);
      expect(await players.deleteSession(p.id, 's-a')).toBe(true);
      expect(await players.deleteSession(p.id, 's-a')).toBe(false);
      await players.putSession(session(p.id, 's-c'));
      await players.signOutEverywhere(p.id, T0 + 5);
      expect(await players.sessions(p.id)).toEqual([]);
      expect((await players.player(p.id))!.signedOutAt).toBe(T0 + 5);
    });

    it('keeps claimed seats: the first claim stays, an override is set and taken away, a missing seat is no override', async () => {
      const { players } = await make();
      const p = player();
      await players.createPlayer(p);
      await players.putSeat(p.id, claimed('m1', 0));
      await players.putSeat(p.id, claimed('m1', 0, { sealedToken: 'second' }));
      await players.putSeat(p.id, claimed('m2', 1));
      expect(await players.seats(p.id)).toEqual([claimed('m1', 0), claimed('m2', 1)]);
      expect(await players.seat(p.id, 'm1', 0)).toEqual(claimed('m1', 0));
      expect(await players.seat(p.id, 'm1', 1)).toBeNull();
      const override = { notices: 'none' as const, reminders: false };
      expect(await players.setOverride(p.id, 'm1', 0, override)).toBe(true);
      expect(await players.seat(p.id, 'm1', 0)).toEqual({ ...claimed('m1', 0), override });
      expect(await players.setOverride(p.id, 'm1', 0, null)).toBe(true);
      expect(await players.seat(p.id, 'm1', 0)).toEqual(claimed('m1', 0));
      expect(await players.setOverride(p.id, 'm9', 0, override)).toBe(false);
      expect(await players.seat(p.id, 'm9', 0)).toBeNull();
    });

    it('gives a seat one owner; an owner who claimed it with another token gives way', async () => {
      const { players } = await make();
      const m = `m-${uid()}`;
      expect(await players.seatOwner(m, 0)).toBeNull();
      expect(await players.takeSeat(m, 0, 'ann', 'token-1')).toBe(true);
      expect(await players.takeSeat(m, 0, 'ann', 'token-1')).toBe(true);
      expect(await players.takeSeat(m, 0, 'bob', 'token-1')).toBe(false);
      expect(await players.takeSeat(m, 0, 'bob')).toBe(false);
      expect(await players.seatOwner(m, 0)).toBe('ann');
      expect(await players.takeSeat(m, 0, 'bob', 'token-2')).toBe(true);
      expect(await players.seatOwner(m, 0)).toBe('bob');
      // An owner recorded without a token gives way to any claim with one.
      expect(await players.takeSeat(m, 1, 'ann')).toBe(true);
      expect(await players.takeSeat(m, 1, 'bob', 'token-3')).toBe(true);
      const racers = await Promise.all(['c1', 'c2', 'c3'].map((id) => players.takeSeat(m, 2, id)));
      expect(racers.filter(Boolean)).toHaveLength(1);
    });

    it('deletes a player: record, address, sessions, seats and owned seats go; links before it are void; another owner stays', async () => {
      const { players, digests } = await make();
      const p = player();
      await players.createPlayer(p);
      await players.putSession(session(p.id));
      await players.putSeat(p.id, claimed('m1', 0));
      await players.putSeat(p.id, claimed('m2', 1));
      await players.takeSeat('m1', 0, p.id, 't1');
      await players.takeSeat('m2', 1, p.id, 't1');
      await players.takeSeat('m2', 1, 'someone-else', 't2');
      await players.enrollDigest(p.id);
      expect(await players.linksVoidBefore(p.addressKey)).toBeNull();
      await players.deletePlayer(p, T0 + 7);
      expect(await players.player(p.id)).toBeNull();
      expect(await players.playerByAddress(p.addressKey)).toBeNull();
      expect(await players.sessions(p.id)).toEqual([]);
      expect(await players.seats(p.id)).toEqual([]);
      expect(await players.seatOwner('m1', 0)).toBeNull();
      expect(await players.seatOwner('m2', 1)).toBe('someone-else');
      expect(await players.linksVoidBefore(p.addressKey)).toBe(T0 + 7);
      expect((await digests.enrolled(100)).playerIds).not.toContain(p.id);
      // The address can sign up again.
      const again = { ...player(), address: p.address, addressKey: p.addressKey };
      expect(await players.createPlayer(again)).toEqual(again);
    });

    it("keeps a player's waiting board by revision: the first only beside the record, each save on the one read, none after a deletion", async () => {
      const { players } = await make();
      const p = player();
      const entry = { matchId: `m-${uid()}`, seat: 1, gameId: 'golden-age', since: T0, version: 7, sealedToken: 's'.repeat(95) };
      const board = { listed: [entry], count: 3, marks: [{ matchId: entry.matchId, seat: 1, version: 7, at: T0 }] };
      // No record, no board: a deletion that went by first is not undone.
      expect(await players.saveWaitingBoard(p.id, board, null)).toBe(false);
      await players.createPlayer(p);
      expect(await players.waitingBoard(p.id)).toBeNull();
      expect(await players.saveWaitingBoard(p.id, board, null)).toBe(true);
      expect(await players.saveWaitingBoard(p.id, board, null)).toBe(false);
      expect(await players.waitingBoard(p.id, { consistent: true })).toEqual({ ...board, rev: 1 });
      // Two saves on the same read: the second loses.
      const next = { ...board, listed: [], count: 2 };
      expect(await players.saveWaitingBoard(p.id, next, 1)).toBe(true);
      expect(await players.saveWaitingBoard(p.id, board, 1)).toBe(false);
      expect(await players.waitingBoard(p.id, { consistent: true })).toEqual({ ...next, rev: 2 });
      await players.deletePlayer(p, T0 + 1);
      expect(await players.waitingBoard(p.id, { consistent: true })).toBeNull();
      expect(await players.saveWaitingBoard(p.id, board, 2)).toBe(false);
      expect(await players.waitingBoard(p.id, { consistent: true })).toBeNull();
    });

    it('deletes a player whose place on the digest list is the same before and after the list grew', async () => {
      const { players, digests } = await make();
      // An id in DIGEST#0..3 under both shard counts: its two places are one key.
      const id = Array.from({ length: 200 }, (_, i) => `p-same-${i}`).find((x) => digestShardNumberOf(x) < DIGEST_SHARDS_BEFORE)!;
      const p = player({ id, address: `${id}@example.test`, addressKey: `k-${id}` });
      expect(playerKeys.digestMember(id)).toEqual(playerKeys.digestMemberBefore(id));
      await players.createPlayer(p);
      await players.enrollDigest(p.id);
      await players.deletePlayer(p, T0 + 7);
      expect(await players.player(p.id)).toBeNull();
      expect((await digests.enrolled(100)).playerIds).not.toContain(p.id);
    });
  });
}

export function describeDigestStoreContract(name: string, make: () => Promise<PlayerStores>) {
  describe(`the digest store's contract: ${name}`, () => {
    it('walks the list a page at a time, every player once; withdrawn players leave it', async () => {
      const { players, digests } = await make();
      const ids = Array.from({ length: 11 }, () => `p-${uid()}`);
      for (const id of ids) await players.enrollDigest(id);
      await players.enrollDigest(ids[0]!);
      const seen: string[] = [];
      let cursor: unknown;
      let pages = 0;
      do {
        const page = await digests.enrolled(3, cursor);
        expect(page.playerIds.length).toBeLessThanOrEqual(3);
        seen.push(...page.playerIds);
        cursor = page.next;
        pages++;
      } while (cursor !== undefined && pages < 50);
      expect([...seen].sort()).toEqual([...ids].sort());
      await digests.withdraw(ids[0]!);
      expect((await digests.enrolled(100)).playerIds.sort()).toEqual(ids.slice(1).sort());
    });

    it('keeps where the walk stopped', async () => {
      const { players, digests } = await make();
      expect(await digests.walkedTo()).toBeUndefined();
      for (let i = 0; i < 6; i++) await players.enrollDigest(`p-${uid()}`);
      const page = await digests.enrolled(2);
      await digests.saveWalk(page.next);
      const at = await digests.walkedTo();
      expect(await digests.enrolled(2, at)).toEqual(await digests.enrolled(2, page.next));
      await digests.saveWalk(undefined);
      expect(await digests.walkedTo()).toBeUndefined();
    });

    it("claims a day's digest for a lease: busy while it is held, taken over after it, never again once sent", async () => {
      const { digests } = await make();
      const p = `p-${uid()}`;
      const day = '2026-11-28';
      expect(await digests.daySettled(p, day)).toBe(false);
      const first = await digests.claimDay(p, day, T0, 60_000);
      expect(first.state).toBe('claimed');
      expect(await digests.claimDay(p, day, T0 + 59_999, 60_000)).toEqual({ state: 'busy' });
      expect(await digests.daySettled(p, day)).toBe(false);
      // Over from the lease's end on (functions/storage/lease.ts).
      const second = await digests.claimDay(p, day, T0 + 60_000, 60_000);
      expect(second.state).toBe('claimed');
      const [a, b] = [first, second].map((c) => (c.state === 'claimed' ? c.claimId : ''));
      expect(a).not.toBe(b);
      // The first holder's settling and release are no longer its to make.
      await digests.settleDay(p, day, a!, 'sent', T0 + 70_000);
      await digests.releaseDay(p, day, a!);
      expect(await digests.claimDay(p, day, T0 + 70_000, 60_000)).toEqual({ state: 'busy' });
      await digests.settleDay(p, day, b!, 'sent', T0 + 80_000);
      expect(await digests.daySettled(p, day)).toBe(true);
      expect(await digests.claimDay(p, day, T0 + 999_999_999, 60_000)).toEqual({ state: 'sent' });
    });

    it('gives a claim back for the next run; a failed day is settled too', async () => {
      const { digests } = await make();
      const p = `p-${uid()}`;
      const c = await digests.claimDay(p, 'd1', T0, 60_000);
      await digests.releaseDay(p, 'd1', c.state === 'claimed' ? c.claimId : '');
      expect(await digests.daySettled(p, 'd1')).toBe(false);
      const again = await digests.claimDay(p, 'd1', T0 + 1, 60_000);
      expect(again.state).toBe('claimed');
      await digests.settleDay(p, 'd1', again.state === 'claimed' ? again.claimId : '', 'failed', T0 + 2);
      expect(await digests.daySettled(p, 'd1')).toBe(true);
      expect(await digests.claimDay(p, 'd1', T0 + 999_999_999, 60_000)).toEqual({ state: 'sent' });
    });
  });
}
