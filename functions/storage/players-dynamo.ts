/**
 * The DynamoDB adapter of the player store (functions/players/port.ts), in the platform's single table
 * (key design: ./table.ts). A player's record, sessions and claimed seats are one item collection
 * under `P#<playerId>`, so "my matches", the session list, the export and the deletion are each one
 * Query of one partition, with no index. Every write that can race is conditional.
 */
import type { Lang } from '../i18n.js';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  LINK_TTL_MS,
  SIGN_IN_WINDOW_MS,
  type ClaimedSeat,
  type NoticeDefaults,
  type PlayerRecord,
  type SessionRecord,
  type SignInCap,
  type SignInLinkRecord,
} from '../players/model.js';
import type { PlayerStore, StoredBoard } from '../players/port.js';
import type { WaitingBoard } from '../players/waiting.js';
import { conditionFailed } from './conditions.js';
import { inWindow, takeCounters } from './rate-counters.js';
import { playerKeys } from './table.js';

type Item = Record<string, unknown>;
const seconds = (ms: number) => Math.ceil(ms / 1000);

export class DynamoPlayerStore implements PlayerStore {
  constructor(
    readonly db: DynamoDBDocumentClient,
    readonly tableName: string,
  ) {}

  private async getItem(key: { pk: string; sk: string }, consistent = true): Promise<Item | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: consistent }));
    return out.Item ?? null;
  }

  private async collection(playerId: string, prefix: string): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          // An empty prefix: the whole collection (begins_with refuses an empty string).
          KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': playerKeys.player(playerId).pk, ...(prefix ? { ':sk': prefix } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  // ------------------------------------------------------------------ sign-in links

  async putLink(hash: string, link: SignInLinkRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...playerKeys.link(hash), type: 'signin-link', link, expiresAt: seconds(link.expiresAtMs) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async link(hash: string): Promise<SignInLinkRecord | null> {
    return ((await this.getItem(playerKeys.link(hash)))?.link as SignInLinkRecord | undefined) ?? null;
  }

  async takeLink(hash: string): Promise<SignInLinkRecord | null> {
    try {
      const out = await this.db.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: playerKeys.link(hash),
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return (out.Attributes?.link as SignInLinkRecord | undefined) ?? null;
    } catch (err) {
      if (conditionFailed(err)) return null;
      throw err;
    }
  }

  async takeSignInAllowance(
    subjects: Partial<Record<SignInCap, string>>,
    caps: Record<SignInCap, number>,
    now: number,
  ): Promise<{ ok: true } | { ok: false; cap: SignInCap; retryAt: number }> {
    const window = signInWindow(subjects, caps, now);
    const taken = await takeCounters(this.db, this.tableName, window.take);
    return taken.ok ? taken : window.refused(taken.full);
  }

  // ------------------------------------------------------------------ players

  async player(id: string): Promise<PlayerRecord | null> {
    return ((await this.getItem(playerKeys.player(id)))?.player as PlayerRecord | undefined) ?? null;
  }

  async playerByAddress(addressKey: string): Promise<PlayerRecord | null> {
    const pointer = await this.getItem(playerKeys.address(addressKey));
    return pointer ? this.player(pointer.playerId as string) : null;
  }

  async createPlayer(player: PlayerRecord): Promise<PlayerRecord> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...playerKeys.address(player.addressKey), type: 'player-address', playerId: player.id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...playerKeys.player(player.id), type: 'player', player },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return player;
    } catch (err) {
      if (!conditionFailed(err)) throw err;
      // Two first sign-ins at once: the one written first is the player's record.
      const there = await this.playerByAddress(player.addressKey);
      if (!there) throw err;
      return there;
    }
  }

  async setDefaults(id: string, defaults: NoticeDefaults): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: playerKeys.player(id),
        UpdateExpression: 'SET #p.#d = :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#p': 'player', '#d': 'defaults' },
        ExpressionAttributeValues: { ':d': defaults },
      }),
    );
  }

  async setLang(id: string, lang: Lang): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: playerKeys.player(id),
        UpdateExpression: 'SET #p.#l = :l',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#p': 'player', '#l': 'lang' },
        ExpressionAttributeValues: { ':l': lang },
      }),
    );
  }

  async signOutEverywhere(id: string, at: number): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: playerKeys.player(id),
        UpdateExpression: 'SET #p.signedOutAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#p': 'player' },
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    await this.deleteAll((await this.collection(id, playerKeys.sessionPrefix)).map(keyOf));
  }

  async deletePlayer(player: PlayerRecord, at: number): Promise<void> {
    // The record and its address pointer go first and together: from then on no session authenticates,
    // and no link mailed before signs in (the marker holds the address's hash and a time, no address).
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: this.tableName, Key: playerKeys.player(player.id) } },
          {
            Put: {
              TableName: this.tableName,
              Item: {
                ...playerKeys.addressVoid(player.addressKey),
                type: 'signin-void',
                voidBefore: at,
                expiresAt: seconds(at + LINK_TTL_MS),
              },
            },
          },
          {
            Delete: {
              TableName: this.tableName,
              Key: playerKeys.address(player.addressKey),
              ConditionExpression: 'attribute_not_exists(pk) OR playerId = :id',
              ExpressionAttributeValues: { ':id': player.id },
            },
          },
        ],
      }),
    );
    const items = await this.collection(player.id, '');
    await this.releaseSeats(
      player.id,
      items.filter((i) => i.type === 'claimed-seat').map((i) => i.seat as ClaimedSeat),
    );
    await this.deleteAll([...items.map(keyOf), playerKeys.digestMember(player.id), playerKeys.digestMemberBefore(player.id)]);
  }

  async linksVoidBefore(addressKey: string): Promise<number | null> {
    return ((await this.getItem(playerKeys.addressVoid(addressKey)))?.voidBefore as number | undefined) ?? null;
  }

  private async deleteAll(all: { pk: string; sk: string }[]): Promise<void> {
    // A batch refuses a key named twice (a player's digest places before and after the shards grew may coincide).
    const keys = [...new Map(all.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
    for (let i = 0; i < keys.length; i += 25) {
      let requests: Record<string, { DeleteRequest: { Key: Item } }[]> | undefined = {
        [this.tableName]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
      };
      while (requests && Object.keys(requests).length > 0) {
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = out.UnprocessedItems as typeof requests;
      }
    }
  }

  // ------------------------------------------------------------------ sessions

  async putSession(session: SessionRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...playerKeys.session(session.playerId, session.id), type: 'session', session, expiresAt: seconds(session.expiresAtMs) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async session(playerId: string, id: string): Promise<SessionRecord | null> {
    return ((await this.getItem(playerKeys.session(playerId, id)))?.session as SessionRecord | undefined) ?? null;
  }

  async sessions(playerId: string): Promise<SessionRecord[]> {
    return (await this.collection(playerId, playerKeys.sessionPrefix)).map((i) => i.session as SessionRecord);
  }

  async deleteSession(playerId: string, id: string): Promise<boolean> {
    const out = await this.db.send(
      new DeleteCommand({ TableName: this.tableName, Key: playerKeys.session(playerId, id), ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes !== undefined;
  }

  // ------------------------------------------------------------------ claimed seats

  async putSeat(playerId: string, seat: ClaimedSeat): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...playerKeys.seat(playerId, seat.matchId, seat.seat), type: 'claimed-seat', seat },
          // A second claim of the same seat (another tab, a retry) keeps the first.
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }

  async seats(playerId: string): Promise<ClaimedSeat[]> {
    return (await this.collection(playerId, playerKeys.seatPrefix)).map((i) => i.seat as ClaimedSeat);
  }

  async seat(playerId: string, matchId: string, seat: number, opts: { consistent?: boolean } = {}): Promise<ClaimedSeat | null> {
    return (
      ((await this.getItem(playerKeys.seat(playerId, matchId, seat), opts.consistent ?? true))?.seat as ClaimedSeat | undefined) ?? null
    );
  }

  async setOverride(playerId: string, matchId: string, seat: number, override: NoticeDefaults | null): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: playerKeys.seat(playerId, matchId, seat),
          UpdateExpression: override ? 'SET #s.#o = :o' : 'REMOVE #s.#o',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#s': 'seat', '#o': 'override' },
          ...(override ? { ExpressionAttributeValues: { ':o': override } } : {}),
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  async takeSeat(matchId: string, seat: number, playerId: string, tokenHash?: string): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...playerKeys.seatOwner(matchId, seat), type: 'seat-owner', playerId, ...(tokenHash ? { tokenHash } : {}) },
          ConditionExpression: `attribute_not_exists(pk) OR playerId = :me${tokenHash ? ' OR tokenHash <> :th' : ''}`,
          ExpressionAttributeValues: { ':me': playerId, ...(tokenHash ? { ':th': tokenHash } : {}) },
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  async seatOwner(matchId: string, seat: number, opts: { consistent?: boolean } = {}): Promise<string | null> {
    return ((await this.getItem(playerKeys.seatOwner(matchId, seat), opts.consistent ?? true))?.playerId as string | undefined) ?? null;
  }

  /** Gives up the player's ownership of their seats (a seat another player has since taken stays theirs). */
  private async releaseSeats(playerId: string, seats: ClaimedSeat[]): Promise<void> {
    for (let i = 0; i < seats.length; i += 25) {
      await Promise.all(
        seats.slice(i, i + 25).map((s) =>
          this.db
            .send(
              new DeleteCommand({
                TableName: this.tableName,
                Key: playerKeys.seatOwner(s.matchId, s.seat),
                ConditionExpression: 'playerId = :me',
                ExpressionAttributeValues: { ':me': playerId },
              }),
            )
            .catch((err: unknown) => {
              if (!conditionFailed(err)) throw err;
            }),
        ),
      );
    }
  }

  // ------------------------------------------------------------------ the waiting board

  async waitingBoard(playerId: string, opts: { consistent?: boolean } = {}): Promise<StoredBoard | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: playerKeys.waiting(playerId), ConsistentRead: opts.consistent ?? false }),
    );
    return out.Item ? boardOf(out.Item) : null;
  }

  async saveWaitingBoard(playerId: string, board: WaitingBoard, expectedRev: number | null): Promise<boolean> {
    const Item = { ...playerKeys.waiting(playerId), rev: (expectedRev ?? 0) + 1, b: encodeBoard(board) };
    try {
      if (expectedRev !== null) {
        // A deleted player's board is gone with the rest: the condition fails, nothing comes back.
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item,
            ConditionExpression: 'rev = :r',
            ExpressionAttributeValues: { ':r': expectedRev },
          }),
        );
        return true;
      }
      // The first board: only beside the player's record (a deletion may have just gone by).
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: { TableName: this.tableName, Key: playerKeys.player(playerId), ConditionExpression: 'attribute_exists(pk)' },
            },
            { Put: { TableName: this.tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (conditionFailed(err)) return false;
      throw err;
    }
  }

  // ------------------------------------------------------------------ the daily digest's list

  async enrollDigest(playerId: string): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.tableName, Item: { ...playerKeys.digestMember(playerId), type: 'digest-member', playerId } }),
    );
  }
}

const keyOf = (i: Item) => ({ pk: i.pk as string, sk: i.sk as string });

/**
 * The board as one short string: positional arrays, no attribute names per entry, so four listed matches with
 * their sealed tokens and the marks stay under 1 KB (one write unit; tests/players/waiting-dynamo.test.ts).
 */
export function encodeBoard(b: WaitingBoard): string {
  return JSON.stringify([
    b.count,
    b.listed.map((e) => [e.matchId, e.seat, e.gameId, e.since, e.version, e.sealedToken]),
    b.marks.map((m) => [m.matchId, m.seat, m.version, Math.floor(m.at / 1000)]),
  ]);
}

type Row = [string, number, string, number, number, string];
type MarkRow = [string, number, number, number];

export function boardOf(item: Item): StoredBoard {
  const [count, listed, marks] = JSON.parse(item.b as string) as [number, Row[], MarkRow[]];
  return {
    rev: item.rev as number,
    count,
    listed: listed.map(([matchId, seat, gameId, since, version, sealedToken]) => ({ matchId, seat, gameId, since, version, sealedToken })),
    marks: marks.map(([matchId, seat, version, at]) => ({ matchId, seat, version, at: at * 1000 })),
  };
}

/** The sign-in mails' counters for the window `now` falls in (kept one window past its end). */
export const signInWindow = (subjects: Partial<Record<SignInCap, string>>, caps: Record<SignInCap, number>, now: number) =>
  inWindow(now, SIGN_IN_WINDOW_MS, {
    subjects,
    caps,
    key: (cap, subject, windowStart) => playerKeys.signInCounter(cap, subject, windowStart),
    expiresAt: (windowStart) => seconds(windowStart + 2 * SIGN_IN_WINDOW_MS),
  });
