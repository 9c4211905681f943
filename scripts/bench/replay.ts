/**
 * Replay benchmark: the CPU time of a return visit ("N moves since you last looked", `GET …/replay?from=`)
 * near the end of a Golden Age match, from a checkpoint (functions/matches/replay.ts) and as before them
 * (the whole log re-run from setup), each ÷ a changed poll's read of the same match (the match and its log
 * page, presented for the seat), measured interleaved in one loop on the in-memory store (the same items
 * and the same inflating as on DynamoDB, no I/O): CPU of this process only, so a busy machine moves the
 * ratios little. A fresh app per visit: nothing kept from the visit before.
 */
import { createApp } from '../../functions/app.js';
import type { MatchStore } from '../../functions/matches/port.js';
import { MemoryMatchStore } from '../../functions/storage/memory/matches.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { GAMES } from '#shared/games/index.js';
import { client, type Json } from '../../tests/support/app.js';

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = async (f: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** The store as it was before checkpoints: none is ever found, so a replay re-runs the whole log. */
const withoutCheckpoints = (store: MatchStore): MatchStore =>
  new Proxy(store, { get: (t, prop, r) => (prop === 'checkpointAt' ? async () => null : Reflect.get(t, prop, r)) });

async function playedMatch(store: MatchStore) {
  let rng: Rng = seedRng('bench-replay');
  const pick = (n: number) => {
    const [i, next] = nextInt(rng, n);
    rng = next;
    return i;
  };
  const api = client(createApp({ store, games: new Map(GAMES.map((g) => [g.id, g])), publicUrl: 'http://dutch.test' }));
  const { matchId, seats } = await api.started('golden-age', 4);
  const versions: number[] = [];
  for (let m: Json = (await api.read(matchId, seats[0]!)).json; m.status === 'active'; ) {
    const actor = seats[m.toAct[pick(m.toAct.length)]]!;
    const mine = (await api.read(matchId, actor)).json;
    const ending = mine.legalMoves.filter((x: Json) => x.kind === 'end-turn');
    const move = ending.length > 0 && pick(10) < 3 ? ending[0] : mine.legalMoves[pick(mine.legalMoves.length)];
    m = (await api.move(matchId, actor, mine.version, move, `bench-move-${versions.length}`)).json;
    versions.push(m.version);
  }
  return { matchId, seat: seats[0]!, versions };
}

export async function bench(report: (line: string) => void) {
  const store = new MemoryMatchStore();
  const { matchId, seat, versions } = await playedMatch(store);
  const lastSeen = versions.at(-12)!;
  const games = new Map(GAMES.map((g) => [g.id, g]));
  const visit = async (s: MatchStore) => {
    const api = client(createApp({ store: s, games, publicUrl: 'http://dutch.test' }));
    const r = await api.call('GET', `/api/matches/${matchId}/seats/0/replay?from=${lastSeen}`, { token: seat.token });
    if (r.status !== 200) throw new Error(`replay ${r.status}`);
  };
  const before = withoutCheckpoints(store);
  const api = client(createApp({ store, games, publicUrl: 'http://dutch.test' }));
  const times = { checkpoint: [] as number[], whole: [] as number[], poll: [] as number[] };
  for (let round = 0; round < 40; round++) {
    const c = await cpuMs(() => visit(store));
    const w = await cpuMs(() => visit(before));
    // A changed poll: the match and its log page, presented for the seat (If-None-Match of an older version).
    const p = await cpuMs(() => api.read(matchId, seat, { 'If-None-Match': `"${lastSeen}"` }));
    if (round < 5) continue;
    times.checkpoint.push(c);
    times.whole.push(w);
    times.poll.push(p);
  }
  const [c, w, p] = [median(times.checkpoint), median(times.whole), median(times.poll)];
  report(
    `replay: return visit 11 moves after last look, Golden Age 4 players at version ${versions.at(-1)}: from a checkpoint ${c.toFixed(2)} ms CPU = ${(c / p).toFixed(2)}× a changed poll's read (${p.toFixed(2)} ms); the whole log re-run (before checkpoints) ${w.toFixed(2)} ms = ${(w / p).toFixed(2)}×; checkpoint ÷ whole ${(c / w).toFixed(3)}`,
  );
}
