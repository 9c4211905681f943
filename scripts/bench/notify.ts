/**
 * Notifications benchmark, all against one DynamoDB Local in the same run:
 * - finding what the sweep must visit: the sparse `due` index ÷ a full table scan (time and items read),
 *   with a few due matches among many active ones;
 * - the dispatcher: a batch of outbox rows delivered (dev outbox adapter) ÷ the same batch delivered
 *   again (every row a duplicate, stopped by its dedupe record).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { MatchService } from '../../functions/matches/service.js';
import { sha256 } from '../../functions/matches/tokens.js';
import { Dispatcher } from '../../functions/notify/dispatcher.js';
import { DevOutbox } from '../../functions/notify/email.js';
import type { DueItem } from '../../functions/notify/port.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { batchOf } from '../../functions/storage/stream-records.js';
import { Sweep } from '../../functions/notify/reminders.js';
import { HOUR } from '../../functions/matches/timing.js';
import { DynamoMatchStore, dynamoClient, intentToItem } from '../../functions/storage/dynamo.js';
import { secretSums } from '../../tests/support/test-game.js';

const ACTIVE = 300;
const DUE = 15;

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(runs: number, f: () => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** The sparse `due` index ÷ a full table scan: time and items read. */
async function measureDueWork(
  report: (line: string) => void,
  store: DynamoNotifyStore,
  doc: ReturnType<typeof dynamoClient>,
  tableName: string,
  now: number,
) {
  const viaIndex = async () => {
    const items: DueItem[] = [];
    let cursor: unknown;
    do {
      const page = await store.due(now, 100, cursor);
      items.push(...page.items);
      cursor = page.next;
    } while (cursor !== undefined);
    return items;
  };
  const viaScan = async () => {
    let n = 0;
    let scanned = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await doc.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'dueAt <= :now',
          ExpressionAttributeValues: { ':now': now },
          ExclusiveStartKey: start,
        }),
      );
      n += out.Count ?? 0;
      scanned += out.ScannedCount ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return { n, scanned };
  };
  const found = (await viaIndex()).length;
  const dueMatches = (await viaIndex()).filter((i) => i.kind === 'match').length;
  const scan = await viaScan();
  const indexMs = await timed(7, viaIndex);
  const scanMs = await timed(3, viaScan);
  report(
    `notify: finding due work among ${ACTIVE} active matches (${DUE} due): index ${indexMs.toFixed(1)} ms, reading ${found} items ` +
      `(${dueMatches} matches, ${found - dueMatches} undelivered outbox rows); ` +
      `table scan ${scanMs.toFixed(1)} ms, reading ${scan.scanned} items → index ${(scanMs / indexMs).toFixed(1)}× faster, ${(scan.scanned / Math.max(1, found)).toFixed(0)}× fewer items`,
  );
}

/** Dispatcher: a batch of outbox rows delivered, then the same batch again (all duplicates). */
async function measureDispatcher(
  report: (line: string) => void,
  ctx: {
    store: DynamoNotifyStore;
    matches: DynamoMatchStore;
    games: Map<string, typeof secretSums>;
    clock: () => number;
    ids: string[];
    now: number;
  },
) {
  const { store, matches, games, clock, ids, now } = ctx;
  // Dispatcher: every seat of the due matches has a confirmed address.
  const outbox = new DevOutbox({ announce: () => undefined, clock });
  for (const id of ids.slice(0, DUE)) {
    for (const seat of [0, 1]) {
      const address = `${id}-${seat}@bench.test`;
      const addressKey = sha256(address);
      await store.reserveConfirmation(addressKey, address, now);
      await store.putPrefs({
        matchId: id,
        seat,
        channels: { email: true, push: false },
        email: { address, addressKey, confirmed: true, requestedAt: now },
        updatedAt: now,
      });
    }
  }
  const intents = (await Promise.all(ids.slice(0, DUE).map((id) => store.pendingIntents(id)))).flat().filter((n) => n.kind === 'reminder');
  const records: DynamoDBRecord[] = intents.map((n, i) => ({
    eventName: 'INSERT',
    eventID: String(i),
    dynamodb: {
      SequenceNumber: String(i).padStart(21, '0'),
      NewImage: marshall(intentToItem(n), { removeUndefinedValues: true }) as never,
    },
  }));
  const dispatcher = new Dispatcher({
    store,
    matches,
    games,
    publicUrl: 'https://dutch.example',
    email: outbox,
    clock,
    log: () => undefined,
    concurrency: 4,
  });
  let t1 = performance.now();
  await dispatcher.handleBatch(batchOf(records));
  const firstMs = performance.now() - t1;
  const delivered = outbox.list().length;
  t1 = performance.now();
  await dispatcher.handleBatch(batchOf(records));
  const againMs = performance.now() - t1;
  report(
    `notify: dispatcher ${records.length} rows delivered in ${firstMs.toFixed(0)} ms (${(firstMs / records.length).toFixed(1)} ms each, ${delivered} mails); ` +
      `the same rows again (all duplicates) ${againMs.toFixed(0)} ms → a duplicate costs ${((againMs / firstMs) * 100).toFixed(0)} % of a delivery, ${outbox.list().length - delivered} extra mails`,
  );
}

export async function bench(report: (line: string) => void) {
  const dynamo = await startDynamoLocal();
  try {
    const tableName = 'bench-notify';
    const raw = localClient(dynamo.endpoint);
    await ensureTable(raw, tableName);
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const matches = new DynamoMatchStore(doc, tableName);
    const store = new DynamoNotifyStore(doc, tableName);
    const games = new Map([[secretSums.id, secretSums]]);
    const T0 = Date.UTC(2026, 0, 5, 9);
    let now = T0;
    const clock = () => now;
    const service = new MatchService({ store: matches, games, clock });

    // Many active matches with the default 24 h reminders; a few started a day earlier are due now.
    const ids: string[] = [];
    for (let i = 0; i < ACTIVE; i++) {
      now = i < DUE ? T0 - 25 * HOUR : T0;
      const created = await service.create({
        game: secretSums.id,
        options: {},
        seats: 2,
        name: 'Ann',
        timing: { reminderHours: 24, deadlineDays: 0 },
      });
      await service.join(created.match.id, created.invites[0]!.secret, 'Bob');
      ids.push(created.match.id);
    }
    now = T0;
    await measureDueWork(report, store, doc, tableName, now);

    // The sweep itself: visits the due matches and writes their reminders into the outbox.
    const sweep = new Sweep({ store, matches, service, clock, log: () => undefined });
    const t = performance.now();
    const swept = await sweep.run();
    const sweepMs = performance.now() - t;
    report(
      `notify: sweep pass ${sweepMs.toFixed(0)} ms for ${swept.matches} due matches (${(sweepMs / Math.max(1, swept.matches)).toFixed(1)} ms each), ${swept.reminders} reminders written`,
    );

    await measureDispatcher(report, { store, matches, games, clock, ids, now });
    raw.destroy();
  } finally {
    await dynamo.stop();
  }
}
