/**
 * Write units a move costs on the `due` index (functions/storage/table.ts DUE_UNITS_PER_MOVE), measured on
 * DynamoDB Local: 2-seat Dutch auction matches played through the API with notifications on, every write
 * sent with ReturnConsumedCapacity INDEXES, and each move's outbox entry settled as the dispatcher would
 * (its removal from the index counts too). Also counted from the items themselves, as DynamoDB bills an
 * index: an entry put is 1 unit, one removed 1, one whose key changed 2 (a delete and a put).
 */
import { randomUUID } from 'node:crypto';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { gameRegistry } from '#shared/games/index.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { createApp } from '../../functions/app.js';
import { ensureTable, localClient, startDynamoLocal } from '../../functions/local/dynamo-local.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { DynamoNotifyStore } from '../../functions/storage/notify-dynamo.js';
import { keys } from '../../functions/storage/table.js';

const MOVES = 150;

/** The fields of the API's answers read here. */
interface Answer {
  matchId: string;
  token: string;
  invites: { url: string }[];
  status: string;
  toAct: number[];
  version: number;
  legalMoves: unknown[];
}

export async function bench(report: (line: string) => void): Promise<void> {
  const dynamo = await startDynamoLocal();
  try {
    const raw = localClient(dynamo.endpoint);
    const table = 'bench-due';
    await ensureTable(raw, table);
    const doc = dynamoClient({ endpoint: dynamo.endpoint, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    // Every write asks for its units per index; the answers are summed by index name.
    const perIndex = new Map<string, number>();
    const send = doc.send.bind(doc) as (c: unknown) => Promise<unknown>;
    (doc as unknown as { send: (c: unknown) => Promise<unknown> }).send = async (command) => {
      const input = (command as { input?: Record<string, unknown> }).input;
      const name = (command as { constructor: { name: string } }).constructor.name;
      if (input && /^(Put|Update|Delete|TransactWrite)/.test(name)) input.ReturnConsumedCapacity = 'INDEXES';
      const out = (await send(command)) as { ConsumedCapacity?: unknown };
      for (const c of [out.ConsumedCapacity ?? []].flat() as { GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }> }[]) {
        for (const [index, u] of Object.entries(c.GlobalSecondaryIndexes ?? {}))
          perIndex.set(index, (perIndex.get(index) ?? 0) + (u.CapacityUnits ?? 0));
      }
      return out;
    };
    let clock = Date.UTC(2026, 10, 28, 9);
    const store = new DynamoMatchStore(doc, table);
    const notify = new DynamoNotifyStore(doc, table);
    const app = createApp({
      store,
      games: gameRegistry,
      clock: () => clock,
      publicUrl: 'https://dutch.example',
      notifications: { store: notify, clock: () => clock },
    });
    const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.request(path, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Answer;
    };
    const dueOf = async (key: { pk: string; sk: string }) => {
      const item = (
        await raw.send(new GetItemCommand({ TableName: table, Key: { pk: { S: key.pk }, sk: { S: key.sk } }, ConsistentRead: true }))
      ).Item;
      return item?.dueAt ? `${item.dueShard?.S}/${item.dueAt.N}` : null;
    };
    const counted = { matchRekeys: 0, matchUnits: 0, outboxIn: 0, outboxOut: 0 };
    let moves = 0;
    let reportedUnits = 0;
    let rng: Rng = seedRng('due-index');
    while (moves < MOVES) {
      const created = await call('POST', '/api/matches', undefined, { game: 'dutch-auction', seats: 2, name: 'Ann', options: {} });
      const id = created.matchId as string;
      const joined = await call('POST', `/api/matches/${id}/join`, undefined, {
        invite: new URL(created.invites[0]!.url).hash.slice('#invite='.length),
        name: 'Bo',
      });
      const tokens = [created.token as string, joined.token as string];
      for (let v = 1; v <= 2; v++) if (await dueOf(keys.log(id, v))) await notify.settleOutbox(keys.log(id, v));
      let before = await dueOf(keys.match(id));
      for (;;) {
        const seat = await call('GET', `/api/matches/${id}/seats/0`, tokens[0]);
        if (seat.status === 'over' || moves >= MOVES) break;
        const s = seat.toAct[0] as number;
        const read = await call('GET', `/api/matches/${id}/seats/${s}`, tokens[s]);
        let i: number;
        [i, rng] = nextInt(rng, read.legalMoves.length);
        clock += 60_000;
        const unitsBefore = perIndex.get('due') ?? 0;
        const moved = await call(
          'POST',
          `/api/matches/${id}/seats/${s}/moves`,
          tokens[s],
          { expectedVersion: read.version, move: read.legalMoves[i] },
          { 'Idempotency-Key': randomUUID() },
        );
        const after = await dueOf(keys.match(id));
        if (after !== before) {
          counted.matchRekeys++;
          counted.matchUnits += (before ? 1 : 0) + (after ? 1 : 0);
        }
        before = after;
        const log = keys.log(id, moved.version as number);
        if (await dueOf(log)) {
          counted.outboxIn++;
          // Delivered: the dispatcher takes it out of the outbox (and the index).
          await notify.settleOutbox(log);
          counted.outboxOut++;
        }
        reportedUnits += (perIndex.get('due') ?? 0) - unitsBefore;
        moves++;
      }
    }
    const fromItems = (counted.matchUnits + counted.outboxIn + counted.outboxOut) / moves;
    report(`due index: ${moves} auction moves, one minute apart, notices settled as delivered`);
    report(
      `  counted from the items: match re-keyed on ${counted.matchRekeys} moves (${(counted.matchUnits / moves).toFixed(2)} units/move), outbox in ${(counted.outboxIn / moves).toFixed(2)} + out ${(counted.outboxOut / moves).toFixed(2)} units/move → ${fromItems.toFixed(2)} units/move`,
    );
    report(
      `  ReturnConsumedCapacity INDEXES: ${perIndex.has('due') ? `${(reportedUnits / moves).toFixed(2)} units/move` : 'not reported by DynamoDB Local'}`,
    );
  } finally {
    await dynamo.stop();
  }
}
