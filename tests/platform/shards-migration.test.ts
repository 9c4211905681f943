/**
 * Items written when the `due` index had 4 shards and the digest's list 4 (before 2026-11-28): nothing a
 * player did is lost. An outbox entry still keyed `DUE#0..3` is swept like the rest and moves to its own
 * shard when re-driven; a player listed under `DIGEST#0..3` is walked, and withdrawing deletes both places.
 * On DynamoDB Local, items written as the old code wrote them.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MatchService } from '../../functions/matches/service.js';
import { Sweep } from '../../functions/notify/reminders.js';
import { DynamoDigestStore } from '../../functions/storage/digest-dynamo.js';
import { intentToItem } from '../../functions/storage/dynamo.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import {
  DIGEST_SHARDS_BEFORE,
  DUE_SHARDS_BEFORE,
  digestShard,
  digestShardNumberOf,
  dueShard,
  dueShardNumberOf,
  dueShardOf,
  playerKeys,
} from '../../functions/storage/table.js';
import { freshTable } from '../support/dynamo.js';

const T0 = Date.UTC(2026, 10, 28, 12);

describe('items keyed before the shards grew', () => {
  it('an outbox entry in DUE#0..3 is swept and re-driven into its own shard', async () => {
    const table = await freshTable('mig');
    const notify = new DynamoNotifyStore(table.doc, table.tableName);
    // Matches whose own shard is not the old one their hash gave with 4 shards.
    const ids = Array.from({ length: 40 }, () => `m-${randomUUID().slice(0, 8)}`).filter((id) => dueShardNumberOf(id) >= DUE_SHARDS_BEFORE);
    const old = ids.slice(0, 8);
    for (const id of old) {
      const item = intentToItem({ matchId: id, version: 1, seat: 0, kind: 'your-move', gameId: 'secret-sums', lines: [], createdAt: T0 });
      // As written before: the shard of the hash over 4.
      await table.doc.send(
        new PutCommand({ TableName: table.tableName, Item: { ...item, dueShard: dueShard(dueShardNumberOf(id) % DUE_SHARDS_BEFORE) } }),
      );
    }
    const now = T0 + 3_600_000;
    const sweep = new Sweep({
      store: notify,
      matches: table.store,
      service: new MatchService({ store: table.store, games: new Map(), clock: () => now }),
      clock: () => now,
      log: () => {},
    });
    expect((await sweep.run()).redriven).toBe(old.length);
    for (const id of old) {
      const item = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: { pk: `M#${id}`, sk: 'NOTIFY#00000001#0' } }));
      expect(item.Item?.dueShard).toBe(dueShardOf(id));
      expect(item.Item?.redrives).toBe(1);
    }
  });

  it('a player listed in DIGEST#0..3 is walked, and withdrawing deletes both places', async () => {
    const table = await freshTable('mig');
    const digests = new DynamoDigestStore(table.doc, table.tableName);
    const id = Array.from({ length: 50 }, (_, i) => `p-${i}`).find((p) => digestShardNumberOf(p) >= DIGEST_SHARDS_BEFORE)!;
    const before = { pk: digestShard(digestShardNumberOf(id) % DIGEST_SHARDS_BEFORE), sk: `P#${id}` };
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { ...before, type: 'digest-member', playerId: id } }));
    expect((await digests.enrolled(100)).playerIds).toEqual([id]);
    // Enrolled again since: in its new place too.
    await table.doc.send(
      new PutCommand({ TableName: table.tableName, Item: { ...playerKeys.digestMember(id), type: 'digest-member', playerId: id } }),
    );
    await digests.withdraw(id);
    expect((await digests.enrolled(100)).playerIds).toEqual([]);
  });
});
