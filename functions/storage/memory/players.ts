/**
 * The player store and the digest's store (functions/players/port.ts) in memory, held to the same contracts
 * as ../players-dynamo.ts and ../digest-dynamo.ts (tests/contracts/): the same items under the same keys, each
 * condition checked and each write applied in one synchronous step. A write DynamoDB refuses with an exception
 * (a link or session put twice, a change to a player who is not there) throws ConditionFailed here.
 */
import type { Lang } from '../../i18n.js';
import { newSecret } from '../../matches/tokens.js';
import {
  LINK_TTL_MS,
  type ClaimedSeat,
  type NoticeDefaults,
  type PlayerRecord,
  type SessionRecord,
  type SignInCap,
  type SignInLinkRecord,
} from '../../players/model.js';
import type { DigestClaim, DigestCursor, DigestStore, Lane, PlayerStore, StoredBoard } from '../../players/port.js';
import type { WaitingBoard } from '../../players/waiting.js';
import { boardOf, encodeBoard, signInWindow } from '../players-dynamo.js';
import { DIGEST_SHARDS, digestShard, playerKeys, walkKey } from '../table.js';
import { roundTrip } from './matches.js';
import { claimLease, ConditionFailed, type Item, type Key, MemoryTable, releaseLease, takeCounters } from './table.js';

const seconds = (ms: number) => Math.ceil(ms / 1000);

export class MemoryPlayerStore implements PlayerStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  private field<T>(key: Key, name: string): T | null {
    return (this.table.get(key)?.[name] as T | undefined) ?? null;
  }

  /** Puts `item` only where nothing is (attribute_not_exists(pk)). */
  private putNew(item: Item & Key, what: string): void {
    if (this.table.has(item)) throw new ConditionFailed(what);
    this.table.put(item);
  }

  /** Changes the item at `key` with `change`, or throws when it is not there (attribute_exists(pk)). */
  private update(key: Key, what: string, change: (item: Item) => Item): void {
    const item = this.table.get(key);
    if (!item) throw new ConditionFailed(what);
    this.table.put({ ...change(item), ...key });
  }

  async putLink(hash: string, link: SignInLinkRecord): Promise<void> {
    await roundTrip();
    this.putNew({ ...playerKeys.link(hash), type: 'signin-link', link, expiresAt: seconds(link.expiresAtMs) }, 'a link with this hash');
  }

  async link(hash: string): Promise<SignInLinkRecord | null> {
    await roundTrip();
    return this.field(playerKeys.link(hash), 'link');
  }

  async takeLink(hash: string): Promise<SignInLinkRecord | null> {
    await roundTrip();
    const link = this.field<SignInLinkRecord>(playerKeys.link(hash), 'link');
    this.table.delete(playerKeys.link(hash));
    return link;
  }

  async takeSignInAllowance(
    subjects: Partial<Record<SignInCap, string>>,
    caps: Record<SignInCap, number>,
    now: number,
  ): Promise<{ ok: true } | { ok: false; cap: SignInCap; retryAt: number }> {
    await roundTrip();
    const window = signInWindow(subjects, caps, now);
    const taken = takeCounters(this.table, window.take);
    return taken.ok ? taken : window.refused(taken.full);
  }

  async player(id: string): Promise<PlayerRecord | null> {
    await roundTrip();
    return this.field(playerKeys.player(id), 'player');
  }

  async playerByAddress(addressKey: string): Promise<PlayerRecord | null> {
    const playerId = this.field<string>(playerKeys.address(addressKey), 'playerId');
    return playerId ? this.player(playerId) : null;
  }

  async createPlayer(player: PlayerRecord): Promise<PlayerRecord> {
    await roundTrip();
    if (this.table.has(playerKeys.address(player.addressKey)) || this.table.has(playerKeys.player(player.id))) {
      // Two first sign-ins at once: the one written first is the player's record.
      const there = await this.playerByAddress(player.addressKey);
      if (!there) throw new ConditionFailed('a player with this id');
      return there;
    }
    this.table.put({ ...playerKeys.address(player.addressKey), type: 'player-address', playerId: player.id });
    this.table.put({ ...playerKeys.player(player.id), type: 'player', player });
    return player;
  }

  private changePlayer(id: string, change: Partial<PlayerRecord>): void {
    this.update(playerKeys.player(id), 'a player', (i) => ({ ...i, player: { ...(i.player as PlayerRecord), ...change } }));
  }

  async setDefaults(id: string, defaults: NoticeDefaults): Promise<void> {
    await roundTrip();
    this.changePlayer(id, { defaults });
  }

  async setLang(id: string, lang: Lang): Promise<void> {
    await roundTrip();
    this.changePlayer(id, { lang });
  }

  async signOutEverywhere(id: string, at: number): Promise<void> {
    await roundTrip();
    this.changePlayer(id, { signedOutAt: at });
    for (const i of this.table.prefixed(playerKeys.player(id).pk, playerKeys.sessionPrefix)) this.table.delete(i as Item & Key);
  }

  async deletePlayer(player: PlayerRecord, at: number): Promise<void> {
    await roundTrip();
    const pointer = this.table.get(playerKeys.address(player.addressKey));
    if (pointer && pointer.playerId !== player.id) throw new ConditionFailed("another player's address");
    this.table.delete(playerKeys.player(player.id));
    this.table.put({
      ...playerKeys.addressVoid(player.addressKey),
      type: 'signin-void',
      voidBefore: at,
      expiresAt: seconds(at + LINK_TTL_MS),
    });
    this.table.delete(playerKeys.address(player.addressKey));
    const items = this.table.prefixed(playerKeys.player(player.id).pk, '');
    for (const i of items.filter((i) => i.type === 'claimed-seat')) {
      const s = i.seat as ClaimedSeat;
      // A seat another player has since taken stays theirs.
      if (this.field(playerKeys.seatOwner(s.matchId, s.seat), 'playerId') === player.id)
        this.table.delete(playerKeys.seatOwner(s.matchId, s.seat));
    }
    for (const i of items) this.table.delete(i as Item & Key);
    this.table.delete(playerKeys.digestMember(player.id));
    this.table.delete(playerKeys.digestMemberBefore(player.id));
  }

  async linksVoidBefore(addressKey: string): Promise<number | null> {
    await roundTrip();
    return this.field(playerKeys.addressVoid(addressKey), 'voidBefore');
  }

  async putSession(session: SessionRecord): Promise<void> {
    await roundTrip();
    const item = { ...playerKeys.session(session.playerId, session.id), type: 'session', session, expiresAt: seconds(session.expiresAtMs) };
    this.putNew(item, 'a session with this id');
  }

  async session(playerId: string, id: string): Promise<SessionRecord | null> {
    await roundTrip();
    return this.field(playerKeys.session(playerId, id), 'session');
  }

  async sessions(playerId: string): Promise<SessionRecord[]> {
    await roundTrip();
    return this.table.prefixed(playerKeys.player(playerId).pk, playerKeys.sessionPrefix).map((i) => i.session as SessionRecord);
  }

  async deleteSession(playerId: string, id: string): Promise<boolean> {
    await roundTrip();
    return this.table.delete(playerKeys.session(playerId, id));
  }

  async putSeat(playerId: string, seat: ClaimedSeat): Promise<void> {
    await roundTrip();
    const key = playerKeys.seat(playerId, seat.matchId, seat.seat);
    // A second claim of the same seat (another tab, a retry) keeps the first.
    if (!this.table.has(key)) this.table.put({ ...key, type: 'claimed-seat', seat });
  }

  async seats(playerId: string): Promise<ClaimedSeat[]> {
    await roundTrip();
    return this.table.prefixed(playerKeys.player(playerId).pk, playerKeys.seatPrefix).map((i) => i.seat as ClaimedSeat);
  }

  async seat(playerId: string, matchId: string, seat: number): Promise<ClaimedSeat | null> {
    await roundTrip();
    return this.field(playerKeys.seat(playerId, matchId, seat), 'seat');
  }

  async setOverride(playerId: string, matchId: string, seat: number, override: NoticeDefaults | null): Promise<boolean> {
    await roundTrip();
    const key = playerKeys.seat(playerId, matchId, seat);
    const item = this.table.get(key);
    if (!item) return false;
    const { override: _, ...claimed } = item.seat as ClaimedSeat;
    this.table.put({ ...item, ...key, seat: override ? { ...claimed, override } : claimed });
    return true;
  }

  async takeSeat(matchId: string, seat: number, playerId: string, tokenHash?: string): Promise<boolean> {
    await roundTrip();
    const key = playerKeys.seatOwner(matchId, seat);
    const owner = this.table.get(key);
    // DynamoDB's `tokenHash <> :th` holds when the attribute is absent too.
    const free = owner === null || owner.playerId === playerId || (tokenHash !== undefined && owner.tokenHash !== tokenHash);
    if (!free) return false;
    this.table.put({ ...key, type: 'seat-owner', playerId, ...(tokenHash ? { tokenHash } : {}) });
    return true;
  }

  async seatOwner(matchId: string, seat: number): Promise<string | null> {
    await roundTrip();
    return this.field(playerKeys.seatOwner(matchId, seat), 'playerId');
  }

  async waitingBoard(playerId: string): Promise<StoredBoard | null> {
    await roundTrip();
    const item = this.table.get(playerKeys.waiting(playerId));
    return item ? boardOf(item) : null;
  }

  async saveWaitingBoard(playerId: string, board: WaitingBoard, expectedRev: number | null): Promise<boolean> {
    await roundTrip();
    const key = playerKeys.waiting(playerId);
    const rev = (this.table.get(key)?.rev as number | undefined) ?? null;
    if (rev !== expectedRev || (expectedRev === null && !this.table.has(playerKeys.player(playerId)))) return false;
    this.table.put({ ...key, rev: (expectedRev ?? 0) + 1, b: encodeBoard(board) });
    return true;
  }

  async enrollDigest(playerId: string): Promise<void> {
    await roundTrip();
    this.table.put({ ...playerKeys.digestMember(playerId), type: 'digest-member', playerId });
  }
}

/** A day's marker is kept past any re-drive, then expires (as ../digest-dynamo.ts). */
const MARKER_TTL_SECONDS = 35 * 24 * 3600;

/** Where a walk of the list goes on: a shard, and the last sort key read in it. */
interface Cursor {
  shard: number;
  after?: string;
}

/** The whole list, for a walk with no lane. */
const WHOLE: Lane = { from: 0, to: DIGEST_SHARDS };

/** A saved or handed cursor, if it lies within the lane (as ../digest-dynamo.ts). */
function inLane(cursor: unknown, lane: Lane): Cursor | undefined {
  const at = cursor as Cursor | undefined;
  return at && Number.isInteger(at.shard) && at.shard >= lane.from && at.shard < lane.to ? at : undefined;
}

export class MemoryDigestStore implements DigestStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  readonly shards = DIGEST_SHARDS;

  async enrolled(limit: number, cursor?: DigestCursor, lane: Lane = WHOLE): Promise<{ playerIds: string[]; next?: DigestCursor }> {
    await roundTrip();
    let at: Cursor = inLane(cursor, lane) ?? { shard: lane.from };
    const playerIds: string[] = [];
    while (at.shard < lane.to && playerIds.length < limit) {
      const want = limit - playerIds.length;
      const after = at.after;
      const page = this.table
        .prefixed(digestShard(at.shard), '')
        .filter((i) => after === undefined || (i.sk as string) > after)
        .slice(0, want);
      playerIds.push(...page.map((i) => i.playerId as string));
      // As a Query that reached its Limit: a page as long as asked for may have more after it.
      const last = page.length === want ? page.at(-1) : undefined;
      at = last ? { shard: at.shard, after: last.sk as string } : { shard: at.shard + 1 };
    }
    return at.shard < lane.to ? { playerIds, next: at } : { playerIds };
  }

  async walkedTo(lane: Lane = WHOLE): Promise<DigestCursor | undefined> {
    await roundTrip();
    return inLane(this.table.get(walkKey('digest', lane))?.at, lane);
  }

  async saveWalk(cursor: DigestCursor | undefined, lane: Lane = WHOLE): Promise<void> {
    await roundTrip();
    this.table.put({ ...walkKey('digest', lane), type: 'digest-walk', at: cursor as Cursor | undefined });
  }

  async daySettled(playerId: string, day: string): Promise<boolean> {
    await roundTrip();
    const item = this.table.get(playerKeys.digestDay(playerId, day));
    return item !== null && item.state !== 'claimed';
  }

  async withdraw(playerId: string): Promise<void> {
    await roundTrip();
    this.table.delete(playerKeys.digestMember(playerId));
    this.table.delete(playerKeys.digestMemberBefore(playerId));
  }

  async claimDay(playerId: string, day: string, now: number, leaseMs: number): Promise<DigestClaim> {
    await roundTrip();
    const claimId = newSecret();
    const fields = { type: 'digest-day', expiresAt: Math.floor(now / 1000) + MARKER_TTL_SECONDS };
    const outcome = claimLease(this.table, playerKeys.digestDay(playerId, day), { claimId, now, leaseMs, fields });
    return outcome === 'claimed' ? { state: 'claimed', claimId } : { state: outcome === 'held' ? 'busy' : 'sent' };
  }

  async settleDay(playerId: string, day: string, claimId: string, state: 'sent' | 'failed', now: number): Promise<void> {
    await roundTrip();
    const key = playerKeys.digestDay(playerId, day);
    const item = this.table.get(key);
    // Only the holder settles; a holder whose lease was taken over leaves it to the new one.
    if (item?.claimId !== claimId) return;
    const { leaseUntil: _, ...rest } = item;
    this.table.put({ ...rest, ...key, state, settledAt: now });
  }

  async releaseDay(playerId: string, day: string, claimId: string): Promise<void> {
    await roundTrip();
    releaseLease(this.table, playerKeys.digestDay(playerId, day), claimId);
  }
}
