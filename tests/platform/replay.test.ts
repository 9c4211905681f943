import { describe, expect, it } from 'vitest';
import type { Seat } from '#shared/engine/game.js';
import { nextInt, seedRng, type Rng } from '#shared/engine/random.js';
import { canonical } from '#shared/games/dutch-memory/plain.js';
import type { DutchMemoryState } from '#shared/games/dutch-memory/state.js';
import { GAMES, gameRegistry } from '#shared/games/index.js';
import type { LogRecord, MatchRecord, MatchStore } from '../../functions/matches/port.js';
import { REPLAY_CHECKPOINT_EVERY, ReplayReader, replayFrames, replaySteps } from '../../functions/matches/replay.js';
import { MatchService } from '../../functions/matches/service.js';
import { memoryApp, toCountPhase, type Json, type Seat as SeatToken } from '../support/app.js';
import { runs } from '../support/scale.js';
import { secretSums, type SecretSumsState } from '../support/test-game.js';

/**
 * Replay reproduces every view exactly: for every game and rule set, a seeded match is played to the end
 * through the API (random legal moves, one at a time, on a clock that moves by a seeded step), and after
 * every version the match as each seat and the spectator read it is recorded. The replay route must then
 * give, for each of them, the same view and the same log lines at every version.
 */

type Api = Awaited<ReturnType<typeof memoryApp>>['api'];
/** What a viewer was shown at one version: the view and that version's log record. */
type Seen = Map<string, { view: unknown; log: unknown }>;

const viewerKey = (seat: number | null) => (seat === null ? 'spectator' : `seat-${seat}`);

function seeded(seed: string) {
  let rng: Rng = seedRng(seed);
  return (n: number) => {
    const [i, next] = nextInt(rng, n);
    rng = next;
    return i;
  };
}

/** A random legal move, leaning towards the moves that end a turn or a round so that games finish. */
function choose(legal: Json[], pick: (n: number) => number): Json {
  const ending = legal.filter((m) => m.kind === 'end-turn' || m.kind === 'call-dutch');
  if (ending.length > 0 && pick(10) < 3) return ending[pick(ending.length)];
  const rest = legal.filter((m) => m.kind !== 'snap' && m.kind !== 'end-turn' && m.kind !== 'call-dutch');
  const from = rest.length > 0 ? rest : legal;
  return from[pick(from.length)];
}

/** Reads the match as every seat and the spectator, and records what each was shown at that version. */
async function record(api: Api, matchId: string, seats: SeatToken[], spectator: string, seen: Map<number, Seen>) {
  const reads = await Promise.all([
    ...seats.map((s) => api.read(matchId, s)),
    api.call('GET', `/api/matches/${matchId}/spectate`, { token: spectator }),
  ]);
  const version: number = reads[0]!.json.version;
  const at: Seen = new Map();
  reads.forEach((r, i) => {
    expect(r.json.version).toBe(version);
    const seat = i < seats.length ? i : null;
    at.set(viewerKey(seat), { view: r.json.view, log: r.json.log.find((l: Json) => l.version === version) });
  });
  seen.set(version, at);
  return reads[0]!.json;
}

/** Every step of a viewer's replay, page by page. */
async function fullReplay(api: Api, matchId: string, path: string, token: string, extra = '') {
  const steps: Json[] = [];
  let from: number | null = 1;
  while (from !== null) {
    const r = await api.call('GET', `/api/matches/${matchId}/${path}/replay?from=${from}${extra}`, { token });
    expect(r.status, r.text).toBe(200);
    expect(r.json.steps.length).toBeLessThanOrEqual(50);
    steps.push(...r.json.steps);
    from = r.json.next;
  }
  return steps;
}

/** The replay of every viewer gives exactly what that viewer was shown at every recorded version. */
async function expectReplayMatches(api: Api, matchId: string, seats: SeatToken[], spectator: string, seen: Map<number, Seen>) {
  const viewers: [string, string, string][] = [
    ...seats.map((s): [string, string, string] => [viewerKey(s.seat), `seats/${s.seat}`, s.token]),
    ['spectator', 'spectate', spectator],
  ];
  for (const [key, path, token] of viewers) {
    const steps = await fullReplay(api, matchId, path, token);
    const byVersion = new Map(steps.map((s) => [s.version as number, s]));
    expect(new Set(steps.map((s) => s.version)).size, 'no step twice').toBe(steps.length);
    for (const [version, at] of seen) {
      const step = byVersion.get(version);
      expect(step, `${key} has a step at version ${version}`).toBeDefined();
      expect(step.view, `${key}'s view at version ${version}`).toEqual(at.get(key)!.view);
      expect(step.log[0], `${key}'s log at version ${version}`).toEqual(at.get(key)!.log);
    }
  }
}

/** `count` moves by the first seat to act, a minute apart on the test clock (`tick`), each version recorded. */
async function playMoves(
  api: Api,
  game: { matchId: string; seats: SeatToken[]; spectator: string; seen: Map<number, Seen> },
  match: Json,
  count: number,
  pick: (n: number) => number,
  tick: (ms: number) => void,
) {
  const { matchId, seats, spectator, seen } = game;
  for (let i = 0; i < count; i++) {
    const actor: number = match.toAct[0];
    const mine = (await api.read(matchId, seats[actor]!)).json;
    tick(60_000);
    expect((await api.move(matchId, seats[actor]!, mine.version, choose(mine.legalMoves, pick))).status).toBe(200);
    match = await record(api, matchId, seats, spectator, seen);
  }
  return match;
}

async function playToTheEnd(gameId: string, seatCount: number, options: Json, seed: string, maxMoves: number) {
  let now = 1_800_000_000_000;
  const { api, table } = await memoryApp({ games: [...GAMES], clock: () => now });
  const pick = seeded(seed);
  const { matchId, seats, spectator } = await api.started(gameId, seatCount, options);
  const seen = new Map<number, Seen>();
  let match = await record(api, matchId, seats, spectator, seen);
  let moves = 0;
  while (match.status === 'active') {
    expect(moves++, 'the game ends').toBeLessThan(maxMoves);
    const actor: number = match.toAct[pick(match.toAct.length)];
    const mine = (await api.read(matchId, seats[actor]!)).json;
    now += 1 + pick(90_000);
    const r = await api.move(matchId, seats[actor]!, mine.version, choose(mine.legalMoves, pick));
    expect(r.status, r.text).toBe(200);
    match = await record(api, matchId, seats, spectator, seen);
  }
  return { api, table, matchId, seats, spectator, seen, moves };
}

describe('replay of a finished match reproduces every view exactly', () => {
  // One game of each kind first: quick mode (tests/support/scale.ts) plays only those.
  const cases: [string, string, number, Json, number][] = [
    ['Dutch, auction, current edition', 'dutch-auction', 2, { edition: 'current' }, 2000],
    ['Dutch memory, bench rules', 'dutch-memory', 3, { preset: 'bench', endScore: 15 }, 1500],
    ['Golden Age, 3 players', 'golden-age', 3, {}, 3000],
    ['Dutch, auction, 2018 edition', 'dutch-auction', 2, { edition: '2018' }, 2000],
    ['Dutch memory, Marmot rules', 'dutch-memory', 2, { preset: 'marmot', endScore: 15 }, 1500],
    ['Golden Age, 4 players', 'golden-age', 4, {}, 3000],
  ];
  for (const [name, gameId, seatCount, options, maxMoves] of cases.slice(0, runs(cases.length, 3))) {
    it(name, async () => {
      const played = await playToTheEnd(gameId, seatCount, options, `replay-${name}`, maxMoves);
      const final = (await played.api.read(played.matchId, played.seats[0]!)).json;
      expect(final.status).toBe('over');
      expect(played.seen.size).toBeGreaterThan(played.moves);
      await expectReplayMatches(played.api, played.matchId, played.seats, played.spectator, played.seen);
    }, 300_000);
  }
});

describe('replay of what the platform did: a deadline’s standard move, a resignation', () => {
  it('replays the standard move and the resignation as the service made them', async () => {
    let now = 1_800_000_000_000;
    const clock = () => now;
    const { api, table } = await memoryApp({ games: [...GAMES], clock });
    const sweep = new MatchService({ store: table.store, games: gameRegistry, clock });
    const created = await api.call('POST', '/api/matches', {
      body: { game: 'dutch-auction', seats: 2, options: {}, name: 'Ann', timing: { deadlineDays: 1, reminderHours: 0 } },
    });
    const joined = await api.join(created.json.matchId, created.json.invites[0].url, 'Bob');
    const matchId: string = created.json.matchId;
    const seats = [
      { seat: 0, token: created.json.token as string },
      { seat: 1, token: joined.json.token as string },
    ];
    const spectator = new URL(created.json.spectatorUrl).hash.replace('#watch=', '');
    const seen = new Map<number, Seen>();
    let match = await record(api, matchId, seats, spectator, seen);
    match = await playMoves(api, { matchId, seats, spectator, seen }, match, 6, seeded('deadline'), (ms) => {
      now += ms;
    });
    now += 2 * 86_400_000;
    const late: number = match.toAct[0];
    expect(await sweep.expireTurn(matchId, late, match.version)).toBe('default-move');
    match = await record(api, matchId, seats, spectator, seen);
    const log = await table.store.fullLog(matchId);
    expect(log.at(-1)!.kind).toBe('default-move');
    now += 1000;
    const resigned = await api.call('POST', `/api/matches/${matchId}/seats/1/resign`, { token: seats[1]!.token, body: {} });
    expect(resigned.status, resigned.text).toBe(200);
    match = await record(api, matchId, seats, spectator, seen);
    expect(match.end.reason).toBe('resigned');
    await expectReplayMatches(api, matchId, seats, spectator, seen);
  });
});

describe('replay of a forfeit', () => {
  it('keeps the game as it stood when the seat forfeited', async () => {
    let now = 1_800_000_000_000;
    const clock = () => now;
    const { api, table } = await memoryApp({ games: [...GAMES], clock });
    const sweep = new MatchService({ store: table.store, games: gameRegistry, clock });
    const created = await api.call('POST', '/api/matches', {
      body: {
        game: 'golden-age',
        seats: 3,
        options: {},
        name: 'Ann',
        timing: { deadlineDays: 1, reminderHours: 0, onDeadline: 'forfeit' },
      },
    });
    const matchId: string = created.json.matchId;
    const seats: SeatToken[] = [{ seat: 0, token: created.json.token }];
    for (const inv of created.json.invites)
      seats.push({ seat: inv.seat, token: (await api.join(matchId, inv.url, `P${inv.seat}`)).json.token });
    const spectator = new URL(created.json.spectatorUrl).hash.replace('#watch=', '');
    const seen = new Map<number, Seen>();
    let match = await record(api, matchId, seats, spectator, seen);
    match = await playMoves(api, { matchId, seats, spectator, seen }, match, 5, seeded('forfeit'), (ms) => {
      now += ms;
    });
    now += 2 * 86_400_000;
    expect(await sweep.expireTurn(matchId, match.toAct[0], match.version)).toBe('forfeit');
    match = await record(api, matchId, seats, spectator, seen);
    expect(match.end.reason).toBe('forfeit');
    await expectReplayMatches(api, matchId, seats, spectator, seen);
  });
});

describe('who may replay what', () => {
  it('refuses a bad token, a spectator asking for a seat, a range out of bounds, and another seat’s eyes in play', async () => {
    const { api } = await memoryApp({ games: [...GAMES] });
    const { matchId, seats, spectator } = await api.started('dutch-auction', 2);
    const base = `/api/matches/${matchId}`;
    const version: number = (await api.read(matchId, seats[0]!)).json.version;
    const refused = async (path: string, token: string, status: number, code: string) => {
      const r = await api.call('GET', `${base}/${path}`, { token });
      expect(r.status, r.text).toBe(status);
      expect(r.json.error.code).toBe(code);
      expect(r.text).not.toContain('"steps"');
    };
    await refused('seats/0/replay', 'x'.repeat(43), 403, 'forbidden');
    await refused('seats/0/replay', seats[1]!.token, 403, 'forbidden');
    await refused('seats/0/replay', spectator, 403, 'forbidden');
    await refused('spectate/replay', seats[0]!.token, 403, 'forbidden');
    await refused(`seats/0/replay?to=${version + 1}`, seats[0]!.token, 400, 'replay-range');
    await refused('seats/0/replay?from=3&to=2', seats[0]!.token, 400, 'replay-range');
    await refused('seats/0/replay?from=0', seats[0]!.token, 400, 'invalid-request');
    await refused('seats/0/replay?from=abc', seats[0]!.token, 400, 'invalid-request');
    await refused('seats/0/replay?since=1', seats[0]!.token, 400, 'invalid-request');
    await refused('seats/0/replay?as=1', seats[0]!.token, 403, 'replay-not-offered');
    await refused('spectate/replay?as=0', spectator, 403, 'replay-not-offered');
    const ok = await api.call('GET', `${base}/seats/0/replay?from=1&to=${version}`, { token: seats[0]!.token });
    expect(ok.status).toBe(200);
    expect(ok.json.viewer).toBe(0);
    expect(ok.json.everySeat).toBe(false);
    const doc = await api.call('GET', '/api/openapi.json');
    expect(doc.json.paths['/api/matches/{id}/seats/{seat}/replay'].get.responses['200']).toBeTruthy();
    expect(doc.json.paths['/api/matches/{id}/spectate/replay'].get.parameters.map((x: Json) => x.name)).toEqual(['id', 'from', 'to', 'as']);
  });

  it('answers no token, a malformed one, another seat’s, another match’s or the spectator’s on a seat with an error only', async () => {
    const { api, table } = await memoryApp();
    const a = await api.started('secret-sums', 2);
    const b = await api.started('secret-sums', 2);
    const before = JSON.stringify(await table.store.get(a.matchId));
    const tokens: [string, string | undefined, number[], boolean][] = [
      ['none', undefined, [401], true],
      ['malformed', 'not-a-token', [401], true],
      ['other seat', a.seats[1]!.token, [403], false],
      ['other match', b.seats[0]!.token, [403], true],
      ['spectator on a seat route', a.spectator, [403], false],
    ];
    for (const path of [`/api/matches/${a.matchId}/seats/0/replay`, `/api/matches/${a.matchId}/spectate/replay`]) {
      for (const [label, token, statuses, onSpectate] of tokens) {
        if (path.includes('/spectate') && !onSpectate) continue;
        const r = await api.call('GET', path, { token });
        expect(statuses, `${path} with ${label} → ${r.status}`).toContain(r.status);
        expect(Object.keys(r.json ?? {})).toEqual(['error']);
      }
    }
    expect(JSON.stringify(await table.store.get(a.matchId))).toBe(before);
  });

  it('in play, a seat’s replay holds nothing of the other seats’ hands, the seed or the PRNG', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 3, { target: 12 });
    const pick = seeded('secret');
    for (let i = 0; i < 12; i++) {
      const m = (await api.read(matchId, seats[0]!)).json;
      if (m.status !== 'active') break;
      const actor: number = m.toAct[pick(m.toAct.length)];
      const mine = (await api.read(matchId, seats[actor]!)).json;
      expect((await api.move(matchId, seats[actor]!, mine.version, mine.legalMoves[pick(mine.legalMoves.length)])).status).toBe(200);
    }
    const match = (await table.store.get(matchId)) as MatchRecord;
    const log = await table.store.fullLog(matchId);
    // Every hand any seat held at any version, from the replayed states themselves.
    const frames = replayFrames(secretSums, match, log);
    for (const s of seats) {
      const r = await api.call('GET', `/api/matches/${matchId}/seats/${s.seat}/replay`, { token: s.token });
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(match.seed!);
      for (const f of frames) {
        const state = f.state as SecretSumsState | null;
        if (!state) continue;
        for (const word of state.rng) expect(r.text).not.toContain(String(word));
        state.hands.forEach((hand, owner) => {
          if (owner === s.seat) return;
          for (const card of hand) expect(r.text).not.toContain(`"${card}"`);
        });
      }
    }
  });

  it('after the end, a game that offers it replays any seat’s eyes; Golden Age does not', async () => {
    const { api } = await memoryApp({ games: [...GAMES] });
    const auction = await api.started('dutch-auction', 2);
    await api.call('POST', `/api/matches/${auction.matchId}/seats/0/resign`, { token: auction.seats[0]!.token, body: {} });
    const as1 = await api.call('GET', `/api/matches/${auction.matchId}/spectate/replay?as=1`, { token: auction.spectator });
    expect(as1.status, as1.text).toBe(200);
    expect(as1.json.viewer).toBe(1);
    expect(as1.json.everySeat).toBe(true);
    const seat1 = await api.call('GET', `/api/matches/${auction.matchId}/seats/1/replay`, { token: auction.seats[1]!.token });
    expect(as1.json.steps.map((s: Json) => s.view)).toEqual(seat1.json.steps.map((s: Json) => s.view));
    const golden = await api.started('golden-age', 3);
    await api.call('POST', `/api/matches/${golden.matchId}/seats/0/resign`, { token: golden.seats[0]!.token, body: {} });
    const refused = await api.call('GET', `/api/matches/${golden.matchId}/seats/0/replay?as=1`, { token: golden.seats[0]!.token });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('replay-not-offered');
  });
});

describe('a Dutch memory match stored by the earlier engine', () => {
  it('replays to the stored state, before and after its next move', async () => {
    const { api, table } = await memoryApp({ games: [...GAMES] });
    const { matchId, seats } = await api.started('dutch-memory', 3);
    // The starting looks and a few turns, so the deck has been drawn from.
    for (let i = 0; i < 8; i++) {
      const reads = await Promise.all(seats.map((s) => api.read(matchId, s)));
      const mover = reads.findIndex((r) => r.json.legalMoves.some((m: Json) => m.kind !== 'snap'));
      const read = reads[mover]!.json;
      const move = read.legalMoves.find((m: Json) => m.kind === 'look' || m.kind === 'draw-and-discard') ?? read.legalMoves[0];
      expect((await api.move(matchId, seats[mover]!, read.version, move)).status).toBe(200);
    }
    const stored = (await table.store.get(matchId)) as MatchRecord;
    const state = stored.state as DutchMemoryState;
    expect(state.format).toBe(2);
    expect(state.unshuffled).toBeGreaterThan(1);
    // As the earlier engine kept it: cards by id, the whole deck shuffled at the deal, no format field.
    const { unshuffled: _unshuffled, ...earlier } = canonical(state);
    expect(earlier.deck.length).toBe(state.deck.length);
    const write = await table.store.commit({ match: { ...stored, state: earlier }, expectedVersion: stored.version });
    expect(write.ok).toBe(true);
    const replay = async () => {
      const r = await api.call('GET', `/api/matches/${matchId}/seats/0/replay`, { token: seats[0]!.token });
      expect(r.status, r.text).toBe(200);
      return r.json;
    };
    const before = await replay();
    const read = (await api.read(matchId, seats[0]!)).json;
    expect(before.steps.at(-1).view).toEqual(read.view);
    // The next move reads the earlier form and stores the compact one; the replay still agrees.
    const reads = await Promise.all(seats.map((s) => api.read(matchId, s)));
    const mover = reads.findIndex((r) => r.json.legalMoves.some((m: Json) => m.kind !== 'snap'));
    const next = reads[mover]!.json;
    const move = next.legalMoves.find((m: Json) => m.kind === 'draw-and-discard') ?? next.legalMoves.find((m: Json) => m.kind !== 'snap');
    expect((await api.move(matchId, seats[mover]!, next.version, move)).status).toBe(200);
    expect(((await table.store.get(matchId)) as MatchRecord).state).toMatchObject({ format: 2 });
    const after = await replay();
    expect(after.steps.at(-1).view).toEqual((await api.read(matchId, seats[0]!)).json.view);
  });
});

describe('a replay longer than one page', () => {
  it('says on every page how many steps the whole range has: the steps of all its pages', async () => {
    const { api } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 50 });
    // Both commit, then each adds 1 in turn until 50: over 50 steps.
    let version = await toCountPhase(api, matchId, seats);
    for (let turn = 0, over = false; !over; turn++) {
      const moved = await api.move(matchId, seats[turn % 2]!, version, { kind: 'add', amount: 1 });
      expect(moved.status, moved.text).toBe(200);
      version = moved.json.version;
      over = moved.json.status === 'over';
    }
    const replay = (query: string) => api.call('GET', `/api/matches/${matchId}/seats/0/replay?${query}`, { token: seats[0]!.token });
    const versions: number[] = [];
    const totals: number[] = [];
    for (let from: number | null = 1; from !== null; ) {
      const page: Json = (await replay(`from=${from}`)).json;
      versions.push(...page.steps.map((x: Json) => x.version).filter((v: number) => !versions.includes(v)));
      if (totals.length === 0) totals.push(page.total);
      from = page.next;
    }
    expect(versions.length).toBeGreaterThan(50);
    expect(totals).toEqual([versions.length]);
    // A range of its own counts its own steps.
    expect((await replay(`from=${versions.at(-10)}&to=${versions.at(-1)}`)).json.total).toBe(10);
  });
});

describe('a replay that does not lead to the stored state', () => {
  it('is refused as diverged, and shows nothing', async () => {
    const { api, table } = await memoryApp();
    const { matchId, seats } = await api.started('secret-sums', 2, { target: 12 });
    const m = (await api.read(matchId, seats[0]!)).json;
    expect((await api.move(matchId, seats[0]!, m.version, m.legalMoves[0])).status).toBe(200);
    const stored = (await table.store.get(matchId)) as MatchRecord;
    const state = stored.state as SecretSumsState;
    const tampered = { ...state, hands: state.hands.map((h) => h.slice().reverse()) };
    const write = await table.store.commit({
      match: { ...stored, state: tampered, version: stored.version + 1 },
      expectedVersion: stored.version,
    });
    expect(write.ok).toBe(true);
    const r = await api.call('GET', `/api/matches/${matchId}/seats/0/replay`, { token: seats[0]!.token });
    expect(r.status).toBe(500);
    expect(r.json.error.code).toBe('replay-diverged');
    expect(r.text).not.toContain('"view"');
  });

  it('an undo record takes the state back to before the record it undid', () => {
    const game = secretSums;
    const seed = 'undo-seed';
    const setup = game.setup(2, { target: 12 }, seed);
    const move = game.legalMoves(setup, game.toAct(setup)[0]!)[0];
    const seat: Seat = game.toAct(setup)[0]!;
    const log = [
      { version: 2, seat: 1, kind: 'start', at: 1, events: [] },
      { version: 3, seat, kind: 'move', move, at: 2, events: [] },
      { version: 4, seat, kind: 'undo', undid: 3, at: 3, events: [] },
    ] as unknown as LogRecord[];
    const match = { id: 'm', version: 4, seed, options: { target: 12 }, seats: [{}, {}], createdAt: 0 } as unknown as MatchRecord;
    const frames = replayFrames(game, match, log);
    expect(frames.map((f) => f.version)).toEqual([2, 3, 4]);
    expect(frames[1]!.state).not.toEqual(setup);
    expect(frames[2]!.state).toEqual(setup);
  });
});

describe('a replay from a checkpoint', () => {
  it('gives, from every version and for every viewer, the answer of the whole log replayed from setup', async () => {
    const { api, table } = await memoryApp({ games: [...GAMES] });
    const pick = seeded('replay-checkpoints');
    const played = await api.started('golden-age', 3);
    for (let m = (await api.read(played.matchId, played.seats[0]!)).json; m.status === 'active'; ) {
      const actor = played.seats[m.toAct[pick(m.toAct.length)]]!;
      const mine = (await api.read(played.matchId, actor)).json;
      m = (await api.move(played.matchId, actor, mine.version, choose(mine.legalMoves, pick))).json;
    }
    const store = table.store;
    const match = (await store.get(played.matchId)) as MatchRecord;
    const game = gameRegistry.get('golden-age')!;
    const log = await store.fullLog(played.matchId);
    const whole = replayFrames(game, match, log);
    // The runner wrote one every REPLAY_CHECKPOINT_EVERY versions, each the state replayed to it.
    const checkpoints = log.filter((r) => r.version % REPLAY_CHECKPOINT_EVERY === 0);
    expect(checkpoints.length).toBeGreaterThan(3);
    for (const r of checkpoints) {
      const at = await store.checkpointAt(played.matchId, r.version);
      expect(at?.version).toBe(r.version);
      expect(at?.state).toEqual(whole.find((f) => f.version === r.version)!.state);
    }
    let partial = 0;
    for (let from = 1; from <= match.version; from += Math.ceil(match.version / 30)) {
      // A reader of its own each time: nothing kept from the ask before.
      const replayed = await new ReplayReader(store).replay(game, match, from);
      if (replayed.frames[0]!.version > 1) partial++;
      for (const viewer of [0, 1, 2, null] as const) {
        const got = replaySteps(game, match, replayed.frames, viewer, { from }, replayed.first);
        expect(got, `from ${from} as ${viewer}`).toEqual(replaySteps(game, match, whole, viewer, { from }));
      }
    }
    expect(partial).toBeGreaterThan(0);
  }, 300_000);

  it('reads the whole log for an undo of a version at or before the checkpoint, and for a match with none', async () => {
    const game = secretSums;
    const seed = 'undo-seed';
    const setup = game.setup(2, { target: 12 }, seed);
    const seat: Seat = game.toAct(setup)[0]!;
    const move = game.legalMoves(setup, seat)[0]!;
    const moved = game.apply(setup, seat, move, { now: 2 });
    if (!moved.ok) throw new Error('the first legal move is refused');
    const records = [
      { version: 2, seat: 1, kind: 'start', at: 1, events: [] },
      { version: 3, seat, kind: 'move', move, at: 2, events: [] },
      { version: 4, seat, kind: 'undo', undid: 3, at: 3, events: [] },
    ] as unknown as LogRecord[];
    const match = {
      id: 'm',
      version: 4,
      status: 'active',
      seed,
      options: { target: 12 },
      seats: [{}, {}],
      createdAt: 0,
      state: setup,
    } as unknown as MatchRecord;
    const reads: string[] = [];
    const store = {
      fullLog: async () => records,
      logFrom: async (_id: string, from: number, opts: { limit?: number } = {}) => {
        reads.push(`log from ${from}`);
        return records.filter((r) => r.version >= from).slice(0, opts.limit);
      },
      checkpointAt: async () => ({ version: 3, state: moved.value.state }),
    } as unknown as MatchStore;
    const replayed = await new ReplayReader(store).replay(game, match, 4);
    expect(replayed.frames.map((f) => f.version)).toEqual([2, 3, 4]);
    expect(replayed.frames[2]!.state).toEqual(setup);
    expect(reads.at(-1)).toBe('log from 0');
    const none = await new ReplayReader({ ...store, checkpointAt: async () => null } as MatchStore).replay(game, match, 4);
    expect(none.frames.map((f) => f.version)).toEqual([2, 3, 4]);
  });
});
