/**
 * What a return visit costs at the wire: a Golden Age match played to its end through the API on DynamoDB
 * Local (moves with an Idempotency-Key, as the page sends them), then the page's "N moves since you last
 * looked" (`GET …/replay?from=<last seen>`) near the end, every call's consumed capacity counted by a proxy
 * (tests/support/capacity.ts). The replay must read only what it needs: at most RETURN_VISIT_READ_UNITS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '#shared/games/index.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { gameRegistry } from '#shared/games/index.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { REPLAY_CHECKPOINT_EVERY, RETURN_VISIT_READ_UNITS, replayFrames, replaySteps } from '../../functions/matches/replay.js';
import { DynamoMatchStore, dynamoClient } from '../../functions/storage/dynamo.js';
import { appOn, type Json } from '../support/app.js';
import { capacityProxy, readUnits } from '../support/capacity.js';
import { freshTable } from '../support/dynamo.js';

let proxy: Awaited<ReturnType<typeof capacityProxy>>;
let played: Awaited<ReturnType<typeof playGoldenAge>>;

function seeded(seed: string) {
  let rng: Rng = seedRng(seed);
  return (n: number) => {
    const [i, next] = nextInt(rng, n);
    rng = next;
    return i;
  };
}

async function playGoldenAge() {
  const table = await freshTable('replay-reads');
  proxy = await capacityProxy(table.endpoint);
  const store = new DynamoMatchStore(
    dynamoClient({ endpoint: proxy.endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    table.tableName,
  );
  let now = 1_800_000_000_000;
  const { api } = appOn({ store }, { games: [...GAMES], clock: () => now });
  const pick = seeded('replay-reads');
  const { matchId, seats } = await api.started('golden-age', 4);
  let match: Json = (await api.read(matchId, seats[0]!)).json;
  const versions: number[] = [];
  for (let moves = 0; match.status === 'active'; moves++) {
    expect(moves, 'the game ends').toBeLessThan(3000);
    const actor: number = match.toAct[pick(match.toAct.length)];
    const mine = (await api.read(matchId, seats[actor]!)).json;
    const ending = mine.legalMoves.filter((m: Json) => m.kind === 'end-turn');
    const move = ending.length > 0 && pick(10) < 3 ? ending[0] : mine.legalMoves[pick(mine.legalMoves.length)];
    now += 1 + pick(90_000);
    const r = await api.move(matchId, seats[actor]!, mine.version, move, `move-key-${moves}`);
    expect(r.status, r.text).toBe(200);
    match = r.json;
    versions.push(match.version);
  }
  return { matchId, seats, versions, store };
}

beforeAll(async () => {
  played = await playGoldenAge();
}, 600_000);

afterAll(async () => {
  await proxy?.close();
});

describe('a return visit near the end of a Golden Age match', () => {
  // 1 and 11 moves since one last looked; and 11 after a version just short of the next checkpoint (the
  // most log records a visit of that gap reads).
  const gaps = () => {
    const { versions } = played;
    const last = versions.at(-1)!;
    const farthest = Math.floor((last - 11) / REPLAY_CHECKPOINT_EVERY) * REPLAY_CHECKPOINT_EVERY - 1;
    return [versions.at(-2)!, versions.at(-12)!, farthest];
  };

  it(`reads at most ${RETURN_VISIT_READ_UNITS} read units, counted at the wire, and answers as the whole log replayed`, async () => {
    const { matchId, seats, store } = played;
    const match = (await store.get(matchId))!;
    const game = gameRegistry.get('golden-age')!;
    const whole = replayFrames(game, match, await store.fullLog(matchId));
    for (const lastSeen of gaps()) {
      // A fresh app each time (a cold Lambda): nothing kept from the visit before.
      const { api } = appOn({ store }, { games: [...GAMES] });
      const mark = proxy.calls.length;
      const r = await api.call('GET', `/api/matches/${matchId}/seats/0/replay?from=${lastSeen}`, { token: seats[0]!.token });
      expect(r.status, r.text).toBe(200);
      const units = readUnits(proxy.calls, mark);
      expect(units, `from ${lastSeen} of ${match.version}: ${JSON.stringify(proxy.calls.slice(mark))}`).toBeLessThanOrEqual(
        RETURN_VISIT_READ_UNITS,
      );
      expect(r.json).toEqual(JSON.parse(JSON.stringify(replaySteps(game, match, whole, 0, { from: lastSeen }))));
    }
  });

  it('reads the whole log, as before, for a match with no checkpoints', async () => {
    const { matchId, seats, store } = played;
    const { api } = appOn({ store: withoutCheckpoints(store) }, { games: [...GAMES] });
    const lastSeen = played.versions.at(-12)!;
    const mark = proxy.calls.length;
    const r = await api.call('GET', `/api/matches/${matchId}/seats/0/replay?from=${lastSeen}`, { token: seats[0]!.token });
    expect(r.status, r.text).toBe(200);
    // About 600 log records of ~0.7 KB (a keyed move keeps its answer without the view), eventually
    // consistent: about 60 units, twice what a visit from a checkpoint may read.
    expect(readUnits(proxy.calls, mark)).toBeGreaterThan(RETURN_VISIT_READ_UNITS);
    const { api: fresh } = appOn({ store }, { games: [...GAMES] });
    const again = await fresh.call('GET', `/api/matches/${matchId}/seats/0/replay?from=${lastSeen}`, { token: seats[0]!.token });
    expect(again.json).toEqual(r.json);
  });
});

/** The store as it was before checkpoints: none is ever found. */
function withoutCheckpoints(store: DynamoMatchStore): MatchStore {
  return new Proxy(store, {
    get: (target, prop, receiver) => (prop === 'checkpointAt' ? async () => null : Reflect.get(target, prop, receiver)),
  });
}
