/**
 * The DynamoDB adapter of the storage port. The match state travels as one JSON attribute: cheaper
 * to (un)marshal than a deep map, and opaque to DynamoDB, which only needs the version.
 *
 * That JSON (of the match and of each log record) is stored deflated, as binary: DynamoDB bills
 * writes per started KB (twice inside a transaction) and reads per 4 KB, and the JSON shrinks to
 * about a third (infra/README.md, "Cost"). Items written before as a JSON string still read.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DynamoDBClient, GetItemCommand, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Seat } from '#shared/engine/game.js';
import type {
  Checkpoint,
  Commit,
  CommitResult,
  LogRecord,
  MatchHead,
  MatchRecord,
  MatchStore,
  NotificationIntent,
} from '../matches/port.js';
import { bounded, boundsFromEnv } from './bounds.js';
import { cancelled, cancelledByConflict, cancelledFor, conditionFailed, refused } from './conditions.js';
import { chatMessages, chatSeen, chatToItem, markChatSeen } from './chat-dynamo.js';
import { lobbyWriteItems } from './lobby-dynamo.js';
import type { LobbyWrite } from '../matches/lobby-port.js';
import { wakesBots } from '../matches/bot-seats.js';
import { OUTBOX_GRACE_MS } from '../matches/port.js';
import { dueShardOf, expiryOf, keys, TABLE } from './table.js';

type Item = Record<string, unknown>;

/** JSON for the `data` attribute: deflated when that is smaller (nearly always). */
export function packData(value: unknown): string | Uint8Array {
  const json = JSON.stringify(value);
  if (json.length < 200) return json;
  const packed = deflateRawSync(json);
  return packed.length < Buffer.byteLength(json) ? packed : json;
}

/** Reads a `data` attribute either way it may be stored. */
export function unpackData<T>(data: unknown): T {
  if (typeof data === 'string') return JSON.parse(data) as T;
  if (data instanceof Uint8Array) return JSON.parse(inflateRawSync(data).toString('utf8')) as T;
  throw new Error(`unexpected data attribute: ${typeof data}`);
}

/**
 * A document client; every call is time-bounded (./bounds.ts) unless `config` sets its own handler and retries.
 * With `commitBarrier` (npm start's DynamoDB Local on disk) a TransactWriteItems is followed by a read
 * before it resolves (see commitBarrier).
 */
export function dynamoClient(config: DynamoDBClientConfig = {}, opts: { commitBarrier?: boolean } = {}): DynamoDBDocumentClient {
  const raw = new DynamoDBClient(bounded(config));
  if (opts.commitBarrier) commitBarrier(raw);
  return DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * DynamoDB Local answers a TransactWriteItems before the transaction is committed: its
 * `SQLiteDBAccess.commitTransaction` puts the `COMMIT` on the SQLite job queue and returns without
 * waiting for it (a PutItem or UpdateItem does wait). Killed in that gap, Java loses a write it
 * acknowledged, and `npm start` a move it answered 200 (`npm run bench -- durability` kills it in that gap).
 * That queue runs one job at a time in order, so a read sent after the answer completes only once the
 * COMMIT before it has (SQLite's rollback journal, synchronous=FULL): one GetItem of a key that does
 * not exist, on the same table, before the call resolves. Only for DynamoDB Local keeping data on disk
 * (`npm start` sets DYNAMODB_COMMIT_BARRIER=1): DynamoDB itself commits before it answers, and the
 * in-memory DynamoDB Local of the tests and benchmarks has nothing to lose.
 */
export function commitBarrier(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (context.commandName !== 'TransactWriteItemsCommand') return out;
      const items = (args.input as { TransactItems?: Record<string, { TableName?: string } | undefined>[] }).TransactItems ?? [];
      const first = items[0];
      const tableName = first && Object.values(first).find((op) => op?.TableName)?.TableName;
      if (tableName) {
        await client.send(
          new GetItemCommand({
            TableName: tableName,
            Key: { [TABLE.partitionKey]: { S: COMMIT_BARRIER_KEY }, [TABLE.sortKey]: { S: COMMIT_BARRIER_KEY } },
            ConsistentRead: true,
          }),
        );
      }
      return out;
    },
    { step: 'initialize', name: 'dynamoLocalCommitBarrier', override: true },
  );
}

/** The key the barrier reads: never written. */
const COMMIT_BARRIER_KEY = '#commit-barrier';

/** The client the adapters here share (one per process), as the wiring outside storage/ names it. */
export type TableClient = DynamoDBDocumentClient;

/**
 * Client settings from the environment: DYNAMODB_ENDPOINT points at DynamoDB Local. Time-bounded
 * (./bounds.ts) everywhere, Lambda included, so every client built from them is too.
 */
/** The client the environment describes (clientConfigFromEnv), with the commit barrier when DYNAMODB_COMMIT_BARRIER=1. */
export function dynamoClientFromEnv(env: Record<string, string | undefined> = process.env): DynamoDBDocumentClient {
  return dynamoClient(clientConfigFromEnv(env), { commitBarrier: env.DYNAMODB_COMMIT_BARRIER === '1' });
}

export function clientConfigFromEnv(env: Record<string, string | undefined> = process.env): DynamoDBClientConfig {
  const endpoint = env.DYNAMODB_ENDPOINT;
  if (!endpoint) return bounded({}, boundsFromEnv(env));
  return bounded(
    {
      endpoint,
      region: env.AWS_REGION ?? 'local',
      credentials: {
        accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'local',
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'local',
      },
    },
    boundsFromEnv(env),
  );
}

/**
 * The match as its item. `wake`: the write changes the game or who plays (matches/bot-seats.ts `wakesBots`), so the item carries
 * `botSeats` when a computer plays in it; every other write of the item leaves the attribute out.
 */
export function matchToItem(m: MatchRecord, wake: boolean): Item {
  const { id, version, status, gameId, expiresAt: _ignored, seats, spectatorHash, dueAt, sweptUntil, ...rest } = m;
  return {
    ...keys.match(id),
    type: 'match',
    id,
    version,
    status,
    gameId,
    // Every write pushes the expiry back; a finished match keeps a shorter retention.
    expiresAt: expiryOf(status, m.updatedAt),
    tokenHashes: seats.map((s) => s.tokenHash),
    spectatorHash,
    // Top-level, outside `data`: the sweep updates them alone, and `dueAt` keys the sparse `due` index.
    // An open game waiting for computers (`lobby.botsAt`) is in it too (functions/matches/lobby.ts).
    ...(dueAt !== undefined && (status === 'active' || waitsForComputers(m)) ? { dueAt, dueShard: dueShardOf(id) } : {}),
    sweptUntil,
    // Top-level for the bot function's stream filter ("NewImage.botSeats exists"): only a change to the
    // game of a match in play with a seat a computer plays wakes it, never a change beside the game.
    ...(wake ? botSeatsOf(status, seats) : {}),
    // The seats' token hashes are kept once, in `tokenHashes` above (itemToMatch puts them back).
    data: packData({ ...rest, seats: seats.map(({ tokenHash: _kept, ...seat }) => seat) }),
  };
}

/** An open game whose host chose computers for the seats nobody takes (functions/matches/lobby.ts). */
const waitsForComputers = (m: MatchRecord) => m.status === 'open' && m.lobby?.botsAt !== undefined && !m.lobby.closed;

/** `{ botSeats: n }` for an active match with n > 0 seats played by a computer, else nothing. */
export function botSeatsOf(status: MatchRecord['status'], seats: MatchRecord['seats']): { botSeats?: number } {
  const n = status === 'active' ? seats.filter((s) => s.bot !== undefined).length : 0;
  return n > 0 ? { botSeats: n } : {};
}

export function itemToMatch(item: Item): MatchRecord {
  const rest = unpackData<Omit<MatchRecord, 'id' | 'version' | 'status' | 'gameId' | 'spectatorHash'>>(item.data);
  const tokenHashes = (item.tokenHashes ?? []) as (string | null)[];
  return {
    ...rest,
    // Items written before kept each seat's token hash in `data` too.
    seats: rest.seats.map((seat, i) => (seat.tokenHash !== undefined ? seat : { ...seat, tokenHash: tokenHashes[i] ?? null })),
    id: item.id as string,
    version: item.version as number,
    status: item.status as MatchRecord['status'],
    gameId: item.gameId as string,
    spectatorHash: item.spectatorHash as string,
    ...(item.expiresAt !== undefined ? { expiresAt: item.expiresAt as number } : {}),
    ...(item.dueAt !== undefined ? { dueAt: item.dueAt as number } : {}),
    ...(item.sweptUntil !== undefined ? { sweptUntil: item.sweptUntil as number } : {}),
  };
}

/**
 * A log record. The notifications of the change it records ride in it (`intents`): the log item is then
 * also the change's outbox entry, in the `due` index until delivered, so the sweep can re-drive a lost
 * one. One item fewer in the move's transaction than a row per notification. The intents are packed like
 * `data` (their log lines as plain DynamoDB maps made an auction move's item cross 2 KB, a third write
 * unit, about one game in two); items written as a plain list still read (notify-dynamo.ts `outboxOfItem`).
 */
export function logToItem(matchId: string, l: LogRecord, expiresAt: number, intents: NotificationIntent[] = []): Item {
  const item: Item = { ...keys.log(matchId, l.version), type: 'log', data: packData(l), expiresAt };
  if (intents.length === 0) return item;
  const dueAt = Math.min(...intents.map((n) => n.createdAt)) + OUTBOX_GRACE_MS;
  return { ...item, intents: packData(intents), dueShard: dueShardOf(matchId), dueAt };
}

/** A replay checkpoint: the game state packed like `data`, with the log's retention. */
export function checkpointToItem(matchId: string, c: Checkpoint, expiresAt: number): Item {
  return { ...keys.checkpoint(matchId, c.version), type: 'checkpoint', version: c.version, data: packData(c.state), expiresAt };
}

export function itemToCheckpoint(item: Item): Checkpoint {
  return { version: item.version as number, state: unpackData(item.data) };
}

/** An outbox row of its own, for notifications with no log record (the sweep's timers, a rematch). */
export function intentToItem(n: NotificationIntent): Item {
  return {
    ...keys.intent(n.matchId, n.version, n.seat, n.tag),
    type: 'intent',
    ...n,
    dueShard: dueShardOf(n.matchId),
    dueAt: n.createdAt + OUTBOX_GRACE_MS,
  };
}

export class DynamoMatchStore implements MatchStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(match: MatchRecord, intents: NotificationIntent[] = [], lobby?: LobbyWrite): Promise<'created' | 'exists'> {
    try {
      if (intents.length === 0 && !lobby) {
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: matchToItem(match, true),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return 'created';
      }
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: matchToItem(match, true), ConditionExpression: 'attribute_not_exists(pk)' } },
            ...intents.map((n) => ({ Put: { TableName: this.tableName, Item: intentToItem(n) } })),
            ...(lobby ? lobbyWriteItems(this.tableName, lobby) : []),
          ],
        }),
      );
      return 'created';
    } catch (err) {
      // The match's own put is item 0; the intents' puts carry no condition.
      if (refused(err) || cancelledFor(err, 0)) return 'exists';
      throw err;
    }
  }

  async get(id: string, opts: { consistent?: boolean } = {}): Promise<MatchRecord | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: keys.match(id), ConsistentRead: opts.consistent !== false }),
    );
    return out.Item ? itemToMatch(out.Item) : null;
  }

  async logAt(id: string, version: number): Promise<LogRecord | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.log(id, version), ConsistentRead: true }));
    return out.Item ? unpackData<LogRecord>(out.Item.data) : null;
  }

  async head(id: string): Promise<MatchHead | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.match(id),
        ProjectionExpression: 'id, version, tokenHashes, spectatorHash',
        // Strongly consistent: a player polling right after their own move must see it.
        ConsistentRead: true,
      }),
    );
    return out.Item ? (out.Item as MatchHead) : null;
  }

  async commit(c: Commit): Promise<CommitResult> {
    const { match, expectedVersion } = c;
    // A log item keeps at least an active match's retention: the record of a join made while the
    // match was still open must not vanish after 30 days while the match plays on.
    const expiresAt = expiryOf(match.status === 'open' ? 'active' : match.status, match.updatedAt);
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Put: {
          TableName: this.tableName,
          Item: matchToItem(match, wakesBots(c)),
          // The version, and the sweep's cursor, which the sweep moves without a new version: a
          // change based on an older read must not put back a cursor the sweep has moved since.
          ...(match.sweptUntil === undefined
            ? {
                ConditionExpression: 'version = :expected AND attribute_not_exists(sweptUntil)',
                ExpressionAttributeValues: { ':expected': expectedVersion },
              }
            : {
                ConditionExpression: 'version = :expected AND sweptUntil = :swept',
                ExpressionAttributeValues: { ':expected': expectedVersion, ':swept': match.sweptUntil },
              }),
        },
      },
    ];
    if (c.log) {
      items.push({
        Put: {
          TableName: this.tableName,
          Item: logToItem(match.id, c.log, expiresAt, c.intents),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    } else {
      for (const n of c.intents ?? []) items.push({ Put: { TableName: this.tableName, Item: intentToItem(n) } });
    }
    if (c.chat) {
      items.push({
        Put: { TableName: this.tableName, Item: chatToItem(match.id, c.chat, expiresAt), ConditionExpression: 'attribute_not_exists(pk)' },
      });
    }
    // No condition of its own: the log item's condition already makes the version new.
    if (c.checkpoint) items.push({ Put: { TableName: this.tableName, Item: checkpointToItem(match.id, c.checkpoint, expiresAt) } });
    if (c.create) {
      items.push({
        Put: { TableName: this.tableName, Item: matchToItem(c.create, true), ConditionExpression: 'attribute_not_exists(pk)' },
      });
    }
    // An open game's lobby entry follows its match in the same transaction (./lobby-dynamo.ts).
    if (c.lobby) items.push(...lobbyWriteItems(this.tableName, c.lobby));
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (err) {
      if (conditionFailed(err)) return { ok: false, reason: 'stale' };
      if (cancelledByConflict(err)) return { ok: false, reason: 'busy' };
      throw err;
    }
  }

  async log(id: string, opts: { limit: number; before?: number }): Promise<LogRecord[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: opts.before !== undefined ? 'pk = :pk AND sk BETWEEN :lo AND :hi' : 'pk = :pk AND begins_with(sk, :lo)',
        ExpressionAttributeValues:
          opts.before !== undefined
            ? { ':pk': keys.match(id).pk, ':lo': 'LOG#', ':hi': keys.log(id, Math.max(0, opts.before - 1)).sk }
            : { ':pk': keys.match(id).pk, ':lo': 'LOG#' },
        ScanIndexForward: false,
        Limit: opts.limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => unpackData<LogRecord>(i.data));
  }

  async fullLog(id: string): Promise<LogRecord[]> {
    return this.logFrom(id, 0, { consistent: true });
  }

  async logFrom(id: string, from: number, opts: { limit?: number; consistent?: boolean } = {}): Promise<LogRecord[]> {
    const records: LogRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
          ExpressionAttributeValues: { ':pk': keys.match(id).pk, ':lo': keys.log(id, Math.max(0, from)).sk, ':hi': 'LOG#~' },
          ConsistentRead: opts.consistent === true,
          ...(opts.limit !== undefined ? { Limit: opts.limit - records.length } : {}),
          ExclusiveStartKey: start,
        }),
      );
      for (const i of out.Items ?? []) records.push(unpackData<LogRecord>(i.data));
      start = out.LastEvaluatedKey;
    } while (start && (opts.limit === undefined || records.length < opts.limit));
    return records;
  }

  async checkpointAt(id: string, version: number): Promise<Checkpoint | null> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': keys.match(id).pk, ':lo': 'CKPT#', ':hi': keys.checkpoint(id, version).sk },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item ? itemToCheckpoint(item) : null;
  }

  chatMessages(id: string, opts: { after: number; limit: number }) {
    return chatMessages(this.db, this.tableName, id, opts);
  }

  chatSeen(id: string) {
    return chatSeen(this.db, this.tableName, id);
  }

  markChatSeen(id: string, seat: Seat, seq: number, at: number) {
    return markChatSeen(this.db, this.tableName, id, seat, seq, at);
  }

  // ------------------------------------------------------------------ the sweep's writes

  /**
   * Moves the sweep's cursor on a match and writes the timer notifications it found, in one
   * transaction conditioned on the match version: either both happen or neither (a move came
   * first, and the sweep looks again).
   */
  async advanceSweep(match: MatchRecord, sweptUntil: number, dueAt: number | undefined, intents: NotificationIntent[]): Promise<boolean> {
    const update = {
      TableName: this.tableName,
      Key: keys.match(match.id),
      ConditionExpression: 'version = :v',
      ...(dueAt === undefined
        ? {
            UpdateExpression: 'SET sweptUntil = :c REMOVE dueAt, dueShard, botSeats',
            ExpressionAttributeValues: { ':v': match.version, ':c': sweptUntil },
          }
        : {
            UpdateExpression: 'SET sweptUntil = :c, dueAt = :d, dueShard = :s REMOVE botSeats',
            ExpressionAttributeValues: { ':v': match.version, ':c': sweptUntil, ':d': dueAt, ':s': dueShardOf(match.id) },
          }),
    };
    try {
      if (intents.length === 0) {
        await this.db.send(new UpdateCommand(update));
      } else {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: update },
              ...intents.map((n) => ({
                // Unconditional: a row written twice is delivered once anyway (the dedupe records).
                Put: { TableName: this.tableName, Item: intentToItem(n) },
              })),
            ],
          }),
        );
      }
      return true;
    } catch (err) {
      // A failed version check, or a transaction cancelled by a write at the same moment: look again.
      if (refused(err) || cancelled(err)) return false;
      throw err;
    }
  }

  /** Takes a match that needs no more timers out of the index. */
  async clearDue(match: MatchRecord): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.match(match.id),
          UpdateExpression: 'REMOVE dueAt, dueShard, botSeats',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': match.version },
        }),
      );
    } catch (err) {
      if (!conditionFailed(err)) throw err;
    }
  }
}
