/**
 * The match store (functions/matches/port.ts) in memory, held to the same contract as the DynamoDB adapter
 * (tests/contracts/match-store.contract.ts): its items are the ones ./dynamo.ts writes, made by the same
 * functions, in a MemoryTable; the conditions of each write are checked and the whole write applied in one
 * synchronous step, so a commit is all or nothing like a transaction. Never `busy` (no transaction conflicts
 * in one process); the `botSeats` attribute is kept but nothing reads it (no stream).
 */
import type { Seat } from '#shared/engine/game.js';
import { wakesBots } from '../../matches/bot-seats.js';
import type {
  ChatMessage,
  Checkpoint,
  Commit,
  CommitResult,
  LogRecord,
  MatchHead,
  MatchRecord,
  MatchStore,
  NotificationIntent,
} from '../../matches/port.js';
import { chatToItem, itemToChat } from '../chat-dynamo.js';
import { checkpointToItem, intentToItem, itemToCheckpoint, itemToMatch, logToItem, matchToItem, unpackData } from '../dynamo.js';
import { dueShardOf, expiryOf, keys } from '../table.js';
import type { LobbyWrite } from '../../matches/lobby-port.js';
import { applyLobbyWrite } from './lobby.js';
import { type Item, type Key, MemoryTable } from './table.js';

/** Lets other requests run between a read and a write, as a round trip to the database would. */
export const roundTrip = () => new Promise<void>((resolve) => setImmediate(resolve));

const LOG_FROM = 'LOG#';

export class MemoryMatchStore implements MatchStore {
  constructor(readonly table: MemoryTable = new MemoryTable()) {}

  async create(match: MatchRecord, intents: NotificationIntent[] = [], lobby?: LobbyWrite): Promise<'created' | 'exists'> {
    await roundTrip();
    if (this.table.has(keys.match(match.id))) return 'exists';
    this.table.put(matchToItem(match, true) as Item & Key);
    for (const n of intents) this.table.put(intentToItem(n) as Item & Key);
    if (lobby) applyLobbyWrite(this.table, lobby);
    return 'created';
  }

  async get(id: string, _opts?: { consistent?: boolean }): Promise<MatchRecord | null> {
    await roundTrip();
    const item = this.table.get(keys.match(id));
    return item ? itemToMatch(item) : null;
  }

  async logAt(id: string, version: number): Promise<LogRecord | null> {
    await roundTrip();
    const item = this.table.get(keys.log(id, version));
    return item ? unpackData<LogRecord>(item.data) : null;
  }

  async head(id: string): Promise<MatchHead | null> {
    await roundTrip();
    const item = this.table.get(keys.match(id));
    if (!item) return null;
    return {
      id: item.id as string,
      version: item.version as number,
      tokenHashes: item.tokenHashes as MatchHead['tokenHashes'],
      spectatorHash: item.spectatorHash as string,
    };
  }

  async commit(c: Commit): Promise<CommitResult> {
    await roundTrip();
    const { match, expectedVersion } = c;
    const stored = this.table.get(keys.match(match.id));
    // The conditions of every item of ./dynamo.ts's transaction: the version and the sweep's cursor, and
    // no log record, chat message or created match there already.
    const fresh =
      stored !== null &&
      stored.version === expectedVersion &&
      stored.sweptUntil === match.sweptUntil &&
      !(c.log && this.table.has(keys.log(match.id, c.log.version))) &&
      !(c.chat && this.table.has(keys.chat(match.id, c.chat.seq))) &&
      !(c.create && this.table.has(keys.match(c.create.id)));
    if (!fresh) return { ok: false, reason: 'stale' };
    const expiresAt = expiryOf(match.status === 'open' ? 'active' : match.status, match.updatedAt);
    this.table.put(matchToItem(match, wakesBots(c)) as Item & Key);
    if (c.log) this.table.put(logToItem(match.id, c.log, expiresAt, c.intents) as Item & Key);
    else for (const n of c.intents ?? []) this.table.put(intentToItem(n) as Item & Key);
    if (c.chat) this.table.put(chatToItem(match.id, c.chat, expiresAt) as Item & Key);
    if (c.checkpoint) this.table.put(checkpointToItem(match.id, c.checkpoint, expiresAt) as Item & Key);
    if (c.create) this.table.put(matchToItem(c.create, true) as Item & Key);
    if (c.lobby) applyLobbyWrite(this.table, c.lobby);
    return { ok: true };
  }

  async log(id: string, opts: { limit: number; before?: number }): Promise<LogRecord[]> {
    await roundTrip();
    const { pk } = keys.match(id);
    const items =
      opts.before !== undefined
        ? this.table.range(pk, LOG_FROM, keys.log(id, Math.max(0, opts.before - 1)).sk)
        : this.table.prefixed(pk, LOG_FROM);
    return items
      .reverse()
      .slice(0, opts.limit)
      .map((i) => unpackData<LogRecord>(i.data));
  }

  async fullLog(id: string): Promise<LogRecord[]> {
    await roundTrip();
    return this.table.prefixed(keys.match(id).pk, LOG_FROM).map((i) => unpackData<LogRecord>(i.data));
  }

  async logFrom(id: string, from: number, opts: { limit?: number; consistent?: boolean } = {}): Promise<LogRecord[]> {
    await roundTrip();
    const items = this.table.range(keys.match(id).pk, keys.log(id, Math.max(0, from)).sk, 'LOG#~');
    return items.slice(0, opts.limit ?? items.length).map((i) => unpackData<LogRecord>(i.data));
  }

  async checkpointAt(id: string, version: number): Promise<Checkpoint | null> {
    await roundTrip();
    const item = this.table.range(keys.match(id).pk, 'CKPT#', keys.checkpoint(id, version).sk).at(-1);
    return item ? itemToCheckpoint(item) : null;
  }

  async chatMessages(id: string, opts: { after: number; limit: number }): Promise<ChatMessage[]> {
    await roundTrip();
    return this.table
      .range(keys.match(id).pk, keys.chat(id, opts.after + 1).sk, 'CHAT#~')
      .slice(0, opts.limit)
      .map(itemToChat);
  }

  async chatSeen(id: string): Promise<{ seat: Seat; seq: number; at: number }[]> {
    await roundTrip();
    return this.table
      .prefixed(keys.match(id).pk, 'CHATSEEN#')
      .map((i) => ({ seat: i.seat as Seat, seq: i.seq as number, at: i.at as number }));
  }

  async markChatSeen(id: string, seat: Seat, seq: number, at: number): Promise<void> {
    await roundTrip();
    this.table.put({ ...keys.chatSeen(id, seat), type: 'chat-seen', seat, seq, at, expiresAt: expiryOf('active', at) });
  }

  async advanceSweep(match: MatchRecord, sweptUntil: number, dueAt: number | undefined, intents: NotificationIntent[]): Promise<boolean> {
    await roundTrip();
    const stored = this.table.get(keys.match(match.id));
    if (stored?.version !== match.version) return false;
    const { dueAt: _d, dueShard: _s, botSeats: _b, ...rest } = stored;
    this.table.put({ ...(rest as Item & Key), sweptUntil, ...(dueAt === undefined ? {} : { dueAt, dueShard: dueShardOf(match.id) }) });
    // Unconditional, as in the table: a row written twice is delivered once anyway (the dedupe records).
    for (const n of intents) this.table.put(intentToItem(n) as Item & Key);
    return true;
  }

  async clearDue(match: MatchRecord): Promise<void> {
    await roundTrip();
    const stored = this.table.get(keys.match(match.id));
    if (stored?.version !== match.version) return;
    const { dueAt: _d, dueShard: _s, botSeats: _b, ...rest } = stored;
    this.table.put(rest as Item & Key);
  }
}
