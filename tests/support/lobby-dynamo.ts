/** The lobby tests' stores on DynamoDB Local (./lobby.ts has the app and the browsers; unit tests import only that). */
import { DynamoLobbyStore } from '../../functions/storage/lobby-dynamo.js';
import { MemoryNotifyStore } from '../../functions/storage/memory/notify.js';
import { MemoryPlayerStore } from '../../functions/storage/memory/players.js';
import { MemoryTable } from '../../functions/storage/memory/table.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { DynamoPlayerStore } from '../../functions/storage/players-dynamo.js';
import { freshTable } from './dynamo.js';
import type { Stores } from './lobby.js';

/**
 * The match and lobby stores on DynamoDB Local; with `playersInMemory`, the player and notification stores in
 * memory (signing in fifty browsers on DynamoDB Local takes most of a minute on a busy machine, and the race
 * under test is on the match item alone).
 */
export async function dynamoStores(opts: { playersInMemory?: boolean } = {}): Promise<Stores> {
  const t = await freshTable('lobby');
  const memory = new MemoryTable();
  return {
    matches: t.store,
    lobby: new DynamoLobbyStore(t.doc, t.tableName),
    players: opts.playersInMemory ? new MemoryPlayerStore(memory) : new DynamoPlayerStore(t.doc, t.tableName),
    notify: opts.playersInMemory ? new MemoryNotifyStore(memory) : new DynamoNotifyStore(t.doc, t.tableName),
  };
}
